"""Interned meld objects: the chows, pungs, kongs and pairs that hands are split into.

Melds come from the hand notation (declared melds, `mjc.runtime.tiles.hand`) and from the per-suit
splits of the concealed tiles (`mjc.runtime.wins.arrange`). Every valid meld exists once, built at
import time, so `meld()` is a dict lookup and compiled fan conditions read precomputed facts
(`m.is_pung`, `m.is_outside` ...) as plain attributes.

It also says what wait a winning tile completes in a meld (边张, 嵌张, 单钓将 ...): `wait_kind`,
and `PLACES`, the same by table for scoring's readings (`mjc.runtime.wins.readings.placements`, and
the standard shape's placed readings of `mjc.runtime.wins.arrange`), which place the winning tile
in each concealed set or pair holding it: "does tile t sit in meld m, and as what wait" is two
lookups, by `Meld.index` and then by tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjc.runtime.tiles.tile import (
    IS_DRAGON,
    IS_HONOUR,
    IS_SUITED,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOUR,
    IS_WIND,
    NUM_PLAYING,
    RANK_OF,
    SUIT_OF,
    tile_text,
)

__all__ = ["KINDS", "MELD_SIZE", "PLACES", "WAIT_ORDER", "Meld", "all_melds", "meld", "wait_kind"]

# `knitted`: three tiles of one suit three ranks apart (147, 258, 369), a third of a knitted
# straight (组合龙), which `mjc.runtime.wins.knitted` reads as a meld-like part of a hand.
KINDS = ("chow", "pung", "kong", "pair", "knitted")
MELD_SIZE: dict[str, int] = {"chow": 3, "pung": 3, "kong": 4, "pair": 2, "knitted": 3}


# A plain frozen dataclass (not `mjc.frozen`'s, whose decorator mypyc cannot see through):
# the native build compiles it to a C struct (`mjc.compiler.emit.native`), so that the compiled
# scoring reads `m.is_pung` in a few instructions where an interpreted class's slot costs a
# lookup by name. Every meld is built once, as this module loads: its `__init__` is no hot path.
@dataclass(frozen=True, slots=True)
class Meld:
    """One meld. Use `meld()` to get the interned instance; equality is by (kind, tile, concealed).

    `tile` is the lowest tile. `is_pung` is true for kongs too, since every rule that asks for
    a pung accepts a kong. `concealed` is true for a concealed kong and for every set or pair
    formed from the concealed tiles; declared chows, pungs and kongs are exposed. A meld
    pickles and copies as the interned one (`meld()` again).
    """

    kind: str
    tile: int
    concealed: bool
    # Derived facts: not compared (they follow from the three fields above), not in repr.
    tiles: tuple[int, ...] = field(init=False, compare=False, repr=False)
    suit: str = field(init=False, compare=False, repr=False)
    rank: int = field(init=False, compare=False, repr=False)
    is_chow: bool = field(init=False, compare=False, repr=False)
    is_pung: bool = field(init=False, compare=False, repr=False)
    is_kong: bool = field(init=False, compare=False, repr=False)
    is_pair: bool = field(init=False, compare=False, repr=False)
    is_knitted: bool = field(init=False, compare=False, repr=False)
    exposed: bool = field(init=False, compare=False, repr=False)
    is_honour: bool = field(init=False, compare=False, repr=False)
    is_wind: bool = field(init=False, compare=False, repr=False)
    is_dragon: bool = field(init=False, compare=False, repr=False)
    is_terminal: bool = field(init=False, compare=False, repr=False)
    has_terminal: bool = field(init=False, compare=False, repr=False)
    is_outside: bool = field(init=False, compare=False, repr=False)
    is_simple: bool = field(init=False, compare=False, repr=False)
    is_suited: bool = field(init=False, compare=False, repr=False)
    # A small int unique to (kind, tile, concealed): generated code indexes tables with it.
    index: int = field(init=False, compare=False, repr=False)
    # Its notation (`str`), written once: every hand written (the log, a draw's hands) reads it.
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        kind, t = self.kind, self.tile
        if kind not in MELD_SIZE:
            raise ValueError(f"unknown meld kind {kind!r} (expected one of {', '.join(KINDS)})")
        if not 0 <= t < NUM_PLAYING:
            raise ValueError(
                f"no meld can start at tile {t}: playing tiles are 0-{NUM_PLAYING - 1}"
            )
        if kind == "chow":
            if not IS_SUITED[t] or RANK_OF[t] > 7:
                raise ValueError(f"no chow starts at {tile_text(t)}: chows run 123 to 789 in m/p/s")
            tiles: tuple[int, ...] = (t, t + 1, t + 2)
        elif kind == "knitted":
            if not IS_SUITED[t] or RANK_OF[t] > 3:
                raise ValueError(f"no knitted part starts at {tile_text(t)}: only 147, 258, 369")
            tiles = (t, t + 3, t + 6)
        else:
            tiles = (t,) * MELD_SIZE[kind]
        is_chow = kind == "chow"
        # object.__setattr__ because the dataclass is frozen; this runs only at import time.
        put = object.__setattr__
        put(self, "tiles", tiles)
        put(self, "suit", SUIT_OF[t])
        put(self, "rank", RANK_OF[t])
        put(self, "is_chow", is_chow)
        put(self, "is_pung", kind in ("pung", "kong"))
        put(self, "is_kong", kind == "kong")
        put(self, "is_pair", kind == "pair")
        put(self, "is_knitted", kind == "knitted")
        put(self, "exposed", not self.concealed)
        put(self, "is_honour", IS_HONOUR[t])
        put(self, "is_wind", IS_WIND[t])
        put(self, "is_dragon", IS_DRAGON[t])
        put(self, "is_terminal", kind in ("pung", "kong", "pair") and IS_TERMINAL[t])
        # The tiles run upwards within one suit (or repeat one tile): a 1 can only be the
        # first, a 9 only the last, so those two tell whether any is a terminal or an honour.
        low, high = tiles[0], tiles[-1]
        outside = IS_TERMINAL_OR_HONOUR[low] or IS_TERMINAL_OR_HONOUR[high]
        put(self, "has_terminal", IS_TERMINAL[low] or IS_TERMINAL[high])
        put(self, "is_outside", outside)
        put(self, "is_simple", not outside)
        put(self, "is_suited", IS_SUITED[t])
        put(self, "index", (int(self.concealed) * NUM_PLAYING + t) * len(KINDS) + KINDS.index(kind))
        body = "".join(str(RANK_OF[x]) for x in tiles) + SUIT_OF[t]
        # exposed [..], a concealed kong (..), any other concealed meld bare
        text = f"[{body}]" if not self.concealed else f"({body})" if kind == "kong" else body
        put(self, "text", text)

    def __eq__(self, other: object) -> bool:
        """Equal melds have one (kind, tile, concealed), which `index` numbers: one int
        compared instead of two tuples built (the dataclass's own test), as scoring counts a
        reading's melds equal to the winning one (`melds.count(winning_meld)`) per reading."""
        if not isinstance(other, Meld):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return hash((self.kind, self.tile, self.concealed))

    def __reduce__(self) -> tuple[object, tuple[str, int, bool]]:
        return meld, (self.kind, self.tile, self.concealed)

    def __str__(self) -> str:
        return self.text


def _build() -> dict[tuple[str, int, bool], Meld]:
    table: dict[tuple[str, int, bool], Meld] = {}
    for concealed in (False, True):
        for t in range(NUM_PLAYING):
            if IS_SUITED[t] and RANK_OF[t] <= 7:
                table["chow", t, concealed] = Meld("chow", t, concealed)
            for kind in ("pung", "kong", "pair"):
                table[kind, t, concealed] = Meld(kind, t, concealed)
            if IS_SUITED[t] and RANK_OF[t] <= 3:
                table["knitted", t, concealed] = Meld("knitted", t, concealed)
    return table


_MELDS: dict[tuple[str, int, bool], Meld] = _build()


def meld(kind: str, tile: int, concealed: bool) -> Meld:
    """The interned meld of `kind` starting at `tile`; `ValueError` if there is no such meld."""
    try:
        return _MELDS[kind, tile, concealed]
    except (KeyError, TypeError):
        pass
    for name, value, want, what in (
        ("kind", kind, str, "a str"),
        ("tile", tile, int, "a tile int"),
        ("concealed", concealed, bool, "a bool"),
    ):
        if type(value) is not want:
            raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    # Not interned: constructing it raises the precise reason (bad kind, honour chow ...).
    Meld(kind, tile, bool(concealed))
    raise ValueError(f"no meld {kind!r} at tile {tile!r}")


MELD_INDEXES = 2 * NUM_PLAYING * len(KINDS)  # every `Meld.index` is below this


def all_melds() -> tuple[Meld, ...]:
    """Every interned meld, in a fixed order (exposed first, then by tile, then by kind)."""
    return tuple(_MELDS.values())


# ---------------------------------------------------------------- the wait a meld completes


def wait_kind(m: Meld, win: int) -> str:
    """The kind of wait the winning tile `win` completed in `m`: `edge` (边张: the 3 of 123,
    the 7 of 789), `closed` (嵌张: a chow's middle), `open` (两面: another chow end),
    `pair` (单钓将), `pung` (双碰: a pung) or `""` (a knitted part)."""
    if m.is_chow:
        if win == m.tile + 1:
            return "closed"
        if (RANK_OF[m.tile] == 1 and win == m.tile + 2) or (RANK_OF[m.tile] == 7 and win == m.tile):
            return "edge"
        return "open"
    if m.is_pair:
        return "pair"
    return "pung" if m.is_pung else ""


# Of readings that score alike the first is kept: the rarer waits first, as the rules name
# them (边张, 嵌张, 单钓将), so a tie keeps the one a player would claim.
WAIT_ORDER = {"edge": 0, "closed": 1, "pair": 2, "open": 3, "pung": 4, "": 5}


def _place_row(m: Meld) -> tuple[str | None, ...] | None:
    """Per tile, the kind of wait it completes in `m` (None: not one of its tiles); None for
    a meld the winning tile cannot complete (exposed, or a kong)."""
    if not m.concealed or m.is_kong:
        return None
    row: list[str | None] = [None] * NUM_PLAYING
    for t in m.tiles:
        row[t] = wait_kind(m, t)
    return tuple(row)


def _place_rows() -> tuple[tuple[str | None, ...] | None, ...]:
    rows: list[tuple[str | None, ...] | None] = [None] * MELD_INDEXES
    for m in all_melds():
        rows[m.index] = _place_row(m)
    return tuple(rows)


# `_place_row` of every meld, by `Meld.index`: placing the winning tile is two lookups a meld.
PLACES = _place_rows()
