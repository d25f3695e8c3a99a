"""The balance report of a simulation, and the comparison of variants: the models of its JSON.

Input: the exact aggregates of `mjc.runtime.sim.stats` (a `Tally` per variant, a `Paired` per
variant beside the baseline) and the rulebook's fan table. Output: frozen pydantic models
whose JSON (`model_dump(mode="json")`) is what `mjc simulate --json` prints, and whose JSON
Schema (`report_json_schema`, `mjc simulate --schema`) is published. Every rate carries its
Wilson interval and every mean its t interval (`mjc.runtime.sim.interval`); a difference says
whether the games support it (its interval excludes 0). The text and Markdown forms read
these models only (`mjc.runtime.sim.text`, `mjc.compiler.site.simpage`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from mjc.runtime.score.scoring import FanInfo, TierInfo
from mjc.runtime.sim.interval import Estimate, mean, paired_mean, rate, standard_deviation, welch
from mjc.runtime.sim.rounds import PAYMENT_KINDS
from mjc.runtime.sim.stats import Paired, SumStat, Tally

__all__ = [
    "QUANTILES",
    "BalanceReport",
    "CompareReport",
    "Difference",
    "Report",
    "RulebookInfo",
    "RunInfo",
    "Variant",
    "balance_report",
    "compare_report",
    "report_json_schema",
]

REPORT_FORMAT = 1
QUANTILES: tuple[tuple[str, float], ...] = (
    ("p10", 0.10),
    ("p25", 0.25),
    ("p50", 0.50),
    ("p75", 0.75),
    ("p90", 0.90),
    ("p99", 0.99),
)
HISTOGRAM_BINS = 20  # bins of a histogram of more distinct totals than this
OptionValue = str | int | bool


class _Model(BaseModel):
    # The schema describes the JSON printed, where every field is present: defaults too.
    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_serialization_defaults_required=True
    )


class Rate(_Model):
    """`count` of `of`, the rate and its 95 % Wilson interval (null without any `of`)."""

    count: int
    of: int
    rate: float | None
    low: float | None
    high: float | None


class Mean(_Model):
    """The mean of `n` observations, its 95 % t interval and the standard deviation."""

    n: int
    mean: float | None
    low: float | None
    high: float | None
    sd: float | None


class RulebookInfo(_Model):
    id: str
    title: str
    version: str


class RunInfo(_Model):
    """What was asked of a run: the rulebook, options (as given), table, seed, games, bots."""

    rulebook: RulebookInfo
    options: dict[str, OptionValue]
    players: int
    seed: int
    games: int
    bots: list[str]


class Outcomes(_Model):
    """How rounds end, each a rate of the rounds played."""

    win: Rate
    draw: Rate
    self_draw: Rate
    dealer_win: Rate
    multiple_winners: Rate

    def named(self) -> tuple[tuple[str, Rate], ...]:
        """Each rate with the words the text and page reports print for it."""
        return (
            ("win", self.win),
            ("draw", self.draw),
            ("self-draw", self.self_draw),
            ("dealer win", self.dealer_win),
            ("several winners", self.multiple_winners),
        )


class Bin(_Model):
    """Winning hands whose total is from `low` to `high` (both included)."""

    low: int
    high: int
    count: int


class Values(_Model):
    """The totals of the winning hands: mean, extremes, quantiles (nearest rank), histogram."""

    unit: str
    mean: Mean
    min: int | None
    max: int | None
    quantiles: dict[str, int | None]
    histogram: list[Bin]


class FanRow(_Model):
    """A fan of the table and the share of winning hands it counted in."""

    id: str
    name: str
    english: str | None
    value: int
    tier: str
    hands: Rate


class StepRow(_Model):
    """A scoring step (sum, multiply, fixed, floor, ceiling) by its rule, and the share of
    winning hands it fired in."""

    kind: str
    rule: str
    hands: Rate


class SeatRow(_Model):
    """One seat's (or bot's) deltas per round, and its gains and losses apart."""

    seat: int | None = None
    bot: str | None = None
    rounds: int
    delta: Mean
    gain: Mean
    loss: Mean


class PaymentRow(_Model):
    """A kind of payment (`mjc.runtime.sim.rounds.PAYMENT_KINDS`): the rounds it was paid in
    and the amount it moved per round."""

    kind: str
    rounds: Rate
    amount: Mean


class FailureRow(_Model):
    """A game that could not be played: its index and seed (replay it with them), the
    variant, the error and the game's log."""

    index: int
    seed: int
    variant: int
    error: str
    log: str


class BalanceReport(_Model):
    """The balance report of one variant."""

    kind: Literal["balance"] = "balance"
    format: int = REPORT_FORMAT
    run: RunInfo
    rounds: int
    failed: int
    outcomes: Outcomes
    values: Values
    fans: list[FanRow]
    steps: list[StepRow]
    seats: list[SeatRow]
    bots: list[SeatRow]
    payments: list[PaymentRow]
    turns: Mean
    failures: list[FailureRow]
    # Win events per round, where play goes on after a win (after_win leave or stay) and some
    # round had several; null where every round ended at its first win.
    win_events: Mean | None = None


class Difference(_Model):
    """A variant's figure beside the baseline's: the difference (variant - base) with its
    95 % interval, whether it was measured game by game (`paired`) and whether the games
    support it (the interval excludes 0)."""

    metric: str
    label: str
    base: float | None
    value: float | None
    difference: float | None
    low: float | None
    high: float | None
    paired: bool
    supported: bool


class Variant(_Model):
    """One setting of a comparison: its label, its report and, beside the baseline (the
    first variant), its differences."""

    label: str
    report: BalanceReport
    differences: list[Difference]


class CompareReport(_Model):
    """Variants played on the same seeds; the first is the baseline."""

    kind: Literal["compare"] = "compare"
    format: int = REPORT_FORMAT
    games: int
    seed: int
    variants: list[Variant]


Report = BalanceReport | CompareReport


def report_json_schema() -> dict[str, Any]:
    """The JSON Schema of `mjc simulate --json`: a balance report or a comparison, of rounds
    or of whole matches (`mjc.runtime.sim.matchreport`, built on this module's models)."""
    from mjc.runtime.sim.matchreport import SimReport

    adapter: TypeAdapter[Any] = TypeAdapter(Annotated[SimReport, Field(discriminator="kind")])
    schema = adapter.json_schema(mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mjc simulate report"
    return schema


def _r(value: float | None) -> float | None:
    """Figures rounded to 6 decimals: what the games can tell, and short to read."""
    return None if value is None else round(value, 6)


def _rate(count: int, of: int) -> Rate:
    est = rate(count, of)
    return Rate(count=count, of=of, rate=_r(est.value), low=_r(est.low), high=_r(est.high))


def _mean(stat: SumStat) -> Mean:
    est = mean(stat)
    sd = standard_deviation(stat)
    return Mean(n=stat.n, mean=_r(est.value), low=_r(est.low), high=_r(est.high), sd=_r(sd))


def _value_stat(values: Counter[int]) -> SumStat:
    """The sums of the winning hands' totals, from their exact counts."""
    items = values.items()
    return SumStat(
        sum(c for _, c in items), sum(v * c for v, c in items), sum(v * v * c for v, c in items)
    )


def quantile(values: Counter[int], q: float) -> int | None:
    """The nearest-rank quantile of the counted values: the least value with at least a
    share `q` of the observations at or below it."""
    n = sum(values.values())
    if n == 0:
        return None
    rank = max(1, -(-int(q * n * 1_000_000) // 1_000_000))  # ceil(q·n) without float drift
    seen = 0
    for value in sorted(values):
        seen += values[value]
        if seen >= rank:
            return value
    return max(values)


def histogram(values: Counter[int], bins: int = HISTOGRAM_BINS) -> list[Bin]:
    """One bin per total when there are at most `bins` distinct totals from min to max, else
    `bins` bins of equal integer width."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    out: list[Bin] = []
    start = low
    while start <= high:
        stop = start + width - 1
        count = sum(c for v, c in values.items() if start <= v <= stop)
        out.append(Bin(low=start, high=stop, count=count))
        start = stop + 1
    return out


def balance_report(
    run: RunInfo,
    tally: Tally,
    fans: Sequence[FanInfo],
    tiers: Sequence[TierInfo],
    unit: str,
) -> BalanceReport:
    """The report of one variant from its aggregate and its rulebook's fan table; every fan
    of the table is listed, in table order, even those that never counted."""
    value_stat = _value_stat(tally.values)
    hands = value_stat.n
    fan_rows = [
        FanRow(
            id=fan.id,
            name=fan.name,
            english=fan.english,
            value=fan.value,
            tier=tiers[fan.tier].id,
            hands=_rate(tally.fans.get(fan.id, 0), hands),
        )
        for fan in fans
    ]
    step_rows = []
    for key, count in sorted(tally.steps.items()):
        kind, _, rule = key.partition(" ")
        step_rows.append(StepRow(kind=kind, rule=rule, hands=_rate(count, hands)))
    return BalanceReport(
        run=run,
        rounds=tally.rounds,
        failed=tally.failed,
        outcomes=Outcomes(
            win=_rate(tally.wins, tally.rounds),
            draw=_rate(tally.draws, tally.rounds),
            self_draw=_rate(tally.self_draws, tally.rounds),
            dealer_win=_rate(tally.dealer_wins, tally.rounds),
            multiple_winners=_rate(tally.multiple, tally.rounds),
        ),
        values=Values(
            unit=unit,
            mean=_mean(value_stat),
            min=min(tally.values) if tally.values else None,
            max=max(tally.values) if tally.values else None,
            quantiles={name: quantile(tally.values, q) for name, q in QUANTILES},
            histogram=histogram(tally.values),
        ),
        fans=fan_rows,
        steps=step_rows,
        seats=[_seat_row(stat, seat=seat) for seat, stat in sorted(tally.seats.items())],
        bots=[_seat_row(stat, bot=bot) for bot, stat in sorted(tally.bots.items())],
        payments=[
            PaymentRow(
                kind=kind,
                rounds=_rate(tally.paid_rounds.get(kind, 0), tally.rounds),
                amount=_mean(tally.paid.get(kind, SumStat())),
            )
            for kind in PAYMENT_KINDS
            if kind != "deposit" or tally.paid_rounds.get(kind)
        ],
        turns=_mean(tally.turns),
        win_events=_mean(tally.win_events) if tally.win_events.total > tally.wins else None,
        failures=[FailureRow(**f.state()) for f in tally.failures],
    )


def _seat_row(stat: Any, *, seat: int | None = None, bot: str | None = None) -> SeatRow:
    return SeatRow(
        seat=seat,
        bot=bot,
        rounds=stat.delta.n,
        delta=_mean(stat.delta),
        gain=_mean(stat.gain),
        loss=_mean(stat.loss),
    )


def _difference(
    metric: str, label: str, base: float | None, value: float | None, est: Estimate, paired: bool
) -> Difference:
    return Difference(
        metric=metric,
        label=label,
        base=_r(base),
        value=_r(value),
        difference=_r(est.value),
        low=_r(est.low),
        high=_r(est.high),
        paired=paired,
        supported=est.supported,
    )


def _per_round(tally: Tally, metric: str) -> float | None:
    """A paired metric's mean per round, read from a variant's aggregate."""
    if tally.rounds == 0:
        return None
    counts = {
        "win": tally.wins,
        "draw": tally.draws,
        "self_draw": tally.self_draws,
        "dealer_win": tally.dealer_wins,
        "value": sum(v * c for v, c in tally.values.items()),
    }
    if metric in counts:
        return counts[metric] / tally.rounds
    kind, _, key = metric.partition(" ")
    if kind == "fan":
        return tally.fans.get(key, 0) / tally.rounds
    seat = tally.seats.get(int(key))
    return seat.delta.total / tally.rounds if seat is not None else 0.0


def differences(
    base: Tally, other: Tally, paired: Paired, fan_names: Mapping[str, str]
) -> list[Difference]:
    """A variant beside the baseline: the outcome rates, the value won per round, each fan's
    count per round and each seat's delta game by game (paired), and the mean winning hand
    (independent samples: the hands of two variants are not the same hands)."""
    labels = {
        "win": "win rate",
        "draw": "draw rate",
        "self_draw": "self-draw rate",
        "dealer_win": "dealer-win rate",
        "value": "value won per round",
    }
    out: list[Difference] = []
    for metric, label in labels.items():
        out.append(_paired(metric, label, base, other, paired))
    b, o = _value_stat(base.values), _value_stat(other.values)
    out.append(
        _difference(
            "hand_value",
            "mean winning hand",
            b.total / b.n if b.n else None,
            o.total / o.n if o.n else None,
            welch(b, o),
            False,
        )
    )
    for fan_id, name in fan_names.items():
        out.append(_paired(f"fan {fan_id}", f"{name} per round", base, other, paired))
    for seat in sorted(set(base.seats) | set(other.seats)):
        out.append(_paired(f"seat {seat}", f"seat {seat} delta per round", base, other, paired))
    return out


def _paired(metric: str, label: str, base: Tally, other: Tally, paired: Paired) -> Difference:
    return _difference(
        metric,
        label,
        _per_round(base, metric),
        _per_round(other, metric),
        paired_mean(paired.stat(metric)),
        True,
    )


def compare_report(
    games: int,
    seed: int,
    labels: Sequence[str],
    reports: Sequence[BalanceReport],
    tallies: Sequence[Tally],
    paired: Sequence[Paired],
    fan_names: Mapping[str, str],
) -> CompareReport:
    """The comparison of variants (the first the baseline) played on the same seeds;
    `paired[i]` holds the differences of variant i + 1, `fan_names` the fans compared (every
    fan of the variants' tables, by id)."""
    variants = [Variant(label=labels[0], report=reports[0], differences=[])]
    for i in range(1, len(reports)):
        diffs = differences(tallies[0], tallies[i], paired[i - 1], fan_names)
        variants.append(Variant(label=labels[i], report=reports[i], differences=diffs))
    return CompareReport(games=games, seed=seed, variants=variants)
