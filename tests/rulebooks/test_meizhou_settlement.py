"""梅州麻将 (seed 002) settlement: one test per payment, kong and liability statement of
七、杠牌及抢杠 and 十、得分, named after its clause."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from settlement_helpers import paid, settle

from compiler.cli import main

PLAIN = "123m456p789s345s22z"  # 平胡 2
SEVEN_PAIRS = "1122m3344p5566s77z"  # 七小对 6
PURE = "123m456m789m345m22m"  # 清一色 8


def robbed(hand: str, win: str) -> dict[str, object]:
    return {
        "winners": [{"seat": 1, "hand": hand, "win_tile": win, "situations": ["robbing_kong"]}],
        "robbed_from": 2,
    }


@pytest.mark.parametrize(("hand", "win", "owed"), [(PLAIN, "2z", 6), (SEVEN_PAIRS, "7z", 18),
                                                  (PURE, "2m", 24)])  # fmt: skip
def test_qi_qiang_gang_the_robbed_player_alone_pays_three_shares(
    hand: str, win: str, owed: int
) -> None:
    result = settle("meizhou", **robbed(hand, win))
    assert paid(result) == {(2, 1): owed}
    assert result.deltas == [0, owed, -owed, 0]


def test_shi_de_fen_self_draw_each_of_the_three_pays_the_hand_rate() -> None:
    result = settle("meizhou", winners=[{"seat": 1, "hand": PURE, "self_drawn": True}])
    assert result.deltas == [-8, 24, -8, -8]


def test_shi_de_fen_kong_bloom_is_paid_by_the_three_like_a_self_draw() -> None:
    result = settle(
        "meizhou",
        winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True, "situations": ["kong_bloom"]}],
        kong_fed_by=3,
        kongs=[{"seat": 1, "kind": "exposed", "fed_by": 3}],
    )
    assert paid(result)[(0, 1)] == 2 and paid(result)[(2, 1)] == 2


def test_shi_de_fen_concealed_kong_two_from_each_of_the_three() -> None:
    result = settle(
        "meizhou",
        winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
        kongs=[{"seat": 3, "kind": "concealed"}],
    )
    kong = [line for line in result.lines if line.payee == 3]
    assert sorted((line.payer, line.amount) for line in kong) == [(0, 2), (1, 2), (2, 2)]


def test_shi_de_fen_added_kong_one_from_each_and_kongs_accumulate() -> None:
    result = settle(
        "meizhou",
        winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
        kongs=[{"seat": 3, "kind": "added"}, {"seat": 3, "kind": "added"}],
    )
    assert sum(line.amount for line in result.lines if line.payee == 3) == 6


def test_shi_de_fen_no_kong_settlement_when_nobody_wins() -> None:
    result = settle("meizhou", exhaustive_draw=True, kongs=[{"seat": 3, "kind": "concealed"}])
    assert result.lines == [] and result.deltas == [0, 0, 0, 0]


def test_convention_exposed_kong_from_a_discard_the_feeder_pays_three() -> None:
    result = settle(
        "meizhou",
        winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
        kongs=[{"seat": 3, "kind": "exposed", "fed_by": 0}],
    )
    assert [(x.payer, x.amount) for x in result.lines if x.payee == 3] == [(0, 3)]


def test_shi_de_fen_a_robbed_kong_still_settles_the_other_kongs() -> None:
    result = settle("meizhou", **robbed(PURE, "2m"), kongs=[{"seat": 0, "kind": "concealed"}])
    assert result.deltas == [6, 22, -26, -2]


def test_done_when_mjc_settle_meizhou_robbed_kong_pure_one_suit_charges_the_robbed_24(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps(robbed(PURE, "2m")), encoding="utf-8")
    assert main(["settle", "meizhou", str(round_file), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["deltas"] == [0, 24, -24, 0]
    assert [(x["payer"], x["payee"], x["amount"]) for x in document["lines"]] == [(2, 1, 24)]
    assert document["lines"][0]["rule"].startswith("rulebooks/meizhou.mjr:")
