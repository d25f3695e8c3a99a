"""梅州麻将 (seed 002): one test per statement of the document about scoring, tiles, shapes,
claims and options, named after its clause.

Clause names follow the seed's numbering: 一、参与对象, 四、出牌, 五、赢牌, 七、杠牌及抢杠,
八、碰牌, 九、自摸, 十、得分. A score is what each of the three other players pays on a
self-drawn win (赔率, 分). The robbed player's 3× liability (6 / 18 / 24) and the kong payments
of 十、得分 are settlement, encoded with the settlement issue: the tests here check that the
per-payer values those figures are three times of are 2 / 6 / 8. Where the seed is silent the
rulebook records a convention (research: ../shared/research/rules/meizhou.md, from the 梅州红中宝
rules page); those tests say `convention` in their names.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.loader import load
from mjc.runtime import Ruleset, Score, SituationError

from ..conftest import ruleset  # type: ignore[import-not-found]

# Every option a test below sets; `test_every_option_is_exercised` compares it with the rulebook.
EXERCISED: set[str] = set()


def opts(**values: Any) -> dict[str, Any]:
    EXERCISED.update(values)
    return values


ONLY_HIGHEST = opts(combine_hands="off")

# How many players share a self-draw payment, and so how many shares a robbed player pays alone.
OTHERS = 3


@pytest.fixture(scope="module")
def meizhou() -> Ruleset:
    return ruleset("meizhou")


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


ORDINARY = "123m456p789s345s22z"  # 平胡: no pattern
ORDINARY_EXPOSED = "123m456p22z [789s] [555s]"
SEVEN_PAIRS = "1122m3344p5566s77z"
PURE_ONE_SUIT = "123m456m789m345m22m"
# The tiles these hands are robbed on: a robbed tile completes no pair (the robbed seat holds its
# other three), so each sits in a chow and nowhere else in the hand.
ROBBED_ORDINARY = "4p"
ROBBED_PURE = "6m"


# ---------------------------------------------------------------- 一、参与对象 / tiles


def test_1_four_players(meizhou: Ruleset) -> None:
    assert meizhou.players == (4,)


def test_tiles_convention_136_without_flowers(meizhou: Ruleset) -> None:
    book = load("meizhou").compilation.rulebook
    assert book is not None and book.tiles.total == 136
    copies = meizhou.tile_copies(meizhou.resolve_options(None))
    assert sum(copies) == 136 and not any(copies[34:])
    with pytest.raises(ValueError):
        meizhou.score(ORDINARY + "1f", self_drawn=True)


# ---------------------------------------------------------------- 四、出牌 / 八、碰牌 (claims)


def test_4_pong_and_convention_no_chow(meizhou: Ruleset) -> None:
    claims = meizhou.claims(meizhou.resolve_options(None))
    assert "pong" in claims and "chow" not in claims


def test_4_a_kong_holds_one_tile_more(meizhou: Ruleset) -> None:
    # 每人都应保证自己手中的牌为十三张，如杠牌则为 14 张: a kong counts as a set of three.
    score = meizhou.score("123m456p789s22z (5555s)", self_drawn=True)
    assert score.win and score.total == 2
    assert not meizhou.score("123m456p789s22z", self_drawn=True).win


def test_8_pong_a_discard(meizhou: Ruleset) -> None:
    assert "pong" in meizhou.claims(meizhou.resolve_options(None))
    assert meizhou.score(ORDINARY_EXPOSED, self_drawn=True).win


# ---------------------------------------------------------------- 五、赢牌


def test_5_any_pair_is_the_eyes(meizhou: Ruleset) -> None:
    for pair in ("22z", "77z", "55m", "99s"):
        assert meizhou.score(f"123m456p789s345s{pair}", self_drawn=True).win, pair


def test_5_sets_are_runs_or_triplets(meizhou: Ruleset) -> None:
    for hand in ("123m456p789s345s22z", "111m555p999s333s22z", "123m555p789s333s22z"):
        assert meizhou.score(hand, self_drawn=True).win, hand
    assert not meizhou.score("124m456p789s345s22z", self_drawn=True).win


# ---------------------------------------------------------------- 七、杠牌及抢杠


def test_7_concealed_and_exposed_kongs(meizhou: Ruleset) -> None:
    claims = meizhou.claims(meizhou.resolve_options(None))
    assert {"kong concealed", "kong exposed", "kong added"} <= claims


def test_7_rob_both_kinds_of_明杠_are_robbed_and_no_暗杠(meizhou: Ruleset) -> None:
    """抢杠：明杠时…即为抢杠 — 明杠 ① (on a discard) and ② (added to a pong), as written."""
    claims = meizhou.claims(meizhou.resolve_options(None))
    assert "rob added" in claims and "rob exposed" in claims
    assert "rob concealed" not in claims


def test_7_rob_ordinary_hand_robbed_player_pays_6(meizhou: Ruleset) -> None:
    score = meizhou.score(ORDINARY, win=ROBBED_ORDINARY, situations=["robbing_kong"])
    assert score.win and fans(score) == {"平胡": 2}
    assert OTHERS * score.total == 6  # the 3× liability itself is settlement


def test_7_rob_seven_pairs_robbed_player_pays_18(meizhou: Ruleset) -> None:
    # 七小对 is a winning hand (如果胡牌类型为 7 小对); on a robbed kong it pays 18 = 3 × 6.
    score = meizhou.score(SEVEN_PAIRS, self_drawn=True)
    assert score.win and score.shape == "seven_pairs"
    assert fans(score) == {"七小对": 6}
    assert OTHERS * score.total == 18
    # A robbed tile completes no pair (the robbed seat holds its other three), so a seven-pairs
    # hand is never won on a robbed kong: the 18 is what the robbed seat would owe, 3 × 6.
    with pytest.raises(SituationError, match=r"copies\(winning_tile\) is 2"):
        meizhou.score(SEVEN_PAIRS, situations=["robbing_kong"])


# ---------------------------------------------------------------- 九、自摸


def test_9_self_draw_wins(meizhou: Ruleset) -> None:
    score = meizhou.score(ORDINARY, self_drawn=True)
    assert score.win and score.total == 2


# ---------------------------------------------------------------- 十、得分


def test_10_self_draw_pays_at_least_2(meizhou: Ruleset) -> None:
    hands = [ORDINARY, ORDINARY_EXPOSED, SEVEN_PAIRS, PURE_ONE_SUIT, "111m555p22z [999s] [333s]"]
    totals = [meizhou.score(h, self_drawn=True).total for h in hands]
    assert min(totals) == 2 and totals[0] == 2


def test_10_only_self_draw_counts(meizhou: Ruleset) -> None:
    for hand in (ORDINARY, SEVEN_PAIRS, PURE_ONE_SUIT):
        discard = meizhou.score(hand)
        assert not discard.win and "自摸" in (discard.reason or ""), hand


def test_10_no_fan_counting(meizhou: Ruleset) -> None:
    # 不计番数: no additions for concealment, the dealer, winds or dragons.
    for hand in (ORDINARY, ORDINARY_EXPOSED, "123m456p789s22z [555z]", "123m456p789s111z22m"):
        score = meizhou.score(hand, self_drawn=True, dealer=True, seat_wind="E")
        assert fans(score) == {"平胡": 2}, hand


def test_10_big_and_small_hands_pay_different_rates(meizhou: Ruleset) -> None:
    ordinary = meizhou.score(ORDINARY, self_drawn=True).total
    seven_pairs = meizhou.score(SEVEN_PAIRS, self_drawn=True).total
    pure = meizhou.score(PURE_ONE_SUIT, self_drawn=True).total
    assert (ordinary, seven_pairs, pure) == (2, 6, 8)


def test_10_kong_payments_are_not_part_of_the_hand_value(meizhou: Ruleset) -> None:
    # 暗杠 2 / 摸明杠 1 from each player, accumulated: settled separately (settlement issue).
    for hand in ("123m456p789s22z (5555s)", "123m456p789s22z [5555s]"):
        assert meizhou.score(hand, self_drawn=True).total == 2, hand


def test_10_rob_kong_six_times_the_rate(meizhou: Ruleset) -> None:
    # 抢杠胡牌时将赢得牌型的 6 倍赔率: 平胡's rate 2 per payer, 3 payers' worth = 6.
    robbed = meizhou.score(ORDINARY, win=ROBBED_ORDINARY, situations=["robbing_kong"])
    drawn = meizhou.score(ORDINARY, self_drawn=True)
    assert robbed.total == drawn.total == 2
    assert OTHERS * robbed.total == 6


def test_10_rob_pure_one_suit_robbed_player_pays_24(meizhou: Ruleset) -> None:
    score = meizhou.score(PURE_ONE_SUIT, win=ROBBED_PURE, situations=["robbing_kong"])
    assert score.win and fans(score) == {"清一色": 8}
    assert OTHERS * score.total == 24


def test_10_kong_bloom_is_a_self_draw(meizhou: Ruleset) -> None:
    score = meizhou.score("123m456p789s22z (5555s)", situations=["kong_bloom"])
    assert score.win and score.total == meizhou.score(ORDINARY, self_drawn=True).total


# ---------------------------------------------------------------- conventions: the other hands

EXT_HANDS = [
    ("碰碰胡", 4, "111m555p22z [999s] [333s]", "111m555p22z [789s] [333s]"),
    ("混一色", 4, "123m456m11z [789m] [345m]", "123m456p11z [789m] [345m]"),
    ("混幺九", 10, "111m999p77z [111s] [555z]", "111m999p77z [123s] [555z]"),
    ("坎坎胡", 10, "111m555p999s333s22z", "111m555p22z [999s] [333s]"),
    ("豪华七小对", 12, "1111m3344p5566s77z", SEVEN_PAIRS),
    ("十三幺", 20, "19m19p19s12345677z", "111m999p111s555z77z"),
    ("字一色", 20, "111z222z333z555z66z", "111z222z333z555z11m"),
    ("清幺九", 20, "111m999m111p999p11s", "111m999m111p999p11z"),
    ("超豪华七小对", 24, "1111m3333p5566s77z", "1111m3344p5566s77z"),
    ("超超豪华七小对", 36, "1111m3333p5555s77z", "1111m3333p5566s77z"),
    ("十八罗汉", 36, "22z [1111m] (5555p) [9999s] (3333s)", "333s22z [1111m] (5555p) [9999s]"),
]


@pytest.mark.parametrize(
    ("name", "value", "hand", "near_miss"), EXT_HANDS, ids=[h[0] for h in EXT_HANDS]
)
def test_convention_ext_hand_value(
    meizhou: Ruleset, name: str, value: int, hand: str, near_miss: str
) -> None:
    score = meizhou.score(hand, self_drawn=True)
    assert fans(score)[name] == value
    assert "平胡" not in fans(score)


@pytest.mark.parametrize(
    ("name", "value", "hand", "near_miss"), EXT_HANDS, ids=[h[0] for h in EXT_HANDS]
)
def test_convention_ext_hand_near_miss(
    meizhou: Ruleset, name: str, value: int, hand: str, near_miss: str
) -> None:
    score = meizhou.score(near_miss, self_drawn=True)
    assert score.win and name not in fans(score)


def test_convention_heavenly_hand_is_20(meizhou: Ruleset) -> None:
    score = meizhou.score(ORDINARY, self_drawn=True, dealer=True, situations=["heavenly"])
    assert fans(score) == {"天胡": 20}


def test_convention_earthly_hand_is_20_on_the_first_draw(meizhou: Ruleset) -> None:
    assert fans(meizhou.score(ORDINARY, self_drawn=True, situations=["earthly"])) == {"地胡": 20}
    # 红中宝's 地胡 on the dealer's first discard is a discard win: not allowed here.
    assert not meizhou.score(ORDINARY, situations=["human"]).win


def test_convention_thirteen_orphans_is_a_winning_shape(meizhou: Ruleset) -> None:
    score = meizhou.score("19m19p19s12345677z", self_drawn=True)
    assert score.win and score.shape == "thirteen_orphans" and score.total == 20


# ---------------------------------------------------------------- conventions: combination


def test_convention_hand_value_replaces_the_basic_2(meizhou: Ruleset) -> None:
    # 七小对 pays 18 = 3 × 6 on a robbed kong, not 3 × (6 + 2).
    for hand in (SEVEN_PAIRS, PURE_ONE_SUIT, "111m555p22z [999s] [333s]"):
        assert "平胡" not in fans(meizhou.score(hand, self_drawn=True)), hand


def test_convention_two_big_hands_add(meizhou: Ruleset) -> None:
    score = meizhou.score("1122m3344m5566m77m", self_drawn=True)
    assert fans(score) == {"七小对": 6, "清一色": 8} and score.total == 14
    assert meizhou.score("1199m1199p11s1177z", self_drawn=True).total == 6 + 10


def test_convention_combine_hands_off_only_the_highest_counts(meizhou: Ruleset) -> None:
    score = meizhou.score("1122m3344m5566m77m", self_drawn=True, options=ONLY_HIGHEST)
    assert score.total == 8
    assert (
        meizhou.score("1199m1199p11s1177z", self_drawn=True, options={"牌型相加": "off"}).total
        == 10
    )


def test_convention_stricter_forms_replace_the_looser(meizhou: Ruleset) -> None:
    assert fans(meizhou.score("1111m3344p5566s77z", self_drawn=True)) == {"豪华七小对": 12}
    assert fans(meizhou.score("111m555p999s333s22z", self_drawn=True)) == {"坎坎胡": 10}
    four_kongs = meizhou.score("22z [1111m] (5555p) [9999s] (3333s)", self_drawn=True)
    assert fans(four_kongs) == {"十八罗汉": 36}


# ---------------------------------------------------------------- options listing


def test_options_listed_by_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "meizhou", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["rulebook"] == "meizhou"
    assert [(o["id"], o["label"], o["default"]) for o in listed["options"]] == [
        ("combine_hands", "牌型相加", "on")
    ]
    assert listed["options"][0]["convention"]


def test_every_option_is_exercised(meizhou: Ruleset) -> None:
    assert {o.id for o in meizhou.options} == EXERCISED
