"""The round input is strict about types (issue 11): "4" is not 4, 4.0 is not 4, true is not
1, b"1m" is not "1m" — in `parse_round`, `Ruleset.settle` and `mjc settle` — with one line
naming the field and the value; the published JSON Schema says what is accepted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from settlement_helpers import ruleset

from mjc.compiler.cli.commands import main
from mjc.runtime import RoundError, parse_round, round_json_schema

WINNER: dict[str, Any] = {"seat": 1, "hand": "123m456p789s345s22z", "self_drawn": True}
ROUND: dict[str, Any] = {"winners": [WINNER]}
CLAIM = {"seat": 2, "from_seat": 3, "kind": "pong"}


def _with(**fields: Any) -> dict[str, Any]:
    return ROUND | fields


BAD_ROUNDS = [
    (_with(players="4"), "players: should be an integer, not '4'"),
    (_with(players=4.0), "players: should be an integer, not 4.0 (float)"),
    (_with(players=True), "players: should be an integer, not True"),
    (_with(dealer="0"), "dealer: should be an integer, not '0'"),
    (_with(streak=1.0), "streak: should be an integer, not 1.0 (float)"),
    (_with(follow_dealer_rounds=False), "follow_dealer_rounds: should be an integer, not False"),
    (_with(ready=["1"]), "ready.0: should be an integer, not '1'"),
    ({"winners": [WINNER | {"seat": "1"}]}, "winners.0.seat: should be an integer, not '1'"),
    ({"winners": [WINNER | {"seat": True}]}, "winners.0.seat: should be an integer, not True"),
    ({"winners": [WINNER | {"self_drawn": 1}]}, "winners.0.self_drawn: should be true or false"),
    ({"winners": [WINNER | {"hand": 123}]}, "winners.0.hand: should be a string, not 123 (int)"),
    ({"winners": [WINNER | {"hand": b"12m"}]}, "winners.0.hand: should be a string, not b'12m'"),
    ({"winners": [WINNER | {"situations": [1]}]}, "winners.0.situations.0: should be a string"),
    (_with(claims=[CLAIM | {"from_seat": 3.0}]), "claims.0.from_seat: should be an integer"),
    (_with(claims=[CLAIM | {"tile": 5}]), "claims.0.tile: should be a string, not 5 (int)"),
    (_with(kongs=[{"seat": "0", "kind": "concealed"}]), "kongs.0.seat: should be an integer"),
    (_with(exhaustive_draw="false"), "exhaustive_draw: should be true or false, not 'false'"),
    (_with(indicator=7), "indicator: should be a string, not 7 (int)"),
    (_with(horse_tiles="1m2m"), "horse_tiles: should be a list, not '1m2m'"),
    (_with(options={"cap": 16.0}), "options.cap: an option's value is a string, an integer or"),
    (_with(options={"cap": None}), "options.cap: an option's value is a string, an integer or"),
    (_with(bought_horses={" 1": ["1m"]}), "bought_horses: a seat number is an integer, not ' 1'"),
    (
        _with(opening={"go_arounds": [{"discards": ["1m"], "interrupted": 0}]}),
        "opening.go_arounds.0.interrupted: should be true or false, not 0 (int)",
    ),
    (_with(winners=[5]), "winners.0: should be an object, not 5 (int)"),
    (None, "a round should be an object, not null"),
    ([ROUND], "a round should be an object, not [{'winners'"),
]


@pytest.mark.parametrize(("data", "message"), BAD_ROUNDS)
def test_parse_round_refuses_a_value_of_the_wrong_type_naming_the_field(
    data: object, message: str
) -> None:
    with pytest.raises(RoundError) as caught:
        parse_round(data)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_ruleset_settle_refuses_a_value_of_the_wrong_type() -> None:
    with pytest.raises(RoundError, match=r"^players: should be an integer, not '4'$"):
        ruleset("guangdong").settle(_with(players="4"))


@pytest.mark.parametrize(("data", "message"), BAD_ROUNDS[:6] + BAD_ROUNDS[-2:])
def test_mjc_settle_refuses_a_value_of_the_wrong_type_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, message: str
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["settle", "guangdong", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_the_right_types_are_read_as_before() -> None:
    outcome = parse_round(
        _with(
            players=4, dealer=0, options={"cap": "16", "x": 3, "y": True},
            bought_horses={"0": ["1m"], 1: ["2m"]}, horse_tiles=("3m",), ready=[1],
        )
    )  # fmt: skip
    assert outcome.bought_horses == {0: ("1m",), 1: ("2m",)}
    assert outcome.options == {"cap": "16", "x": 3, "y": True}
    assert outcome.horse_tiles == ("3m",) and outcome.ready == (1,)


def test_a_rounds_win_tiles_is_the_win_size_it_was_parsed_for() -> None:
    for tiles in (14, 17):
        outcome = parse_round(_with(players=4, exhaustive_draw=True), tiles)
        assert outcome.win_tiles == outcome._tiles == tiles


def test_the_json_schema_says_integer_boolean_and_string_as_the_input_is_read() -> None:
    schema = round_json_schema()
    props: dict[str, Any] = schema["properties"]  # type: ignore[assignment]
    assert props["players"]["type"] == "integer"
    assert props["exhaustive_draw"]["type"] == "boolean"
    assert props["bought_horses"]["propertyNames"] == {"pattern": "^[0-9]+$"}
    assert props["options"]["additionalProperties"] == {
        "anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]
    }
    winner: dict[str, Any] = schema["$defs"]["Winner"]["properties"]  # type: ignore[index]
    assert winner["seat"]["type"] == "integer" and winner["self_drawn"]["type"] == "boolean"
