"""Per-item predicate bits: how generated modules answer `all`/`any`/`count` quickly.

A generated module lists the item-local predicates its conditions quantify with (a
predicate reads only the tile or meld it is given, such as `t.is_honour`). At import it tests
each predicate once on every tile kind and every interned meld and keeps the answers as bit
masks (`tile_masks`, `meld_masks`, combined by `summary_tables`). Scoring then walks an
arrangement's melds once (`summarize`), OR-ing, AND-ing and adding the masks, and every
quantifier becomes a shift and a mask instead of a Python loop. A membership test such as
`any m in melds: m.is_pung and m.tile == seat_wind` becomes one bit of the same walk, and the
meld boards (`mjc.runtime.wins.meldboards`) are built by it too.

The walk folds a few words, each holding parts side by side (`summary_layout`): no word is
wider than `WORD_BITS` but the one that holds the count boards, so that what a fan reads is a
machine int in native code (mypyc's short ints; CPython too allocates less for small ints),
and the parts are taken out of their words once per arrangement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import and_, or_
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

from mjc.runtime.tiles.argcheck import (
    WRONG_TYPE_SIGNS as _WRONG_TYPE_SIGNS,
    plain_type_errors,
    raise_if_wrong,
)
from mjc.runtime.tiles.melds import MELD_INDEXES, Meld, all_melds
from mjc.runtime.tiles.tile import NUM_TILES
from mjc.runtime.wins.arrange import suit_readings
from mjc.runtime.wins.meldboards import BOARD_BITS, COUNT_BITS, board_units

if TYPE_CHECKING:
    from mjc.runtime.wins.arrange import Arrangement

__all__ = [
    "MELD_COUNT_WIDTH",
    "MELD_SHAPES",
    "MEMBER_BASE",
    "MEMBER_WIDTH",
    "TILE_COUNT_WIDTH",
    "WORD_BITS",
    "SuitWords",
    "SummaryPart",
    "SummaryTables",
    "SummaryWord",
    "meld_masks",
    "summarize",
    "summarize_melds",
    "summarize_tiles",
    "summary_fields",
    "summary_layout",
    "summary_parts",
    "summary_tables",
    "tile_masks",
]

# Counters are packed side by side in one int, one field per predicate: a hand has at most 18
# tiles (four kongs) and at most 7 pairs, so 5 and 3 bits are enough.
TILE_COUNT_WIDTH: Final = 5
MELD_COUNT_WIDTH: Final = 3


T = TypeVar("T")


def _masks_and_counts(
    items: Sequence[T],
    indexes: Sequence[int],
    size: int,
    predicates: Sequence[Callable[[T], object]],
    fields: Sequence[int],
    width: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By index below `size` (item `items[j]` at `indexes[j]`, every other 0): the bits of the
    predicates an item satisfies, and its counter fields (field j counts predicate
    `fields[j]`, `width` bits each). Each predicate is asked of every item in one C map, and
    only the items that satisfy it are marked."""
    masks = [0] * size
    counts = [0] * size
    units = dict.fromkeys(range(len(predicates)), 0)
    for j, k in enumerate(fields):
        if k in units:
            units[k] += 1 << (j * width)
    for k, predicate in enumerate(predicates):
        bit, unit = 1 << k, units[k]
        for i in compress(indexes, map(predicate, items)):
            masks[i] |= bit
            counts[i] += unit
    return tuple(masks), tuple(counts)


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
    tiles = range(NUM_TILES)
    return _masks_and_counts(tiles, tiles, NUM_TILES, predicates, fields, TILE_COUNT_WIDTH)


@plain_type_errors
def meld_masks(
    predicates: Sequence[Callable[[Meld], object]],
    counted: Sequence[int] | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The same as `tile_masks`, for every interned meld, indexed by `Meld.index`."""
    fields = range(len(predicates)) if counted is None else counted
    melds = all_melds()
    indexes = [m.index for m in melds]
    return _masks_and_counts(melds, indexes, MELD_INDEXES, predicates, fields, MELD_COUNT_WIDTH)


# A word of the summary holds at most this many bits, so that it stays a machine int in native
# code (mypyc's short ints: 62 bits and a sign); a part wider than a word (a count board) shares
# the one wide word of its fold with the others.
WORD_BITS: Final = 62
# The shapes whose melds and pairs hold every tile.
MELD_SHAPES: Final = frozenset({"standard", "seven_pairs"})


class SummaryPart(NamedTuple):
    """A field of the summary: its name, how items fold into it ("or": some item has the bit,
    "and": every item has it, "add": counters), its width in bits, and what puts something in
    it: tiles (a set's or a pair's, or a tile of another shape), a set's own part, or both. A
    pair puts in only what tiles do."""

    name: str
    fold: str
    width: int
    by_tiles: bool = True
    by_sets: bool = False


def summary_parts(
    tile_bits: int,
    tile_count_fields: int,
    meld_bits: int,
    meld_count_fields: int,
    members: int = 0,
    boards: Sequence[str] = (),
) -> tuple[SummaryPart, ...]:
    """The fields of a summary over `tile_bits` tile predicates (`tile_count_fields` counted),
    `meld_bits` meld predicates (`meld_count_fields` counted), `members` membership tests and the
    meld boards `boards`, in the order a generated module unpacks them: the tile predicates'
    bits (some tile, every tile, counts), the meld predicates' likewise, the membership bits,
    then each board (`mjc.runtime.wins.meldboards`)."""
    parts = [
        SummaryPart("tile_any", "or", tile_bits),
        SummaryPart("tile_all", "and", tile_bits),
        SummaryPart("tile_count", "add", tile_count_fields * TILE_COUNT_WIDTH),
        SummaryPart("meld_any", "or", meld_bits, False, True),
        SummaryPart("meld_all", "and", meld_bits, False, True),
        SummaryPart("meld_count", "add", meld_count_fields * MELD_COUNT_WIDTH, False, True),
    ]
    if members:
        parts.append(SummaryPart("members", "or", members * MEMBER_WIDTH, False, True))
    for name in boards:
        counts, _, by_tile = board_units(name)
        width = COUNT_BITS if counts else BOARD_BITS
        parts.append(SummaryPart(name, "add" if counts else "or", width, any(by_tile), True))
    return tuple(parts)


def summary_layout(parts: Sequence[SummaryPart]) -> tuple[tuple[str, ...], ...]:
    """The words that hold `parts`, each a tuple of part names, low bits first: every part
    goes into the first word of its fold that it fits within `WORD_BITS`, or opens a word; the
    parts wider than a word share one word per fold. Fewer words are fewer folds per item; a
    word within `WORD_BITS` is a machine int in native code.

    In a wide word, the boards more items add to sit lower (`tile_copies`: every tile; the
    boards of a kind of meld; then those of the sets that pass a predicate): a long int costs
    by its length, and the word stays as short as its highest board that some item filled."""
    words: list[list[str]] = []
    folds: list[str] = []
    used: list[int] = []
    wide: dict[str, int] = {}
    for part in sorted(parts, key=lambda p: _crowded(p.name) if p.width > WORD_BITS else -1):
        if part.width > WORD_BITS:
            k = wide.setdefault(part.fold, len(words))
        else:
            k = next(
                (k for k, fold in enumerate(folds)
                 if fold == part.fold and k not in wide.values()
                 and used[k] + part.width <= WORD_BITS),
                len(words),
            )  # fmt: skip
        if k == len(words):
            words.append([])
            folds.append(part.fold)
            used.append(0)
        words[k].append(part.name)
        used[k] += part.width
    return tuple(tuple(word) for word in words)


def _crowded(board: str) -> int:
    """How low a count board sits in the wide word: 0 for the one every tile adds to, 1 for
    a kind of meld's, 2 for those of the sets that pass a predicate."""
    return 0 if board == "tile_copies" else 2 if board.startswith(("by_tile_", "holding_")) else 1


class SummaryWord(NamedTuple):
    """One int the pass folds: its fold ("or", "and", "add"), the parts it holds (low bits
    first), and what each item puts in: by `Meld.index` a set or pair of the standard and
    seven-pairs shapes (`by_meld`: its tiles' part and its own), by tile int a tile of another
    shape (`by_tile`), by `Meld.index` a declared set of another shape (`by_set`: its own part
    alone, its tiles being among the tiles)."""

    fold: str
    parts: tuple[str, ...]
    by_meld: tuple[int, ...]
    by_tile: tuple[int, ...]
    by_set: tuple[int, ...]


class SummaryTables(NamedTuple):
    """What `summarize` folds, built once by `summary_tables` when a generated module loads:
    its words, and where each part sits (`at`: its word and shift; `mask`: its width as a mask).
    A generated module writes the same fold out as a function of its own (`summarize_arrangement`)
    over these tables."""

    words: tuple[SummaryWord, ...]
    at: dict[str, tuple[int, int]]
    mask: dict[str, int]


# One field of `members` per membership test, one bit per wind: what such a test compares a
# meld's tile with is the seat or the round wind (`mjc.compiler.conditions.pyexpr`).
MEMBER_WIDTH: Final = 4
MEMBER_BASE: Final = 27  # 东, the first wind
_START = {"or": 0, "and": -1, "add": 0}


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
    words: Sequence[Sequence[str]] | None = None,
) -> SummaryTables:
    """The tables of `summarize` from `tile_masks` and `meld_masks` (over `tile_bits` tile
    predicates, `tile_count_fields` of them counted: all by default), the item-local
    parts of the module's membership tests and the meld boards the module reads, in the words
    `words` (each a sequence of part names, `summary_layout`'s by default). The meld parts are
    at least `meld_bits` bits and `meld_count_fields` counters wide (the module's meld
    predicates and counted ones)."""
    fields = tile_bits if tile_count_fields is None else tile_count_fields
    meld_width = max(meld_bits, max(map(int.bit_length, meld_masks), default=0))
    meld_count_width = max(
        meld_count_fields * MELD_COUNT_WIDTH,
        _whole_fields(max(map(int.bit_length, meld_counts), default=0)),
    )
    parts = summary_parts(
        tile_bits, fields, meld_width, meld_count_width // MELD_COUNT_WIDTH, len(members), boards
    )
    layout = summary_layout(parts) if words is None else tuple(tuple(w) for w in words)
    by_name = {p.name: p for p in parts}
    placed = [name for word in layout for name in word]
    if sorted(placed) != sorted(by_name):
        raise ValueError(f"words must hold each of {', '.join(by_name)} once, not {placed}")
    units = _Units(tile_masks, tile_counts, meld_masks, meld_counts, members)
    at: dict[str, tuple[int, int]] = {}
    built: list[SummaryWord] = []
    for k, word in enumerate(layout):
        folds = {by_name[name].fold for name in word}
        if len(folds) != 1:
            raise ValueError(f"a word folds one way, not {sorted(folds)}: {word}")
        (fold,) = folds
        shift = 0
        tables: list[list[int]] = [
            [_START[fold]] * MELD_INDEXES,
            [_START[fold]] * NUM_TILES,
            [_START[fold]] * MELD_INDEXES,
        ]
        for name in word:
            width = by_name[name].width
            mask = (1 << width) - 1
            for table, values in zip(tables, units.of(name), strict=True):
                # Each item's part in place, then into the word (a list and a C map, not a
                # Python loop that indexes the table): an "and" word keeps the bits outside
                # the part, which were set; OR adds, the parts never overlapping.
                if fold == "and":
                    hole = ~(mask << shift)
                    shifted = [hole | (value & mask) << shift for value in values]
                    table[:] = map(and_, table, shifted)
                else:
                    shifted = [(value & mask) << shift for value in values]
                    table[:] = map(or_, table, shifted)
            at[name] = (k, shift)
            shift += width
        built.append(SummaryWord(fold, word, *(tuple(t) for t in tables)))
    # The parts in `summary_parts`' order, the order a generated module unpacks them in.
    at = {p.name: at[p.name] for p in parts}
    return SummaryTables(tuple(built), at, {p.name: (1 << p.width) - 1 for p in parts})


def _whole_fields(bits: int) -> int:
    """`bits` rounded up to whole meld counter fields."""
    return -(-bits // MELD_COUNT_WIDTH) * MELD_COUNT_WIDTH


class _Units:
    """What each item puts in each part, before the parts are placed in words."""

    def __init__(
        self,
        tile_masks: tuple[int, ...],
        tile_counts: tuple[int, ...],
        meld_masks: tuple[int, ...],
        meld_counts: tuple[int, ...],
        members: Sequence[Callable[[Meld], object]],
    ) -> None:
        self.tile_masks, self.tile_counts = tile_masks, tile_counts
        self.meld_masks, self.meld_counts = meld_masks, meld_counts
        self.members = members
        self.sets = [m for m in all_melds() if m.kind != "pair"]
        self.pairs = [m for m in all_melds() if m.kind == "pair"]
        self.set_indexes = [m.index for m in self.sets]
        # Each set's and pair's (some, every, count) over its tiles, by Meld.index: the three
        # tile parts read them, so they are summed once, on the first of those parts asked.
        self._tile_sums: dict[str, list[int]] | None = None

    def _tiles_of_melds(self, name: str) -> list[int]:
        """By `Meld.index`: what the tiles of each set and pair put in tile part `name`."""
        if self._tile_sums is None:
            some = [0] * MELD_INDEXES
            every = [0] * MELD_INDEXES
            count = [0] * MELD_INDEXES
            masks, packs = self.tile_masks, self.tile_counts
            for m in (*self.sets, *self.pairs):
                i = m.index
                some[i], every[i], count[i] = summarize_tiles(m.tiles, masks, packs)
            self._tile_sums = {"tile_any": some, "tile_all": every, "tile_count": count}
        return self._tile_sums[name]

    def of(self, name: str) -> tuple[list[int], list[int], list[int]]:
        """By `Meld.index` for a set or pair, by tile int, and by `Meld.index` for a declared
        set (its own part): the value `name` takes on that item alone."""
        by_meld = [0] * MELD_INDEXES
        by_tile = [0] * NUM_TILES
        by_set = [0] * MELD_INDEXES
        if name in ("tile_any", "tile_all", "tile_count"):
            values = self.tile_masks if name != "tile_count" else self.tile_counts
            by_tile[:] = values
            by_meld = self._tiles_of_melds(name)
            if name == "tile_all":
                by_set = [-1] * MELD_INDEXES
            return by_meld, by_tile, by_set
        if name in ("meld_any", "meld_all", "meld_count", "members"):
            if name == "meld_all":  # no set: every meld predicate holds
                by_meld, by_set = [-1] * MELD_INDEXES, [-1] * MELD_INDEXES
                by_tile = [-1] * NUM_TILES
            values_of_sets = self._own(name)
            for i in self.set_indexes:  # a set puts in its own part, alone or among the melds
                by_meld[i] = by_set[i] = values_of_sets[i]
            return by_meld, by_tile, by_set
        counts, meld_units, tile_units = board_units(name, self.meld_masks)
        for m in (*self.sets, *self.pairs):
            own = meld_units[m.index] if m.kind != "pair" else 0
            by_set[m.index] = own
            by_meld[m.index] = own + sum(tile_units[t] for t in m.tiles) if counts else own
        by_tile[:] = tile_units
        return by_meld, by_tile, by_set

    def _own(self, name: str) -> Sequence[int]:
        """By `Meld.index`: a set's own value of a meld part (`meld_any`, `meld_all`,
        `meld_count`, `members`)."""
        if name == "meld_count":
            return self.meld_counts
        if name != "members":
            return self.meld_masks
        bits = [0] * MELD_INDEXES
        for m in self.sets:
            if MEMBER_BASE <= m.tile < MEMBER_BASE + MEMBER_WIDTH:
                bits[m.index] = sum(
                    1 << (MEMBER_WIDTH * k + m.tile - MEMBER_BASE)
                    for k, test in enumerate(self.members)
                    if test(m)
                )
        return bits


def _folded(fold: str, values: Iterable[int]) -> int:
    """`values` folded into one word the way `fold` says: "or", "and" or "add" (the fold
    tested once, not per value: a sum in C, a loop of one operation each for the others,
    interpreted or compiled)."""
    if fold == "add":
        return sum(values)
    if fold == "or":
        folded = 0
        for value in values:
            folded |= value
    else:  # "and"
        folded = -1
        for value in values:
            folded &= value
    return folded


def summarize(a: Arrangement, tables: SummaryTables) -> tuple[int, ...]:
    """The words of an arrangement's summary, in one pass over its melds and pairs, which hold
    every tile in the standard and seven-pairs shapes; other shapes fold over the tiles and
    the declared melds. A generated module writes this fold out for its own words
    (`summarize_arrangement`); `summary_fields` splits the words into their parts."""
    try:
        found: list[int] = []
        for word in tables.words:
            if a.shape in MELD_SHAPES:
                values = [word.by_meld[m.index] for m in (*a.melds, *a.pairs)]
            else:
                values = [word.by_tile[t] for t in a.tiles]
                values += [word.by_set[m.index] for m in a.melds]
            found.append(_folded(word.fold, values))
        return tuple(found)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(summarize, a, tables)
        raise


def summary_fields(words: Sequence[int], tables: SummaryTables) -> dict[str, int]:
    """Each part of the summary by name, out of its words (`summarize`'s)."""
    return {name: words[k] >> shift & tables.mask[name] for name, (k, shift) in tables.at.items()}


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


class SuitWords:
    """The summary words of each suit's one split into concealed sets and a pair, folded once
    per suit key (`suit_readings`): a hand whose every suit splits one way has one standard
    reading (`mjc.runtime.wins.arrange.standard_placed`), whose words are those of its four
    suits and its declared sets folded together, as a generated module's `summarize_hand`
    folds them instead of walking the reading's melds. Each fold is an OR, an AND or a sum,
    so the suits' words fold into the hand's in any order and grouping; a pair folds into
    every word, as `summarize` folds it (its part is nothing in a word of sets' parts alone).

    `memos` are the four suits' dicts (m, p, s, then the honours) of words by key, which the
    module reads directly; `fill` makes and keeps a key's words the first time it is met."""

    __slots__ = ("_empty", "_folds", "_rows", "memos")

    def __init__(self, tables: SummaryTables) -> None:
        words = tables.words
        # Each interned meld's words side by side (`_rows[meld index]`) and each word's fold:
        # `fill` takes the rows of a split's melds and folds them column by column, instead of
        # a list and a call per word (a new key comes with most fresh hands).
        self._rows: tuple[tuple[int, ...], ...] = tuple(
            zip(*(w.by_meld for w in words), strict=True)
        )
        self._folds: tuple[str, ...] = tuple(w.fold for w in words)
        self._empty = tuple(_folded(w.fold, []) for w in words)  # a suit with no tiles
        self.memos: tuple[dict[bytes, tuple[int, ...]], ...] = ({}, {}, {}, {})

    def fill(self, suit: int, key: bytes) -> tuple[int, ...]:
        """The words of suit `suit`'s counts `key`, kept for the next hand holding them;
        a `ValueError` when the suit does not split exactly one way."""
        readings = suit_readings(suit, key)
        if len(readings) != 1:
            raise ValueError(f"suit {suit} splits {len(readings)} ways, not one: {key!r}")
        sets, pair = readings[0]  # (by index: compiled, unpacking a tuple of any length iterates)
        rows = self._rows
        held = [rows[m.index] for m in sets]
        if pair is not None:
            held.append(rows[pair.index])
        if not held:
            words = self._empty
        else:
            columns = zip(*held, strict=True)
            words = tuple(map(_folded, self._folds, columns))
        self.memos[suit][key] = words
        return words
