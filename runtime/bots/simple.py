"""The simple bots: `RandomBot` (any legal action) and `AutoBot` (托管's choices).

Each is a `mjc.runtime.game.players.Bot`, which this module re-exports with `play_round`, the
driver that plays a round with bots to its end. Randomness is a seeded `random.Random` per bot:
the same seeds play the same game anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from mjc.runtime.game.actions import Action
from mjc.runtime.game.autoplay import auto_choice
from mjc.runtime.game.players import Bot, play_round
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_index

__all__ = ["AutoBot", "Bot", "RandomBot", "play_round"]

# The bit length of each count of legal actions a decision has (a turn lists some fifteen).
_LISTED = 64
_BIT_LENGTH = tuple(n.bit_length() for n in range(_LISTED))


class RandomBot:
    """Any legal action, uniformly, from its own seeded generator."""

    blind = True

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._bits: Callable[[int], int] = self._rng.getrandbits

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        return legal[self.pick(legal)]

    def pick(self, legal: Sequence[Action]) -> int:
        """The place in `legal` of the action to play (`Bot`: the driver plays it as listed).
        `randrange(n)`, which is CPython's `Random._randbelow(n)` for n > 0 (`getrandbits` of
        n's bit length until one is below n: the same numbers), written out with no call of
        its own: one pick per decision of a simulation."""
        n = len(legal)
        k = _BIT_LENGTH[n] if n < _LISTED else n.bit_length()
        if not k:
            raise IndexError("no legal action to choose from")
        i = self._bits(k)
        while i >= n:
            i = self._bits(k)
        return i


class AutoBot:
    """托管 as a bot: 摸什么打什么 (discards the tile it drew, or its last tile after a claim it
    never makes), 不吃不碰不杠 (passes every claim, declares no kong), 自动胡 (wins when it may):
    `mjc.runtime.game.autoplay.auto_choice`, the choice the engine makes for a seat under 托管."""

    blind = False

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        drawn = observation.get("drawn") if observation else None
        counts = [0] * NUM_PLAYING
        own = observation["seats"][observation["seat"]] if observation else {}
        for text in own.get("concealed", ()):
            counts[tile_index(text)] += 1
        return auto_choice(legal, tile_index(drawn) if drawn is not None else -1, counts)
