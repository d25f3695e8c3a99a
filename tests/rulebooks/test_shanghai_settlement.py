"""上海麻将 (seed 003) settlement: every payment, liability and 勒子 statement of the seed, one
test each, named after its clause. The seed has no kong payments (kongs count as 花 in the
hand's value) and no horses.

Each seed clause, then the test that proves it:

- 點炮: 點炮者輸分，和其他人無關
  → test_dian_pao_zhe_shu_fen_he_qi_ta_ren_wu_guan
- 一炮多響: 允許一炮多響
  → test_yi_pao_duo_xiang_each_winner_is_paid_by_the_discarder
- 搶杠: 記分按自摸計，但由杠的支付，相當於杠的人付3份
  → test_qiang_gang_the_konger_pays_three_shares
- 搶杠: 搶杠只應用在蓄杠上，即碰了牌後，自己摸上同樣的一張杠牌時
  → test_qiang_gang_zhi_ying_yong_zai_xu_gang_shang_a_robbed_exposed_or_concealed_kong_is_refused
- (gap) 自摸: who pays
  → test_convention_self_draw_each_of_the_three_pays_one_share
- 承包: 吃碰杠一家或被一家吃碰杠超過3次(包括3次)
  → test_cheng_bao_three_claims_form_a_relation_two_do_not
- 承包: (包含反承包在內)
  → test_cheng_bao_fan_cheng_bao_claims_by_the_discarder_from_the_winner_count
- 承包: 點炮記分時，承包者付2份點數
  → test_cheng_bao_dian_pao_the_partner_discarding_pays_two_shares
- 承包: 若自摸記分時承包者付5份點數
  → test_cheng_bao_zi_mo_the_partner_pays_five_shares_the_others_nothing
- 承包: 搶杠時承包付3份 / 搶杠時如果還有承包關係，承包者也付3份
  → test_cheng_bao_qiang_gang_the_konger_and_the_partner_pay_three_shares_each
- 承包: 若兩人各自相互有承包和被承包關係，那麼重複計算
  → test_cheng_bao_chong_fu_ji_suan_a_mutual_relation_counts_twice
- 承包: 不相關的玩家點炮…如點炮者未聽牌，則賠付胡牌者2倍點數
  → test_cheng_bao_unrelated_discarder_not_ready_pays_two_shares
- 承包: 如點炮者聽牌，則與發生承包關係的另一方各賠付胡牌者1份點數
  → test_cheng_bao_unrelated_discarder_ready_he_and_the_partner_pay_one_share_each
- 承包: 1炮2響…已聽牌，則賠付胡牌者兩方各1份; 未聽牌…各2倍
  → test_cheng_bao_yi_pao_liang_xiang_ready_discarder_pays_each_one_share
- 勒子 1、相當於輸分的封頂值 (one share)
  → test_le_zi_shu_fen_de_feng_ding_zhi_a_discarder_loses_at_most_the_hands_le_zi
- 勒子 1、 (each payer of a self-draw)
  → test_le_zi_each_payer_of_a_self_draw_loses_at_most_the_hands_le_zi
- 勒子 1、 (several shares: 承包 自摸 5份)
  → test_le_zi_cheng_bao_zi_mo_the_partner_loses_at_most_one_le_zi_for_five_shares
- 勒子 1、 (承包 點炮 2份)
  → test_le_zi_cheng_bao_dian_pao_the_partner_loses_at_most_the_le_zi_for_two_shares
- 勒子 1、 (搶杠 3份)
  → test_le_zi_qiang_gang_the_konger_loses_at_most_the_le_zi_for_three_shares
- 勒子 1、 (搶杠 with 承包: each payer apart)
  → test_le_zi_qiang_gang_cheng_bao_the_konger_and_the_partner_are_capped_apart
- 勒子 1、 (重複計算)
  → test_le_zi_chong_fu_ji_suan_a_mutual_relation_still_loses_at_most_the_le_zi
- 勒子 1、 (unrelated discarder 2倍)
  → test_le_zi_unrelated_discarder_not_ready_loses_at_most_the_le_zi
- 勒子 1、 (unrelated discarder 1份 each: no cut)
  → test_le_zi_one_share_each_is_not_cut
- 勒子 (convention: per winning hand, 1炮2響)
  → test_le_zi_convention_yi_pao_liang_xiang_each_hand_has_its_own_le_zi
- 勒子 2、門清 … 雙勒
  → test_le_zi_shuang_le_men_qing_a_robbed_konger_loses_up_to_two_le_zi
- 勒子 2、清碰 … 雙勒
  → test_le_zi_shuang_le_qing_peng_the_partner_loses_at_most_two_le_zi
- 勒子 2、風一色 … 雙勒
  → test_le_zi_shuang_le_feng_yi_se_the_partner_loses_at_most_two_le_zi
- 勒子 2、荒番 … 雙勒
  → test_le_zi_shuang_le_huang_fan_the_partner_loses_at_most_two_le_zi
- 勒子 3、風碰 … 四勒
  → test_le_zi_si_le_feng_peng_the_partner_loses_at_most_four_le_zi
- 勒子 4、清碰+開寶為4勒子
  → test_le_zi_qing_peng_kai_bao_four_le_zi
- 勒子 4、風碰+荒番為8勒子
  → test_le_zi_feng_peng_huang_fan_eight_le_zi
- 勒子 5、杠開…直接計算為勒子
  → test_le_zi_gang_kai_a_hand_lifted_to_one_le_zi_costs_the_partner_one_le_zi
- 勒子 5、大吊車…直接計算為勒子
  → test_le_zi_da_diao_che_a_hand_lifted_to_one_le_zi_costs_the_partner_one_le_zi
- 花 1、八花…直接算兩個勒子 (a payer of 八花 loses 2 勒子)
  → test_hua_ba_hua_each_payer_loses_two_le_zi
- 花 1、如果這8個花抓起即可胡牌 (won on the eighth flower drawn)
  → test_hua_ba_hua_zhua_qi_ji_ke_hu_pai_the_winning_tile_is_the_eighth_flower
"""

from __future__ import annotations

from typing import Any

import pytest
from settlement_helpers import paid, settle

from mjc.runtime import RoundError
from mjc.runtime.settle.settlement import Settlement

PLAIN = "123m456p789s345s22z"  # 門清: 2 底花 doubled, may reach 2 勒子
CLAIMED = "123m22z [555p] [777s] [999m]"  # three exposed pongs: the claims of a relation
CLAIMED_TOO = "456m22z [666p] [888s] [111m]"  # the same shape and value, other tiles
LEZI = 6  # a small 勒子, so that several shares pass it
SMALL = {"lezi": LEZI}


# The robbed seat's pong, the added kong that was robbed grew from (搶杠只應用在蓄杠上).
# A robbed tile completes no pair: the robbed seat holds its other three, so each robbed hand
# below names a winning tile that sits in a chow and nowhere else.
ROB_PLAIN = {"seat": 1, "hand": PLAIN, "win_tile": "4p", "situations": ["robbing_kong"]}
ROB_CLAIMED = {"seat": 1, "hand": CLAIMED, "win_tile": "2m", "situations": ["robbing_kong"]}
ROBBED_PONG: list[dict[str, object]] = [{"seat": 2, "from_seat": 3, "kind": "pong"}]


def _claims(seat: int, from_seat: int, times: int = 3) -> list[dict[str, object]]:
    return [{"seat": seat, "from_seat": from_seat, "kind": "pong"}] * times


def _share(result: Settlement, seat: int) -> int:
    return result.scores[seat].total


def _self_drawn(hand: str, *situations: str) -> dict[str, Any]:
    return {"seat": 1, "hand": hand, "self_drawn": True, "situations": list(situations)}


# ---------------------------------------------------------------- 點炮, 自摸, 搶杠, 一炮多響


def test_dian_pao_zhe_shu_fen_he_qi_ta_ren_wu_guan() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN}], discarder=2)
    assert paid(result) == {(2, 1): _share(result, 1)}


def test_qiang_gang_the_konger_pays_three_shares() -> None:
    robbed = settle(
        "shanghai",
        winners=[ROB_PLAIN],
        robbed_from=3,
    )
    drawn = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert paid(robbed) == {(3, 1): drawn.deltas[1]}


def test_convention_self_draw_each_of_the_three_pays_one_share() -> None:
    result = settle("shanghai", winners=[_self_drawn(PLAIN)])
    share = _share(result, 1)
    assert paid(result) == {(0, 1): share, (2, 1): share, (3, 1): share}


def test_yi_pao_duo_xiang_each_winner_is_paid_by_the_discarder() -> None:
    result = settle("shanghai", winners=[{"seat": s, "hand": PLAIN} for s in (1, 3)], discarder=2)
    assert paid(result) == {(2, 1): _share(result, 1), (2, 3): _share(result, 3)}


# ---------------------------------------------------------------- 承包


def test_cheng_bao_three_claims_form_a_relation_two_do_not() -> None:
    two = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                 claims=_claims(1, 2, 2) + _claims(1, 0, 1))  # fmt: skip
    assert paid(two) == {(2, 1): _share(two, 1)}
    three = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                   claims=_claims(1, 2))  # fmt: skip
    assert paid(three) == {(2, 1): 2 * _share(three, 1)}


def test_cheng_bao_fan_cheng_bao_claims_by_the_discarder_from_the_winner_count() -> None:
    # 包含反承包在內: seat 2 claimed three times from the winner, who claimed nothing
    result = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN}], discarder=2,
                    claims=_claims(2, 1))  # fmt: skip
    assert paid(result) == {(2, 1): 2 * _share(result, 1)}


def test_cheng_bao_dian_pao_the_partner_discarding_pays_two_shares() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                    claims=_claims(1, 2))  # fmt: skip
    assert paid(result) == {(2, 1): 2 * _share(result, 1)}


def test_cheng_bao_zi_mo_the_partner_pays_five_shares_the_others_nothing() -> None:
    result = settle("shanghai", winners=[_self_drawn(CLAIMED)], claims=_claims(1, 3))
    assert paid(result) == {(3, 1): 5 * _share(result, 1)}


def test_cheng_bao_qiang_gang_the_konger_and_the_partner_pay_three_shares_each() -> None:
    result = settle(
        "shanghai",
        winners=[ROB_CLAIMED],
        robbed_from=2,
        claims=_claims(1, 0) + ROBBED_PONG,
    )
    share = _share(result, 1)
    assert paid(result) == {(2, 1): 3 * share, (0, 1): 3 * share}


def test_cheng_bao_chong_fu_ji_suan_a_mutual_relation_counts_twice() -> None:
    wide = {"lezi": 30}  # a 勒子 above ten shares: only the counting shows
    once = settle("shanghai", options=wide, winners=[_self_drawn(CLAIMED)], claims=_claims(1, 3))
    twice = settle("shanghai", options=wide, winners=[_self_drawn(CLAIMED)],
                   claims=_claims(1, 3) + _claims(3, 1))  # fmt: skip
    assert paid(twice) == {(3, 1): 2 * paid(once)[(3, 1)]}
    assert "×2 (mutual relation)" in twice.lines[0].reason


def test_cheng_bao_unrelated_discarder_not_ready_pays_two_shares() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                    claims=_claims(1, 3))  # fmt: skip
    assert paid(result) == {(2, 1): 2 * _share(result, 1)}


def test_cheng_bao_unrelated_discarder_ready_he_and_the_partner_pay_one_share_each() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                    claims=_claims(1, 3), ready=[2])  # fmt: skip
    share = _share(result, 1)
    assert paid(result) == {(2, 1): share, (3, 1): share}


def test_cheng_bao_yi_pao_liang_xiang_ready_discarder_pays_each_one_share() -> None:
    winners = [{"seat": 1, "hand": CLAIMED}, {"seat": 3, "hand": PLAIN}]
    ready = settle("shanghai", winners=winners, discarder=2, claims=_claims(1, 3), ready=[2])
    assert paid(ready) == {(2, 1): _share(ready, 1), (2, 3): _share(ready, 3)}
    not_ready = settle("shanghai", winners=winners, discarder=2, claims=_claims(1, 3))
    assert paid(not_ready) == {(2, 1): 2 * _share(not_ready, 1), (2, 3): 2 * _share(not_ready, 3)}


# ---------------------------------------------------------------- 勒子: the cap on a payer's loss

PURE = "123m456m789m345m22m"  # 清一色 (門清): above any small 勒子


def test_le_zi_shu_fen_de_feng_ding_zhi_a_discarder_loses_at_most_the_hands_le_zi() -> None:
    small = settle("shanghai", options={"lezi": 3}, winners=[{"seat": 1, "hand": PURE}],
                   discarder=2)  # fmt: skip
    large = settle("shanghai", options={"lezi": 30}, winners=[{"seat": 1, "hand": PURE}],
                   discarder=2)  # fmt: skip
    assert small.scores[1].capped
    assert paid(small) == {(2, 1): 2 * 3}  # 清一色 and 門清 may reach 2 勒子
    assert paid(large)[(2, 1)] > paid(small)[(2, 1)]


def test_le_zi_each_payer_of_a_self_draw_loses_at_most_the_hands_le_zi() -> None:
    result = settle("shanghai", options={"lezi": 3}, winners=[_self_drawn(PURE)])
    assert set(paid(result).values()) == {2 * 3}


def _capped_at(result: Settlement, payer: int, shares: int, cap: int) -> None:
    """The payer owes `shares` shares, more than `cap` together, and pays exactly `cap`."""
    assert shares * _share(result, 1) > cap  # the shares pass the cap: it bites
    assert paid(result)[(payer, 1)] == cap
    assert any(f"seat {payer} loses at most {cap}" in x.reason for x in result.lines)


def test_le_zi_cheng_bao_zi_mo_the_partner_loses_at_most_one_le_zi_for_five_shares() -> None:
    result = settle("shanghai", options=SMALL, winners=[_self_drawn(CLAIMED)],
                    claims=_claims(1, 3))  # fmt: skip
    assert _share(result, 1) < LEZI  # one share is below the 勒子
    _capped_at(result, 3, 5, LEZI)
    assert set(paid(result)) == {(3, 1)}


def test_le_zi_cheng_bao_dian_pao_the_partner_loses_at_most_the_le_zi_for_two_shares() -> None:
    options = {"lezi": 3}  # 底花 2 a share: two shares pass a 勒子 of 3
    result = settle("shanghai", options=options, winners=[{"seat": 1, "hand": CLAIMED}],
                    discarder=2, claims=_claims(1, 2))  # fmt: skip
    _capped_at(result, 2, 2, 3)


def test_le_zi_qiang_gang_the_konger_loses_at_most_the_le_zi_for_three_shares() -> None:
    options = {"lezi": 5}  # 門清: a share of 4, three of them pass 2 勒子 = 10
    result = settle("shanghai", options=options,
                    winners=[ROB_PLAIN],
                    robbed_from=3)  # fmt: skip
    _capped_at(result, 3, 3, 2 * 5)


def test_le_zi_qiang_gang_cheng_bao_the_konger_and_the_partner_are_capped_apart() -> None:
    result = settle("shanghai", options={"lezi": 5},
                    winners=[ROB_CLAIMED],
                    robbed_from=2, claims=_claims(1, 0) + ROBBED_PONG)  # fmt: skip
    _capped_at(result, 2, 3, 5)
    _capped_at(result, 0, 3, 5)
    assert result.deltas[1] == 2 * 5


def test_le_zi_chong_fu_ji_suan_a_mutual_relation_still_loses_at_most_the_le_zi() -> None:
    result = settle("shanghai", options={"lezi": 15}, winners=[_self_drawn(CLAIMED)],
                    claims=_claims(1, 3) + _claims(3, 1))  # fmt: skip
    assert 5 * _share(result, 1) <= 15  # once, five shares stay below it
    _capped_at(result, 3, 10, 15)


def test_le_zi_unrelated_discarder_not_ready_loses_at_most_the_le_zi() -> None:
    result = settle("shanghai", options={"lezi": 3}, winners=[{"seat": 1, "hand": CLAIMED}],
                    discarder=2, claims=_claims(1, 3))  # fmt: skip
    _capped_at(result, 2, 2, 3)


def test_le_zi_one_share_each_is_not_cut() -> None:
    result = settle("shanghai", options={"lezi": 3}, winners=[{"seat": 1, "hand": CLAIMED}],
                    discarder=2, claims=_claims(1, 3), ready=[2])  # fmt: skip
    share = _share(result, 1)
    assert share < 3
    assert paid(result) == {(2, 1): share, (3, 1): share}
    assert not any("loses at most" in x.reason for x in result.lines)


def test_le_zi_convention_yi_pao_liang_xiang_each_hand_has_its_own_le_zi() -> None:
    winners = [{"seat": 1, "hand": CLAIMED}, {"seat": 3, "hand": CLAIMED_TOO}]
    claims = _claims(1, 0) + _claims(3, 0)
    result = settle("shanghai", options={"lezi": 3}, winners=winners, discarder=2, claims=claims)
    # seat 2 is unrelated and not ready: 2 shares to each, each winner's up to his 勒子
    assert paid(result) == {(2, 1): 3, (2, 3): 3}
    assert 2 * _share(result, 1) > 3 and result.deltas[2] == -2 * 3


def test_le_zi_shuang_le_men_qing_a_robbed_konger_loses_up_to_two_le_zi() -> None:
    result = settle("shanghai", options=SMALL,
                    winners=[{**ROB_PLAIN, "hand": PURE, "win_tile": "6m"}],
                    robbed_from=3)  # fmt: skip
    _capped_at(result, 3, 3, 2 * LEZI)


def _partner_pays(hand: str, *situations: str, claims: list[dict[str, object]]) -> Settlement:
    return settle("shanghai", options=SMALL, winners=[_self_drawn(hand, *situations)],
                  claims=claims)  # fmt: skip


QINGPENG = "22m [111m] [555m] [999m] [333m]"  # 清碰: 2 勒子
QINGPENG_CLAIMS = [
    {"seat": 1, "from_seat": 3, "kind": "pong", "tile": t} for t in ("1m", "5m", "9m", "3m")
]
FENGPENG = "66z [111z] [222z] [333z] [4444z]"  # 風碰: 4 勒子
FENGPENG_CLAIMS = [
    *({"seat": 1, "from_seat": 3, "kind": "pong", "tile": t} for t in ("1z", "2z", "3z")),
    {"seat": 1, "from_seat": 3, "kind": "kong", "tile": "4z"},
]


def test_le_zi_shuang_le_qing_peng_the_partner_loses_at_most_two_le_zi() -> None:
    _capped_at(_partner_pays(QINGPENG, claims=QINGPENG_CLAIMS), 3, 5, 2 * LEZI)


def test_le_zi_shuang_le_feng_yi_se_the_partner_loses_at_most_two_le_zi() -> None:
    # 風一色 as the seed's shape of any fourteen honours (乱风): concealed, so 門清 as well
    result = settle("shanghai", options=SMALL, winners=[_self_drawn("11223344556677z")],
                    claims=_claims(3, 1))  # fmt: skip
    assert "風一色" in [f.name for f in result.scores[1].fans]
    _capped_at(result, 3, 5, 2 * LEZI)


def test_le_zi_shuang_le_huang_fan_the_partner_loses_at_most_two_le_zi() -> None:
    plain = _partner_pays(CLAIMED, claims=_claims(1, 3))
    doubled = _partner_pays(CLAIMED, "huangfan", claims=_claims(1, 3))
    assert paid(plain)[(3, 1)] == LEZI
    _capped_at(doubled, 3, 5, 2 * LEZI)


def test_le_zi_si_le_feng_peng_the_partner_loses_at_most_four_le_zi() -> None:
    _capped_at(_partner_pays(FENGPENG, claims=FENGPENG_CLAIMS), 3, 5, 4 * LEZI)


def test_le_zi_qing_peng_kai_bao_four_le_zi() -> None:
    _capped_at(_partner_pays(QINGPENG, "kaibao", claims=QINGPENG_CLAIMS), 3, 5, 4 * LEZI)


def test_le_zi_feng_peng_huang_fan_eight_le_zi() -> None:
    _capped_at(_partner_pays(FENGPENG, "huangfan", claims=FENGPENG_CLAIMS), 3, 5, 8 * LEZI)


def test_le_zi_gang_kai_a_hand_lifted_to_one_le_zi_costs_the_partner_one_le_zi() -> None:
    claims = [*_claims(1, 3, 2), {"seat": 1, "from_seat": 3, "kind": "kong", "tile": "9m"}]
    result = settle("shanghai", options=SMALL,
                    winners=[_self_drawn("123m22z [555p] [777s] [9999m]", "kong_bloom")],
                    claims=claims, kongs=[{"seat": 1, "kind": "exposed", "fed_by": 3}])  # fmt: skip
    assert result.scores[1].total == LEZI  # lifted: 2 底花 + 1 花 is below one 勒子
    _capped_at(result, 3, 5, LEZI)


def test_le_zi_da_diao_che_a_hand_lifted_to_one_le_zi_costs_the_partner_one_le_zi() -> None:
    claims = [
        {"seat": 1, "from_seat": 0, "kind": "chow", "tile": "1m"},
        {"seat": 1, "from_seat": 0, "kind": "chow", "tile": "4p"},
        {"seat": 1, "from_seat": 0, "kind": "chow", "tile": "9s"},
        {"seat": 1, "from_seat": 2, "kind": "pong", "tile": "5s"},
    ]
    result = _partner_pays("22z [123m] [456p] [789s] [555s]", claims=claims)
    assert result.scores[1].total == LEZI and "大吊車" in [f.name for f in result.scores[1].fans]
    _capped_at(result, 0, 5, LEZI)


def test_hua_ba_hua_each_payer_loses_two_le_zi() -> None:
    winner = _self_drawn("123m456p789s345s2z12345678f") | {"win_tile": "8f"}
    result = settle("shanghai", options=SMALL, winners=[winner])
    assert result.scores[1].shape == "eight_flowers"
    assert paid(result) == {(0, 1): 2 * LEZI, (2, 1): 2 * LEZI, (3, 1): 2 * LEZI}


def test_hua_ba_hua_zhua_qi_ji_ke_hu_pai_the_winning_tile_is_the_eighth_flower() -> None:
    # 如果這8個花抓起即可胡牌，此時胡牌直接算兩個勒子: won on the eighth flower drawn.
    winner = _self_drawn("123m456p789s345s2z12345678f") | {"win_tile": "8f"}
    result = settle("shanghai", options=SMALL, winners=[winner])
    assert result.scores[1].shape == "eight_flowers"
    assert paid(result) == {(0, 1): 2 * LEZI, (2, 1): 2 * LEZI, (3, 1): 2 * LEZI}


@pytest.mark.parametrize("kind", ["exposed", "concealed"])
def test_qiang_gang_zhi_ying_yong_zai_xu_gang_shang_a_robbed_exposed_or_concealed_kong_is_refused(
    kind: str,
) -> None:
    robber = {"seat": 1, "hand": "123m456p789s345s22z", "win_tile": "4p",
              "situations": ["robbing_kong"]}  # fmt: skip
    article = "an" if kind == "exposed" else "a"
    with pytest.raises(
        RoundError,
        match=f"^robbed_kong: shanghai robs only an added kong, not {article} {kind} kong$",
    ):
        settle("shanghai", winners=[robber], robbed_from=2, robbed_kong=kind)
    added = settle("shanghai", winners=[robber], robbed_from=2, robbed_kong="added")
    assert paid(added) == {(2, 1): 3 * _share(added, 1)}  # 由杠的支付，相當於杠的人付3份
