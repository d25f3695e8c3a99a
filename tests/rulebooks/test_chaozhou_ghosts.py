"""潮州麻将 (seed 000), 一、鬼牌: one test per statement of the document about ghosts (鬼牌,
wild tiles), named after its clause: which tiles are ghosts under each option, what they may
stand for, 翻鬼's succession, and that ghosts are read at their highest value. The other
clauses are in `test_chaozhou.py`.
"""

from __future__ import annotations

import json

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime import Ruleset, tile_index

from ..conftest import ruleset  # type: ignore[import-not-found]
from .chaozhou_cases import CHICKEN, NAME, RED, TWO_WHITE, WHITE, copies, fans, wild_of


@pytest.fixture(scope="module")
def book() -> Ruleset:
    loaded: Ruleset = ruleset(NAME)
    return loaded


# ---------------------------------------------------------------- 一、鬼牌


def test_rule_1_ghost_stands_for_any_tile(book: Ruleset) -> None:
    # One 白板 completes the pair 22z: a win only because the ghost stands in.
    hand = "123m456p789s111m2z5z"
    assert not book.score(hand).win
    won = book.score(hand, options=WHITE)
    assert won.win and "22z" in (won.arrangement or "")


def test_rule_1_ghost_can_stand_for_itself(book: Ruleset) -> None:
    # 十三幺 needs a 白板: the ghost is the 白板 itself.
    won = book.score("19m19p19s1234567z1m", options=WHITE)
    assert won.win and fans(won) == {"十三幺": 26}
    assert tile_index("5z") in won.best.tiles  # type: ignore[union-attr]


def test_rule_1_white_ghost_every_white_is_wild(book: Ruleset) -> None:
    values = book.resolve_options(WHITE)
    assert book.wilds_for(values) == (tile_index("5z"),)


def test_rule_1_red_ghost_every_red_is_wild(book: Ruleset) -> None:
    values = book.resolve_options(RED)
    assert book.wilds_for(values) == (tile_index("7z"),)
    won = book.score("123m456p789s111m2z7z", options=RED)
    assert won.win


def test_rule_1_no_ghost_option_has_no_wilds(book: Ruleset) -> None:
    assert book.wilds_for(book.resolve_options({"鬼牌": "无鬼"})) == ()
    assert not book.score("123m456p789s111m2z5z", options={"鬼牌": "无鬼"}).win


def test_rule_1_ghost_flip_east_gives_south(book: Ruleset) -> None:
    assert wild_of(book, "1z") == "2z"


def test_rule_1_ghost_flip_white_gives_east(book: Ruleset) -> None:
    assert wild_of(book, "5z") == "1z"


def test_rule_1_ghost_flip_one_wan_gives_two_wan(book: Ruleset) -> None:
    assert wild_of(book, "1m") == "2m"


def test_rule_1_ghost_flip_nine_wan_gives_one_wan(book: Ruleset) -> None:
    assert wild_of(book, "9m") == "1m"


def test_rule_1_ghost_flip_suits_cycle_1_to_9_within_the_suit(book: Ruleset) -> None:
    for suit in "mps":
        for rank in range(1, 10):
            assert wild_of(book, f"{rank}{suit}") == f"{rank % 9 + 1}{suit}"


def test_rule_1_convention_ghost_flip_honour_ring_east_to_white(book: Ruleset) -> None:
    # 东南西北中发白 as one ring: 东→南→西→北→中→发→白→东.
    ring = ["1z", "2z", "3z", "4z", "7z", "6z", "5z"]
    for i, tile in enumerate(ring):
        assert wild_of(book, tile) == ring[(i + 1) % len(ring)]


def test_rule_1_ghost_flip_needs_the_indicator(book: Ruleset) -> None:
    with pytest.raises(ValueError, match="indicator"):
        book.score(CHICKEN, options={"鬼牌": "翻鬼"})


def test_rule_1_ghost_flip_scores_with_the_successor(book: Ruleset) -> None:
    # Flipped 东: 南 is the ghost and completes the pair 11z.
    hand = "123m456p789s111m1z2z"
    flip = {"鬼牌": "翻鬼"}
    assert book.score(hand, options=flip, indicator="1z").win
    assert not book.score(hand, options=flip, indicator="2z").win


def test_rule_1_four_ghosts_per_kind(book: Ruleset) -> None:
    assert copies(book, WHITE)[tile_index("5z")] == 4
    assert copies(book, RED)[tile_index("7z")] == 4


def test_rule_1_ghost_permissions_discard_pong_kong_robbed(book: Ruleset) -> None:
    allowed = book.wild_permissions(book.resolve_options(WHITE))
    assert {"substitute", "discard", "pong", "kong", "claimed", "robbed"} <= allowed
    assert "chow" not in allowed


def test_rule_1_ghosts_take_the_highest_value_one_ghost(book: Ruleset) -> None:
    # The one 白板 pairs the lone 2m: 碰碰胡 + 清一色.
    hand = "111m555m777m999m2m5z"
    won = book.score(hand, options=WHITE)
    assert fans(won) == {"碰碰胡": 4, "清一色": 6} and won.total == 10


def test_rule_1_ghosts_take_the_highest_value_two_ghosts(book: Ruleset) -> None:
    won = book.score(TWO_WHITE, options=WHITE)
    # 222m (碰碰胡 + 清一色 = 10) beats 123m (清一色 6) and 22z-style readings (鸡胡 2).
    assert won.total == 10 and fans(won) == {"碰碰胡": 4, "清一色": 6}
    assert "222m" in (won.arrangement or "")


def test_rule_1_ghosts_take_the_highest_value_three_ghosts(book: Ruleset) -> None:
    # Read as 碰碰胡 + 清一色 (111m 555m 777m 999m 99m) it is worth 10; the ghosts do better as
    # 1111m 5555m 7777m 99m in seven pairs: 三豪华七对 30 + 清一色 6.
    won = book.score("111m555m777m99m5z5z5z", options=WHITE)
    assert won.total == 36 and fans(won) == {"三豪华七对": 30, "清一色": 6}


def test_rule_1_ghosts_take_the_highest_value_four_ghosts(book: Ruleset) -> None:
    won = book.score("111m555m777m9m5z5z5z5z", options=WHITE)
    assert won.total == 36 and fans(won) == {"三豪华七对": 30, "清一色": 6}
    assert won.best is not None and won.best.substituted == 4


def test_rule_1_ghosts_take_the_highest_value_in_seven_pairs(book: Ruleset) -> None:
    # The ghost pairs the odd 1m: 1111m makes 豪华七对 (10) rather than 七对 (6).
    won = book.score("111m3344p5566s77z5z", options=WHITE)
    assert fans(won) == {"豪华七对": 10}


def test_rule_1_ghosts_take_the_highest_value_with_flipped_ghost(book: Ruleset) -> None:
    # Flipped 1m: the two 2m are ghosts; with the 3m they make 333m: 碰碰胡 + 清一色.
    won = book.score("111m555m777m99m2m2m3m", options={"鬼牌": "翻鬼"}, indicator="1m")
    assert won.total == 10 and "333m" in (won.arrangement or "")


def test_rule_1_cli_two_white_ghosts_score_at_their_best(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["score", NAME, TWO_WHITE, "--option", "鬼牌=白板做鬼", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["win"] and out["total"] == 10
    assert {f["name"] for f in out["fans"]} == {"碰碰胡", "清一色"}
    assert out["wilds"] == ["5z"]


def test_rule_1_four_ghosts_live_and_the_flipped_kind_cannot_be_konged() -> None:
    book = ruleset("chaozhou")
    flip = book.resolve_options({"ghost": "flip"})
    assert book.wild_copies(flip) == 4  # 鬼牌张数：4张
    assert "indicator_kong" not in book.wild_permissions(flip)  # 该种牌没有杠
    white = book.resolve_options({"ghost": "white"})
    assert book.wild_copies(white) == 4
    assert book.wild_copies(book.resolve_options({"ghost": "none"})) == 0
