"""A seed plays the same game as it did when these hashes were taken: every bundled rulebook's
event logs and results for a run of seeds with random bots, hashed (sha256) and pinned.

The hashes were computed from the engine before its hot paths were optimised (re-pinned
from main's own code, without the speed-ups, when main's play rules changed the games); a speed-up
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
    'baise': 'b457864b03dd06aac1361ef471ac49cc9340ecbb8ea5f9f34969355c3d059880',
    'chaozhou': 'df1928277e7398b5a46a0e85b2934a6f1801ebf4f8ab866ac9f9bef18200d691',
    'guangdong': 'e78a64b5c6868412c8e11c3474ff536d06b207a12af8cd5100d7299565757dea',
    'meizhou': 'fbd9d76c8af9bd3ec0741ae83ab08892aaf9857697d291df81262ac642fbfef3',
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
