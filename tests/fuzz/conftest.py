"""The fuzz tests' summary: how many inputs each kind ended in, after the run."""

from __future__ import annotations

from typing import Any

from fuzz_budget import STATS


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if STATS:
        terminalreporter.write_sep("-", "fuzz inputs by outcome")
        for outcome, count in sorted(STATS.items()):
            terminalreporter.write_line(f"{outcome}: {count}")
