"""What the hand waited on: the wait set before the winning tile, and where the winning tile
sits in each reading.

Two facts a fan condition may read (`mjc.compiler.vocabulary`): `waits`, every tile kind that
would have completed the hand before the winning tile came (under the rulebook's builtin
shapes; 独听 is `len(waits) == 1`), and the kind of wait of a reading: the winning tile
completed an edge (边张: 12 waiting on 3, 89 on 7), a closed (嵌张: the middle of a chow) or a
pair wait (单钓将). A reading is an arrangement with `won`, the concealed set or pair the
winning tile completes; one arrangement gives one reading per distinct place the tile may
sit, and scoring keeps the best reading, as it keeps the best arrangement.

Input is a `Hand` (`mjc.runtime.hand`) and the arrangements of `mjc.runtime.arrange`; the
ruleset (`mjc.runtime.ruleset`) calls these only for rulebooks whose fans read the facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mjc.runtime.arrange import Arrangement
from mjc.runtime.hand import Hand
from mjc.runtime.melds import Meld
from mjc.runtime.tiles import NUM_PLAYING, RANK_OF

__all__ = ["WAIT_FACTS", "placements", "wait_kind", "waits"]

# The facts that need readings with a placed winning tile, or the wait set.
WAIT_FACTS = frozenset(("won", "edge_wait", "closed_wait", "pair_wait", "open_wait"))


def placements(found: Iterable[Arrangement], hand: Hand) -> list[Arrangement]:
    """Each arrangement once per distinct concealed set or pair holding the winning tile
    (`won`, and `wait` its kind), or once as it is when none holds it (thirteen orphans, a
    knitted part, a win on a flower)."""
    win = hand.win_tile
    declared = len(hand.melds)
    out: list[Arrangement] = []
    for a in found:
        places: list[Meld] = []
        for m in (*a.melds[declared:], *a.pairs):
            if m.concealed and not m.is_kong and win in m.tiles and m not in places:
                places.append(m)
        if not places or win is None:
            out.append(a)
        else:
            out.extend(a._replace(won=m, wait=wait_kind(m, win)) for m in places)
    return out


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


def waits(hand: Hand, check: Callable[[Hand], bool]) -> tuple[int, ...]:
    """The tile kinds that complete `hand` without its winning tile, by `check` (the
    rulebook's win check); a kind all of whose copies the hand holds is still listed when it
    would complete the shape, as the reference calculators count waits by shape."""
    win = hand.win_tile
    if win is None or win >= NUM_PLAYING:
        return ()
    base = bytearray(hand.counts)
    base[win] -= 1
    rest = list(hand.concealed)
    rest.remove(win)
    found: list[int] = []
    for t in range(NUM_PLAYING):
        counts = bytearray(base)
        counts[t] += 1
        concealed = tuple(sorted((*rest, t)))
        if check(Hand(concealed, hand.melds, (), t, bytes(counts))):
            found.append(t)
    return tuple(found)
