"""The exact wait set of a hand from per-suit tables: every tile kind that would complete it,
without building a hand per candidate tile (what scoring reads as `waits`, 独听).

A hand one tile short of four sets and a pair waits in one suit only, unless every suit
already splits: so the wait set is read off each suit's "one more tile" ranks
(`mjc.runtime.waitsets.one_more`, the engine's memo of the same tables; a fifth copy, beyond
the tables, is split here) and the product of the other suits' values (`mjc.runtime.tables`:
1 sets only, 2 sets and a pair). Seven pairs, thirteen orphans and the knitted shapes
(`mjc.runtime.knitted`) are read from the counts directly. Unlike the engine's wait sets
(`mjc.runtime.waitsets`, a filter that may hold too much), this set is exact.

Input is the 34 concealed counts of a hand *without* its winning tile and the number of its
declared melds, from `mjc.runtime.readings.builtin_waits`; the result is the tile kinds in
tile order, as `mjc.runtime.readings.waits` (the general path, which builds a hand per
candidate) gives them for the same built-in shapes. A kind of which the hand holds four is
still a wait when a fifth would complete the standard shape (the reference calculators count
waits by shape).
"""

from __future__ import annotations

from operator import itemgetter

from mjc.runtime.arrange import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.knitted import (
    HONOURS_AND_KNITTED,
    KNITTED_STRAIGHT,
    honours_and_knitted_waits,
    knitted_straight_waits,
)
from mjc.runtime.tables import HONOUR_TABLE, SUIT_TABLE
from mjc.runtime.tiles import NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.waitsets import one_more

__all__ = ["wait_set"]

_MAX_COPIES = 4
_HAND_TILES = 14  # MAX_TILES of mjc.runtime.hand, a kong counting as three
_BASES = (0, 9, 18, 27)

# Counts of the 13 terminal and honour kinds, fetched in one C call.
_orphan_counts = itemgetter(*TERMINALS_AND_HONOURS)


def wait_set(counts: bytes, declared: int, shapes: frozenset[str]) -> tuple[int, ...]:
    """The tiles that complete a hand of these concealed `counts` (the winning tile taken out)
    and `declared` declared melds, under the built-in `shapes` among these."""
    held = sum(counts)
    if held + 1 + 3 * declared != _HAND_TILES:
        return ()
    found: set[int] = set()
    if STANDARD in shapes:
        found.update(_standard_waits(counts))
    if not declared:
        if SEVEN_PAIRS in shapes:
            found.update(_seven_pairs_waits(counts))
        if THIRTEEN_ORPHANS in shapes:
            found.update(_orphans_waits(counts))
        if HONOURS_AND_KNITTED in shapes:
            found.update(honours_and_knitted_waits(counts))
    if KNITTED_STRAIGHT in shapes and declared <= 1:
        found.update(knitted_straight_waits(counts, declared))
    return tuple(sorted(found))


# One suit's counts -> the tiles whose one more copy makes the suit split into sets (first)
# or into sets and a pair (second), a fifth copy included: `one_more`'s ranks as tiles of
# this suit. A pure function's memo keyed by one suit's counts, filled as hands are met.
_Mends = tuple[tuple[int, ...], tuple[int, ...]]
_MENDS: tuple[dict[bytes, _Mends], ...] = ({}, {}, {}, {})


def _mends(suit: int, key: bytes) -> _Mends:
    honours, base = suit == 3, _BASES[suit]
    by_value: tuple[list[int], list[int], list[int]] = ([], [], [])
    for rank, value in one_more(honours, key):
        by_value[value].append(base + rank)
    if _MAX_COPIES in key:  # a fifth copy: beyond the tables, split directly
        for rank, n in enumerate(key):
            if n == _MAX_COPIES:
                grown = list(key)
                grown[rank] += 1
                by_value[_split_value(grown, not honours)].append(base + rank)
    found = _MENDS[suit][key] = (tuple(sorted(by_value[1])), tuple(sorted(by_value[2])))
    return found


def _standard_waits(counts: bytes) -> list[int]:
    keys = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    values = (
        SUIT_TABLE.get(keys[0], 0),
        SUIT_TABLE.get(keys[1], 0),
        SUIT_TABLE.get(keys[2], 0),
        HONOUR_TABLE.get(keys[3], 0),
    )
    missing = values.count(0)
    if missing > 1:  # a tile mends one suit at most
        return []
    # The whole hand splits into sets and one pair when the suits' values multiply to 2
    # (1 sets only, 2 sets and a pair): `others` is the product of the other suits' values.
    product = (values[0] or 1) * (values[1] or 1) * (values[2] or 1) * (values[3] or 1)
    found: list[int] = []
    for suit in range(4):
        value = values[suit]
        if missing and value:
            continue  # the suit that does not split is the only one a tile can mend
        others = product if missing else product // value
        if others > 2:
            continue  # two pairs elsewhere already: no tile here completes the hand
        mends = _MENDS[suit].get(keys[suit]) or _mends(suit, keys[suit])
        found.extend(mends[2 - others])  # others 1: a pair to make here; 2: sets only
    return found


def _split_value(counts: list[int], chows: bool) -> int:
    """1 when `counts` split into sets, 2 into sets and one pair, else 0 (any counts)."""
    if sum(counts) % 3 == 0:
        return 1 if _sets(counts, 0, chows) else 0
    for p, n in enumerate(counts):
        if n >= 2:
            counts[p] -= 2
            ok = _sets(counts, 0, chows)
            counts[p] += 2
            if ok:
                return 2
    return 0


def _sets(counts: list[int], start: int, chows: bool) -> bool:
    t = next((i for i in range(start, len(counts)) if counts[i]), None)
    if t is None:
        return True
    if counts[t] >= 3:
        counts[t] -= 3
        ok = _sets(counts, t, chows)
        counts[t] += 3
        if ok:
            return True
    if chows and t + 2 < len(counts) and counts[t + 1] and counts[t + 2]:
        for x in (t, t + 1, t + 2):
            counts[x] -= 1
        ok = _sets(counts, t, chows)
        for x in (t, t + 1, t + 2):
            counts[x] += 1
        return ok
    return False


def _seven_pairs_waits(counts: bytes) -> list[int]:
    # Six pairs and a single (a four of a kind counting as two pairs): the single's kind.
    if counts.count(0) < NUM_PLAYING - 7:  # more than seven kinds: one C-level count says no
        return []
    odd = [t for t in range(NUM_PLAYING) if counts[t] & 1]
    if len(odd) == 1 and counts[odd[0]] < _MAX_COPIES:
        return odd
    return []


def _orphans_waits(counts: bytes) -> list[int]:
    # Thirteen terminals and honours: all thirteen kinds held once waits on any of them;
    # twelve kinds with one doubled waits on the thirteenth.
    if sum(_orphan_counts(counts)) != _HAND_TILES - 1:
        return []
    absent = [t for t in TERMINALS_AND_HONOURS if not counts[t]]
    if not absent:
        return list(TERMINALS_AND_HONOURS)
    return absent if len(absent) == 1 else []
