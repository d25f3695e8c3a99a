"""The fuzz tests' budget of work (`work_meter`): it counts the generated code's work the same
on every run, it stops a loop past the budget, it sees the numbers scoring returns; the
bundled rulebooks score the sample hands well within theirs. The costly rulebooks themselves
are fuzzed in `test_fuzz_rulebooks.py` (`costly_gen`).
"""

from __future__ import annotations

import pytest
from fuzz_oracles import SAMPLE_HANDS, static_cost
from work_meter import FIXED_BUDGET, OverBudget, metered

from mjc.compiler.check.cost import Cost
from mjc.compiler.driver import compile_source
from mjc.compiler.loader import bundled_rulebooks
from mjc.runtime import Ruleset
from mjc.runtime.tiles.hand import HandError

RULEBOOK = """rulebook metered { title "计" }
players 4
tiles { characters copies 4 total 36 }
shapes { standard }
scoring { unit "番" tier base "番" add tier doubles "翻" multiply }
fan chicken "鸡胡" { value 1 }
fan pungs_doubled "刻" { value 3 tier doubles per count m in melds: m.is_pung }
fan ranks "数" { value 1 when (count r in 1..<END>: r == pair.rank + 100) == 0 }
"""


def ruleset(end: int) -> tuple[Ruleset, Cost]:
    text = RULEBOOK.replace("<END>", str(end))
    compilation = compile_source(text, "metered.mjr")
    assert compilation.ok and compilation.ruleset is not None, compilation.diagnostics
    return compilation.ruleset, static_cost(text, "metered.mjr")


def test_the_count_in_generated_code_is_the_same_on_every_run() -> None:
    counts = []
    for _ in range(2):
        book, cost = ruleset(2_000)  # compiled afresh: no memo of an earlier run
        with metered(cost) as work:
            book.score("111m222m333m444m55m", self_drawn=True)
        # (the runtime's count is not: its caches of hands outlive a ruleset)
        counts.append((work.generated, work.readings))
    assert counts[0] == counts[1]
    assert counts[0][1] >= 1 and counts[0][0] >= 2_000  # one turn of the loop, an event


def test_a_loop_past_its_budget_is_stopped_where_it_passes() -> None:
    book, cost = ruleset(10_000)
    small = Cost(steps=100, costliest=100, largest=cost.largest)
    with pytest.raises(OverBudget, match="budget is 2,400 a reading"), metered(small):
        book.score("111m222m333m444m55m", self_drawn=True)


def test_the_numbers_scoring_returns_are_seen() -> None:
    book, cost = ruleset(9)
    with metered(cost) as work:
        score = book.score("111m222m333m444m55m", self_drawn=True)
    assert 3**4 in work.numbers and score.total in work.numbers
    assert max(work.numbers) <= cost.largest


@pytest.mark.parametrize("name", sorted(bundled_rulebooks()))
def test_the_bundled_rulebooks_score_the_sample_hands_within_their_budget(name: str) -> None:
    path = bundled_rulebooks()[name]
    text = path.read_text(encoding="utf-8")
    compilation = compile_source(text, f"rulebooks/{path.name}")
    assert compilation.ruleset is not None
    cost = static_cost(text, f"rulebooks/{path.name}")
    for hand in [_in_play(compilation.ruleset, h) for h in SAMPLE_HANDS]:
        with metered(cost) as work:
            score = compilation.ruleset.score(hand, self_drawn=True)
        assert work.generated <= work.budget * max(work.readings, 1) <= FIXED_BUDGET * 4
        assert all(abs(n) <= cost.largest for n in [*work.numbers, score.total])


def _in_play(rules: Ruleset, hand: str) -> str:
    """`hand`, or the same hand in dots where the rulebook has no such characters (三麻)."""
    try:
        rules.score(hand, self_drawn=True)
    except HandError:
        return hand.replace("m", "p")
    return hand
