"""百色麻将 (seed 001): one test per statement of the document about scoring, wilds, tiles and
options, named after its clause.

Clause names follow the seed's sections: 一、胡牌类型介绍 (`rule_1`), 二、操作规则 (`rule_2`),
三、特殊玩法 (`rule_3`), 四、可选玩法 (`rule_4`). The seed gives no fan values at all, so the
fan table is the research convention; those tests say `convention` in their names, as do the
tests of every other decision the seed leaves open. Settlement (payments, 抓马, 三包,
杠上花全包) is a later issue: its options are only checked to be declared, accepted and
without effect on the hand score.
"""

from __future__ import annotations

import inspect
import json
import sys
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.loader import load
from mjc.runtime import OptionError, Ruleset, Score, parse_hand, tile_index
from mjc.runtime.wins.wilds import wild_arrangements

from ..conftest import ruleset  # type: ignore[import-not-found]

NAME = "baise"


@pytest.fixture(scope="module")
def book() -> Ruleset:
    loaded: Ruleset = ruleset(NAME)
    return loaded


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


def copies(book: Ruleset, options: dict[str, str]) -> tuple[int, ...]:
    return book.tile_copies(book.resolve_options(options))


TILE_TEXT = {tile_index(f"{r}{s}"): f"{r}{s}" for s in "mps" for r in range(1, 10)} | {
    tile_index(f"{r}z"): f"{r}z" for r in range(1, 8)
}

BIG = {"王牌": "大转"}
SMALL = {"王牌": "小转"}


def wild_of(book: Ruleset, indicator: str, mode: dict[str, str] = BIG) -> str:
    (wild,) = book.wilds_for(book.resolve_options(mode), indicator)
    return TILE_TEXT[wild]


# A plain hand with no pattern: worth exactly 平胡 2.
PLAIN = "123m456p789s22z [555m]"
# The same kind of hand fully concealed.
PLAIN_CONCEALED = "123m456p789s345s22z"
# 清一色 + 碰碰胡 (8 + 4 = 12).
PURE_PUNGS = "111m555m777m222m99m"
# 杠上开花 is a win on a kong's replacement tile: the same hands with the kong declared.
PLAIN_KONG = "123m456p789s22z [5555m]"
PURE_PUNGS_KONG = "555m777m222m99m (1111m)"


def scored(book: Ruleset, hand: str, **kwargs: Any) -> tuple[bool, int]:
    won = book.score(hand, **kwargs)
    return won.win, won.total


# ---------------------------------------------------------------- 一、游戏人数 / 游戏用牌


def test_rule_1_players_2_3_4(book: Ruleset) -> None:
    assert sorted(book.players) == [2, 3, 4]


def test_rule_1_tiles_136_in_total() -> None:
    rulebook = load(NAME).compilation.rulebook
    assert rulebook is not None and rulebook.tiles.total == 136


def test_rule_1_suits_108_dragons_12_winds_16(book: Ruleset) -> None:
    default = copies(book, {})
    suits = sum(default[tile_index(f"{r}{s}")] for s in "mps" for r in range(1, 10))
    assert suits == 108
    assert sum(default[tile_index(t)] for t in ("5z", "6z", "7z")) == 12
    assert sum(default[tile_index(f"{r}z")] for r in range(1, 5)) == 16
    assert sum(default) == 136  # no flowers


def test_rule_1_honours_form_no_chows(book: Ruleset) -> None:
    # 字牌：——无顺子: 123z (东南西) is not a set.
    assert not book.score("123m456p789s123z55s").win
    assert book.score("123m456p789s111z55s").win


def test_rule_1_honour_order_east_south_west_north_red_green_white(book: Ruleset) -> None:
    # 排列顺序为：东，南，西，北，中，发，白 — the 大转 successor ring.
    ring = ["1z", "2z", "3z", "4z", "7z", "6z", "5z"]
    for i, tile in enumerate(ring):
        assert wild_of(book, tile) == ring[(i + 1) % len(ring)]


# ---------------------------------------------------------------- 二、操作规则


def test_rule_2_chow_by_default(book: Ruleset) -> None:
    assert "chow" in book.claims(book.resolve_options(None))
    assert book.score("123m456p22z [789s] [345s]").win


def test_rule_2_pong_and_kongs_exposed_concealed_added(book: Ruleset) -> None:
    claims = book.claims(book.resolve_options(None))
    assert {"pong", "kong exposed", "kong concealed", "kong added"} <= claims


def test_rule_2_honours_cannot_be_chowed(book: Ruleset) -> None:
    # 字牌不能吃: no chow of honours exists to claim (the same rule as 字牌无顺子).
    with pytest.raises(ValueError, match="not a meld"):
        book.score("123m456p789s55s [123z]")
    assert not book.score("123m456p789s123z55s").win


def test_rule_2_convention_only_an_added_kong_can_be_robbed(book: Ruleset) -> None:
    claims = book.claims(book.resolve_options(None))
    assert {c for c in claims if c.startswith("rob")} == {"rob added"}


# ---------------------------------------------------------------- 三、特殊玩法: 王牌


def test_rule_3_wild_only_substitutes_to_win(book: Ruleset) -> None:
    # 王牌仅可代替任意牌胡牌; 王牌可打出.
    for mode in (BIG, SMALL):
        allowed = book.wild_permissions(book.resolve_options(mode))
        # indicator_kong is about the flipped tile, which the document leaves free to kong.
        assert allowed - {"indicator_kong"} == {"substitute", "discard"}


def test_rule_3_discarded_wild_cannot_be_claimed_or_won_on(book: Ruleset) -> None:
    # 不可以吃、碰、杠、胡别人打出的王牌.
    allowed = book.wild_permissions(book.resolve_options(BIG))
    assert not {"claimed", "win_on_discard"} & allowed


def test_rule_3_wild_cannot_be_used_to_claim(book: Ruleset) -> None:
    # 王牌当本身或代替其他牌，都不可以吃、碰、杠别人打出的牌.
    allowed = book.wild_permissions(book.resolve_options(SMALL))
    assert not {"chow", "pong", "kong"} & allowed


def test_rule_3_big_turn_indicator_one_wan_gives_two_wan(book: Ruleset) -> None:
    # 示例：引牌为1万，则2万为王牌.
    assert wild_of(book, "1m") == "2m"


def test_rule_3_big_turn_suits_cycle_1_to_9(book: Ruleset) -> None:
    # 1-9同花色（万条筒）循环.
    for suit in "mps":
        for rank in range(1, 10):
            assert wild_of(book, f"{rank}{suit}") == f"{rank % 9 + 1}{suit}"


def test_rule_3_big_turn_honours_cycle_white_to_east(book: Ruleset) -> None:
    # 东南西北中发白循环: 白 → 东, 北 → 中.
    assert wild_of(book, "5z") == "1z"
    assert wild_of(book, "4z") == "7z"
    assert wild_of(book, "1z") == "2z"


def test_rule_3_big_turn_scores_with_the_successor(book: Ruleset) -> None:
    hand = "123m456p789s111m2z2m"  # the 2m completes the pair 22z
    # won on the 2z: a win on a discarded 王牌 is refused (不可以…胡别人打出的王牌)
    assert book.score(hand, win="2z", options=BIG, indicator="1m").win
    assert not book.score(hand, win="2z", options=BIG, indicator="2m").win


def test_rule_3_small_turn_the_flipped_kind_is_wild(book: Ruleset) -> None:
    assert wild_of(book, "5m", SMALL) == "5m"
    assert wild_of(book, "5z", SMALL) == "5z"


def test_rule_3_small_turn_three_wild_copies(book: Ruleset) -> None:
    # 王牌只有3张: the three 5m left after the flip stand in for 1z and 222z.
    won = book.score("123m456p789s1z2z5m5m5m", win="2z", options=SMALL, indicator="5m")
    assert won.win and won.best is not None and won.best.substituted == 3
    assert fans(won) == {"平胡": 2}


def test_rule_3_one_wild(book: Ruleset) -> None:
    won = book.score("111m555m777m999m2m3m", win="2m", options=BIG, indicator="2m")
    assert fans(won) == {"清一色": 8, "碰碰胡": 4}  # the wild 3m pairs the 2m


def test_rule_3_two_wilds_take_the_highest_value(book: Ruleset) -> None:
    # The two wild 2m (flipped 1m) with the lone 3m: 333m makes 碰碰胡 + 清一色 = 12,
    # better than 234m (清一色 8).
    won = book.score("111m555m777m99m2m2m3m", options=BIG, indicator="1m")
    assert won.total == 12 and "333m" in (won.arrangement or "")


def test_rule_3_three_wilds_take_the_highest_value(book: Ruleset) -> None:
    # 1111m 5555m 7777m 99m in seven pairs: 七小对 4 + 清一色 8 = 12 (碰碰胡 reading is 12 too).
    won = book.score("111m555m777m99m2m2m2m", win="9m", options=BIG, indicator="1m")
    assert won.total == 12


def test_rule_3_four_wilds(book: Ruleset) -> None:
    won = book.score("111m555m777m9m2m2m2m2m", win="9m", options=BIG, indicator="1m")
    assert won.win and won.total == 12
    assert won.best is not None and won.best.substituted == 4


def test_rule_3_wild_standing_for_itself(book: Ruleset) -> None:
    # 王牌当本身: with flipped 1m the three 2m are wild; one reading keeps them as 222m itself,
    # and it is worth as much as the same hand without wilds (清一色 + 碰碰胡 = 12).
    hand = parse_hand("111m555m777m99m2m2m2m", "9m")  # not won on a discarded 王牌
    wild = book.wilds_for(book.resolve_options(BIG), "1m")
    readings = wild_arrangements(hand, wild, book.shapes(book.resolve_options(BIG)))
    assert any(r.substituted == 0 and any(str(m) == "222m" for m in r.melds) for r in readings)
    assert book.score(hand, options=BIG, indicator="1m").total == book.score(PURE_PUNGS).total


def test_rule_3_waiting_on_any_tile_can_win_on_a_discard(book: Ruleset) -> None:
    # 听任意牌能炮胡: the lone wild pairs whatever is discarded (here 4z).
    won = book.score("123m456p789s111m4z2m", win="4z", options=BIG, indicator="1m")
    assert won.win and won.total == 2


def test_rule_3_waiting_on_any_tile_can_rob_a_kong(book: Ruleset) -> None:
    # 听任意牌能抢杠胡 (抢杠 doubles: research convention).
    won = book.score(
        "123m456p789s111m4z2m",
        win="4z",
        options=BIG,
        indicator="1m",
        situations=["robbing_kong"],
    )
    assert won.win and won.total == 4


def test_rule_3_bu_ke_yi_hu_bie_ren_da_chu_de_wang_pai_scoring_refuses(book: Ruleset) -> None:
    # 王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌: a win on another seat's discarded
    # 王牌 is refused even where it stands for itself (the 2m of the pair 22m, flipped 1m).
    for hand in ("345m456p789s345s22m", "123m456p789s111m4z2m"):  # itself; standing for 4z
        refused = book.score(hand, win="2m", options=BIG, indicator="1m")
        assert not refused.win, hand
        assert refused.reason == (
            "2m is a wild in this game, and baise's wilds may not be claimed or won on when "
            "discarded"
        )


def test_rule_3_bu_ke_yi_hu_bie_ren_da_chu_de_wang_pai_self_drawn_wins(book: Ruleset) -> None:
    # …胡别人打出的王牌: only another seat's 王牌 is refused; one's own drawn 王牌 wins.
    drawn = book.score("345m456p789s345s22m", win="2m", self_drawn=True, options=BIG,
                       indicator="1m")  # fmt: skip
    assert drawn.win and "平胡" in fans(drawn)


def test_rule_3_bu_ke_yi_hu_bie_ren_da_chu_de_wang_pai_nor_robbed(book: Ruleset) -> None:
    # …胡别人打出的王牌, and (convention) no 王牌 is robbed from a kong either.
    robbed = book.score("345m456p789s345s22m", win="2m", options=BIG, indicator="1m",
                        situations=["robbing_kong"])  # fmt: skip
    assert not robbed.win and (robbed.reason or "").endswith("may not be robbed from a kong")


def test_rule_3_no_wild_by_default(book: Ruleset) -> None:
    assert book.wilds_for(book.resolve_options(None)) == ()
    assert not book.score("123m456p789s111m4z2m").win


# ---------------------------------------------------------------- 三、特殊玩法: 四封


SEAL = {"玩法": "三包四封"}


@pytest.mark.parametrize(
    ("case", "hand"),
    [
        ("吃4次", "22z [123m] [456p] [789s] [345s]"),
        ("碰3次", "123m22z [111p] [555s] [999s]"),
        ("吃2次并碰2次", "22z [456p] [789s] [111s] [555m]"),
        ("吃3次并碰1次", "22z [123m] [456p] [789s] [111s]"),
    ],
)
def test_rule_3_four_seals_cannot_win(book: Ruleset, case: str, hand: str) -> None:
    refused = book.score(hand, options=SEAL)
    assert not refused.win and "四封" in (refused.reason or ""), case
    assert book.score(hand).win, case  # without 四封 the same hand wins


def test_rule_3_four_seals_near_misses_can_win(book: Ruleset) -> None:
    assert book.score("123m22z [456p] [555s] [999s]", options=SEAL).win  # 吃1 碰2
    assert book.score("111m22z [456p] [789s] [234s]", options=SEAL).win  # 吃3


def test_rule_3_convention_four_seals_claimed_kong_is_a_pong(book: Ruleset) -> None:
    assert not book.score("123m22z [111p] [555s] [9999s]", options=SEAL).win
    assert book.score("123m22z [111p] [555s] (9999s)", options=SEAL).win


def test_rule_3_four_seals_only_under_its_option(book: Ruleset) -> None:
    hand = "22z [123m] [456p] [789s] [345s]"
    assert book.score(hand, options={"玩法": "三比互包"}).win
    assert book.score(hand, options={"玩法": "不互包不封胡"}).win


# ---------------------------------------------------------------- 四、可选玩法: 封顶


def test_rule_4_cap_none_by_default(book: Ruleset) -> None:
    won = book.score(PURE_PUNGS_KONG, options={"门清": "on"}, situations=["kong_bloom"])
    assert won.total == 28  # (12 + 2) × 2


def test_rule_4_cap_16_limits_the_hand_score(book: Ruleset) -> None:
    options = {"门清": "on", "封顶": "16分封顶"}
    won = book.score(PURE_PUNGS_KONG, options=options, situations=["kong_bloom"])
    assert won.total == 16 and won.capped


@pytest.mark.parametrize("label", ["32分封顶", "64分封顶", "不封顶"])
def test_rule_4_cap_32_and_64_above_the_largest_hand(book: Ruleset, label: str) -> None:
    options = {"门清": "on", "封顶": label}
    assert book.score(PURE_PUNGS_KONG, options=options, situations=["kong_bloom"]).total == 28


# ---------------------------------------------------------------- 四、可选玩法: 王牌 / 玩法


def test_rule_4_wild_choices(book: Ruleset) -> None:
    assert book.wilds_for(book.resolve_options({"王牌": "无王"})) == ()
    assert book.wilds_for(book.resolve_options({"王牌": "大转"}), "3p") == (tile_index("4p"),)
    assert book.wilds_for(book.resolve_options({"王牌": "小转"}), "3p") == (tile_index("3p"),)


@pytest.mark.parametrize("choice", ["三比互包", "三包四封", "不互包不封胡"])
def test_rule_4_play_choices_leave_the_hand_score_alone(book: Ruleset, choice: str) -> None:
    assert book.score(PURE_PUNGS, options={"玩法": choice}).total == 12


# ---------------------------------------------------------------- 四、可选玩法: the checkboxes


def test_rule_4_with_honours_on_by_default(book: Ruleset) -> None:
    assert book.score("123m456m789m111z22z").win


def test_rule_4_without_honours_no_winds_or_dragons(book: Ruleset) -> None:
    off = {"带风": "off"}
    assert sum(copies(book, off)) == 108
    with pytest.raises(ValueError, match="not in play"):
        book.score("123m456m789m111z22z", options=off)
    assert book.score(PURE_PUNGS, options=off).total == 12


def test_rule_4_plain_win_allowed_when_ticked(book: Ruleset) -> None:
    won = book.score(PLAIN, options={"可平胡": "on"})
    assert fans(won) == {"平胡": 2}


def test_rule_4_plain_win_refused_when_not_ticked(book: Ruleset) -> None:
    off = {"可平胡": "off"}
    refused = book.score(PLAIN, options=off)
    assert not refused.win and "平胡" in (refused.reason or "")
    assert not book.score(PLAIN, options=off, self_drawn=True).win
    assert book.score(PURE_PUNGS, options=off).total == 12  # a pattern may win


def test_rule_4_convention_plain_with_menqing_or_kong_bloom_is_not_bare_plain(
    book: Ruleset,
) -> None:
    off = {"可平胡": "off"}
    assert not book.score(PLAIN_CONCEALED, options=off).win
    assert book.score(PLAIN_CONCEALED, options=off | {"门清": "on"}).total == 4
    bloom = book.score(PLAIN_KONG, options=off, situations=["kong_bloom"], self_drawn=True)
    assert bloom.total == 4


def test_rule_4_self_draw_only(book: Ruleset) -> None:
    only = {"只可自摸": "on"}
    refused = book.score(PLAIN, options=only)
    assert not refused.win and "自摸" in (refused.reason or "")
    assert book.score(PLAIN, options=only, self_drawn=True).total == 2


def test_rule_4_convention_self_draw_only_kong_bloom_yes_robbing_no(book: Ruleset) -> None:
    only = {"只可自摸": "on"}
    assert book.score(PLAIN_KONG, options=only, situations=["kong_bloom"]).win
    # a robbed tile completes no pair: the robbed seat holds its other three
    assert not book.score(PLAIN, win="4p", options=only, situations=["robbing_kong"]).win


def test_rule_4_menqing_only_when_ticked(book: Ruleset) -> None:
    assert "门清" not in fans(book.score(PLAIN_CONCEALED))
    won = book.score(PLAIN_CONCEALED, options={"门清": "on"})
    assert fans(won) == {"平胡": 2, "门清": 2} and won.total == 4


def test_rule_4_convention_menqing_needs_no_claimed_meld(book: Ruleset) -> None:
    on = {"门清": "on"}
    assert "门清" not in fans(book.score(PLAIN, options=on))
    assert "门清" in fans(book.score("123m456p789s22z (5555m)", options=on))
    assert fans(book.score(PURE_PUNGS, options=on)) == {"碰碰胡": 4, "清一色": 8, "门清": 2}


@pytest.mark.parametrize("hand", [PLAIN, PURE_PUNGS, "123m456m789m111z22z"])
def test_rule_4_discard_win_counts_1(book: Ruleset, hand: str) -> None:
    pao1 = {"炮胡算1分": "on"}
    assert book.score(hand, options=pao1).total == 1
    assert book.score(hand, options=pao1, self_drawn=True).total == book.score(hand).total


@pytest.mark.parametrize("hand", [PLAIN, PURE_PUNGS, "123m456m789m111z22z"])
def test_rule_4_discard_win_counts_9(book: Ruleset, hand: str) -> None:
    pao9 = {"炮胡9分起": "on"}
    assert book.score(hand, options=pao9).total == 9
    assert book.score(hand, options=pao9, self_drawn=True).total == book.score(hand).total


def test_rule_4_convention_robbing_a_kong_is_a_discard_win(book: Ruleset) -> None:
    # a robbed tile completes no pung or pair (the robbed seat holds its other three), so the
    # 清一色 hand wins on a chow's tile
    robbed = book.score(
        "111m555m777m234m99m", win="2m", options={"炮胡算1分": "on"}, situations=["robbing_kong"]
    )
    assert robbed.total == 1
    assert book.score(PLAIN_KONG, options={"炮胡9分起": "on"}, situations=["kong_bloom"]).total == 4


def test_rule_4_discard_1_and_9_exclude_each_other(book: Ruleset) -> None:
    with pytest.raises(OptionError, match="炮胡"):
        book.score(PLAIN, options={"炮胡算1分": "on", "炮胡9分起": "on"})


def test_rule_4_no_chow(book: Ruleset) -> None:
    claims = book.claims(book.resolve_options({"不可吃": "on"}))
    assert "chow" not in claims and "pong" in claims


@pytest.mark.parametrize("label", ["杠上花全包", "暗杠不显示"])
def test_rule_4_settlement_and_display_checkboxes_leave_the_hand_score_alone(
    book: Ruleset, label: str
) -> None:
    assert book.score(PURE_PUNGS, options={label: "on"}).total == 12
    won = book.score(PLAIN_KONG, options={label: "on"}, situations=["kong_bloom"], self_drawn=True)
    assert won.total == 4


@pytest.mark.parametrize("choice", ["不抓马", "胡牌抓马", "自摸抓马"])
def test_rule_4_horse_modes_leave_the_hand_score_alone(book: Ruleset, choice: str) -> None:
    assert book.score(PURE_PUNGS, options={"抓马": choice}).total == 12


@pytest.mark.parametrize("choice", ["2马", "4马", "6马", "8马", "10马"])
def test_rule_4_horse_counts_leave_the_hand_score_alone(book: Ruleset, choice: str) -> None:
    assert book.score(PURE_PUNGS, options={"抓马": "胡牌抓马", "马数": choice}).total == 12


# ---------------------------------------------------------------- conventions: the fan table


TABLE = [
    ("平胡", 2, PLAIN),
    ("碰碰胡", 4, "111m555p999s333s22z"),
    ("七小对", 4, "1122m3344p5566s77z"),
    ("混一色", 4, "123m456m789m111z22z"),
    ("清一色", 8, "123m456m789m222m55m"),
]


@pytest.mark.parametrize(("name", "value", "hand"), TABLE, ids=[t[0] for t in TABLE])
def test_convention_fan_table_value(book: Ruleset, name: str, value: int, hand: str) -> None:
    won = book.score(hand)
    assert fans(won) == {name: value} and won.total == value


def test_convention_patterns_replace_plain(book: Ruleset) -> None:
    for _, _, hand in TABLE[1:]:
        assert "平胡" not in fans(book.score(hand)), hand


def test_convention_patterns_add(book: Ruleset) -> None:
    assert fans(book.score(PURE_PUNGS)) == {"碰碰胡": 4, "清一色": 8}
    assert book.score("111m555m999m222z33z").total == 8  # 碰碰胡 + 混一色
    assert book.score("1122m3344m5566m99m").total == 12  # 七小对 + 清一色


def test_convention_kong_bloom_doubles(book: Ruleset) -> None:
    assert scored(book, PLAIN_KONG, situations=["kong_bloom"], self_drawn=True) == (True, 4)
    assert scored(book, PURE_PUNGS_KONG, situations=["kong_bloom"], self_drawn=True) == (True, 24)


def test_convention_robbing_a_kong_doubles(book: Ruleset) -> None:
    # a robbed tile completes no pair: the robbed seat holds its other three
    assert scored(book, PLAIN, win="4p", situations=["robbing_kong"]) == (True, 4)


def test_not_a_win_reports_a_reason(book: Ruleset) -> None:
    wrong = book.score("123m456p789s1357z")
    assert not wrong.win and wrong.reason


# ---------------------------------------------------------------- mjc options: every option


DOCUMENT_OPTIONS = {
    "封顶": ["不封顶", "16分封顶", "32分封顶", "64分封顶"],
    "王牌": ["大转", "小转", "无王"],
    "玩法": ["三比互包", "三包四封", "不互包不封胡"],
    "带风": [],
    "可平胡": [],
    "只可自摸": [],
    "门清": [],
    "杠上花全包": [],
    "炮胡算1分": [],
    "炮胡9分起": [],
    "暗杠不显示": [],
    "不可吃": [],
    "抓马": ["不抓马", "胡牌抓马", "自摸抓马"],
    "马数": ["2马", "4马", "6马", "8马", "10马"],
}


def test_rule_4_cli_options_lists_every_option_of_the_document(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["options", NAME, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    got = {o["label"]: [c["label"] for c in o["choices"]] for o in listed["options"]}
    assert got == DOCUMENT_OPTIONS
    assert any("炮胡" in c for c in listed["constraints"])


def test_rule_4_cli_scores_with_options_by_label(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123m456p789s111m2z2m"
    code = main(
        ["score", NAME, hand, "--win", "2z", "--option", "王牌=大转", "--indicator", "1m", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["win"] and out["total"] == 2 and out["wilds"] == ["2m"]


# Which tests exercise which option (by id); checked against the rulebook below.
OPTION_TESTS: dict[str, list[str]] = {
    "cap": [
        "test_rule_4_cap_16_limits_the_hand_score",
        "test_rule_4_cap_32_and_64_above_the_largest_hand",
    ],
    "wang": ["test_rule_4_wild_choices"],
    "play": [
        "test_rule_4_play_choices_leave_the_hand_score_alone",
        "test_rule_3_four_seals_only_under_its_option",
    ],
    "with_honours": ["test_rule_4_without_honours_no_winds_or_dragons"],
    "pinghu": ["test_rule_4_plain_win_refused_when_not_ticked"],
    "zimo_only": ["test_rule_4_self_draw_only"],
    "menqing": ["test_rule_4_menqing_only_when_ticked"],
    "kong_bloom_pays_all": [
        "test_rule_4_settlement_and_display_checkboxes_leave_the_hand_score_alone"
    ],
    "pao1": ["test_rule_4_discard_win_counts_1"],
    "pao9": ["test_rule_4_discard_win_counts_9"],
    "hidden_concealed_kong": [
        "test_rule_4_settlement_and_display_checkboxes_leave_the_hand_score_alone"
    ],
    "no_chow": ["test_rule_4_no_chow"],
    "horses": ["test_rule_4_horse_modes_leave_the_hand_score_alone"],
    "horse_count": ["test_rule_4_horse_counts_leave_the_hand_score_alone"],
}


def test_every_option_is_exercised(book: Ruleset) -> None:
    assert set(OPTION_TESTS) == {o.id for o in book.options}
    module = sys.modules[__name__]
    for option in book.options:
        for test_name in OPTION_TESTS[option.id]:
            source = inspect.getsource(getattr(module, test_name))
            mentioned = [option.label, *(c.label for c in option.choices if c.label)]
            assert any(m in source for m in mentioned) or option.id in source, (
                f"{test_name} does not set option {option.id} ({option.label})"
            )


def test_rule_3_live_wild_copies_big_turn_4_small_turn_3() -> None:
    book = ruleset("baise")
    assert book.wild_copies(book.resolve_options({"wang": "da"})) == 4  # 王牌有4张
    assert book.wild_copies(book.resolve_options({"wang": "xiao"})) == 3  # 王牌只有3张
    assert book.wild_copies(book.resolve_options({"wang": "none"})) == 0
