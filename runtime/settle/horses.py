"""Horses (马) at run time: which seat a horse tile points at, and the kinds of horse drawn.

A generated module passes in its rulebook's horse tables (for each player count, the seat each
tile points at as an offset in turn order from the dealer, or from the winner or the discarder
for a table that says so, -1 for nobody), its horse kinds
(买马, 罚马, 奖马, 抓马) and the function that says which kinds, and how many of each, a game
with given options draws. Settlement reads them through `Horses`; `horse_seat` answers the
question every horse asks: whose is this tile?
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any

from mjc.frozen import Frozen, frozen, frozen_fast
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.tile import NUM_TILES, NotationError, tile_index

__all__ = ["NOBODY", "HorseError", "HorseKind", "Horses"]

NOBODY = -1
"""The seat offset of a tile that hits no one."""


class HorseError(ValueError):
    """A horse question the rulebook cannot answer: no table for that many players, a dealer
    seat that does not exist, or a tile that is not a tile."""


@frozen
class HorseKind(Frozen):
    """A kind of horse a rulebook declares: `bought` (买马: each player is dealt the count
    before the first discard), `penalty` (罚马: the dealer alone is), `bonus` (奖马) or
    `grabbed` (抓马: the winner turns up the count from the end of the wall). `drawn_by` is
    "each", "dealer" or "winner"; `drawn_from` "deal" or "wall_end"; `where` the rulebook
    line. What a hit is worth is settlement's business."""

    kind: str
    name: str
    drawn_by: str
    drawn_from: str
    where: str


HorseDraws = Callable[[dict[str, Any], Situation | None], tuple[tuple[HorseKind, int], ...]]


def _no_draws(o: dict[str, Any], s: Situation | None = None) -> tuple[tuple[HorseKind, int], ...]:
    return ()


@frozen_fast
class Horses(Frozen):
    """A rulebook's horses: `tables[players][tile]` is the offset from the dealer of the seat
    the tile points at (-1: nobody); `kinds` the kinds of horse declared; `draws(o, s)` the
    kinds drawn, each with its count, in a game with the resolved options `o` (and, given the
    win situation `s`, only the kinds whose condition holds for that win). `counted_from`
    names the tables counted from another seat than the dealer: "winner" or "discarder"."""

    tables: Mapping[int, tuple[int, ...]]
    kinds: tuple[HorseKind, ...] = ()
    draws: HorseDraws = _no_draws
    counted_from: Mapping[int, str] = field(default_factory=dict)

    def table(self, players: int) -> tuple[int, ...]:
        """The seat offset of every tile (by tile int) at a table of `players`."""
        found = self.tables.get(players)
        if found is None:
            counts = ", ".join(str(p) for p in sorted(self.tables)) or "no player count"
            raise HorseError(f"no horse table for {players} players (tables: {counts})")
        return found

    def anchor(self, players: int) -> str:
        """The seat the table of `players` counts from: "dealer", "winner" or "discarder"."""
        return self.counted_from.get(players, "dealer")

    def horse_seat(
        self,
        tile: int | str,
        players: int,
        dealer: int,
        *,
        winner: int | None = None,
        discarder: int | None = None,
    ) -> int | None:
        """The seat (0..players-1, in turn order) that horse `tile` points at when `dealer`
        deals, or None when it hits nobody. `tile` is a tile int or its notation (`5z`). A
        table counted from the winner or the discarder counts from `winner` or `discarder`;
        without that seat (no discarder on a self-draw) the horse hits nobody."""
        table = self.table(players)
        if isinstance(tile, str):
            try:
                tile = tile_index(tile)
            except NotationError as exc:
                raise HorseError(str(exc)) from None
        if not 0 <= tile < NUM_TILES:
            raise HorseError(f"{tile!r} is not a tile")
        if not 0 <= dealer < players:
            raise HorseError(f"the dealer is seat 0 to {players - 1}, not {dealer}")
        anchor = self.anchor(players)
        first = {"dealer": dealer, "winner": winner, "discarder": discarder}.get(anchor)
        if first is None:
            if anchor == "winner":
                raise HorseError("this horse table counts from the winner: name the winner")
            return None
        if not 0 <= first < players:
            raise HorseError(f"the {anchor} is seat 0 to {players - 1}, not {first}")
        offset = table[tile]
        if offset == NOBODY:
            return None
        return (first + offset) % players
