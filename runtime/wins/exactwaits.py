"""The exact wait set of a hand from per-suit tables: every tile kind that would complete it,
without building a hand per candidate tile (what scoring reads as `waits`, 独听).

A hand one tile short of four sets and a pair waits in one suit only, unless every suit
already splits: so the wait set is read off each suit's "one more tile" ranks
(`mjc.runtime.wins.waitsets.standard_waits`, the engine's reading of the same tables, here with a
fifth copy counted too). Seven pairs, thirteen orphans and the knitted shapes
(`mjc.runtime.wins.knitted`) are read from the counts directly. Unlike the engine's wait sets
(`mjc.runtime.wins.waitsets`, a filter that may hold too much), this set is exact.

Input is the 34 concealed counts of a hand *without* its winning tile and the number of its
declared melds, from `mjc.runtime.wins.readings.builtin_waits`; the result is the tile kinds in
tile order, as `mjc.runtime.wins.readings.waits` (the general path, which builds a hand per
candidate) gives them for the same built-in shapes. A kind of which the hand holds four is
still a wait when a fifth would complete the standard shape (the reference calculators count
waits by shape).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tables import HONOUR_TABLE, READING, SUIT_TABLE, fill_tables
from mjc.runtime.tiles.tile import HONOUR_BASE, NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.wins.arrange import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.wins.knitted import (
    HONOURS_AND_KNITTED,
    KNITTED_STRAIGHT,
    KNITTED_STRAIGHTS,
    NINE_MASKS,
    honours_and_knitted_waits,
    suited_held,
)
from mjc.runtime.wins.waitsets import keyed_standard_waits, standard_waits

__all__ = ["hand_waits", "wait_set", "waits_of_short_hand"]

_MAX_COPIES: Final = 4
_HAND_TILES: Final = 14  # MAX_TILES of mjc.runtime.tiles.hand, a kong counting as three
_NINE: Final = 9  # the tiles of a knitted straight
_SEVEN_KINDS: Final = 7  # the most kinds six pairs and a single hold
_ORPHAN_KINDS: Final = len(TERMINALS_AND_HONOURS)

# Counts of the 13 terminal and honour kinds, fetched in one C call.
_orphan_counts: Final = itemgetter(*TERMINALS_AND_HONOURS)


def wait_set(counts: bytes, declared: int, shapes: frozenset[str]) -> tuple[int, ...]:
    """The tiles that complete a hand of these concealed `counts` (the winning tile taken out)
    and `declared` declared melds, under the built-in `shapes` among these."""
    if sum(counts) + 1 + 3 * declared != _HAND_TILES:
        return ()
    return waits_of_short_hand(counts, declared, shapes)


def waits_of_short_hand(counts: bytes, declared: int, shapes: frozenset[str]) -> tuple[int, ...]:
    """`wait_set` of counts known to be one tile short of a whole hand."""
    found = standard_waits(counts, fifth_copy=True) if STANDARD in shapes else []
    return _with_other_shapes(found, counts, NUM_PLAYING - counts.count(0), declared, shapes)


def hand_waits(hand: Hand, shapes: frozenset[str]) -> tuple[int, ...]:
    """`wait_set` of a hand's concealed tiles without its winning tile (none for a win on a
    flower, or a hand of another size): the standard shape's from the hand's own suit keys,
    the winning tile's suit's changed, without copying the counts (for a hand of four sets
    and a pair, kept per winning tile and suit key: `_WON`); the counts copied only when
    another shape may apply."""
    win = hand.win_tile
    if win is None or win >= NUM_PLAYING or hand.size != _HAND_TILES:
        return ()
    counts = hand.counts
    declared = len(hand.melds)
    found: Sequence[int]
    if STANDARD not in shapes:
        found = ()
    elif hand.split_value == 2:  # four sets and a pair (most hands scored): the memo's
        key = hand.suit_keys[_SUIT_OF_TILE[win]]
        known = _WON[win].get(key)
        if known is None:
            found = _won(hand, key)
        elif known is _OTHER_SUITS:
            found = _short_standard_waits(hand, key)
        else:
            found = known
    else:
        found = _short_standard_waits(hand, hand.suit_keys[_SUIT_OF_TILE[win]])
    # The kinds held without the winning tile (one fewer when it was its kind's only copy)
    # say whether another shape may be one tile short, as `_with_other_shapes` tests them:
    # most hands are done here, without a copy of the counts.
    alone = counts[win] == 1
    kinds = NUM_PLAYING - counts.count(0) - alone
    others = False
    if not declared:
        if kinds <= _SEVEN_KINDS:
            # Six pairs and a single hold one kind an odd number of times, and taking the
            # winning tile out turns its kind's count odd or even: so the whole hand holds
            # two such kinds, the winning tile's one of them, or none.
            odd = counts.count(1) + counts.count(3)
            others = odd == (2 if counts[win] & 1 else 0)
        others = others or kinds >= _ORPHAN_KINDS - 1
    if not others and declared <= 1 and KNITTED_STRAIGHT in shapes:
        suited = HONOUR_BASE - counts[:HONOUR_BASE].count(0) - (alone and win < HONOUR_BASE)
        if suited >= _NINE - 1:  # many hands: eight of one knitted straight's nine held?
            held = suited_held(counts)
            if alone and win < HONOUR_BASE:
                held ^= 1 << (8 * win)  # (one byte a kind: `suited_held`)
            others = max(map(int.bit_count, map(held.__and__, NINE_MASKS))) >= _NINE - 1
    if not others:
        return tuple(found)
    base = bytearray(counts)
    base[win] -= 1
    return _with_other_shapes(found, bytes(base), kinds, declared, shapes)


def _short_standard_waits(hand: Hand, key: bytes) -> list[int]:
    """The standard shape's waits of the hand without its winning tile, its suit's key `key`
    read without that tile, the other suits' keys as they are."""
    win = hand.win_tile
    assert win is not None  # `hand_waits` asks only of a hand won on a playing tile
    keys = list(hand.suit_keys)
    suit = _SUIT_OF_TILE[win]
    rank = win - _BASES[suit]
    keys[suit] = key[:rank] + _LESS_ONE[key[rank]] + key[rank + 1 :]
    return keyed_standard_waits(keys, fifth_copy=True)


# By winning tile, then the key of its suit in a hand of four sets and a pair: the standard
# shape's waits of that hand without the winning tile, a pure function's memo filled as hands
# are met (as `mjc.runtime.wins.arrange` keeps a tile's places per suit key). The other suits
# do not change them when the suit without the tile no longer splits: a tile then mends that
# suit alone, and what it must make there (sets, or sets and the pair) follows from whether
# the suit held the pair. When it still splits (a suit of sets only left with sets and a
# pair, as when the tile completed a pung: 双碰), the suit of the hand's pair waits too: the
# memo holds `_OTHER_SUITS`: those hands are read whole, each time.
_WON: Final[tuple[dict[bytes, tuple[int, ...]], ...]] = tuple({} for _ in range(NUM_PLAYING))
_OTHER_SUITS: Final[tuple[int, ...]] = (-1,)  # a marker, never a wait set (no tile is -1)


def _won(hand: Hand, key: bytes) -> tuple[int, ...]:
    """`_WON`'s entry for the hand's winning tile and its suit's `key`, filled from this hand;
    the hand's own waits either way."""
    win = hand.win_tile
    assert win is not None  # `hand_waits` asks only of a hand won on a playing tile
    fill_tables()  # (a key's absence below must mean it does not split)
    found = tuple(_short_standard_waits(hand, key))
    suit = _SUIT_OF_TILE[win]
    rank = win - _BASES[suit]
    short = key[:rank] + _LESS_ONE[key[rank]] + key[rank + 1 :]
    splits = (HONOUR_TABLE if suit == 3 else SUIT_TABLE).get(short, 0)
    _WON[win][key] = _OTHER_SUITS if splits else found
    return found


def _with_other_shapes(
    found: Sequence[int], counts: bytes, kinds: int, declared: int, shapes: frozenset[str]
) -> tuple[int, ...]:
    """The standard shape's waits `found` (sorted, each tile once) and the other shapes',
    tried only when the counts (`kinds` held) could be one short of them, which the number
    of kinds rules out for most hands."""
    more: list[int] = []
    if not declared:
        if kinds <= _SEVEN_KINDS and SEVEN_PAIRS in shapes:  # six pairs and a single
            more += _seven_pairs_waits(counts)
        if kinds >= _ORPHAN_KINDS - 1 and THIRTEEN_ORPHANS in shapes:  # twelve or thirteen
            more += _orphans_waits(counts)
        if kinds == _HAND_TILES - 1 and HONOURS_AND_KNITTED in shapes:  # thirteen kinds
            more += honours_and_knitted_waits(counts)
    if declared <= 1 and KNITTED_STRAIGHT in shapes:
        more += _knitted_straight_waits(counts)
    if not more:
        return tuple(found)
    return tuple(sorted({*found, *more}))


_SUIT_OF_TILE: Final = tuple(min(t // 9, 3) for t in range(NUM_PLAYING))  # its index in `suit_keys`
_BASES: Final = (0, 9, 18, HONOUR_BASE)
_LESS_ONE: Final = tuple(bytes((n - 1,)) if n else b"" for n in range(_MAX_COPIES + 2))


def _seven_pairs_waits(counts: bytes) -> list[int]:
    # Six pairs and a single (a four of a kind counting as two pairs): the single's kind,
    # the one kind held an odd number of times (once or three times).
    if counts.count(0) < NUM_PLAYING - 7:  # more than seven kinds: one C-level count says no
        return []
    ones = counts.count(1)
    if ones + counts.count(3) != 1:
        return []
    return [counts.index(1 if ones else 3)]


def _orphans_waits(counts: bytes) -> list[int]:
    # Thirteen terminals and honours: all thirteen kinds held once waits on any of them;
    # twelve kinds with one doubled waits on the thirteenth.
    if sum(_orphan_counts(counts)) != _HAND_TILES - 1:
        return []
    absent = [t for t in TERMINALS_AND_HONOURS if not counts[t]]
    if not absent:
        return list(TERMINALS_AND_HONOURS)
    return absent if len(absent) == 1 else []


def _knitted_straight_waits(counts: bytes) -> list[int]:
    """The tiles that complete a knitted straight, a set and a pair from these 34 concealed
    counts (the winning tile taken out; a declared set, if any, is the set): the one tile of
    a straight's nine not held when the rest is a set and a pair (or a pair), or, all nine
    held, a tile that makes the rest so (the standard shape's waits of the rest)."""
    found: list[int] = []
    if counts[:HONOUR_BASE].count(0) > HONOUR_BASE - (_NINE - 1):  # most hands: one C call
        return found  # fewer than eight suited kinds held
    # How many of each straight's nine are held, in C calls only: most hands left miss two or
    # more of every straight's nine, and are done here.
    inside_counts = list(map(int.bit_count, map(suited_held(counts).__and__, NINE_MASKS)))
    if max(inside_counts) < _NINE - 1:
        return found
    for (_, nine), inside in zip(KNITTED_STRAIGHTS, inside_counts, strict=True):
        if inside < _NINE - 1:
            continue
        cut = bytearray(counts)
        for t in nine:
            if cut[t]:
                cut[t] -= 1
        rest = bytes(cut)
        if inside < _NINE:
            if _splits_with_pair(rest):
                found += [t for t in nine if not counts[t]]
        else:
            # A fifth copy completes no knitted shape (it is tested as four sets and a pair).
            found += [t for t in standard_waits(rest) if counts[t] < _MAX_COPIES]
    return found


def _splits_with_pair(counts: bytes) -> bool:
    """Whether the 34 `counts` split into sets and one pair (each suit's value is 1 for sets
    only, 2 for sets and a pair, 0 when it does not split)."""
    value = (
        SUIT_TABLE.get(counts[0:9], 0)
        * SUIT_TABLE.get(counts[9:18], 0)
        * SUIT_TABLE.get(counts[18:27], 0)
        * HONOUR_TABLE.get(counts[27:34], 0)
    )
    if not value and not READING.whole:  # absent from tables not read whole yet
        fill_tables()
        return _splits_with_pair(counts)
    return value == 2
