"""The report of a simulation of whole matches, and the comparison of settings: their models.

Input: the exact aggregates of a job of matches (`mjc.runtime.sim.run`: a `MatchTally` of
`mjc.runtime.sim.matches` per setting beside the `Tally` of its rounds, and a `Paired` per
setting beside the baseline, match by match). Output: frozen pydantic models, the JSON of
`mjc simulate --matches N --json` (a `MatchReport`, or a `MatchCompareReport` under
`--compare`), in the published schema beside the rounds' reports (`SimReport`,
`mjc.runtime.sim.report.report_json_schema`). The figures of a match report: the rounds per
match (mean, extremes, the count of each length), how the matches ended
(`mjc.runtime.sim.matches.ENDINGS`), the share that went into extra winds (西入) and the rounds
they dealt, the points that changed hands per round, each seat's standing counted from the
first dealer (seat 0 is 起家: points, final score, place and first places, the 起家 advantage)
and each bot's; then the balance report of the rounds the matches dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from mjc.runtime.sim.interval import paired_mean, welch
from mjc.runtime.sim.matches import ENDINGS, MatchTally, Standing
from mjc.runtime.sim.report import (
    REPORT_FORMAT,
    BalanceReport,
    Bin,
    CompareReport,
    Difference,
    Mean,
    Rate,
    RunInfo,
    _difference,
    _mean,
    _Model,
    _rate,
    histogram,
)
from mjc.runtime.sim.stats import Paired, SumStat

__all__ = [
    "ENDING_WORDS",
    "Endings",
    "Lengths",
    "MatchCompareReport",
    "MatchReport",
    "MatchVariant",
    "SimReport",
    "StandingRow",
    "match_compare_report",
    "match_differences",
    "match_report",
]

# Each ending (`ENDINGS`) in the words the text report prints for it.
ENDING_WORDS: dict[str, str] = {
    "length": "by its length",
    "negative": "by 飛び (a seat below zero)",
    "extra_winds": "in its extra winds (西入)",
    "dealer_stops": "by 和了止め (the last dealer stopped)",
}


class Lengths(_Model):
    """The rounds a match lasted: the mean, the extremes, and how many matches lasted each
    number of rounds (one bin per length, or 20 bins of equal width when they spread wider)."""

    mean: Mean
    min: int | None
    max: int | None
    histogram: list[Bin]


class Endings(_Model):
    """How the matches ended, each a rate of the matches played (`Match.ended_by`)."""

    length: Rate
    negative: Rate
    extra_winds: Rate
    dealer_stops: Rate

    def named(self) -> tuple[tuple[str, Rate], ...]:
        """Each ending with the words the text report prints for it."""
        return tuple((ENDING_WORDS[e], getattr(self, e)) for e in ENDINGS)


class StandingRow(_Model):
    """The end of the matches for one seat, counted from the first dealer (`seat` 0 is 起家,
    1 the next in turn ...), or for one bot: its points, its final score (返し点, ウマ, オカ;
    n 0 where the rules give none), its place (1 is the first) and its first places."""

    seat: int | None = None
    bot: str | None = None
    matches: int
    points: Mean
    final: Mean
    place: Mean
    first: Rate


class MatchReport(_Model):
    """The report of whole matches of one setting. `run.games` is the number of matches
    asked; `rounds` the balance report of the rounds they dealt (its `run.games`: the rounds
    played)."""

    kind: Literal["match"] = "match"
    format: int = REPORT_FORMAT
    run: RunInfo
    matches: int
    failed: int
    lengths: Lengths
    endings: Endings
    extra_winds: Rate  # the matches that went into their extra winds (西入)
    extra_rounds: Mean  # the rounds the extra winds dealt, per match
    points_per_round: Mean  # the points that changed hands in a round (the seats' gains)
    seats: list[StandingRow]
    bots: list[StandingRow]
    rounds: BalanceReport


class MatchVariant(_Model):
    """One setting of a comparison of matches: its label, its report and, beside the
    baseline (the first), its differences."""

    label: str
    report: MatchReport
    differences: list[Difference]


class MatchCompareReport(_Model):
    """Settings whose matches were played on the same seeds; the first is the baseline."""

    kind: Literal["match_compare"] = "match_compare"
    format: int = REPORT_FORMAT
    matches: int
    seed: int
    variants: list[MatchVariant]


SimReport = BalanceReport | CompareReport | MatchReport | MatchCompareReport


def _lengths(lengths: Counter[int]) -> Lengths:
    items = lengths.items()
    stat = SumStat(
        sum(c for _, c in items), sum(v * c for v, c in items), sum(v * v * c for v, c in items)
    )
    return Lengths(
        mean=_mean(stat),
        min=min(lengths) if lengths else None,
        max=max(lengths) if lengths else None,
        histogram=histogram(lengths),
    )


def _standing(stat: Standing, *, seat: int | None = None, bot: str | None = None) -> StandingRow:
    return StandingRow(
        seat=seat,
        bot=bot,
        matches=stat.place.n,
        points=_mean(stat.points),
        final=_mean(stat.final),
        place=_mean(stat.place),
        first=_rate(stat.first, stat.place.n),
    )


def match_report(
    run: RunInfo, tally: MatchTally, rounds: BalanceReport, failed: int
) -> MatchReport:
    """The report of one setting's matches from their aggregate, `rounds` the balance report
    of the rounds they dealt and `failed` the matches that could not be played."""
    n = tally.matches
    return MatchReport(
        run=run,
        matches=n,
        failed=failed,
        lengths=_lengths(tally.lengths),
        endings=Endings(**{e: _rate(tally.endings.get(e, 0), n) for e in ENDINGS}),
        extra_winds=_rate(tally.extra, n),
        extra_rounds=_mean(tally.extra_rounds),
        points_per_round=_mean(tally.moved),
        seats=[_standing(s, seat=seat) for seat, s in sorted(tally.seats.items())],
        bots=[_standing(s, bot=bot) for bot, s in sorted(tally.bots.items())],
        rounds=rounds,
    )


def _per_match(tally: MatchTally, metric: str) -> float | None:
    """A paired metric's mean per match, read from a setting's aggregate."""
    if tally.matches == 0:
        return None
    kind, _, key = metric.partition(" ")
    if kind == "rounds":
        return sum(v * c for v, c in tally.lengths.items()) / tally.matches
    if kind == "extra_winds":
        return tally.extra / tally.matches
    if kind == "ended":
        return tally.endings.get(key, 0) / tally.matches
    standing = tally.seats.get(int(key), Standing())
    stat = standing.place if kind == "place" else standing.final
    if kind == "final" and not stat.n:  # rules without a final score: the points
        stat = standing.points
    return stat.total / stat.n if stat.n else None


def match_differences(base: MatchTally, other: MatchTally, paired: Paired) -> list[Difference]:
    """A setting beside the baseline: the rounds per match, the share that went into extra
    winds, each ending's share and each seat's final score and place (from the first dealer),
    match by match (paired), and the points that changed hands per round (independent
    samples: the rounds of two settings are not the same rounds)."""
    labels = {"rounds": "rounds per match", "extra_winds": "extra-wind (西入) rate"}
    labels |= {f"ended {e}": f"ended {ENDING_WORDS[e]}" for e in ENDINGS}
    for seat in sorted(set(base.seats) | set(other.seats)):
        labels[f"final {seat}"] = f"seat {seat} from the first dealer: final score"
        labels[f"place {seat}"] = f"seat {seat} from the first dealer: place"
    out = [
        _difference(
            metric,
            label,
            _per_match(base, metric),
            _per_match(other, metric),
            paired_mean(paired.stat(metric)),
            True,
        )
        for metric, label in labels.items()
    ]
    b, o = base.moved, other.moved
    moved = welch(b, o)
    out.append(
        _difference(
            "points_per_round",
            "points changing hands per round",
            b.total / b.n if b.n else None,
            o.total / o.n if o.n else None,
            moved,
            False,
        )
    )
    return out


def match_compare_report(
    matches: int,
    seed: int,
    labels: Sequence[str],
    reports: Sequence[MatchReport],
    tallies: Sequence[MatchTally],
    paired: Sequence[Paired],
) -> MatchCompareReport:
    """The comparison of settings (the first the baseline) whose matches were played on the
    same seeds; `paired[i]` holds the match-by-match differences of setting i + 1."""
    variants = [MatchVariant(label=labels[0], report=reports[0], differences=[])]
    for i in range(1, len(reports)):
        diffs = match_differences(tallies[0], tallies[i], paired[i - 1])
        variants.append(MatchVariant(label=labels[i], report=reports[i], differences=diffs))
    return MatchCompareReport(matches=matches, seed=seed, variants=variants)
