"""潮州麻将 (seed 000): one test per statement of the document about scoring, tiles and
options, named after its clause (ghosts, 鬼牌, are in `test_chaozhou_ghosts.py`).

Clause names follow the seed's sections: 一、游戏玩法规则 (`rule_1`), 二、操作规则 (`rule_2`),
三、特殊规则 (`rule_3`), 四、可选玩法 (`rule_4`). The seed's scoring table is missing
("具体算分：见计分规定"), so the fan values are the research convention; those tests say
`convention` in their names, as do the tests of every other decision the seed leaves open.
Settlement (payments, horses, 跟庄, 连庄, liability) is tested in `test_chaozhou_settlement.py`
and `test_chaozhou_horses.py`; here its options are only checked to be declared, accepted and
without effect on the hand score.
"""

from __future__ import annotations

import inspect
import json
import sys

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.loader import load
from mjc.runtime import OptionError, Ruleset, tile_index

from ..conftest import ruleset  # type: ignore[import-not-found]
from . import test_chaozhou_ghosts
from .chaozhou_cases import CHICKEN, CHICKEN_KONG, NAME, PURE_PUNGS, TWO_WHITE, WHITE, copies, fans


@pytest.fixture(scope="module")
def book() -> Ruleset:
    loaded: Ruleset = ruleset(NAME)
    return loaded


# ---------------------------------------------------------------- 一、游戏人数 / 游戏用牌


def test_rule_1_players_4_3_2(book: Ruleset) -> None:
    assert sorted(book.players) == [2, 3, 4]


def test_rule_1_tiles_136_in_total() -> None:
    rulebook = load(NAME).compilation.rulebook
    assert rulebook is not None and rulebook.tiles.total == 136


def test_rule_1_each_suit_36_and_honours_28(book: Ruleset) -> None:
    default = copies(book, {})
    for suit in "mps":
        assert sum(default[tile_index(f"{r}{suit}")] for r in range(1, 10)) == 36
    assert sum(default[tile_index(f"{r}z")] for r in range(1, 8)) == 28
    assert sum(default) == 136  # no flowers


# ---------------------------------------------------------------- 二、操作规则


def test_rule_2_no_chow(book: Ruleset) -> None:
    assert not any(c.startswith("chow") for c in book.claims(book.resolve_options(None)))


def test_rule_2_pong_and_three_kinds_of_kong(book: Ruleset) -> None:
    claims = book.claims(book.resolve_options(None))
    assert {"pong", "kong exposed", "kong concealed", "kong added"} <= claims


def test_rule_2_convention_only_an_added_kong_can_be_robbed(book: Ruleset) -> None:
    claims = book.claims(book.resolve_options(None))
    assert {c for c in claims if c.startswith("rob")} == {"rob added"}


# ---------------------------------------------------------------- 三、特殊规则: 跟庄


def test_rule_3_follow_dealer_only_with_3_or_4_players(book: Ruleset) -> None:
    follow = {"跟庄1分": "on"}
    with pytest.raises(OptionError, match="跟庄"):
        book.score(CHICKEN, options=follow, players=2)
    for players in (3, 4):
        assert book.score(CHICKEN, options=follow, players=players).total == 2


# ---------------------------------------------------------------- 四、可选玩法: 封顶


def test_rule_4_cap_none_by_default(book: Ruleset) -> None:
    assert book.score("22m [1111m] [5555p] (9999s) [3333s]").total == 36


@pytest.mark.parametrize(("label", "limit"), [("16分封顶", 16), ("32分封顶", 32)])
def test_rule_4_cap_limits_the_hand_score(book: Ruleset, label: str, limit: int) -> None:
    won = book.score("22m [1111m] [5555p] (9999s) [3333s]", options={"封顶": label})
    assert won.total == limit and won.capped


def test_rule_4_cap_64_limits_after_no_ghost_double(book: Ruleset) -> None:
    hand = "22m [1111m] [5555p] (9999s) [3333s]"  # 十八罗汉 36, ×2 = 72
    assert book.score(hand, options={"无鬼加倍": "on"}).total == 72
    assert book.score(hand, options={"无鬼加倍": "on", "封顶": "64分封顶"}).total == 64
    assert book.score(hand, options={"封顶": "64分封顶"}).total == 36


# ---------------------------------------------------------------- 四、可选玩法: 胡牌


def test_rule_4_chihu_allows_discard_and_self_draw(book: Ruleset) -> None:
    chihu = {"胡牌": "吃胡"}
    assert book.score(CHICKEN, options=chihu).win
    assert book.score(CHICKEN, options=chihu, self_drawn=True).win


def test_rule_4_zimo_only_self_draw_below_20(book: Ruleset) -> None:
    zimo = {"胡牌": "自摸（20分以上可吃胡）"}
    refused = book.score(PURE_PUNGS, options=zimo)
    assert not refused.win and "20" in (refused.reason or "")
    assert book.score(PURE_PUNGS, options=zimo, self_drawn=True).total == 10


def test_rule_4_zimo_discard_win_allowed_at_20_and_above(book: Ruleset) -> None:
    zimo = {"胡牌": "自摸（20分以上可吃胡）"}
    exactly_20 = book.score("111z222z333z555z66z", options=zimo)  # 字一色 20
    assert exactly_20.win and exactly_20.total == 20
    assert book.score("19m19p19s12345677z", options=zimo).total == 26


def test_rule_4_convention_zimo_threshold_reads_the_doubled_score(book: Ruleset) -> None:
    options = {"胡牌": "自摸（20分以上可吃胡）", "无鬼加倍": "on"}
    assert book.score(PURE_PUNGS, options=options).total == 20  # 10 × 2 reaches 20


def test_rule_4_convention_zimo_threshold_reads_the_capped_score(book: Ruleset) -> None:
    options = {"胡牌": "自摸（20分以上可吃胡）", "封顶": "16分封顶"}
    assert not book.score("111z222z333z555z66z", options=options).win
    assert book.score("111z222z333z555z66z", options=options, self_drawn=True).total == 16


def test_rule_4_convention_zimo_kong_bloom_is_a_self_draw_robbing_is_not(book: Ruleset) -> None:
    zimo = {"胡牌": "自摸（20分以上可吃胡）"}
    assert book.score(CHICKEN_KONG, options=zimo, situations=["kong_bloom"]).win
    # a robbed tile completes no pair: the robbed seat holds its other three
    assert not book.score(CHICKEN, win="4p", options=zimo, situations=["robbing_kong"]).win


# ---------------------------------------------------------------- 四、可选玩法: 倍数


def test_rule_4_small_hu_chicken_is_1(book: Ruleset) -> None:
    won = book.score(CHICKEN, options={"小胡（鸡胡1倍其他2倍）": "on"})
    assert fans(won) == {"鸡胡": 1} and won.total == 1


@pytest.mark.parametrize(
    "hand",
    [
        "111m555p999s333s22z",  # 碰碰胡
        "123m456m789m111z22z",  # 混一色
        "123m456m789m222m55m",  # 清一色
        "1122m3344p5566s77z",  # 七对
        "1111m3344p5566s77z",  # 豪华七对
        "19m19p19s12345677z",  # 十三幺
        "22m [1111m] [5555p] (9999s) [3333s]",  # 十八罗汉
    ],
)
def test_rule_4_small_hu_every_other_pattern_is_2(book: Ruleset, hand: str) -> None:
    won = book.score(hand, options={"小胡（鸡胡1倍其他2倍）": "on"})
    assert list(fans(won).values()) == [2] and won.total == 2


def test_rule_4_convention_small_hu_patterns_still_add(book: Ruleset) -> None:
    won = book.score(PURE_PUNGS, options={"小胡（鸡胡1倍其他2倍）": "on"})
    assert fans(won) == {"碰碰胡": 2, "清一色": 2} and won.total == 4


def test_rule_4_chicken_cannot_win_on_a_discard(book: Ruleset) -> None:
    options = {"鸡胡不能吃胡": "on"}
    refused = book.score(CHICKEN, options=options)
    assert not refused.win and "鸡胡" in (refused.reason or "")
    assert book.score(CHICKEN, options=options, self_drawn=True).total == 2
    assert book.score(PURE_PUNGS, options=options).total == 10  # not a 鸡胡: may 吃胡


def test_rule_4_chicken_cannot_win_on_a_discard_off_by_default(book: Ruleset) -> None:
    assert book.score(CHICKEN).win


# ---------------------------------------------------------------- 四、可选玩法: 鬼牌


def test_rule_4_ghost_default_is_no_ghost(book: Ruleset) -> None:
    assert book.wilds_for(book.resolve_options(None)) == ()


def test_rule_4_white_ghost_kept_under_no_dragons(book: Ruleset) -> None:
    kept = copies(book, {"鬼牌": "白板做鬼", "无字": "on"})
    assert kept[tile_index("5z")] == 4
    assert kept[tile_index("6z")] == kept[tile_index("7z")] == 0
    assert sum(kept) == 128
    assert book.score("123m456p789s111m2z5z", options={"鬼牌": "白板做鬼", "无字": "on"}).win


def test_rule_4_red_ghost_kept_under_no_dragons(book: Ruleset) -> None:
    kept = copies(book, {"鬼牌": "红中做鬼", "无字": "on"})
    assert kept[tile_index("7z")] == 4
    assert kept[tile_index("5z")] == kept[tile_index("6z")] == 0
    assert sum(kept) == 128


# -------------------------------------------------------- 四、可选玩法: 买马 / 奖马 (settlement)


@pytest.mark.parametrize("choice", ["无马", "1马", "2马", "罚1马", "罚2马"])
def test_rule_4_buy_horses_choices_leave_the_hand_score_alone(book: Ruleset, choice: str) -> None:
    assert book.score(PURE_PUNGS, options={"买马": choice}).total == 10


@pytest.mark.parametrize("choice", ["无马", "买2马", "买5马", "买8马"])
def test_rule_4_bonus_horses_choices_leave_the_hand_score_alone(book: Ruleset, choice: str) -> None:
    assert book.score(PURE_PUNGS, options={"奖马": choice}).total == 10


# ---------------------------------------------------------------- 四、可选玩法: the checkboxes


def test_rule_4_no_dragons_removes_the_dragons(book: Ruleset) -> None:
    kept = copies(book, {"无字": "on"})
    assert sum(kept) == 124
    assert all(kept[tile_index(t)] == 0 for t in ("5z", "6z", "7z"))
    with pytest.raises(ValueError, match="not in play"):
        book.score("123m456p789s111m55z", options={"无字": "on"})


def test_rule_4_no_winds_removes_the_winds(book: Ruleset) -> None:
    kept = copies(book, {"无风": "on"})
    assert sum(kept) == 120
    assert all(kept[tile_index(f"{r}z")] == 0 for r in range(1, 5))
    with pytest.raises(ValueError, match="not in play"):
        book.score("123m456p789s111m22z", options={"无风": "on"})


def test_rule_4_no_dragons_and_no_winds_leave_the_suits(book: Ruleset) -> None:
    assert sum(copies(book, {"无字": "on", "无风": "on"})) == 108


@pytest.mark.parametrize("label", ["跟庄1分", "流局算杠", "连庄", "吃杠爆杠全包", "必胡"])
def test_rule_4_settlement_and_play_checkboxes_leave_the_hand_score_alone(
    book: Ruleset, label: str
) -> None:
    assert book.score(PURE_PUNGS, options={label: "on"}, players=4).total == 10
    assert book.score(CHICKEN, options={label: "on"}, self_drawn=True).total == 2


def test_rule_4_multiply_big_patterns_multiply(book: Ruleset) -> None:
    on = {"大胡相乘": "on"}
    assert book.score(PURE_PUNGS, options=on).total == 24  # 4 × 6
    assert book.score("111m555m999m222z33z", options=on).total == 16  # 碰碰胡 4 × 混一色 4


def test_rule_4_multiply_big_otherwise_patterns_add(book: Ruleset) -> None:
    assert book.score(PURE_PUNGS).total == 10
    assert book.score("111m555m999m222z33z").total == 8


def test_rule_4_multiply_big_single_pattern_and_chicken_unchanged(book: Ruleset) -> None:
    on = {"大胡相乘": "on"}
    assert book.score("123m456m789m222m55m", options=on).total == 6
    assert book.score(CHICKEN, options=on).total == 2


def test_rule_4_no_ghost_double_without_a_ghost_in_hand(book: Ruleset) -> None:
    options = {"无鬼加倍": "on", "鬼牌": "白板做鬼"}
    assert book.score(PURE_PUNGS, options=options).total == 20
    assert book.score(PURE_PUNGS, options={"鬼牌": "白板做鬼"}).total == 10


def test_rule_4_no_ghost_double_not_with_a_ghost_in_hand(book: Ruleset) -> None:
    options = {"无鬼加倍": "on", "鬼牌": "白板做鬼"}
    assert book.score(TWO_WHITE, options=options).total == 10
    # A ghost standing for itself is still a ghost in the hand.
    assert book.score("19m19p19s1234567z1m", options=options).total == 26


def test_rule_4_convention_no_ghost_double_in_a_game_without_ghosts(book: Ruleset) -> None:
    assert book.score(CHICKEN, options={"无鬼加倍": "on"}).total == 4


FOUR_WHITE_NO_SHAPE = "1m4m7m2p5p8p3s6s9s1z5z5z5z5z"


def test_rule_4_four_ghosts_win_whatever_the_shape_as_chicken(book: Ruleset) -> None:
    options = {"鬼牌": "白板做鬼", "四鬼胡牌": "on"}
    won = book.score(FOUR_WHITE_NO_SHAPE, options=options)
    assert won.win and won.shape == "four_ghosts"
    assert fans(won) == {"鸡胡": 2}


def test_rule_4_four_ghosts_off_no_win_without_a_shape(book: Ruleset) -> None:
    assert not book.score(FOUR_WHITE_NO_SHAPE, options=WHITE).win


def test_rule_4_four_ghosts_need_all_four(book: Ruleset) -> None:
    options = {"鬼牌": "白板做鬼", "四鬼胡牌": "on"}
    assert not book.score("1m4m7m2p5p8p3s6s9s1z2z5z5z5z", options=options).win


def test_rule_4_four_ghosts_with_a_pattern_score_the_pattern(book: Ruleset) -> None:
    options = {"鬼牌": "白板做鬼", "四鬼胡牌": "on"}
    won = book.score("111m555m777m9m5z5z5z5z", options=options)
    assert won.total == 36 and won.shape == "seven_pairs"


def test_rule_4_four_ghosts_flipped_ghost(book: Ruleset) -> None:
    options = {"鬼牌": "翻鬼", "四鬼胡牌": "on"}
    won = book.score("2z2z2z2z1m4m7m2p5p8p3s6s9s1z", options=options, indicator="1z")
    assert won.win and fans(won) == {"鸡胡": 2}


def test_rule_4_four_ghosts_scored_as_chicken_obey_chicken_no_discard(book: Ruleset) -> None:
    options = {"鬼牌": "白板做鬼", "四鬼胡牌": "on", "鸡胡不能吃胡": "on"}
    assert not book.score(FOUR_WHITE_NO_SHAPE, options=options).win
    assert book.score(FOUR_WHITE_NO_SHAPE, options=options, self_drawn=True).win


# ---------------------------------------------------------------- conventions: the fan table


TABLE = [
    ("鸡胡", 2, CHICKEN),
    ("碰碰胡", 4, "111m555p999s333s22z"),
    ("混一色", 4, "123m456m789m111z22z"),
    ("清一色", 6, "123m456m789m222m55m"),
    ("七对", 6, "1122m3344p5566s77z"),
    ("豪华七对", 10, "1111m3344p5566s77z"),
    ("双豪华七对", 20, "1111m3333p5566s77z"),
    ("三豪华七对", 30, "1111m3333p5555s77z"),
    ("混幺九", 10, "111m999p111s555z77z"),
    ("清幺九", 20, "111m999m111p999p11s"),
    ("字一色", 20, "111z222z333z555z66z"),
    ("十三幺", 26, "19m19p19s12345677z"),
    ("十八罗汉", 36, "22m [1111m] [5555p] (9999s) [3333s]"),
]


@pytest.mark.parametrize(("name", "value", "hand"), TABLE, ids=[t[0] for t in TABLE])
def test_convention_fan_table_value(book: Ruleset, name: str, value: int, hand: str) -> None:
    won = book.score(hand)
    assert fans(won) == {name: value} and won.total == value


def test_convention_patterns_replace_the_chicken_hand(book: Ruleset) -> None:
    for _, _, hand in TABLE[1:]:
        assert "鸡胡" not in fans(book.score(hand)), hand


def test_convention_patterns_add_by_default(book: Ruleset) -> None:
    assert fans(book.score(PURE_PUNGS)) == {"碰碰胡": 4, "清一色": 6}
    assert fans(book.score("1122m3344m5566m99m")) == {"七对": 6, "清一色": 6}


def test_convention_honour_hands_need_honours_in_play(book: Ruleset) -> None:
    both = {"无字": "on", "无风": "on"}
    assert book.score(PURE_PUNGS, options=both).total == 10


def test_not_a_win_reports_a_reason(book: Ruleset) -> None:
    wrong = book.score("123m456p789s1357z")
    assert not wrong.win and wrong.reason


# ---------------------------------------------------------------- mjc options: every option


DOCUMENT_OPTIONS = {
    "封顶": ["不封顶", "16分封顶", "32分封顶", "64分封顶"],
    "胡牌": ["吃胡", "自摸（20分以上可吃胡）"],
    "小胡（鸡胡1倍其他2倍）": [],
    "鸡胡不能吃胡": [],
    "鬼牌": ["无鬼", "白板做鬼", "红中做鬼", "翻鬼"],
    "买马": ["无马", "1马", "2马", "罚1马", "罚2马"],
    "奖马": ["无马", "买2马", "买5马", "买8马"],
    "无字": [],
    "无风": [],
    "跟庄1分": [],
    "流局算杠": [],
    "连庄": [],
    "吃杠爆杠全包": [],
    "必胡": [],
    "大胡相乘": [],
    "无鬼加倍": [],
    "四鬼胡牌": [],
}


def test_rule_4_cli_options_lists_every_option_of_the_document(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["options", NAME, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    got = {o["label"]: [c["label"] for c in o["choices"]] for o in listed["options"]}
    assert got == DOCUMENT_OPTIONS
    assert any("跟庄" in c for c in listed["constraints"])


# Which tests exercise which option (by id); checked against the rulebook below.
OPTION_TESTS: dict[str, list[str]] = {
    "cap": [
        "test_rule_4_cap_limits_the_hand_score",
        "test_rule_4_cap_64_limits_after_no_ghost_double",
    ],
    "hu": [
        "test_rule_4_zimo_only_self_draw_below_20",
        "test_rule_4_chihu_allows_discard_and_self_draw",
    ],
    "small_hu": ["test_rule_4_small_hu_chicken_is_1"],
    "chicken_self_draw_only": ["test_rule_4_chicken_cannot_win_on_a_discard"],
    "ghost": [
        "test_rule_4_white_ghost_kept_under_no_dragons",
        "test_rule_4_red_ghost_kept_under_no_dragons",
        "test_rule_1_ghost_flip_scores_with_the_successor",
        "test_rule_1_no_ghost_option_has_no_wilds",
    ],
    "buy_horses": ["test_rule_4_buy_horses_choices_leave_the_hand_score_alone"],
    "bonus_horses": ["test_rule_4_bonus_horses_choices_leave_the_hand_score_alone"],
    "no_dragons": ["test_rule_4_no_dragons_removes_the_dragons"],
    "no_winds": ["test_rule_4_no_winds_removes_the_winds"],
    "follow_dealer": ["test_rule_3_follow_dealer_only_with_3_or_4_players"],
    "draw_kong_score": ["test_rule_4_settlement_and_play_checkboxes_leave_the_hand_score_alone"],
    "dealer_streak": ["test_rule_4_settlement_and_play_checkboxes_leave_the_hand_score_alone"],
    "kong_bloom_pays_all": [
        "test_rule_4_settlement_and_play_checkboxes_leave_the_hand_score_alone"
    ],
    "must_win": ["test_rule_4_settlement_and_play_checkboxes_leave_the_hand_score_alone"],
    "multiply_big": ["test_rule_4_multiply_big_patterns_multiply"],
    "no_ghost_double": ["test_rule_4_no_ghost_double_without_a_ghost_in_hand"],
    "four_ghosts": ["test_rule_4_four_ghosts_win_whatever_the_shape_as_chicken"],
}


def test_every_option_is_exercised(book: Ruleset) -> None:
    assert set(OPTION_TESTS) == {o.id for o in book.options}
    modules = (sys.modules[__name__], test_chaozhou_ghosts)
    for option in book.options:
        for test_name in OPTION_TESTS[option.id]:
            (test,) = (getattr(m, test_name) for m in modules if hasattr(m, test_name))
            source = inspect.getsource(test)
            mentioned = [option.label, *(c.label for c in option.choices if c.label)]
            assert any(m in source for m in mentioned) or option.id in source, (
                f"{test_name} does not set option {option.id} ({option.label})"
            )
