"""Per-item predicate bits: how generated modules answer `all`/`any`/`count` quickly.

A generated module lists the item-local predicates its conditions quantify with (a
predicate reads only the tile or meld it is given, such as `t.is_honour`). At import it tests
each predicate once on every tile kind and every interned meld and keeps the answers as bit
masks (`tile_masks`, `meld_masks`, combined by `summary_tables`). Scoring then walks an
arrangement's melds once (`summarize`), OR-ing, AND-ing and adding the masks, and every
quantifier becomes a shift and a mask instead of a Python loop. A membership test such as
`any m in melds: m.is_pung and m.tile == seat_wind` becomes one bit of the same walk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from mjc.runtime.tiles.argcheck import (
    WRONG_TYPE_SIGNS as _WRONG_TYPE_SIGNS,
    plain_type_errors,
    raise_if_wrong,
)
from mjc.runtime.tiles.melds import MELD_INDEXES, Meld, all_melds
from mjc.runtime.tiles.tile import NUM_TILES
from mjc.runtime.wins.meldboards import BOARD_BITS, COUNT_BITS, board_units

if TYPE_CHECKING:
    from mjc.runtime.wins.arrange import Arrangement

__all__ = [
    "MELD_COUNT_WIDTH",
    "MEMBER_BASE",
    "MEMBER_WIDTH",
    "TILE_COUNT_WIDTH",
    "SummaryTables",
    "meld_masks",
    "summarize",
    "summarize_melds",
    "summarize_tiles",
    "summary_tables",
    "tile_masks",
]

# Counters are packed side by side in one int, one field per predicate: a hand has at most 18
# tiles (four kongs) and at most 7 pairs, so 5 and 3 bits are enough.
TILE_COUNT_WIDTH = 5
MELD_COUNT_WIDTH = 3


T = TypeVar("T")


def _masks_and_counts(
    item: T, predicates: Sequence[Callable[[T], object]], fields: Sequence[int], width: int
) -> tuple[int, int]:
    """The bits of the predicates `item` satisfies, and its counter fields (field j counts
    predicate `fields[j]`, `width` bits each)."""
    hits = {k for k, predicate in enumerate(predicates) if predicate(item)}
    mask = sum(1 << k for k in hits)
    return mask, sum(1 << (j * width) for j, k in enumerate(fields) if k in hits)


@plain_type_errors
def tile_masks(
    predicates: Sequence[Callable[[int], object]],
    counted: Sequence[int] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every tile int: the bits of the predicates it satisfies, and a counter field for
    each predicate that `count` reads: field j counts predicate `counted[j]` (every predicate,
    in order, when `counted` is None). Counting only what is counted keeps the packed ints
    small, and small ints add fastest."""
    fields = range(len(predicates)) if counted is None else counted
    found = [_masks_and_counts(t, predicates, fields, TILE_COUNT_WIDTH) for t in range(NUM_TILES)]
    return tuple(m for m, _ in found), tuple(c for _, c in found)


@plain_type_errors
def meld_masks(
    predicates: Sequence[Callable[[Meld], object]],
    counted: Sequence[int] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The same as `tile_masks`, for every interned meld, indexed by `Meld.index`."""
    fields = range(len(predicates)) if counted is None else counted
    masks = [0] * MELD_INDEXES
    packs = [0] * MELD_INDEXES
    for m in all_melds():
        masks[m.index], packs[m.index] = _masks_and_counts(m, predicates, fields, MELD_COUNT_WIDTH)
    return tuple(masks), tuple(packs)


class SummaryTables(NamedTuple):
    """What `summarize` folds, built once by `summary_tables` when a generated module loads.

    The tile predicates' bits sit low in each int and the meld predicates' bits above them
    (their counter fields likewise above the tile counters), so that one OR, one AND and one
    addition per meld gather both summaries. By `Meld.index`: `meld_some`,
    `meld_every` and `meld_count` give a set's tile bits (some tile, every tile, counts) with
    its own meld bits; a pair's entries give its tile bits only, the meld part neutral (no
    bits, all bits, no counts), since meld quantifiers range over the sets. `meld_members`
    holds, per membership test k, a wind meld's tile as bit `MEMBER_WIDTH * k + tile - 27`
    when the meld passes the test's item-local part. By tile int: `tile_some`, `tile_every` and
    `tile_count`, for shapes whose tiles are not all in melds (thirteen orphans, custom ones),
    and `meld_only_*`, the meld part alone, for their declared melds. The meld boards a
    module reads ride along above the meld bits and counters (`board_at`), so that the same
    pass builds them.
    """

    meld_some: tuple[int, ...]
    meld_every: tuple[int, ...]
    meld_count: tuple[int, ...]
    meld_members: tuple[int, ...]
    tile_some: tuple[int, ...]
    tile_every: tuple[int, ...]
    tile_count: tuple[int, ...]
    meld_only_some: tuple[int, ...]
    meld_only_every: tuple[int, ...]
    meld_only_count: tuple[int, ...]
    # Where each board asked for sits (`mjc.runtime.wins.meldboards.board_units`), in order: its
    # shift in the bits some item has (a board) or in the packed counts (a count board).
    board_at: tuple[int, ...] = ()
    # How wide the meld predicates' bits and their counters are (the boards start above
    # them): a generated module masks each part of the summary to its width, so that what a
    # fan tests is a small int, whatever the boards above add (`mjc.compiler.emit.emitbase`).
    meld_bits: int = 0
    meld_count_bits: int = 0


# One field of `meld_members` per membership test, one bit per wind: what such a test
# compares a meld's tile with is the seat or the round wind (`mjc.compiler.conditions.pyexpr`).
MEMBER_WIDTH = 4
MEMBER_BASE = 27  # 东, the first wind


@plain_type_errors
def summary_tables(
    tile_masks: tuple[int, ...],
    tile_counts: tuple[int, ...],
    meld_masks: tuple[int, ...],
    meld_counts: tuple[int, ...],
    tile_bits: int,
    members: Sequence[Callable[[Meld], object]] = (),
    *,
    tile_count_fields: int | None = None,
    boards: Sequence[str] = (),
    meld_bits: int = 0,
    meld_count_fields: int = 0,
) -> SummaryTables:
    """The tables of `summarize` from `tile_masks` and `meld_masks` (over `tile_bits` tile
    predicates, `tile_count_fields` of them counted: all by default), the item-local
    parts of the module's membership tests and the meld boards the module reads. The meld
    part is at least `meld_bits` bits and `meld_count_fields` counters wide (the module's
    meld predicates and counted ones), so that a predicate no meld passes reads 0, never a
    board's bit."""
    meld_shift = tile_bits
    fields = tile_bits if tile_count_fields is None else tile_count_fields
    count_shift = fields * TILE_COUNT_WIDTH
    meld_width = max([meld_bits, *(mask.bit_length() for mask in meld_masks)])
    meld_count_width = max(
        meld_count_fields * MELD_COUNT_WIDTH,
        _whole_fields(max((c.bit_length() for c in meld_counts), default=0)),
    )
    board_some, board_count, tile_counts, board_at = _boards(
        boards, meld_masks, meld_shift + meld_width, count_shift + meld_count_width, tile_counts
    )
    all_meld_bits = -1 << meld_shift  # the neutral "every" of the meld part
    all_tile_bits = (1 << meld_shift) - 1
    some = [0] * MELD_INDEXES
    every = [-1] * MELD_INDEXES
    count = [0] * MELD_INDEXES
    member = [0] * MELD_INDEXES
    only_some = [0] * MELD_INDEXES
    only_every = [-1] * MELD_INDEXES
    only_count = [0] * MELD_INDEXES
    for m in all_melds():
        i = m.index
        tile_some, tile_every, tile_count = summarize_tiles(m.tiles, tile_masks, tile_counts)
        tile_every &= all_tile_bits
        if m.kind == "pair":
            some[i], every[i], count[i] = tile_some, tile_every | all_meld_bits, tile_count
            continue
        own = meld_masks[i] << meld_shift
        own_count = meld_counts[i] << count_shift
        own_some = own | board_some[i]
        own_count += board_count[i]
        some[i] = tile_some | own_some
        every[i] = tile_every | own
        count[i] = tile_count + own_count
        only_some[i], only_every[i], only_count[i] = own_some, all_tile_bits | own, own_count
        if MEMBER_BASE <= m.tile < MEMBER_BASE + MEMBER_WIDTH:
            member[i] = sum(
                1 << (MEMBER_WIDTH * k + m.tile - MEMBER_BASE)
                for k, test in enumerate(members)
                if test(m)
            )
    return SummaryTables(
        tuple(some),
        tuple(every),
        tuple(count),
        tuple(member) if any(member) else NO_MEMBERS,
        tile_masks,
        tuple(mask | all_meld_bits for mask in tile_masks),
        tile_counts,
        tuple(only_some),
        tuple(only_every),
        tuple(only_count),
        board_at,
        meld_width,
        meld_count_width,
    )


def _whole_fields(bits: int) -> int:
    """`bits` rounded up to whole meld counter fields."""
    return -(-bits // MELD_COUNT_WIDTH) * MELD_COUNT_WIDTH


def _boards(
    names: Sequence[str],
    meld_masks: tuple[int, ...],
    some_at: int,
    count_at: int,
    tile_counts: tuple[int, ...],
) -> tuple[list[int], list[int], tuple[int, ...], tuple[int, ...]]:
    """The boards `names` (of the sets that pass a meld predicate: by its bit in
    `meld_masks`) placed from bit `some_at` of the some-bits and `count_at` of the counts:
    each meld's board bits and count units, the tile counts with the tiles' own units added,
    and each board's shift."""
    board_some = [0] * MELD_INDEXES
    board_count = [0] * MELD_INDEXES
    by_tile = list(tile_counts)
    found: list[int] = []
    for name in names:
        counts, meld_units, tile_units = board_units(name, meld_masks)
        at = count_at if counts else some_at
        found.append(at)
        into = board_count if counts else board_some
        for i, unit in enumerate(meld_units):
            into[i] |= unit << at  # the boards never overlap: OR adds
        for t, unit in enumerate(tile_units):
            by_tile[t] += unit << at
        if counts:
            count_at += COUNT_BITS
        else:
            some_at += BOARD_BITS
    return board_some, board_count, tuple(by_tile), tuple(found)


_MELD_SHAPES = frozenset({"standard", "seven_pairs"})
# The membership bits of a module without membership tests (every meld's are 0): `summarize`
# knows them by identity and skips them.
NO_MEMBERS: tuple[int, ...] = (0,) * MELD_INDEXES


def summarize(a: Arrangement, tables: SummaryTables) -> tuple[int, int, int, int]:
    """The combined summaries of an arrangement: (bits some item has, bits every item has,
    packed counts, membership fields), in one pass over its melds and pairs, which hold
    every tile in the standard and seven-pairs shapes; other shapes fold over the tiles.

    Tile predicates read the low bits (`x >> bit & 1`), meld predicates the bits from
    `meld_shift` on: the generated module splits the two with one shift each."""
    try:
        some = 0
        every = -1
        count = 0
        members = 0
        if a.shape in _MELD_SHAPES:
            meld_some, meld_every, meld_count, meld_members = tables[:4]
            if meld_members is NO_MEMBERS:  # no membership tests: three folds, not four
                for m in a.melds:
                    i = m.index
                    some |= meld_some[i]
                    every &= meld_every[i]
                    count += meld_count[i]
                for m in a.pairs:
                    i = m.index
                    some |= meld_some[i]
                    every &= meld_every[i]
                    count += meld_count[i]
                return some, every, count, 0
            for m in a.melds:
                i = m.index
                some |= meld_some[i]
                every &= meld_every[i]
                count += meld_count[i]
                members |= meld_members[i]
            for m in a.pairs:
                i = m.index
                some |= meld_some[i]
                every &= meld_every[i]
                count += meld_count[i]
            return some, every, count, members
        tile_some, tile_every, tile_count = tables.tile_some, tables.tile_every, tables.tile_count
        for t in a.tiles:
            some |= tile_some[t]
            every &= tile_every[t]
            count += tile_count[t]
        meld_members = tables.meld_members
        for m in a.melds:
            i = m.index
            some |= tables.meld_only_some[i]
            every &= tables.meld_only_every[i]
            count += tables.meld_only_count[i]
            members |= meld_members[i]
        return some, every, count, members
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(summarize, a, tables)
        raise


def summarize_tiles(
    tiles: Iterable[int], masks: tuple[int, ...], packs: tuple[int, ...]
) -> tuple[int, int, int]:
    """(bits some tile has, bits every tile has, packed counts) over the tiles."""
    try:
        some = 0
        every = -1
        counts = 0
        for t in tiles:
            mask = masks[t]
            some |= mask
            every &= mask
            counts += packs[t]
        return some, every, counts
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(summarize_tiles, tiles, masks, packs)
        raise


def summarize_melds(
    melds: Iterable[Meld], masks: tuple[int, ...], packs: tuple[int, ...]
) -> tuple[int, int, int]:
    """The same over melds (an empty list: no bits some, all bits every, zero counts)."""
    try:
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
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(summarize_melds, melds, masks, packs)
        raise
