"""A seed plays the same game as it did when these hashes were taken: every bundled rulebook's
event logs and results for a run of seeds with random bots, hashed (sha256) and pinned.

The hashes were computed from the engine before its hot paths were optimised; a speed-up
that changes any draw, legal-action order, claim, win or settlement changes a hash. A change
of behaviour that is meant (a rule fixed) re-pins them, and says so in its commit."""

from __future__ import annotations

import hashlib
import json

import pytest
from test_game_properties import OPTION_SETS, RULEBOOKS, _players

from mjc.runtime.bots import RandomBot, play_round
from mjc.runtime.game import Round
from mjc.runtime.gamelog import log_lines
from tests.conftest import ruleset

SEEDS = 40

PINNED: dict[str, str] = {
    'baise': 'b91ba706535659b1022eb2f25f34dcbc5a72c2544a7434d9a213bda7c0a4232b',
    'chaozhou': '58f6c982a15a20a2058d6e9356eb62e743f49803a13867d202d641c31dc75673',
    'guangdong': 'b7e217b0c3d531bd5d0c1beccfdc1889c870d322a8ac583868316425ebdc861c',
    'meizhou': '9ad6752cbce93364a4a555c7dc94a932cf544b9c7a935db5014c519f51659c61',
    'shanghai': '488ebf60c5e5ab63d3958cc0f2edbc952f03a2e9266267b81f37d2a2e1d8488c',
}


def games_hash(name: str) -> str:
    """The hash of `SEEDS` rounds of `name` over its option sets: logs, then results."""
    rs = ruleset(name)
    sets = OPTION_SETS[name]
    digest = hashlib.sha256()
    for i in range(SEEDS):
        options = sets[i % len(sets)]
        players = _players(name, options, i)
        game = Round(rs, seed=i, options=options, players=players)
        result = play_round(game, [RandomBot(i * 4 + s) for s in range(players)])
        for line in log_lines(game):
            digest.update(line.encode())
        digest.update(json.dumps(result, sort_keys=True, default=str).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", RULEBOOKS)
def test_a_seed_plays_the_same_game_as_before_the_speed_up(name: str) -> None:
    assert games_hash(name) == PINNED[name]
