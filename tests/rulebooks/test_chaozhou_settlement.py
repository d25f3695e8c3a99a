"""潮州麻将 (seed 000) settlement: the options 吃杠爆杠全包 and 流局算杠, horses, 跟庄 and 连庄, and
the conventions for the payments the seed's missing 计分规定 leaves out (research §11, §12).

Each settlement clause of the seed, then the test that proves it (horse tables by player
count: tests/rulebooks/test_chaozhou_horses.py; dealer rotation is game flow, not settlement):

- 流局时，不算杠分
  → test_liu_ju_suan_gang_off_no_kong_score_on_a_draw
- 勾选“流局算杠”，流局算杠分 / 流局算杠：勾选后，流局计算杠分，不然不计算杠分
  → test_liu_ju_suan_gang_on_kong_scores_count_on_a_draw
- 中途结束同流局 (an abandoned round is given as `exhaustive_draw`)
  → test_liu_ju_suan_gang_off_no_kong_score_on_a_draw, test_mai_ma_liu_ju_no_horse_score_on_a_draw
- 一炮多点炮者坐庄 (several winners of one discard)
  → test_yi_pao_duo_each_winner_is_paid_by_the_discarder
- 吃杠爆杠全包：点杠后补牌自摸胡，则点杠者包三家胡牌分
  → test_chi_gang_bao_gang_quan_bao_the_feeder_pays_all_three_shares,
    test_chi_gang_bao_gang_quan_bao_dian_gang_only_not_an_added_kong,
    test_chi_gang_bao_gang_quan_bao_off_the_three_pay_as_a_self_draw
- 买马：出牌前每个人发X张买马牌
  → test_mai_ma_each_player_draws_the_option_s_count
- 如若中的马是赢家对应的中马规定那就是中马，如若是输家中马规定那就是输马
  → test_mai_ma_a_horse_pointing_at_the_winner_wins_its_owner_a_hand_value,
    test_mai_ma_a_horse_pointing_at_a_loser_loses_a_hand_value_to_the_winner
- 流局翻买马牌，均显示“输马”标志，无买马分
  → test_mai_ma_liu_ju_no_horse_score_on_a_draw
- 点炮胡情况下，买中非胡且非点炮玩家的买马牌，不显示标志
  → test_mai_ma_dian_pao_hu_a_horse_of_an_uninvolved_seat_shows_nothing
- 罚X马即是仅庄家摸X张买马牌，算分同买马
  → test_fa_ma_only_the_dealer_draws_scored_like_mai_ma
- 奖马：胡牌者从牌墙最后翻开对应买奖马数的牌，仅胡牌者能中奖马
  → test_jiang_ma_only_the_winner_can_hit,
    test_jiang_ma_at_most_the_options_count_of_tiles_is_turned_up
- 中马数对应分数加倍数
  → test_jiang_ma_each_hit_adds_one_more_multiple_of_the_hand_value
- 流局不翻奖马牌
  → test_jiang_ma_liu_ju_bu_fan_none_on_a_draw
- (convention) 奖马 with several winners
  → test_convention_jiang_ma_with_several_winners_none_are_settled
- 跟庄：起手庄家打出第一张牌（起手暗杠后打出的不算），闲家依次打出相同的牌
  → test_gen_zhuang_xian_jia_yi_ci_da_chu_xiang_tong_de_pai_counted_from_the_discards,
    test_gen_zhuang_qi_shou_an_gang_hou_da_chu_de_bu_suan,
    test_gen_zhuang_qi_shou_di_yi_zhang_only_the_first_go_around_starts_the_chain,
    test_gen_zhuang_an_unfinished_go_around_does_not_follow
- 跟庄 （仅限3、4人场）
  → test_gen_zhuang_only_at_three_and_four_players,
    test_gen_zhuang_jin_xian_san_si_ren_chang_from_the_discards
- 仅限起手第一圈开始到跟庄结束，不能碰、杠
  → test_gen_zhuang_bu_neng_peng_gang_an_interrupted_go_around_ends_the_chain
- 第X圈跟庄后，庄家给每个人X分 / 跟庄分一圈一结
  → test_gen_zhuang_the_dealer_pays_every_other_player_x_after_round_x
- 第一圈到第X圈跟庄不能断，断了则跟庄结束
  → test_gen_zhuang_duan_le_ze_gen_zhuang_jie_shu_the_chain_ends_when_broken
- 跟庄1分：勾选后，才有跟庄分
  → test_gen_zhuang_1_fen_off_no_follow_score, test_gen_zhuang_1_fen_off_the_discards_pay_nothing
- (round input) the count and the discards given together
  → test_gen_zhuang_both_forms_given_must_agree,
    test_gen_zhuang_opening_discards_are_tiles_one_per_player
- 连庄：勾选后，才计算连庄和连庄分 (convention: the count is added to the hand value)
  → test_lian_zhuang_the_streak_is_added_to_the_winner_s_hand_value
- X分封顶即局内胡牌 胡牌分最多 为X
  → test_feng_ding_x_fen_feng_ding_each_payer_pays_at_most_x
- (convention) the cap comes before horses
  → test_convention_feng_ding_caps_the_hand_score_before_horses
- 自摸（20分以上可吃胡）：只可自摸胡，当胡牌分达到20分及以上时也可以点炮胡
  → test_zi_mo_20_fen_yi_shang_ke_chi_hu_below_20_a_discard_win_is_refused
- (conventions, 计分规定 missing) self-draw, discard win, robbed kong, kong amounts
  → test_convention_self_draw_every_other_player_pays_the_hand_score,
    test_convention_discard_win_the_discarder_alone_pays,
    test_convention_robbed_kong_the_robbed_player_pays_for_all_three,
    test_convention_kong_payments_on_a_win_concealed_2_added_1_exposed_3_from_the_feeder
"""

from __future__ import annotations

import pytest
from settlement_helpers import KONGS_PAID_2_1_3, ONE_KONG_OF_EACH_KIND, kong_lines, paid, settle

from mjc.runtime import RoundError
from mjc.runtime.settle.settlement import Settlement

PLAIN = "123m456p789s345s22z"
# 杠上开花 is a win on a kong's replacement tile: the winner's hand shows the kong.
PLAIN_KONG = "123m456p789s22z (5555s)"
BLOOM = {"seat": 1, "hand": PLAIN_KONG, "self_drawn": True, "situations": ["kong_bloom"]}


def test_chi_gang_bao_gang_quan_bao_the_feeder_pays_all_three_shares() -> None:
    result = settle(
        "chaozhou",
        options={"kong_bloom_pays_all": "on"},
        winners=[BLOOM],
        kong_fed_by=2,
        kongs=[{"seat": 1, "kind": "exposed", "fed_by": 2}],
    )
    hand = {k: v for k, v in paid(result).items() if k[1] == 1}
    assert list(hand) == [(2, 1)]


def test_chi_gang_bao_gang_quan_bao_dian_gang_only_not_an_added_kong() -> None:
    # 吃杠爆杠全包：点杠后补牌自摸胡，则点杠者包三家胡牌分 — 点杠 feeds a 直杠 (research §11):
    # the feeder of the pong an added kong grew from pays only his own share.
    result = settle(
        "chaozhou",
        options={"kong_bloom_pays_all": "on"},
        winners=[BLOOM],
        kong_fed_by=2,
        bloom_kong="added",
    )
    assert {k for k in paid(result) if k[1] == 1} == {(0, 1), (2, 1), (3, 1)}


def test_chi_gang_bao_gang_quan_bao_off_the_three_pay_as_a_self_draw() -> None:
    result = settle("chaozhou", winners=[BLOOM], kong_fed_by=2)
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_liu_ju_suan_gang_off_no_kong_score_on_a_draw() -> None:
    result = settle("chaozhou", exhaustive_draw=True, kongs=[{"seat": 0, "kind": "concealed"}])
    assert result.lines == []


def test_liu_ju_suan_gang_on_kong_scores_count_on_a_draw() -> None:
    result = settle(
        "chaozhou",
        options={"draw_kong_score": "on"},
        exhaustive_draw=True,
        kongs=[{"seat": 0, "kind": "concealed"}, {"seat": 1, "kind": "exposed", "fed_by": 3}],
    )
    assert result.deltas == [6, 1, -2, -5]


def test_convention_self_draw_every_other_player_pays_the_hand_score() -> None:
    result = settle("chaozhou", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [-2, 6, -2, -2]


def test_convention_discard_win_the_discarder_alone_pays() -> None:
    result = settle("chaozhou", winners=[{"seat": 1, "hand": PLAIN}], discarder=3)
    assert list(paid(result)) == [(3, 1)]


def test_yi_pao_duo_each_winner_is_paid_by_the_discarder() -> None:
    result = settle("chaozhou", winners=[{"seat": s, "hand": PLAIN} for s in (1, 2)], discarder=0)
    assert set(paid(result)) == {(0, 1), (0, 2)}


# ---------------------------------------------------------------- horses, 跟庄, 连庄 (§13, §15)

SELF = {"seat": 1, "hand": PLAIN, "self_drawn": True}  # worth 2: 2 from each loser
ONE_EACH = {0: ["2m"], 1: ["3m"], 2: ["4m"], 3: ["1z"]}  # at dealer 0: seats 1, 2, 3, 0


def _horse_lines(result: Settlement) -> list[tuple[int, int, int]]:
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("horse")]


def test_mai_ma_a_horse_pointing_at_the_winner_wins_its_owner_a_hand_value() -> None:
    result = settle(
        "chaozhou",
        options={"buy_horses": "1"},
        winners=[SELF],
        bought_horses={0: ["2m"], 1: ["3m"]},
    )
    # 2m → seat 1, the winner: both other payers pay seat 0; 3m (seat 1's own) → seat 2,
    # but the winner does not pay himself
    assert _horse_lines(result) == [(2, 0, 2), (3, 0, 2)]
    assert result.lines[-1].rule == "horse_payment@chaozhou.mjr#1"  # the bought horses' line


def test_mai_ma_a_horse_pointing_at_a_loser_loses_a_hand_value_to_the_winner() -> None:
    result = settle(
        "chaozhou",
        options={"buy_horses": "1"},
        winners=[SELF],
        bought_horses={0: ["3m"], 3: ["1z"]},
    )
    # 3m → seat 2 (a loser): seat 0 pays the winner; 1z → the dealer: seat 3 pays the winner
    assert _horse_lines(result) == [(0, 1, 2), (3, 1, 2)]


def test_mai_ma_dian_pao_hu_a_horse_of_an_uninvolved_seat_shows_nothing() -> None:
    result = settle(
        "chaozhou",
        options={"buy_horses": "1"},
        winners=[{"seat": 1, "hand": PLAIN}],
        discarder=3,
        bought_horses={0: ["1m"], 1: ["3m"], 2: ["2m"], 3: ["3m"]},
    )
    # 1m → dealer 0 and 3m → seat 2: neither the winner nor the discarder; 2m (seat 2's
    # horse) → the winner: the discarder pays seat 2
    assert _horse_lines(result) == [(3, 2, 2)]


def test_mai_ma_liu_ju_no_horse_score_on_a_draw() -> None:
    result = settle(
        "chaozhou", options={"buy_horses": "1"}, exhaustive_draw=True, bought_horses=ONE_EACH
    )
    assert result.lines == []


def test_mai_ma_each_player_draws_the_option_s_count() -> None:
    with pytest.raises(RoundError, match=r"bought_horses\.2: 2 horses, these options deal 1"):
        settle("chaozhou", options={"buy_horses": "1"}, winners=[SELF],
               bought_horses={2: ["1m", "2m"]})  # fmt: skip


def test_fa_ma_only_the_dealer_draws_scored_like_mai_ma() -> None:
    result = settle(
        "chaozhou", options={"buy_horses": "penalty1"}, winners=[SELF], bought_horses={0: ["2m"]}
    )
    assert _horse_lines(result) == [(2, 0, 2), (3, 0, 2)]
    with pytest.raises(RoundError, match=r"bought_horses\.1: only the dealer"):
        settle("chaozhou", options={"buy_horses": "penalty1"}, winners=[SELF],
               bought_horses={1: ["2m"]})  # fmt: skip


def test_jiang_ma_each_hit_adds_one_more_multiple_of_the_hand_value() -> None:
    result = settle(
        "chaozhou",
        options={"bonus_horses": "2"},
        winners=[SELF],
        horse_tiles=["2m", "6z"],
    )
    assert _horse_lines(result) == [(0, 1, 4), (2, 1, 4), (3, 1, 4)]


def test_jiang_ma_only_the_winner_can_hit() -> None:
    result = settle(
        "chaozhou", options={"bonus_horses": "2"}, winners=[SELF], horse_tiles=["1m", "3m"]
    )
    assert _horse_lines(result) == []


def test_jiang_ma_liu_ju_bu_fan_none_on_a_draw() -> None:
    result = settle(
        "chaozhou", options={"bonus_horses": "2"}, exhaustive_draw=True, horse_tiles=["2m", "6z"]
    )
    assert result.lines == []


def test_gen_zhuang_the_dealer_pays_every_other_player_x_after_round_x() -> None:
    result = settle(
        "chaozhou",
        options={"follow_dealer": "on"},
        winners=[SELF],
        follow_dealer_rounds=2,
    )
    follow = [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("follow")]
    assert follow == [(0, 1, 3), (0, 2, 3), (0, 3, 3)]


def test_gen_zhuang_only_at_three_and_four_players() -> None:
    with pytest.raises(RoundError, match="跟庄1分 is only for 3 and 4 players"):
        settle(
            "chaozhou",
            options={"follow_dealer": "on"},
            players=2,
            exhaustive_draw=True,
            follow_dealer_rounds=1,
        )


def test_gen_zhuang_1_fen_off_no_follow_score() -> None:
    result = settle("chaozhou", winners=[SELF], follow_dealer_rounds=3)
    assert not any(x.reason.startswith("follow") for x in result.lines)


def test_lian_zhuang_the_streak_is_added_to_the_winner_s_hand_value() -> None:
    result = settle("chaozhou", options={"dealer_streak": "on"}, streak=2, winners=[SELF])
    streak = [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("streak")]
    assert streak == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    assert settle("chaozhou", streak=2, winners=[SELF]).deltas == [-2, 6, -2, -2]


# ---------------------------------------------------------------- 跟庄 from the opening discards

FOLLOW = {"follow_dealer": "on"}


def _follow_lines(result: Settlement) -> list[tuple[int, int, int]]:
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("follow")]


def _go(*discards: str, interrupted: bool = False) -> dict[str, object]:
    return {"discards": list(discards), "interrupted": interrupted}


def _counted(rounds: int, players: int = 4) -> list[tuple[int, int, int]]:
    """The 跟庄 lines when the caller counts the rounds himself (follow_dealer_rounds)."""
    result = settle("chaozhou", options=FOLLOW, players=players, winners=[SELF],
                    follow_dealer_rounds=rounds)  # fmt: skip
    return _follow_lines(result)


def _opening(*go_arounds: dict[str, object], kong: bool = False, **more: object) -> Settlement:
    opening = {"dealer_concealed_kong": kong, "go_arounds": list(go_arounds)}
    return settle("chaozhou", options=more.pop("options", FOLLOW), winners=[SELF],
                  opening=opening, **more)  # fmt: skip


def test_gen_zhuang_xian_jia_yi_ci_da_chu_xiang_tong_de_pai_counted_from_the_discards() -> None:
    result = _opening(_go("7z", "7z", "7z", "7z"), _go("3p", "3p", "3p", "3p"), _go("1m", "2m"))
    assert _follow_lines(result) == _counted(2) != []
    assert "from the opening discards" in next(
        x.reason for x in result.lines if x.reason.startswith("follow")
    )


def test_gen_zhuang_qi_shou_an_gang_hou_da_chu_de_bu_suan() -> None:
    result = _opening(_go("7z", "7z", "7z", "7z"), kong=True)
    assert _follow_lines(result) == [] and _counted(1) != []


def test_gen_zhuang_qi_shou_di_yi_zhang_only_the_first_go_around_starts_the_chain() -> None:
    result = _opening(_go("7z", "7z", "1m", "7z"), _go("3p", "3p", "3p", "3p"))
    assert _follow_lines(result) == []


def test_gen_zhuang_duan_le_ze_gen_zhuang_jie_shu_the_chain_ends_when_broken() -> None:
    result = _opening(
        _go("7z", "7z", "7z", "7z"), _go("3p", "3p", "4p", "3p"), _go("8m", "8m", "8m", "8m")
    )
    assert _follow_lines(result) == _counted(1)


def test_gen_zhuang_bu_neng_peng_gang_an_interrupted_go_around_ends_the_chain() -> None:
    result = _opening(_go("7z", "7z", "7z", "7z"), _go("3p", "3p", "3p", "3p", interrupted=True))
    assert _follow_lines(result) == _counted(1)


def test_gen_zhuang_an_unfinished_go_around_does_not_follow() -> None:
    result = _opening(_go("7z", "7z", "7z"))
    assert _follow_lines(result) == []


def test_gen_zhuang_jin_xian_san_si_ren_chang_from_the_discards() -> None:
    three = _opening(_go("7z", "7z", "7z"), players=3)
    assert _follow_lines(three) == _counted(1, players=3) != []
    with pytest.raises(RoundError, match="跟庄1分 is only for 3 and 4 players"):
        _opening(_go("7z", "7z"), players=2)
    two = _opening(_go("7z", "7z"), players=2, options={})
    assert _follow_lines(two) == []


def test_gen_zhuang_1_fen_off_the_discards_pay_nothing() -> None:
    assert _follow_lines(_opening(_go("7z", "7z", "7z", "7z"), options={})) == []


def test_gen_zhuang_both_forms_given_must_agree() -> None:
    with pytest.raises(RoundError, match=r"^follow_dealer_rounds: 2 跟庄 rounds given, but the "
                       r"opening's discards make 1"):  # fmt: skip
        _opening(_go("7z", "7z", "7z", "7z"), follow_dealer_rounds=2)
    agreed = _opening(_go("7z", "7z", "7z", "7z"), follow_dealer_rounds=1)
    assert _follow_lines(agreed) == _counted(1)


def test_gen_zhuang_opening_discards_are_tiles_one_per_player() -> None:
    with pytest.raises(RoundError, match=r"^opening\.go_arounds\.0\.discards\.1: "):
        _opening(_go("7z", "8z"))
    with pytest.raises(RoundError, match=r"^opening\.go_arounds\.0\.discards: 5 discards"):
        _opening(_go("7z", "7z", "7z", "7z", "7z"))


# ---------------------------------------------------------------- the rest of the audit

HONOURS = "11122233344455z"  # 字一色 20: above the 16分封顶 and at the 20 of 自摸（20分以上可吃胡）


def test_convention_robbed_kong_the_robbed_player_pays_for_all_three() -> None:
    # a robbed tile completes no pair: the robbed seat holds its other three
    robbed = {"seat": 1, "hand": PLAIN, "win_tile": "4p", "situations": ["robbing_kong"]}
    result = settle("chaozhou", winners=[robbed], robbed_from=2)
    assert paid(result) == {(2, 1): 3 * result.scores[1].total}


def test_convention_kong_payments_on_a_win_concealed_2_added_1_exposed_3_from_the_feeder() -> None:
    result = settle("chaozhou", winners=[SELF], kongs=ONE_KONG_OF_EACH_KIND)
    assert kong_lines(result) == KONGS_PAID_2_1_3


def test_jiang_ma_at_most_the_options_count_of_tiles_is_turned_up() -> None:
    with pytest.raises(RoundError, match="horse_tiles: 3 tiles, at most 2 are taken"):
        settle("chaozhou", options={"bonus_horses": "2"}, winners=[SELF],
               horse_tiles=["2m", "6z", "1m"])  # fmt: skip


def test_convention_jiang_ma_with_several_winners_none_are_settled() -> None:
    result = settle(
        "chaozhou",
        options={"bonus_horses": "2"},
        winners=[{"seat": 1, "hand": PLAIN}, {"seat": 2, "hand": PLAIN}],
        discarder=0,
        horse_tiles=["2m", "3m"],
    )
    assert _horse_lines(result) == []


def test_feng_ding_x_fen_feng_ding_each_payer_pays_at_most_x() -> None:
    capped = settle("chaozhou", options={"cap": "16"},
                    winners=[{"seat": 1, "hand": HONOURS, "self_drawn": True}])  # fmt: skip
    free = settle("chaozhou", winners=[{"seat": 1, "hand": HONOURS, "self_drawn": True}])
    assert set(paid(capped).values()) == {16} and set(paid(free).values()) == {20}


def test_convention_feng_ding_caps_the_hand_score_before_horses() -> None:
    options = {"cap": "16", "bonus_horses": "2"}
    winner = {"seat": 1, "hand": HONOURS, "self_drawn": True}
    result = settle("chaozhou", options=options, winners=[winner], horse_tiles=["6m", "1p"])
    # one hit (6m: seat 1's row): one more capped hand value from each payer, not 20
    assert _horse_lines(result) == [(0, 1, 16), (2, 1, 16), (3, 1, 16)]


def test_zi_mo_20_fen_yi_shang_ke_chi_hu_below_20_a_discard_win_is_refused() -> None:
    options = {"hu": "zimo"}
    with pytest.raises(RoundError, match=r"winners\.0\.hand: not a win .*不到20分只可自摸"):
        settle("chaozhou", options=options, winners=[{"seat": 1, "hand": PLAIN}], discarder=2)
    big = settle("chaozhou", options=options, winners=[{"seat": 1, "hand": HONOURS}], discarder=2)
    assert big.scores[1].total >= 20 and paid(big) == {(2, 1): big.scores[1].total}
