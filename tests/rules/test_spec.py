"""A generated module hands the runtime one frozen `RulesetSpec`: `RULESET = Ruleset(SPEC)`,
and the Ruleset's tables are the spec's."""

from __future__ import annotations

import dataclasses

import pytest

from mjc.compiler.loader import load
from mjc.runtime import Ruleset, RulesetSpec, Situation, parse_hand
from mjc.runtime.wins.arrange import SHAPES, arrangements

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


@pytest.mark.parametrize("name", ["mcr", "riichi", "sichuan", "guangdong", "chaozhou"])
def test_a_spec_without_adjustments_has_an_adjust_that_only_keeps_the_value_at_least_zero(
    name: str,
) -> None:
    book = load(name).compilation.rulebook
    assert book is not None
    spec = ruleset(name).spec
    assert spec.has_adjustments == bool(book.scoring.adjustments)
    if spec.has_adjustments:
        return
    # What `Ruleset.score` does instead of the call: a body with no adjustment reads no
    # argument but the total (given of the types a compiled module takes).
    hand = parse_hand("123m456p789s111z22z")
    (arrangement, *_) = arrangements(hand, SHAPES)
    for total in (-3, 0, 7):
        given = spec.adjust(arrangement, Situation(winning_tile=hand.win_tile), {}, (), total)
        assert given == (max(total, 0), 0, False, None, ())
