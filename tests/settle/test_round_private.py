"""A round's private value `_tiles` (the tiles of a win of the rulebook it was parsed for,
read as `win_tiles`) is set from the parse's context on every way pydantic makes a round:
`parse_round` with and without the engine's `played`, a bare `model_validate`,
`model_construct` and a copy, each round with a store of its own."""

from __future__ import annotations

from typing import Any

from mjc.runtime import parse_round
from mjc.runtime.settle.round import RoundOutcome

WINNER: dict[str, Any] = {"seat": 1, "hand": "123m456p789s345s22z", "self_drawn": True}
ROUND: dict[str, Any] = {"winners": [WINNER]}


def test_the_context_sets_the_tiles_of_a_win() -> None:
    assert parse_round(ROUND).win_tiles == 14
    assert parse_round(ROUND, 17).win_tiles == 17
    assert parse_round(ROUND, 17, played=True).win_tiles == 17


def test_without_a_usable_context_a_win_holds_14() -> None:
    assert RoundOutcome.model_validate(ROUND).win_tiles == 14
    assert RoundOutcome.model_validate(ROUND, context={"tiles": 99}).win_tiles == 14
    assert RoundOutcome.model_construct().win_tiles == 14


def test_each_round_keeps_a_store_of_its_own() -> None:
    first = parse_round(ROUND, 17)
    second = parse_round(ROUND)
    copied = first.model_copy()
    assert copied.win_tiles == 17
    assert copied.__pydantic_private__ is not first.__pydantic_private__
    assert first.__pydantic_private__ is not second.__pydantic_private__
    assert second.win_tiles == 14
