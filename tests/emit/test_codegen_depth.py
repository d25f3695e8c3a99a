"""Whatever passes `mjc check` compiles: a condition nested hundreds deep or of hundreds of
terms gives a module Python accepts (associative chains are written flat, only the
parentheses Python needs are written, and a part nested too deep becomes a local function),
within 100 columns, scoring as the condition says.

`mjc check` now refuses expressions deeper than `limits.MAX_EXPRESSION_DEPTH` (64); the code
generator does not rely on that: at depths 150 to 250 (which passed `check` before the limit
and then failed to compile) it is tested with the limits raised."""

from __future__ import annotations

import pytest
from small_rulebooks import opening

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.loader import import_source
from mjc.compiler.syntax import limits

_BASE = (
    opening("deep", "深")
    + """
scoring {
  unit "番"
  tier within "普通" add
}

fan chicken "鸡胡" {
  value 1
}
"""
)

HAND = "123m456p789s111z22z"  # an east pung, self-drawn below


def _alternating(n: int) -> str:
    return "(self_drawn and (dealer or " * (n // 2) + "self_drawn" + "))" * (n // 2)


CONDITIONS = {
    "nested not": lambda n: "not " * n + "self_drawn",
    "nested unary minus": lambda n: "-" * n + "1 < 5",
    "redundant parentheses": lambda n: "(" * n + "self_drawn" + ")" * n,
    "alternating and/or in parentheses": _alternating,
    "a long sum": lambda n: " + ".join(["len(melds)"] * n) + " > 3",
    "a long or": lambda n: " or ".join(["dealer"] * (n - 1) + ["self_drawn"]),
    "a quantifier over a deep item test": lambda n: "any m in melds: " + "not " * n + "m.is_pung",
}


def _compiles_and_scores(condition: str, name: str) -> None:
    source = _BASE + f'\nfan deep "深" {{\n  value 2\n  when {condition}\n}}\n'
    compilation = compile_source(source, "deep.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    module_source, problem = checked_module(compilation.rulebook)
    assert problem is None and module_source is not None
    assert max(len(line) for line in module_source.splitlines()) <= 100
    module = import_source(module_source, f"mjc_deep_{name}", "deep.py")
    score = module.RULESET.score(HAND, self_drawn=True)
    # Every condition above holds for this hand (an even number of `not` and of `-`).
    assert [f.id for f in score.fans] == ["chicken", "deep"]


@pytest.mark.parametrize("depth", [150, 200, 250])
@pytest.mark.parametrize("kind", sorted(CONDITIONS))
def test_a_condition_hundreds_deep_compiles_and_scores(
    kind: str, depth: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "MAX_EXPRESSION_DEPTH", 1_000)
    monkeypatch.setattr(limits, "MAX_EXPRESSION_TOKENS", 100_000)
    monkeypatch.setattr(limits, "MAX_LINE_LENGTH", 100_000)
    _compiles_and_scores(CONDITIONS[kind](depth), str(depth))


@pytest.mark.parametrize("kind", sorted(set(CONDITIONS) - {"alternating and/or in parentheses"}))
def test_a_condition_as_deep_as_check_allows_compiles_and_scores(kind: str) -> None:
    _compiles_and_scores(CONDITIONS[kind](limits.MAX_EXPRESSION_DEPTH - 4), "limit")


def test_alternating_brackets_as_deep_as_check_allows_compile_and_score() -> None:
    # Each level of this condition is a bracket and an operator: half as many levels.
    _compiles_and_scores(_alternating(limits.MAX_EXPRESSION_DEPTH // 2 - 4), "alternating")
