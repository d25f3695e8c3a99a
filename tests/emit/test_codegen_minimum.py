"""The scoring `minimum N without F` (docs/language.md, "A minimum to win"): a hand worth
less than N is not a win, and the named fans' points do not count toward N; N may read an
option. The Chinese Official rulebook's 8 番起和 is tested in tests/rulebooks/test_mcr.py;
these use a small rulebook whose values make each case plain."""

from __future__ import annotations

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import import_source
from mjc.runtime import Ruleset

_MINIMUM = """
rulebook least {
  title "起和"
  version "0.1"
}

players 4

tiles {
  characters copies 4
  dots copies 4
  bamboo copies 4
  winds copies 4
  dragons copies 4
  flowers copies 1
  seasons copies 1
  total 144
}

shapes {
  standard "基本胡牌"
}

option least "起和番": number 0..8 = 3

scoring {
  unit "番"
  tier fans "番种" add
  minimum option.least without flower_tiles
}

fan chicken "鸡胡" {
  value 1
}

fan self_draw "自摸" {
  value 2
  when self_drawn
}

fan flower_tiles "花牌" {
  value 1
  per len(flowers)
}
"""

HAND = "123m456p789s111z22z"


@pytest.fixture(scope="module")
def book() -> Ruleset:
    compilation = compile_source(_MINIMUM, "least.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    ruleset: Ruleset = import_source(source, "mjc_least", "least.py").RULESET
    return ruleset


def test_a_hand_worth_the_minimum_wins(book: Ruleset) -> None:
    score = book.score(HAND, self_drawn=True)  # 鸡胡 1 + 自摸 2 = 3
    assert (score.win, score.total) == (True, 3)


def test_a_hand_below_the_minimum_is_not_a_win_and_says_why(book: Ruleset) -> None:
    score = book.score(HAND)  # 鸡胡 1 < 3
    assert not score.win
    assert score.reason == "worth less than the minimum of 3 番, not counting 花牌"


def test_the_fans_named_without_do_not_count_toward_the_minimum(book: Ruleset) -> None:
    score = book.score(HAND + "1f2f3f4f")  # 鸡胡 1 + 花牌 4 = 5, but 1 toward the minimum
    assert not score.win


def test_the_minimum_reads_its_option(book: Ruleset) -> None:
    assert book.score(HAND, options={"least": 1}).win
    assert not book.score(HAND, self_drawn=True, options={"least": 4}).win
