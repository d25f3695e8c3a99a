"""Per-suit rank boards of an arrangement's chows, pungs and kongs: what conditions that relate
melds to each other read instead of nested loops.

Generated scoring code (`mjc.compiler.conditions.meldboards` writes it) calls `meld_boards(a.melds)`
once per arrangement and tests bits: a condition such as `any n in chows: n.suit == m.suit
and n.rank == m.rank + 1` becomes a shift of the chow board. Two ints per kind of meld:

- the board: bit `4 * rank + slot` is set when some meld of that kind has that rank and the
  suit of that slot (m 0, p 1, s 2, z 3); a suit-set at a rank is `board >> 4 * rank & 15`;
- the counts: a 4-bit field at `20 * rank + COUNT_SHIFT[suit]` counts the melds of that key
  (two identical chows, 一般高, need the count, not only the bit). Field 16 of each rank is
  never filled: a suit with no slot (a flower's, or no pair's `""`) reads it and counts 0.

A chow's rank is its lowest tile's; pungs include kongs, as `m.is_pung` does.

The boards are folded into the arrangement's one-pass summary (`mjc.runtime.wins.summaries`):
`board_units` gives each board's units by meld (and by tile: `tile_copies`, a count field per
tile kind of how many copies the arrangement holds), which `summary_tables` places in words
of their own (a board, `BOARD_BITS` wide, is a machine int; the count boards, `COUNT_BITS`
wide, share one word, out of which generated code takes each). `meld_boards` computes the same
boards from a list of melds alone.

`DISTINCT_SLOTS_3` answers a chain of melds of different suits (三色: a chow in each suit at
ranks r, r + 1, r + 2) from the suit-sets at its ranks, 4 bits each; a chain of two reads it
with every slot in the third set (of four slots, two leave a third free).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Final, NamedTuple

from mjc.runtime.tiles.argcheck import WRONG_TYPE_SIGNS as _WRONG_TYPE_SIGNS, raise_if_wrong
from mjc.runtime.tiles.melds import MELD_INDEXES, Meld, all_melds
from mjc.runtime.tiles.tile import NUM_TILES, RANK_OF, SUIT_OF

__all__ = [
    "BOARD_BITS",
    "BOARD_NAMES",
    "COUNT_BITS",
    "COUNT_SHIFT",
    "DISTINCT_SLOTS_3",
    "EVERY_RANK",
    "SUITED_SLOTS",
    "SUIT_BIT",
    "TILE_FIELD",
    "TILE_SLOT",
    "MeldBoards",
    "board_units",
    "meld_boards",
]

_SLOT = {"m": 0, "p": 1, "s": 2, "z": 3}
# By every suit a condition can read (a tile's or a meld's, flowers' `f`, no pair's `""`), so
# that generated code subscripts them: its slot bit (0: no slot), and its count field's
# offset within a rank (16: the field that is never filled).
SUIT_BIT: Final[dict[str, int]] = {
    **{suit: 1 << slot for suit, slot in _SLOT.items()},
    "f": 0,
    "": 0,
}
COUNT_SHIFT: Final[dict[str, int]] = {
    **{suit: 4 * slot for suit, slot in _SLOT.items()},
    "f": 16,
    "": 16,
}
# One bit per rank in slot 0 (ranks 0 to 15): a suit-set times this is that set at every rank.
EVERY_RANK: Final = sum(1 << 4 * rank for rank in range(16))
SUITED_SLOTS: Final = EVERY_RANK * 7  # the m, p and s slots at every rank

# By tile int: the board bit and the count field of the melds whose tile it is (`n.tile ==
# t`). A tile of no suit slot (a flower) points past every rank, where nothing is set.
_PAST = 16
TILE_SLOT: Final[tuple[int, ...]] = tuple(
    4 * RANK_OF[t] + _SLOT[SUIT_OF[t]] if SUIT_OF[t] in _SLOT
    else 4 * _PAST
    for t in range(NUM_TILES)
)  # fmt: skip
TILE_FIELD: Final[tuple[int, ...]] = tuple(
    20 * RANK_OF[t] + COUNT_SHIFT[SUIT_OF[t]] if SUIT_OF[t] in _SLOT else 20 * _PAST
    for t in range(NUM_TILES)
)


def _distinct_slots_3() -> tuple[bool, ...]:
    """By three suit-sets `a | b << 4 | c << 8`: whether one slot can be taken from each set,
    no two the same. By Hall's theorem that holds when each set is non-empty, each two cover
    two slots and all three cover three; the sets `a` that pass with a given `b` and `c` are
    found as one 16-bit int (bit `a`), and the 256 of them read off one 4,096-bit int. (A
    walk of the choices, marking their supersets, cost some 13 M instructions at import.)"""
    covers = [bin(s).count("1") for s in range(16)]
    # Bit a of `pairs[x]`: a and x non-empty, covering two slots; of `triples[s]`: a and s
    # cover three.
    pairs = [sum(1 << a for a in range(16) if a and x and covers[a | x] >= 2) for x in range(16)]
    triples = [sum(1 << a for a in range(16) if covers[a | s] >= 3) for s in range(16)]
    found = 0
    for c in range(16):
        for b in range(16):
            if pairs[c] >> b & 1:
                found |= (pairs[b] & pairs[c] & triples[b | c]) << 16 * (16 * c + b)
    # Bit k of `found` as the k-th character, "0" or "1", then each to its bool in C.
    digits = format(found, "04096b")[::-1].encode()
    table: tuple[bool, ...] = itemgetter(*digits)({ord("0"): False, ord("1"): True})
    return table


DISTINCT_SLOTS_3: Final = _distinct_slots_3()


class MeldBoards(NamedTuple):
    chow_board: int
    chow_count: int
    pung_board: int
    pung_count: int
    kong_board: int
    kong_count: int


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """By `Meld.index`: its board bit, its count unit, and its kind (0 none, 1 chow, 2 pung,
    3 kong), built once at import."""
    bits = [0] * MELD_INDEXES
    ones = [0] * MELD_INDEXES
    kinds = [0] * MELD_INDEXES
    for m in all_melds():
        if m.suit not in _SLOT:
            continue
        bits[m.index] = SUIT_BIT[m.suit] << 4 * m.rank
        ones[m.index] = 1 << 20 * m.rank + COUNT_SHIFT[m.suit]
        kinds[m.index] = 1 if m.is_chow else 3 if m.is_kong else 2 if m.is_pung else 0
    return tuple(bits), tuple(ones), tuple(kinds)


_BIT, _ONE, _KIND = _tables()


def meld_boards(melds: Iterable[Meld]) -> MeldBoards:
    """The boards and counts of the chows, of the pungs (kongs too) and of the kongs."""
    chow = chow_n = pung = pung_n = kong = kong_n = 0
    try:
        for m in melds:
            i = m.index
            kind = _KIND[i]
            if kind == 1:
                chow |= _BIT[i]
                chow_n += _ONE[i]
            elif kind:
                pung |= _BIT[i]
                pung_n += _ONE[i]
                if kind == 3:
                    kong |= _BIT[i]
                    kong_n += _ONE[i]
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(meld_boards, melds)
        raise
    return MeldBoards(chow, chow_n, pung, pung_n, kong, kong_n)


# A board's width in the summary: 4 slots a rank, ranks up to 9; a count board's: 20 bits a
# rank. Masked to these, a read past the last rank (a flower's slot or field) gives 0.
BOARD_BITS: Final = 40
COUNT_BITS: Final = 200
BOARD_NAMES = (
    "chow_board", "chow_count", "pung_board", "pung_count", "kong_board", "kong_count",
    "tile_copies",
)  # fmt: skip
_KINDS_OF = {"chow": (1,), "pung": (2, 3), "kong": (3,)}


def _by_tile() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By `Meld.index`: the count unit of its tile's field, and of each tile it holds."""
    one = [0] * MELD_INDEXES
    holding = [0] * MELD_INDEXES
    for m in all_melds():
        if m.suit in _SLOT:
            one[m.index] = 1 << TILE_FIELD[m.tile]
            holding[m.index] = sum(1 << TILE_FIELD[t] for t in set(m.tiles))
    return tuple(one), tuple(holding)


_BY_TILE, _HOLDING = _by_tile()


def board_units(
    name: str, meld_masks: Sequence[int] = ()
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """The board `name` as units to fold: whether it counts (added, `COUNT_BITS` wide) or
    not (OR-ed, `BOARD_BITS` wide), its unit by `Meld.index`, and its unit by tile int (the
    tiles' own units: `tile_copies` only; a tile of no suit slot has none, its field being
    past every rank). `name` is one of `BOARD_NAMES`, or a count board of the sets that pass
    meld predicate k (bit k of `meld_masks`, by `Meld.index`): `by_tile_<k>` counts them by
    their tile, `holding_<k>` by each tile they hold (`t in m.tiles`)."""
    if name.startswith(("by_tile_", "holding_")):
        bit = 1 << int(name.rsplit("_", 1)[1])
        units = _HOLDING if name.startswith("holding_") else _BY_TILE
        chosen = tuple(u if i < len(meld_masks) and meld_masks[i] & bit else 0
                       for i, u in enumerate(units))  # fmt: skip
        return True, chosen, (0,) * NUM_TILES
    if name == "tile_copies":
        by_tile = tuple(1 << TILE_FIELD[t] if SUIT_OF[t] in _SLOT else 0 for t in range(NUM_TILES))
        return True, (0,) * MELD_INDEXES, by_tile
    kind, what = name.split("_")
    kinds = _KINDS_OF[kind]
    units = _ONE if what == "count" else _BIT
    by_meld = tuple(u if k in kinds else 0 for u, k in zip(units, _KIND, strict=True))
    return what == "count", by_meld, (0,) * NUM_TILES
