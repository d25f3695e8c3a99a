"""Smoke test of the benchmark's Riichi group (`bench.riichi`): its corpus, its agreement check
with `mahjong`'s HandCalculator and its rows on a tiny corpus. Nothing here asserts a timing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("mahjong")  # the `bench` extra

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `bench/` sits at the repo root and is not installed
    sys.path.insert(0, str(ROOT))

import bench.riichi  # noqa: E402
from bench.__main__ import main  # noqa: E402
from bench.riichi import (  # noqa: E402
    RIICHI_SCORE_TARGET,
    build_riichi_corpus,
    check_riichi_agreement,
    riichi_benchmark,
)
from tests.conftest import ruleset  # noqa: E402

SEED = 7
SIZE = 40
ROWS = ["Riichi scored hands / s", "from notation text", "the call alone"]


def test_the_riichi_corpus_is_fixed_by_its_seed() -> None:
    first, second = build_riichi_corpus(SIZE, SEED), build_riichi_corpus(SIZE, SEED)
    assert first == second and first.size == SIZE
    other = build_riichi_corpus(SIZE, SEED + 1)
    assert [c.describe() for c in other.cases] != [c.describe() for c in first.cases]


def test_both_sides_agree_on_every_hand_of_a_tiny_corpus() -> None:
    agreement = check_riichi_agreement(build_riichi_corpus(SIZE, SEED), ruleset("riichi"))
    assert agreement.ok, agreement.problems
    assert agreement.agree == agreement.hands == SIZE
    assert 0 < agreement.no_yaku < SIZE  # hands aimed at no yaku are drawn too


def test_the_group_reports_scoring_rows_beside_mahjong_with_the_goal() -> None:
    results = riichi_benchmark(build_riichi_corpus(6, SEED), ruleset("riichi"), repeats=1)
    assert [row.name.strip() for row in results.rows] == ROWS
    assert all(row.baseline == "mahjong" and row.ratio is not None for row in results.rows)
    assert results.rows[0].target_ratio == RIICHI_SCORE_TARGET == 20


def test_only_riichi_runs_the_riichi_section_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """`--only riichi`: the Riichi rows beside mahjong, agreeing, and no other section."""
    assert main(["--only", "riichi", "--hands", "12", "--repeats", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"versions", "repeats", "riichi", "results"}
    assert [row["name"] for row in doc["results"]] == ROWS
    assert all(row["baseline"] == "mahjong" and row["ratio"] > 0 for row in doc["results"])
    assert doc["results"][0]["target_ratio"] == 20
    assert doc["riichi"]["hands"] == 12 and doc["riichi"]["interpreted"] is None
    agreement = doc["riichi"]["agreement"]
    assert agreement["agree"] == agreement["hands"] == 12 and not agreement["disagreements"]


def test_a_riichi_disagreement_fails_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def differs(book: object, case: object, answer: object, ids: object) -> list[object]:
        class Found:
            field, key = "han", "+1, fans agree"

        return [Found()]

    monkeypatch.setattr(bench.riichi, "compare", differs)
    assert main(["--only", "riichi", "--hands", "4", "--repeats", "1"]) == 1
    out = capsys.readouterr().out
    assert "DISAGREEMENT:" in out and "han [+1, fans agree]" in out
