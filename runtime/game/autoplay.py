"""托管 (auto play): the engine plays a seat itself, as 潮州 and 百色 describe it.

潮州 and 百色 offer 托管 (`TurnRules.auto_play`): 摸什么打什么，不吃不碰不杠，
系统自动摸牌、打牌、胡.
A game server (or a player leaving the table) puts a seat under 托管 with
`Round.set_auto(seat)` and takes it back with `Round.set_auto(seat, False)`; a rulebook without
`auto_play` refuses it with `IllegalAction` saying so. Each toggle is an `auto` event of the
log. While a seat is under 托管 the round never waits for it: after every action, and at the
toggle itself, `run` plays it by `auto_choice`: 自动胡 (a win whenever one is offered), 不吃不碰
不杠 (every claim passed, no kong declared), 摸什么打什么 (the tile it drew is discarded; after a
claim made before the toggle, its last tile). Those actions are logged as `action` events
marked `"auto": true`; a replay does not read them as decisions but plays them again itself.
`mjc.runtime.bots.simple.AutoBot` is the same choice as a bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mjc.runtime.game.actions import Action, IllegalAction, exchange_pick, fewest_held

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["AutoSeats", "auto_choice", "run", "set_auto"]


class AutoSeats:
    """The seats of one round under 托管, and whether the engine is playing them now (its
    own actions go through `Round.apply`, which must not start playing them again)."""

    __slots__ = ("running", "seats")

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self.running = False


def auto_choice(legal: Sequence[Action], drawn: int, counts: Sequence[int] = ()) -> Action:
    """托管's action among `legal`: win (a win at the deal shown too), else pass, else discard
    `drawn` (the tile just drawn, -1 when none), else the last discard offered; never a chow,
    pong or kong. Asked to declare (定缺), the suit of which the hand (`counts`, per tile)
    holds fewest tiles; asked to exchange (换三张), tiles of that suit, the loosest first."""
    declared = (exchange_pick(legal, counts) or fewest_held(legal, counts)) if counts else None
    if declared is not None:
        return declared
    for action in legal:
        if action.kind == "win" or action.kind == "deal_win":
            return action
    for action in legal:
        if action.kind == "pass":
            return action
    discards = [a for a in legal if a.kind == "discard"]
    for action in discards:
        if action.tile == drawn:
            return action
    return discards[-1] if discards else legal[0]


def set_auto(r: Round, seat: object, on: object = True) -> None:
    """Put `seat` under 托管 (`on`) or take it back; `IllegalAction` when the rulebook has
    no 托管, the seat does not exist or the round is over. Setting what already holds
    changes nothing and logs nothing."""
    if not r.rules.auto_play:
        raise IllegalAction(
            f"{r.ruleset.id} has no 托管: its play rules do not let a seat be played by the "
            "system (auto_play is off)"
        )
    if type(seat) is not int or not 0 <= seat < r.players:
        raise IllegalAction(f"seat {seat!r} does not exist at {r.players} players")
    if type(on) is not bool:
        raise IllegalAction(f"托管 is switched on or off (true or false), not {on!r}")
    if r.phase == "over":
        raise IllegalAction("the round is over")
    if on == (seat in r.auto.seats):
        return
    if on:
        r.auto.seats.add(seat)
    else:
        r.auto.seats.discard(seat)
    r.events.append({"type": "auto", "seat": seat, "on": on})
    run(r)


def run(r: Round) -> None:
    """Play every seat under 托管 the round waits for, until it waits for another seat or
    is over (`Round.apply` calls this after each action)."""
    auto = r.auto
    if auto.running or not auto.seats:
        return
    auto.running = True
    try:
        while r.phase != "over":
            seats = [s for s in r.to_act() if s in auto.seats]
            if not seats:
                return
            seat = seats[0]
            drawn = r.drew if r.phase == "turn" else -1
            index = len(r.events)
            r.apply(auto_choice(r.legal_actions(seat), drawn, r.seats[seat].counts))
            r.events[index]["auto"] = True  # the system played it, not the seat
    finally:
        auto.running = False
