"""Per-suit precomputed tables: the hot path of the win check.

A hand's concealed tiles are kept as 34 counts (`Hand.counts`); a slice of 9 counts (one suited
suit) or 7 counts (the honours) is a key into these tables. The tables are built here by
enumerating combinations of melds, never by testing every possible key, once: later processes
read them from mjc's cache folder (`mjc.runtime.tiles.tablefile`). `mjc.runtime.wins.arrange`
reads them. Nothing here depends on a rulebook.

A process does not read them whole until it needs them whole. Until then (`READING.whole`
false) they hold the keys met so far, each worked out when a hand (`Hand`, `suit_entry`) or a
split (`split_rows`) first asks for it: checking a bundled rulebook meets 30 to 200 keys of
the 21,743, and reading them all cost a twentieth of `mjc check`. A reader that takes a key's
absence for "does not split" (the wait sets, exact waits, the engine's quick tests,
`suit_table`) calls `fill_tables` first, as must any code that reads the dicts whole (a test,
a tool); the on-demand path does too once it has worked out `MET_AT_MOST` keys, so a process
that scores many hands reads the tables as before.
"""

from __future__ import annotations

from functools import cache
from itertools import repeat
from operator import add
from typing import Final

from mjc.runtime.tiles.tablefile import Entries, stored_entries, table_of

__all__ = [
    "HONOUR_ENTRIES",
    "HONOUR_TABLE",
    "MET_AT_MOST",
    "READING",
    "SPLIT_KINDS",
    "SUIT_ENTRIES",
    "SUIT_TABLE",
    "Split",
    "fill_tables",
    "honour_entry",
    "honour_splits",
    "honour_table",
    "split_rows",
    "suit_entry",
    "suit_splits",
    "suit_table",
]

# One way to split a suit: (kind, rank offset 0-8) per meld, sorted; kind is chow/pung/pair.
Split = tuple[tuple[str, int], ...]

_MAX_MELDS: Final = 4  # a hand of 13 has at most four sets, so no suit holds more


def _build(width: int, chows: bool, most: int = _MAX_MELDS) -> dict[bytes, int]:
    """Every count key of `width` ranks that splits into sets (value 1) or sets + a pair (2).

    Keys are kept as big-endian base-256 ints so that adding a meld is one int addition and
    the "no count above 4" test is one mask: a digit is <= 4 iff digit + 3 leaves bit 3 clear.
    """

    def digits(rank: int, n: int) -> int:
        return n << (8 * (width - 1 - rank))

    ones = sum(digits(r, 1) for r in range(width))
    plus3, high = 3 * ones, 0xF8 * ones
    sets = [digits(r, 3) for r in range(width)]
    if chows:
        sets += [digits(r, 1) + digits(r + 1, 1) + digits(r + 2, 1) for r in range(width - 2)]

    # each meld beside itself plus the mask's threes: the test of a sum is then one addition
    sets_tested = [(s, s + plus3) for s in sets]

    level = {0}
    complete = {0}
    for _ in range(most):
        level = {k + s for k in level for s, tested in sets_tested if not (k + tested) & high}
        complete |= level

    # `map` converts in C, where a generator would run a frame per key (big-endian by default)
    keys = list(map(int.to_bytes, complete, repeat(width)))
    table = dict.fromkeys(keys, 1)
    # A pair fits at a rank that holds two tiles or fewer: read off the key's bytes, and the
    # sums made and converted in C (a test of each sum by the mask cost the build half its
    # time, on the start of every process). A key two pairs reach is one entry.
    for rank in range(width):
        room = [whole for whole, key in zip(complete, keys, strict=True) if key[rank] <= 2]
        with_pair = map(int.to_bytes, map(add, room, repeat(digits(rank, 2))), repeat(width))
        table.update(zip(with_pair, repeat(2)))
    return table


def _entries() -> tuple[Entries, Entries]:
    """The entries (below) of the suits' table and of the honours', built."""
    suits, honours = _build(9, chows=True), _build(7, chows=False)
    return {key: (key, n) for key, n in suits.items()}, {k: (k, n) for k, n in honours.items()}


# Each table's keys, mapped to the key object itself and its value, for `Hand` to read both in
# one lookup: a hand takes the table's own key object for a suit that splits, so that every
# later lookup of it (the win check, the scorer's per-suit caches) matches by identity instead
# of comparing bytes. Filled on demand (the keys met), then whole by `fill_tables`, always in
# place: a module that imported these dicts reads the same objects.
SUIT_ENTRIES: Final[Entries] = {}
HONOUR_ENTRIES: Final[Entries] = {}
# 9-byte counts of one of m/p/s -> 1 (sets only) or 2 (sets and one pair); absent = no split
# (once `READING.whole`; before, absent may be a key not met yet).
SUIT_TABLE: Final[dict[bytes, int]] = {}
# 7-byte counts of the honours -> same values; honours form only pungs and pairs.
HONOUR_TABLE: Final[dict[bytes, int]] = {}


class _Reading:
    """How far this process has read the tables: whether they are whole yet (read by the hot
    paths on a miss), how many keys were worked out one by one before, and the keys worked out
    that do not split (by whether chows count), kept while the tables are not whole (a hand
    meets them again and again) and forgotten once they are: at most `MET_AT_MOST`."""

    __slots__ = ("unsplit", "whole", "worked_out")

    def __init__(self) -> None:
        self.whole = False
        self.worked_out = 0
        self.unsplit: tuple[set[bytes], set[bytes]] = (set(), set())


# The one reading of this process (a cache's state, like the tables it describes).
READING: Final = _Reading()
# The keys worked out one by one before the tables are read whole: a check of a rulebook's
# examples meets two hundred at most; a process meeting more is scoring in bulk, where
# reading the tables whole costs less than working out more keys.
MET_AT_MOST: Final = 512
_TABLE_OF: Final = (HONOUR_TABLE, SUIT_TABLE)  # by whether chows count


def fill_tables() -> None:
    """Make the four tables whole (from mjc's cache, or built), keeping the key objects of the
    keys met before, which hands already hold."""
    if READING.whole:
        return
    for entries, table, built in zip(
        (SUIT_ENTRIES, HONOUR_ENTRIES),
        (SUIT_TABLE, HONOUR_TABLE),
        stored_entries(__file__, _entries),
        strict=True,
    ):
        for key, entry in entries.items():
            built[key] = entry  # (the built dict keeps its key; `entries` keeps `key`)
        entries.update(built)
        table.update(table_of(built))
    READING.whole = True
    for unsplit in READING.unsplit:
        unsplit.clear()


def _met(key: bytes, chows: bool) -> tuple[bytes, int]:
    """`key`'s entry, worked out and kept when it splits (a miss before the tables are whole)."""
    entries, table = (SUIT_ENTRIES, SUIT_TABLE) if chows else (HONOUR_ENTRIES, HONOUR_TABLE)
    found = entries.get(key)
    if found is not None:
        return found
    if READING.whole or key in READING.unsplit[chows]:
        return key, 0
    READING.worked_out += 1
    if READING.worked_out > MET_AT_MOST:
        fill_tables()
        return entries.get(key) or (key, 0)
    value = _value(key, chows)
    if not value:
        READING.unsplit[chows].add(key)
        return key, 0
    entry = entries[key] = (key, value)
    table[key] = value
    return entry


def suit_entry(key: bytes) -> tuple[bytes, int]:
    """`SUIT_ENTRIES[key]` (the table's key object and its value), `(key, 0)` for a key that
    does not split; a key not met before is worked out while the tables are not whole."""
    return SUIT_ENTRIES.get(key) or _met(key, True)


def honour_entry(key: bytes) -> tuple[bytes, int]:
    """`suit_entry` of the honours' table."""
    return HONOUR_ENTRIES.get(key) or _met(key, False)


def _value(key: bytes, chows: bool) -> int:
    """The value `_build` gives `key` (1: at most four sets; 2: at most four sets and a pair;
    0: neither, or a count above 4), worked out by splitting it as `_splits` does, without a
    table to prune by: its lowest tile starts a pung, a chow or the pair, and the rest splits
    again (at most five levels deep, three ways each)."""
    total = sum(key)
    if total > _LARGEST_KEY or total % 3 == 1 or max(key) > 4:
        return 0
    if not total:
        return 1
    value = 2 if total % 3 else 1
    width = len(key)
    for _, rest, rest_value in _first_melds(key, value, chows):
        if _value(rest.to_bytes(width, "big"), chows) == rest_value:
            return value
    return 0


@cache
def suit_table(sets: int) -> dict[bytes, int]:
    """`SUIT_TABLE` for a hand of `sets` sets and a pair (a rulebook's `hand` of 3 * sets + 1
    tiles): the table itself for four sets or fewer, a larger one, built on first use, for a
    hand of five (台湾十六张). A hand of fewer sets only reads fewer of its keys."""
    if sets <= _MAX_MELDS:
        fill_tables()
        return SUIT_TABLE
    return _build(9, chows=True, most=sets)


@cache
def honour_table(sets: int) -> dict[bytes, int]:
    """`HONOUR_TABLE` for a hand of `sets` sets and a pair, as `suit_table`."""
    if sets <= _MAX_MELDS:
        fill_tables()
        return HONOUR_TABLE
    return _build(7, chows=False, most=sets)


# A meld of a split while splits are searched: (rank offset, kind's place in `_KINDS`), so
# that a split and a list of splits sort in their final order as plain tuples of ints
# (a sort by a Python key function cost most of a split's time).
_Rows = tuple[tuple[int, int], ...]
_KINDS: Final = ("pung", "chow", "pair")  # as the tiles read at one rank: 111 before 123 before 11
SPLIT_KINDS: Final = _KINDS  # the kinds of `split_rows`, by number
_PUNG, _CHOW, _PAIR = range(3)


# `_splits` of keys met before, by whether chows count, then key: the searches of different
# keys meet the same rest of a suit again and again (a pure function's memo, filled as keys
# are met).
_SPLITS: Final[tuple[dict[bytes, tuple[_Rows, ...]], dict[bytes, tuple[_Rows, ...]]]] = ({}, {})
# By key width (9 ranks or 7), then rank: one tile at that rank, and a chow from it, as the
# key read as a big-endian int (`_build`'s digits): a meld taken from a key is one subtraction.
_ONE: Final[dict[int, tuple[int, ...]]] = {
    w: tuple(1 << 8 * (w - 1 - r) for r in range(w)) for w in (7, 9)
}
_RUN: Final[dict[int, tuple[int, ...]]] = {
    w: tuple(sum(_ONE[w][r : r + 3]) for r in range(w)) for w in (7, 9)
}


def _first_melds(key: bytes, value: int, chows: bool) -> list[tuple[tuple[int, int], int, int]]:
    """The ways the lowest tile of `key` (not empty) starts a meld, each as (the meld's row,
    the rest of the key as a big-endian int, the value the rest must have to split): a pung,
    a chow, or the pair while it is still to place (`value` 2)."""
    width = len(key)
    first = width - len(key.lstrip(b"\x00"))  # the lowest rank held, in one C call
    held = key[first]
    whole = int.from_bytes(key, "big")
    one = _ONE[width][first]
    taken: list[tuple[tuple[int, int], int, int]] = []
    if held >= 3:
        taken.append(((first, _PUNG), whole - 3 * one, value))
    if chows and first + 2 < width and key[first + 1] and key[first + 2]:
        taken.append(((first, _CHOW), whole - _RUN[width][first], value))
    if value == 2 and held >= 2:
        taken.append(((first, _PAIR), whole - 2 * one, 1))
    return taken


def _splits(key: bytes, table: dict[bytes, int], chows: bool) -> tuple[_Rows, ...]:
    """Every split of `key`, a key of `table` (so it splits), as sorted meld rows (duplicates
    possible; callers dedupe). The lowest tile held starts a meld: each way to take it
    (pung, chow, pair) is followed only when the rest is a key of the table again, with the
    pair still to place or not, so the search never enters a dead end."""
    memo = _SPLITS[chows]
    found = memo.get(key)
    if found is not None:
        return found
    if not key.lstrip(b"\x00"):
        return ((),)
    width = len(key)
    rows: list[_Rows] = []
    for head, rest, rest_value in _first_melds(key, table[key], chows):
        rest_key = rest.to_bytes(width, "big")
        got = table.get(rest_key)
        if got is None and not READING.whole and table is _TABLE_OF[chows]:
            got = _met(rest_key, chows)[1] or None  # not met yet: worked out
        if got != rest_value:
            continue  # the rest does not split (with the pair to place, or without)
        for tail in _splits(rest_key, table, chows):
            # The rest holds no lower rank: sorted already unless it starts at this rank too.
            rows.append(
                (head, *tail) if not tail or tail[0] >= head else tuple(sorted((head, *tail)))
            )
    found = memo[key] = tuple(rows)
    return found


# The most tiles a key of `SUIT_TABLE` holds (four sets and the pair); a larger key (a hand of
# five sets) is looked up in the table of its size.
_LARGEST_KEY: Final = 3 * _MAX_MELDS + 2
_LARGEST_SETS: Final = 5  # the largest hand a rulebook may have: 16 tiles, five sets


def _larger(chows: bool) -> dict[bytes, int]:
    return suit_table(_LARGEST_SETS) if chows else honour_table(_LARGEST_SETS)


def split_rows(key: bytes, chows: bool) -> list[tuple[tuple[int, int], ...]]:
    """Every distinct split of a suit's `key` (the honours' without `chows`) into sets and at
    most one pair, each as sorted (rank offset, kind) rows, kind 0 a pung, 1 a chow, 2 the
    pair (`SPLIT_KINDS`); the splits in sorted order, none for a key that does not split."""
    table = SUIT_TABLE if chows else HONOUR_TABLE
    if key not in table and not (not READING.whole and _met(key, chows)[1]):
        if sum(key) <= _LARGEST_KEY or key not in _larger(chows):
            return []
        table = _larger(chows)
    return sorted(set(_splits(key, table, chows)))  # by rank, then kind, meld by meld


def _all_splits(key: bytes, chows: bool) -> tuple[Split, ...]:
    rows = split_rows(key, chows)
    return tuple(tuple((_KINDS[kind], rank) for rank, kind in split) for split in rows)


@cache
def suit_splits(key: bytes) -> tuple[Split, ...]:
    """Every distinct split of a 9-count suited key into chows/pungs and at most one pair.

    Each split is a sorted tuple of (kind, rank offset) with kind "chow", "pung" or "pair";
    the splits come in sorted order. A key with no split gives ().
    """
    return _all_splits(key, True)


@cache
def honour_splits(key: bytes) -> tuple[Split, ...]:
    """Every distinct split of a 7-count honour key into pungs and at most one pair."""
    return _all_splits(key, False)
