"""Per-item predicate bits: how generated modules answer `all`/`any`/`count` quickly.

A generated module lists the item-local predicates its conditions quantify with (a
predicate reads only the tile or meld it is given, such as `t.is_honour`). At import it tests
each predicate once on every tile kind and every interned meld and keeps the answers as bit
masks. Scoring then walks a hand's tiles and melds once, OR-ing, AND-ing and adding the masks,
and every quantifier becomes a shift and a mask instead of a Python loop.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from runtime.melds import MELD_INDEXES, Meld, all_melds
from runtime.tiles import NUM_TILES

__all__ = [
    "MELD_COUNT_WIDTH",
    "TILE_COUNT_WIDTH",
    "meld_masks",
    "meld_tile_tables",
    "summarize_arrangement",
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


def meld_tile_tables(
    tile_masks: tuple[int, ...], tile_counts: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For every interned meld (by `Meld.index`): the tile bits some tile of it has, the bits
    every tile of it has, and its tiles' packed counts, so a hand's tile summary can be
    folded over its five or so melds instead of its fourteen tiles."""
    some = [0] * MELD_INDEXES
    every = [-1] * MELD_INDEXES
    counts = [0] * MELD_INDEXES
    for m in all_melds():
        for t in m.tiles:
            some[m.index] |= tile_masks[t]
            every[m.index] &= tile_masks[t]
            counts[m.index] += tile_counts[t]
    return tuple(some), tuple(every), tuple(counts)


_MELD_SHAPES = frozenset({"standard", "seven_pairs"})


def summarize_arrangement(
    a: Any,
    tile_some: tuple[int, ...],
    tile_every: tuple[int, ...],
    tile_counts_by_meld: tuple[int, ...],
    meld_masks: tuple[int, ...],
    meld_packs: tuple[int, ...],
    tile_masks: tuple[int, ...],
    tile_packs: tuple[int, ...],
) -> tuple[int, int, int, int, int, int]:
    """The tile summary and the meld summary of an arrangement in one pass over its melds and
    pairs (which hold every tile in the standard and seven-pairs shapes); other shapes fold
    over the tiles themselves."""
    if a.shape not in _MELD_SHAPES:
        return (
            *summarize_tiles(a.tiles, tile_masks, tile_packs),
            *summarize_melds(a.melds, meld_masks, meld_packs),
        )
    t_some = 0
    t_every = -1
    t_count = 0
    m_some = 0
    m_every = -1
    m_count = 0
    for m in a.melds:
        i = m.index
        t_some |= tile_some[i]
        t_every &= tile_every[i]
        t_count += tile_counts_by_meld[i]
        mask = meld_masks[i]
        m_some |= mask
        m_every &= mask
        m_count += meld_packs[i]
    for m in a.pairs:
        i = m.index
        t_some |= tile_some[i]
        t_every &= tile_every[i]
        t_count += tile_counts_by_meld[i]
    return t_some, t_every, t_count, m_some, m_every, m_count


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
