"""广东鸡平胡 (seed 004) settlement: one test per payment and liability statement of
五 3、杠 and 六 4、6、7、8、10、11、12 and the 三家付 / 庄家付 lines, named after its clause. The
seed has no horses; 不足 4 番按 4 番 floors are scoring, tested here where they change a payment.

Each settlement clause of the seed, then the test that proves it:

- 五 3、杠: 明、暗杠不计算番数或分数 / 可补杠，补杠为明杠
  → test_gang_ming_an_gang_bu_ji_fan_kongs_pay_nothing
- 六 2、多人都满足胡牌条件时，三人皆可胡牌，既“一炮多响”
  → test_yi_pao_duo_xiang_two_winners_are_each_paid_by_the_discarder
- 六 4、庄家胡牌时，赢输不翻倍
  → test_zhuang_jia_hu_pai_the_dealers_wins_and_losses_are_not_doubled
- 六 6、一炮三响: 点炮者包三家; 不足 4 番按 4 番
  → test_yi_pao_san_xiang_the_discarder_pays_all_three_winners_each_at_least_4
- 六 7、杠上开花（暗杠、补杠）: 记自摸; 不足 4 番按 4 番
  → test_gang_shang_kai_hua_concealed_kong_bloom_is_paid_by_the_three,
    test_gang_shang_kai_hua_bu_gang_an_added_kong_bloom_is_paid_by_the_three,
    test_gang_shang_kai_hua_bu_gang_a_pong_claimed_from_the_feeder_is_still_zi_mo,
    test_gang_shang_kai_hua_bu_gang_stated_as_bloom_kong_added_is_zi_mo
- 六 8、杠上开花包杠（明杠）: 计自摸，点杠者包三家牌
  → test_gang_shang_kai_hua_bao_gang_the_feeder_of_an_exposed_kong_pays_for_all,
    test_gang_shang_kai_hua_bao_gang_ming_gang_read_from_the_kong_claim
- 六 9 / 海底捞针: 最后一张牌自摸 … 当自摸，三家付
  → test_hai_di_lao_zhen_dang_zi_mo_san_jia_fu
- 六 10、十二张落地包自摸 (例一)
  → test_bao_zi_mo_twelve_exposed_the_feeder_of_the_fourth_meld_pays_for_all
- 六 10、包先不包后 (例二)
  → test_bao_xian_bu_bao_hou_only_the_first_player_made_twelve_exposed_is_covered
- 六 11、独特牌型包自摸: 大四喜 … 打出余下一款者
  → test_du_te_pai_xing_bao_zi_mo_da_si_xi_the_discarder_of_the_fourth_wind_pays_for_all,
    test_du_te_pai_xing_bao_zi_mo_only_a_self_draw_is_covered
- 六 11、独特牌型包自摸: 大三元 … 打出余下一款者
  → test_du_te_pai_xing_bao_zi_mo_da_san_yuan_the_discarder_of_the_third_dragon_pays_for_all,
    test_du_te_pai_xing_bao_zi_mo_concealed_winds_make_no_one_liable
- 六 12、抢杠: 抢杠胡等同杠开，当自摸，被抢杠者包三家牌; 不足 4 番按 4 番
  → test_qiang_gang_the_robbed_player_pays_for_all_three
- 六 12、明杠，不算抢杠胡，胡牌者只能胡点杠那张牌，只算平淡胡牌
  → test_ming_gang_bu_suan_qiang_gang_hu_the_discarder_pays_an_ordinary_win
- 六 12、暗杠不可抢杠胡 / 暗杠不能被抢杠 (补杠所补的那张牌 only: not a 明杠 either)
  → test_an_gang_bu_ke_qiang_gang_hu_only_an_added_kong_is_robbed
- 天胡：… 64 番，三家付
  → test_tian_hu_san_jia_fu_the_three_pay_the_dealers_heavenly_hand
- 地胡：… 64 番 (convention: a self-draw, the three pay)
  → test_convention_di_hu_the_three_pay_an_earthly_hand
- 人胡：… 当十三幺计算，9 番，庄家付 (contradicts itself: convention 64)
  → test_ren_hu_zhuang_jia_fu_the_discarder_alone_pays_a_discard_win,
    test_ren_hu_zhuang_jia_fu_convention_the_dealer_pays_64_not_9
- (三家付: a self-draw)
  → test_san_jia_fu_a_self_draw_is_paid_by_the_three
"""

from __future__ import annotations

import pytest
from settlement_helpers import paid, settle

from mjc.runtime import RoundError

CHICKEN = "123m456p999m22z [789s]"  # 鸡胡 1
# Two more 鸡胡 1 hands on the same 2z, so that three winners of one discard hold no more
# copies of any tile than the game has (one 2z discarded, three more in their pairs).
CHICKENS = (CHICKEN, "234m567p111s22z [678s]", "345p678m999p22z [123s]")
# 杠上开花 is a win on a kong's replacement tile: the winner's hand shows the kong.
CHICKEN_KONG = "123m456p22z [789s] [9999m]"
BLOOM = {"seat": 1, "hand": CHICKEN_KONG, "self_drawn": True, "situations": ["kong_bloom"]}
PLAIN = "123m456p789s345s22z"  # 平胡 2 + 门前清 1 = 3 (discard); self-draw +1


def test_san_jia_fu_a_self_draw_is_paid_by_the_three() -> None:
    result = settle("guangdong", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [-4, 12, -4, -4]


def test_ren_hu_zhuang_jia_fu_the_discarder_alone_pays_a_discard_win() -> None:
    result = settle("guangdong", winners=[{"seat": 1, "hand": PLAIN}], discarder=3)
    assert paid(result) == {(3, 1): 3}


def test_zhuang_jia_hu_pai_the_dealers_wins_and_losses_are_not_doubled() -> None:
    result = settle("guangdong", dealer=1, winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [-4, 12, -4, -4]
    lost = settle("guangdong", dealer=0, winners=[{"seat": 1, "hand": PLAIN}], discarder=0)
    assert lost.deltas == [-3, 3, 0, 0]


def test_yi_pao_san_xiang_the_discarder_pays_all_three_winners_each_at_least_4() -> None:
    result = settle(
        "guangdong",
        winners=[{"seat": s, "hand": h} for s, h in zip((1, 2, 3), CHICKENS, strict=True)],
        discarder=0,
    )
    assert paid(result) == {(0, 1): 4, (0, 2): 4, (0, 3): 4}


def test_yi_pao_duo_xiang_two_winners_are_each_paid_by_the_discarder() -> None:
    result = settle(
        "guangdong",
        winners=[{"seat": s, "hand": h} for s, h in zip((1, 2), CHICKENS[:2], strict=True)],
        discarder=0,
    )
    assert paid(result) == {(0, 1): 1, (0, 2): 1}


def test_gang_shang_kai_hua_bao_gang_the_feeder_of_an_exposed_kong_pays_for_all() -> None:
    result = settle(
        "guangdong",
        winners=[BLOOM],
        kong_fed_by=3,
        kongs=[{"seat": 1, "kind": "exposed", "fed_by": 3}],
    )
    assert paid(result) == {(3, 1): 12}


def test_gang_shang_kai_hua_concealed_kong_bloom_is_paid_by_the_three() -> None:
    result = settle(
        "guangdong",
        winners=[BLOOM],
        kongs=[{"seat": 1, "kind": "concealed"}],
    )
    assert result.deltas == [-4, 12, -4, -4]


def test_qiang_gang_the_robbed_player_pays_for_all_three() -> None:
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": CHICKEN, "win_tile": "4p", "situations": ["robbing_kong"]}],
        robbed_from=2,
    )
    assert paid(result) == {(2, 1): 12}


def test_bao_zi_mo_twelve_exposed_the_feeder_of_the_fourth_meld_pays_for_all() -> None:
    claims = [{"seat": 1, "from_seat": 0, "kind": "pong"}] * 3 + [
        {"seat": 1, "from_seat": 2, "kind": "pong"}
    ]
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": "22z [111m] [555p] [999s] [333s]", "self_drawn": True}],
        claims=claims,
    )
    assert list(paid(result)) == [(2, 1)]


def test_bao_xian_bu_bao_hou_only_the_first_player_made_twelve_exposed_is_covered() -> None:
    claims = [{"seat": 3, "from_seat": 0, "kind": "pong"}] * 3 + [
        {"seat": 3, "from_seat": 2, "kind": "pong"},
        *[{"seat": 1, "from_seat": 0, "kind": "pong"}] * 3,
        {"seat": 1, "from_seat": 2, "kind": "pong"},
    ]
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": "22z [111m] [555p] [999s] [333s]", "self_drawn": True}],
        claims=claims,
    )
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_gang_ming_an_gang_bu_ji_fan_kongs_pay_nothing() -> None:
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
        kongs=[{"seat": 2, "kind": "concealed"}, {"seat": 3, "kind": "exposed", "fed_by": 0}],
    )
    assert all(line.payee == 1 for line in result.lines)


BIG_WINDS = "22m [111z] [222z] [333z] [444z]"
BIG_DRAGONS = "123m22p [555z] [666z] [7777z]"


def _wind_claims(last_from: int) -> list[dict[str, object]]:
    return [
        {"seat": 1, "from_seat": 0, "kind": "pong", "tile": "1z"},
        {"seat": 1, "from_seat": 3, "kind": "pong", "tile": "2z"},
        {"seat": 1, "from_seat": 0, "kind": "pong", "tile": "3z"},
        {"seat": 1, "from_seat": last_from, "kind": "pong", "tile": "4z"},
    ]


def test_du_te_pai_xing_bao_zi_mo_da_si_xi_the_discarder_of_the_fourth_wind_pays_for_all() -> None:
    # seat 2 already made seat 3's twelve tiles (包先不包后 spares him as meld_feeder),
    # but the 大四喜 liability is its own clause
    claims = [
        *[{"seat": 3, "from_seat": 0, "kind": "pong"}] * 3,
        {"seat": 3, "from_seat": 2, "kind": "chow"},  # a chow only from the 上家
        *_wind_claims(2),
    ]
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": BIG_WINDS, "self_drawn": True}],
        claims=claims,
    )
    assert list(paid(result)) == [(2, 1)]
    assert "winds_feeder" in result.lines[0].reason


def test_du_te_pai_xing_bao_zi_mo_da_san_yuan_the_discarder_of_the_third_dragon_pays_for_all() -> (
    None
):
    claims = [
        {"seat": 1, "from_seat": 0, "kind": "pong", "tile": "5z"},
        {"seat": 1, "from_seat": 0, "kind": "pong", "tile": "6z"},
        {"seat": 1, "from_seat": 3, "kind": "kong", "tile": "7z"},
    ]
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": BIG_DRAGONS, "self_drawn": True}],
        claims=claims,
    )
    assert list(paid(result)) == [(3, 1)]
    assert paid(result)[(3, 1)] == 3 * result.scores[1].total


def test_du_te_pai_xing_bao_zi_mo_only_a_self_draw_is_covered() -> None:
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": BIG_WINDS}],
        claims=_wind_claims(2),
        discarder=0,
    )
    assert list(paid(result)) == [(0, 1)]


def test_du_te_pai_xing_bao_zi_mo_concealed_winds_make_no_one_liable() -> None:
    claims = [
        {"seat": 1, "from_seat": 0, "kind": "pong", "tile": "5z"},
        {"seat": 1, "from_seat": 3, "kind": "pong", "tile": "6z"},
    ]
    result = settle(
        "guangdong",
        winners=[{"seat": 1, "hand": "123m22p777z [555z] [666z]", "self_drawn": True}],
        claims=claims,
    )
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


ORPHANS = "19m19p19s1234567z1m"  # 十三幺 64


def test_gang_shang_kai_hua_bu_gang_an_added_kong_bloom_is_paid_by_the_three() -> None:
    result = settle(
        "guangdong",
        winners=[BLOOM],
        kongs=[{"seat": 1, "kind": "added"}],
    )
    share = result.scores[1].total
    assert share == 4  # 鸡胡 1, lifted to 4 番
    assert paid(result) == {(0, 1): share, (2, 1): share, (3, 1): share}


ADDED_KONG_HAND = "123m456p999m22z [7777s]"  # 鸡胡 1 with the 补杠 of 7s
ADDED_BLOOM = {"seat": 1, "hand": ADDED_KONG_HAND, "self_drawn": True,
               "situations": ["kong_bloom"]}  # fmt: skip


def test_gang_shang_kai_hua_bu_gang_a_pong_claimed_from_the_feeder_is_still_zi_mo() -> None:
    # 7、杠上开花（暗杠、补杠）…记自摸 against 8、杠上开花包杠（明杠）：点杠者包三家牌: the 补杠
    # grew from a pong claimed from seat 3, who fed no 明杠, so the three pay as a self-draw.
    result = settle(
        "guangdong",
        winners=[ADDED_BLOOM],
        kong_fed_by=3,
        claims=[{"seat": 1, "from_seat": 3, "kind": "pong", "tile": "7s"}],
        kongs=[{"seat": 1, "kind": "added"}],
    )
    share = result.scores[1].total
    assert share == 4 and paid(result) == {(0, 1): share, (2, 1): share, (3, 1): share}


def test_gang_shang_kai_hua_bu_gang_stated_as_bloom_kong_added_is_zi_mo() -> None:
    # 7、杠上开花（暗杠、补杠）…记自摸: a round that says the bloom kong was an added one.
    result = settle("guangdong", winners=[ADDED_BLOOM], kong_fed_by=3, bloom_kong="added")
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_gang_shang_kai_hua_bao_gang_ming_gang_read_from_the_kong_claim() -> None:
    # 8、杠上开花包杠（明杠）：点杠者包三家牌: the kong claim from seat 3 makes it a 明杠.
    result = settle(
        "guangdong",
        winners=[ADDED_BLOOM],
        kong_fed_by=3,
        claims=[{"seat": 1, "from_seat": 3, "kind": "kong", "tile": "7s"}],
    )
    assert paid(result) == {(3, 1): 12}


def test_hai_di_lao_zhen_dang_zi_mo_san_jia_fu() -> None:
    result = settle("guangdong", winners=[{"seat": 1, "hand": CHICKEN, "self_drawn": True,
                                           "situations": ["last_tile"]}])  # fmt: skip
    share = result.scores[1].total
    assert share >= 4 and paid(result) == {(0, 1): share, (2, 1): share, (3, 1): share}


def test_ming_gang_bu_suan_qiang_gang_hu_the_discarder_pays_an_ordinary_win() -> None:
    # seat 2 discarded the tile seat 3 wanted to kong (明杠): seat 1 wins on it, a plain discard
    result = settle("guangdong", winners=[{"seat": 1, "hand": CHICKEN}], discarder=2)
    robbing = {"seat": 1, "hand": CHICKEN, "win_tile": "4p", "situations": ["robbing_kong"]}
    robbed = settle("guangdong", winners=[robbing], robbed_from=2)
    assert paid(result) == {(2, 1): result.scores[1].total}
    assert result.scores[1].total < robbed.scores[1].total  # no 4 番 floor, not 包三家


def test_tian_hu_san_jia_fu_the_three_pay_the_dealers_heavenly_hand() -> None:
    result = settle("guangdong", dealer=1, winners=[{"seat": 1, "hand": ORPHANS, "self_drawn": True,
                                                     "situations": ["heavenly"]}])  # fmt: skip
    assert result.scores[1].total == 64
    assert paid(result) == {(0, 1): 64, (2, 1): 64, (3, 1): 64}


def test_convention_di_hu_the_three_pay_an_earthly_hand() -> None:
    # 地胡 is won before any meld is declared: a concealed hand
    earthly = {"seat": 1, "hand": "123m456p789s999m22z", "self_drawn": True,
               "situations": ["earthly"]}  # fmt: skip
    result = settle("guangdong", winners=[earthly])
    share = result.scores[1].total
    assert share == 64 and paid(result) == {(0, 1): share, (2, 1): share, (3, 1): share}


def test_ren_hu_zhuang_jia_fu_convention_the_dealer_pays_64_not_9() -> None:
    # the seed says both 当十三幺计算 and 9 番; the rulebook's convention reads 64. 人胡 is won
    # on the dealer's first discard, so the hand has declared no meld.
    human = {"seat": 1, "hand": "123m456p789s999m22z", "situations": ["human"]}
    result = settle("guangdong", dealer=0, winners=[human], discarder=0)
    assert result.scores[1].total == 64 and paid(result) == {(0, 1): 64}


def test_an_gang_bu_ke_qiang_gang_hu_only_an_added_kong_is_robbed() -> None:
    robbing = {"seat": 1, "hand": CHICKEN, "win_tile": "4p", "situations": ["robbing_kong"]}
    for kind, article in (("concealed", "a"), ("exposed", "an")):
        with pytest.raises(
            RoundError, match=f"^robbed_kong: guangdong robs only an added kong, not {article} "
        ):
            settle("guangdong", winners=[robbing], robbed_from=2, robbed_kong=kind)
    assert paid(settle("guangdong", winners=[robbing], robbed_from=2, robbed_kong="added")) == {
        (2, 1): 12
    }
