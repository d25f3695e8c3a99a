"""百色麻将 (seed 001) settlement: 杠上花全包, 封顶, 抓马, 三包, 炮胡 fixed values, 一炮多响 and the
conventions for ordinary wins and kongs (research §10–§12).

Each settlement clause of the seed, then the test that proves it (horse tables by player
count: tests/rulebooks/test_baise_horses.py; dealer rotation is game flow, not settlement):

- 抓马：胡牌者从剩余牌堆最后面取对应抓马数的牌，胡牌者根据中马的张数获得对应马分
  → test_zhua_ma_hits_on_the_winner_s_row_add_horse_points,
    test_zhua_ma_a_discard_win_the_discarder_pays_the_horse_points
- 胡牌时，剩余牌数不足时，剩几张则算抓几马
  → test_zhua_ma_sheng_ji_zhang_suan_zhua_ji_ma
- 没有剩余牌时不抓马
  → test_zhua_ma_mei_you_sheng_yu_pai_shi_bu_zhua_ma
- 一炮多响也不抓马
  → test_zhua_ma_yi_pao_duo_xiang_ye_bu_zhua_ma
- 不抓马 / 胡牌抓马 / 自摸抓马：只有自摸才抓马
  → test_bu_zhua_ma_turned_up_tiles_are_refused, test_zi_mo_zhua_ma_only_a_self_draw_grabs_horses
- (convention) no horses on a draw
  → test_zhua_ma_no_horses_on_a_draw
- 三包：吃、碰、杠同一个玩家3次及以上时，该两家玩家形成互包关系
  → test_san_bao_chi_peng_gang_tong_yi_ge_wan_jia_3_ci_two_claims_make_no_relation
- 两家其中有一家自摸，则另一家帮出其他家的再翻倍一次的输分，其他家不用出
  → test_san_bao_zi_mo_the_partner_pays_the_others_shares_doubled_the_others_nothing
- 两家其中有一家炮胡，则另一家需要出相同点炮者应出的输分给胡牌者
  → test_san_bao_pao_hu_the_partner_pays_what_the_discarder_pays
- 两家同时胡或都没有胡则正常算分
  → test_san_bao_liang_jia_tong_shi_hu_both_winning_is_settled_normally,
    test_san_bao_dou_mei_you_hu_a_third_players_win_is_settled_normally
- (convention) the partner is the discarder
  → test_san_bao_convention_the_partner_discarding_pays_twice
- 三比互包 / 三包四封 / 不互包不封胡
  → test_san_bao_hu_bao_guan_xi_no_relation_when_neither_option
- 四封：吃4次/碰3次/吃2次并碰2次/吃3次并碰1次，这4种情况则不能胡牌
  → test_si_feng_peng_3_ci_a_sealed_hand_cannot_win
- 封顶：限制结算每家获得最高胡分，16分封顶表示每家赢得单局胡分不会超过16分
  → test_feng_ding_16_each_seat_wins_at_most_16_from_hands_in_a_round,
    test_feng_ding_none_by_default
- (convention) kong points are outside the cap
  → test_convention_feng_ding_kong_points_are_outside_the_cap
- 只可自摸：只能自摸胡
  → test_zhi_ke_zi_mo_a_discard_win_is_refused
- 杠上花全包：由点杠（或点碰后杠）的玩家帮其他输家出分（不含杠分）
  → test_gang_shang_hua_quan_bao_the_feeder_pays_for_the_other_losers,
    test_gang_shang_hua_quan_bao_kong_points_are_not_included,
    test_gang_shang_hua_quan_bao_dian_peng_hou_gang_the_feeder_of_the_pong_pays
- 炮胡算1分 / 炮胡9分起：不论什么炮胡都按1分 / 9分来算
  → test_pao_hu_suan_1_fen_the_discarder_pays_1_whatever_the_hand,
    test_pao_hu_9_fen_qi_the_discarder_pays_9_whatever_the_hand,
    test_pao_hu_fixed_values_do_not_touch_a_self_draw,
    test_san_bao_pao_hu_suan_1_fen_the_partner_pays_the_fixed_value_too
- (conventions: the seed prices no ordinary win and no kong)
  → test_convention_self_draw_every_loser_pays_the_hand_value,
    test_convention_discard_win_the_discarder_pays,
    test_convention_robbed_kong_the_robbed_player_pays_like_a_discarder,
    test_convention_kongs_settle_only_when_someone_wins,
    test_convention_kong_payments_concealed_2_added_1_exposed_3_from_the_feeder
"""

from __future__ import annotations

import pytest
from settlement_helpers import KONGS_PAID_2_1_3, ONE_KONG_OF_EACH_KIND, kong_lines, paid, settle

from mjc.runtime import RoundError
from mjc.runtime.settle.settlement import Settlement

PLAIN = "123m456p789s345s22z"
# 杠上开花 is a win on a kong's replacement tile: the winner's hand shows the kong.
PLAIN_KONG = "123m456p789s22z (5555s)"
PURE = "123m456m789m345m22m"
CLAIMED = "123m22z [555p] [777s] [999m]"  # three exposed pongs: the claims of a relation
PURE_CLAIMED = "123m22m [555m] [777m] [999m]"
BLOOM = {"seat": 1, "hand": PLAIN_KONG, "self_drawn": True, "situations": ["kong_bloom"]}


def test_gang_shang_hua_quan_bao_the_feeder_pays_for_the_other_losers() -> None:
    result = settle("baise", options={"kong_bloom_pays_all": "on"}, winners=[BLOOM], kong_fed_by=3)
    assert list(paid(result)) == [(3, 1)]


def test_gang_shang_hua_quan_bao_kong_points_are_not_included() -> None:
    result = settle(
        "baise",
        options={"kong_bloom_pays_all": "on"},
        winners=[BLOOM],
        kong_fed_by=3,
        kongs=[{"seat": 1, "kind": "added"}],
    )
    kong = [line for line in result.lines if line.reason.startswith("kong")]
    assert sorted(line.payer for line in kong) == [0, 2, 3]


def test_feng_ding_16_each_seat_wins_at_most_16_from_hands_in_a_round() -> None:
    result = settle(
        "baise", options={"cap": "16"}, winners=[{"seat": 1, "hand": PURE, "self_drawn": True}]
    )
    assert result.deltas[1] == 16 and sum(result.deltas) == 0


def test_feng_ding_none_by_default() -> None:
    result = settle("baise", winners=[{"seat": 1, "hand": PURE, "self_drawn": True}])
    assert result.deltas[1] == 24


def test_convention_discard_win_the_discarder_pays() -> None:
    result = settle("baise", winners=[{"seat": 1, "hand": PLAIN}], discarder=0)
    assert list(paid(result)) == [(0, 1)]


def test_convention_kongs_settle_only_when_someone_wins() -> None:
    assert (
        settle("baise", exhaustive_draw=True, kongs=[{"seat": 0, "kind": "concealed"}]).lines == []
    )


# ---------------------------------------------------------------- 抓马 (§13)

SELF = {"seat": 1, "hand": PLAIN, "self_drawn": True}  # worth 2: 2 from each loser
GRAB = {"horses": "any_win", "horse_count": "4"}


def _horse_lines(result: Settlement) -> list[tuple[int, int, int]]:
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("horse")]


def test_zhua_ma_hits_on_the_winner_s_row_add_horse_points() -> None:
    # at dealer 0, seat 1 is 庄家下家: 2、6、南、发
    result = settle("baise", options=GRAB, winners=[SELF], horse_tiles=["2m", "6z", "1m", "3p"])
    assert _horse_lines(result) == [(0, 1, 4), (2, 1, 4), (3, 1, 4)]
    assert result.lines[-1].rule == "horse_payment@baise.mjr#1"


def test_zhua_ma_a_discard_win_the_discarder_pays_the_horse_points() -> None:
    result = settle(
        "baise", options=GRAB, winners=[{"seat": 1, "hand": PLAIN}], discarder=0,
        horse_tiles=["2s"],
    )  # fmt: skip
    assert _horse_lines(result) == [(0, 1, 2)]


def test_zhua_ma_yi_pao_duo_xiang_ye_bu_zhua_ma() -> None:
    result = settle(
        "baise",
        options=GRAB,
        winners=[{"seat": 1, "hand": PLAIN}, {"seat": 2, "hand": PLAIN}],
        discarder=0,
        horse_tiles=["2m", "3m"],
    )
    assert _horse_lines(result) == []


def test_zhua_ma_mei_you_sheng_yu_pai_shi_bu_zhua_ma() -> None:
    assert _horse_lines(settle("baise", options=GRAB, winners=[SELF])) == []


def test_zhua_ma_sheng_ji_zhang_suan_zhua_ji_ma() -> None:
    result = settle("baise", options=GRAB, winners=[SELF], horse_tiles=["2m"])
    assert _horse_lines(result) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    with pytest.raises(RoundError, match="horse_tiles: 5 tiles, at most 4 are taken"):
        settle("baise", options=GRAB, winners=[SELF], horse_tiles=["2m", "3m", "4m", "6m", "7m"])


def test_zi_mo_zhua_ma_only_a_self_draw_grabs_horses() -> None:
    options = {"horses": "zimo", "horse_count": "2"}
    discard = settle(
        "baise", options=options, winners=[{"seat": 1, "hand": PLAIN}], discarder=0,
        horse_tiles=["2m"],
    )  # fmt: skip
    assert _horse_lines(discard) == []
    drawn = settle("baise", options=options, winners=[SELF], horse_tiles=["2m"])
    assert _horse_lines(drawn) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]


def test_bu_zhua_ma_turned_up_tiles_are_refused() -> None:
    with pytest.raises(RoundError, match="horse_tiles: these options turn up no horses"):
        settle("baise", winners=[SELF], horse_tiles=["2m"])


def test_zhua_ma_no_horses_on_a_draw() -> None:
    result = settle("baise", options=GRAB, exhaustive_draw=True, horse_tiles=["2m"])
    assert result.lines == []


def _relation(seat: int, from_seat: int) -> list[dict[str, object]]:
    return [{"seat": seat, "from_seat": from_seat, "kind": "pong"}] * 3


def test_san_bao_hu_bao_guan_xi_no_relation_when_neither_option() -> None:
    result = settle("baise", options={"play": "neither"},
                    winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}],
                    claims=_relation(1, 3))  # fmt: skip
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_san_bao_zi_mo_the_partner_pays_the_others_shares_doubled_the_others_nothing() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
                    claims=_relation(3, 1))  # fmt: skip
    share = result.scores[1].total
    assert paid(result) == {(3, 1): share + 2 * 2 * share}


def test_san_bao_pao_hu_the_partner_pays_what_the_discarder_pays() -> None:
    # under 三包四封 three pongs would seal the hand (四封): two chows and a pong from 上家 0
    claims = [{"seat": 1, "from_seat": 0, "kind": k} for k in ("chow", "chow", "pong")]
    result = settle("baise", options={"play": "mutual_seal"},
                    winners=[{"seat": 1, "hand": "789s22z [123m] [456p] [555s]"}], discarder=2,
                    claims=claims)  # fmt: skip
    share = result.scores[1].total
    assert paid(result) == {(2, 1): share, (0, 1): share}


def test_san_bao_liang_jia_tong_shi_hu_both_winning_is_settled_normally() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 1, "hand": CLAIMED}, {"seat": 3, "hand": PLAIN}], discarder=2,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(2, 1): result.scores[1].total, (2, 3): result.scores[3].total}


def test_san_bao_convention_the_partner_discarding_pays_twice() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 1, "hand": CLAIMED}], discarder=3,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(3, 1): 2 * result.scores[1].total}


def test_pao_hu_suan_1_fen_the_discarder_pays_1_whatever_the_hand() -> None:
    result = settle("baise", options={"pao1": "on"}, winners=[{"seat": 1, "hand": PURE}],
                    discarder=2)  # fmt: skip
    assert paid(result) == {(2, 1): 1}


def test_pao_hu_9_fen_qi_the_discarder_pays_9_whatever_the_hand() -> None:
    result = settle("baise", options={"pao9": "on"}, winners=[{"seat": 1, "hand": PLAIN}],
                    discarder=2)  # fmt: skip
    assert paid(result) == {(2, 1): 9}


def test_pao_hu_fixed_values_do_not_touch_a_self_draw() -> None:
    plain = settle("baise", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    fixed = settle("baise", options={"pao9": "on"},
                   winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])  # fmt: skip
    assert fixed.deltas == plain.deltas


def test_san_bao_pao_hu_suan_1_fen_the_partner_pays_the_fixed_value_too() -> None:
    result = settle("baise", options={"pao1": "on", "play": "mutual"},
                    winners=[{"seat": 1, "hand": PURE_CLAIMED}], discarder=2,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(2, 1): 1, (3, 1): 1}


# ---------------------------------------------------------------- the rest of the audit


def test_san_bao_chi_peng_gang_tong_yi_ge_wan_jia_3_ci_two_claims_make_no_relation() -> None:
    two = [{"seat": 1, "from_seat": 3, "kind": "pong"}] * 2 + [
        {"seat": 1, "from_seat": 2, "kind": "pong"}
    ]
    winner = {"seat": 1, "hand": CLAIMED, "self_drawn": True}
    result = settle("baise", options={"play": "mutual"}, winners=[winner], claims=two)
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}
    related = settle("baise", options={"play": "mutual"},
                     winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}],
                     claims=_relation(1, 3))  # fmt: skip
    assert set(paid(related)) == {(3, 1)}


def test_san_bao_dou_mei_you_hu_a_third_players_win_is_settled_normally() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 2, "hand": PLAIN}], discarder=1,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(1, 2): result.scores[2].total}


def test_si_feng_peng_3_ci_a_sealed_hand_cannot_win() -> None:
    with pytest.raises(RoundError, match="四封：不能胡牌"):
        settle("baise", options={"play": "mutual_seal"},
               winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}])  # fmt: skip
    unsealed = settle("baise", options={"play": "mutual"},
                      winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}])  # fmt: skip
    assert unsealed.deltas[1] > 0


def test_zhi_ke_zi_mo_a_discard_win_is_refused() -> None:
    with pytest.raises(RoundError, match="只可自摸：只能自摸胡"):
        settle("baise", options={"zimo_only": "on"}, winners=[{"seat": 1, "hand": PLAIN}],
               discarder=2)  # fmt: skip
    assert settle("baise", options={"zimo_only": "on"}, winners=[SELF]).deltas[1] > 0


def test_gang_shang_hua_quan_bao_dian_peng_hou_gang_the_feeder_of_the_pong_pays() -> None:
    # seat 1 ponged seat 3's 9m, drew the fourth (碰后杠) and bloomed on the replacement
    result = settle(
        "baise",
        options={"kong_bloom_pays_all": "on"},
        winners=[{"seat": 1, "hand": "123m456p789s22z [9999m]", "self_drawn": True,
                  "situations": ["kong_bloom"]}],
        kong_fed_by=3,
        claims=[{"seat": 1, "from_seat": 3, "kind": "pong", "tile": "9m"}],
        kongs=[{"seat": 1, "kind": "added"}],
    )  # fmt: skip
    hand = [(x.payer, x.amount) for x in result.lines if x.reason.startswith("hand")]
    assert hand == [(3, 3 * result.scores[1].total)]  # the other losers' shares and his own


def test_convention_self_draw_every_loser_pays_the_hand_value() -> None:
    result = settle("baise", winners=[SELF])
    share = result.scores[1].total
    assert paid(result) == {(0, 1): share, (2, 1): share, (3, 1): share}


def test_convention_robbed_kong_the_robbed_player_pays_like_a_discarder() -> None:
    # a robbed tile completes no pair: the robbed seat holds its other three
    robbed = {"seat": 1, "hand": PLAIN, "win_tile": "4p", "situations": ["robbing_kong"]}
    result = settle("baise", winners=[robbed], robbed_from=2)
    assert paid(result) == {(2, 1): result.scores[1].total}


def test_convention_kong_payments_concealed_2_added_1_exposed_3_from_the_feeder() -> None:
    result = settle("baise", winners=[SELF], kongs=ONE_KONG_OF_EACH_KIND)
    assert kong_lines(result) == KONGS_PAID_2_1_3


def test_convention_feng_ding_kong_points_are_outside_the_cap() -> None:
    result = settle("baise", options={"cap": "16"},
                    winners=[{"seat": 1, "hand": PURE, "self_drawn": True}],
                    kongs=[{"seat": 1, "kind": "concealed"}])  # fmt: skip
    hands = sum(x.amount for x in result.lines if x.reason.startswith("hand"))
    kongs = sum(x.amount for x in result.lines if x.reason.startswith("kong"))
    assert hands == 16 and kongs == 3 * 2 and result.deltas[1] == hands + kongs
