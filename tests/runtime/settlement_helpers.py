"""Helpers for the settlement tests: bundled rulesets compiled once, and rounds in brief."""

from __future__ import annotations

import functools
from typing import Any

from compiler.loader import load
from runtime import Ruleset
from runtime.settle import Settlement


@functools.cache
def ruleset(name: str) -> Ruleset:
    loaded = load(name)
    assert loaded.ruleset is not None
    return loaded.ruleset


def settle(name: str, **round: Any) -> Settlement:
    result = ruleset(name).settle(round)
    assert sum(result.deltas) == 0
    return result


def paid(result: Settlement) -> dict[tuple[int, int], int]:
    """(payer, payee) -> amount, summed over lines."""
    found: dict[tuple[int, int], int] = {}
    for line in result.lines:
        key = (line.payer, line.payee)
        found[key] = found.get(key, 0) + line.amount
    return found
