"""Smoke test of the benchmark's MCR group (`bench.mcr`): its corpus and its agreement check
with PyMahjongGB on a tiny corpus. Nothing here asserts a timing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("MahjongGB")  # PyMahjongGB, a dev dependency

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `bench/` sits at the repo root and is not installed
    sys.path.insert(0, str(ROOT))

from bench.mcr import build_mcr_corpus, check_mcr_agreement, mcr_benchmark  # noqa: E402
from tests.conftest import ruleset  # noqa: E402

SEED = 7
SIZE = 40


def test_the_mcr_corpus_is_fixed_by_its_seed() -> None:
    first, second = build_mcr_corpus(SIZE, SEED), build_mcr_corpus(SIZE, SEED)
    assert first == second
    assert [c.notation() for c in build_mcr_corpus(SIZE, SEED + 1).cases] != [
        c.notation() for c in first.cases
    ]


def test_each_changed_hand_differs_from_its_winning_hand_in_one_concealed_tile() -> None:
    corpus = build_mcr_corpus(SIZE, SEED)
    for case, changed in zip(corpus.cases, corpus.changed, strict=True):
        assert changed.melds == case.melds and changed.win == case.win
        assert sum(a != b for a, b in zip(case.concealed, changed.concealed, strict=True)) <= 1


def test_both_sides_agree_on_every_total_and_every_win_check() -> None:
    agreement = check_mcr_agreement(build_mcr_corpus(SIZE, SEED), ruleset("mcr"))
    assert agreement.ok, agreement.disagreements
    assert agreement.scored == SIZE and agreement.checked == 2 * SIZE
    assert SIZE <= agreement.wins < 2 * SIZE  # some changed hands still win, not all


def test_the_group_reports_scoring_and_win_check_rows_beside_pymahjonggb() -> None:
    results = mcr_benchmark(build_mcr_corpus(4, SEED), ruleset("mcr"), repeats=1)
    assert [row.name.strip() for row in results.rows] == [
        "MCR scored hands / s",
        "from notation text",
        "MCR win checks / s",
    ]
    assert all(row.baseline == "PyMahjongGB" and row.ratio is not None for row in results.rows)


def test_only_mcr_runs_the_mcr_section_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """`--only mcr`: the MCR section's rows beside PyMahjongGB, agreeing, and no other."""
    import json

    from bench.__main__ import main

    assert main(["--only", "mcr", "--hands", "16", "--repeats", "1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc) == {"versions", "repeats", "mcr", "results"}
    assert [row["name"] for row in doc["results"]] == [
        "MCR scored hands / s",
        "from notation text",
        "MCR win checks / s",
    ]
    assert all(row["baseline"] == "PyMahjongGB" and row["ratio"] > 0 for row in doc["results"])
    # The build this process runs is named; in a test process nothing is measured twice (the
    # checkout's own package, or a native copy laid out as a checkout, is what it runs).
    from mjc.compiler.emit.native import build_in_use

    assert doc["versions"]["build"] == build_in_use() and doc["mcr"]["interpreted"] is None
    agreement = doc["mcr"]["agreement"]
    assert agreement["score_agree"] == agreement["scored"] == doc["mcr"]["hands"]
    assert agreement["win_agree"] == agreement["checked"] and not agreement["disagreements"]
