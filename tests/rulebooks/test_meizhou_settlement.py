"""梅州麻将 (seed 002) settlement: one test per payment, kong and liability statement of
七、杠牌及抢杠 and 十、得分, named after its clause. The seed has no horses; who deals next
(五、六: 荒庄, 轮庄, 被抢玩家即为下盘庄家) is game flow, not settlement.

Each settlement clause of the seed, then the test that proves it:

- 七、抢杠: 被抢杠者一个人承担 3 家的分数 … 普通胡牌类型 6 分 … 7 小对 18 分
  → test_qi_qiang_gang_the_robbed_player_alone_pays_three_shares,
    test_qi_qiang_gang_seven_pairs_18_is_three_shares_but_no_seven_pairs_is_robbed
- 十、自摸赔率最低 2 倍
  → test_shi_de_fen_zi_mo_pei_lv_zui_di_2_bei_the_smallest_hand_costs_each_2
- 十、胡牌后只计自摸，不计番数
  → test_shi_de_fen_hu_pai_hou_zhi_ji_zi_mo_a_discard_win_is_refused,
    test_shi_de_fen_self_draw_each_of_the_three_pays_the_hand_rate
- 十、一盘暗杠是明杠赔率的 2 倍
  → test_shi_de_fen_an_gang_is_twice_a_ming_gang
- 十、只要有某玩家胡牌后，且四个玩家中有人牌面有杠，则…结算。无人胡牌将不进行此结算
  → test_shi_de_fen_no_kong_settlement_when_nobody_wins
- 十、暗杠…其余三家每人均赔给杠牌者 2 倍
  → test_shi_de_fen_concealed_kong_two_from_each_of_the_three
- 十、摸明杠…其余三家每人均赔给杠牌者 1 倍 / 所有杠牌均累计计算
  → test_shi_de_fen_added_kong_one_from_each_and_kongs_accumulate
- 十、抢杠…6 倍金额全部由杠牌者全全承担，与其他人无关 / 清一色…24 倍
  → test_qi_qiang_gang_the_robbed_player_alone_pays_three_shares,
    test_done_when_mjc_settle_meizhou_robbed_kong_pure_one_suit_charges_the_robbed_24
- 十、但杠牌需要与其他玩家进行计算
  → test_shi_de_fen_a_robbed_kong_still_settles_the_other_kongs
- 十、杠上开花…由其他三位玩家平均分担（同自摸原理）
  → test_shi_de_fen_kong_bloom_is_paid_by_the_three_like_a_self_draw
- (convention) 明杠 from a discard, not priced by the seed
  → test_convention_exposed_kong_from_a_discard_the_feeder_pays_three
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from settlement_helpers import paid, settle

from mjc.compiler.cli.commands import main
from mjc.runtime import RoundError
from mjc.runtime.settle.settlement import Settlement

PLAIN = "123m456p789s345s22z"  # 平胡 2
# 杠上开花 is a win on a kong's replacement tile: the winner's hand shows the kong.
PLAIN_KONG = "123m456p789s22z (5555s)"
BLOOM = {"seat": 1, "hand": PLAIN_KONG, "self_drawn": True, "situations": ["kong_bloom"]}
SEVEN_PAIRS = "1122m3344p5566s77z"  # 七小对 6
PURE = "123m456m789m345m22m"  # 清一色 8


def robbed(hand: str, win: str) -> dict[str, object]:
    return {
        "winners": [{"seat": 1, "hand": hand, "win_tile": win, "situations": ["robbing_kong"]}],
        "robbed_from": 2,
    }


# a robbed tile completes no pair: the robbed seat holds its other three, so each hand is robbed
# on a tile that sits in a chow and nowhere else.
@pytest.mark.parametrize(("hand", "win", "owed"), [(PLAIN, "4p", 6), (PURE, "6m", 24)])
def test_qi_qiang_gang_the_robbed_player_alone_pays_three_shares(
    hand: str, win: str, owed: int
) -> None:
    result = settle("meizhou", **robbed(hand, win))
    assert paid(result) == {(2, 1): owed}
    assert result.deltas == [0, owed, -owed, 0]


def test_qi_qiang_gang_seven_pairs_18_is_three_shares_but_no_seven_pairs_is_robbed() -> None:
    """The seed's 7 小对 18 is three shares of 6, what each of the three pays on a self-draw;
    a robbed tile never completes a pair (the robbed seat holds its other three), so a
    seven-pairs win on a robbed kong is refused rather than charged 18."""
    drawn = settle("meizhou", winners=[{"seat": 1, "hand": SEVEN_PAIRS, "self_drawn": True}])
    assert drawn.deltas == [-6, 18, -6, -6]
    with pytest.raises(RoundError, match=r"copies\(winning_tile\) is 2"):
        settle("meizhou", **robbed(SEVEN_PAIRS, "7z"))


def test_shi_de_fen_self_draw_each_of_the_three_pays_the_hand_rate() -> None:
    result = settle("meizhou", winners=[{"seat": 1, "hand": PURE, "self_drawn": True}])
    assert result.deltas == [-8, 24, -8, -8]


def test_shi_de_fen_kong_bloom_is_paid_by_the_three_like_a_self_draw() -> None:
    result = settle(
        "meizhou",
        winners=[BLOOM],
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
    result = settle("meizhou", **robbed(PURE, "6m"), kongs=[{"seat": 0, "kind": "concealed"}])
    assert result.deltas == [6, 22, -26, -2]


def test_done_when_mjc_settle_meizhou_robbed_kong_pure_one_suit_charges_the_robbed_24(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    round_file = tmp_path / "round.json"
    round_file.write_text(json.dumps(robbed(PURE, "6m")), encoding="utf-8")
    assert main(["settle", "meizhou", str(round_file), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["deltas"] == [0, 24, -24, 0]
    assert [(x["payer"], x["payee"], x["amount"]) for x in document["lines"]] == [(2, 1, 24)]
    assert document["lines"][0]["rule"] == "win@meizhou.mjr#1"  # win robbed pays for all


def test_shi_de_fen_zi_mo_pei_lv_zui_di_2_bei_the_smallest_hand_costs_each_2() -> None:
    result = settle("meizhou", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert result.scores[1].total == 2
    assert paid(result) == {(0, 1): 2, (2, 1): 2, (3, 1): 2}


def test_shi_de_fen_hu_pai_hou_zhi_ji_zi_mo_a_discard_win_is_refused() -> None:
    with pytest.raises(RoundError, match="不能吃胡"):
        settle("meizhou", winners=[{"seat": 1, "hand": PLAIN}], discarder=2)


def test_shi_de_fen_an_gang_is_twice_a_ming_gang() -> None:
    win = [{"seat": 1, "hand": PLAIN, "self_drawn": True}]
    concealed = settle("meizhou", winners=win, kongs=[{"seat": 3, "kind": "concealed"}])
    added = settle("meizhou", winners=win, kongs=[{"seat": 3, "kind": "added"}])

    def each(result: Settlement) -> set[int]:
        return {x.amount for x in result.lines if x.payee == 3}

    assert each(concealed) == {2 * a for a in each(added)} and len(each(added)) == 1
