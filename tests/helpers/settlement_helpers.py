"""Helpers for the settlement tests: bundled rulesets compiled once, and rounds in brief."""

from __future__ import annotations

import functools
from typing import Any

from mjc.compiler.loader import load
from mjc.runtime import Ruleset
from mjc.runtime.settle.settlement import Settlement


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
