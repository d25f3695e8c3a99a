"""Shared fixtures: bundled rulebooks compiled once per test session."""

from __future__ import annotations

import functools

import pytest

from mjc.compiler.loader import load
from mjc.runtime import Ruleset


@functools.cache
def ruleset(name: str) -> Ruleset:
    loaded = load(name)
    assert loaded.ruleset is not None, [d.message for d in loaded.compilation.diagnostics]
    return loaded.ruleset


@pytest.fixture(scope="session")
def guangdong() -> Ruleset:
    return ruleset("guangdong")
