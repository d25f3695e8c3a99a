"""潮州麻将 (seed 000) settlement: the options 吃杠爆杠全包 and 流局算杠, and the conventions for
the payments the seed's missing 计分规定 leaves out (research §11, §12)."""

from __future__ import annotations

import pytest
from settlement_helpers import paid, settle

from runtime import RoundError
from runtime.settle import Settlement

PLAIN = "123m456p789s345s22z"
BLOOM = {"seat": 1, "hand": PLAIN, "self_drawn": True, "situations": ["kong_bloom"]}


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
    assert result.lines[-1].rule.startswith("rulebooks/chaozhou.mjr")


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
        _go("7z", "7z", "7z", "7z"), _go("3p", "3p", "4p", "3p"), _go("9s", "9s", "9s", "9s")
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
