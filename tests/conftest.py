"""Shared fixtures (bundled rulebooks compiled once per test session) and the test tiers.

`make test` runs every test but the long runs, which carry `@pytest.mark.slow` (the native
build's rebuild, the long fuzzing and oracle sets; a long run may have a shorter version,
unmarked, that `make test` runs, as `tests/fuzz/fuzz_budget.tiered` gives); `make test-all`
(`pytest --all`) runs them too. A slow test is deselected, never skipped: the summary counts
it apart. A `heavy` test (the native build) is collected first, so that pytest-xdist starts
it at once on one worker while the other runs the rest.
"""

from __future__ import annotations

import functools
import os

import pytest
from hypothesis import settings

from mjc.compiler.loader import load
from mjc.runtime import Ruleset

# The suite draws the same examples on every run, so a red CI always means a real change and
# bounds such as "several-winner rounds were drawn" cannot fail by chance; `make fuzz` and
# HYPOTHESIS_PROFILE=explore draw fresh examples.
settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


@functools.cache
def ruleset(name: str) -> Ruleset:
    loaded = load(name)
    assert loaded.ruleset is not None, [d.message for d in loaded.compilation.diagnostics]
    return loaded.ruleset


@pytest.fixture(scope="session")
def guangdong() -> Ruleset:
    return ruleset("guangdong")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--all", action="store_true", help="run the slow tests too (make test-all)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: a long run that only `make test-all` (pytest --all) runs"
    )
    config.addinivalue_line(
        "markers",
        "heavy: a test of minutes that `make test` runs first, beside the rest of the suite "
        "on the other worker, not at its end",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)  # stable: heavy first
    if config.getoption("--all"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]
