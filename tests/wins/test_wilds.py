"""Wild tiles: the table-driven win check agrees with brute force over what the wilds could
be, and every arrangement it lists is a real reading of the hand."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings, strategies as st

from mjc.runtime import arrangements, is_win, parse_hand
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.arrange import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.wins.wilds import is_win_with_wilds, suit_needs, wild_arrangements

ALL = frozenset({STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS})
WHITE = (31,)  # 5z


def brute_force(hand: Hand, wilds: tuple[int, ...], shapes: frozenset[str]) -> bool:
    """Replace every wild by every tile in turn: the definition the fast check must meet."""
    held = [t for t in hand.concealed if t in wilds]
    rest = [t for t in hand.concealed if t not in wilds]
    for choice in itertools.combinations_with_replacement(range(NUM_PLAYING), len(held)):
        tiles = sorted(rest + list(choice))
        text = _notation(tiles) + " " + " ".join(str(m) for m in hand.melds)
        try:
            candidate = parse_hand(text.strip())
        except ValueError:  # a fifth copy: a wild may still stand for it
            candidate = _unchecked(tiles, hand)
        if is_win(candidate, shapes):
            return True
    return False


def _unchecked(tiles: list[int], hand: Hand) -> Hand:
    counts = [0] * NUM_PLAYING
    for t in tiles:
        counts[t] += 1
    return Hand(tuple(tiles), hand.melds, (), None, bytes(counts))


def _notation(tiles: list[int]) -> str:
    return "".join(tile_text(t) for t in tiles)


def test_suit_needs_basics() -> None:
    assert suit_needs(0, bytes(9)) == (0, 2)
    assert suit_needs(0, bytes([1, 1, 0, 0, 0, 0, 0, 0, 0])) == (1, 3)  # 12 -> 123
    assert suit_needs(3, bytes([1, 0, 0, 0, 0, 0, 0])) == (2, 1)  # 东: pung or pair


def test_one_wild_completes_a_chow() -> None:
    hand = parse_hand("123m456m789p13s11s5z")
    assert is_win_with_wilds(hand, WHITE, ALL)
    readings = wild_arrangements(hand, WHITE, ALL)
    assert any("123s" in " ".join(str(m) for m in r.melds) for r in readings)
    assert all(r.substituted == 1 for r in readings)


def test_four_wilds_can_be_a_set_and_fill_a_pair() -> None:
    hand = parse_hand("123m456m789p1s5z5z5z5z")
    assert is_win_with_wilds(hand, WHITE, ALL)
    readings = wild_arrangements(hand, WHITE, ALL)
    assert readings and all(len(r.melds) == 4 for r in readings)


def test_wild_standing_for_itself_is_not_a_substitution() -> None:
    hand = parse_hand("123m456m789p11s5z5z5z")
    readings = wild_arrangements(hand, WHITE, ALL)
    assert any(r.substituted == 0 for r in readings)  # 555z as itself
    assert any(r.substituted > 0 for r in readings)


def test_seven_pairs_and_thirteen_orphans_with_wilds() -> None:
    assert is_win_with_wilds(parse_hand("1122m3344p5566s7z5z"), WHITE, ALL)
    assert is_win_with_wilds(parse_hand("19m19p19s1234z67z5z5z"), WHITE, ALL)
    assert not is_win_with_wilds(parse_hand("19m19p19s1234z67z5z5z"), WHITE, {STANDARD})


def test_wrong_tile_count_never_wins() -> None:
    assert not is_win_with_wilds(parse_hand("123m456m789p1s5z5z"), WHITE, ALL)


_wild_hands = st.lists(
    st.integers(min_value=0, max_value=NUM_PLAYING - 1), min_size=11, max_size=11
).flatmap(
    lambda tiles: st.integers(min_value=1, max_value=3).map(
        lambda wilds: sorted(tiles) + [31] * wilds
    )
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=30), min_size=12, max_size=12),
    st.integers(min_value=1, max_value=2),
)
def test_fast_check_agrees_with_brute_force(tiles: list[int], wilds: int) -> None:
    counts = Counter(tiles)
    if any(n > 4 for n in counts.values()):
        return
    tiles = sorted(tiles)[: 14 - wilds] + [31] * wilds
    if len(tiles) != 14:
        return
    hand = _unchecked(sorted(tiles), parse_hand("1m"))
    assert is_win_with_wilds(hand, WHITE, ALL) == brute_force(hand, WHITE, ALL)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=30), min_size=12, max_size=12),
    st.integers(min_value=1, max_value=3),
)
def test_arrangements_exist_exactly_when_the_hand_wins(tiles: list[int], wilds: int) -> None:
    tiles = sorted(tiles)[: 14 - wilds] + [31] * wilds
    if any(n > 4 for n in Counter(tiles).values()):
        return
    hand = _unchecked(sorted(tiles), parse_hand("1m"))
    readings = wild_arrangements(hand, WHITE, ALL)
    assert bool(readings) == is_win_with_wilds(hand, WHITE, ALL)
    for reading in readings:
        assert len(reading.tiles) == 14
        assert reading.substituted <= wilds
    if not any(t == 31 for t in tiles):
        assert bool(readings) == bool(arrangements(hand, ALL))
