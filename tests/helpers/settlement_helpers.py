"""Helpers for the settlement tests: bundled rulesets compiled once, rounds in brief, and
bots-only rounds played until a payment rule shows, then replayed."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source, load
from mjc.runtime import Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import play_round
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.settle.lines import Line
from mjc.runtime.settle.settlement import Settlement

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def ruleset(name: str) -> Ruleset:
    loaded = load(name)
    assert loaded.ruleset is not None
    return loaded.ruleset


def settle(name: str, **round: Any) -> Settlement:
    result = ruleset(name).settle(round)
    # zero-sum, the deposits on the table (供託) counted: they move between rounds
    assert sum(result.deltas) + result.table_after - result.table_before == 0
    return result


def paid(result: Settlement) -> dict[tuple[int, int], int]:
    """(payer, payee) -> amount, summed over lines."""
    found: dict[tuple[int, int], int] = {}
    for line in result.lines:
        key = (line.payer, line.payee)
        found[key] = found.get(key, 0) + line.amount
    return found


# One kong of each kind: seat 0 concealed, seat 2 added, seat 3 exposed (fed by seat 0).
ONE_KONG_OF_EACH_KIND: list[dict[str, Any]] = [
    {"seat": 0, "kind": "concealed"},
    {"seat": 2, "kind": "added"},
    {"seat": 3, "kind": "exposed", "fed_by": 0},
]
# What `ONE_KONG_OF_EACH_KIND` pays (payer, payee, amount) where a concealed kong takes 2 from
# each, an added one 1 from each and an exposed one 3 from its feeder (百色, 潮州 conventions).
KONGS_PAID_2_1_3: list[tuple[int, int, int]] = [
    (1, 0, 2),
    (2, 0, 2),
    (3, 0, 2),  # concealed: 2 from each
    (0, 2, 1),
    (1, 2, 1),
    (3, 2, 1),  # added: 1 from each
    (0, 3, 3),  # exposed: 3 from the feeder
]


def kong_lines(result: Settlement) -> list[tuple[int, int, int]]:
    """(payer, payee, amount) of the kong payments, in settlement order."""
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("kong")]


def played_until(
    rules: Ruleset,
    wanted: Callable[[Line], bool],
    options: dict[str, object] | None = None,
    seeds: int = 60,
) -> Round:
    """The first round of greedy bots (seed 0, 1, …) whose settlement has a line `wanted`
    picks: a bots-only round that exercises a payment rule."""
    for seed in range(seeds):
        game = Round(rules, seed=seed, options=options)
        play_round(game, [GreedyBot(rules, options) for _ in range(game.players)])
        lines = game.settlement.lines if game.settlement is not None else []
        if any(wanted(line) for line in lines):
            return game
    raise AssertionError(f"no seed of {seeds} gave a round with the line wanted")


def assert_settles_and_replays(rules: Ruleset, game: Round) -> None:
    """The round sums to zero, and its log replays it event for event, line for line."""
    settled = game.settlement
    assert settled is not None  # zero-sum, the deposits on the table (供託) counted
    assert sum(settled.deltas) + settled.table_after - settled.table_before == 0
    again = replay(rules, log_lines(game, explicit_rules=False))
    assert again.events == game.events and again.result == game.result
    assert again.settlement is not None
    lines = [x.as_dict() for x in game.settlement.lines]
    assert [x.as_dict() for x in again.settlement.lines] == lines


def edited_ruleset(name: str, old: str, new: str) -> Ruleset:
    """Bundled rulebook `name` with the passage `old` rewritten as `new`, compiled into a
    module of its own: a rule the bundled rulebooks do not say, tried on a real table."""
    text = (ROOT / "rulebooks" / f"{name}.mjr").read_text(encoding="utf-8")
    assert old in text, f"{name}.mjr does not say {old!r}"
    compilation = compile_source(text.replace(old, new, 1), f"{name}_edited.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    digest = hashlib.sha256(new.encode("utf-8")).hexdigest()[:12]
    module = import_source(generate_module(compilation.rulebook), f"mjc_edited_{digest}", "e.py")
    ruleset: Ruleset = module.RULESET
    return ruleset
