"""Shared fixtures: bundled rulebooks compiled once per test session."""

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
