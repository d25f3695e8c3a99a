"""Tier caps in the one scoring path (no bundled rulebook caps a tier, so the differential
test does not reach them): the first guarded cap that holds, else the plain cap, cuts the
tier's value and says so; a tier without a cap has no test at all."""

from __future__ import annotations

import pytest
from small_rulebooks import opening

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import import_source
from mjc.runtime import Ruleset

_CAPPED = (
    opening("capped", "封顶")
    + """
option cap "封顶": choice(4, 8) = 4

scoring {
  unit "番"
  tier within "爆胡以内" add cap 4 if option.cap == 4 cap 8
  tier limit "爆胡以外" max cap 5 overrides within
}

fan chicken "鸡胡" {
  value 1
}

fan self_draw "自摸" {
  value 3
  when self_drawn
}

fan dealer_fan "庄家" {
  value 3
  when dealer
}

fan heaven "天胡" {
  value 3
  tier limit
  when heavenly
  per count m in melds: m.is_pung
}
"""
)

HAND = "123m456p789s111z22z"


@pytest.fixture(scope="module")
def capped() -> tuple[str, Ruleset]:
    compilation = compile_source(_CAPPED, "capped.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source, import_source(source, "mjc_capped", "capped.py").RULESET


def test_the_first_guarded_cap_that_holds_cuts_the_tier(capped: tuple[str, Ruleset]) -> None:
    _, book = capped
    score = book.score(HAND, self_drawn=True, dealer=True)  # 1 + 3 + 3 = 7 in the tier
    assert (score.total, score.capped) == (4, True)


def test_the_plain_cap_applies_when_no_guarded_cap_holds(capped: tuple[str, Ruleset]) -> None:
    _, book = capped
    score = book.score(HAND, self_drawn=True, dealer=True, options={"cap": "8"})
    assert (score.total, score.capped) == (7, False)


def test_a_value_under_the_cap_is_not_cut(capped: tuple[str, Ruleset]) -> None:
    _, book = capped
    score = book.score(HAND, self_drawn=True)  # 1 + 3
    assert (score.total, score.capped) == (4, False)


def test_a_max_tier_with_a_plain_cap_cuts_its_best_fan(capped: tuple[str, Ruleset]) -> None:
    _, book = capped
    two_pungs = "111m456p789s111z22z"  # 3 each time: 6, above the cap of 5
    score = book.score(two_pungs, self_drawn=True, dealer=True, situations=["heavenly"])
    assert [(f.id, f.count) for f in score.fans] == [("heaven", 2)]
    assert (score.total, score.capped) == (5, True)


def test_a_plain_cap_is_written_without_a_test_against_none(
    capped: tuple[str, Ruleset],
) -> None:
    source, _ = capped
    assert "if best > 5:" in source
    assert "cap is not None" not in source
