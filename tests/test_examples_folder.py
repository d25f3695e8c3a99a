"""The round files in examples/ settle as the README says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_meizhou_robbed_kong_example_charges_the_robbed_seat_24(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", "meizhou", str(EXAMPLES / "meizhou-robbed-kong.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    deltas = result["deltas"]
    assert deltas == [0, 24, -24, 0]


def test_sichuan_xuezhan_example_pays_three_win_events_and_a_later_kong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """血战到底: seat 1 self-draws, seat 2 wins on seat 3's discard, seat 0 self-draws last;
    the 暗杠 seat 3 makes after the first win is not paid by seat 1, who left."""
    assert main(["settle", "sichuan", str(EXAMPLES / "sichuan-xuezhan.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["deltas"] == [-1, 6, -3, -2]
    assert [[w["seat"] for w in event] for event in result["later_winners"]] == [[2], [0]]
