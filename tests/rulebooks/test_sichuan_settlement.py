"""四川麻将 血战到底 settlement (rulebooks/sichuan.mjr, issue 23 §1): one test per payment
clause, named after it — 自摸 and 点炮, 一炮多响, 抢杠, 点杠花, 刮风下雨 (明杠 2 from the feeder,
补杠 1 and 暗杠 2 from each seat still in the round), the 底分, winners on different turns,
and at an exhaustive draw 查花猪, 查大叫 and 退税; every settlement is zero-sum.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from settlement_helpers import paid, settle

from mjc.compiler.cli.commands import main
from mjc.runtime.settle.roundtypes import RoundError
from mjc.runtime.settle.settlement import Settlement

# 平胡 (1 倍), two suits; 对对胡 (2 倍); 清一色 (4 倍)
PLAIN = "123m456m789m234p55p"
PUNGS = "111m555m999m222p33p"
ONE_SUIT = "123m456m789m234m55m"


def sichuan(**round: Any) -> Settlement:
    return settle("sichuan", **round)


def winner(seat: int, hand: str, **more: Any) -> dict[str, Any]:
    return {"seat": seat, "hand": hand, **more}


def kinds(result: Settlement, kind: str) -> dict[tuple[int, int], int]:
    only = Settlement(result.rulebook, result.unit, result.players, result.stake)
    only.lines = [line for line in result.lines if line.kind == kind]
    return paid(only)


# ---------------------------------------------------------------- 自摸, 点炮, 一炮多响, 抢杠


def test_zimo_each_seat_still_in_the_round_pays_the_hand_and_a_base() -> None:
    result = settle("sichuan", winners=[{"seat": 1, "hand": PUNGS, "self_drawn": True}])
    # 对对胡 2 倍 + 自摸加底 1
    assert paid(result) == {(0, 1): 3, (2, 1): 3, (3, 1): 3}


def test_dianpao_the_discarder_alone_pays() -> None:
    result = settle("sichuan", winners=[{"seat": 1, "hand": PUNGS, "win_tile": "3p"}], discarder=3)
    assert paid(result) == {(3, 1): 2}


def test_yipao_duoxiang_the_discarder_pays_each_winner_separately() -> None:
    result = sichuan(
        winners=[winner(0, PLAIN, win_tile="5p"), winner(2, "123s456s789s111p55p", win_tile="5p")],
        discarder=1,
    )
    assert paid(result) == {(1, 0): 1, (1, 2): 1}


def test_qiangganghu_the_robbed_seat_pays_the_hand_with_its_1_fan() -> None:
    result = sichuan(
        winners=[winner(1, PLAIN, win_tile="1m", situations=["robbing_kong"])], robbed_from=2
    )
    assert paid(result) == {(2, 1): 2}  # 抢杠胡 +1 番


def test_diangang_hua_is_a_self_draw_by_default_and_the_feeders_under_the_option() -> None:
    bloom = winner(1, "[1111m]456m789p234p55p", self_drawn=True, situations=["kong_bloom"])
    kong = [{"seat": 1, "kind": "exposed", "fed_by": 3}]
    # 根 ×2, 杠上开花 ×2, 自摸加底 +1: 5 from each seat
    as_self_draw = sichuan(winners=[bloom], kongs=kong, kong_fed_by=3)
    assert kinds(as_self_draw, "hand") == {(0, 1): 5, (2, 1): 5, (3, 1): 5}
    as_discard = sichuan(
        winners=[bloom], kongs=kong, kong_fed_by=3, options={"kong_bloom_pays": "discarder"}
    )
    assert kinds(as_discard, "hand") == {(3, 1): 5}


def test_difen_the_base_multiplies_every_payment() -> None:
    result = sichuan(winners=[winner(1, PUNGS, self_drawn=True)], options={"base": 5})
    assert paid(result) == {(0, 1): 15, (2, 1): 15, (3, 1): 15}


# ---------------------------------------------------------------- 定缺


def test_dingque_a_claim_of_the_declared_suit_is_refused() -> None:
    declared = {str(seat): {"missing_suit": "s"} for seat in range(4)}
    claim = {"seat": 1, "from_seat": 0, "kind": "pong", "tile": "5s"}
    with pytest.raises(RoundError, match=r"claims\.0\.tile: seat 1 declared missing_suit s"):
        sichuan(winners=[winner(2, PLAIN, self_drawn=True)], claims=[claim], declarations=declared)
    allowed = {**claim, "tile": "5m"}
    assert sichuan(
        winners=[winner(2, PLAIN, self_drawn=True)], claims=[allowed], declarations=declared
    ).deltas


# ---------------------------------------------------------------- 刮风下雨


def test_guafeng_xiayu_minggang_the_feeder_pays_2() -> None:
    result = sichuan(
        winners=[winner(0, PLAIN, self_drawn=True)],
        kongs=[{"seat": 2, "kind": "exposed", "fed_by": 3}],
    )
    assert kinds(result, "kong") == {(3, 2): 2}


def test_guafeng_xiayu_bugang_each_seat_pays_1_and_angang_2() -> None:
    result = sichuan(
        winners=[winner(0, PLAIN, self_drawn=True)],
        kongs=[{"seat": 2, "kind": "added"}, {"seat": 3, "kind": "concealed"}],
    )
    assert kinds(result, "kong") == {
        (0, 2): 1, (1, 2): 1, (3, 2): 1,
        (0, 3): 2, (1, 3): 2, (2, 3): 2,
    }  # fmt: skip


def test_guafeng_xiayu_a_seat_that_left_pays_nothing_of_a_later_kong() -> None:
    result = sichuan(
        winners=[winner(1, PLAIN, self_drawn=True)],
        kongs=[{"seat": 2, "kind": "concealed", "wins_before": 1}],
        exhaustive_draw=True,
        hands={"0": "123p456p789p123s5s", "2": "[8888s]123p456p789p5s", "3": "123m456m789m23m99m"},
    )
    assert kinds(result, "kong") == {(0, 2): 2, (3, 2): 2}


# ---------------------------------------------------------------- 杠上炮 and 呼叫转移

KONG_DISCARD_WIN = {
    "seat": 1,
    "hand": "234m567m888m789p55p",
    "win_tile": "9p",
    "situations": ["kong_discard"],
}


def test_gangshangpao_adds_1_fan_and_huijiao_zhuanyi_pays_the_kong_on_to_the_winner() -> None:
    result = settle(
        "sichuan",
        winners=[KONG_DISCARD_WIN],
        discarder=0,
        kongs=[{"seat": 0, "kind": "concealed"}],
    )
    # the hand: 平胡 ×2 for 杠上炮; the 暗杠 earned 2 from each of seats 1, 2, 3, all on to seat 1
    assert kinds(result, "hand") == {(0, 1): 2}
    assert kinds(result, "kong_transfer") == {(0, 1): 6}
    assert result.deltas == [6 - 2 - 6, 2 - 2 + 6, -2, -2]


def test_huijiao_zhuanyi_off_keeps_the_kong_with_the_konger() -> None:
    result = settle(
        "sichuan",
        winners=[KONG_DISCARD_WIN],
        discarder=0,
        kongs=[{"seat": 0, "kind": "concealed"}],
        options={"call_transfer": "off"},
    )
    assert kinds(result, "kong_transfer") == {}
    assert result.deltas == [6 - 2, 2 - 2, -2, -2]


# ---------------------------------------------------------------- 血战到底: wins on different turns


def test_xuezhan_winners_on_different_turns_are_each_paid() -> None:
    result = settle(
        "sichuan",
        winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
        later_wins=[
            {
                "winners": [{"seat": 2, "hand": "123p456p789p234s55s", "win_tile": "5s"}],
                "discarder": 3,
            },
            {"winners": [{"seat": 0, "hand": PUNGS, "self_drawn": True}]},
        ],
    )
    # seat 1: 2 from each of three; seat 2: 1 from seat 3; seat 0 (对对胡 + 加底 = 3) from seat
    # 3 alone, seats 1 and 2 having left
    assert paid(result) == {(0, 1): 2, (2, 1): 2, (3, 1): 2, (3, 2): 1, (3, 0): 3}


def test_xueliu_chenghe_a_winner_stays_and_pays_a_later_self_draw() -> None:
    result = sichuan(
        winners=[winner(1, PLAIN, self_drawn=True)],
        later_wins=[{"winners": [winner(0, PUNGS, self_drawn=True)]}],
        options={"mode": "xueliu"},
    )
    assert paid(result)[(1, 0)] == 3


def test_mjc_settle_sichuan_settles_a_round_with_winners_on_different_turns(
    tmp_path: Path, capsys: Any
) -> None:
    round_json = {
        "winners": [winner(1, PLAIN, self_drawn=True)],
        "later_wins": [
            {"winners": [winner(2, "123p456p789p234s55s", win_tile="5s")], "discarder": 3}
        ],
    }
    path = tmp_path / "round.json"
    path.write_text(json.dumps(round_json), encoding="utf-8")
    assert main(["settle", "sichuan", str(path), "--json"]) == 0
    settled = json.loads(capsys.readouterr().out)
    assert settled["deltas"] == [-2, 6, -1, -3]


# ---------------------------------------------------------------- at an exhaustive draw

# Hands of 13 that any four of them can hold together. READY_PLAIN waits on 5s (平胡, 1);
# READY_ONE_SUIT on 1m or 4m (清一色, 4); NOT_READY holds two suits and waits on nothing; PIG
# holds three suits (花猪).
READY_PLAIN = "123p456p789p123s5s"
READY_ONE_SUIT = "123m456m789m23m99m"
NOT_READY = "147m258m1369p478p"
PIG = "369m3569p146789s"


def drawn(hands: dict[str, str], **more: Any) -> Settlement:
    return sichuan(exhaustive_draw=True, hands=hands, **more)


def test_chahuazhu_a_hand_of_three_suits_pays_every_other_seat_the_cap() -> None:
    result = drawn({"0": READY_PLAIN, "1": PIG, "2": NOT_READY, "3": READY_ONE_SUIT})
    draw = kinds(result, "draw")
    # 封顶 3 番 by default: 8 倍 to each other seat, the 花猪 paying no 查大叫 besides
    assert {k: v for k, v in draw.items() if k[0] == 1} == {(1, 0): 8, (1, 2): 8, (1, 3): 8}


def test_chahuazhu_follows_the_cap_option_and_pays_5_fan_without_one() -> None:
    hands = {"0": READY_PLAIN, "1": PIG, "2": READY_ONE_SUIT, "3": READY_PLAIN.replace("5s", "6s")}
    for cap, amount in (("4", 16), ("5", 32), ("none", 32)):
        result = drawn(hands, options={"cap": cap})
        assert kinds(result, "draw")[(1, 0)] == amount, cap


def test_chadajiao_a_seat_not_ready_pays_each_ready_seat_its_best_hand() -> None:
    result = drawn(
        {
            "0": READY_PLAIN,
            "1": READY_ONE_SUIT,
            "2": NOT_READY,
            "3": READY_PLAIN.replace("5s", "6s"),
        }
    )
    draw = kinds(result, "draw")
    assert {k: v for k, v in draw.items() if k[0] == 2} == {(2, 0): 1, (2, 1): 4, (2, 3): 1}


def test_tuishui_a_seat_not_ready_returns_its_kong_winnings() -> None:
    result = drawn(
        {
            "0": READY_PLAIN,
            "1": READY_ONE_SUIT,
            "2": "[8888s]147m258m369p1s",
            "3": "444s666s777s99s23s",
        },
        kongs=[{"seat": 2, "kind": "concealed"}],
    )
    refunds = [line for line in result.lines if line.kind == "draw" and "returns" in line.reason]
    assert {(x.payer, x.payee, x.amount) for x in refunds} == {(2, 0, 2), (2, 1, 2), (2, 3, 2)}
    assert sum(result.deltas) == 0
