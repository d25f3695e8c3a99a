"""Hands, rounds and command lines end in a result or a documented error, never a crash.

DESIGN.md, "Reliability" and the CLI contract: `mjc` exits 0, 1 or 2 and never prints a
traceback; the API returns a result or raises its documented errors (`fuzz_oracles.ALLOWED`).
The inputs come from `input_gen`; the bulk runs use seeded choices, two hypothesis tests
draw the same generators through hypothesis. A failing input is kept in `regressions/`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fuzz_budget import budget, bulk, keeping_failures
from fuzz_oracles import (
    cached_rulebooks,
    check_command,
    check_hand,
    check_round,
    check_score,
    check_settle_command,
)
from hypothesis import given
from input_gen import (
    JSON_VALUES,
    NOTATION,
    any_round,
    bundled_rulesets,
    command_line,
    mutated_round,
    notation,
    round_text,
    score_case,
    score_command,
    seed_rounds,
)


@pytest.fixture(scope="module", autouse=True)
def _rulebooks_compiled_once() -> Iterator[None]:
    with cached_rulebooks():
        yield


def test_the_round_seeds_are_harvested_from_the_settlement_tests() -> None:
    books = {book for book, _ in seed_rounds()}
    assert len(seed_rounds()) >= 50 and books == set(bundled_rulesets())


def test_hand_notation_parses_or_gives_a_notation_error() -> None:
    bulk("hand", notation, check_hand, 3000)


def test_scoring_any_hand_with_any_settings_gives_a_score_or_a_documented_error() -> None:
    bulk("score", score_case, check_score, 3000)


def test_mjc_score_exits_0_1_or_2_without_a_traceback() -> None:
    bulk("cli", score_command, check_command, 1000)


def test_mjc_with_any_words_exits_0_1_or_2_without_a_traceback() -> None:
    bulk("cli", command_line, check_command, 1000)


def test_settling_mutated_rounds_gives_a_settlement_or_a_round_error() -> None:
    bulk("round", mutated_round, check_round, 3000)


def test_settling_any_json_value_gives_a_settlement_or_a_round_error() -> None:
    bulk("round", any_round, check_round, 1000)


def test_mjc_settle_reads_any_round_text_and_exits_0_1_or_2_without_a_traceback() -> None:
    bulk("settle-cli", round_text, check_settle_command, 1000)


def test_hands_and_rounds_drawn_by_hypothesis_give_results_or_documented_errors() -> None:
    with keeping_failures("hand") as note:

        @budget(100)
        @given(text=NOTATION, data=JSON_VALUES)
        def run(text: str, data: Any) -> None:
            note(text)
            check_hand(text)
            check_round(("guangdong", json.loads(json.dumps(data))))

        run()
