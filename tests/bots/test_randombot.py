"""The random bot: any legal action, uniformly, the one `random.Random(seed).randrange` picks
(the same picks as before its draw was written out: simulations of a seed do not change)."""

from __future__ import annotations

import random

import pytest

from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.actions import Action


@pytest.mark.parametrize("count", [1, 2, 3, 5, 14, 17, 64])
def test_the_random_bot_picks_what_randrange_picks(count: int) -> None:
    legal = [Action(0, "discard", t) for t in range(count)]
    for seed in range(50):
        bot, reference = RandomBot(seed), random.Random(seed)
        for _ in range(20):
            assert bot.choose(None, legal) == legal[reference.randrange(count)]


def test_the_random_bot_refuses_to_choose_from_nothing() -> None:
    with pytest.raises(IndexError):
        RandomBot(1).choose(None, [])
