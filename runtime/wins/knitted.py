"""The knitted win shapes: a knitted straight (组合龙) in a standard hand, and knitted tiles
with honours (全不靠, of which 七星不靠 is the case with all seven honours).

A knitted straight is 147 of one suit, 258 of another and 369 of the third. In the shape
`knitted_straight` it stands in a hand as three meld-like parts (melds of kind `knitted`,
`mjc.runtime.tiles.melds`) beside one ordinary set and a pair, so every fan condition that reads
`melds` sees it. The shape `honours_and_knitted` is fourteen different tiles, each suited tile
from one knitted straight's nine and the rest honours, with no set and no pair.

Input is a `Hand` from `mjc.runtime.tiles.hand`; `mjc.runtime.wins.arrange` calls these when a
rulebook enables the shapes. Neither shape admits a declared meld except the one ordinary set."""

from __future__ import annotations

from itertools import permutations
from typing import Final

from mjc.runtime.tiles.hand import MAX_TILES, Hand
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.tiles.tile import HONOUR_BASE, IS_SUITED, RANK_OF

__all__ = [
    "HONOURS_AND_KNITTED",
    "KNITTED_SHAPES",
    "KNITTED_STRAIGHT",
    "KNITTED_STRAIGHTS",
    "NINE_MASKS",
    "honours_and_knitted_parts",
    "honours_and_knitted_reading",
    "honours_and_knitted_waits",
    "is_honours_and_knitted",
    "is_knitted_straight_win",
    "knitted_straight_readings",
    "suited_held",
]

KNITTED_STRAIGHT: Final = "knitted_straight"
HONOURS_AND_KNITTED: Final = "honours_and_knitted"
KNITTED_SHAPES: Final = frozenset((KNITTED_STRAIGHT, HONOURS_AND_KNITTED))


# The six knitted straights: (the three parts' first tiles, the nine tiles), suits m p s at
# bases 0, 9, 18 given ranks 1, 2, 3 in every order.
def _straight(order: tuple[int, ...]) -> tuple[tuple[int, int, int], frozenset[int]]:
    a, b, c = (9 * suit + rank for suit, rank in zip((0, 1, 2), order, strict=True))
    return (a, b, c), frozenset(t + 3 * k for t in (a, b, c) for k in range(3))


KNITTED_STRAIGHTS: Final[tuple[tuple[tuple[int, int, int], frozenset[int]], ...]] = tuple(
    _straight(order) for order in permutations((0, 1, 2))
)

# Knitted readings of a hand: (the three knitted parts, the other set, the pair).
KnittedReading = tuple[tuple[Meld, Meld, Meld], Meld, Meld]


def _rest_readings(left: list[int], declared: tuple[Meld, ...]) -> list[tuple[Meld, Meld]]:
    """The (set, pair) readings of the sorted tiles `left` beside a knitted straight: the
    declared set and a pair, or a pair and a concealed pung or chow (pairs in tile order)."""
    found: list[tuple[Meld, Meld]] = []
    for i in range(len(left) - 1):
        p = left[i]
        if left[i + 1] != p or (i and left[i - 1] == p):
            continue  # not a pair here, or the same pair as one tried
        rest = left[:i] + left[i + 2 :]
        if declared:
            if not rest:
                found.append((declared[0], meld("pair", p, True)))
        elif len(rest) == 3:  # a set
            a, b, c = rest
            if a == b == c:
                found.append((meld("pung", a, True), meld("pair", p, True)))
            elif IS_SUITED[a] and RANK_OF[a] <= 7 and b == a + 1 and c == a + 2:
                found.append((meld("chow", a, True), meld("pair", p, True)))
    return found


def knitted_straight_readings(hand: Hand) -> list[KnittedReading]:
    """Every reading of `hand` as a knitted straight, one set and a pair (none if it is not
    one). At most one declared meld, a chow, pung or kong, may be the set."""
    if hand.size != MAX_TILES or len(hand.melds) > 1:
        return []
    # Nine different suited tiles at least; most hands fail this one C-level count.
    if hand.counts[:HONOUR_BASE].count(0) > HONOUR_BASE - 9:
        return []
    held = suited_held(hand.counts)
    for (_, nine), mask, parts in zip(KNITTED_STRAIGHTS, NINE_MASKS, _PARTS, strict=True):
        if held & mask == mask:
            # Fourteen tiles hold one knitted straight at most (two would be 15 kinds).
            left = list(hand.concealed)
            for t in nine:
                left.remove(t)
            return [(parts, *rest) for rest in _rest_readings(left, hand.melds)]
    return []


def is_knitted_straight_win(hand: Hand) -> bool:
    return bool(knitted_straight_readings(hand))


def is_honours_and_knitted(hand: Hand) -> bool:
    """Fourteen different concealed tiles: honours, and suited tiles of one knitted straight."""
    return honours_and_knitted_reading(hand) is not None


def honours_and_knitted_parts(hand: Hand) -> tuple[Meld, ...]:
    """The knitted parts a 全不靠 hand holds whole (all three when it holds a knitted
    straight), so that fans reading `melds` see a knitted straight inside it."""
    held = suited_held(hand.counts)
    for mask, parts in zip(NINE_MASKS, _PARTS, strict=True):
        if held & mask == mask:
            return parts
    return ()


def honours_and_knitted_reading(hand: Hand) -> tuple[Meld, ...] | None:
    """`honours_and_knitted_parts` of a 全不靠 hand, None for any other: the test and the
    parts in one pass."""
    if hand.melds or len(hand.concealed) != MAX_TILES:
        return None
    counts = hand.counts
    if counts.count(0) != len(counts) - MAX_TILES:  # fourteen different tiles
        return None
    held = suited_held(counts)
    fits = False
    for mask in NINE_MASKS:
        if not held & ~mask:  # every suited tile held is of these nine
            fits = True
            break
    if not fits:
        return None
    for mask, parts in zip(NINE_MASKS, _PARTS, strict=True):
        if held & mask == mask:
            return parts
    return ()


def suited_held(counts: bytes) -> int:
    """The suited kinds held, one byte a kind (1 held, 0 not) read as an int: a knitted
    straight's nine are then one mask (`NINE_MASKS`), counted with `int.bit_count`."""
    return int.from_bytes(counts[:HONOUR_BASE].translate(_HELD), "little")


_HELD: Final = bytes([0] + [1] * 255)  # a count byte to 1 when any copy is held


def _mask(tiles: frozenset[int]) -> int:
    return sum(1 << (8 * t) for t in tiles)


# Per knitted straight (in the order of `KNITTED_STRAIGHTS`), its nine tiles as a mask of
# `suited_held`.
NINE_MASKS: Final = tuple(_mask(nine) for _, nine in KNITTED_STRAIGHTS)

# Per knitted straight, its three parts as concealed melds.
_PARTS: Final = tuple(
    (meld("knitted", a, True), meld("knitted", b, True), meld("knitted", c, True))
    for (a, b, c), _ in KNITTED_STRAIGHTS
)


def honours_and_knitted_waits(counts: bytes) -> list[int]:
    """The tiles that complete knitted tiles with honours (全不靠) from thirteen different
    concealed tiles (these 34 counts): any tile not held of a knitted straight holding every
    suited tile held, and any honour not held."""
    if max(counts) > 1:
        return []
    held = suited_held(counts)
    found: set[int] = set()
    fits = False
    for (_, nine), mask in zip(KNITTED_STRAIGHTS, NINE_MASKS, strict=True):
        if not held & ~mask:  # every suited tile held is of these nine
            fits = True
            found.update(t for t in nine if not counts[t])
    if not fits:
        return []
    found.update(t for t in range(HONOUR_BASE, HONOUR_BASE + 7) if not counts[t])
    return sorted(found)
