"""Bots that play a `Round`, and `play_round`, which drives one to its end.

A bot is anything with `choose(observation, legal) -> Action` (`Bot`): `observation` is the
seat's `mjc.runtime.game.observation` dict (None for a bot whose `blind` attribute is true: it
reads only its legal actions, and the driver skips building the observation), `legal` the
round's `legal_actions(seat)`. A greedy bot (shanten, effective tiles) plugs in the same way.
Randomness is a seeded `random.Random` per bot: the same seeds play the same game anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from mjc.runtime.game.actions import Action
from mjc.runtime.game.autoplay import auto_choice
from mjc.runtime.game.engine import Round
from mjc.runtime.game.observation import observation
from mjc.runtime.tiles.tile import tile_index

__all__ = ["AutoBot", "Bot", "RandomBot", "play_round"]


@runtime_checkable
class Bot(Protocol):
    """What plays a seat: one legal action out of `legal`, seeing `observation`."""

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        """The action to play; it must be one of `legal`."""
        ...


class RandomBot:
    """Any legal action, uniformly, from its own seeded generator."""

    blind = True

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        # `randrange(n)` is `_randbelow(n)` for n > 0 (CPython's own definition, the same
        # numbers), minus its argument checks: one call per decision of a simulation.
        below = getattr(self._rng, "_randbelow", None)
        self._below: Callable[[int], int] = below if callable(below) else self._rng.randrange

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        return legal[self._below(len(legal))]


class AutoBot:
    """托管 as a bot: 摸什么打什么 (discards the tile it drew, or its last tile after a claim it
    never makes), 不吃不碰不杠 (passes every claim, declares no kong), 自动胡 (wins when it may):
    `mjc.runtime.game.autoplay.auto_choice`, the choice the engine makes for a seat under 托管."""

    blind = False

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        drawn = observation.get("drawn") if observation else None
        return auto_choice(legal, tile_index(drawn) if drawn is not None else -1)


def play_round(game: Round, bots: Sequence[Bot], max_steps: int = 10_000) -> dict[str, Any]:
    """Let `bots[seat]` play every seat until the round is over; its result."""
    blind = [bool(getattr(bot, "blind", False)) for bot in bots]
    choose = [bot.choose for bot in bots]
    legal_actions, apply = game.legal_actions, game.apply
    for _ in range(max_steps):
        if game.result is not None:
            return game.result
        for seat in game.to_act():
            legal = legal_actions(seat)
            seen = None if blind[seat] else observation(game, seat)
            apply(choose[seat](seen, legal))
            if game.result is not None:
                break
    if game.result is None:
        raise RuntimeError(f"the round did not end within {max_steps} steps")
    return game.result
