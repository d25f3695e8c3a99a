"""Tiles a seat sets aside from its hand on its own turn, each replaced (三麻 北抜き).

Input: the round's `TurnRules.set_aside` (the tiles that may be set aside) and
`set_aside_bloom` (the rulebook situation of a win on the replacement). On its own turn after
a draw (its ordinary draw or a replacement, not after a claim) a seat may set aside a tile of
that list from its concealed hand instead of discarding, while a replacement can still be
drawn; a seat that declared ready (立直) only the tile it has just drawn, so that its hand and
its waits stay as they were. The tile is shown: every other seat that can win on it may
(with the situations of a win on a discard, not 抢杠, and the rulebook's `set_aside_win`,
whose `reject` rules may refuse it), the setter paying as a discarder; when nobody does, the
setter draws a replacement, from the dead wall (`DeadWall`, which keeps its size) or,
without one, as a kong's (`Round._take`). Setting a tile aside ends the
first go-around (天和, 地和, ダブル立直, 九種九牌) and, as a call (`set_aside_is_call`), every
一発. A seat in riichi that sets aside the tile it drew when it would have won passed that win
(立直後振聴); under `set_aside_furiten` the tiles a seat set aside count as its discards for
振聴 (`mjc.runtime.ready.furiten`).

Each seat's tiles set aside are in `Round.state()`, its observation and the game log (the
`set_aside` action); the rulebook's fans read the winner's count as `set_aside`
(抜きドラ: a dora per tile), and the round's outcome lists them for the settlement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.runtime.tiles.tile import NUM_PLAYING, TEXTS, tile_index

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round
    from mjc.runtime.rules.turnrules import TurnRules

__all__ = ["SetAside", "set_aside_of"]


class SetAside:
    """The tiles each seat has set aside in one round (`held`), and where the last
    replacement was drawn (`bloom`: seat, discards and kongs of the round then), so that a
    win on it is told from any later self-draw."""

    __slots__ = ("bloom", "held", "tiles")

    def __init__(self, tiles: tuple[int, ...], players: int) -> None:
        self.tiles = tiles
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.bloom = (-1, -1, -1)

    def count(self, seat: int) -> int:
        """How many tiles `seat` has set aside (what fans read as `set_aside`)."""
        return len(self.held[seat])

    def texts(self, seat: int) -> tuple[str, ...]:
        return tuple(TEXTS[t] for t in self.held[seat])

    def may(self, r: Round, seat: int) -> list[int]:
        """The tiles `seat` may set aside now (its turn's `set_aside` actions)."""
        drew, wall = r.drew, r.wall
        if drew < 0 or seat in r.won_seats or wall.tail < wall.head:
            return []  # after a claim, a winner's locked hand, or no replacement left
        if seat in r.ready.declared:  # 立直: only the tile drawn, the waits unchanged
            return [drew] if drew in self.tiles else []
        counts = r.seats[seat].counts
        return [t for t in self.tiles if counts[t]]

    def take(self, r: Round, seat: int, tile: int) -> None:
        """`seat` sets `tile` aside (the others are asked next whether they win on it)."""
        st = r.seats[seat]
        st.counts[tile] -= 1
        if tile != r.drew:
            st.waits = None  # the hand of 13 changed (the tile drawn leaves its waits)
        self.held[seat].append(tile)
        r.ready.set_aside(r, seat, tile)  # 立直後振聴 when the tile drawn would have won
        r.quiet = False  # a call: no 天和, 地和, ダブル立直 or 九種九牌 after it

    def won_on(self, r: Round, seat: int, tile: int) -> None:
        """Another seat wins on the tile `seat` set aside: it goes to the winner, as a discard
        would (no river held it, so it counts as taken from none)."""
        self.held[seat].pop()
        r.taken[tile] -= 1

    def replace(self, r: Round, seat: int) -> None:
        """The setter's replacement: from the dead wall, or drawn as a kong's."""
        if r.rules.set_aside_is_call:
            r.ready.called()  # the tile set aside stands: no 一発 (a win on it breaks none)
        r.last_kong = ("", None)  # a win on this replacement is fed by no kong
        dead = r.dead
        if dead is None:
            got = r._take(seat, True)
        else:
            got = dead.draw(r.events, seat, r.seats[seat].counts, set_aside=True)
        if got >= 0:
            r._start_turn(seat, got, False)
            self.bloom = (seat, r.discards, len(r.kong_history))

    def situations(self, r: Round, seat: int) -> tuple[str, ...]:
        """The situation of a self-draw on the replacement (`set_aside_bloom`), if any."""
        name = r.rules.set_aside_bloom
        if name and not r.from_kong and self.bloom == (seat, r.discards, len(r.kong_history)):
            return (name,)
        return ()


def set_aside_of(rules: TurnRules, players: int) -> SetAside | None:
    """The round's record of tiles set aside, None when its rules set none aside."""
    if not rules.set_aside:
        return None
    tiles = tuple(sorted(tile_index(t) for t in rules.set_aside))
    return SetAside(tuple(t for t in tiles if t < NUM_PLAYING), players)
