"""Timing helpers: medians of repeated passes, measured in CPU time (`time.process_time`).

Every figure of the benchmark is the median of several timed passes in this one process (one
thread, so one core). A pass is timed by the CPU time this process spent in it, not by the
wall clock: on a shared, loaded machine the wall clock also counts the time other processes
held the core, which under-reports a one-core figure by however busy the machine was. Both
sides of every comparison are measured the same way in the same run. (Sections that time
other processes — cold start, `--batch`, `bench.simulate`'s workers — keep the wall clock:
their point is what a user waits for, or a parallel speed-up.) Scoring passes are `fresh`:
each meets hands no earlier pass met (`Contestant.fresh`). The garbage collector is paused
during each pass, as `timeit` does, and frees each pass's garbage between passes, so that a
collection caused by one side's allocations is not billed to the other.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["Contestant", "Timing", "time_call", "time_interleaved", "time_pass"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Timing:
    """Seconds per run: every run, and their median. `items` is how many calls one run made
    (0 for a single call such as a compilation)."""

    runs: tuple[float, ...]
    items: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def per_second(self) -> float:
        """Calls per second at the median run."""
        return self.items / self.median if self.median > 0 else float("inf")


def _one_pass(fn: Callable[..., object], items: Sequence[T], extra: tuple[object, ...]) -> float:
    start = time.process_time()
    if not extra:
        for item in items:
            fn(item)
    elif len(extra) == 1:
        (arg,) = extra
        for item in items:
            fn(item, arg)
    else:
        for item in items:
            fn(item, *extra)
    return time.process_time() - start


@dataclass(frozen=True, slots=True)
class Contestant:
    """One function to time: `fn(item, *extra)` for each item of `items`.

    With `fresh`, `items` is cut into one equal slice per pass (the warm-up passes first),
    so that every timed pass meets items no earlier pass met: a memo keyed by something of
    the item (a hand's situation, its suit keys, the fans it scored) then helps only as much
    as it would on hands a game server has not seen, not by remembering the same hands.
    Contestants compared in one run should all be fresh or none, on items in the same order."""

    fn: Callable[..., object]
    items: Sequence[object]
    extra: tuple[object, ...] = ()
    fresh: bool = False

    def slice(self, index: int, passes: int) -> Sequence[object]:
        """The items of pass `index` of `passes` (all of them unless `fresh`)."""
        if not self.fresh:
            return self.items
        size = max(1, len(self.items) // passes)  # fewer items than passes: some repeat
        start = index * size % max(1, len(self.items))
        return self.items[start : start + size]


def time_interleaved(
    contestants: Sequence[Contestant], repeats: int, warmup: int = 1
) -> list[Timing]:
    """Time every contestant over its items, `repeats` passes each, after `warmup` untimed
    passes (which fill each side's caches the same way).

    Passes are interleaved (one pass of each contestant per round, the order rotating from one
    round to the next), so a slow spell of the machine weighs on every side alike and the
    ratios stay steady even when the absolute figures wander. The loop is the same for every
    contestant, so its own cost (tens of nanoseconds a call) is shared too.
    """
    passes = warmup + repeats
    for w in range(warmup):
        for c in contestants:
            _one_pass(c.fn, c.slice(w, passes), c.extra)
    runs: list[list[float]] = [[] for _ in contestants]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for r in range(repeats):
            for k in range(len(contestants)):
                i = (k + r) % len(contestants)
                c = contestants[i]
                # The collector stays paused through the passes, so all a pass made is still
                # in the youngest generation: collecting that one frees the last pass's cycles
                # at the cost of what it made, not of the whole heap (a full collection took
                # a second in a process holding as much as a test worker does).
                gc.collect(0)
                runs[i].append(_one_pass(c.fn, c.slice(warmup + r, passes), c.extra))
    finally:
        if enabled:
            gc.enable()
    return [
        Timing(tuple(r), len(c.slice(0, passes))) for r, c in zip(runs, contestants, strict=True)
    ]


def time_pass(
    fn: Callable[..., object],
    items: Sequence[T],
    repeats: int,
    *,
    extra: tuple[object, ...] = (),
    warmup: int = 1,
) -> Timing:
    """`time_interleaved` for a single contestant."""
    return time_interleaved([Contestant(fn, items, extra)], repeats, warmup)[0]


def time_call(
    fn: Callable[[], object], repeats: int, before: Callable[[], object] | None = None
) -> Timing:
    """Time `fn()` `repeats` times (CPU time), calling `before()` (untimed) ahead of each
    run."""
    runs: list[float] = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.process_time()
        fn()
        runs.append(time.process_time() - start)
    return Timing(tuple(runs))
