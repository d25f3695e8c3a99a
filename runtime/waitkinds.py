"""The kind of wait a winning tile completes in a meld (边张, 嵌张, 单钓将 ...), by table.

Scoring's readings (`mjc.runtime.readings.placements`, and the standard shape's placed
readings of `mjc.runtime.arrange`) place the winning tile in each concealed set or pair that
holds it; `PLACES` answers "does tile t sit in meld m, and as what wait" with two lookups, by
`Meld.index` (`mjc.runtime.melds`) and then by tile. Built once at import from `wait_kind`.
"""

from __future__ import annotations

from mjc.runtime.melds import MELD_INDEXES, Meld, all_melds
from mjc.runtime.tiles import NUM_PLAYING, RANK_OF

__all__ = ["PLACES", "WAIT_ORDER", "wait_kind"]


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
    return tuple(wait_kind(m, t) if t in m.tiles else None for t in range(NUM_PLAYING))


def _place_rows() -> tuple[tuple[str | None, ...] | None, ...]:
    rows: list[tuple[str | None, ...] | None] = [None] * MELD_INDEXES
    for m in all_melds():
        rows[m.index] = _place_row(m)
    return tuple(rows)


# `_place_row` of every meld, by `Meld.index`: placing the winning tile is two lookups a meld.
PLACES = _place_rows()
