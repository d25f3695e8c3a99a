"""Arrangements of a hand into win shapes: the fast win check and the full enumeration.

Input is a `Hand` from `mjc.runtime.tiles.hand.parse_hand` (or the game engine) and the set of shape
names the rulebook allows, which the generated module passes in. `is_win` answers with two reads of
the hand (`Hand.split_value`: the suits' values in the tables of `mjc.runtime.tiles.tables`, read
when the hand is built); `arrangements` lists every split for scoring, combining the cached
per-suit splits with the interned melds of `mjc.runtime.tiles.melds`. Shape names this module
does not know (eight flowers, wild shapes ...) are ignored here; other runtime modules handle
them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from operator import itemgetter
from typing import Final, NamedTuple

from mjc.runtime.tiles.argcheck import WRONG_TYPE_SIGNS as _WRONG_TYPE_SIGNS, raise_if_wrong
from mjc.runtime.tiles.hand import MAX_TILES, Hand
from mjc.runtime.tiles.melds import PLACES, WAIT_ORDER, Meld, meld
from mjc.runtime.tiles.tables import SPLIT_KINDS, split_rows
from mjc.runtime.tiles.tile import HONOUR_BASE, NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.wins.knitted import (
    HONOURS_AND_KNITTED,
    KNITTED_SHAPES,
    KNITTED_STRAIGHT,
    honours_and_knitted_reading,
    is_honours_and_knitted,
    is_knitted_straight_win,
    knitted_straight_readings,
)

__all__ = [
    "ORPHAN_HONOUR_KEYS",
    "SEVEN_PAIRS",
    "SHAPES",
    "STANDARD",
    "THIRTEEN_ORPHANS",
    "Arrangement",
    "arrangements",
    "is_standard_or_orphans_win",
    "is_standard_win",
    "is_thirteen_orphans",
    "is_win",
    "make_other_shapes_checker",
    "make_win_checker",
    "sized_standard_arrangements",
    "standard_arrangements",
    "standard_placed",
    "suit_readings",
]

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
THIRTEEN_ORPHANS: Final = "thirteen_orphans"
SHAPES: Final[frozenset[str]] = frozenset(
    (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, *KNITTED_SHAPES)
)


class Arrangement(NamedTuple):
    """One way to read a winning hand as a shape.

    `melds` are the sets (declared first, in written order, then concealed ones in tile
    order); `pairs` the pair(s); `tiles` every tile of the hand, kongs with all four, sorted;
    `concealed` is true when no declared meld is exposed (a concealed kong keeps it true).
    A NamedTuple rather than a frozen dataclass: it is as immutable and five times cheaper to
    build, and scoring builds one per reading of every hand.
    """

    shape: str
    melds: tuple[Meld, ...]
    pairs: tuple[Meld, ...]
    tiles: tuple[int, ...]
    concealed: bool
    pair: Meld | None
    substituted: int = 0  # wilds standing for another tile (mjc.runtime.wins.wilds)
    # The concealed set or pair the winning tile completes in this reading, for rulebooks
    # that read the wait (`mjc.runtime.wins.readings.placements`); None when it completes none.
    won: Meld | None = None
    wait: str = ""  # its kind: edge, closed, open, pair, pung (mjc.runtime.wins.readings.wait_kind)
    # The hand's wait set (a `mjc.runtime.wins.readings.Waits`), on the readings scoring builds for
    # a rulebook that reads `waits`: the generated code reads it here, not off the situation,
    # so that scoring need not copy the situation per hand. None: `Situation.waits` holds.
    waits: Sequence[int] | None = None


def is_standard_win(hand: Hand) -> bool:
    """Whether `hand` is four sets and a pair. The hot path: two reads of the hand.

    `Hand.split_value` is the product of the four suit keys' table values (`SUIT_TABLE`,
    `HONOUR_TABLE`), read once when the hand is built: each suit's value is 1 (sets only), 2
    (sets and a pair) or 0 (no split), so the product is 2 exactly when every suit splits and
    one of them holds the pair.
    """
    return hand.split_value == 2 and hand.size == MAX_TILES


def _is_seven_pairs(hand: Hand) -> bool:
    # Four of a kind counts as two pairs; rulebooks that forbid it say so in a fan condition.
    # 14 concealed tiles imply no declared melds (parse_hand caps the size at 14).
    c = hand.counts
    return len(hand.concealed) == MAX_TILES and 1 not in c and 3 not in c


def _seven_pairs(hand: Hand) -> tuple[Meld, ...]:
    # The concealed tiles are sorted and every kind is held twice or four times: every other
    # tile starts a pair.
    pairs = _CONCEALED_PAIRS
    return tuple([pairs[t] for t in hand.concealed[::2]])


# The concealed pair of each playing tile, by tile.
_CONCEALED_PAIRS: Final = tuple(meld("pair", t, True) for t in range(NUM_PLAYING))


# Counts of the 13 terminal and honour kinds, fetched in one C call.
_orphan_counts: Final = itemgetter(*TERMINALS_AND_HONOURS)


# The honour keys a thirteen-orphans hand can have: one of each honour, one of them twice.
ORPHAN_HONOUR_KEYS: Final = frozenset(
    bytes(2 if i == j else 1 for i in range(7)) for j in range(-1, 7)
)


def is_thirteen_orphans(hand: Hand) -> bool:
    # The honour key rules out almost every hand with one set lookup.
    if hand.suit_keys[3] not in ORPHAN_HONOUR_KEYS or len(hand.concealed) != MAX_TILES:
        return False
    counts: tuple[int, ...] = _orphan_counts(hand.counts)
    return 0 not in counts and sum(counts) == MAX_TILES


def is_win(
    hand: Hand,
    shapes: frozenset[str],
    _orphans: Callable[[bytes], tuple[int, ...]] = _orphan_counts,
) -> bool:
    """Whether `hand` completes any of `shapes`; builds no `Arrangement`.

    The shape tests are written inline (not calls to the helpers above) because a Python call
    costs as much as the whole standard test. For a fixed shape set, `make_win_checker`
    returns the fastest checker for it.
    """
    try:
        if STANDARD in shapes and hand.split_value == 2 and hand.size == MAX_TILES:
            return True
        # The other shapes need 14 concealed tiles (so no declared melds).
        if SEVEN_PAIRS in shapes and len(hand.concealed) == MAX_TILES:
            c = hand.counts
            if 1 not in c and 3 not in c:
                return True
        if THIRTEEN_ORPHANS in shapes and len(hand.concealed) == MAX_TILES:
            counts = _orphans(hand.counts)
            if 0 not in counts and sum(counts) == MAX_TILES:
                return True
        if KNITTED_STRAIGHT in shapes and is_knitted_straight_win(hand):
            return True
        return HONOURS_AND_KNITTED in shapes and is_honours_and_knitted(hand)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(is_win, hand, shapes)
        raise


def make_other_shapes_checker(shapes: frozenset[str]) -> Callable[[Hand], bool] | None:
    """A checker for the shapes besides `standard` (None when there are none): what a fast
    standard test falls back on when it fails."""
    sevens = SEVEN_PAIRS in shapes
    orphans = THIRTEEN_ORPHANS in shapes
    if shapes & KNITTED_SHAPES:
        others = frozenset(shapes - {STANDARD})
        return lambda hand: is_win(hand, others)
    if sevens and orphans:
        return lambda hand: _is_seven_pairs(hand) or is_thirteen_orphans(hand)
    if sevens:
        return _is_seven_pairs
    if orphans:
        return is_thirteen_orphans
    return None


def make_win_checker(shapes: frozenset[str]) -> Callable[[Hand], bool]:
    """A one-argument win check for a fixed set of shapes (what a generated module binds).

    Standard alone, the common case, gets `is_standard_win` itself: no extra call layer.
    """
    known = frozenset(shapes & SHAPES)
    if known == {STANDARD}:
        return is_standard_win
    if known == {STANDARD, THIRTEEN_ORPHANS}:
        return is_standard_or_orphans_win

    def check(hand: Hand) -> bool:
        return is_win(hand, known)

    return check


def is_standard_or_orphans_win(
    hand: Hand, _orphan_keys: frozenset[bytes] = ORPHAN_HONOUR_KEYS
) -> bool:
    """Four sets and a pair, or thirteen orphans (the Guangdong default): the honour key rules
    out thirteen orphans for almost every hand with one set lookup."""
    if hand.split_value == 2 and hand.size == MAX_TILES:
        return True
    return hand.suit_keys[3] in _orphan_keys and is_thirteen_orphans(hand)


# (sets, pair) for one suit's split, as interned concealed melds.
_SuitReading = tuple[tuple[Meld, ...], Meld | None]


# By kind of `split_rows` (pung, chow, pair), then tile: the interned concealed meld.
_SPLIT_MELDS: Final[tuple[dict[int, Meld], ...]] = tuple(
    {
        t: meld(kind, t, True)
        for t in range(NUM_PLAYING)
        if kind != "chow" or (t < HONOUR_BASE and t % 9 <= 6)
    }
    for kind in SPLIT_KINDS
)
_PAIR_KIND: Final = SPLIT_KINDS.index("pair")


def _suit_readings(base: int, key: bytes) -> tuple[_SuitReading, ...]:
    """Every split of one suit's counts as concealed melds (`suit_readings` keeps them, per suit
    and key: this runs once for each)."""
    readings: list[_SuitReading] = []
    by_kind = _SPLIT_MELDS
    for row in split_rows(key, base != HONOUR_BASE):
        sets: list[Meld] = []
        pair: Meld | None = None
        for off, kind in row:
            if kind == _PAIR_KIND:
                pair = by_kind[kind][base + off]
            else:
                sets.append(by_kind[kind][base + off])
        readings.append((tuple(sets), pair))
    return tuple(readings)


# Per-suit caches of readings, keyed by the suit's count bytes: plain dicts because a
# `.get` is cheaper than a call through functools.cache on the scoring path. Typed as four
# (not `tuple[..., ...]`) so that compiled code unpacks them by index, not by iterator.
_Readings = dict[bytes, tuple[_SuitReading, ...]]
_READINGS: Final[tuple[_Readings, _Readings, _Readings, _Readings]] = ({}, {}, {}, {})
# The same per suit for the keys that split exactly one way (most keys), their one split
# alone: what `standard_placed` reads, a key absent when it splits several ways or was
# not met yet, so that one `.get` a suit also says whether it splits one way.
_OneReading = dict[bytes, _SuitReading]
_ONE_READING: Final[tuple[_OneReading, _OneReading, _OneReading, _OneReading]] = ({}, {}, {}, {})
_BASES: Final = (0, 9, 18, HONOUR_BASE)


def suit_readings(suit: int, key: bytes) -> tuple[_SuitReading, ...]:
    """Every split of suit `suit`'s counts `key` (0-2: m, p, s; 3: the honours) into
    interned concealed sets and at most one pair, kept per suit and key."""
    found = _READINGS[suit].get(key)
    if found is None:
        found = _READINGS[suit][key] = _suit_readings(_BASES[suit], key)
        if len(found) == 1:
            _ONE_READING[suit][key] = found[0]
    return found


# Building a NamedTuple through `tuple.__new__` skips its Python-level `__new__`: the fields
# are given in order, so it is the same object, built at half the cost.
_new_arrangement: Final = tuple.__new__


def _standard(
    hand: Hand,
    tiles: tuple[int, ...],
    concealed: bool,
    size: int = MAX_TILES,
    _cached: tuple[_Readings, _Readings, _Readings, _Readings] = _READINGS,
) -> list[Arrangement]:
    if hand.size != size:
        return []
    m, p, s, z = hand.suit_keys
    cm, cp, cs, cz = _cached
    rm, rp, rs, rz = cm.get(m), cp.get(p), cs.get(s), cz.get(z)
    if rm is None or rp is None or rs is None or rz is None:  # a suit key not read yet
        # (no `except KeyError`: compiled, a caught exception costs a traceback, and new
        # keys come with most fresh hands)
        rm, rp, rs, rz = (
            suit_readings(0, m),
            suit_readings(1, p),
            suit_readings(2, s),
            suit_readings(3, z),
        )
    if len(rm) == len(rp) == len(rs) == len(rz) == 1:
        # The common case: each suit splits one way, so there is at most one arrangement.
        # (one suit a line: compiled, the four-deep unpacking boxed each split into a new
        # tuple and read all four back through iterators)
        sm, pm = rm[0]
        sp, pp = rp[0]
        ss, ps = rs[0]
        sz, pz = rz[0]
        pair = pm or pp or ps or pz
        # Exactly one suit holds the pair (four one-pair suits also make 3k+2 tiles).
        if (
            pair is None
            or (pm is not None) + (pp is not None) + (ps is not None) + (pz is not None) != 1
        ):
            return []
        melds = hand.melds + sm + sp + ss + sz
        return [
            _new_arrangement(
                Arrangement, (STANDARD, melds, (pair,), tiles, concealed, pair, 0, None, "", None)
            )
        ]
    found: list[Arrangement] = []
    # Suits with no tiles have the single empty reading, so the product stays small.
    for combo in product(rm, rp, rs, rz):
        combo_pairs = [pair for _, pair in combo if pair is not None]
        if len(combo_pairs) != 1:  # four one-pair suits also total 3k+2 tiles
            continue
        sets = hand.melds + tuple(m for suit_sets, _ in combo for m in suit_sets)
        found.append(
            Arrangement(STANDARD, sets, (combo_pairs[0],), tiles, concealed, combo_pairs[0])
        )
    return found


# One tile kind's places in its suit, by the suit's key (read one way): the distinct
# concealed sets and pair of the suit holding that tile, each with its kind of wait, the
# rarer waits first (the order `mjc.runtime.wins.readings.placements` gives its readings).
# Kept per tile kind, not per suit: a key not met yet costs the places of the one tile won
# on, not of all nine ranks (most keys are met once or twice, each time won on one rank).
_Places = tuple[tuple[Meld, str], ...]
_PLACED: Final[tuple[dict[bytes, _Places], ...]] = tuple({} for _ in range(NUM_PLAYING))


def _placed(tile: int, key: bytes) -> _Places:
    sets, pair = suit_readings(_SUIT_OF_TILE[tile], key)[0]  # (its one split)
    places: list[tuple[Meld, str]] = []
    held: list[int] = []  # the indexes of the melds placed: two alike are one place
    for m in (*sets, pair) if pair is not None else sets:
        row = PLACES[m.index]
        kind = row[tile] if row is not None else None
        if kind is not None and m.index not in held:
            held.append(m.index)
            places.append((m, kind))
    if len(places) > 1:  # most tiles have one place: nothing to order
        places.sort(key=_wait_order)
    found = _PLACED[tile][key] = tuple(places)
    return found


def _wait_order(place: tuple[Meld, str]) -> int:
    return WAIT_ORDER[place[1]]


def standard_placed(
    hand: Hand,
    shapes: frozenset[str],
    waits: Sequence[int] | None,
    _one: tuple[_OneReading, _OneReading, _OneReading, _OneReading] = _ONE_READING,
) -> list[Arrangement] | None:
    """`placements(arrangements(hand, shapes), hand, waits)` (`mjc.runtime.wins.readings`) for
    the hands most scored, in one pass: those that split one way into sets and a pair, and
    are not seven pairs too; None for any other hand (the caller takes the general path).

    The winning tile sits in its own suit, its places read from a table per tile kind and
    suit key (`_placed`); `_standard`'s common case is written again here to spare the
    second pass."""
    win = hand.win_tile
    # Every suit splits into sets and one of them holds the pair (`Hand.split_value`, as
    # `is_standard_win` reads it): each suit key has readings, and one pair is among them.
    if win is None or win >= NUM_PLAYING or hand.split_value != 2 or hand.size != MAX_TILES:
        return None
    m, p, s, z = hand.suit_keys
    om, op, os, oz = _one
    rm, rp, rs, rz = om.get(m), op.get(p), os.get(s), oz.get(z)
    if rm is None or rp is None or rs is None or rz is None:
        # A suit key not read yet, or one that splits several ways (no `except KeyError`:
        # compiled, a caught exception costs a traceback, and new keys come with most fresh
        # hands).
        every = (suit_readings(0, m), suit_readings(1, p), suit_readings(2, s), suit_readings(3, z))
        if not len(every[0]) == len(every[1]) == len(every[2]) == len(every[3]) == 1:
            return None
        rm, rp, rs, rz = every[0][0], every[1][0], every[2][0], every[3][0]
    sm, pm = rm  # (one suit a line, as in `_standard`)
    sp, pp = rp
    ss, ps = rs
    sz, pz = rz
    pair = pm or pp or ps or pz
    if SEVEN_PAIRS in shapes and not hand.melds:  # `_is_seven_pairs`, inline
        c = hand.counts
        if 1 not in c and 3 not in c:
            return None
    key = hand.suit_keys[_SUIT_OF_TILE[win]]
    places = _PLACED[win].get(key)
    if places is None:
        places = _placed(win, key)
    melds = hand.melds + sm + sp + ss + sz
    tiles, concealed = hand.tiles, hand.is_concealed
    if len(places) == 1:
        won, kind = places[0]  # (by index: compiled, unpacking a tuple of any length iterates)
        fields = (STANDARD, melds, (pair,), tiles, concealed, pair, 0, won, kind, waits)
        return [_new_arrangement(Arrangement, fields)]
    return [
        _new_arrangement(
            Arrangement, (STANDARD, melds, (pair,), tiles, concealed, pair, 0, won, kind, waits)
        )
        for won, kind in places
    ]


# By tile: the index of its suit among the four keys (m, p, s, the honours).
_SUIT_OF_TILE: Final = tuple(min(t // 9, 3) for t in range(NUM_PLAYING))


def standard_arrangements(hand: Hand) -> list[Arrangement]:
    """The standard-shape readings alone (the scorer's fast path when no other shape can also
    read the same hand: a hand that splits into sets is never thirteen orphans)."""
    return _standard(hand, hand.tiles, hand.is_concealed)


def sized_standard_arrangements(hand: Hand, size: int) -> list[Arrangement]:
    """The standard-shape readings of a hand whose wins hold `size` tiles (a rulebook's
    `hand 16`: five sets and a pair in 17 tiles); `standard_arrangements` is this at 14."""
    return _standard(hand, hand.tiles, hand.is_concealed, size)


def arrangements(hand: Hand, shapes: frozenset[str]) -> tuple[Arrangement, ...]:
    """Every distinct reading of `hand` as one of `shapes`, in a deterministic order.

    Standard readings come first (in suit order, each suit's splits sorted), then seven
    pairs, then thirteen orphans. A hand that does not win gives ().
    """
    try:
        tiles = hand.tiles
        found: list[Arrangement] = []
        # Four sets and a pair need every suit to split and one of them to hold the pair,
        # which the hand's split value says (`is_standard_win`): most other hands skip it.
        if STANDARD in shapes and hand.split_value == 2:
            found = _standard(hand, tiles, hand.is_concealed)
            if found:
                # A hand that splits into sets is no knitted straight (tests/wins/
                # test_arrange.py tries every one), no 全不靠 (no pair) and no thirteen
                # orphans (honours in sets): only seven pairs may read it too.
                if SEVEN_PAIRS in shapes and _is_seven_pairs(hand):
                    found.append(_seven_pairs_arrangement(hand, tiles))
                return tuple(found)
        if (
            KNITTED_STRAIGHT in shapes
            and len(hand.melds) <= 1
            # Nine suited kinds at least: `knitted_straight_readings`' first tests, inline.
            and hand.counts[:HONOUR_BASE].count(0) <= HONOUR_BASE - _NINE
        ):
            for parts, other, pair in knitted_straight_readings(hand):
                sets = (*parts, other)
                found.append(_made(KNITTED_STRAIGHT, sets, (pair,), tiles, hand.is_concealed, pair))
        if len(hand.concealed) != MAX_TILES:
            # The shapes below are of fourteen concealed tiles: one test instead of a call each.
            return tuple(found)
        # Each shape below holds a number of kinds (one C-level count): 全不靠 fourteen,
        # thirteen orphans thirteen, seven pairs seven at most (four of a kind is two pairs).
        kinds = NUM_PLAYING - hand.counts.count(0)
        if kinds == MAX_TILES and HONOURS_AND_KNITTED in shapes:
            whole = honours_and_knitted_reading(hand)
            if whole is not None:
                found.append(_made(HONOURS_AND_KNITTED, whole, (), tiles, True, None))
        if kinds <= _SEVEN and SEVEN_PAIRS in shapes and _is_seven_pairs(hand):
            found.append(_seven_pairs_arrangement(hand, tiles))
        if kinds == MAX_TILES - 1 and THIRTEEN_ORPHANS in shapes and is_thirteen_orphans(hand):
            double = next(t for t in TERMINALS_AND_HONOURS if hand.counts[t] == 2)
            pair = _CONCEALED_PAIRS[double]
            found.append(_made(THIRTEEN_ORPHANS, (), (pair,), tiles, True, None))
        return tuple(found)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(arrangements, hand, shapes)
        raise


_SEVEN: Final = 7  # pairs in a seven-pairs hand
_NINE: Final = 9  # the kinds of a knitted straight


def _seven_pairs_arrangement(hand: Hand, tiles: tuple[int, ...]) -> Arrangement:
    return _made(SEVEN_PAIRS, (), _seven_pairs(hand), tiles, True, None)


def _made(
    shape: str,
    melds: tuple[Meld, ...],
    pairs: tuple[Meld, ...],
    tiles: tuple[int, ...],
    concealed: bool,
    pair: Meld | None,
) -> Arrangement:
    """`Arrangement(shape, melds, pairs, tiles, concealed, pair)` at a third of the cost."""
    fields = (shape, melds, pairs, tiles, concealed, pair, 0, None, "", None)
    return _new_arrangement(Arrangement, fields)
