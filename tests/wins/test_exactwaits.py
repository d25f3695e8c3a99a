"""The wait set read from per-suit tables (`mjc.runtime.wins.exactwaits`, through
`readings.builtin_waits`) is the wait set of the general path (`readings.waits`, which builds a
hand per candidate tile and runs the win check), on winning hands of every MCR form, the same
hands with a tile changed, and random tiles."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from bench.mcr_hands import mcr_case
from mjc.runtime import Hand, parse_hand
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.arrange import (
    SEVEN_PAIRS,
    SHAPES,
    STANDARD,
    THIRTEEN_ORPHANS,
    make_win_checker,
)
from mjc.runtime.wins.knitted import HONOURS_AND_KNITTED, KNITTED_STRAIGHT
from mjc.runtime.wins.readings import builtin_waits, waits

SHAPE_SETS = (
    frozenset(SHAPES),
    frozenset({STANDARD}),
    frozenset({STANDARD, SEVEN_PAIRS}),
    frozenset({STANDARD, THIRTEEN_ORPHANS}),
    frozenset({STANDARD, KNITTED_STRAIGHT, HONOURS_AND_KNITTED}),
)


def _same_waits(hand: Hand) -> None:
    for shapes in SHAPE_SETS:
        expected = waits(hand, make_win_checker(shapes), shapes)
        assert builtin_waits(hand, shapes) == expected, (str(hand), sorted(shapes))


def _changed(hand: Hand, rng: random.Random) -> Hand | None:
    """The hand with one concealed tile other than the winning one swapped for another kind,
    or None when no copy of that kind is left."""
    rest = list(hand.concealed)
    if hand.win_tile in rest:
        rest.remove(hand.win_tile)
    if not rest:
        return None
    rest.pop(rng.randrange(len(rest)))
    new = rng.randrange(NUM_PLAYING)
    tiles = [*rest, new]
    held = tiles + [t for m in hand.melds for t in m.tiles] + [hand.win_tile or 0]
    if held.count(new) > 4:
        return None
    text = "".join(tile_text(t) for t in sorted(tiles)) + tile_text(hand.win_tile or 0)
    return parse_hand(" ".join([text, *(str(m) for m in hand.melds)]))


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_table_wait_set_is_the_general_wait_set_on_winning_hands(rng: random.Random) -> None:
    for _ in range(20):
        hand = parse_hand(mcr_case(rng).notation())
        _same_waits(hand)
        changed = _changed(hand, rng)
        if changed is not None:
            _same_waits(changed)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, NUM_PLAYING - 1), min_size=14, max_size=14))
def test_the_table_wait_set_is_the_general_wait_set_on_any_tiles(tiles: list[int]) -> None:
    if max(tiles.count(t) for t in tiles) > 4:
        return
    _same_waits(parse_hand("".join(tile_text(t) for t in tiles)))


def test_a_fifth_copy_still_counts_as_a_wait_by_shape() -> None:
    hand = parse_hand("1111234m456p789s5z", win="5z")
    assert tile_text(builtin_waits(hand, frozenset(SHAPES))[0]) == "1m"
    _same_waits(hand)


def test_thirteen_orphans_held_once_each_waits_on_all_thirteen() -> None:
    hand = parse_hand("19m19p19s1234567z1z", win="1z")
    assert len(builtin_waits(hand, frozenset(SHAPES))) == 13
    _same_waits(hand)


def test_knitted_tiles_with_honours_wait_on_the_straight_and_the_honours_not_held() -> None:
    hand = parse_hand("147m258p36s12345z6z", win="6z")
    found = builtin_waits(hand, frozenset(SHAPES))
    assert [tile_text(t) for t in found] == ["9s", "6z", "7z"]
    _same_waits(hand)


def test_hands_alike_in_the_winning_tile_and_its_suit_keep_their_own_waits() -> None:
    # `hand_waits` keeps the wait set per winning tile and suit key: a wait in that suit alone
    # is the same whatever the other suits hold, but a 双碰's other half is in another suit.
    standard = frozenset({STANDARD})
    cases = (
        ("11123m456p789s111z", "3m", ["2m", "3m"]),
        ("11123m111p999s777z", "3m", ["2m", "3m"]),
        ("111m234p567s789s55z", "1m", ["1m", "5z"]),
        ("111m22345p567s789s", "1m", ["1m", "2p"]),
    )
    for _ in range(2):  # the second round answers from what the first kept
        for text, win, expected in cases:
            hand = parse_hand(text, win=win)
            assert [tile_text(t) for t in builtin_waits(hand, standard)] == expected, text
            _same_waits(hand)
