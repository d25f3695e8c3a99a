"""呼叫转移 (`kong_transfer`): on a win that holds `kong_discard` (杠上炮), what the discarder
earned from the kong whose replacement led to the discard (his last kong before that win) is
paid on to the winner, on a line of kind `kong_transfer` citing the rulebook line; of several
winners of that discard, the first in turn order after the discarder takes it all; the
options guard turns it off; the settlement stays zero-sum. `mjc score` refuses 杠上炮
self-drawn (E0601).

The rulebook is tests/helpers/rulebooks/kong_discard.mjr (108 tiles, after_win leave; 暗杠
each pays 2, 直杠 the feeder 2, 补杠 each 1; fans 平胡 1 and 杠上炮 1;
`kong_transfer if option.transfer`, on by default)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from mjc.runtime.settle.settlement import Settlement
from tests.helpers.small_rulebooks import KONG_DISCARD_RULEBOOK

# Seat 1 wins on seat 0's 9p (789p); seat 2 wins on it too (789p as well).
SEAT1_WIN = {
    "seat": 1,
    "hand": "234m567m888m789p55s",
    "win_tile": "9p",
    "self_drawn": False,
    "situations": ["kong_discard"],
}
SEAT2_WIN = {
    "seat": 2,
    "hand": "123s456s789s789p22s",
    "win_tile": "9p",
    "self_drawn": False,
    "situations": ["kong_discard"],
}
SEAT0_KONG = {"seat": 0, "kind": "concealed"}


@cache
def rules() -> Ruleset:
    text = KONG_DISCARD_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "kong_discard.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_kong_transfer", "k.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def settled(**round_: Any) -> Settlement:
    result = rules().settle({"players": 4, "dealer": 0, "discarder": 0, **round_})
    assert sum(result.deltas) == 0
    return result


def moved(result: Settlement) -> list[tuple[int, int, int]]:
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.kind == "kong_transfer"]


def test_the_kongs_earnings_go_to_the_winner_of_its_kong_discard() -> None:
    result = settled(winners=[SEAT1_WIN], kongs=[SEAT0_KONG])
    assert moved(result) == [(0, 1, 6)]  # the 暗杠 earned 2 from each of seats 1, 2, 3
    line = next(x for x in result.lines if x.kind == "kong_transfer")
    assert line.rule == "kong_transfer@kong_discard.mjr#1"
    assert line.reason == "kong transfer (呼叫转移): what kong 1 earned seat 0, to seat 1 (杠上炮)"
    # the hand: 平胡 1 + 杠上炮 1 from the discarder; the kong: 2 from each other seat
    assert result.deltas == [6 - 6 - 2, -2 + 6 + 2, -2, -2]


def test_an_exposed_kong_pays_on_what_its_feeder_paid() -> None:
    result = settled(
        winners=[SEAT1_WIN],
        kongs=[{"seat": 0, "kind": "exposed", "fed_by": 3}],
        claims=[{"seat": 0, "from_seat": 3, "kind": "kong", "tile": "1m"}],
    )
    assert moved(result) == [(0, 1, 2)]


def test_only_the_discarders_last_kong_before_the_win_is_paid_on() -> None:
    kongs = [SEAT0_KONG, {"seat": 0, "kind": "added"}]
    claims = [{"seat": 0, "from_seat": 2, "kind": "pong", "tile": "5p"}]
    result = settled(winners=[SEAT1_WIN], kongs=kongs, claims=claims)
    assert moved(result) == [(0, 1, 3)]  # the 补杠's 1 from each other seat, not the 暗杠's 6


def test_no_transfer_without_kong_discard() -> None:
    plain = {**SEAT1_WIN, "situations": []}
    assert moved(settled(winners=[plain], kongs=[SEAT0_KONG])) == []


def test_the_options_guard_turns_the_transfer_off() -> None:
    result = settled(winners=[SEAT1_WIN], kongs=[SEAT0_KONG], options={"transfer": "off"})
    assert moved(result) == []
    assert result.deltas == [6 - 2, -2 + 2, -2, -2]


@pytest.mark.parametrize("order", [[SEAT1_WIN, SEAT2_WIN], [SEAT2_WIN, SEAT1_WIN]])
def test_of_several_winners_the_first_in_turn_order_after_the_discarder_takes_it(
    order: list[dict[str, Any]],
) -> None:
    """一炮多响 on a 杠上炮: seat 1 is the first after the discarder (seat 0), however the
    round JSON lists the winners; the kong's earnings are paid on once."""
    result = settled(winners=order, kongs=[SEAT0_KONG])
    assert moved(result) == [(0, 1, 6)]


def test_the_first_in_turn_order_is_counted_from_the_discarder() -> None:
    """Seat 3 discards after its kong; seats 1 and 2 win: seat 1 comes first after seat 3."""
    result = settled(
        discarder=3, winners=[SEAT2_WIN, SEAT1_WIN], kongs=[{"seat": 3, "kind": "concealed"}]
    )
    assert moved(result) == [(3, 1, 6)]


def test_a_kong_discard_whose_discarder_made_no_kong_is_refused() -> None:
    with pytest.raises(RoundError, match=r"^winners\.0\.situations: kong_discard \(杠上炮\), but"):
        rules().settle({"players": 4, "discarder": 0, "winners": [SEAT1_WIN]})


def test_a_later_win_pays_on_the_kong_made_after_the_first_win() -> None:
    """血战到底: seat 3 self-draws and leaves; seat 0 konges, then discards to seat 1."""
    first = {
        "seat": 3,
        "hand": "123s456s789s789p22s",
        "win_tile": "2s",
        "self_drawn": True,
    }
    result = rules().settle(
        {
            "players": 4,
            "dealer": 0,
            "winners": [first],
            "kongs": [{"seat": 0, "kind": "concealed", "wins_before": 1}],
            "later_wins": [{"discarder": 0, "winners": [SEAT1_WIN]}],
        }
    )
    assert sum(result.deltas) == 0
    line = next(x for x in result.lines if x.kind == "kong_transfer")
    # seat 3 had left: the 暗杠 earned 2 from each of seats 1 and 2 only
    assert (line.payer, line.payee, line.amount) == (0, 1, 4)
    assert line.reason.startswith("win 2: kong transfer (呼叫转移)")


def test_score_refuses_kong_discard_self_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "score",
            str(KONG_DISCARD_RULEBOOK),
            "234m567m888m789p55s",
            "--self-drawn",
            "--situation",
            "kong_discard",
        ]
    )
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith(
        "mjc: error[E0601]: 杠上炮 (kong_discard) presumes `not self_drawn`"
    )


@cache
def rules_with_refund() -> Ruleset:
    """The rulebook with 退税 as well: a seat not ready at the draw returns its kong payments."""
    text = KONG_DISCARD_RULEBOOK.read_text(encoding="utf-8").replace(
        "  kong_transfer if", "  draw_refund kong unready\n  kong_transfer if"
    )
    compilation = compile_source(text, "kong_discard.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_kong_refund", "r.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


@pytest.mark.parametrize("transfer", ["on", "off"])
def test_a_kong_paid_on_has_nothing_left_to_refund_at_the_draw(transfer: str) -> None:
    """血战到底: seat 1 wins seat 0's 杠上炮 and leaves; the wall runs out with seat 0 not
    ready. With the transfer, the kong's 6 went to seat 1 and seat 0 refunds nothing (退税);
    without it, seat 0 returns the 2 each seat paid."""
    result = rules_with_refund().settle(
        {
            "players": 4,
            "dealer": 0,
            "discarder": 0,
            "winners": [SEAT1_WIN],
            "kongs": [SEAT0_KONG],
            "exhaustive_draw": True,
            "hands": {
                "0": "(1111m)234p567p2378s",
                "2": "2468m2468p2468s1s",
                "3": "3579m3579p3579s9s",
            },
            "options": {"transfer": transfer},
        }
    )
    assert sum(result.deltas) == 0
    refunds = sorted((x.payer, x.payee, x.amount) for x in result.lines if x.kind == "draw")
    if transfer == "on":
        assert moved(result) == [(0, 1, 6)] and refunds == []
    else:
        assert moved(result) == [] and refunds == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
