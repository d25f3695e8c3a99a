"""Report rows and their rendering: the text tables and the `--json` document.

A `Row` holds the raw timings of one benchmark for both sides and knows its targets; the
renderers only format. Rates are calls per second at the median pass; compile rows are the
median seconds of one compilation. The other side (the row's peer) is the `mahjong` package
unless the row names another baseline (the wild-tile rows compare with `bench.recursive`).
`render_report` lays every group's rows out as one table, each figure beside its peer's and
their ratio, under the machine's description (`machine`) and the number of timed runs.
"""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bench.timing import Timing

__all__ = [
    "Group",
    "Row",
    "format_rate",
    "format_seconds",
    "machine",
    "machine_text",
    "render_report",
    "render_table",
    "report_rows_json",
    "row_json",
]


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table."""

    name: str
    kind: Literal["rate", "seconds"]
    ours: Timing
    theirs: Timing | None
    target_ratio: float | None
    target_value: float | None
    what: str
    baseline: str = "mahjong"  # what `theirs` measured

    @classmethod
    def rate(
        cls,
        name: str,
        ours: Timing,
        theirs: Timing | None,
        *,
        target_ratio: float | None = None,
        target_value: float | None = None,
        what: str = "",
        baseline: str = "mahjong",
    ) -> Row:
        return cls(name, "rate", ours, theirs, target_ratio, target_value, what, baseline)

    @classmethod
    def seconds(
        cls, name: str, ours: Timing, *, target_value: float | None = None, what: str = ""
    ) -> Row:
        return cls(name, "seconds", ours, None, None, target_value, what)

    @property
    def ours_value(self) -> float:
        return self.ours.per_second if self.kind == "rate" else self.ours.median

    @property
    def theirs_value(self) -> float | None:
        if self.theirs is None:
            return None
        return self.theirs.per_second if self.kind == "rate" else self.theirs.median

    @property
    def ratio(self) -> float | None:
        """How many times faster we are (for rates: ours / theirs)."""
        theirs = self.theirs_value
        if theirs is None or theirs == 0:
            return None
        return self.ours_value / theirs if self.kind == "rate" else theirs / self.ours_value

    @property
    def peer(self) -> str | None:
        """What the row's figure is measured beside, or None when it has no peer's figure."""
        return None if self.theirs is None else self.baseline

    @property
    def has_target(self) -> bool:
        return self.target_ratio is not None or self.target_value is not None

    @property
    def ratio_met(self) -> bool | None:
        if self.target_ratio is None or self.ratio is None:
            return None
        return self.ratio >= self.target_ratio

    @property
    def value_met(self) -> bool | None:
        if self.target_value is None:
            return None
        if self.kind == "rate":
            return self.ours_value >= self.target_value
        return self.ours_value < self.target_value

    @property
    def met(self) -> bool | None:
        checks = [c for c in (self.ratio_met, self.value_met) if c is not None]
        return all(checks) if checks else None

    def target_text(self) -> str:
        parts: list[str] = []
        if self.target_ratio is not None:
            parts.append(f">= {self.target_ratio:g}x")
        if self.target_value is not None:
            if self.kind == "rate":
                parts.append(f">= {_round_rate(self.target_value)}/s")
            else:
                parts.append(f"< {self.target_value:g} s")
        return ", ".join(parts) or "-"

    def met_text(self) -> str:
        if self.met is None:
            return ""
        if self.met:
            return "yes"
        missed = [
            label
            for label, ok in (("ratio", self.ratio_met), ("absolute", self.value_met))
            if ok is False
        ]
        return "NO (" + ", ".join(missed) + ")"


def format_rate(per_second: float) -> str:
    """0.24 M for 240,000 a second, 13.2 k for 13,200, 42.8 for 42.8 (under a thousand, where
    thousands would read 0.0 k)."""
    if per_second >= 100_000:
        return f"{per_second / 1e6:.2f} M"
    if per_second >= 1_000:
        return f"{per_second / 1e3:.1f} k"
    return f"{per_second:.1f}"


def _round_rate(per_second: float) -> str:
    """3 M for 3,000,000, 200 k for 200,000 (targets are round numbers)."""
    if per_second >= 1_000_000:
        return f"{per_second / 1e6:g} M"
    return f"{per_second / 1e3:g} k"


def format_seconds(seconds: float) -> str:
    return f"{seconds:.3f} s"


def _value_text(row: Row, value: float | None) -> str:
    if value is None:
        return "-"
    return format_rate(value) if row.kind == "rate" else format_seconds(value)


def _ratio_text(ratio: float) -> str:
    # Under 1, one decimal would read 0.1x for 0.14x (or 0.0x): two significant digits say
    # how far off a ratio below parity is.
    return f"{ratio:.1f}x" if ratio >= 1 else f"{ratio:.2g}x"


def render_table(rows: list[Row], baseline: str = "mahjong") -> str:
    """The rows as an aligned text table; `baseline` heads the other side's column."""
    header = ("benchmark", "mjc", baseline, "ratio", "target", "met")
    lines = [header]
    for row in rows:
        ratio = "-" if row.ratio is None else _ratio_text(row.ratio)
        lines.append(
            (
                row.name,
                _value_text(row, row.ours_value),
                _value_text(row, row.theirs_value),
                ratio,
                row.target_text(),
                row.met_text(),
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for line in lines:
        cells = [
            cell.ljust(w) if i in (0, 4, 5) else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


def _timing_json(timing: Timing | None) -> dict[str, Any] | None:
    if timing is None:
        return None
    return {"median_s": timing.median, "runs_s": list(timing.runs), "calls": timing.items}


def row_json(row: Row) -> dict[str, Any]:
    """One row; the other side's figures are under its baseline's name ("mahjong" or
    "recursive"), which `baseline` also gives."""
    return {
        "name": row.name.strip(),
        "kind": row.kind,
        "what": row.what,
        "unit": "per_second" if row.kind == "rate" else "seconds",
        "baseline": row.baseline,
        "mjc": row.ours_value,
        row.baseline: row.theirs_value,
        "ratio": row.ratio,
        "target_ratio": row.target_ratio,
        "target_value": row.target_value,
        "met": row.met,
        "peer": row.peer,
        "peer_value": row.theirs_value,
        "goal": row.target_text() if row.has_target else None,
        "timings": {"mjc": _timing_json(row.ours), row.baseline: _timing_json(row.theirs)},
    }


@dataclass(frozen=True, slots=True)
class Group:
    """Rows measured together, under a title in the one table (`render_report`)."""

    title: str
    rows: Sequence[Row]


def _cpu_model() -> str:
    """The processor's model name as the OS gives it (Linux's /proc/cpuinfo), else what
    `platform` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Hardware", "Processor") and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine() -> dict[str, Any]:
    """The machine the figures were measured on: its processor, its cores, the Python."""
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count() or 1,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": f"{platform.system()} {platform.machine()}",
    }


def machine_text(found: dict[str, Any], runs: int) -> str:
    """One line: the machine and how many timed runs each figure is the median of."""
    return (
        f"machine: {found['cpu']}, {found['cores']} cores; {found['implementation']} "
        f"{found['python']} on {found['platform']}; each figure the median of {runs} timed runs"
    )


def render_report(groups: Sequence[Group]) -> str:
    """Every group's rows as one aligned table, each group under its title: the figure, the
    peer it is measured beside, the peer's figure, the ratio (how many times faster mjc is),
    the goal and whether it is met."""
    header = ("benchmark", "mjc", "peer", "peer's", "ratio", "goal", "met")
    lines: list[tuple[str, ...] | str] = [header]
    for group in groups:
        lines.append(group.title)
        for row in group.rows:
            lines.append(
                (
                    f"  {row.name}",
                    _value_text(row, row.ours_value),
                    row.peer or "-",
                    _value_text(row, row.theirs_value),
                    "-" if row.ratio is None else _ratio_text(row.ratio),
                    row.target_text(),
                    row.met_text(),
                )
            )
    cells = [line for line in lines if isinstance(line, tuple)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    out = []
    for line in lines:
        if isinstance(line, str):
            out.append(line)
            continue
        padded = [
            cell.ljust(w) if i in (0, 2, 5, 6) else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ]
        out.append("  ".join(padded).rstrip())
    return "\n".join(out)


def report_rows_json(groups: Sequence[Group]) -> list[dict[str, Any]]:
    """Every row of the one table, in its order, each with its group's title."""
    return [{"group": group.title, **row_json(row)} for group in groups for row in group.rows]
