"""Horse tables counted from the winner or the discarder (`table 4 from winner { … }`): the
rows `self`, `next`, `opposite`, `previous` are counted from that seat of each hand, not the
dealer. A table without `from` counts from the dealer, as before."""

from __future__ import annotations

from typing import Any

import pytest
from settlement_helpers import assert_settles_and_replays, edited_ruleset, played_until
from small_rulebooks import opening

from mjc.compiler.docs.settlement import horse_context
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime import HorseError, Ruleset
from mjc.runtime.settle.settlement import Settlement

_BOOK = (
    opening("anchor", "中马")
    + """
scoring {
  unit "番"
  tier within "普通" add
}

fan chicken "鸡胡" {
  value 2
}

horses {
  table 4 FROM {
    FIRST    ranks 1, 5, 9  tiles 1z, 5z
    next     ranks 2, 6     tiles 2z, 6z
    opposite ranks 3, 7     tiles 3z, 7z
    previous ranks 4, 8     tiles 4z
  }
  grabbed 2
}

payments {
  win each pays when self_drawn
  win discarder pays
  horse_payment grabbed 1
}
"""
)

PLAIN = "123m456p789s345s22z"


def _source(counted_from: str | None) -> str:
    first = "dealer" if counted_from is None else "self"
    where = "" if counted_from is None else f"from {counted_from}"
    return _BOOK.replace("FROM", where).replace("FIRST", first)


def _book(counted_from: str | None) -> tuple[str, Ruleset]:
    compilation = compile_source(_source(counted_from), "anchor.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    text = generate_module(compilation.rulebook)
    module = import_source(text, f"mjc_test_anchor_{counted_from}", "anchor.py")
    return text, module.RULESET


def _settle(book: Ruleset, **round: Any) -> Settlement:
    result = book.settle({"players": 4, **round})
    assert sum(result.deltas) == 0
    return result


def _horse_total(result: Settlement) -> int:
    return sum(line.amount for line in result.lines if line.kind == "horse")


def test_a_table_from_the_winner_hits_the_winner_with_his_own_row() -> None:
    # seat 2 wins; 1m is in the first row: the winner's own under `from winner`, the dealer's
    # (seat 0) under a dealer's table
    winner = {"seat": 2, "hand": PLAIN, "self_drawn": True}
    _, by_winner = _book("winner")
    _, by_dealer = _book(None)
    hit = _settle(by_winner, winners=[winner], horse_tiles=["1m", "2m"])
    assert _horse_total(hit) == 6 and hit.deltas == [-4, -4, 12, -4]
    missed = _settle(by_dealer, winners=[winner], horse_tiles=["1m", "2m"])
    assert _horse_total(missed) == 0
    # 3m is the dealer table's `opposite` row: seat 2, the winner
    assert _horse_total(_settle(by_dealer, winners=[winner], horse_tiles=["3m"])) == 6


def test_a_table_from_the_discarder_counts_from_the_discarder() -> None:
    # seat 3 wins on seat 2's discard: the winner is the discarder's `next`
    _, book = _book("discarder")
    winner = {"seat": 3, "hand": PLAIN}
    result = _settle(book, winners=[winner], discarder=2, horse_tiles=["2m", "1m"])
    assert _horse_total(result) == 2 and result.deltas == [0, 0, -4, 4]


def test_a_table_from_the_discarder_hits_nobody_on_a_self_draw() -> None:
    _, book = _book("discarder")
    winner = {"seat": 3, "hand": PLAIN, "self_drawn": True}
    assert _horse_total(_settle(book, winners=[winner], horse_tiles=["2m", "1m"])) == 0


def test_only_a_table_that_says_from_emits_where_it_counts_from() -> None:
    text, _ = _book(None)
    assert "HORSES: Final = Horses(HORSE_TABLES, HORSE_KINDS, horses)" in text
    text, book = _book("winner")
    assert "horses, {4: 'winner'})" in text
    horses = book.payments.horses
    assert horses is not None and horses.anchor(4) == "winner"
    assert horses.horse_seat("1m", 4, 0, winner=2) == 2
    assert horses.horse_seat("2m", 4, 0, winner=3) == 0
    with pytest.raises(HorseError, match="name the winner"):
        horses.horse_seat("1m", 4, 0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("from winner", "from winer"), "unknown seat to count from `winer`"),
        (("    self ", "    dealer "), "counted from the winner has no `dealer` row"),
    ],
)
def test_misused_words_are_reported(change: tuple[str, str], message: str) -> None:
    source = _source("winner").replace(*change)
    problems = [d for d in compile_source(source, "anchor.mjr").diagnostics]
    assert any(d.code == "E0119" and message in d.message for d in problems), problems


def test_a_dealer_table_refuses_self() -> None:
    source = _source(None).replace("    dealer ", "    self ")
    problems = compile_source(source, "anchor.mjr").diagnostics
    assert [d.code for d in problems if d.severity == "error"] == ["E0119"]


def test_the_rulebook_page_says_where_the_table_counts_from() -> None:
    compilation = compile_source(_source("winner"), "anchor.mjr")
    assert compilation.rulebook is not None
    table = horse_context(compilation.rulebook, "")["tables"][0]
    assert "counted from the winner" in table["counted"]
    assert [(s["seat"], s["name"]) for s in table["seats"]] == [
        ("self", "本家"),
        ("next", "下家"),
        ("opposite", "对家"),
        ("previous", "上家"),
    ]
    assert table["seats"][1]["meaning"] == "the seat after the winner"


def test_the_engine_plays_a_table_from_the_winner_and_the_round_replays() -> None:
    """百色 with its 4-player table counted from the winner: bots play until a grabbed horse
    hits, the engine settles it by the winner's rows, and the log replays the round line for
    line (issue 31: a bots-only round that replays)."""
    rs = edited_ruleset(
        "baise", "  table 4 {\n    dealer  ", "  table 4 from winner {\n    self    "
    )
    options = {"horses": "any_win", "horse_count": "10"}
    game = played_until(rs, lambda line: line.kind == "horse", options)
    assert_settles_and_replays(rs, game)
