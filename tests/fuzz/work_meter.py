"""The work of scoring a hand, counted rather than timed: the fuzz tests' budget.

`metered(cost)` traces scoring (`sys.settrace`) and counts its events: each line run and each
call, a generator's resumption included, so every turn of a generated quantifier's loop is
one or two events. That count is the same on every machine and every run, unlike a time. The
events in the generated module (frames whose file is `<generated from …>`) are held to a
budget per reading of the hand (one call of the generated `score_fans`) that grows with the
rulebook's static bound (`mjc.compiler.check.cost.rulebook_cost`): `EVENTS_PER_STEP` events
per step of the bound, plus `OVERHEAD` for the generated functions' own lines. Since the
check refuses a rulebook over `MAX_RULEBOOK_STEPS`, that is a fixed budget for every
rulebook it accepts. The rest of the runtime gets `RUNTIME_BUDGET` events a hand, whatever
the rulebook (a bound only: the runtime's caches of hands outlive a ruleset, so a hand
seen before costs it less). A count over budget stops the scoring there, so a loop the
check let through fails the test within seconds instead of hanging it.

The numbers the generated `score_fans` and `adjust` return (each fan's count and worth, the
hand's value through the adjustments) are collected in `Work.numbers`, for the test to hold
them to the static bound on numbers: the tracer sees them one return at a time, so a number
too large to compute at all would still hang (the fuzz tests keep their costly numbers near
the bound, where computing one is cheap).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from mjc.compiler.check.cost import MAX_RULEBOOK_STEPS, Cost

GENERATED = "<generated from"
EVENTS_PER_STEP = 4
OVERHEAD = 2_000
RUNTIME_BUDGET = 200_000
FIXED_BUDGET = EVENTS_PER_STEP * MAX_RULEBOOK_STEPS + OVERHEAD
"""Events in generated code a reading of any accepted rulebook may take."""


class OverBudget(BaseException):
    """Raised inside the scoring by the tracer; a BaseException, so that no `except
    Exception` of the runtime can take it for an error of the hand."""


@dataclass
class Work:
    """What one metered scoring did: events in the generated module and elsewhere, readings
    (calls of `score_fans`), and the numbers scoring returned."""

    budget: int
    generated: int = 0
    runtime: int = 0
    readings: int = 0
    numbers: list[int] = field(default_factory=list)

    def allowed(self) -> int:
        """The events the generated code may have taken so far: a budget per reading."""
        return self.budget * (self.readings + 1)


@contextmanager
def metered(cost: Cost) -> Iterator[Work]:
    """Count the work of the scoring run inside; raises OverBudget as soon as it passes the
    budget that `cost`, the rulebook's static bound, allows."""
    work = Work(min(EVENTS_PER_STEP * cost.steps + OVERHEAD, FIXED_BUDGET))

    def count(frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename.startswith(GENERATED):
            work.generated += 1
            if event == "call" and frame.f_code.co_name == "score_fans":
                work.readings += 1
            elif event == "return" and frame.f_code.co_name in RETURNS:
                work.numbers += RETURNS[frame.f_code.co_name](arg)
            if work.generated > work.allowed():
                raise OverBudget(
                    f"{work.generated:,} events in generated code over {work.readings} "
                    f"readings: the budget is {work.budget:,} a reading"
                )
        else:
            work.runtime += 1
            if work.runtime > RUNTIME_BUDGET:
                raise OverBudget(f"{work.runtime:,} events in the runtime for one hand")
        return count

    previous = sys.gettrace()
    sys.settrace(count)
    try:
        yield work
    finally:
        sys.settrace(previous)


def _scored(value: Any) -> list[int]:
    """`score_fans`'s (total, kept, notes): the total, and each kept fan's count and worth."""
    if not isinstance(value, tuple) or len(value) != 3:
        return []  # an exception leaving the frame
    total, kept, _ = value
    return [total, *(n for _, count, worth in kept for n in (count, worth))]


def _adjusted(value: Any) -> list[int]:
    """`adjust`'s (total, least, capped, ceiling, steps): every number but the flag."""
    if not isinstance(value, tuple) or len(value) != 5:
        return []
    total, least, _, ceiling, steps = value
    found = [total, least, *(n for _, by, after, _ in steps for n in (by, after))]
    return found + ([ceiling] if ceiling is not None else [])


RETURNS = {"score_fans": _scored, "adjust": _adjusted}
