"""The game hash (`python -m bench.gamehash`) that proves a speed-up of the engine plays the same
games: the same rounds hash the same in two runs, and one line per rulebook and a total."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `bench/` sits at the repo root and is not installed
    sys.path.insert(0, str(ROOT))

from bench.gamehash import games_hash, main  # noqa: E402
from tests.conftest import ruleset  # noqa: E402


def test_the_same_rounds_hash_the_same() -> None:
    first = games_hash(ruleset("guangdong"), 5)
    assert first == games_hash(ruleset("guangdong"), 5)
    assert len(first) == 64 and first != games_hash(ruleset("guangdong"), 6)


def test_gamehash_prints_a_line_per_rulebook_and_the_total(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--rounds", "2", "--rulebook", "guangdong", "--rulebook", "sichuan"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["guangdong", "sichuan", "total"]
