"""A generated module hands the runtime one frozen `RulesetSpec`: `RULESET = Ruleset(SPEC)`,
and the Ruleset's tables are the spec's."""

from __future__ import annotations

import dataclasses

import pytest

from mjc.compiler.loader import load
from mjc.runtime import Ruleset, RulesetSpec

from ..conftest import ruleset  # type: ignore[import-not-found]


def test_the_generated_module_builds_its_ruleset_from_its_spec() -> None:
    loaded = load("guangdong")
    assert loaded.source is not None
    tail = [line for line in loaded.source.splitlines() if line.strip()][-1]
    assert tail == "RULESET = Ruleset(SPEC)"
    book = ruleset("guangdong")
    assert isinstance(book.spec, RulesetSpec)


def test_the_spec_is_frozen() -> None:
    spec = ruleset("guangdong").spec
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.id = "other"  # type: ignore[misc]


@pytest.mark.parametrize("field", ["id", "title", "unit", "players", "fans", "tiers", "options"])
def test_the_rulesets_tables_are_the_specs(field: str) -> None:
    book = ruleset("shanghai")
    assert getattr(book, field) is getattr(book.spec, field)


def test_a_second_ruleset_from_the_same_spec_scores_alike() -> None:
    book = ruleset("chaozhou")
    twin = Ruleset(book.spec)
    for options in (None, {"ghost": "white"}):
        for hand in ("123m456m789m123p5z5z", "111m222m333m444m55m"):
            assert twin.score(hand, options=options).as_dict() == (
                book.score(hand, options=options).as_dict()
            )
