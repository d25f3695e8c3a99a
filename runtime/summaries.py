"""Per-item predicate bits: how generated modules answer `all`/`any`/`count` quickly.

A generated module lists the item-local predicates its conditions quantify with (a
predicate reads only the tile or meld it is given, such as `t.is_honour`). At import it tests
each predicate once on every tile kind and every interned meld and keeps the answers as bit
masks. Scoring then walks a hand's tiles and melds once, OR-ing, AND-ing and adding the masks,
and every quantifier becomes a shift and a mask instead of a Python loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from runtime.melds import MELD_INDEXES, Meld, all_melds
from runtime.tiles import NUM_TILES

__all__ = [
    "MELD_COUNT_WIDTH",
    "TILE_COUNT_WIDTH",
    "meld_masks",
    "summarize_melds",
    "summarize_tiles",
    "tile_masks",
]

# Counters are packed side by side in one int, one field per predicate: a hand has at most 18
# tiles (four kongs) and at most 7 pairs, so 5 and 3 bits are enough.
TILE_COUNT_WIDTH = 5
MELD_COUNT_WIDTH = 3


def tile_masks(
    predicates: Sequence[Callable[[int], object]],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every tile int: the bits of the predicates it satisfies, and the same bits spread
    into counter fields (for `count`)."""
    masks = []
    packs = []
    for t in range(NUM_TILES):
        hits = [k for k, predicate in enumerate(predicates) if predicate(t)]
        masks.append(sum(1 << k for k in hits))
        packs.append(sum(1 << (k * TILE_COUNT_WIDTH) for k in hits))
    return tuple(masks), tuple(packs)


def meld_masks(
    predicates: Sequence[Callable[[Meld], object]],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The same as `tile_masks`, for every interned meld, indexed by `Meld.index`."""
    masks = [0] * MELD_INDEXES
    packs = [0] * MELD_INDEXES
    for m in all_melds():
        hits = [k for k, predicate in enumerate(predicates) if predicate(m)]
        masks[m.index] = sum(1 << k for k in hits)
        packs[m.index] = sum(1 << (k * MELD_COUNT_WIDTH) for k in hits)
    return tuple(masks), tuple(packs)


def summarize_tiles(
    tiles: Iterable[int], masks: tuple[int, ...], packs: tuple[int, ...]
) -> tuple[int, int, int]:
    """(bits some tile has, bits every tile has, packed counts) over the tiles."""
    some = 0
    every = -1
    counts = 0
    for t in tiles:
        mask = masks[t]
        some |= mask
        every &= mask
        counts += packs[t]
    return some, every, counts


def summarize_melds(
    melds: Iterable[Meld], masks: tuple[int, ...], packs: tuple[int, ...]
) -> tuple[int, int, int]:
    """The same over melds (an empty list: no bits some, all bits every, zero counts)."""
    some = 0
    every = -1
    counts = 0
    for m in melds:
        i = m.index
        mask = masks[i]
        some |= mask
        every &= mask
        counts += packs[i]
    return some, every, counts
