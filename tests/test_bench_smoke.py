"""Smoke test of the benchmark command (`python -m bench`): its corpus, its conversions and its
agreement checks on a tiny corpus. Nothing here asserts a timing: speed is measured by the
benchmark, never by tests."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("mahjong")  # the `bench` extra

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `bench/` sits at the repo root and is not installed
    sys.path.insert(0, str(ROOT))

from mahjong.agari import Agari  # noqa: E402

from bench.__main__ import main  # noqa: E402
from bench.corpus import (  # noqa: E402
    build_corpus,
    check_win_agreement,
    is_special_shape,
    notation,
)
from bench.suites import scoring_check  # noqa: E402
from runtime import Ruleset  # noqa: E402

SEED = 7
SIZE = 60


def test_corpus_is_fixed_by_its_seed_and_half_built_to_win() -> None:
    first, second = build_corpus(SIZE, SEED), build_corpus(SIZE, SEED)
    assert [notation(c.deal) for c in first.win_cases] == [
        notation(c.deal) for c in second.win_cases
    ]
    assert len(first.win_cases) == SIZE
    assert sum(c.deal.built_to_win for c in first.win_cases) == SIZE // 2
    assert len(first.scoring_cases) == SIZE // 2
    other = build_corpus(SIZE, SEED + 1)
    assert [notation(c.deal) for c in other.win_cases] != [
        notation(c.deal) for c in first.win_cases
    ]


def test_both_representations_hold_the_same_tiles() -> None:
    corpus = build_corpus(SIZE, SEED, open_share=0.5)
    for case in corpus.win_cases:
        assert case.tiles34 == case.deal.counts()
        assert sum(case.tiles34) == 14
        assert list(case.hand.counts) == case.deal.counts()
    assert any(case.deal.exposed for case in corpus.scoring_cases)
    for case in corpus.scoring_cases:
        counts = [0] * 34
        for tile in case.tiles136:
            counts[tile // 4] += 1
        assert counts == case.deal.counts()
        assert case.win136 in case.tiles136
        assert case.win136 // 4 == case.deal.win_tile == case.hand.win_tile
        assert len(case.hand.melds) == len(case.melds) == len(case.deal.exposed)
        assert len(set(case.tiles136)) == 14  # no 136-format tile used twice


def test_special_shapes_are_recognised() -> None:
    seven_pairs = [0] * 34
    for t in (0, 3, 10, 12, 20, 27, 33):
        seven_pairs[t] = 2
    orphans = [0] * 34
    for t in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        orphans[t] = 1
    orphans[33] = 2
    plain = [0] * 34
    for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11):
        plain[t] = 1
    plain[27] = 2
    assert is_special_shape(seven_pairs)
    assert is_special_shape(orphans)
    assert not is_special_shape(plain)


def test_win_checks_agree_on_a_tiny_corpus(guangdong: Ruleset) -> None:
    corpus = build_corpus(SIZE, SEED)
    agreement = check_win_agreement(corpus.win_cases, guangdong.is_win, Agari().is_agari)
    assert agreement.ok, agreement.disagreements
    assert agreement.agree == SIZE
    assert agreement.ours_win >= SIZE // 2  # every hand built to win wins


def test_both_sides_score_every_winning_hand(guangdong: Ruleset) -> None:
    corpus = build_corpus(SIZE, SEED, open_share=0.5)
    check = scoring_check(corpus, guangdong)
    assert check.ok, check.problems
    assert check.ours_scored == check.hands == SIZE // 2
    # `mahjong` may find no yaku in an open hand, but it never calls a hand not winning.
    assert check.theirs_scored + sum(check.theirs_errors.values()) == check.hands
    assert set(check.theirs_errors) <= {"no_yaku"}


def test_command_prints_one_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "20", "--repeats", "1", "--seed", str(SEED), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["corpus"]["hands"] == 20
    assert doc["corpus"]["seed"] == SEED
    assert doc["agreement"]["agree"] == 20
    names = [row["name"] for row in doc["results"]]
    assert "win checks / s" in names
    assert "scored hands / s" in names
    assert "compile guangdong" in names
