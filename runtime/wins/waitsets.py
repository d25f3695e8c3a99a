"""A seat's wait set for the engine: every tile that would pass the quick shape test if added.

`mjc.runtime.wins.seats.shape_filter` answers "does this hand, plus this tile, maybe complete a
built-in shape?" for one tile. The engine asks it of every other seat on every discard and of
the seat to play on every draw, yet a seat's concealed tiles change only when the seat itself
draws, discards, claims or konges. `wait_finder(shapes)` returns the whole answer at once,
`{t : quick(counts, t)}` for the 34 playing tiles, from the same tables (`SUIT_TABLE`,
`HONOUR_TABLE`) without trying each tile: `mjc.runtime.game.engine` keeps one per seat
(`SeatState.waits`), made again only after the seat's own hand changed, and a discard or a
draw then asks one set membership. It is exactly the quick test (tested equal, tile by tile),
so a wait set is still only a filter: the rulebook's real win check and scoring decide.

Like the quick test it exists only when every shape is built in and no tile is wild, with
one addition: a rulebook's custom shapes (上海 八花, 乱风) join in when the compiler could say
what each needs of a hand (`mjc.compiler.emit.shapeneeds`: the fewest flowers, the tiles it may
hold, the fewest wild tiles; `custom_needs` reads the generated rows). A seat's wait set then
also holds every tile that a custom shape's needs allow, so again only a hand some shape may
complete reaches the real check.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Final

from mjc.runtime.tiles.hand import MAX_TILES, Hand
from mjc.runtime.tiles.tables import (
    HONOUR_TABLE,
    READING,
    SUIT_TABLE,
    fill_tables,
    honour_table,
    suit_table,
)
from mjc.runtime.tiles.tile import NUM_PLAYING, TERMINALS_AND_HONOURS, tile_index
from mjc.runtime.wins.arrange import SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.wins.seats import SeatState

__all__ = [
    "CustomNeeds",
    "WaitFinder",
    "custom_may_complete",
    "custom_needs",
    "custom_waits",
    "keyed_standard_waits",
    "one_more",
    "ready_candidates",
    "sized_wait_finder",
    "standard_waits",
    "wait_finder",
]

WaitFinder = Callable[[SeatState], frozenset[int]]
# Per custom shape: the fewest flowers, the tiles a hand it completes may hold (None: any) and
# the fewest wild tiles it holds.
CustomNeeds = tuple[tuple[int, frozenset[int] | None, int], ...]
_GROUP = re.compile(r"([1-9]+)([mpsz])")

# One suit's counts -> the (rank, value) pairs whose one more tile makes a key of the table
# (value 1: sets only, 2: sets and a pair). Filled as hands are met (a pure function's memo:
# a few thousand keys cover a whole simulation).
_Ranks = tuple[tuple[int, int], ...]
_ONE_MORE: Final[tuple[dict[bytes, _Ranks], dict[bytes, _Ranks]]] = ({}, {})
_TABLES: Final = (SUIT_TABLE, HONOUR_TABLE)

# How `count(2) + count(3) + 2 * count(4)` (the quick seven-pairs test) moves when a tile of
# which the hand holds 0..4 is added.
_SEVENS_STEP: Final = (0, 1, 0, 1, -2)
_ONCE_OR_NONE: Final = bytes((0, 1))  # the counts `bytes.translate` deletes to keep the pairs
_EMPTY: Final[frozenset[int]] = frozenset()
_ALL: Final = frozenset(range(NUM_PLAYING))


def one_more(honours: bool, key: bytes) -> tuple[tuple[int, int], ...]:
    """The ranks of one suit (the honours when `honours`) whose one more tile turns `key`
    into a key of the suit's table, each with that key's value."""
    memo = _ONE_MORE[honours]
    found = memo.get(key)
    if found is None:
        fill_tables()  # (a key's absence below must mean it does not split)
        get = _TABLES[honours].get
        pairs = []
        # One tile more at each rank in turn, in a copy changed in place: one new key a rank
        # instead of the slices and joins of a key made afresh.
        grown = bytearray(key)
        for rank, count in enumerate(key):
            if count < 4:
                grown[rank] = count + 1
                value = get(bytes(grown), 0)
                grown[rank] = count
                if value:
                    pairs.append((rank, value))
        found = memo[key] = tuple(pairs)
    return found


# One suit's counts -> the tiles whose one more copy makes the suit split into sets (first)
# or into sets and a pair (second): `one_more`'s ranks as tiles of this suit, and with
# `fifth_copy` also a fifth copy of a kind held four times (beyond the tables; the reference
# calculators count waits by shape). A pure function's memo per suit and flag, filled as
# hands are met.
_Mends = tuple[tuple[int, ...], tuple[int, ...]]
_MENDS: Final[tuple[tuple[dict[bytes, _Mends], ...], ...]] = (({}, {}, {}, {}), ({}, {}, {}, {}))
_BASES: Final = (0, 9, 18, 27)


def _mends(suit: int, key: bytes, fifth_copy: bool) -> _Mends:
    honours, base = suit == 3, _BASES[suit]
    by_value: tuple[list[int], list[int], list[int]] = ([], [], [])
    for rank, value in one_more(honours, key):
        by_value[value].append(base + rank)
    if fifth_copy and 4 in key:  # a fifth copy: beyond the tables, split directly
        for rank, n in enumerate(key):
            if n == 4:
                grown = list(key)
                grown[rank] += 1
                by_value[_split_value(grown, not honours)].append(base + rank)
    found = _MENDS[fifth_copy][suit][key] = (tuple(sorted(by_value[1])), tuple(sorted(by_value[2])))
    return found


def standard_waits(counts: bytes, fifth_copy: bool = False) -> list[int]:
    """The tiles whose one more copy lets the 34 `counts` split into four sets and a pair
    (the standard shape, declared melds left out), read off the suit tables; with
    `fifth_copy`, a kind held four times counts too."""
    return keyed_standard_waits(
        (counts[0:9], counts[9:18], counts[18:27], counts[27:34]), fifth_copy
    )


def keyed_standard_waits(
    keys: tuple[bytes, bytes, bytes, bytes] | list[bytes], fifth_copy: bool = False
) -> list[int]:
    """`standard_waits` of the counts given as their four suit keys (m, p, s, the honours),
    for a caller that holds them already (a hand's `suit_keys`, one of them changed)."""
    values = (
        SUIT_TABLE.get(keys[0], 0),
        SUIT_TABLE.get(keys[1], 0),
        SUIT_TABLE.get(keys[2], 0),
        HONOUR_TABLE.get(keys[3], 0),
    )
    missing = values.count(0)
    if missing and not READING.whole:  # absent from tables not read whole yet
        fill_tables()
        return keyed_standard_waits(keys, fifth_copy)
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
        memo = _MENDS[fifth_copy][suit]
        mends = memo.get(keys[suit]) or _mends(suit, keys[suit], fifth_copy)
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


def custom_needs(rows: tuple[tuple[int, str | None, int], ...] | None) -> CustomNeeds | None:
    """The generated module's `CUSTOM_SHAPE_NEEDS` rows (tiles in notation) as tile sets;
    None stays None (a rulebook compiled without them: its custom shapes need anything)."""
    if rows is None:
        return None
    return tuple(
        (
            fewest,
            None
            if held is None
            else frozenset(
                tile_index(rank + suit) for ranks, suit in _GROUP.findall(held) for rank in ranks
            ),
            wilds,
        )
        for fewest, held, wilds in rows
    )


def custom_may_complete(needs: CustomNeeds | None, hand: Hand, wilds: Sequence[int]) -> bool:
    """Whether some custom shape's needs allow the whole `hand` (its flowers, its tiles and
    melds, the `wilds` kinds it holds): the scorer's pre-filter, which asks the shapes'
    conditions only of a hand that passes it. True when the needs are unknown (None)."""
    if needs is None:
        return True
    flowers = len(hand.flowers)
    tiles = hand.tiles  # every tile, the melds' too
    held_wilds = sum(tiles.count(w) for w in wilds) if wilds else 0
    return any(
        flowers >= fewest and held_wilds >= least_wilds and (held is None or held.issuperset(tiles))
        for fewest, held, least_wilds in needs
    )


def custom_waits(
    st: SeatState, needs: CustomNeeds, wilds: frozenset[int] = _EMPTY
) -> frozenset[int] | None:
    """The tiles that some custom shape's needs allow added to the seat's hand, `wilds` the
    wild kinds of the game (a shape needing n wilds takes any allowed tile once the hand
    holds n, and only a wild kind when it holds n - 1)."""
    found: frozenset[int] | None = None
    flowers = len(st.flowers)
    held_wilds = _wilds_held(st, wilds) if wilds and any(n for _, _, n in needs) else 0
    for fewest, held, least_wilds in needs:
        if flowers < fewest or held_wilds + 1 < least_wilds:
            continue
        allowed = _ALL if held is None else held
        if held_wilds < least_wilds:
            allowed = allowed & wilds  # only one more wild brings the hand to its count
        elif held is None:
            return _ALL
        if held is not None and not (
            all(t in held for t in compress(range(NUM_PLAYING), st.counts))
            and all(t in held for m in st.melds for t in m.tiles())
        ):
            continue
        found = allowed if found is None else found | allowed
    return found


def _wilds_held(st: SeatState, wilds: frozenset[int]) -> int:
    """How many wild tiles the seat holds, its melds' included (as a situation counts them)."""
    counts = st.counts
    return sum(counts[w] for w in wilds) + sum(1 for m in st.melds for t in m.tiles() if t in wilds)


@lru_cache(maxsize=64)  # one function per game's shapes, made once (every round asks for one)
def wait_finder(
    shapes: frozenset[str], needs: CustomNeeds = (), tiles: int = MAX_TILES
) -> WaitFinder | None:
    """The wait-set function of the quick test for `shapes` and the custom shapes' `needs`
    (None when some shape is not built in, as for `shape_filter`); `tiles` is the size of a
    win (17 under `hand 16`: `sized_wait_finder`)."""
    if not shapes <= SHAPES:
        return None
    if tiles != MAX_TILES:
        return sized_wait_finder(shapes, needs, tiles)
    standard = STANDARD in shapes
    sevens = SEVEN_PAIRS in shapes
    orphans = THIRTEEN_ORPHANS in shapes
    step = _SEVENS_STEP
    orphan_tiles = tuple(TERMINALS_AND_HONOURS)
    orphan_counts = itemgetter(*orphan_tiles)

    fill_tables()
    suits, honours = SUIT_TABLE, HONOUR_TABLE  # values 1 or 2: a key that splits is in

    def waits(st: SeatState) -> frozenset[int]:
        counts = st.counts
        key = bytes(counts)  # one copy of the counts, read by suit and counted in C
        found: list[int] = []
        honour_key = key[27:34]
        if standard:
            # Nearly every hand in play has two suits or more that split into nothing, and
            # then no one tile mends it: that is decided here, before `keyed_standard_waits`,
            # most often by the first two suits.
            m, p = key[0:9], key[9:18]
            broken = (m not in suits) + (p not in suits)
            if broken < 2:
                s = key[18:27]
                broken += s not in suits
                if broken < 2 and broken + (honour_key not in honours) < 2:
                    found = keyed_standard_waits((m, p, s, honour_key))  # a new list
        if sevens:
            # The kinds held twice or more, in one pass: the pairs (`count(2) + count(3) +
            # 2 * count(4)`) are their number and the fours again, and six or more pairs
            # take three such kinds at least (most hands hold fewer).
            twice = key.translate(None, _ONCE_OR_NONE)
            if len(twice) >= 3:
                pairs = len(twice) + twice.count(4)
                if pairs in (6, 7, 9):
                    found += [t for t in range(NUM_PLAYING) if pairs + step[key[t]] == 7]
        if orphans and honour_key.count(0) < 2:  # the honours first: all but one are held
            held = orphan_counts(counts)
            missing = held.count(0)
            if not missing:
                return _ALL  # the quick test holds whatever tile is added
            if missing == 1:
                found.append(orphan_tiles[held.index(0)])
        return frozenset(found) if found else _EMPTY

    if not needs:
        return waits

    def with_custom(st: SeatState) -> frozenset[int]:
        found = waits(st)
        custom = custom_waits(st, needs)
        return found if custom is None else found | custom

    return with_custom


# How many pairs the quick seven-pairs test counts for a kind held 0..4 times (`count(2) +
# count(3) + 2 * count(4)`): a discard of a kind held n times takes away PAIRS[n] - PAIRS[n - 1].
_PAIRS: Final = (0, 0, 1, 1, 2)
_GROUP_OF: Final = tuple(min(t // 9, 3) for t in range(NUM_PLAYING))  # m, p, s, the honours


@lru_cache(maxsize=64)
def ready_candidates(shapes: frozenset[str]) -> Callable[[Sequence[int]], frozenset[int]]:
    """For the wait sets of `wait_finder(shapes)` (a hand of 13, no custom shape): a function
    of a seat's 14 counts (its turn) giving the kinds held whose discard *may* leave the hand
    a wait set that is not empty, read once on the 14 tiles; every other kind's discard
    leaves none. It mirrors the early exits of the wait set, which a discard can only keep
    or make harder: the standard shape needs every suit but one to split (a discard changes
    one suit's key), seven pairs six pairs or more (a discard never adds one), the orphans all
    their honours but one. A ready declaration then asks the wait set only of these."""
    standard = STANDARD in shapes
    sevens = SEVEN_PAIRS in shapes
    orphans = THIRTEEN_ORPHANS in shapes
    fill_tables()
    suits, honours = SUIT_TABLE, HONOUR_TABLE
    group_of, pairs_of = _GROUP_OF, _PAIRS

    def candidates(counts: Sequence[int]) -> frozenset[int]:
        key = bytes(counts)
        honour_key = key[27:34]
        if orphans and honour_key.count(0) < 2:
            return _ALL  # rare: every discard is asked
        found: list[int] = []
        if standard:
            m, p, s = key[0:9] not in suits, key[9:18] not in suits, key[18:27] not in suits
            left = m + p + s  # three suits broken (most hands) leave the honours unread
            if left < 3:  # else two suits stay broken whatever is discarded
                broken = (m, p, s, honour_key not in honours)
                left += broken[3]
            if left < 3:
                groups = [g for g in range(4) if left - broken[g] < 2]
                found = [t for t in compress(range(NUM_PLAYING), key) if group_of[t] in groups]
        if sevens:
            twice = key.translate(None, _ONCE_OR_NONE)  # as the wait set counts pairs
            pairs = len(twice) + twice.count(4) if len(twice) >= 3 else 0
            if pairs >= 6:
                found += [
                    t
                    for t in compress(range(NUM_PLAYING), key)
                    if pairs - pairs_of[key[t]] + pairs_of[key[t] - 1] in (6, 7, 9)
                ]
        return frozenset(found) if found else _EMPTY

    return candidates


def sized_wait_finder(shapes: frozenset[str], needs: CustomNeeds, tiles: int) -> WaitFinder:
    """The wait sets of a game whose wins hold `tiles` tiles (a rulebook of `hand 16`, where
    the standard shape is the only built-in one): the tiles whose one more copy lets the
    concealed counts split into sets and one pair, read off the tables of that many sets,
    and the tiles the custom shapes' `needs` allow."""
    sets = (tiles - 2) // 3
    suit, honour = suit_table(sets), honour_table(sets)
    standard = STANDARD in shapes

    def waits(st: SeatState) -> frozenset[int]:
        key = bytes(st.counts)
        keys = [key[b : b + w] for b, w in zip(_BASES, (9, 9, 9, 7), strict=True)]
        tables = (suit, suit, suit, honour)
        found: set[int] = set()
        values = [table.get(k, 0) for table, k in zip(tables, keys, strict=True)]
        missing = values.count(0)
        for index in range(4) if standard and missing <= 1 else ():
            if missing and values[index]:
                continue  # the suit that does not split is the only one a tile can mend
            others = 1
            for other in range(4):
                if other != index:
                    others *= values[other]
            if others > 2:
                continue
            held, table, base = keys[index], tables[index], _BASES[index]
            for rank, count in enumerate(held):
                grown = held[:rank] + bytes((count + 1,)) + held[rank + 1 :]
                if count < 4 and others * table.get(grown, 0) == 2:
                    found.add(base + rank)
        if needs:
            custom = custom_waits(st, needs)
            if custom is not None:
                found |= custom
        return frozenset(found) if found else _EMPTY

    return waits
