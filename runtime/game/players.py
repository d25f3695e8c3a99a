"""What plays a seat of a `Round` (`Bot`), and `play_round`, which drives a round with bots to
its end.

A bot is anything with `choose(observation, legal) -> Action`: `observation` is the seat's
`mjc.runtime.game.observation` dict (None for a bot whose `blind` attribute is true: it reads
only its legal actions, and the driver skips building the observation), `legal` the round's
`legal_actions(seat)`. A bot that reads nothing but its legal actions may also have
`pick(legal) -> int`, the place in `legal` of the action it plays (`choose` then plays
`legal[pick(legal)]`): the driver plays that very listed action without looking for it in the
list again, as `Round.apply` does for any action given it. The engine defines the protocol and
the driver; the bots themselves (random, 托管, greedy) are in `mjc.runtime.bots`, which the
engine never imports.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import Round
from mjc.runtime.game.observation import observation

__all__ = ["Bot", "play_round"]


@runtime_checkable
class Bot(Protocol):
    """What plays a seat: one legal action out of `legal`, seeing `observation`."""

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        """The action to play; it must be one of `legal`."""
        ...


def play_round(game: Round, bots: Sequence[Bot], max_steps: int = 10_000) -> dict[str, Any]:
    """Let `bots[seat]` play every seat until the round is over; its result."""
    blind = [bool(getattr(bot, "blind", False)) for bot in bots]
    choose = [bot.choose for bot in bots]
    picks: list[Callable[[Sequence[Action]], int] | None] = [
        getattr(bot, "pick", None) for bot in bots
    ]
    legal_actions, apply, to_act = game.legal_actions, game.apply, game.to_act
    for _ in range(max_steps):
        if game.result is not None:
            return game.result
        if game.phase == "turn":  # a turn waits for its one seat: the path of most steps
            seat = game.turn
            # `legal_actions(seat)`: those the turn's draw made, read without the call
            legal = game._legal.get(seat) or legal_actions(seat)
            pick = picks[seat]
            if pick is not None:  # the very action listed, at the place picked (`_place`)
                place = pick(legal)
                if type(place) is not int or place < 0:
                    _place(place, legal, seat)
                try:  # (a place past the end is refused here: no `len` on every turn)
                    listed = legal[place]
                except IndexError:
                    _place(place, legal, seat)
                    raise
                game._play(listed, listed.kong_kind)
            else:
                apply(choose[seat](None if blind[seat] else observation(game, seat), legal))
            continue
        for seat in to_act():
            legal = legal_actions(seat)
            pick = picks[seat]
            if pick is not None:
                place = pick(legal)
                if type(place) is not int or not 0 <= place < len(legal):
                    _place(place, legal, seat)  # (called only to refuse one that is no place)
                listed = legal[place]
                game._play(listed, listed.kong_kind)
            else:
                apply(choose[seat](None if blind[seat] else observation(game, seat), legal))
            if game.result is not None:
                break
    if game.result is None:
        raise RuntimeError(f"the round did not end within {max_steps} steps")
    return game.result


def _place(place: object, legal: Sequence[Action], seat: int) -> int:
    """`place`, a bot's `pick` of `legal`, when it is a place in it; else `IllegalAction`."""
    if type(place) is not int or not 0 <= place < len(legal):
        raise IllegalAction(f"seat {seat}'s bot picked {place!r} of {len(legal)} legal actions")
    return place
