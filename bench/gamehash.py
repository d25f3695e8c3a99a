"""`python -m bench.gamehash [--rounds N] [--rulebook NAME ...]`: one hash of many whole rounds.

A speed-up of the engine must play the same games. This hashes (sha256), for every bundled
rulebook (or those named), `N` rounds (default 100) over its player counts, seeds and dealers,
with random bots and every fifth round greedy bots in the even seats: each decision's legal
actions in order, the event log (`mjc.runtime.game.gamelog.log_lines`), the result, the
settlement and the final `Round.state()`; then each round's summary through `mjc simulate`'s
`PlayRound` for every fourth seed. It prints one line per rulebook and the total: run it on
main and on the branch, and the totals must be equal. Nothing here is timed or a test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from mjc.compiler.cli.simulate import engine_play_round, load_ruleset
from mjc.compiler.syntax.sources import bundled_rulebooks
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.gamelog import log_lines
from mjc.runtime.game.observation import observation
from mjc.runtime.rules.ruleset import Ruleset

__all__ = ["games_hash", "main"]


def _play(game: Round, bots: Sequence[Any], digest: Any) -> None:
    """Play `game` to its end, hashing each decision's legal actions."""
    while game.result is None:
        for seat in game.to_act():
            legal = game.legal_actions(seat)
            digest.update(repr(legal).encode())
            seen = None if getattr(bots[seat], "blind", False) else observation(game, seat)
            game.apply(bots[seat].choose(seen, legal))
            if game.result is not None:
                break


def games_hash(ruleset: Ruleset, rounds: int) -> str:
    """The hash of `rounds` rounds of `ruleset` under its defaults (see the module docstring)."""
    digest = hashlib.sha256()
    play_round = engine_play_round()
    counts = ruleset.players
    for i in range(rounds):
        players = counts[i % len(counts)]
        try:
            game = Round(ruleset, seed=1000 + i, players=players, dealer=i % players)
        except GameSetupError:
            continue
        greedy = i % 5 == 4
        bots = [
            GreedyBot(ruleset, game.values) if greedy and s % 2 == 0 else RandomBot(i * 7 + s)
            for s in range(players)
        ]
        _play(game, bots, digest)
        for line in log_lines(game):
            digest.update(line.encode())
        digest.update(json.dumps(game.result, sort_keys=True, default=str).encode())
        digest.update(repr(game.settlement).encode())
        digest.update(repr(game.state()).encode())
        if i % 4 == 0:
            options = ruleset.resolve_options(None, players=players)
            summary = play_round(ruleset, options, players, 77 + i, ("random",) * players)
            digest.update(repr(summary).encode())
    return digest.hexdigest()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gamehash", description=__doc__)
    parser.add_argument("--rounds", type=int, default=100, help="rounds per rulebook")
    parser.add_argument("--rulebook", action="append", help="a bundled rulebook (repeatable)")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    for name in args.rulebook or bundled_rulebooks():
        found = games_hash(load_ruleset(name), args.rounds)
        print(f"{name:<12} {found}")
        total.update(found.encode())
    print(f"{'total':<12} {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
