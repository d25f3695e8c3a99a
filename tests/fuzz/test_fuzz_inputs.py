"""Hands, rounds and command lines end in a result or a documented error, never a crash.

DESIGN.md, "Reliability" and the CLI contract: `mjc` exits 0, 1 or 2 and never prints a
traceback; the API returns a result or raises its documented errors (`fuzz_oracles.ALLOWED`).
The inputs come from `input_gen`; a failing one is shrunk and kept in `regressions/`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fuzz_budget import budget, keeping_failures
from fuzz_oracles import cached_rulebooks, check_api, run_cli
from hypothesis import given
from hypothesis import strategies as st
from input_gen import (
    JSON_VALUES,
    NOTATION,
    RULEBOOK_NAMES,
    UNSAFE_COMMANDS,
    WORDS,
    bundled_rulesets,
    mutated_rounds,
    score_argv,
    score_settings,
    seed_rounds,
)

from mjc.runtime import parse_hand, parse_round


@pytest.fixture(scope="module", autouse=True)
def _rulebooks_compiled_once() -> Iterator[None]:
    with cached_rulebooks():
        yield


def test_the_round_seeds_are_harvested_from_the_settlement_tests() -> None:
    books = {book for book, _ in seed_rounds()}
    assert len(seed_rounds()) >= 50 and books == set(bundled_rulesets())


def test_hand_notation_parses_or_gives_a_notation_error() -> None:
    with keeping_failures("hand-api") as note:

        @budget(1500)
        @given(text=NOTATION)
        def run(text: str) -> None:
            note({"hand": text})
            check_api(lambda: parse_hand(text))

        run()


def test_scoring_any_hand_with_any_settings_gives_a_score_or_a_documented_error() -> None:
    with keeping_failures("score-api") as note:

        @budget(1500)
        @given(data=st.data(), rulebook=RULEBOOK_NAMES, hand=NOTATION)
        def run(data: st.DataObject, rulebook: str, hand: str) -> None:
            book = bundled_rulesets()[rulebook]
            kwargs = data.draw(score_settings(book))
            note({"rulebook": rulebook, "hand": hand, "kwargs": kwargs})
            check_api(lambda: book.score(hand, **kwargs))

        run()


def test_mjc_score_exits_0_1_or_2_without_a_traceback() -> None:
    with keeping_failures("cli") as note:

        @budget(600)
        @given(data=st.data(), rulebook=RULEBOOK_NAMES, hand=NOTATION)
        def run(data: st.DataObject, rulebook: str, hand: str) -> None:
            argv = score_argv(
                rulebook, hand, data.draw(score_settings(bundled_rulesets()[rulebook]))
            )
            if data.draw(st.booleans()):
                argv.append("--json")
            note({"argv": argv})
            run_cli(argv)

        run()


def test_mjc_with_any_words_exits_0_1_or_2_without_a_traceback() -> None:
    with keeping_failures("cli") as note:

        @budget(400)
        @given(argv=st.lists(WORDS, max_size=6))
        def run(argv: list[str]) -> None:
            if argv and argv[0] in UNSAFE_COMMANDS:
                argv = ["explain", *argv]
            note({"argv": argv})
            run_cli(argv)

        run()


def test_settling_mutated_rounds_gives_a_settlement_or_a_round_error() -> None:
    with keeping_failures("round-api") as note:

        @budget(1500)
        @given(seed=mutated_rounds())
        def run(seed: tuple[str, Any]) -> None:
            rulebook, data = seed
            note({"rulebook": rulebook, "round": data})
            book = bundled_rulesets()[rulebook]
            check_api(lambda: parse_round(data))
            check_api(lambda: book.settle(data))

        run()


def test_parsing_any_json_value_as_a_round_gives_a_round_or_a_round_error() -> None:
    with keeping_failures("round-api") as note:

        @budget(800)
        @given(data=JSON_VALUES, rulebook=RULEBOOK_NAMES)
        def run(data: Any, rulebook: str) -> None:
            note({"rulebook": rulebook, "round": data})
            check_api(lambda: parse_round(data))
            if isinstance(data, dict):
                check_api(lambda: bundled_rulesets()[rulebook].settle(data))

        run()


def test_mjc_settle_reads_any_round_text_and_exits_0_1_or_2_without_a_traceback() -> None:
    with keeping_failures("cli") as note:

        @budget(600)
        @given(seed=mutated_rounds(), cut=st.integers(0, 400), as_json=st.booleans())
        def run(seed: tuple[str, Any], cut: int, as_json: bool) -> None:
            rulebook, data = seed
            text = json.dumps(data, ensure_ascii=False)
            if cut % 5 == 0:  # a truncated file
                text = text[: cut % (len(text) + 1)]
            argv = ["settle", rulebook, "-", *(["--json"] if as_json else [])]
            note({"argv": argv, "stdin": text})
            run_cli(argv, stdin=text)

        run()
