"""What the hand waited on: the wait set before the winning tile, and where the winning tile
sits in each reading.

Two facts a fan condition may read (`mjc.compiler.language.vocabulary`): `waits`, every tile kind
that would have completed the hand before the winning tile came (under the rulebook's builtin
shapes; 独听 is `len(waits) == 1`), and the kind of wait of a reading: the winning tile completed an
edge (边张: 12 waiting on 3, 89 on 7), a closed (嵌张: the middle of a chow) or a pair wait
(单钓将). A reading is an arrangement with `won`, the concealed set or pair the winning tile
completes; one arrangement gives one reading per distinct place the tile may sit, and scoring keeps
the best reading, as it keeps the best arrangement.

Input is a `Hand` (`mjc.runtime.tiles.hand`) and the arrangements of `mjc.runtime.wins.arrange`; the
ruleset (`mjc.runtime.rules.ruleset`) calls these only for rulebooks whose fans read the facts. The
wait set comes from per-suit tables (`builtin_waits`, `mjc.runtime.wins.exactwaits`) in a game with
no wilds and no custom shapes; otherwise from the game's own win check, tile by tile (`waits`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, overload

from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.melds import PLACES, WAIT_ORDER, Meld, wait_kind
from mjc.runtime.tiles.tile import HONOUR_BASE, NUM_PLAYING, RANK_OF
from mjc.runtime.wins.arrange import THIRTEEN_ORPHANS, Arrangement
from mjc.runtime.wins.exactwaits import hand_waits as builtin_waits
from mjc.runtime.wins.knitted import KNITTED_SHAPES, KNITTED_STRAIGHTS

__all__ = [
    "WAIT_FACTS",
    "Waits",
    "builtin_waits",
    "carry_waits",
    "placements",
    "wait_kind",
    "waits",
]

# `builtin_waits(hand, shapes)` is `waits` for a game with no wilds and no custom shapes (its
# win check is the built-in shapes' alone): the same tiles, read from per-suit tables
# (`mjc.runtime.wins.exactwaits.hand_waits`).

# The facts that need readings with a placed winning tile, or the wait set.
WAIT_FACTS: Final = frozenset(
    ("winning_meld", "edge_wait", "closed_wait", "pair_wait", "open_wait")
)


def placements(
    found: Iterable[Arrangement], hand: Hand, waits: Sequence[int] | None = None
) -> list[Arrangement]:
    """Each arrangement once per distinct concealed set or pair holding the winning tile
    (`won`, and `wait` its kind), or once as it is when none holds it (thirteen orphans, a
    knitted part, a win on a flower); each reading carries `waits` (the hand's wait set,
    `Arrangement.waits`; None for a rulebook that does not read it)."""
    win = hand.win_tile
    if win is None or win >= NUM_PLAYING:  # a flower completes no set: nothing to place
        return [_new_arrangement(Arrangement, (*a[:9], waits)) for a in found]
    declared = len(hand.melds)
    table = PLACES
    out: list[Arrangement] = []
    for a in found:
        first: Meld | None = None
        more: list[Meld] | None = None
        # Concealed sets follow the declared ones; the winning tile is in none of those.
        for m in (*a.melds[declared:], *a.pairs) if declared else (*a.melds, *a.pairs):
            row = table[m.index]
            if row is None or row[win] is None:
                continue
            if first is None:
                first = m
            elif m is not first and m != first and (more is None or m not in more):
                if more is None:
                    more = [m]
                else:
                    more.append(m)
        if first is None:
            out.append(_new_arrangement(Arrangement, (*a[:9], waits)))
        elif more is None:
            kind = table[first.index][win]  # type: ignore[index]  # a row: `first` was placed
            out.append(_new_arrangement(Arrangement, (*a[:7], first, kind, waits)))
        else:
            head = a[:7]
            readings = [
                _new_arrangement(Arrangement, (*head, m, table[m.index][win], waits))  # type: ignore[index]
                for m in (first, *more)
            ]
            # Of readings that score alike the first is kept: the rarer waits first, as the
            # rules name them (边张, 嵌张, 单钓将), so a tie keeps the one a player would claim.
            readings.sort(key=_wait_order)
            out.extend(readings)
    return out


def carry_waits(found: Iterable[Arrangement], waits: Sequence[int]) -> list[Arrangement]:
    """The arrangements carrying the hand's wait set (`Arrangement.waits`), for a rulebook
    that reads `waits` but not where the winning tile sits."""
    return [_new_arrangement(Arrangement, (*a[:9], waits)) for a in found]


# An `Arrangement` from all its fields in order (`a[:7]`, then `won`, `wait` and `waits`),
# built without the NamedTuple's Python-level `__new__`, as `mjc.runtime.wins.arrange` builds them.
_new_arrangement: Final = tuple.__new__


def _wait_order(reading: Arrangement) -> int:
    return WAIT_ORDER[reading.wait]


class Waits(Sequence[int]):
    """A hand's wait set, worked out the first time a condition reads it: most hands' fans
    ask only after a cheaper test (`edge_wait and len(waits) == 1`), and most fail that."""

    __slots__ = ("_compute", "_tiles")

    def __init__(self, compute: Callable[[], tuple[int, ...]]) -> None:
        self._compute = compute
        self._tiles: tuple[int, ...] | None = None

    def _found(self) -> tuple[int, ...]:
        if self._tiles is None:
            self._tiles = self._compute()
        return self._tiles

    def __len__(self) -> int:  # what fans read (独听: `len(waits) == 1`): `_found` inline
        tiles = self._tiles
        if tiles is None:
            tiles = self._tiles = self._compute()
        return len(tiles)

    def __iter__(self) -> Iterator[int]:
        return iter(self._found())

    def __contains__(self, tile: object) -> bool:
        return tile in self._found()

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        return self._found()[index]

    def __repr__(self) -> str:
        return f"Waits({self._found()!r})"

    # A value like the tuple it stands for (it rides on `Score.best`): equal to the same wait
    # set, hashed as it, and pickled (to a worker process and back) as the tuple itself.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Waits):
            return self._found() == other._found()
        if isinstance(other, tuple):
            return self._found() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._found())

    def __reduce__(self) -> tuple[type[tuple[int, ...]], tuple[tuple[int, ...]]]:
        return (tuple, (self._found(),))


def waits(
    hand: Hand, check: Callable[[Hand], bool], shapes: frozenset[str] = frozenset()
) -> tuple[int, ...]:
    """The tile kinds that complete `hand` without its winning tile, by `check` (the
    rulebook's win check for `shapes`); a kind all of whose copies the hand holds is still
    listed when it would complete the shape, as the reference calculators count waits by
    shape."""
    win = hand.win_tile
    if win is None or win >= NUM_PLAYING:
        return ()
    base = bytearray(hand.counts)
    base[win] -= 1
    rest = list(hand.concealed)
    rest.remove(win)
    found: list[int] = []
    for t in _candidates(base, shapes):
        counts = bytearray(base)
        counts[t] += 1
        if counts[t] > 4:  # a fifth copy: no table holds it, so the shape is tested directly
            if _sets_and_pair(list(counts)):
                found.append(t)
            continue
        concealed = tuple(sorted((*rest, t)))
        if check(Hand(concealed, hand.melds, (), t, bytes(counts))):
            found.append(t)
    return tuple(found)


def _candidates(counts: bytearray, shapes: frozenset[str]) -> list[int]:
    """The tiles that may complete a hand with these concealed counts. A set or pair only
    grows from a tile held or two ranks from one; only thirteen orphans and the knitted
    shapes may want another tile, and only when the tiles held already nearly form one."""
    near: set[int] = set()
    for t in range(NUM_PLAYING):
        if counts[t]:
            near.add(t)
            if t < HONOUR_BASE:
                suit = t - RANK_OF[t] + 1
                near.update(x for x in range(t - 2, t + 3) if suit <= x < suit + 9)
    if shapes & _SPREAD_SHAPES and _nearly_spread(counts):
        return list(range(NUM_PLAYING))
    return sorted(near)


def _nearly_spread(counts: bytearray) -> bool:
    """Whether thirteen concealed tiles could be one short of thirteen orphans (only
    terminals and honours), of knitted tiles with honours (no kind twice) or of a knitted
    straight hand (eight of a knitted straight's nine held)."""
    if all(counts[t] == 0 for t in range(NUM_PLAYING) if t not in _ORPHANS):
        return True
    if max(counts) <= 1:
        return True
    return any(sum(1 for t in nine if counts[t]) >= 8 for _, nine in KNITTED_STRAIGHTS)


_ORPHANS: Final = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


_SPREAD_SHAPES: Final = frozenset((THIRTEEN_ORPHANS, *KNITTED_SHAPES))


def _sets_and_pair(counts: list[int]) -> bool:
    """Whether `counts` split into sets and one pair, whatever the counts (five copies too)."""
    for p in range(NUM_PLAYING):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = _sets(counts, 0)
            counts[p] += 2
            if ok:
                return True
    return False


def _sets(counts: list[int], start: int) -> bool:
    t = next((i for i in range(start, NUM_PLAYING) if counts[i]), None)
    if t is None:
        return True
    if counts[t] >= 3:
        counts[t] -= 3
        ok = _sets(counts, t)
        counts[t] += 3
        if ok:
            return True
    if t < 27 and RANK_OF[t] <= 7 and counts[t + 1] and counts[t + 2]:
        for x in (t, t + 1, t + 2):
            counts[x] -= 1
        ok = _sets(counts, t)
        for x in (t, t + 1, t + 2):
            counts[x] += 1
        return ok
    return False
