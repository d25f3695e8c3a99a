"""A seed plays the same game as it did when these hashes were taken: every bundled rulebook's
event logs and results for a run of seeds with random bots, hashed (sha256) and pinned.

The hashes were computed from the engine before its hot paths were optimised (re-pinned
from main's own code, without the speed-ups, when main's play rules changed the games, and
for 广东, 梅州 and 上海 when their `first_dealer random` came to draw the first dealer from the
seed: with seat 0 named as the dealer those games hash as before; and for 潮州 when its bought
horses came to be dealt from a set of their own, not from the wall; and for MCR when its
option 明暗杠 came, whose default every log and outcome now names: with it left out the games
hash as before; and for 潮州 when 跟庄's 不能碰、杠 came to forbid a pong or kong while the
opening may follow the dealer, which only its option set with 跟庄1分 plays); a speed-up
that changes any draw, legal-action order, claim, win or settlement changes a hash. A change
of behaviour that is meant (a rule fixed) re-pins them, and says so in its commit."""

from __future__ import annotations

import hashlib
import json

import pytest

from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines
from tests.conftest import ruleset

from .test_game_properties import OPTION_SETS, RULEBOOKS, _players

SEEDS = 40

PINNED: dict[str, str] = {
    "baise": "b457864b03dd06aac1361ef471ac49cc9340ecbb8ea5f9f34969355c3d059880",
    "chaozhou": "a9700eedb71991ef466e983e45bd0a053b71a1675e220d27af7118139a263362",
    "guangdong": "418d33cf0fbf567054eb7241798f758a509a6ed46ad5de9aed9d4475366461bd",
    "mcr": "f4bd29ec46e4f3ff53aa5331a8a0e3a952ecc6512449043b5cb51b837e99c9d6",
    "meizhou": "b176b0b442e402a938ed4fa9fd5a9fd8b6b8b98d0118ac406b22af574b3bda4e",
    "shanghai": "e3a0052565409673db44d21814c14f842f76316dc617dc6abe19ffe329850548",
}


# Every round under a wild option (the engine's wild wait sets), pinned before they came.
WILD_SETS: dict[str, tuple[dict[str, object], ...]] = {
    "baise": ({"wang": "da"}, {"wang": "xiao"}),
    "chaozhou": ({"ghost": "white"}, {"ghost": "flip"}, {"ghost": "red", "four_ghosts": True}),
}
WILD_PINNED: dict[str, str] = {
    "baise": "1ea098c2836b94cd59a184a7b8127141e1b4d05e9a0b79ea12bf8c4093c0f878",
    "chaozhou": "50711684c64dba2caadbe6392cf7985091a866e33b8070823ede0f6280766b0e",
}


def games_hash(name: str, sets: tuple[dict[str, object], ...] | None = None) -> str:
    """The hash of `SEEDS` rounds of `name` over its option sets (or `sets`): logs, then
    results."""
    rs = ruleset(name)
    sets = OPTION_SETS[name] if sets is None else sets
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


@pytest.mark.parametrize("name", sorted(WILD_SETS))
def test_a_seed_plays_the_same_game_with_wilds_as_before_the_wild_wait_sets(name: str) -> None:
    assert games_hash(name, WILD_SETS[name]) == WILD_PINNED[name]
