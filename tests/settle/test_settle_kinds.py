"""Each settlement line says what it pays for (`settle.Line.kind`, set where the line is
made): the hand, a liability (包 for all, or a claim relation), horses, a kong, 跟庄 or 连庄.
The simulation's report sorts payments by it (`simtypes.payment_kind`), and `mjc settle
--json` shows it beside the earlier keys of each line."""

from __future__ import annotations

import typing
from collections import Counter

from settlement_helpers import settle

from mjc.runtime.settle.settlement import PaymentKind, Settlement
from mjc.runtime.sim.rounds import PAYMENT_KINDS, payment_kind

PLAIN = "123m456p789s345s22z"
SELF = {"seat": 1, "hand": PLAIN, "self_drawn": True}


def _kinds(result: Settlement) -> Counter[str]:
    return Counter(payment_kind(line) for line in result.lines)


def test_the_simulation_knows_every_kind_a_line_can_have() -> None:
    assert typing.get_args(PaymentKind) == PAYMENT_KINDS


def test_a_discard_win_is_paid_as_the_hand() -> None:
    result = settle("baise", winners=[{"seat": 1, "hand": PLAIN}], discarder=0)
    assert _kinds(result) == Counter({"hand": 1})


def test_a_self_draw_is_paid_as_the_hand_by_each_loser() -> None:
    assert _kinds(settle("baise", winners=[SELF])) == Counter({"hand": 3})


def test_a_seat_paying_for_all_is_a_liability() -> None:
    # a robbed tile completes no pair: the robbed seat holds its other three
    robbed = {"seat": 1, "hand": "123m456m789m234m55m", "win_tile": "6m",
              "situations": ["robbing_kong"]}  # fmt: skip
    result = settle("meizhou", winners=[robbed], robbed_from=2)
    assert _kinds(result) == Counter({"liability": 1})


def test_a_claim_relation_is_a_liability() -> None:
    """百色 三包: the partner of three claims pays the others' shares."""
    claims = [{"seat": 3, "from_seat": 1, "kind": "pong"}] * 3
    result = settle("baise", options={"play": "mutual"}, winners=[SELF], claims=claims)
    assert _kinds(result) == Counter({"liability": 1})


def test_horse_hits_are_horse_payments_beside_the_hand() -> None:
    """百色 抓马: the three hits on the winner's row are paid by each loser."""
    options = {"horses": "any_win", "horse_count": "4"}
    result = settle("baise", options=options, winners=[SELF], horse_tiles=["2m", "6z", "1m", "3p"])
    assert _kinds(result) == Counter({"hand": 3, "horse": 3})


def test_kong_points_are_kong_payments() -> None:
    kongs = [{"seat": 2, "kind": "added"}]
    result = settle("baise", winners=[SELF], kongs=kongs)
    assert _kinds(result) == Counter({"hand": 3, "kong": 3})


def test_following_the_dealer_is_a_follow_payment() -> None:
    """潮州 跟庄: the dealer pays every other player."""
    result = settle(
        "chaozhou", options={"follow_dealer": "on"}, winners=[SELF], follow_dealer_rounds=2
    )
    assert _kinds(result) == Counter({"hand": 3, "follow": 3})


def test_a_dealer_streak_is_a_streak_payment() -> None:
    """潮州 连庄: the streak adds to the hand, line by line, as its own payment."""
    dealer = {"seat": 0, "hand": PLAIN, "self_drawn": True}
    result = settle("chaozhou", options={"dealer_streak": "on"}, streak=2, winners=[dealer])
    kinds = _kinds(result)
    assert kinds["streak"] == 3 and set(kinds) == {"hand", "streak"}


def test_the_kind_is_added_to_each_line_of_the_json() -> None:
    line = settle("baise", winners=[SELF]).as_dict()["lines"][0]
    assert list(line) == ["payer", "payee", "amount", "reason", "rule", "kind"]
    assert line["kind"] == "hand"


def test_a_capped_line_keeps_its_kind() -> None:
    """百色 封顶 16 cuts the hand's lines; what they pay for stays the same."""
    pure = {"seat": 1, "hand": "123m456m789m345m22m", "self_drawn": True}
    result = settle("baise", options={"cap": "16"}, winners=[pure])
    assert all("capped" in line.reason for line in result.lines)
    assert _kinds(result) == Counter({"hand": 3})
