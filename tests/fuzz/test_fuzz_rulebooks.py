"""Every generated rulebook ends in coded diagnostics or in a module that scores a hand.

DESIGN.md, "Reliability": no rulebook produces a traceback. The rulebooks come from
`rulebook_gen` (whole rulebooks built from the language, programs derived from the grammar,
mutants of the bundled rulebooks and of generated ones) and `costly_gen` (rulebooks on both
sides of the cost bound, E0415); the rule is `fuzz_oracles.check_rulebook`, which scores a
sample of hands with every rulebook the check accepts, each within its budget of work. The
bulk runs use seeded choices (cheap); one hypothesis test draws the same generators through
hypothesis, which shrinks what it finds. The three longest bulk runs check the first part of
their sequence in `make test` and all of it in `make test-all` (`fuzz_budget.tiered`). A
failing input is kept in `regressions/` (see `fuzz_budget`).
"""

from __future__ import annotations

from collections import Counter

from costly_gen import costly_rulebook
from fuzz_budget import budget, bulk, keeping_failures, tiered
from fuzz_oracles import check_rulebook
from hypothesis import given
from rulebook_gen import (
    bundled_mutant,
    derived_program,
    mutated_whole_rulebook,
    whole_rulebook,
    whole_rulebooks,
)


@tiered(800, 2000)
def test_whole_generated_rulebooks_end_in_diagnostics_or_a_scored_hand(count: int) -> None:
    bulk("rulebook", whole_rulebook, check_rulebook, count)


@tiered(1000, 2500)
def test_mutated_generated_rulebooks_end_in_diagnostics_or_a_scored_hand(count: int) -> None:
    bulk("rulebook", mutated_whole_rulebook, check_rulebook, count)


@tiered(1500, 4500)
def test_mutated_bundled_rulebooks_end_in_diagnostics_or_a_scored_hand(count: int) -> None:
    bulk("rulebook", bundled_mutant, check_rulebook, count)


def test_programs_derived_from_the_grammar_end_in_diagnostics_or_a_scored_hand() -> None:
    bulk("rulebook", derived_program, check_rulebook, 1500)


def test_costly_rulebooks_are_refused_or_score_within_their_budget() -> None:
    outcomes: Counter[str] = Counter()

    def check(text: str) -> None:
        outcomes[check_rulebook(text)] += 1

    bulk("rulebook", costly_rulebook, check, 300)
    # The generator straddles the bound: the check both refuses and accepts.
    assert outcomes["diagnostics"] and outcomes["scored"], outcomes


def test_rulebooks_drawn_by_hypothesis_end_in_diagnostics_or_a_scored_hand() -> None:
    with keeping_failures("rulebook") as note:

        @budget(100)
        @given(text=whole_rulebooks)
        def run(text: str) -> None:
            note(text)
            check_rulebook(text, "generated.mjr")

        run()
