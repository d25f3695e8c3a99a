"""What one seat holds during a round, and the win check the engine asks of the rulebook.

`mjc.runtime.game.engine` keeps one `SeatState` per seat: the concealed tiles as 34 counts (small
ints, changed in place as tiles move), the declared melds, the flowers set aside, the river
and the restrictions the seat is under now (漏碰, 漏胡, 过吃不吃, 上吃下吐). `hand_of` turns
that into the `Hand` the rulebook's win check and `Ruleset.score` read; `shape_filter` is the
quick test on counts alone that spares most of those checks, and `census` counts every tile
of a round wherever it is.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING

from mjc.runtime.tiles.hand import Hand, format_hand, format_parts
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.tiles.tables import HONOUR_TABLE, SUIT_TABLE, fill_tables
from mjc.runtime.tiles.tile import NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.wins.arrange import SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["MeldRecord", "SeatState", "census", "hand_of", "hand_text", "shape_filter"]

QuickCheck = Callable[[list[int], int], bool]


class MeldRecord:
    """A declared meld: `kind` chow / pung / kong, its lowest `tile`, whether it is a
    concealed kong, who fed it (`from_seat`, None for a concealed kong), the claimed tile,
    and for a kong how it was made (exposed / concealed / added)."""

    __slots__ = ("claimed", "concealed", "from_seat", "kind", "kong_kind", "meld", "tile")

    def __init__(
        self,
        kind: str,
        tile: int,
        concealed: bool,
        from_seat: int | None,
        claimed: int,
        kong_kind: str | None = None,
    ) -> None:
        self.kind = kind
        self.tile = tile
        self.concealed = concealed
        self.from_seat = from_seat
        self.claimed = claimed
        self.kong_kind = kong_kind
        self.meld: Meld = meld(kind, tile, concealed)

    def tiles(self) -> tuple[int, ...]:
        return self.meld.tiles

    def grow(self) -> None:
        """A pung becomes an added kong (补杠)."""
        self.kind, self.kong_kind = "kong", "added"
        self.meld = meld("kong", self.tile, False)


class SeatState:
    """One seat's tiles and restrictions (see the module docstring)."""

    __slots__ = (
        "counts",
        "draws",
        "flowers",
        "melds",
        "no_chow",
        "no_discard",
        "no_pong",
        "no_win",
        "river",
        "waits",
    )

    def __init__(self) -> None:
        # Per tile 0..33 the copies held, as bytes: a wait set's `bytes(counts)` and a
        # kong's `4 in counts` are then one C call, not a walk over 34 int objects.
        self.counts = bytearray(NUM_PLAYING)
        self.melds: list[MeldRecord] = []
        self.flowers: list[int] = []
        self.river: list[int] = []  # every discard, in order, claimed or not
        self.draws = 0
        self.no_pong: set[int] = set()  # 漏碰: tiles this seat passed a pong of
        self.no_win: set[int] = set()  # 漏胡: tiles this seat passed a win on
        self.no_chow: set[tuple[int, int]] = set()  # 过吃不吃: (tile, run's lowest tile)
        self.no_discard: set[int] = set()  # 上吃下吐 off: tiles not to discard right now
        # The engine's cached wait set (`mjc.runtime.wins.waitsets`): None once the concealed
        # tiles changed; a draw keeps it (it is then the set of the tiles before the draw).
        self.waits: frozenset[int] | None = None

    def concealed(self) -> list[int]:
        counts = self.counts
        return [t for t in range(NUM_PLAYING) for _ in range(counts[t])]

    def size(self) -> int:
        """Tiles held, each declared meld counted as three (13 between turns)."""
        return sum(self.counts) + 3 * len(self.melds)

    def clear_missed(self) -> None:
        """The seat drew or claimed: 漏碰 and 漏胡 end (until its own draw or claim)."""
        if self.no_pong:
            self.no_pong.clear()
        if self.no_win:
            self.no_win.clear()


_EXPANDED: tuple[dict[bytes, tuple[int, ...]], ...] = ({}, {}, {}, {})


def _expand(suit: int, key: bytes) -> tuple[int, ...]:
    """The sorted tiles of one suit's counts (cached: a hand's suits repeat)."""
    found = _EXPANDED[suit].get(key)
    if found is None:
        base = 9 * suit
        found = tuple(base + i for i, c in enumerate(key) for _ in range(c))
        _EXPANDED[suit][key] = found
    return found


def hand_of(seat: SeatState, extra: int = -1, win: int | None = None) -> Hand:
    """The seat's hand as the rulebook reads it, with `extra` (a discard or a robbed kong's
    tile) added to the concealed tiles; `win` is the winning tile."""
    counts = seat.counts
    if extra >= 0:
        counts[extra] += 1
        key = bytes(counts)
        counts[extra] -= 1
    else:
        key = bytes(counts)
    concealed = _concealed(key)
    return Hand(
        concealed=concealed,
        melds=tuple([m.meld for m in seat.melds]),
        flowers=tuple(sorted(seat.flowers)) if seat.flowers else (),
        win_tile=win,
        counts=key,
    )


def _concealed(key: bytes) -> tuple[int, ...]:
    """The sorted tiles of 34 counts."""
    m, p, s, z = key[0:9], key[9:18], key[18:27], key[27:34]
    em, ep, es, ez = _EXPANDED
    return (
        (em[m] if m in em else _expand(0, m))
        + (ep[p] if p in ep else _expand(1, p))
        + (es[s] if s in es else _expand(2, s))
        + (ez[z] if z in ez else _expand(3, z))
    )


def hand_text(seat: SeatState, extra: int = -1, win: int | None = None) -> str:
    """The seat's hand in the docs' notation (the winning tile written last; a winning
    flower, 上海 八花, is among the flowers and named by the round's `win_tile`)."""
    if win is not None and win >= NUM_PLAYING:
        win = None
    if win is None and extra < 0:  # a hand between turns (at a draw): no `Hand` made
        flowers = sorted(seat.flowers) if seat.flowers else ()
        return format_parts(_concealed(bytes(seat.counts)), flowers, [m.meld for m in seat.melds])
    return format_hand(hand_of(seat, extra, win))


@lru_cache(maxsize=64)  # one test per set of shapes, made once (every round asks for one)
def shape_filter(shapes: frozenset[str]) -> QuickCheck | None:
    """A quick test on the counts alone (no `Hand` built) that is true for every hand the
    built-in shapes `shapes` complete, and false for most that they do not: the engine asks
    the rulebook's real win check only when it passes. None when some shape is not built in
    (a custom shape, wilds: the engine then asks the real check every time).

    `extra` is a tile added to the counts (a discard), or -1."""
    if not shapes <= SHAPES:
        return None
    standard = STANDARD in shapes
    sevens = SEVEN_PAIRS in shapes
    orphans = THIRTEEN_ORPHANS in shapes
    fill_tables()  # (a key's absence below must mean it does not split)
    suit, honour = SUIT_TABLE, HONOUR_TABLE

    orphan_counts = itemgetter(*TERMINALS_AND_HONOURS)

    tables = (suit, suit, suit, honour)
    spans = ((0, 9), (9, 18), (18, 27), (27, 34))
    suit_of = [t // 9 if t < 27 else 3 for t in range(NUM_PLAYING)]

    def quick(counts: list[int], extra: int) -> bool:
        if extra >= 0:
            counts[extra] += 1
        found = False
        if standard:
            # The suit of the added tile first: it is the one most likely to fail.
            first = suit_of[extra] if extra >= 0 else 0
            lo, hi = spans[first]
            value = tables[first].get(bytes(counts[lo:hi]), 0)
            if value:
                for i in range(4):
                    if i != first and value:
                        lo, hi = spans[i]
                        value *= tables[i].get(bytes(counts[lo:hi]), 0)
                found = value == 2
        if not found and sevens:
            found = counts.count(2) + counts.count(3) + 2 * counts.count(4) == 7
        if not found and orphans:
            found = 0 not in orphan_counts(counts)
        if extra >= 0:
            counts[extra] -= 1
        return found

    return quick


def census(r: Round) -> list[int]:
    """How many copies of each tile (0..41) the round holds, wherever they are: hands,
    melds, flowers, rivers (less the discards taken), the wall, the indicator and the winning
    tiles laid aside (after_win stay). Equal to
    the tile set's copies after every action (tested); the bought horses, dealt from a set of
    their own, are not among them."""
    found = [0] * len(r.copies)
    for st in r.seats:
        for t in range(NUM_PLAYING):
            found[t] += st.counts[t]
        for m in st.melds:
            for t in m.tiles():
                found[t] += 1
        for t in (*st.flowers, *st.river):
            found[t] += 1
    for t in range(NUM_PLAYING):
        found[t] -= r.taken[t]
    for t in r.wall.undrawn():
        found[t] += 1
    if r.indicator >= 0:
        found[r.indicator] += 1
    for t in r.laid_aside:  # winning tiles laid aside where winners stay (血流成河)
        found[t] += 1
    for held in r.aside.held if r.aside is not None else ():  # tiles set aside (北抜き)
        for t in held:
            found[t] += 1
    return found
