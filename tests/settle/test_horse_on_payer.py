"""`horse_payer_payment K N` (中马 on a loser): each horse of kind K turned up at the end on a
paying seat's row makes that seat pay the winner N more of its shares. Every round sums to
zero; bought horses are refused (E0120); the engine plays it, and the round replays."""

from __future__ import annotations

from typing import Any

from settlement_helpers import assert_settles_and_replays, edited_ruleset, played_until
from small_rulebooks import opening

from mjc.compiler.docs.settlement import payments_context
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime import Ruleset
from mjc.runtime.settle.settlement import Settlement

_BOOK = (
    opening("payer", "中马输家")
    + """
scoring {
  unit "番"
  tier within "普通" add
}

fan chicken "鸡胡" {
  value 2
}

horses {
  table 4 from winner {
    self     ranks 1, 5, 9  tiles 1z, 5z
    next     ranks 2, 6     tiles 2z, 6z
    opposite ranks 3, 7     tiles 3z, 7z
    previous ranks 4, 8     tiles 4z
  }
  grabbed 2
}

payments {
  win each pays when self_drawn
  win discarder pays
  ON_WINNER
  horse_payer_payment grabbed 1
}
"""
)

PLAIN = "123m456p789s345s22z"


def _book(source: str, name: str) -> Ruleset:
    compilation = compile_source(source, f"{name}.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), f"mjc_test_{name}", "p.py")
    return module.RULESET


def _settle(book: Ruleset, **round: Any) -> Settlement:
    result = book.settle({"players": 4, **round})
    assert sum(result.deltas) == 0
    return result


def _horses(result: Settlement) -> list[tuple[int, int, int]]:
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.kind == "horse"]


BOTH = _BOOK.replace("ON_WINNER", "horse_payment grabbed 1")


def test_the_docs_worked_example_self_draw() -> None:
    """language.md: seat 1 self-draws, 1m hits him, 2m his next seat (seat 2, a payer)."""
    book = _book(BOTH, "payer_both")
    winner = {"seat": 1, "hand": PLAIN, "self_drawn": True}
    result = _settle(book, winners=[winner], horse_tiles=["1m", "2m"])
    assert sorted(_horses(result)) == [(0, 1, 2), (2, 1, 2), (2, 1, 2), (3, 1, 2)]
    assert result.deltas[1] == 14


def test_the_docs_worked_example_discard() -> None:
    """On seat 3's discard only seat 3 pays: 1m makes him pay again, 2m (seat 2) hits no
    payer."""
    book = _book(BOTH, "payer_both")
    result = _settle(
        book, winners=[{"seat": 1, "hand": PLAIN}], discarder=3, horse_tiles=["1m", "2m"]
    )
    assert _horses(result) == [(3, 1, 2)] and result.deltas == [0, 4, 0, -4]
    # a horse on the discarder's row alone makes him pay again
    result = _settle(
        book, winners=[{"seat": 1, "hand": PLAIN}], discarder=3, horse_tiles=["4m", "3m"]
    )
    assert _horses(result) == [(3, 1, 2)] and "on paying seat 3" in result.lines[-1].reason


def test_alone_only_horses_on_payers_count() -> None:
    book = _book(_BOOK.replace("ON_WINNER", ""), "payer_alone")
    winner = {"seat": 1, "hand": PLAIN, "self_drawn": True}
    result = _settle(book, winners=[winner], horse_tiles=["1m", "2m"])
    assert _horses(result) == [(2, 1, 2)]
    # two horses on one payer: two more shares
    result = _settle(book, winners=[winner], horse_tiles=["2m", "6p"])
    assert _horses(result) == [(2, 1, 4)]


def test_bought_horses_are_refused() -> None:
    source = BOTH.replace("grabbed 2\n", "bought 1 per player\n").replace(
        "payment grabbed", "payment bought"
    )  # both lines name the kind the section now draws: only the payer line is wrong
    problems = compile_source(source, "payer.mjr").diagnostics
    assert [d.code for d in problems if d.severity == "error"] == ["E0120"]


def test_the_rulebook_page_says_what_a_horse_on_a_payer_does() -> None:
    compilation = compile_source(BOTH, "payer.mjr")
    assert compilation.rulebook is not None
    words = [str(s["words"]) for s in payments_context(compilation.rulebook)["settings"]]
    assert any("抓马 horse on a paying seat's row" in w and "1 more" in w for w in words), words


def test_the_engine_plays_it_and_the_round_replays() -> None:
    """百色 with horses on payers as well: bots play until a horse hits a paying seat; the
    engine's settlement has the line, and the log replays the round line for line."""
    rs = edited_ruleset(
        "baise",
        "  horse_payment grabbed 1 when winners == 1",
        "  horse_payment grabbed 1 when winners == 1\n  horse_payer_payment grabbed 1",
    )
    options = {"horses": "any_win", "horse_count": "10"}
    game = played_until(rs, lambda line: "on paying seat" in line.reason, options)
    assert_settles_and_replays(rs, game)
