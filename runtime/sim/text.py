"""The balance report as plain text for a terminal: aligned tables, an interval beside every
rate and mean.

Input is the report models of `mjc.runtime.sim.report`, nothing else; columns are measured in
display cells (a Chinese character is two wide) so that the fan names line up. Rulebook text
(fan names, rule ids) is shown as it is: a terminal does not interpret it, but control
characters are dropped on the way.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from mjc.runtime.sim.matchreport import (
    MatchCompareReport,
    MatchReport,
    SimReport,
    StandingRow,
)
from mjc.runtime.sim.report import BalanceReport, Bin, CompareReport, Mean, Rate, SeatRow

__all__ = [
    "compare_text",
    "games_played",
    "match_text",
    "report_text",
    "sim_text",
    "table",
]


def _clean(text: str) -> str:
    return "".join(c for c in text if unicodedata.category(c)[0] != "C")


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], left: frozenset[int] = frozenset({0})
) -> list[str]:
    """Rows under a header, each column as wide as its widest cell; the columns in `left`
    (the first, by default) left-aligned, the others right-aligned (they hold figures)."""
    cells = [[_clean(c) for c in header], *[[_clean(c) for c in row] for row in rows]]
    widths = [max(_width(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        parts = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - _width(cell))
            parts.append(cell + pad if i in left else pad + cell)
        lines.append("  ".join(parts).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def _num(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.2f}%"


def rate_cells(r: Rate) -> list[str]:
    """A rate as its cells: count, rate, and its interval."""
    return [f"{r.count}/{r.of}", _pct(r.rate), f"[{_pct(r.low)}, {_pct(r.high)}]"]


def mean_cells(m: Mean) -> list[str]:
    """A mean as its cells: mean and its interval."""
    return [_num(m.mean), f"[{_num(m.low)}, {_num(m.high)}]"]


def _seat_rows(rows: Sequence[SeatRow]) -> list[list[str]]:
    return [
        [
            f"seat {row.seat}" if row.seat is not None else str(row.bot),
            str(row.rounds),
            *mean_cells(row.delta),
            *mean_cells(row.gain),
            *mean_cells(row.loss),
        ]
        for row in rows
    ]


def games_played(rounds: int, games: int) -> str:
    """How many games were played, in words: a game of the simulator is one round from a fresh
    deal (`--games N` plays N rounds), so its rounds are counted once, not as "N rounds of N
    games"; a game that failed is no round of the report."""
    noun = "game" if games == 1 else "games"
    if rounds == games:
        return f"{games} {noun} (one round each)"
    return f"{rounds} of {games} {noun} played (one round each)"


def report_text(report: BalanceReport) -> str:
    """The whole balance report as text."""
    run = report.run
    options = ", ".join(f"{k}={v}" for k, v in sorted(run.options.items())) or "defaults"
    out = [
        f"balance of {run.rulebook.id} ({run.rulebook.title}) {run.rulebook.version}: "
        f"{games_played(report.rounds, run.games)}, seed {run.seed}, {run.players} players, "
        f"bots {','.join(run.bots)}, options {options}",
        "95% intervals in brackets (Wilson for rates, t for means)",
        "",
    ]
    o = report.outcomes
    out += table(
        ["outcome", "rounds", "rate", "95% interval"],
        [[name, *rate_cells(r)] for name, r in o.named()],
    )
    v = report.values
    quantiles = "  ".join(f"{k} {'–' if q is None else q}" for k, q in v.quantiles.items())
    out += [
        "",
        f"value of a winning hand ({v.unit}): mean {_num(v.mean.mean)} "
        f"[{_num(v.mean.low)}, {_num(v.mean.high)}], sd {_num(v.mean.sd)}, "
        f"min {'–' if v.min is None else v.min}, max {'–' if v.max is None else v.max}",
        f"quantiles: {quantiles}",
        "",
    ]
    most = max((b.count for b in v.histogram), default=0)
    out += table(
        ["total", "hands", ""],
        [
            [
                str(b.low) if b.low == b.high else f"{b.low}-{b.high}",
                str(b.count),
                "#" * (round(40 * b.count / most) if most else 0),
            ]
            for b in v.histogram
        ],
        left=frozenset({0, 2}),
    )
    out.append("")
    out += table(
        ["fan", "id", "value", "hands", "share", "95% interval"],
        [[f.name, f.id, str(f.value), *rate_cells(f.hands)] for f in report.fans],
    )
    out.append("")
    out += table(
        ["scoring step", "rule", "hands", "share", "95% interval"],
        [[s.kind, s.rule, *rate_cells(s.hands)] for s in report.steps],
    )
    gain_header = ["rounds", "delta", "95%", "gain", "95%", "loss", "95%"]
    out.append("")
    out += table(["seat", *gain_header], _seat_rows(report.seats))
    out.append("")
    out += table(["bot", *gain_header], _seat_rows(report.bots))
    out.append("")
    out += table(
        ["payment", "rounds", "rate", "95% interval", "per round", "95% interval"],
        [[p.kind, *rate_cells(p.rounds), *mean_cells(p.amount)] for p in report.payments],
    )
    out += [
        "",
        f"turns per round: {_num(report.turns.mean)} "
        f"[{_num(report.turns.low)}, {_num(report.turns.high)}]",
    ]
    if report.win_events is not None:  # play went on after a win (血战到底, 血流成河)
        events = report.win_events
        out.append(
            f"win events per round: {_num(events.mean)} [{_num(events.low)}, {_num(events.high)}]"
        )
    if report.failed:
        out += ["", f"{report.failed} games failed (replay them by seed):"]
        out += [f"  game {f.index} seed {f.seed}: {f.error}" for f in report.failures]
    return "\n".join(out) + "\n"


def compare_text(report: CompareReport | MatchCompareReport) -> str:
    """A comparison as text: each variant's differences from the baseline, then the full
    report of every variant (of rounds, or of whole matches)."""
    base = report.variants[0]
    if isinstance(report, MatchCompareReport):
        played = f"{report.matches} matches"
    else:
        played = f"{report.games} games"
    out = [
        f"comparison of {len(report.variants)} settings on the same {played} "
        f"(seed {report.seed}); baseline: {base.label}",
        "* : the games support the difference (its 95% interval excludes 0)",
    ]
    for variant in report.variants[1:]:
        out += ["", f"{variant.label} beside {base.label}:"]
        out += table(
            ["figure", "base", "variant", "difference", "95% interval", "", "paired"],
            [
                [
                    d.label,
                    _num(d.base, 3),
                    _num(d.value, 3),
                    _num(d.difference, 3),
                    f"[{_num(d.low, 3)}, {_num(d.high, 3)}]",
                    "*" if d.supported else "",
                    "yes" if d.paired else "no",
                ]
                for d in variant.differences
            ],
        )
    for variant in report.variants:
        one = variant.report
        text = match_text(one) if isinstance(one, MatchReport) else report_text(one)
        out += ["", f"== {variant.label} ==", text.rstrip("\n")]
    return "\n".join(out) + "\n"


def _bars(histogram: Sequence[Bin], label: str, count: str) -> list[str]:
    most = max((b.count for b in histogram), default=0)
    return table(
        [label, count, ""],
        [
            [
                str(b.low) if b.low == b.high else f"{b.low}-{b.high}",
                str(b.count),
                "#" * (round(40 * b.count / most) if most else 0),
            ]
            for b in histogram
        ],
        left=frozenset({0, 2}),
    )


def _standing_rows(rows: Sequence[StandingRow]) -> list[list[str]]:
    """A seat's or a bot's standing: the points at the end (their mean alone: the final score
    follows from them), the final score and the place with their intervals, the first places."""
    return [
        [
            (f"{row.seat}{' (起家)' if row.seat == 0 else ''}" if row.bot is None else row.bot),
            str(row.matches),
            _num(row.points.mean),
            *(mean_cells(row.final) if row.final.n else ["–", ""]),
            *mean_cells(row.place),
            _pct(row.first.rate),
        ]
        for row in rows
    ]


def match_text(report: MatchReport) -> str:
    """The report of whole matches as text: their length, how they ended, the standing by
    seat from the first dealer and by bot, then the balance report of their rounds."""
    run = report.run
    options = ", ".join(f"{k}={v}" for k, v in sorted(run.options.items())) or "defaults"
    played = (
        f"{report.matches} matches"
        if report.matches == run.games
        else (f"{report.matches} of {run.games} matches played")
    )
    lengths = report.lengths
    out = [
        f"matches of {run.rulebook.id} ({run.rulebook.title}) {run.rulebook.version}: "
        f"{played}, {report.rounds.rounds} rounds, seed {run.seed}, {run.players} players, "
        f"bots {','.join(run.bots)}, options {options}",
        "95% intervals in brackets (Wilson for rates, t for means)",
        "",
        f"rounds per match: mean {_num(lengths.mean.mean)} "
        f"[{_num(lengths.mean.low)}, {_num(lengths.mean.high)}], "
        f"min {'–' if lengths.min is None else lengths.min}, "
        f"max {'–' if lengths.max is None else lengths.max}",
        "",
        *_bars(lengths.histogram, "rounds", "matches"),
        "",
    ]
    out += table(
        ["ended", "matches", "rate", "95% interval"],
        [
            *[[name, *rate_cells(r)] for name, r in report.endings.named()],
            ["went into extra winds (西入)", *rate_cells(report.extra_winds)],
        ],
    )
    extra, moved = report.extra_rounds, report.points_per_round
    out += [
        "",
        f"extra-wind rounds per match: {_num(extra.mean)} [{_num(extra.low)}, {_num(extra.high)}]",
        f"points changing hands per round: {_num(moved.mean)} "
        f"[{_num(moved.low)}, {_num(moved.high)}]",
        "",
    ]
    header = ["matches", "points", "final", "95%", "place", "95%", "first"]
    out += table(["seat from dealer", *header], _standing_rows(report.seats))
    out.append("")
    out += table(["bot", *header], _standing_rows(report.bots))
    rounds = report_text(report.rounds).split("\n", 3)[3]  # its own header and legend aside
    out += [
        "",
        f"== the {report.rounds.rounds} rounds of these matches ==",
        "",
        rounds.rstrip("\n"),
    ]
    return "\n".join(out) + "\n"


def sim_text(report: SimReport) -> str:
    """Any report of `mjc simulate` as text."""
    if isinstance(report, MatchReport):
        return match_text(report)
    if isinstance(report, CompareReport | MatchCompareReport):
        return compare_text(report)
    return report_text(report)
