"""The game engine's `PlayRound` and `PlayMatch` for simulations (`mjc simulate`, the bench):
one whole round, or one whole match.

`mjc.compiler.cli.simulate` imports `play_round` from here by name (it crosses process and
machine boundaries by reference) and calls it with the rulebook, its resolved options, the
player count, the game's seed and each seat's bot name (`mjc.runtime.sim.rounds.BOT_NAMES`).
The round is a `mjc.runtime.game.engine.Round` played by the engine's bots; its settlement and each
winner's score become the `RoundSummary` the balance report reads. The dealer turns with the
seed so that every seat deals equally often over a run. `play_match` plays a `Match` of the
rulebook's length (`mjc simulate --matches`) and sums it up as a `MatchSummary`
(`mjc.runtime.sim.matches`), each of its rounds summarised as `play_round` summarises one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, Bot, RandomBot, play_round as play_bots
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.sim.matches import MatchSummary
from mjc.runtime.sim.rounds import BOT_NAMES, RoundInfo, RoundSummary, summarize

__all__ = ["MAX_MATCH_ROUNDS", "make_bot", "play_match", "play_round"]

MAX_MATCH_ROUNDS = 1000  # a match still on after so many rounds is a failed game


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
    seats = _seats(ruleset, options, seed, bots)
    game = Round(ruleset, seed=seed, options=options, players=players, dealer=seed % players)
    return _summary(game, play_bots(game, seats), bots)


def play_match(
    ruleset: Ruleset,
    options: Mapping[str, object],
    players: int,
    seed: int,
    bots: tuple[str, ...],
) -> MatchSummary:
    """Play one whole match (`Match`, seeded `seed`, its first dealer the rules') with
    `bots[seat]` in each seat until it is over, and sum it up (deterministic in its
    arguments); `RuntimeError` for a match still on after `MAX_MATCH_ROUNDS` rounds."""
    seats = _seats(ruleset, options, seed, bots)
    match = Match(ruleset, seed=seed, options=options, players=players)
    rounds: list[RoundSummary] = []
    while not match.over:
        if len(rounds) == MAX_MATCH_ROUNDS:
            raise RuntimeError(f"the match did not end within {MAX_MATCH_ROUNDS} rounds")
        game = match.next_round()
        result = play_bots(game, seats)
        match.finish(game)
        rounds.append(_summary(game, result, bots))
    final = match.final_scores()
    return MatchSummary(
        players=players,
        first_dealer=match.first_dealer,
        bots=tuple(bots),
        rounds=tuple(rounds),
        points=tuple(match.scores),
        final=None if final is None else tuple(final),
        placement=tuple(match.placement()),
        ended_by=match.ended_by or "length",
        extra_rounds=match.extra_rounds,
    )


def _seats(
    ruleset: Ruleset, options: Mapping[str, object], seed: int, bots: tuple[str, ...]
) -> list[Bot]:
    """Each seat's bot, seeded from the game's seed."""
    rng = random.Random(seed)
    return [make_bot(name, rng.randrange(2**63), ruleset, options) for name in bots]


def _summary(game: Round, result: dict[str, Any], bots: tuple[str, ...]) -> RoundSummary:
    """The summary of a finished round (`result` is its result)."""
    settlement = game.settlement
    outcome = result["outcome"]
    winners = outcome.get("winners", [])
    facts = RoundInfo(
        players=game.players,
        dealer=game.dealer,
        drawn=bool(result["exhaustive_draw"]) and not winners,  # no win: 流局
        self_drawn=bool(winners) and bool(winners[0]["self_drawn"]),
        discarder=outcome.get("discarder"),
        bots=tuple(bots),
        turns=game.discards,  # the discard actions of the log, counted as they were played
        win_events=len(result.get("win_events", [winners] if winners else [])),
    )
    return summarize(dict(settlement.scores), settlement, facts, settlement.later_scores)
