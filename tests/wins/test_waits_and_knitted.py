"""The wait facts, the knitted shapes and the `limit` principle, at the runtime level."""

from __future__ import annotations

from mjc.runtime import parse_hand, tile_index
from mjc.runtime.score.scoring import limit_counts
from mjc.runtime.wins.arrange import arrangements, is_win
from mjc.runtime.wins.knitted import HONOURS_AND_KNITTED, KNITTED_STRAIGHT
from mjc.runtime.wins.readings import placements, waits

ALL_SHAPES = frozenset(
    {"standard", "seven_pairs", "thirteen_orphans", KNITTED_STRAIGHT, HONOURS_AND_KNITTED}
)


def _check(hand_text: str) -> bool:
    return is_win(parse_hand(hand_text), ALL_SHAPES)


def test_a_knitted_straight_reads_as_three_knitted_melds_a_set_and_a_pair() -> None:
    (reading,) = arrangements(parse_hand("147m258p369s123m55s"), ALL_SHAPES)
    assert reading.shape == KNITTED_STRAIGHT
    assert [str(m) for m in reading.melds] == ["147m", "258p", "369s", "123m"]
    assert str(reading.pair) == "55s"


def test_a_knitted_straight_may_have_its_set_claimed() -> None:
    assert _check("147m258p369s55s [123m]")
    assert not _check("147m258p369s56s [123m]")


def test_honours_and_knitted_tiles_are_fourteen_different_tiles() -> None:
    assert _check("147m258p36s123456z")
    assert _check("147m25p36s1234567z")
    assert not _check("147m258p36s123455z")  # a pair is not 全不靠
    assert not _check("147m258p35s123456z")  # 3s and 5s are not of one knitted straight


def test_the_wait_set_is_every_tile_that_completes_the_hand() -> None:
    open_wait = parse_hand("123m456p789s55z234s", win="4s")
    assert waits(open_wait, _win_check) == (tile_index("1s"), tile_index("4s"))
    single = parse_hand("123m456p789s345s2z2z", win="2z")
    assert waits(single, _win_check) == (tile_index("2z"),)


def test_each_place_of_the_winning_tile_is_a_reading_rarest_wait_first() -> None:
    hand = parse_hand("123m456p789p12333s", win="3s")
    readings = placements(arrangements(hand, ALL_SHAPES), hand)
    assert [r.wait for r in readings] == ["edge", "pair"]


def test_a_limit_cuts_the_last_fans_first_each_to_one_before_any_to_none() -> None:
    assert limit_counts((1, 0, 2, 0), 2) == (1, 0, 1, 0)
    assert limit_counts((1, 1, 1, 1), 2) == (1, 1, 0, 0)
    assert limit_counts((3, 0, 0, 0), 1) == (1, 0, 0, 0)
    assert limit_counts((1, 2, 0, 0), 5) == (1, 2, 0, 0)
    assert limit_counts((2, 1), 0) == (0, 0)


def _win_check(hand: object) -> bool:
    return is_win(hand, ALL_SHAPES)  # type: ignore[arg-type]
