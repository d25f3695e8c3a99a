"""What the engine asks of the dead wall and the red fives, at the points of a round where it
asks: set up with the wall, after the deal, at each discard, at each kong's replacement.

Input: the round (`mjc.runtime.game.engine.Round`, read and updated in place: its `dead`,
`reds`, `events` and seats) and the rules of play. Each function is one call of the engine,
so the engine stays a state machine of turns; what each thing is, is its own module's
(`deadwall`, `redfives`, `abortive`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tableplay.abortive import nine_terminals, watched
from mjc.runtime.tableplay.deadwall import DeadWall, Slots
from mjc.runtime.tableplay.redfives import FIVES, RedFives, choose

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round
    from mjc.runtime.game.wall import Wall

__all__ = ["FIVES", "after_deal", "discarded", "keep", "may_abort", "replacement"]


def keep(
    wall: Wall, rules: TurnRules, players: int, layout: Slots | None = None
) -> tuple[RedFives | None, DeadWall | None, bool]:
    """What a round of these rules keeps: its red fives (赤ドラ) and its dead wall (王牌, laid
    out as `layout` says: the rules' `slots`, worked out when not given), and whether an
    abortive draw may follow a discard (四風連打, 四槓散了)."""
    reds = RedFives(players) if rules.red_fives else None
    dead = DeadWall(wall, rules, reds, layout) if rules.dead_wall else None
    return reds, dead, watched(rules)


def after_deal(r: Round, seed: int) -> None:
    """Once the hands are dealt: the wall's red fives (a scenario's, else chosen from the
    seed) and those dealt; the indicators turned up at the deal."""
    if r.reds is not None:
        r.wall.red = choose(r.wall.tiles, r.rules.red_fives, seed, r.wall.red)
        r.reds.dealt(r.events, r.wall.red)
    if r.dead is not None:
        r.dead.show(r.events, r.rules.indicators)


def discarded(r: Round, seat: int, tile: int, counts: Sequence[int], event: dict[str, Any]) -> None:
    """A discard: a kong's indicator waiting for it is turned up; a red five leaves the hand
    only when no plain five of its suit is left (its `action` line then says `0m`). The engine
    calls it only when there is something to do: a kong's indicator waiting, a five
    (`FIVES`), or a red five discarded before, which a discard of another tile forgets."""
    dead = r.dead
    if dead is not None and dead.waiting:
        dead.show(r.events, dead.discarded())
    reds = r.reds
    if reds is not None:
        if tile in FIVES:
            reds.discarded(seat, tile, counts, event, len(r.seats[seat].river) - 1)
        else:
            reds.red_discard = -1  # `RedFives.discarded` of a tile that is no five


def replacement(r: Round, dead: DeadWall, seat: int) -> int:
    """A kong's replacement (嶺上牌) from the dead wall, after the indicator the kong turns up
    at once: the tile `seat` draws."""
    dead.show(r.events, dead.kong(r.last_kong[0]))
    return dead.draw(r.events, seat, r.seats[seat].counts)


def may_abort(r: Round, seat: int) -> bool:
    """九種九牌: `seat`'s first turn, before any call or kong, with nine different terminals
    and honours."""
    st = r.seats[seat]
    return r.rules.nine_terminals_draw and r.quiet and not st.river and nine_terminals(st.counts)
