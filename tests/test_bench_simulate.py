"""Smoke test of the simulation benchmark (`python -m bench.simulate`): it runs on any
`PlayRound` (here the tests' double) and reports every figure; nothing asserts a timing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import sim_double

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `bench/` sits at the repo root and is not installed
    sys.path.insert(0, str(ROOT))

from bench.simulate import main  # noqa: E402
from mjc.compiler.cli import simulate as cli_simulate  # noqa: E402


def test_bench_without_the_engine_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_simulate, "ENGINE_MODULE", "mjc.runtime.no_such_engine")
    assert main(["--games", "4"]) == 2
    assert "the game engine is not available" in capsys.readouterr().err


def test_bench_reports_rates_and_memory_for_a_round_player(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    here = str(Path(sim_double.__file__).parent)
    monkeypatch.setenv("PYTHONPATH", here)  # Ray's workers import the double by name
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    assert main(["--games", "40", "--play", "sim_double:fake_round", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    rates = doc["rounds_per_second"]
    assert set(rates) == {"1 worker", "2 workers", "ray (local, 2 CPUs)"}
    assert all(isinstance(r, float) and r > 0 for r in rates.values())
    assert doc["memory"]["games"] == [10, 40]
