"""上海麻将 (seed 003): one test per statement of the document about scoring, tiles, shapes,
claims and options, named after its clause.

Clause names follow the seed's headings: 打牌, 吃碰杠牌, 點炮, 一炮多響, 搶杠, 門清, 勒子 (1–5)
and 花 (1–4). A score is one paying player's share in 花. Where the seed is silent the rulebook
records a convention (research: ../shared/research/rules/shanghai.md); those tests say
`convention` in their names. The seed's payment rules (點炮者輸分, 搶杠 3 份, 承包 2 / 5 / 3 份)
are settlement, encoded with the settlement issue; 漏胡 and the dealer rules are game flow.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.loader import load
from mjc.runtime import Ruleset, Score

from ..conftest import ruleset  # type: ignore[import-not-found]

LEZI = 10  # the default 勒子, in 花
DIHUA = 2  # the default 底花

# Every option a test below sets; `test_every_option_is_exercised` compares it with the rulebook.
EXERCISED: set[str] = set()


def opts(**values: Any) -> dict[str, Any]:
    EXERCISED.update(values)
    return values


SEVEN_PAIRS_OFF = opts(seven_pairs="off")
DIHUA_5 = opts(dihua=5)
LEZI_5 = opts(lezi=5)
LEZI_15 = opts(lezi=15)
LEZI_20 = opts(lezi=20)
LEZI_30 = opts(lezi=30)
NO_HUANGFAN = opts(play_huangfan="off")
NO_KAIBAO = opts(play_kaibao="off")


@pytest.fixture(scope="module")
def shanghai() -> Ruleset:
    return ruleset("shanghai")


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


# A claimed chow and nothing else: worth only the 底花.
PLAIN_EXPOSED = "123m456p345s22z [789s]"
# The same kind of hand fully concealed: 門清 doubles the 底花.
PLAIN_CONCEALED = "123m456p789s345s22z"
# Claimed melds worth 11 花 (底花 2 + 箭明杠 3 + 箭暗杠 4 + 箭刻 2), above one 勒子, not 門清.
BIG_EXPOSED = "123p11m [5555z] (6666z) [777z]"
# 清碰 with claimed pungs (22 花), not 門清 and not 大吊車.
QINGPENG_EXPOSED = "333m22m [111m] [555m] [999m]"
# 風碰 with claimed pungs (底花 2 + four wind pungs 4 + 風碰 40), not 門清 and not 大吊車.
FENGPENG_EXPOSED = "111z66z [222z] [333z] [444z]"
# 風一色 (乱风: honours not forming sets) with a claimed pung, so not 門清.
FENGYISE_EXPOSED = "11123446677z [555z]"


# ---------------------------------------------------------------- tiles and players


def test_tiles_convention_136_and_eight_flowers_make_144(shanghai: Ruleset) -> None:
    book = load("shanghai").compilation.rulebook
    assert book is not None and book.tiles.total == 144
    copies = shanghai.tile_copies(shanghai.resolve_options(None))
    assert sum(copies) == 144
    assert copies[34:42] == (1,) * 8  # 春夏秋冬梅蘭竹菊, one each


def test_dapai_four_players(shanghai: Ruleset) -> None:
    assert shanghai.players == (4,)


# ---------------------------------------------------------------- 打牌 / 吃碰杠牌 / 搶杠 (claims)


def test_dapai_next_player_chows_others_pong_or_kong(shanghai: Ruleset) -> None:
    claims = shanghai.claims(shanghai.resolve_options(None))
    assert {"chow", "pong", "kong exposed"} <= claims


def test_chipenggang_claimed_melds_shown_concealed_kong_stays_hidden(shanghai: Ruleset) -> None:
    claims = shanghai.claims(shanghai.resolve_options(None))
    assert {"kong concealed", "kong added"} <= claims
    hidden = shanghai.score("123m456p789s22z (5555s)")
    shown = shanghai.score("123m456p789s22z [5555s]")
    assert "門清" in fans(hidden) and "門清" not in fans(shown)


def test_qianggang_only_on_an_added_kong(shanghai: Ruleset) -> None:
    claims = shanghai.claims(shanghai.resolve_options(None))
    assert "rob added" in claims
    assert "rob exposed" not in claims and "rob concealed" not in claims


def test_qianggang_scored_as_self_draw(shanghai: Ruleset) -> None:
    # A robbed tile completes no pair or pung (the robbed seat holds its other three), so each
    # hand wins on a chow's tile; 清碰's 清一色 is robbed in a hand with a chow.
    robbed_hands = (
        (PLAIN_EXPOSED, "4p"),
        (BIG_EXPOSED, "2p"),
        ("234m22m [111m] [555m] [999m]", "3m"),
    )
    for hand, win in robbed_hands:
        robbed = shanghai.score(hand, win=win, situations=["robbing_kong"])
        drawn = shanghai.score(hand, win=win, self_drawn=True)
        assert robbed.win and robbed.total == drawn.total


def test_dianpao_a_discard_win_scores_the_same_share(shanghai: Ruleset) -> None:
    # 點炮者輸分: the discarder alone pays (settlement); the share is the hand's own value.
    for hand in (PLAIN_EXPOSED, PLAIN_CONCEALED, BIG_EXPOSED):
        assert shanghai.score(hand).total == shanghai.score(hand, self_drawn=True).total


def test_yipao_duoxiang_each_winner_scores_its_own_hand(shanghai: Ruleset) -> None:
    for hand in (PLAIN_EXPOSED, BIG_EXPOSED):
        several = shanghai.score(hand, situations=["triple_win"])
        assert several.win and several.total == shanghai.score(hand).total


# ---------------------------------------------------------------- 門清


def test_menqing_doubles_the_hand(shanghai: Ruleset) -> None:
    concealed = shanghai.score(PLAIN_CONCEALED)
    assert fans(concealed) == {"底花": DIHUA, "門清": 0}
    assert concealed.total == 2 * DIHUA
    assert shanghai.score(PLAIN_EXPOSED).total == DIHUA


def test_menqing_no_chow_no_pong_no_exposed_kong(shanghai: Ruleset) -> None:
    for hand in (
        "123m456p345s22z [789s]",  # 吃
        "123m456p345s22z [777s]",  # 碰
        "123m456p789s22z [5555s]",  # 明杠
    ):
        assert "門清" not in fans(shanghai.score(hand)), hand


def test_menqing_a_concealed_kong_is_allowed(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p789s22z (5555s)")
    assert "門清" in fans(score)
    assert score.total == (DIHUA + 2) * 2


def test_menqing_by_self_draw_or_on_a_discard(shanghai: Ruleset) -> None:
    drawn = shanghai.score(PLAIN_CONCEALED, self_drawn=True)
    discard = shanghai.score(PLAIN_CONCEALED)
    assert "門清" in fans(drawn) and "門清" in fans(discard)
    assert drawn.total == discard.total == 2 * DIHUA


# ---------------------------------------------------------------- 勒子


def test_lezi_1_the_cap_is_one_lezi(shanghai: Ruleset) -> None:
    score = shanghai.score(BIG_EXPOSED)
    assert sum(fans(score).values()) == 11
    assert score.total == LEZI and score.capped


@pytest.mark.parametrize(
    ("what", "hand", "situations"),
    [
        ("荒番", BIG_EXPOSED, ["huangfan"]),
        ("開寶", BIG_EXPOSED, ["kaibao"]),
        ("門清", "123m777z11p (5555z) (6666z)", []),
        ("清碰", QINGPENG_EXPOSED, []),
        ("風一色", FENGYISE_EXPOSED, []),
    ],
    ids=["huangfan", "kaibao", "menqing", "qingpeng", "fengyise"],
)
def test_lezi_2_double_cap(shanghai: Ruleset, what: str, hand: str, situations: list[str]) -> None:
    score = shanghai.score(hand, situations=situations)
    assert score.total == 2 * LEZI and score.capped, what


def test_lezi_3_wind_pungs_reach_four_lezi(shanghai: Ruleset) -> None:
    score = shanghai.score(FENGPENG_EXPOSED)
    assert fans(score)["風碰"] == 4 * LEZI
    assert score.total == 4 * LEZI and score.capped


def test_lezi_4_qingpeng_and_kaibao_four_lezi(shanghai: Ruleset) -> None:
    assert shanghai.score(QINGPENG_EXPOSED).total == 2 * LEZI
    assert shanghai.score(QINGPENG_EXPOSED, situations=["kaibao"]).total == 4 * LEZI


def test_lezi_4_fengpeng_and_huangfan_eight_lezi(shanghai: Ruleset) -> None:
    assert shanghai.score(FENGPENG_EXPOSED, situations=["huangfan"]).total == 8 * LEZI


def test_lezi_5_kong_bloom_lifts_to_one_lezi(shanghai: Ruleset) -> None:
    hand = "123m456p22z [789s] [5555s]"
    assert shanghai.score(hand).total == DIHUA + 1
    score = shanghai.score(hand, situations=["kong_bloom"])
    assert score.total == LEZI and score.floor == LEZI
    assert shanghai.score(hand, situations=["kong_bloom"], options=LEZI_15).total == 15


def test_lezi_5_big_crane_lifts_to_one_lezi(shanghai: Ruleset) -> None:
    score = shanghai.score("22z [123m] [456p] [789s] [555s]")
    assert "大吊車" in fans(score)
    assert score.total == LEZI and score.floor == LEZI
    assert shanghai.score("555s22z [123m] [456p] [789s]").total == DIHUA


def test_lezi_5_at_or_above_one_lezi_counts_as_the_hand(shanghai: Ruleset) -> None:
    bloom = shanghai.score("333m22m [1111m] [555m] [999m]", situations=["kong_bloom"])
    assert bloom.total == 2 * LEZI and bloom.floor == 0
    crane = shanghai.score("22m [111m] [555m] [999m] [333m]")
    assert "大吊車" in fans(crane) and crane.total == 2 * LEZI


# ---------------------------------------------------------------- 花


def test_hua_1_each_flower_is_one(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p345s22z1f5f8f [789s]")
    assert fans(score)["花牌"] == 3
    assert score.total == DIHUA + 3


def test_hua_1_eight_flowers_win_at_once_for_two_lezi(shanghai: Ruleset) -> None:
    hand = "123m456p789s345s2z12345678f"  # thirteen tiles and the eighth flower: no other win
    score = shanghai.score(hand, win="8f")
    assert score.win and score.shape == "eight_flowers"
    assert fans(score) == {"八花": 2 * LEZI} and score.total == 2 * LEZI
    assert shanghai.score(hand, win="8f", options=LEZI_30).total == 60
    assert not shanghai.score("123m456p789s345s2z1234567f", win="7f").win


def test_hua_1_eight_flowers_on_thirteen_tiles_won_on_a_tile_is_no_win(shanghai: Ruleset) -> None:
    # A win holds fourteen tiles whatever its shape: thirteen won on 2z are one short, and
    # only the eighth flower drawn is the one more (如果這8個花抓起即可胡牌).
    score = shanghai.score("123m456p789s345s2z12345678f")
    assert not score.win and "has 13" in (score.reason or "")


def test_hua_1_eight_flowers_won_another_way_that_scoring_counts(shanghai: Ruleset) -> None:
    score = shanghai.score("111z66z12345678f [222z] [333z] [444z]")
    assert score.shape == "standard"
    assert fans(score)["花牌"] == 8 and "風碰" in fans(score)
    assert score.total == 4 * LEZI


def test_hua_1_ba_ge_hua_zhua_qi_ji_ke_hu_pai_won_on_the_eighth_flower(shanghai: Ruleset) -> None:
    # 如果這8個花抓起即可胡牌，此時胡牌直接算兩個勒子: the eighth flower drawn is the winning tile.
    for hand in ("123m456p789s345s2z12345678f", "123m456p789s345s2z1234567f8f"):
        score = shanghai.score(hand, win="8f", self_drawn=True)
        assert score.win and score.shape == "eight_flowers", hand
        assert fans(score) == {"八花": 2 * LEZI}


def test_hua_1_zhua_qi_ji_ke_hu_pai_a_win_on_the_flower_is_the_eight_flowers_win(
    shanghai: Ruleset,
) -> None:
    # 抓起即可胡牌: a hand won on the eighth flower is the 八花 win (a flower completes no set),
    # with thirteen tiles beside the flower: fourteen and the flower are one tile too many.
    score = shanghai.score("123m456p789s345s2z12345678f", win="8f", self_drawn=True)
    assert score.shape == "eight_flowers" and fans(score) == {"八花": 2 * LEZI}
    score = shanghai.score("123m456p789s345s22z12345678f", win="8f", self_drawn=True)
    assert not score.win and "this one has 14" in (score.reason or "")


def test_hua_1_zhua_qi_a_seventh_flower_is_no_win(shanghai: Ruleset) -> None:
    # 如果這8個花抓起即可胡牌: only the eighth flower wins at once.
    score = shanghai.score("123m456p789s345s2z1234567f", win="7f", self_drawn=True)
    assert not score.win and (score.reason or "").startswith("won on the flower 7f")


def test_hua_1_qi_ta_hu_fa_zhao_suan_instead_not_in_addition(shanghai: Ruleset) -> None:
    # 如果抓滿這8個後按其他方式胡牌，則其他胡法照算 (convention: 照算 is instead of the 八花
    # win, not in addition): 風碰 with its 8 花 is 4 勒子 and holds no 八花; a plain claimed
    # hand is the 八花 win alone, not 八花 plus its 底花 and 8 花.
    other = shanghai.score("111z66z12345678f [222z] [333z] [444z]", win="6z")
    assert other.shape == "standard" and "八花" not in fans(other)
    plain = shanghai.score("123m456p345s22z12345678f [789s]")
    assert fans(plain) == {"八花": 2 * LEZI} and plain.total == 2 * LEZI


def test_hua_2_suited_exposed_kong_is_1_flower(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22z [789s] [5555s]")
    assert fans(score) == {"底花": DIHUA, "明杠(筒條萬)": 1}
    assert score.total == DIHUA + 1


def test_hua_2_suited_concealed_kong_is_2_flowers(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22z [789s] (5555s)")
    assert fans(score) == {"底花": DIHUA, "暗杠(筒條萬)": 2}
    assert score.total == DIHUA + 2


def test_hua_2_convention_suited_pung_is_no_flower(shanghai: Ruleset) -> None:
    assert fans(shanghai.score("123m456p22z [789s] [555s]")) == {"底花": DIHUA}


def test_hua_3_wind_pung_is_1_flower(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22m [789s] [222z]")
    assert fans(score)["風刻"] == 1 and score.total == DIHUA + 1


def test_hua_3_convention_a_pung_formed_in_hand_counts_too(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p222z22m [789s]")
    assert fans(score)["風刻"] == 1 and score.total == DIHUA + 1


def test_hua_3_wind_exposed_kong_is_2_flowers(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22m [789s] [3333z]")
    assert fans(score) == {"底花": DIHUA, "風明杠": 2}


def test_hua_3_wind_concealed_kong_is_3_flowers(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22m [789s] (4444z)")
    assert fans(score) == {"底花": DIHUA, "風暗杠": 3}


def test_hua_4_dragon_pung_is_2_flowers(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22m [789s] [777z]")
    assert fans(score) == {"底花": DIHUA, "箭刻": 2}


def test_hua_4_dragon_exposed_kong_is_3_flowers(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22m [789s] [7777z]")
    assert fans(score) == {"底花": DIHUA, "箭明杠": 3}


def test_hua_4_dragon_concealed_kong_is_4_flowers(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p22m [789s] (7777z)")
    assert fans(score) == {"底花": DIHUA, "箭暗杠": 4}


def test_hua_items_add_up(shanghai: Ruleset) -> None:
    # 底花 2 + 2 flowers + wind pung 1 + dragon exposed kong 3 + suited concealed kong 2.
    score = shanghai.score("123m22p3f7f [111z] [5555z] (9999s)")
    assert score.total == DIHUA + 2 + 1 + 3 + 2 == 10


# ---------------------------------------------------------------- conventions: base, options


def test_convention_dihua_is_an_option_2_by_default(shanghai: Ruleset) -> None:
    assert shanghai.score(PLAIN_EXPOSED).total == 2
    assert shanghai.score(PLAIN_EXPOSED, options=DIHUA_5).total == 5
    assert shanghai.score(PLAIN_EXPOSED, options={"底花": 5}).total == 5


def test_convention_lezi_is_an_option_10_flowers_by_default(shanghai: Ruleset) -> None:
    assert shanghai.score(BIG_EXPOSED).total == 10
    assert shanghai.score(BIG_EXPOSED, options=LEZI_20).total == 11
    assert shanghai.score(BIG_EXPOSED, options=LEZI_5).total == 5


def test_convention_seven_pairs_on_by_default(shanghai: Ruleset) -> None:
    score = shanghai.score("1122m3344p5566s77z")
    assert score.win and score.shape == "seven_pairs"
    assert fans(score) == {"底花": DIHUA, "門清": 0} and score.total == 2 * DIHUA
    assert not shanghai.score("1122m3344p5566s77z", options=SEVEN_PAIRS_OFF).win


def test_convention_huangfan_and_kaibao_double_the_hand(shanghai: Ruleset) -> None:
    assert shanghai.score(PLAIN_EXPOSED, situations=["huangfan"]).total == 2 * DIHUA
    assert shanghai.score(PLAIN_EXPOSED, situations=["kaibao"]).total == 2 * DIHUA


def test_convention_huangfan_and_kaibao_together_double_twice(shanghai: Ruleset) -> None:
    both = ["huangfan", "kaibao"]
    assert shanghai.score(PLAIN_EXPOSED, situations=both).total == 4 * DIHUA
    assert shanghai.score(BIG_EXPOSED, situations=both).total == 4 * LEZI
    assert shanghai.score(QINGPENG_EXPOSED, situations=both).total == 8 * LEZI
    assert shanghai.score(FENGPENG_EXPOSED, situations=both).total == 16 * LEZI


def test_convention_huangfan_option_off_ignores_the_situation(shanghai: Ruleset) -> None:
    off = shanghai.score(BIG_EXPOSED, situations=["huangfan"], options=NO_HUANGFAN)
    assert off.total == LEZI
    assert shanghai.score(BIG_EXPOSED, situations=["huangfan"]).total == 2 * LEZI


def test_convention_kaibao_option_off_ignores_the_situation(shanghai: Ruleset) -> None:
    off = shanghai.score(BIG_EXPOSED, situations=["kaibao"], options=NO_KAIBAO)
    assert off.total == LEZI
    assert shanghai.score(BIG_EXPOSED, situations=["kaibao"]).total == 2 * LEZI


def test_convention_kong_bloom_floor_before_menqing_doubles(shanghai: Ruleset) -> None:
    # 暗杠 2 + 底花 2 = 4, lifted to one 勒子, then 門清 doubles it (and may: 門清 is 雙勒).
    score = shanghai.score("123m456p789s22z (5555s)", situations=["kong_bloom"])
    assert score.total == 2 * LEZI


def test_convention_big_crane_counts_a_concealed_kong_as_declared(shanghai: Ruleset) -> None:
    score = shanghai.score("22z [123m] [456p] [789s] (5555s)")
    assert "大吊車" in fans(score) and score.total == LEZI


def test_convention_eight_flowers_is_not_menqing(shanghai: Ruleset) -> None:
    score = shanghai.score("123m456p789s345s2z12345678f")
    assert "門清" not in fans(score)


def test_convention_eight_flowers_better_reading_counts(shanghai: Ruleset) -> None:
    # A plain claimed hand with all eight flowers: 底花 2 + 8 花 = 10, or 八花 = 2 勒子.
    score = shanghai.score("123m456p345s22z12345678f [789s]")
    assert score.shape == "eight_flowers" and score.total == 2 * LEZI


def test_convention_fengyise_is_any_fourteen_honours(shanghai: Ruleset) -> None:
    score = shanghai.score("11122233345567z")  # 乱风: no sets
    assert score.win and score.shape == "luan_feng"
    assert "風一色" in fans(score) and score.total == 2 * LEZI
    assert not shanghai.score("1112223334556z").win  # thirteen tiles


# The patterns the seed names only in its 勒子 clauses, valued in 勒子 as the research proposes.
PATTERNS = [
    ("清一色", LEZI, LEZI, "123m456m22m [789m] [345m]", "123m456m22p [789m] [345m]"),
    ("混一色", 0, DIHUA, "123m456m11z [789m] [345m]", "123m456p11z [789m] [345m]"),
    ("碰碰胡", 0, DIHUA, "111m555p22z [999s] [333s]", "111m555p22z [789s] [333s]"),
    ("混碰", LEZI, LEZI, "111m555m22z [999m] [333m]", "123m555m22z [999m] [333m]"),
    ("清碰", 2 * LEZI, 2 * LEZI, QINGPENG_EXPOSED, "234m22m [111m] [555m] [999m]"),
    ("風一色", 2 * LEZI, 2 * LEZI, FENGYISE_EXPOSED, "111z222z333z44z [123m]"),
    ("風碰", 4 * LEZI, 4 * LEZI, FENGPENG_EXPOSED, FENGYISE_EXPOSED),
]


@pytest.mark.parametrize(
    ("name", "value", "total", "hand", "near_miss"), PATTERNS, ids=[p[0] for p in PATTERNS]
)
def test_convention_pattern_value(
    shanghai: Ruleset, name: str, value: int, total: int, hand: str, near_miss: str
) -> None:
    score = shanghai.score(hand)
    assert fans(score)[name] == value
    assert score.total == total


@pytest.mark.parametrize(
    ("name", "value", "total", "hand", "near_miss"), PATTERNS, ids=[p[0] for p in PATTERNS]
)
def test_convention_pattern_near_miss(
    shanghai: Ruleset, name: str, value: int, total: int, hand: str, near_miss: str
) -> None:
    score = shanghai.score(near_miss)
    assert score.win and name not in fans(score)


def test_convention_combined_patterns_replace_their_parts(shanghai: Ruleset) -> None:
    assert not {"清一色", "碰碰胡"} & fans(shanghai.score(QINGPENG_EXPOSED)).keys()
    assert not {"混一色", "碰碰胡"} & fans(shanghai.score("111m555m22z [999m] [333m]")).keys()
    assert not {"風一色", "碰碰胡"} & fans(shanghai.score(FENGPENG_EXPOSED)).keys()


# ---------------------------------------------------------------- options listing


def test_options_listed_by_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "shanghai", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["rulebook"] == "shanghai"
    labels = {o["id"]: o["label"] for o in listed["options"]}
    assert labels == {
        "seven_pairs": "七对",
        "dihua": "底花",
        "lezi": "勒子",
        "play_huangfan": "荒番",
        "play_kaibao": "開寶",
    }
    defaults = {o["id"]: o["default"] for o in listed["options"]}
    assert defaults["dihua"] in (2, "2") and defaults["lezi"] in (10, "10")
    assert all(o["convention"] for o in listed["options"])


def test_every_option_is_exercised(shanghai: Ruleset) -> None:
    assert {o.id for o in shanghai.options} == EXERCISED
