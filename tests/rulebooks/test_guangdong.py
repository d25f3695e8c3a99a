"""广东鸡平胡 (seed 004): one test per scoring statement of the document, named after its clause.

Clause names follow the seed's own numbering: 六、胡牌的规定 (1–12), B、胡牌番种 (1 爆胡,
2a 爆胡以内牌型, 2b 爆胡以外牌型, 2c 附加番数情况). Where the seed is silent or contradicts
itself the rulebook records a convention; those tests say `convention` in their names.
"""

from __future__ import annotations

import pytest

from mjc.compiler.loader import load
from mjc.runtime import Ruleset, Score


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


# A plain hand with one exposed meld and no pattern: worth exactly 鸡胡 1.
CHICKEN_EXPOSED = "123m456p999m22z [789s]"
# 杠上开花 is a win on a kong's replacement tile: the same hands with the kong declared.
CHICKEN_KONG = "123m456p22z [789s] [9999m]"
# The same kind of hand fully concealed.
CHICKEN_CONCEALED = "123m456p789s999m22z"


# ---------------------------------------------------------------- 二、游戏道具


def test_items_136_tiles_four_players() -> None:
    book = load("guangdong").compilation.rulebook
    assert book is not None
    assert book.tiles.total == 136
    assert book.players == (4,)


# ---------------------------------------------------------------- 六、胡牌的规定


def test_rule_6_1_self_draw_includes_kong_bloom(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_KONG, situations=["kong_bloom"])
    assert "自摸" in fans(score)


def test_rule_6_3_any_pair_is_the_eyes(guangdong: Ruleset) -> None:
    for pair in ("22z", "77z", "55m", "99s"):
        hand = f"123m456p999m{pair} [789s]"
        assert guangdong.score(hand).win, hand


def test_rule_6_4_dealer_win_is_not_doubled(guangdong: Ruleset) -> None:
    plain = guangdong.score(CHICKEN_CONCEALED, self_drawn=True)
    as_dealer = guangdong.score(CHICKEN_CONCEALED, self_drawn=True, dealer=True)
    assert as_dealer.total == plain.total == 3


def test_rule_6_6_triple_win_floor_of_4(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_EXPOSED, situations=["triple_win"])
    assert score.total == 4 and score.floor == 4


def test_rule_6_6_triple_win_larger_hand_keeps_its_value(guangdong: Ruleset) -> None:
    assert guangdong.score("222m345m666m789m55m", situations=["triple_win"]).total == 16


def test_rule_6_7_kong_bloom_floor_of_4(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_KONG, situations=["kong_bloom"])
    assert score.total == 4 and score.floor == 4


def test_rule_6_7_kong_bloom_larger_hand_keeps_its_value(guangdong: Ruleset) -> None:
    assert guangdong.score("345m666m789m55m (2222m)", situations=["kong_bloom"]).total == 16


def test_rule_6_9_last_tile_draw_floor_of_4(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_EXPOSED, self_drawn=True, situations=["last_tile"])
    assert score.total == 4
    assert {"海底捞月", "自摸"} <= fans(score).keys()


def test_rule_6_12_robbing_kong_counts_as_self_draw_with_floor_of_4(guangdong: Ruleset) -> None:
    # a robbed tile completes no pair: the robbed seat holds its other three
    score = guangdong.score(CHICKEN_EXPOSED, win="4p", situations=["robbing_kong"])
    assert "自摸" in fans(score)
    assert score.total == 4


# ---------------------------------------------------------------- B.1 爆胡


def test_b1_baohu_caps_stacked_fans_at_4(guangdong: Ruleset) -> None:
    # 碰碰胡 4 + 门前清 1 + 自摸 1 = 6, capped at 4.
    score = guangdong.score("111m555p999s333s22z", self_drawn=True)
    assert {"碰碰胡", "门前清", "自摸"} <= fans(score).keys()
    assert score.total == 4 and score.capped


def test_b1_baohu_mixed_one_suit_and_all_chows_cap_at_4(guangdong: Ruleset) -> None:
    score = guangdong.score("123m456m22z [789m] [234m]")
    assert fans(score) == {"平胡": 2, "混一色": 4}
    assert score.total == 4


def test_b1_special_hands_break_the_cap_and_do_not_stack(guangdong: Ruleset) -> None:
    score = guangdong.score("222m345m666m789m55m", self_drawn=True)
    assert fans(score) == {"清一色": 16}
    assert score.total == 16


# ---------------------------------------------------------------- B.2a 爆胡以内牌型


def test_b2a_chicken_hand_is_1(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_EXPOSED)
    assert fans(score) == {"鸡胡": 1} and score.total == 1


def test_b2a_all_chows_is_2(guangdong: Ruleset) -> None:
    score = guangdong.score("123m456p22z [789s] [345s]")
    assert fans(score) == {"平胡": 2} and score.total == 2


def test_b2a_all_chows_near_miss_with_a_pung(guangdong: Ruleset) -> None:
    assert "平胡" not in fans(guangdong.score("123m456p22z [789s] [333s]"))


def test_b2a_all_pungs_is_4(guangdong: Ruleset) -> None:
    score = guangdong.score("111m555p22z [999s] [333s]")
    assert fans(score) == {"碰碰胡": 4} and score.total == 4


def test_b2a_all_pungs_near_miss_with_a_chow(guangdong: Ruleset) -> None:
    assert "碰碰胡" not in fans(guangdong.score("111m555p22z [789s] [333s]"))


def test_b2a_mixed_one_suit_is_4(guangdong: Ruleset) -> None:
    score = guangdong.score("123m456m22z [789m] [111m]")
    assert fans(score) == {"混一色": 4} and score.total == 4


def test_b2a_mixed_one_suit_near_miss_with_two_suits(guangdong: Ruleset) -> None:
    assert "混一色" not in fans(guangdong.score("123m456m22z [789p] [111m]"))


def test_b2a_convention_patterns_replace_chicken_hand(guangdong: Ruleset) -> None:
    for hand in ("123m456p22z [789s] [345s]", "111m555p22z [999s] [333s]"):
        assert "鸡胡" not in fans(guangdong.score(hand))


# ---------------------------------------------------------------- B.2b 爆胡以外牌型

LIMIT_HANDS = [
    ("清一色", 16, "222m345m666m789m55m", "222m345m666m789p55p"),
    ("混碰", 16, "111m555m999m222z33z", "111m555m999p222z33z"),
    ("清碰", 32, "111m555m999m222m33m", "123m555m999m222m33m"),
    ("混幺九", 32, "111m999p111s555z77z", "111m999p123s555z77z"),
    ("小三元", 32, "123m456p555z666z77z", "123m456p555z666z11z"),
    ("小四喜", 32, "123m111z222z333z44z", "123m111z222z333z55z"),
    ("字一色", 64, "111z222z333z555z66z", "111z222z333z555z11m"),
    ("清幺九", 64, "111m999m111p999p11s", "111m999m111p999p11z"),
    ("大三元", 64, "123m555z666z777z99p", "123m555z666z77z999p"),
    ("大四喜", 64, "111z222z333z444z99p", "111z222z333z99p444p"),
    ("九莲宝灯", 64, "11123455678999m", "11123455678m [999m]"),
    ("十三幺", 64, "19m19p19s12345677z", "19m19p19s1234567z5m"),
]


@pytest.mark.parametrize(
    ("name", "value", "hand", "near_miss"), LIMIT_HANDS, ids=[h[0] for h in LIMIT_HANDS]
)
def test_b2b_limit_hand_value(
    guangdong: Ruleset, name: str, value: int, hand: str, near_miss: str
) -> None:
    score = guangdong.score(hand)
    assert fans(score) == {name: value}
    assert score.total == value


@pytest.mark.parametrize(
    ("name", "value", "hand", "near_miss"), LIMIT_HANDS, ids=[h[0] for h in LIMIT_HANDS]
)
def test_b2b_limit_hand_near_miss(
    guangdong: Ruleset, name: str, value: int, hand: str, near_miss: str
) -> None:
    assert name not in fans(guangdong.score(near_miss))


def test_b2b_limit_hands_ignore_additions(guangdong: Ruleset) -> None:
    # 大三元 with self-draw, concealment and dragon pungs: still exactly 64.
    score = guangdong.score("123m555z666z777z99p", self_drawn=True)
    assert fans(score) == {"大三元": 64}


def test_b2b_convention_two_limit_hands_do_not_add(guangdong: Ruleset) -> None:
    score = guangdong.score("111z222z333z444z55z")  # 字一色 and 大四喜 at once
    assert score.total == 64 and len(score.fans) == 1


def test_b2b_nine_gates_does_not_count_pure_one_suit(guangdong: Ruleset) -> None:
    score = guangdong.score("11123455678999m", win="5m")
    assert fans(score) == {"九莲宝灯": 64}
    nine_gates = next(i for i, f in enumerate(guangdong.fans) if f.name == "九莲宝灯")
    pure = next(i for i, f in enumerate(guangdong.fans) if f.name == "清一色")
    assert pure in guangdong.excludes[nine_gates]


def test_b2b_nine_gates_waits_on_every_tile_of_the_suit(guangdong: Ruleset) -> None:
    for extra in range(1, 10):
        tiles = sorted("1112345678999" + str(extra))
        assert "九莲宝灯" in fans(guangdong.score("".join(tiles) + "m", win=f"{extra}m"))


def test_b2_convention_best_reading_counts(guangdong: Ruleset) -> None:
    # 111 222 333 444 55 (清碰 32) beats 123 123 123 444 55 (清一色 16).
    score = guangdong.score("11122233344455m")
    assert score.total == 32 and fans(score) == {"清碰": 32}


# ---------------------------------------------------------------- B.2c 附加番数情况


def test_b2c_self_draw_adds_1_inside_the_limit(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_EXPOSED, self_drawn=True)
    assert fans(score) == {"鸡胡": 1, "自摸": 1} and score.total == 2


def test_b2c_self_draw_adds_nothing_outside_the_limit(guangdong: Ruleset) -> None:
    assert guangdong.score("111z222z333z555z66z", self_drawn=True).total == 64


def test_b2c_seat_wind_pung_adds_1(guangdong: Ruleset) -> None:
    hand = "123m456p999m77z [222z]"
    assert guangdong.score(hand, seat_wind="S", round_wind="E").total == 2
    assert guangdong.score(hand, seat_wind="W", round_wind="E").total == 1


def test_b2c_round_wind_pung_adds_1_and_both_count(guangdong: Ruleset) -> None:
    hand = "123m456p999m77z [222z]"
    assert guangdong.score(hand, seat_wind="W", round_wind="S").total == 2
    both = guangdong.score(hand, seat_wind="S", round_wind="S")
    assert fans(both) == {"鸡胡": 1, "门风刻": 1, "圈风刻": 1} and both.total == 3


def test_b2c_dragon_pungs_one_each(guangdong: Ruleset) -> None:
    one = guangdong.score("123m456p999m22z [555z]")
    assert fans(one) == {"鸡胡": 1, "三元牌": 1}
    two = guangdong.score("123m456p22z [555z] [666z]")
    assert fans(two) == {"鸡胡": 1, "三元牌": 2} and two.total == 3


def test_b2c_three_dragon_pungs_are_big_three_dragons_not_3(guangdong: Ruleset) -> None:
    score = guangdong.score("123m22z [555z] [666z] [777z]")
    assert fans(score) == {"大三元": 64}


def test_b2c_concealed_hand_adds_1_inside_the_limit(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_CONCEALED)
    assert fans(score) == {"鸡胡": 1, "门前清": 1} and score.total == 2


def test_b2c_convention_concealed_kong_keeps_the_hand_concealed(guangdong: Ruleset) -> None:
    assert "门前清" in fans(guangdong.score("123m456p789s22z (9999m)"))
    assert "门前清" not in fans(guangdong.score("123m456p789s22z [9999m]"))


def test_b2c_concealed_hand_adds_nothing_outside_the_limit(guangdong: Ruleset) -> None:
    assert guangdong.score("222m345m666m789m55m").total == 16


def test_b2c_heavenly_hand_is_64(guangdong: Ruleset) -> None:
    score = guangdong.score(
        CHICKEN_CONCEALED, dealer=True, self_drawn=True, situations=["heavenly"]
    )
    assert fans(score) == {"天胡": 64}


def test_b2c_earthly_hand_is_64(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_CONCEALED, self_drawn=True, situations=["earthly"])
    assert fans(score) == {"地胡": 64}


def test_b2c_convention_human_hand_is_64_not_9(guangdong: Ruleset) -> None:
    assert guangdong.score(CHICKEN_CONCEALED, situations=["human"]).total == 64


def test_b2c_last_tile_self_draw_adds_1_inside(guangdong: Ruleset) -> None:
    score = guangdong.score(CHICKEN_EXPOSED, self_drawn=True, situations=["last_tile"])
    assert fans(score)["海底捞月"] == 1


def test_b2c_last_tile_outside_the_limit_adds_nothing(guangdong: Ruleset) -> None:
    score = guangdong.score("222m345m666m789m55m", self_drawn=True, situations=["last_tile"])
    assert score.total == 16


# ---------------------------------------------------------------- conventions and options


def test_convention_seven_pairs_off_by_default(guangdong: Ruleset) -> None:
    score = guangdong.score("11223344556677z")
    assert not score.win and score.reason


def test_convention_seven_pairs_option_by_id_and_by_label(guangdong: Ruleset) -> None:
    by_id = guangdong.score("1122m3344p5566s77z", options={"seven_pairs": "on"})
    by_label = guangdong.score("1122m3344p5566s77z", options={"七对胡牌": "on"})
    assert by_id.win and by_label.win and by_id.shape == "seven_pairs"
    assert by_id.total == by_label.total == 2  # 鸡胡 + 门前清


def test_not_a_win_reports_a_reason(guangdong: Ruleset) -> None:
    short = guangdong.score("123m456p789s22z")
    assert not short.win and "14 tiles" in (short.reason or "")
    wrong = guangdong.score("123m456p789s1357z")
    assert not wrong.win and wrong.total == 0
