"""The streaming aggregate of a simulation: exact counters that merge in any order.

Every figure a round contributes is an integer (a count, a hand's total, a seat's delta, an
amount paid), so the aggregate keeps exact integer sums: counts, sums and sums of squares
(`SumStat`, from which mean and variance follow exactly, with no Welford drift), and the exact
count of every hand total seen (totals are small integers: quantiles and histograms are read
from them). Adding and merging are integer additions, associative and commutative: chunks of
games merged in any order, by any number of workers, give the identical aggregate, and so the
identical report. Memory is flat in the number of games: the keys are bounded by the rulebook
(fans, scoring rules, seats, bots, distinct totals), and failures keep the first few only.

Input: `RoundSummary` values (`mjc.runtime.sim.rounds`), and the aggregate's own JSON state
(checkpoints of `mjc.runtime.sim.run`). Intervals for the report are in `mjc.runtime.sim.interval`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mjc.runtime.sim.rounds import PAYMENT_KINDS, RoundSummary, payment_kind

__all__ = ["MAX_FAILURES", "Failure", "Paired", "SumStat", "Tally", "game_metrics"]

MAX_FAILURES = 20  # failed games kept with their logs (the lowest indices); all are counted
MAX_LOG = 4000  # characters of a failed game's log kept


@dataclass(slots=True)
class SumStat:
    """Count, sum and sum of squares of integer observations."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: SumStat) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def state(self) -> list[int]:
        return [self.n, self.total, self.squares]

    @classmethod
    def of(cls, state: Iterable[int]) -> SumStat:
        n, total, squares = state
        return cls(int(n), int(total), int(squares))


@dataclass(frozen=True, slots=True)
class Failure:
    """A game that could not be played: its index and seed, the variant it failed under,
    the one-line error and the game's log (what the round player raised, or its traceback)."""

    index: int
    seed: int
    variant: int
    error: str
    log: str

    def state(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "variant": self.variant,
            "error": self.error,
            "log": self.log[:MAX_LOG],
        }


@dataclass(slots=True)
class _SeatStat:
    """One seat's (or one bot's) deltas: all rounds, and the gains and losses apart."""

    delta: SumStat = field(default_factory=SumStat)
    gain: SumStat = field(default_factory=SumStat)
    loss: SumStat = field(default_factory=SumStat)

    def add(self, value: int) -> None:
        self.delta.add(value)
        if value > 0:
            self.gain.add(value)
        elif value < 0:
            self.loss.add(-value)

    def merge(self, other: _SeatStat) -> None:
        self.delta.merge(other.delta)
        self.gain.merge(other.gain)
        self.loss.merge(other.loss)

    def state(self) -> list[list[int]]:
        return [self.delta.state(), self.gain.state(), self.loss.state()]

    @classmethod
    def of(cls, state: list[list[int]]) -> _SeatStat:
        return cls(*(SumStat.of(s) for s in state))


@dataclass(slots=True)
class Tally:
    """The aggregate of the rounds of one variant: what the balance report is built from."""

    rounds: int = 0
    wins: int = 0  # rounds with a winner
    draws: int = 0
    self_draws: int = 0
    dealer_wins: int = 0
    multiple: int = 0  # rounds with more than one winner
    values: Counter[int] = field(default_factory=Counter)  # hand total -> winning hands
    fans: Counter[str] = field(default_factory=Counter)  # fan id -> hands it counted in
    steps: Counter[str] = field(default_factory=Counter)  # "kind rule" -> hands it fired in
    seats: dict[int, _SeatStat] = field(default_factory=dict)
    bots: dict[str, _SeatStat] = field(default_factory=dict)
    paid: dict[str, SumStat] = field(default_factory=dict)  # kind -> amount per round
    paid_rounds: Counter[str] = field(default_factory=Counter)  # kind -> rounds it was paid in
    turns: SumStat = field(default_factory=SumStat)
    win_events: SumStat = field(default_factory=SumStat)  # win events per round
    failed: int = 0
    failures: list[Failure] = field(default_factory=list)

    def add(self, summary: RoundSummary) -> None:
        """Count one finished round."""
        info = summary.info
        self.rounds += 1
        self.draws += not summary.winners
        self.wins += bool(summary.winners)
        self.self_draws += bool(summary.winners) and info.self_drawn
        self.dealer_wins += summary.dealer_won
        self.multiple += len(summary.winners) > 1
        self.turns.add(info.turns)
        self.win_events.add(info.win_events)
        for winner in summary.winners:
            self.values[winner.total] += 1
            self.fans.update({fan.id for fan in winner.fans})
            self.steps.update({f"{step.kind} {step.rule}" for step in winner.steps})
        for seat, delta in enumerate(summary.deltas):
            self.seats.setdefault(seat, _SeatStat()).add(delta)
            self.bots.setdefault(info.bots[seat], _SeatStat()).add(delta)
        amounts = dict.fromkeys(PAYMENT_KINDS, 0)
        for line in summary.lines:
            amounts[payment_kind(line)] += line.amount
        for kind, amount in amounts.items():
            self.paid.setdefault(kind, SumStat()).add(amount)
            self.paid_rounds[kind] += amount > 0

    def fail(self, failure: Failure) -> None:
        """Count a game that could not be played, keeping the first few by index."""
        self.failed += 1
        self.failures = _first_failures([*self.failures, failure])

    def merge(self, other: Tally) -> None:
        """Add another aggregate into this one (any order gives the same result)."""
        for name in ("rounds", "wins", "draws", "self_draws", "dealer_wins", "multiple", "failed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.values.update(other.values)
        self.fans.update(other.fans)
        self.steps.update(other.steps)
        self.paid_rounds.update(other.paid_rounds)
        _merge_into(self.seats, other.seats, _SeatStat)
        _merge_into(self.bots, other.bots, _SeatStat)
        _merge_into(self.paid, other.paid, SumStat)
        self.turns.merge(other.turns)
        self.win_events.merge(other.win_events)
        self.failures = _first_failures([*self.failures, *other.failures])

    def state(self) -> dict[str, Any]:
        """The aggregate as JSON data, keys sorted (`Tally.of` reads it back)."""
        return {
            "counts": [
                self.rounds,
                self.wins,
                self.draws,
                self.self_draws,
                self.dealer_wins,
                self.multiple,
                self.failed,
            ],
            "values": {str(k): v for k, v in sorted(self.values.items())},
            "fans": dict(sorted(self.fans.items())),
            "steps": dict(sorted(self.steps.items())),
            "seats": {str(k): v.state() for k, v in sorted(self.seats.items())},
            "bots": {k: v.state() for k, v in sorted(self.bots.items())},
            "paid": {k: v.state() for k, v in sorted(self.paid.items())},
            "paid_rounds": dict(sorted(self.paid_rounds.items())),
            "turns": self.turns.state(),
            "win_events": self.win_events.state(),
            "failures": [f.state() for f in self.failures],
        }

    @classmethod
    def of(cls, state: Mapping[str, Any]) -> Tally:
        """The aggregate from its `state()`; raises `KeyError`, `TypeError` or `ValueError`
        for data that is not one."""
        rounds, wins, draws, self_draws, dealer_wins, multiple, failed = state["counts"]
        return cls(
            rounds=int(rounds),
            wins=int(wins),
            draws=int(draws),
            self_draws=int(self_draws),
            dealer_wins=int(dealer_wins),
            multiple=int(multiple),
            values=Counter({int(k): int(v) for k, v in state["values"].items()}),
            fans=Counter({str(k): int(v) for k, v in state["fans"].items()}),
            steps=Counter({str(k): int(v) for k, v in state["steps"].items()}),
            seats={int(k): _SeatStat.of(v) for k, v in state["seats"].items()},
            bots={str(k): _SeatStat.of(v) for k, v in state["bots"].items()},
            paid={str(k): SumStat.of(v) for k, v in state["paid"].items()},
            paid_rounds=Counter({str(k): int(v) for k, v in state["paid_rounds"].items()}),
            turns=SumStat.of(state["turns"]),
            win_events=SumStat.of(state.get("win_events", (0, 0, 0))),
            failed=int(failed),
            failures=[Failure(**f) for f in state["failures"]],
        )


def _merge_into(mine: dict[Any, Any], theirs: Mapping[Any, Any], make: type[Any]) -> None:
    for key, stat in theirs.items():
        mine.setdefault(key, make()).merge(stat)


def _first_failures(failures: list[Failure]) -> list[Failure]:
    """The failures of the lowest game indices, at most `MAX_FAILURES`, in index order."""
    unique = {(f.index, f.variant): f for f in failures}
    return [unique[k] for k in sorted(unique)][:MAX_FAILURES]


def game_metrics(summary: RoundSummary) -> dict[str, int]:
    """The per-game figures two variants are compared on, game by game (paired): the round's
    outcome as 0/1, the value won (the winners' totals, 0 in a draw), how many winners each
    fan counted for, and each seat's delta."""
    metrics = {
        "win": int(bool(summary.winners)),
        "draw": int(not summary.winners),
        "self_draw": int(bool(summary.winners) and summary.info.self_drawn),
        "dealer_win": int(summary.dealer_won),
        "value": sum(w.total for w in summary.winners),
    }
    for winner in summary.winners:
        for fan_id in {fan.id for fan in winner.fans}:
            key = f"fan {fan_id}"
            metrics[key] = metrics.get(key, 0) + 1
    for seat, delta in enumerate(summary.deltas):
        metrics[f"seat {seat}"] = delta
    return metrics


@dataclass(slots=True)
class Paired:
    """Game-by-game differences of `game_metrics` between a variant and the baseline: for
    each metric the count, sum and sum of squares of (variant - baseline). A metric missing
    from one side of a game is 0 there (a fan that did not occur)."""

    games: int = 0
    diffs: dict[str, SumStat] = field(default_factory=dict)  # every metric seen on a side

    def add(self, base: Mapping[str, int], other: Mapping[str, int]) -> None:
        self.games += 1
        for key in set(base) | set(other):
            self.diffs.setdefault(key, SumStat()).add(other.get(key, 0) - base.get(key, 0))

    def stat(self, key: str) -> SumStat:
        """The differences of one metric over every game (zeros where it was never seen)."""
        seen = self.diffs.get(key, SumStat())
        return SumStat(self.games, seen.total, seen.squares)

    def merge(self, other: Paired) -> None:
        self.games += other.games
        _merge_into(self.diffs, other.diffs, SumStat)

    def state(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "diffs": {k: v.state() for k, v in sorted(self.diffs.items())},
        }

    @classmethod
    def of(cls, state: Mapping[str, Any]) -> Paired:
        diffs = {str(k): SumStat.of(v) for k, v in state["diffs"].items()}
        return cls(int(state["games"]), diffs)
