"""Every generated rulebook ends in coded diagnostics or in a module that scores a hand.

DESIGN.md, "Reliability": no rulebook produces a traceback. The rulebooks come from
`rulebook_gen` (whole rulebooks built from the language, programs derived from the grammar,
mutants of the bundled rulebooks and of generated ones); the rule is `fuzz_oracles.
check_rulebook`. A failing input is shrunk and kept in `regressions/` (see `fuzz_budget`).
"""

from __future__ import annotations

from fuzz_budget import budget, keeping_failures
from fuzz_oracles import check_rulebook
from hypothesis import given
from hypothesis import strategies as st
from rulebook_gen import ALL_MUTATIONS, Mutation, bounded_programs, bundled_mutants, whole_rulebooks


def test_whole_generated_rulebooks_end_in_diagnostics_or_a_scored_hand() -> None:
    with keeping_failures("rulebook") as note:

        @budget(2500)
        @given(text=whole_rulebooks())
        def run(text: str) -> None:
            note(text)
            check_rulebook(text, "generated.mjr")

        run()


def test_mutated_generated_rulebooks_end_in_diagnostics_or_a_scored_hand() -> None:
    with keeping_failures("rulebook") as note:

        @budget(2500)
        @given(text=whole_rulebooks(), mutations=st.lists(ALL_MUTATIONS, min_size=1, max_size=3))
        def run(text: str, mutations: list[Mutation]) -> None:
            for mutate in mutations:
                text = mutate(text)
            note(text)
            check_rulebook(text, "mutant.mjr")

        run()


def test_mutated_bundled_rulebooks_end_in_diagnostics_or_a_scored_hand() -> None:
    with keeping_failures("rulebook") as note:

        @budget(4000)
        @given(text=bundled_mutants())
        def run(text: str) -> None:
            note(text)
            check_rulebook(text, "bundled.mjr")

        run()


def test_programs_derived_from_the_grammar_end_in_diagnostics_or_a_scored_hand() -> None:
    with keeping_failures("rulebook") as note:

        @budget(1000)
        @given(text=bounded_programs("start", 10))
        def run(text: str) -> None:
            note(text)
            check_rulebook(text, "grammar.mjr")

        run()
