"""The knitted win shapes: a knitted straight (组合龙) in a standard hand, and knitted tiles
with honours (全不靠, of which 七星不靠 is the case with all seven honours).

A knitted straight is 147 of one suit, 258 of another and 369 of the third. In the shape
`knitted_straight` it stands in a hand as three meld-like parts (melds of kind `knitted`,
`mjc.runtime.melds`) beside one ordinary set and a pair, so every fan condition that reads
`melds` sees it. The shape `honours_and_knitted` is fourteen different tiles, each suited tile
from one knitted straight's nine and the rest honours, with no set and no pair.

Input is a `Hand` from `mjc.runtime.hand`; `mjc.runtime.arrange` calls these when a rulebook
enables the shapes. Neither shape admits a declared meld except the one ordinary set.
"""

from __future__ import annotations

from itertools import permutations

from mjc.runtime.hand import MAX_TILES, Hand
from mjc.runtime.melds import Meld, meld
from mjc.runtime.tiles import HONOUR_BASE, IS_SUITED, RANK_OF

__all__ = [
    "HONOURS_AND_KNITTED",
    "KNITTED_SHAPES",
    "KNITTED_STRAIGHT",
    "KNITTED_STRAIGHTS",
    "NINE_MASKS",
    "honours_and_knitted_parts",
    "honours_and_knitted_waits",
    "is_honours_and_knitted",
    "is_knitted_straight_win",
    "knitted_straight_readings",
    "suited_held",
]

KNITTED_STRAIGHT = "knitted_straight"
HONOURS_AND_KNITTED = "honours_and_knitted"
KNITTED_SHAPES = frozenset((KNITTED_STRAIGHT, HONOURS_AND_KNITTED))

# The six knitted straights: (the three parts' first tiles, the nine tiles), suits m p s at
# bases 0, 9, 18 given ranks 1, 2, 3 in every order.
def _straight(order: tuple[int, ...]) -> tuple[tuple[int, int, int], frozenset[int]]:
    a, b, c = (9 * suit + rank for suit, rank in zip((0, 1, 2), order, strict=True))
    return (a, b, c), frozenset(t + 3 * k for t in (a, b, c) for k in range(3))


KNITTED_STRAIGHTS: tuple[tuple[tuple[int, int, int], frozenset[int]], ...] = tuple(
    _straight(order) for order in permutations((0, 1, 2))
)

# Knitted readings of a hand: (the three knitted parts, the other set, the pair).
KnittedReading = tuple[tuple[Meld, Meld, Meld], Meld, Meld]


def _rest_readings(counts: list[int], declared: tuple[Meld, ...]) -> list[tuple[Meld, Meld]]:
    """The (set, pair) readings of what is left beside a knitted straight: the declared set
    and a pair, or a pair and a concealed pung or chow."""
    found: list[tuple[Meld, Meld]] = []
    for p in range(HONOUR_BASE + 7):
        if counts[p] < 2:
            continue
        counts[p] -= 2
        left = [t for t, n in enumerate(counts) for _ in range(n)]
        if declared:
            if not left:
                found.append((declared[0], meld("pair", p, True)))
        elif len(left) == 3:
            a, b, c = left
            if a == b == c:
                found.append((meld("pung", a, True), meld("pair", p, True)))
            elif IS_SUITED[a] and RANK_OF[a] <= 7 and b == a + 1 and c == a + 2:
                found.append((meld("chow", a, True), meld("pair", p, True)))
        counts[p] += 2
    return found


def _held(counts: bytes, starts: tuple[int, int, int]) -> bool:
    a, b, c = starts
    return bool(
        counts[a] and counts[a + 3] and counts[a + 6]
        and counts[b] and counts[b + 3] and counts[b + 6]
        and counts[c] and counts[c + 3] and counts[c + 6]
    )


def knitted_straight_readings(hand: Hand) -> list[KnittedReading]:
    """Every reading of `hand` as a knitted straight, one set and a pair (none if it is not
    one). At most one declared meld, a chow, pung or kong, may be the set."""
    if hand.size != MAX_TILES or len(hand.melds) > 1:
        return []
    # Nine different suited tiles at least; most hands fail this one C-level count.
    if hand.counts[:HONOUR_BASE].count(0) > HONOUR_BASE - 9:
        return []
    found: list[KnittedReading] = []
    held = [starts for starts, _ in KNITTED_STRAIGHTS if _held(hand.counts, starts)]
    if not held:
        return found
    counts = list(hand.counts)
    for starts, nine in KNITTED_STRAIGHTS:
        if starts not in held:
            continue
        for t in nine:
            counts[t] -= 1
        parts = (
            meld("knitted", starts[0], True),
            meld("knitted", starts[1], True),
            meld("knitted", starts[2], True),
        )
        for rest in _rest_readings(counts, hand.melds):
            found.append((parts, *rest))
        for t in nine:
            counts[t] += 1
    return found


def is_knitted_straight_win(hand: Hand) -> bool:
    return bool(knitted_straight_readings(hand))


def is_honours_and_knitted(hand: Hand) -> bool:
    """Fourteen different concealed tiles: honours, and suited tiles of one knitted straight."""
    if hand.melds or len(hand.concealed) != MAX_TILES:
        return False
    if hand.counts.count(0) != len(hand.counts) - MAX_TILES:  # fourteen different tiles
        return False
    suited = frozenset(t for t in hand.concealed if t < HONOUR_BASE)
    return any(suited <= nine for _, nine in KNITTED_STRAIGHTS)


def honours_and_knitted_parts(hand: Hand) -> tuple[Meld, ...]:
    """The knitted parts a 全不靠 hand holds whole (all three when it holds a knitted
    straight), so that fans reading `melds` see a knitted straight inside it."""
    held = frozenset(hand.concealed)
    for starts, nine in KNITTED_STRAIGHTS:
        if nine <= held:
            return tuple(meld("knitted", t, True) for t in starts)
    return ()


def suited_held(counts: bytes) -> int:
    """The suited kinds held, one byte a kind (1 held, 0 not) read as an int: a knitted
    straight's nine are then one mask (`NINE_MASKS`), counted with `int.bit_count`."""
    return int.from_bytes(counts[:HONOUR_BASE].translate(_HELD), "little")


_HELD = bytes([0] + [1] * 255)  # a count byte to 1 when any copy is held


def _mask(tiles: frozenset[int]) -> int:
    return sum(1 << (8 * t) for t in tiles)


# Per knitted straight (in the order of `KNITTED_STRAIGHTS`), its nine tiles as a mask of
# `suited_held`.
NINE_MASKS = tuple(_mask(nine) for _, nine in KNITTED_STRAIGHTS)


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
