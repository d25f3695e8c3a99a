"""`mjc settle`: the JSON Schema of its input, text and JSON output, and one-line errors
naming the field for malformed rounds (exit 2, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main

ROUND = {"winners": [{"seat": 1, "hand": "123m456p789s345s22z", "self_drawn": True}]}


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "round.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_settle_schema_names_every_field_of_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "--schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    for field in (
        "players",
        "dealer",
        "streak",
        "options",
        "winners",
        "discarder",
        "robbed_from",
        "robbed_kong",
        "kong_fed_by",
        "claims",
        "kongs",
        "exhaustive_draw",
        "ready",
        "follow_dealer_rounds",
        "opening",
    ):
        assert field in schema["properties"]  # fmt: skip


def test_settle_text_output_itemises_lines_and_deltas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["settle", "guangdong", _write(tmp_path, ROUND)]) == 0
    out = capsys.readouterr().out
    # the line's rule: the sixth `win` line of guangdong's payments, `win each pays when ...`
    assert "seat 0 pays seat 1 4 番: hand of seat 1 [win@guangdong.mjr#6]" in out
    assert "deltas: seat 0 -4, seat 1 +12, seat 2 -4, seat 3 -4" in out


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"winners": [{"seat": 9, "hand": "1m"}], "discarder": 0}, "winners.0.seat"),
        ({"winners": [{"seat": 1}]}, "winners.0.hand"),
        ({"players": "four"}, "players"),
        ({"winners": [{"seat": 1, "hand": "123m"}], "discarder": 0}, "winners.0.hand"),
        ({"winners": [{"seat": 1, "hand": "123m456p789s345s22z"}]}, "discarder"),
        ({"exhaustive_draw": True, "options": {"nope": "on"}}, "options"),
        ("{not json", "not JSON"),
        ({"exhaustive_draw": True, "ready": [7]}, "ready.0"),
        (
            {
                "exhaustive_draw": True,
                "claims": [{"seat": 1, "from_seat": 0, "kind": "pong", "tile": "9z"}],
            },
            "claims.0.tile",
        ),
        (
            {
                "winners": [{"seat": 1, "hand": "123m456p789s345s22z", "self_drawn": True}],
                "claims": [{"seat": 1, "from_seat": 2, "kind": "pong"}],
            },
            "claims.0: seat 1 claimed a pong from seat 2, but winner 1's hand shows no such",
        ),
        (
            {
                "winners": [{"seat": 1, "hand": "123m456p22z [789s]", "self_drawn": True}],
                "claims": [{"seat": 2, "from_seat": 3, "kind": "pong"}],
            },
            "winners.0.hand: the exposed meld [789s] has no claim by seat 1",
        ),
        (
            {
                "exhaustive_draw": True,
                "follow_dealer_rounds": 2,
                "opening": {"go_arounds": [{"discards": ["1m", "1m", "1m", "1m"]}]},
            },
            "follow_dealer_rounds: 2 跟庄 rounds given, but the opening's discards make 1",
        ),
        (
            {
                "exhaustive_draw": True,
                "claims": [{"seat": 1, "from_seat": 2, "kind": "chow"}],
            },
            "claims.0.from_seat: seat 1 chows only from its 上家 (the seat before it), seat 0",
        ),
        (
            {
                "winners": [
                    {
                        "seat": 1,
                        "hand": "123m456m789m234m55m",
                        "win_tile": "5m",
                        "situations": ["robbing_kong"],
                    }
                ],
                "robbed_from": 2,
                "robbed_kong": "concealed",
            },
            "robbed_kong: meizhou robs only an added or an exposed kong, not a concealed kong",
        ),
        (
            {
                "exhaustive_draw": True,
                "claims": [{"seat": 1, "from_seat": 0, "kind": "chow"}],
            },
            "claims.0.kind: meizhou allows no chow claim under these options",
        ),
    ],
)
def test_settle_malformed_input_is_one_line_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, message: str
) -> None:
    assert main(["settle", "meizhou", _write(tmp_path, data)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and "Traceback" not in err[0]


def test_settle_shanghai_cheng_bao_itemises_the_relation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    winner = {"seat": 1, "hand": "123m22z [555p] [777s] [999m]", "self_drawn": True}
    data = {"winners": [winner], "claims": [{"seat": 1, "from_seat": 3, "kind": "pong"}] * 3}
    assert main(["settle", "shanghai", _write(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert "relation (claims between seats 1 and 3)" in out
    assert "[relation_payment@shanghai.mjr#2]" in out
    assert "seat 0 pays" not in out and "seat 2 pays" not in out
