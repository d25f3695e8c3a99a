"""The random bot: any legal action, uniformly, the one `random.Random(seed).randrange` picks
(the same picks as before its draw was written out: simulations of a seed do not change); its
`pick` gives the place of that action, which the driver plays as listed (`play_round`), the
same round as one whose choices go through `Round.apply`, and a pick that is no place in the
legal actions is refused."""

from __future__ import annotations

import random

import pytest

from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import Round
from mjc.runtime.game.players import play_round
from tests.conftest import ruleset


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


def test_the_random_bot_picks_the_place_of_the_action_it_chooses() -> None:
    legal = [Action(0, "discard", t) for t in range(9)]
    picking, choosing = RandomBot(7), RandomBot(7)
    for _ in range(100):
        assert legal[picking.pick(legal)] is choosing.choose(None, legal)


@pytest.mark.parametrize("name", ["guangdong", "riichi", "sichuan"])
def test_a_round_driven_by_picks_plays_as_one_driven_by_choices(name: str) -> None:
    rules = ruleset(name)
    for seed in range(8):
        picked = Round(rules, seed=seed, dealer=seed % 4)
        play_round(picked, [RandomBot(seed * 4 + s) for s in range(4)])
        chosen = Round(rules, seed=seed, dealer=seed % 4)
        play_round(chosen, [_Choosing(seed * 4 + s) for s in range(4)])
        assert picked.events == chosen.events
        assert picked.result == chosen.result


class _Choosing:
    """The random bot without its `pick`: the driver hands its choice to `Round.apply`."""

    blind = True

    def __init__(self, seed: int) -> None:
        self._bot = RandomBot(seed)

    def choose(self, observation: object, legal: list[Action]) -> Action:
        return self._bot.choose(None, legal)


class _Misplaced:
    """A bot whose picks are no place in its legal actions."""

    blind = True

    def __init__(self, place: object) -> None:
        self.place = place

    def choose(self, observation: object, legal: list[Action]) -> Action:
        return legal[0]

    def pick(self, legal: list[Action]) -> object:
        return self.place


@pytest.mark.parametrize("place", [-1, 99, "0", 1.0, None])
def test_a_pick_that_is_no_place_in_the_legal_actions_is_refused(place: object) -> None:
    game = Round(ruleset("guangdong"), seed=3, dealer=0)
    before = len(game.events)
    with pytest.raises(IllegalAction, match="picked"):
        play_round(game, [_Misplaced(place)] * 4)
    assert len(game.events) == before  # nothing was played
