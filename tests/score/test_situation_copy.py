"""The situation of a new hand copied from the one of the same facts (`with_tile`, what
`Ruleset.score` does on a miss of its memo): equal to the situation built from scratch, every
field copied, the winning tile and the flowers the hand's own."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields, replace

import pytest

from mjc.runtime.score.scoring import Situation
from mjc.runtime.score.situationargs import (
    new_situation,
    read_indicators,
    set_dora,
    with_dora,
    with_tile,
)


def _every_field_set() -> Situation:
    """A situation whose every field differs from its default."""
    base = new_situation("mcr", ("last_of_kind",), (4,), 3, (34,), True, "S", "W", True,
                         ("kong_bloom", "last_of_kind"), 4, 2)  # fmt: skip
    changed: dict[str, object] = {}
    for field in fields(Situation):
        value = getattr(base, field.name)
        if value == field.default:
            changed[field.name] = {bool: True, int: 1, tuple: (("missing_suit", "m"),)}.get(
                type(value), value
            )
    return replace(base, **changed)


def test_every_field_of_a_situation_is_set_apart_from_its_default() -> None:
    situation = _every_field_set()
    unchanged = [f.name for f in fields(Situation) if getattr(situation, f.name) == f.default]
    assert unchanged == []


@pytest.mark.parametrize("win_tile", [0, 27, None])
def test_a_copied_situation_is_the_one_of_the_same_facts_with_the_tile_and_flowers(
    win_tile: int | None,
) -> None:
    situation = _every_field_set()
    copied = with_tile(situation, win_tile, (35, 36))
    tile = win_tile if win_tile is not None else -1
    assert copied == replace(situation, winning_tile=tile, flowers=(35, 36))
    assert [getattr(copied, f.name) for f in fields(Situation)] == [
        getattr(replace(situation, winning_tile=tile, flowers=(35, 36)), f.name)
        for f in fields(Situation)
    ]


def test_a_situation_copied_from_its_facts_is_the_one_built_from_them() -> None:
    facts = (True, "N", "E", False, ("last_of_kind",), 4, 0)
    base = new_situation("mcr", ("last_of_kind",), (4,), None, (), *facts)
    built = new_situation("mcr", ("last_of_kind",), (4,), 12, (34, 35), *facts)
    assert with_tile(base, 12, (34, 35)) == built


def test_a_copied_situation_is_a_frozen_situation_like_one_built_from_scratch() -> None:
    copied = with_tile(_every_field_set(), 5, (34,))
    assert type(copied) is Situation
    with pytest.raises(FrozenInstanceError):
        copied.winning_tile = 6  # type: ignore[misc]
    assert hash(copied) == hash(replace(copied))


def test_a_copy_given_the_dora_holds_them_and_the_red_fives_as_set_dora_sets_them() -> None:
    situation = _every_field_set()
    copied = with_tile(situation, 5, (34,), (2, 3), (), 2)
    made = with_tile(situation, 5, (34,))
    set_dora(made, ("3m", "4m"), (), 2)
    assert copied == made
    assert [getattr(copied, f.name) for f in fields(Situation)] == [
        getattr(made, f.name) for f in fields(Situation)
    ]


def test_indicators_read_at_once_are_the_tiles_set_dora_reads() -> None:
    given = ("3m", "0p", "7z", "9s")
    made = with_tile(_every_field_set(), 5, ())
    set_dora(made, given, list(given), 0)
    assert read_indicators(given) == made.dora_indicators
    assert read_indicators(list(given)) == made.ura_indicators
    assert read_indicators(()) == ()


@pytest.mark.parametrize(
    "given",
    ["3m", iter(["3m"]), ["3m"] * 11, ["1f"], ["3M "], [["3m"]], [3], None],
    ids=["text", "iterator", "too many", "flower", "spelling", "list item", "int", "none"],
)
def test_indicators_not_read_at_once_are_left_to_set_dora(given: object) -> None:
    assert read_indicators(given) is None  # type: ignore[arg-type]


def test_set_dora_replaces_the_dora_a_copy_held_and_keeps_those_it_is_given_again() -> None:
    held = _every_field_set()  # ura-dora and a red five already set
    assert held.ura_indicators != () and held.red_fives != 0
    made = with_tile(held, 5, ())
    set_dora(made, ("3m",), (), 0)
    assert made == replace(held, winning_tile=5, flowers=(), dora_indicators=(2,),
                           ura_indicators=(), red_fives=0)  # fmt: skip
    again = with_tile(made, 5, ())
    set_dora(again, ["3m"], ("9s", "0p"), 0)
    assert (again.dora_indicators, again.ura_indicators, again.red_fives) == ((2,), (26, 13), 0)
    # A count given as another object than the one held is set, even when equal to it.
    counted = with_dora(held, ("3m",), (), True)  # type: ignore[arg-type]
    assert counted == replace(held, dora_indicators=(2,), ura_indicators=(), red_fives=1)
    assert counted.red_fives is True
