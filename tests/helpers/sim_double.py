"""A test double of the game engine's round player, for the simulation tests only.

`fake_round` is a real but simple `PlayRound`: from its seed it picks a dealer, whether the
round is drawn, a winner, one of the rulebook's own winning example hands, self-draw or a
discarder, then scores and settles that round with the real `Ruleset.settle` (a round JSON
like `mjc settle` reads), and summarises it with `summarize`. It plays no tiles: it exists
so that the simulation (workers, checkpoints, Ray, reports) can be tested before and apart
from the engine. The CLI never uses it. `failing_round` raises on chosen seeds, with a log;
`killing_round` ends its worker process on a chosen seed, as a crash or `kill -9` would.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from functools import cache

from mjc.compiler.loader import load
from mjc.runtime import Ruleset
from mjc.runtime.sim.rounds import RoundInfo, RoundSummary, summarize

KILL_SEED = "MJC_TEST_KILL_SEED"


@cache
def load_ruleset(name: str) -> Ruleset:
    """A bundled rulebook's ruleset, compiled once per process."""
    ruleset = load(name).ruleset
    assert ruleset is not None, name
    return ruleset


@cache
def _hands(ruleset_id: str, options: tuple[tuple[str, object], ...]) -> tuple[tuple[str, str], ...]:
    """The rulebook's positive examples without a situation that settle as a plain discard
    win under the options: (hand, winning tile)."""
    ruleset = load_ruleset(ruleset_id)
    found = []
    for example in ruleset.examples:
        if not example.positive or example.situation:
            continue
        win = example.win or ""
        outcome = {
            "players": 4,
            "options": dict(options),
            "winners": [{"seat": 1, "hand": example.hand, **({"win_tile": win} if win else {})}],
            "discarder": 0,
        }
        try:
            ruleset.settle(outcome)
        except ValueError:
            continue
        found.append((example.hand, win))
    return tuple(dict.fromkeys(found))


def fake_round(
    ruleset: Ruleset,
    options: Mapping[str, object],
    players: int,
    seed: int,
    bots: tuple[str, ...],
) -> RoundSummary:
    """A round decided by the seed (see the module's docstring), settled for real."""
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    turns = rng.randrange(8, 80)
    values = tuple(sorted((k, v) for k, v in options.items()))
    hands = _hands(ruleset.id, values)
    outcome: dict[str, object] = {"players": players, "dealer": dealer, "options": dict(values)}
    if not hands or rng.random() < 0.2:
        outcome["exhaustive_draw"] = True
        settlement = ruleset.settle(outcome)
        info = RoundInfo(players, dealer, True, False, None, bots, turns)
        return summarize({}, settlement, info)
    winner = rng.randrange(players)
    hand, win = rng.choice(hands)
    self_drawn = rng.random() < 0.4
    discarder = None if self_drawn else rng.choice([s for s in range(players) if s != winner])
    entry: dict[str, object] = {"seat": winner, "hand": hand, "self_drawn": self_drawn}
    if win:
        entry["win_tile"] = win
    outcome["winners"] = [entry]
    outcome["discarder"] = discarder
    settlement = ruleset.settle(outcome)
    info = RoundInfo(players, dealer, False, self_drawn, discarder, bots, turns)
    return summarize(settlement.scores, settlement, info)


class GameLogError(RuntimeError):
    """What `failing_round` raises: an error that carries the game's log, as the engine's
    errors do."""

    def __init__(self, message: str, log: str) -> None:
        super().__init__(message)
        self.log = log


def failing_round(
    ruleset: Ruleset,
    options: Mapping[str, object],
    players: int,
    seed: int,
    bots: tuple[str, ...],
) -> RoundSummary:
    """`fake_round`, but a seed divisible by 16 raises, with a log naming the seed."""
    if seed % 16 == 0:
        raise GameLogError("no tile left to draw", f"log of the game of seed {seed}")
    return fake_round(ruleset, options, players, seed, bots)


def killing_round(
    ruleset: Ruleset,
    options: Mapping[str, object],
    players: int,
    seed: int,
    bots: tuple[str, ...],
) -> RoundSummary:
    """`fake_round`, but the worker process ends at once on the seed named by the
    environment variable `MJC_TEST_KILL_SEED`."""
    if str(seed) == os.environ.get(KILL_SEED):
        os._exit(9)
    return fake_round(ruleset, options, players, seed, bots)
