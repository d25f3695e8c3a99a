"""Whole matches in a simulation: what a finished match hands the report, and their aggregate.

A rulebook whose play rules give a match its length (`match_winds`: 東風戦, 半荘戦) is
simulated match by match under `mjc simulate --matches N`: a `PlayMatch` (`play_match(ruleset,
options, players, seed, bots) -> MatchSummary`, deterministic in its arguments and importable by
name, as a `PlayRound` is) plays one match from its first round until `Match.over`, and sums it
up as a `MatchSummary`: the `RoundSummary` of each round it dealt (the rounds' balance report
reads them as it reads single rounds), each seat's points, final score (返し点, ウマ, オカ) and
place at the end, how the match ended (`Match.ended_by`: `ENDINGS`) and how many rounds its
extra winds (西入) dealt.

`MatchTally` aggregates matches as `mjc.runtime.sim.stats.Tally` aggregates rounds, in exact
integers that merge in any order: the number of rounds per match (each length counted, so its
distribution is exact), the endings, the matches that went into extra winds, the points that
changed hands per round, and the standing of each seat counted from the first dealer (起家 is
seat 0 there, the next in turn 1 ...: the 起家 advantage is read from it) and of each bot.
`match_metrics` gives the figures two settings are compared on, match by match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from mjc.runtime.sim.rounds import RoundSummary
from mjc.runtime.sim.stats import SumStat

if TYPE_CHECKING:
    from mjc.runtime.rules.ruleset import Ruleset

__all__ = [
    "ENDINGS",
    "MatchSummary",
    "MatchTally",
    "PlayMatch",
    "Standing",
    "match_metrics",
    "points_moved",
]

# How a match ends (`Match.ended_by`), in the order the report lists them: its length (the
# last wind's last dealer lost the deal), 飛び (a seat below zero), in its extra winds (西入:
# a seat reached the target, or they ran out), 和了止め (its last dealer stopped it).
ENDINGS: tuple[str, ...] = ("length", "negative", "extra_winds", "dealer_stops")


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One finished match: its table (`players`, `first_dealer`, each seat's bot), the summary
    of each round in the order they were dealt, each seat's points at the end, its final score
    (None where the rules give none), the seats from first place to last, how it ended (one of
    `ENDINGS`) and the rounds its extra winds dealt."""

    players: int
    first_dealer: int
    bots: tuple[str, ...]
    rounds: tuple[RoundSummary, ...]
    points: tuple[int, ...]
    final: tuple[int, ...] | None
    placement: tuple[int, ...]
    ended_by: str
    extra_rounds: int

    def from_first_dealer(self, seat: int) -> int:
        """The seat counted from the first dealer (起家 0, then in turn order)."""
        return (seat - self.first_dealer) % self.players

    def place(self, seat: int) -> int:
        """The seat's place at the end: 1 for the first."""
        return self.placement.index(seat) + 1


class PlayMatch(Protocol):
    """Plays one whole match with the given bots (one per seat) and sums it up; the same
    arguments always give the same summary. `options` are the rulebook's resolved values."""

    def __call__(
        self,
        ruleset: Ruleset,
        options: Mapping[str, object],
        players: int,
        seed: int,
        bots: tuple[str, ...],
    ) -> MatchSummary: ...


def points_moved(summary: RoundSummary) -> int:
    """The points that changed hands in a round: the sum of the seats' gains."""
    return sum(delta for delta in summary.deltas if delta > 0)


@dataclass(slots=True)
class Standing:
    """The matches of one seat (counted from the first dealer) or one bot: the points at the
    end, the final score (of the matches that have one), the place and the first places."""

    points: SumStat = field(default_factory=SumStat)
    final: SumStat = field(default_factory=SumStat)
    place: SumStat = field(default_factory=SumStat)
    first: int = 0

    def add(self, points: int, final: int | None, place: int) -> None:
        self.points.add(points)
        if final is not None:
            self.final.add(final)
        self.place.add(place)
        self.first += place == 1

    def merge(self, other: Standing) -> None:
        self.points.merge(other.points)
        self.final.merge(other.final)
        self.place.merge(other.place)
        self.first += other.first

    def state(self) -> list[Any]:
        return [self.points.state(), self.final.state(), self.place.state(), self.first]

    @classmethod
    def of(cls, state: list[Any]) -> Standing:
        points, final, place, first = state
        return cls(SumStat.of(points), SumStat.of(final), SumStat.of(place), int(first))


@dataclass(slots=True)
class MatchTally:
    """The aggregate of the matches of one setting (see the module docstring)."""

    matches: int = 0
    lengths: Counter[int] = field(default_factory=Counter)  # rounds in a match -> matches
    endings: Counter[str] = field(default_factory=Counter)  # `ENDINGS` -> matches
    extra: int = 0  # matches that went into their extra winds (西入)
    extra_rounds: SumStat = field(default_factory=SumStat)  # per match
    moved: SumStat = field(default_factory=SumStat)  # points that changed hands, per round
    seats: dict[int, Standing] = field(default_factory=dict)  # from the first dealer
    bots: dict[str, Standing] = field(default_factory=dict)

    def add(self, summary: MatchSummary) -> None:
        """Count one finished match."""
        self.matches += 1
        self.lengths[len(summary.rounds)] += 1
        self.endings[summary.ended_by] += 1
        self.extra += summary.extra_rounds > 0
        self.extra_rounds.add(summary.extra_rounds)
        for played in summary.rounds:
            self.moved.add(points_moved(played))
        for seat in range(summary.players):
            final = None if summary.final is None else summary.final[seat]
            figures = (summary.points[seat], final, summary.place(seat))
            self.seats.setdefault(summary.from_first_dealer(seat), Standing()).add(*figures)
            self.bots.setdefault(summary.bots[seat], Standing()).add(*figures)

    def merge(self, other: MatchTally) -> None:
        """Add another aggregate into this one (any order gives the same result)."""
        self.matches += other.matches
        self.lengths.update(other.lengths)
        self.endings.update(other.endings)
        self.extra += other.extra
        self.extra_rounds.merge(other.extra_rounds)
        self.moved.merge(other.moved)
        for key, standing in other.seats.items():
            self.seats.setdefault(key, Standing()).merge(standing)
        for name, standing in other.bots.items():
            self.bots.setdefault(name, Standing()).merge(standing)

    def state(self) -> dict[str, Any]:
        """The aggregate as JSON data, keys sorted (`MatchTally.of` reads it back)."""
        return {
            "matches": self.matches,
            "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
            "endings": dict(sorted(self.endings.items())),
            "extra": self.extra,
            "extra_rounds": self.extra_rounds.state(),
            "moved": self.moved.state(),
            "seats": {str(k): v.state() for k, v in sorted(self.seats.items())},
            "bots": {k: v.state() for k, v in sorted(self.bots.items())},
        }

    @classmethod
    def of(cls, state: Mapping[str, Any]) -> MatchTally:
        """The aggregate from its `state()`; raises `KeyError`, `TypeError` or `ValueError`
        for data that is not one."""
        return cls(
            matches=int(state["matches"]),
            lengths=Counter({int(k): int(v) for k, v in state["lengths"].items()}),
            endings=Counter({str(k): int(v) for k, v in state["endings"].items()}),
            extra=int(state["extra"]),
            extra_rounds=SumStat.of(state["extra_rounds"]),
            moved=SumStat.of(state["moved"]),
            seats={int(k): Standing.of(v) for k, v in state["seats"].items()},
            bots={str(k): Standing.of(v) for k, v in state["bots"].items()},
        )


def match_metrics(summary: MatchSummary) -> dict[str, int]:
    """The per-match figures two settings are compared on, match by match (paired): the
    rounds it lasted, each ending and the extra winds as 0/1, the points that changed hands,
    and for each seat counted from the first dealer its final score (its points where the
    rules give none) and its place."""
    metrics = {
        "rounds": len(summary.rounds),
        "extra_winds": int(summary.extra_rounds > 0),
        "moved": sum(points_moved(played) for played in summary.rounds),
    }
    for ending in ENDINGS:
        metrics[f"ended {ending}"] = int(summary.ended_by == ending)
    for seat in range(summary.players):
        key = summary.from_first_dealer(seat)
        final = summary.points[seat] if summary.final is None else summary.final[seat]
        metrics[f"final {key}"] = final
        metrics[f"place {key}"] = summary.place(seat)
    return metrics
