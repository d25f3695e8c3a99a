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
