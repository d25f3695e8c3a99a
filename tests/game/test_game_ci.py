"""CI plays at least 1,000 rounds of every bundled rulebook (its defaults and option sets
that change play) with random bots, without an error, each settling to zero; one round in
ten is replayed from its log (`mjc replay`'s `replay`) to the identical events and result."""

from __future__ import annotations

import pytest

from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from tests.conftest import ruleset

from .test_game_properties import OPTION_SETS, RULEBOOKS, _players

ROUNDS = 1000
REPLAYED = 10  # every tenth round's log is replayed


@pytest.mark.parametrize("name", RULEBOOKS)
def test_a_thousand_random_rounds_play_to_their_settlement(name: str) -> None:
    rs = ruleset(name)
    sets = OPTION_SETS[name]
    ends = {"win": 0, "draw": 0}
    for i in range(ROUNDS):
        options = sets[i % len(sets)]
        players = _players(name, options, i)
        game = Round(rs, seed=i, options=options, players=players)
        result = play_round(game, [RandomBot(i * 4 + s) for s in range(players)])
        assert sum(result["deltas"]) == 0
        if i % REPLAYED == 0:
            again = replay(rs, log_lines(game))
            assert again.events == game.events and again.result == result
        ends["draw" if result["exhaustive_draw"] else "win"] += 1
    assert ends["win"] + ends["draw"] == ROUNDS
