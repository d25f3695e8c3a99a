"""Payments at an exhaustive draw (issue 23: 查花猪, 查大叫, 退税): a drawn round JSON with the
hands still playing (`hands`) is paid by the rulebook's `draw_payment` and `draw_refund` lines,
on lines of kind `draw` citing them; hands that cannot be those of the seats still playing
are refused naming the field; a round without `hands` settles as before.

The rulebook is tests/helpers/rulebooks/draw_payments.mjr (108 tiles, after_win leave, cap
`option.ceiling` = 8; 花猪 pays every other seat the cap, a seat not ready and no 花猪 pays
each ready seat its best hand, a seat not ready returns its kong payments; fans 平胡 1, 对对胡
2, 七对 2, 清一色 +4)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from mjc.runtime.settle.settlement import Settlement
from tests.helpers.settlement_helpers import paid
from tests.helpers.small_rulebooks import DRAW_PAYMENTS_RULEBOOK

# Hands of 13 at the draw, which any four of them hold together (the copies of a tile add up
# to 4 at most). READY_PLAIN waits on 5s (平胡, 1); READY_ONE_SUIT on 1m or 4m (清一色 平胡,
# 1 + 4 = 5); NOT_READY and UNREADY hold two suits and wait on nothing; PIG holds three suits
# (花猪) and waits on nothing.
READY_PLAIN = "123p456p789p123s5s"
READY_ONE_SUIT = "123m456m789m23m99m"
NOT_READY = "147m258m1369p478p"
UNREADY = "258m369m1245789p"
PIG = "369m3569p146789s"
# A winner's hand that none of them contradicts: 血战到底, he has left.
WINNER = {"seat": 3, "hand": "123m456m789m666s77s", "self_drawn": True}


@cache
def rules() -> Ruleset:
    text = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "draw_payments.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_draw_pay_test", "d.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def drawn(hands: dict[str, str], **more: Any) -> Settlement:
    result = rules().settle({"players": 4, "exhaustive_draw": True, "hands": hands, **more})
    assert sum(result.deltas) == 0
    return result


def draw_paid(result: Settlement) -> dict[tuple[int, int], int]:
    only = Settlement(result.rulebook, result.unit, result.players, result.stake)
    only.lines = [line for line in result.lines if line.kind == "draw"]
    return paid(only)


def test_a_seat_not_ready_pays_each_ready_seat_the_best_hand_it_is_ready_for() -> None:
    result = drawn({"0": READY_PLAIN, "1": READY_ONE_SUIT, "2": NOT_READY, "3": UNREADY})
    assert draw_paid(result) == {(2, 0): 1, (2, 1): 5, (3, 0): 1, (3, 1): 5}
    line = next(x for x in result.lines if (x.payer, x.payee) == (2, 1))
    assert line.kind == "draw" and line.rule == "draw_payment@draw_payments.mjr#2"
    assert "the best hand it is ready for (5)" in line.reason
    assert result.deltas == [2, 10, -6, -6]


def test_a_hand_of_three_suits_pays_every_other_seat_the_cap() -> None:
    result = drawn({"0": READY_PLAIN, "1": PIG, "2": NOT_READY, "3": READY_ONE_SUIT})
    lines = draw_paid(result)
    # 查花猪: seat 1 pays each of the others the cap (8); 查大叫: seat 2 pays the ready seats
    # 0 and 3; the 花猪, not ready either, pays no 查大叫 (its line's `when` leaves it out).
    assert lines == {(1, 0): 8, (1, 2): 8, (1, 3): 8, (2, 0): 1, (2, 3): 5}
    cap = [x for x in result.lines if x.rule == "draw_payment@draw_payments.mjr#1"]
    assert {x.payer for x in cap} == {1} and all(x.amount == 8 for x in cap)


def test_the_cap_paid_is_the_one_the_options_set() -> None:
    hands = {"0": READY_PLAIN, "1": PIG, "2": READY_PLAIN, "3": READY_PLAIN}
    result = drawn(hands, options={"ceiling": 16})
    assert draw_paid(result) == {(1, 0): 16, (1, 2): 16, (1, 3): 16}


def test_a_seat_not_ready_returns_its_kong_payments() -> None:
    kongs = [{"seat": 2, "kind": "concealed"}, {"seat": 0, "kind": "concealed"}]
    hands = {
        "0": "123p456p789p[9999s]5s",
        "1": READY_ONE_SUIT,
        "2": "147p258p1368s[2222s]",
        "3": "123p456p789p345s5s",
    }
    result = drawn(hands, kongs=kongs)
    refunds = [x for x in result.lines if x.rule == "draw_refund@draw_payments.mjr#1"]
    assert sorted((x.payer, x.payee, x.amount) for x in refunds) == [
        (2, 0, 2),
        (2, 1, 2),
        (2, 3, 2),
    ]
    assert all(x.kind == "draw" and "returns kong 1" in x.reason for x in refunds)
    # Seat 0 is ready and keeps what its kong earned.
    assert not any(x.payer == 0 and x.kind == "draw" for x in result.lines)


def test_only_the_seats_still_playing_pay_or_are_paid_after_a_win() -> None:
    # Seat 3 won and left (血战到底): it shows no hand, pays and is paid nothing at the draw.
    winner = {"seat": 3, "hand": "123m456m789m[6666s]77s", "self_drawn": True}
    kongs = [{"seat": 3, "kind": "concealed"}]
    hands = {"0": READY_PLAIN, "1": NOT_READY, "2": UNREADY}
    result = drawn(hands, winners=[winner], kongs=kongs)
    assert draw_paid(result) == {(1, 0): 1, (2, 0): 1}


def test_a_round_without_hands_settles_as_before() -> None:
    result = rules().settle({"players": 4, "exhaustive_draw": True})
    assert result.lines == []


@pytest.mark.parametrize(
    ("hands", "more", "message"),
    [
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN, "3": "123m456m789m111m22m"},
            {},
            "hands.3: a hand still playing holds 13 tiles (a declared meld counts 3), not 14",
        ),
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN, "3": "123m456m789m12x"},
            {},
            "hands.3: ",
        ),
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN, "4": READY_PLAIN},
            {},
            "hands.4: seat 4 does not exist at 4 players",
        ),
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN},
            {},
            "hands: give the hand of every seat still playing at the draw; seat 3 has none",
        ),
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN, "3": READY_PLAIN},
            {"exhaustive_draw": False, "winners": [WINNER]},
            "hands: only a round that ends in an exhaustive draw",
        ),
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN, "3": READY_PLAIN},
            {"winners": [WINNER]},
            "hands.3: seat 3 won and left the round",
        ),
        (
            {"0": READY_PLAIN, "1": READY_PLAIN, "2": READY_PLAIN, "3": "1m" * 60},
            {},
            "hands.3: ",
        ),
    ],
)
def test_hands_that_cannot_be_those_still_playing_are_refused(
    hands: dict[str, str], more: dict[str, Any], message: str
) -> None:
    data: dict[str, Any] = {"players": 4, "exhaustive_draw": True, "hands": hands, **more}
    with pytest.raises(RoundError) as caught:
        rules().settle(data)
    assert message in str(caught.value)


def test_hands_must_be_notation_strings() -> None:
    with pytest.raises(RoundError, match="hands"):
        rules().settle({"players": 4, "exhaustive_draw": True, "hands": {"0": 123}})


def test_the_rulebook_page_lists_the_draw_lines() -> None:
    text = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "draw_payments.mjr")
    assert compilation.rulebook is not None
    page = generate_page(compilation.rulebook)
    section = page[page.index("### Payments at an exhaustive draw") :]
    assert "- Every seat still playing pays each other seat still playing that this line" in section
    assert "- Every seat not ready pays each ready seat the best hand that seat is ready for" in (
        section
    )
    assert "- Every seat not ready returns every kong payment it was paid (退税)" in section


def test_the_hands_at_the_draw_count_among_the_copies_of_the_round() -> None:
    # Seats 0 and 1 hold the same tiles: six 2m, 3m and 9m.
    hands = {"0": READY_ONE_SUIT, "1": READY_ONE_SUIT, "2": NOT_READY, "3": UNREADY}
    with pytest.raises(RoundError, match="2m: the round shows 6 copies"):
        rules().settle({"players": 4, "exhaustive_draw": True, "hands": hands})


def test_a_seat_at_the_draw_shows_its_claims_in_its_hand_counted_once() -> None:
    # Seat 2 ponged 9p from seat 0: its [999p] is that claim, three 9p with seat 0's one.
    claims = [{"seat": 2, "from_seat": 0, "kind": "pong", "tile": "9p"}]
    hands = {
        "0": READY_PLAIN,
        "1": READY_ONE_SUIT,
        "2": "147m258m1368s[999p]",
        "3": "258m369m124578p3p",
    }
    result = rules().settle(
        {"players": 4, "exhaustive_draw": True, "hands": hands, "claims": claims}
    )
    assert sum(result.deltas) == 0


def test_mjc_settle_pays_the_draw_lines_and_refuses_a_bad_hand_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "drawn.json"
    hands = {"0": READY_PLAIN, "1": READY_ONE_SUIT, "2": NOT_READY, "3": UNREADY}
    path.write_text(json.dumps({"exhaustive_draw": True, "hands": hands}), encoding="utf-8")
    book = str(DRAW_PAYMENTS_RULEBOOK)
    assert main(["settle", book, str(path), "--json"]) == 0
    settled = json.loads(capsys.readouterr().out)
    assert settled["deltas"] == [2, 10, -6, -6]
    assert {line["kind"] for line in settled["lines"]} == {"draw"}
    hands["3"] = UNREADY + "6p"  # 14 tiles
    path.write_text(json.dumps({"exhaustive_draw": True, "hands": hands}), encoding="utf-8")
    assert main(["settle", book, str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "hands.3: a hand still playing holds 13 tiles" in err[0]


def test_under_stay_a_winner_plays_on_and_his_locked_hand_is_read_at_the_draw() -> None:
    text = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
    assert "after_win leave" in text
    compilation = compile_source(text.replace("after_win leave", "after_win stay"), "s.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_draw_stay_test", "s.py")
    stay: Ruleset = module.RULESET
    hands = {"0": READY_PLAIN, "1": NOT_READY, "2": UNREADY, "3": "123m456m789m666s7s"}
    data = {"players": 4, "exhaustive_draw": True, "winners": [WINNER], "hands": hands}
    result = stay.settle(data)
    draws = sorted((x.payer, x.payee, x.amount) for x in result.lines if x.kind == "draw")
    assert draws == [(1, 0, 1), (1, 3, 1), (2, 0, 1), (2, 3, 1)]
    with pytest.raises(RoundError, match="seat 3 has none"):
        stay.settle({**data, "hands": {k: v for k, v in hands.items() if k != "3"}})


# ---------------------------------------------------------------- kongs after a win


def test_a_seat_that_left_pays_nothing_for_a_kong_made_after_it_left() -> None:
    """血战到底: 刮风下雨 is paid by the seats still in the round. Seat 1 won first and left;
    seat 2's concealed kong after that win is paid by seats 0 and 3 only, while a kong made
    before the win is paid by every other seat."""
    round_: dict[str, Any] = {
        "winners": [{"seat": 1, "hand": "123m456m789m123p55p", "self_drawn": True}],
        "kongs": [
            {"seat": 2, "kind": "concealed"},
            {"seat": 2, "kind": "concealed", "wins_before": 1},
        ],
    }
    lines = [x for x in rules().settle(round_).lines if x.kind == "kong"]
    first = sorted(x.payer for x in lines if x.reason.startswith("kong 1:"))
    second = sorted(x.payer for x in lines if x.reason.startswith("kong 2:"))
    assert first == [0, 1, 3] and second == [0, 3]


@pytest.mark.parametrize(
    ("kong", "words"),
    [
        ({"seat": 2, "kind": "concealed", "wins_before": 2}, "kongs.0.wins_before: a kong after 2"),
        ({"seat": 1, "kind": "concealed", "wins_before": 1}, "kongs.0.seat: seat 1 won before"),
        (
            {"seat": 2, "kind": "exposed", "fed_by": 1, "wins_before": 1},
            "kongs.0.fed_by: seat 1 won before",
        ),
    ],
)
def test_a_kong_after_a_win_is_refused_where_it_cannot_have_been_made(
    kong: dict[str, Any], words: str
) -> None:
    round_ = {
        "winners": [{"seat": 1, "hand": "123m456m789m123p55p", "self_drawn": True}],
        "kongs": [kong],
    }
    with pytest.raises(RoundError) as refused:
        rules().settle(round_)
    assert words in str(refused.value)


@cache
def dingque_rules() -> Ruleset:
    """The test rulebook with 定缺: a hand still holding its declared suit cannot win, is the
    花猪 of 查花猪, and pays no 查大叫."""
    text = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
    edits = {
        "draw_payment each pays others cap when suits(tiles) == 3": (
            "draw_payment each pays others cap when (any t in tiles: t.suit == missing_suit)"
        ),
        "draw_payment unready pays ready best_hand when suits(tiles) <= 2": (
            "draw_payment unready pays ready best_hand"
            " when not (any t in tiles: t.suit == missing_suit)"
        ),
        '  tier base "番" add\n': (
            '  tier base "番" add\n  reject "定缺" when (any t in tiles: t.suit == missing_suit)\n'
        ),
    }
    for old, new in edits.items():
        assert old in text
        text = text.replace(old, new)
    text += '\ndeclarations {\n  missing_suit "定缺" choose suit\n}\n'
    compilation = compile_source(text, "dingque_draw.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_dingque_draw", "q.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_the_draw_lines_read_what_each_seat_declared_before_play() -> None:
    """Seat 1 declared 万 and still holds it: the 花猪 pays every other seat the cap, and,
    its every wait refused, is paid no 查大叫; seats 2 and 3, not ready, pay seat 0's best
    hand (1) and seat 1's (nothing)."""
    hands = {"0": READY_PLAIN, "1": READY_ONE_SUIT, "2": NOT_READY, "3": UNREADY}
    declared = {str(s): {"missing_suit": suit} for s, suit in enumerate("mmss")}
    result = dingque_rules().settle(
        {"players": 4, "exhaustive_draw": True, "hands": hands, "declarations": declared}
    )
    assert draw_paid(result) == {(1, 0): 8, (1, 2): 8, (1, 3): 8, (2, 0): 1, (3, 0): 1}
    assert sum(result.deltas) == 0
