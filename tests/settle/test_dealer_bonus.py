"""`dealer_bonus N` (庄家多输多赢一底): what the dealer wins or pays on a hand is N more, added
after `dealer_factor` multiplies it. Every round still sums to zero, and a rulebook without
the line settles as before."""

from __future__ import annotations

from typing import Any

import pytest
from settlement_helpers import assert_settles_and_replays, edited_ruleset, played_until
from small_rulebooks import opening

from mjc.compiler.docs.settlement import payments_context
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime import Ruleset
from mjc.runtime.settle.settlement import Settlement

_BOOK = (
    opening("bonus", "庄家多一底")
    + """
scoring {
  unit "番"
  tier within "普通" add
}

option bonus "庄家多一底": toggle = on

fan chicken "鸡胡" {
  value 2
}

payments {
  win each pays when self_drawn
  win discarder pays
  DEALER
}
"""
)

PLAIN = "123m456p789s345s22z"


def _book(dealer: str) -> tuple[str, Ruleset]:
    compilation = compile_source(_BOOK.replace("DEALER", dealer), "bonus.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    text = generate_module(compilation.rulebook)
    module = import_source(text, f"mjc_test_bonus_{abs(hash(dealer))}", "bonus.py")
    return text, module.RULESET


def _settle(book: Ruleset, **round: Any) -> Settlement:
    result = book.settle({"players": 4, **round})
    assert sum(result.deltas) == 0
    return result


def test_the_dealer_winning_a_self_draw_wins_one_more_from_each() -> None:
    _, book = _book("dealer_bonus 1")
    result = _settle(book, winners=[{"seat": 0, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [9, -3, -3, -3]
    assert all("dealer +1" in line.reason for line in result.lines)


def test_the_dealer_paying_a_self_draw_pays_one_more() -> None:
    _, book = _book("dealer_bonus 1")
    result = _settle(book, winners=[{"seat": 2, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [-3, -2, 7, -2]


def test_the_dealer_discarding_pays_one_more_and_others_do_not() -> None:
    _, book = _book("dealer_bonus 1")
    assert _settle(book, winners=[{"seat": 1, "hand": PLAIN}], discarder=0).deltas == [
        -3, 3, 0, 0,
    ]  # fmt: skip
    assert _settle(book, winners=[{"seat": 1, "hand": PLAIN}], discarder=2).deltas == [
        0, 2, -2, 0,
    ]  # fmt: skip


def test_the_bonus_is_added_after_the_factor() -> None:
    _, book = _book("dealer_factor 2\n  dealer_bonus 1")
    result = _settle(book, winners=[{"seat": 0, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [15, -5, -5, -5]
    assert "dealer ×2" in result.lines[0].reason and "dealer +1" in result.lines[0].reason


@pytest.mark.parametrize(("bonus", "deltas"), [("on", [9, -3, -3, -3]), ("off", [6, -2, -2, -2])])
def test_an_options_guard_turns_the_bonus_off(bonus: str, deltas: list[int]) -> None:
    _, book = _book("dealer_bonus 1 if option.bonus")
    winner = {"seat": 0, "hand": PLAIN, "self_drawn": True}
    assert _settle(book, options={"bonus": bonus}, winners=[winner]).deltas == deltas


def test_a_rulebook_without_the_line_emits_no_bonus_function() -> None:
    text, book = _book("")
    assert "dealer_bonus" not in text
    result = _settle(book, winners=[{"seat": 0, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [6, -2, -2, -2]
    text, _ = _book("dealer_bonus 1")
    assert "def payment_dealer_bonus" in text and "dealer_bonus=payment_dealer_bonus" in text


def test_the_rulebook_page_says_the_bonus_and_adds_it_in_the_worked_example() -> None:
    compilation = compile_source(_BOOK.replace("DEALER", "dealer_bonus 1"), "bonus.mjr")
    assert compilation.rulebook is not None
    context = payments_context(compilation.rulebook)
    words = [str(s["words"]) for s in context["settings"]]
    assert any("is 1 more, after any factor" in w for w in words), words
    self_draw = context["example"]["cases"][0]
    # the fan is worth 2: seat 0, the dealer, pays 3, the others 2
    assert self_draw["lines"] == ["seat 0 pays seat 1 3", "seat 2 pays seat 1 2",
                                  "seat 3 pays seat 1 2"]  # fmt: skip


def test_the_engine_plays_a_dealer_bonus_and_the_round_replays() -> None:
    """广东 with `dealer_bonus 1` added: bots play until a round is won, the engine's
    settlement carries the dealer's extra point on each of the dealer's shares, sums to zero,
    and the log replays the round line for line (issue 31: a bots-only round that replays)."""
    rs = edited_ruleset("guangdong", "payments {\n", "payments {\n  dealer_bonus 1\n")
    game = played_until(rs, lambda line: "dealer +1" in line.reason)
    assert_settles_and_replays(rs, game)
