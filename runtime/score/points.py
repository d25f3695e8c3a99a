"""The fu (符) of a reading and the points (点) a hand is paid on, for a rulebook with the fu and
points sections (Riichi), and the choice of the reading with the most points.

A generated module supplies `fu_count` (the fu of one reading and its parts, from the fu
section) and `points` (the points and the limit naming them, from the points section); both run
after the fans and the adjustments of the reading. `Ruleset.score` (`mjc.runtime.rules.ruleset`)
values the reading it keeps with `value_reading`, and among several readings keeps the one with
the most points, then one holding a fan the scoring `prefer`s, then the most han, then the
most fu, then the most fu before rounding (`best_by_points`), instead of the highest total
alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from mjc.runtime.score.explain import Notes
from mjc.runtime.score.scoring import Kept, Situation
from mjc.runtime.wins.arrange import Arrangement

__all__ = [
    "FuCount",
    "FuParts",
    "PointsOf",
    "SharedScoreFans",
    "Summarize",
    "Summary",
    "Valued",
    "best_by_points",
    "value_reading",
]

FuParts = tuple[tuple[str, int], ...]
# A reading's summary, the fields a generated module's `summarize_arrangement` returns, and
# that function, when the module shares the summary between `score_fans` and `fu_count`.
Summary = tuple[int, ...]
Summarize = Callable[[Arrangement], Summary]


class SharedScoreFans(Protocol):
    """The generated `score_fans` of a module that shares the reading's summary with
    `fu_count` (`RulesetSpec.summary`): the `ScoreFans` call, and the summary as `x` (made
    by the caller once per reading; None: made by the function itself)."""

    def __call__(
        self,
        a: Arrangement,
        s: Situation,
        o: dict[str, Any],
        raw: list[int] | None = None,
        x: Summary | None = None,
        /,
    ) -> tuple[int, Kept, Notes]: ...


FuCount = Callable[..., tuple[int, FuParts]]  # (arrangement, situation, values, kept[, summary])
PointsOf = Callable[
    [Arrangement, Situation, dict[str, Any], Kept, int, int], tuple[int, str | None]
]
# A reading's scoring functions (`score_fans`, `adjust`, `reject` or None), as `best_reading`'s.
Valuers = tuple[Any, Any, Any]


class Valued(NamedTuple):
    """What the fu and points sections make of one reading: its fu (None without a fu
    section) and the parts as (label, fu), its points (None without a points section) and
    the limit that names them (None: the base, or no points section)."""

    fu: int | None
    parts: FuParts
    points: int | None
    limit: str | None


def _fu_of(
    fu_count: FuCount | None,
    arrangement: Arrangement,
    situation: Situation,
    values: dict[str, Any],
    kept: Kept,
    summary: Summary | None,
) -> tuple[int | None, FuParts]:
    """A reading's fu and its parts (None and none for a rulebook without fu); given the
    reading's `summary`, `fu_count` reads it."""
    if fu_count is None:
        return None, ()
    if summary is None:
        return fu_count(arrangement, situation, values, kept)
    return fu_count(arrangement, situation, values, kept, summary)


def value_reading(
    fu_count: FuCount | None,
    points: PointsOf | None,
    arrangement: Arrangement,
    situation: Situation,
    values: dict[str, Any],
    kept: Kept,
    total: int,
    summary: Summary | None = None,
) -> Valued:
    """The fu and the points of one reading whose fans (`kept`) and total are known; given
    the reading's `summary`, `fu_count` reads it (`RulesetSpec.summary`)."""
    fu, parts = _fu_of(fu_count, arrangement, situation, values, kept, summary)
    if points is None:
        return Valued(fu, parts, None, None)
    amount, limit = points(arrangement, situation, values, kept, total, fu or 0)
    return _new_valued(Valued, (fu, parts, amount, limit))  # the fields in order, no frame


_new_valued = tuple.__new__


def best_by_points(
    found: Sequence[Arrangement],
    situation: Situation,
    values: dict[str, Any],
    valuers: Valuers,
    fu_count: FuCount | None,
    points: PointsOf,
    prefer: frozenset[int] = frozenset(),
    summarize: Summarize | None = None,
    summarized_first: Summary | None = None,
) -> tuple[tuple[Any, ...], Valued]:
    """The best of several readings where a hand is paid on its points: one that may win
    before one refused, then the most points, then one holding a fan the scoring `prefer`s
    (a real 役満 before a 数え役満 of the same points, as Tenhou and `mahjong` choose), then
    the most han (the total), then the most fu, then the most fu before rounding (the sum
    of its parts, as `mahjong` breaks such a tie); the first of equals. Returns what
    `best_reading` returns (arrangement, total, kept, notes, floor, refusal, ceiled,
    ceiling, steps) and the reading's fu and points. Given the module's `summarize` of the
    summary that `score_fans` and `fu_count` share, each arrangement is summarized once, and
    the readings of one arrangement (its winning tile's places) share it; given
    `summarized_first` too, the summary of the first reading's arrangement, it is not made
    again. An `adjust` of None stands for a rulebook without adjustments (`Ruleset._adjusts`:
    a value is only kept at least 0)."""
    score_fans, adjust, reject = valuers
    best: tuple[Any, ...] | None = None
    best_valued: tuple[Any, ...] | None = None
    best_key: tuple[bool, int, bool, int, int, int] | None = None
    summary: Summary | None = summarized_first
    summarized: tuple[object, ...] = found[0][:4] if summarized_first is not None else ()
    for arrangement in found:
        if summarize is None:
            total, kept, notes = score_fans(arrangement, situation, values)
        else:
            # What the summary reads: the shape, melds, pairs and tiles.
            head = arrangement[:4]
            if summary is None or head != summarized:
                summary, summarized = summarize(arrangement), head
            total, kept, notes = score_fans(arrangement, situation, values, None, summary)
        if adjust is None:  # no floor, multiplier, ceiling or fix: the value kept at least 0
            least, ceiled, ceiling, steps = 0, False, None, ()
            if total < 0:
                total = 0
        else:
            total, least, ceiled, ceiling, steps = adjust(
                arrangement, situation, values, kept, total
            )
        rejected = reject(arrangement, situation, values, kept, total) if reject else None
        if rejected is not None and best_key is not None and best_key[0]:
            continue  # refused, and one that may win is held: its points could not matter
        # `value_reading`'s work, with a `Valued` made only of the reading kept.
        fu, parts = _fu_of(fu_count, arrangement, situation, values, kept, summary)
        amount, limit = points(arrangement, situation, values, kept, total, fu or 0)
        counted = sum(map(_FU_OF, parts))
        preferred = bool(prefer) and not prefer.isdisjoint(map(_FAN_OF, kept))
        key = (rejected is None, amount or 0, preferred, total, fu or 0, counted)
        if best_key is None or key > best_key:
            best = (arrangement, total, kept, notes, least, rejected, ceiled, ceiling, steps)
            best_valued = (fu, parts, amount, limit)
            best_key = key
    assert best is not None and best_valued is not None  # `found` is never empty here
    return best, _new_valued(Valued, best_valued)


_FU_OF = itemgetter(1)  # of a fu part (label, fu)
_FAN_OF = itemgetter(0)  # of a kept fan (index, count, value)
