"""The game engine's `PlayRound` for simulations (`mjc simulate`, the bench): one whole round.

`mjc.compiler.cli.simulate` imports `play_round` from here by name (it crosses process and
machine boundaries by reference) and calls it with the rulebook, its resolved options, the
player count, the game's seed and each seat's bot name (`mjc.runtime.sim.rounds.BOT_NAMES`).
The round is a `mjc.runtime.game.engine.Round` played by the engine's bots; its settlement and each
winner's score become the `RoundSummary` the balance report reads. The dealer turns with the
seed so that every seat deals equally often over a run.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, Bot, RandomBot, play_round as play_bots
from mjc.runtime.game.engine import Round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.sim.rounds import BOT_NAMES, RoundInfo, RoundSummary, summarize

__all__ = ["make_bot", "play_round"]


def make_bot(
    name: str,
    seed: int,
    ruleset: Ruleset | None = None,
    options: Mapping[str, object] | None = None,
) -> Bot:
    """The engine's bot of that name (`BOT_NAMES`, and `auto`: 托管), seeded; the greedy bot
    plays games of `ruleset` under `options`. `ValueError` for a bot it does not have."""
    if name == "random":
        return RandomBot(seed)
    if name == "auto":
        return AutoBot()
    if name == "greedy" and ruleset is not None:
        return GreedyBot(ruleset, options)
    if name == "greedy":
        raise ValueError("the greedy bot plays a rulebook: give make_bot its ruleset")
    names = ", ".join((*BOT_NAMES, "auto"))
    raise ValueError(f"the engine has no {name!r} bot (it has: {names})")


def play_round(
    ruleset: Ruleset,
    options: Mapping[str, object],
    players: int,
    seed: int,
    bots: tuple[str, ...],
) -> RoundSummary:
    """Play one round with `bots[seat]` in each seat and summarise it (deterministic in its
    arguments)."""
    rng = random.Random(seed)
    seats = [make_bot(name, rng.randrange(2**63), ruleset, options) for name in bots]
    game = Round(ruleset, seed=seed, options=options, players=players, dealer=seed % players)
    result = play_bots(game, seats)
    settlement = game.settlement
    outcome = result["outcome"]
    winners = outcome.get("winners", [])
    facts = RoundInfo(
        players=players,
        dealer=game.dealer,
        drawn=bool(result["exhaustive_draw"]) and not winners,  # no win: 流局
        self_drawn=bool(winners) and bool(winners[0]["self_drawn"]),
        discarder=outcome.get("discarder"),
        bots=tuple(bots),
        turns=game.discards,  # the discard actions of the log, counted as they were played
        win_events=len(result.get("win_events", [winners] if winners else [])),
    )
    return summarize(dict(settlement.scores), settlement, facts, settlement.later_scores)
