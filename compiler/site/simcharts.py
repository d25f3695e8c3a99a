"""The charts of a balance report as static SVG: fan frequencies, the value histogram, gains
by seat, and the differences of a comparison.

Input is the report models of `mjc.runtime.sim.report`. Drawn with matplotlib (the `sim` and
`docs` extras) through its object API on its SVG canvas: no pyplot, no backend selected or
switched, no global state touched beyond a `rc_context`. The SVG is byte-stable: a fixed
`svg.hashsalt` for its ids, no date in its metadata, and text kept as text (`svg.fonttype`
none, so the browser draws Chinese fan names with its own fonts, and no font is embedded).
Rulebook text (fan names) is drawn as plain text: mathtext is off (`text.parse_math`), and
the SVG writer escapes it.
"""

from __future__ import annotations

import importlib.util
import io
import warnings
from collections.abc import Callable, Sequence
from typing import Any, cast

from mjc.runtime.sim.report import BalanceReport, CompareReport, Difference, Report

__all__ = ["CHARTS_MISSING", "charts", "charts_available"]

CHARTS_MISSING = "charts need matplotlib: pip install 'mjc[sim]'"
_RC: dict[str, Any] = {
    "svg.hashsalt": "mjc-simulate",
    "text.parse_math": False,  # rulebook text with `$` in it is text, not mathtext
    "svg.fonttype": "none",
    "font.family": ["sans-serif"],
    "font.sans-serif": ["Noto Sans CJK SC", "Source Han Sans SC", "DejaVu Sans", "sans-serif"],
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
_BLUE, _GREY, _ORANGE = "#3b6ea8", "#9aa5b1", "#d9822b"


def charts_available() -> bool:
    """Whether matplotlib is installed."""
    return importlib.util.find_spec("matplotlib") is not None


def _svg(draw: Callable[[Any], None], height: float) -> str:
    """One figure drawn by `draw(figure)`, as SVG text."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    with rc_context(cast(Any, _RC)), warnings.catch_warnings():
        # Text stays text in the SVG: a glyph missing from matplotlib's fonts is drawn by
        # the browser, so matplotlib's warning about it (it still measures the text) is noise.
        warnings.filterwarnings("ignore", "Glyph .* missing from", UserWarning)
        figure = Figure(figsize=(7.0, height))
        FigureCanvasSVG(figure)
        draw(figure)
        figure.tight_layout()
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def _errors(
    values: Sequence[float | None],
    lows: Sequence[float | None],
    highs: Sequence[float | None],
) -> list[list[float]]:
    """Error bar lengths below and above each value (0 where the interval is unknown)."""
    below, above = [], []
    for value, low, high in zip(values, lows, highs, strict=True):
        below.append(value - low if value is not None and low is not None else 0.0)
        above.append(high - value if value is not None and high is not None else 0.0)
    return [below, above]


def fan_chart(report: BalanceReport) -> str:
    """Every fan of the table: the share of winning hands it counted in, with its interval."""
    fans = report.fans
    rates = [100 * (f.hands.rate or 0.0) for f in fans]
    lows = [100 * (f.hands.low or 0.0) for f in fans]
    highs = [100 * (f.hands.high or 0.0) for f in fans]
    names = [f"{f.name} ({f.value})" for f in fans]

    def draw(figure: Any) -> None:
        ax = figure.add_subplot()
        positions = list(range(len(fans)))
        ax.barh(positions, rates, xerr=_errors(rates, lows, highs), color=_BLUE,
                ecolor=_GREY, capsize=2)  # fmt: skip
        ax.set_yticks(positions, names)
        ax.invert_yaxis()
        ax.set_xlabel("share of winning hands (%), 95% interval")
        ax.set_title(f"fans of {report.run.rulebook.id}", loc="left")

    return _svg(draw, max(2.5, 0.6 + 0.22 * len(fans)))


def value_chart(report: BalanceReport) -> str:
    """The histogram of the winning hands' totals."""
    bins = report.values.histogram

    def draw(figure: Any) -> None:
        ax = figure.add_subplot()
        labels = [str(b.low) if b.low == b.high else f"{b.low}-{b.high}" for b in bins]
        ax.bar(range(len(bins)), [b.count for b in bins], color=_BLUE)
        ax.set_xticks(range(len(bins)), labels, rotation=45 if len(bins) > 12 else 0)
        ax.set_xlabel(f"total ({report.values.unit})")
        ax.set_ylabel("winning hands")
        mean = report.values.mean.mean
        ax.set_title(
            f"value of a winning hand, mean {mean:.2f}" if mean is not None else "no winning hand",
            loc="left",
        )

    return _svg(draw, 3.0)


def seat_chart(report: BalanceReport) -> str:
    """The mean delta per round of each seat and each bot, with its interval."""
    rows = [*report.seats, *report.bots]
    labels = [f"seat {r.seat}" if r.seat is not None else f"bot {r.bot}" for r in rows]
    means = [r.delta.mean or 0.0 for r in rows]
    lows = [r.delta.low for r in rows]
    highs = [r.delta.high for r in rows]

    def draw(figure: Any) -> None:
        ax = figure.add_subplot()
        colours = [_BLUE if r.seat is not None else _ORANGE for r in rows]
        ax.barh(range(len(rows)), means, xerr=_errors(means, lows, highs), color=colours,
                ecolor=_GREY, capsize=3)  # fmt: skip
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(range(len(rows)), labels)
        ax.invert_yaxis()
        ax.set_xlabel(f"mean gain per round ({report.values.unit}), 95% interval")
        ax.set_title("gains by seat and by bot", loc="left")

    return _svg(draw, max(2.0, 0.8 + 0.3 * len(rows)))


def difference_chart(label: str, base: str, diffs: Sequence[Difference]) -> str:
    """A variant's differences from the baseline, each with its interval; those the games
    support (interval excludes 0) in colour, the others grey."""
    shown = [d for d in diffs if d.difference is not None]

    def draw(figure: Any) -> None:
        ax = figure.add_subplot()
        values = [d.difference or 0.0 for d in shown]
        errs = _errors(values, [d.low for d in shown], [d.high for d in shown])
        colours = [_ORANGE if d.supported else _GREY for d in shown]
        ax.barh(range(len(shown)), values, xerr=errs, color=colours, ecolor="black", capsize=2)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(range(len(shown)), [d.label for d in shown])
        ax.invert_yaxis()
        ax.set_xlabel("difference (variant - baseline), 95% interval; colour: supported")
        ax.set_title(f"{label} beside {base}", loc="left")

    return _svg(draw, max(2.5, 0.8 + 0.22 * len(shown)))


def charts(report: Report) -> dict[str, str]:
    """Every chart of a report, by file name: the fans, values and seats of a balance report
    (of each variant of a comparison, prefixed with its number), and the differences of
    each variant compared."""
    if isinstance(report, BalanceReport):
        return {
            "fans.svg": fan_chart(report),
            "values.svg": value_chart(report),
            "seats.svg": seat_chart(report),
        }
    out: dict[str, str] = {}
    assert isinstance(report, CompareReport)
    base = report.variants[0].label
    for number, variant in enumerate(report.variants):
        for name, svg in charts(variant.report).items():
            out[f"v{number}-{name}"] = svg
        if number:
            out[f"v{number}-differences.svg"] = difference_chart(
                variant.label, base, variant.differences
            )
    return out
