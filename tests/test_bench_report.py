"""The benchmark's report (`bench.report`): one table of every group's rows, each figure beside
its peer's with their ratio and goal, and the same rows in the JSON document with the machine
and the number of runs. Fake rows of made-up seconds only: no timing is measured here."""

from __future__ import annotations

import json
from pathlib import Path

from bench.__main__ import _print_and_write
from bench.report import (
    Group,
    Row,
    format_rate,
    machine,
    machine_text,
    render_report,
    report_rows_json,
)
from bench.timing import Timing

# 1,000 calls in 0.01 s (0.10 M/s) beside 1,000 in 0.04 s (25 k/s): mjc 4x faster.
FAST = Timing((0.01, 0.01, 0.02), items=1000)
SLOW = Timing((0.04, 0.04, 0.05), items=1000)


def _groups() -> list[Group]:
    return [
        Group(
            "win checks",
            [Row.rate("win checks / s", FAST, SLOW, target_ratio=3.0, what="fake")],
        ),
        Group(
            "wilds",
            [Row.rate("1 wild", FAST, SLOW, target_ratio=5.0, baseline="recursive")],
        ),
        Group(
            "cold start",
            [Row.seconds("cold start: mjc check x", Timing((0.2, 0.3, 0.4)), target_value=0.15)],
        ),
    ]


def test_one_table_holds_every_group_each_figure_beside_its_peer() -> None:
    table = render_report(_groups())
    lines = table.splitlines()
    assert lines[0].split() == ["benchmark", "mjc", "peer", "peer's", "ratio", "goal", "met"]
    assert [line for line in lines if not line.startswith(" ")][1:] == [
        "win checks",
        "wilds",
        "cold start",
    ]
    win = next(line for line in lines if "win checks / s" in line)
    assert win.split()[4:] == ["0.10", "M", "mahjong", "25.0", "k", "4.0x", ">=", "3x", "yes"]
    wild = next(line for line in lines if "1 wild" in line)
    assert "recursive" in wild and "4.0x" in wild and wild.endswith("NO (ratio)")
    start = next(line for line in lines if "mjc check" in line)
    assert start.split()[5:] == ["0.300", "s", "-", "-", "-", "<", "0.15", "s", "NO", "(absolute)"]
    widths = {len(line) for line in lines if line.startswith("  ")}
    assert len(widths) <= 3  # aligned: rows end at their last filled column


def test_the_json_rows_carry_figures_peer_ratio_and_goal() -> None:
    rows = report_rows_json(_groups())
    assert [row["group"] for row in rows] == ["win checks", "wilds", "cold start"]
    win, wild, start = rows
    assert win["mjc"] == 100_000 and win["peer"] == "mahjong" and win["peer_value"] == 25_000
    assert win["ratio"] == 4.0 and win["goal"] == ">= 3x" and win["met"] is True
    assert wild["peer"] == "recursive" and wild["recursive"] == 25_000 and wild["met"] is False
    assert start["peer"] is None and start["peer_value"] is None and start["ratio"] is None
    assert start["mjc"] == 0.3 and start["goal"] == "< 0.15 s" and start["met"] is False
    assert start["timings"]["mjc"]["runs_s"] == [0.2, 0.3, 0.4]
    json.dumps(rows)  # plain JSON throughout


def test_the_machine_is_named_with_its_cores_and_python() -> None:
    found = machine()
    assert set(found) == {"cpu", "cores", "python", "implementation", "platform"}
    assert found["cpu"] and found["cores"] >= 1
    line = machine_text(found, 5)
    assert found["cpu"] in line and f"{found['cores']} cores" in line
    assert "median of 5 timed runs" in line


def test_the_report_is_printed_and_written_as_json(tmp_path: Path) -> None:
    document = {"machine": machine(), "runs": 3, "results": report_rows_json(_groups())}
    path = tmp_path / "build" / "bench.json"
    assert _print_and_write("the table", document, str(path), 0) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == document
    assert _print_and_write("the table", document, None, 1) == 1
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    assert _print_and_write("the table", document, str(blocked / "bench.json"), 0) == 2


def test_a_rate_under_a_thousand_keeps_its_digits() -> None:
    assert [format_rate(r) for r in (240_000, 13_200, 42.8)] == ["0.24 M", "13.2 k", "42.8"]
