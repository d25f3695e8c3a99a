"""The exact wait set of a hand from per-suit tables: every tile kind that would complete it,
without building a hand per candidate tile (what scoring reads as `waits`, 独听).

A hand one tile short of four sets and a pair waits in one suit only, unless every suit
already splits: so the wait set is read off each suit's "one more tile" ranks
(`mjc.runtime.waitsets.standard_waits`, the engine's reading of the same tables, here with a
fifth copy counted too). Seven pairs, thirteen orphans and the knitted shapes
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
from mjc.runtime.tiles import NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.waitsets import standard_waits

__all__ = ["wait_set"]

_MAX_COPIES = 4
_HAND_TILES = 14  # MAX_TILES of mjc.runtime.hand, a kong counting as three

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
        found.update(standard_waits(counts, fifth_copy=True))
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
