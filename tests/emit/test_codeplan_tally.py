"""The scoring plan counts what the fans' conditions read (`codeplan.tallied`) from the
translators that translated each fan alone, not by translating them all once more: the sums
must be what one translator of them all counts (`codeplan.counted`), in any order."""

from __future__ import annotations

import pytest

from mjc.compiler import ir
from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codeplan import counted, tallied
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.loader import bundled_rulebooks


@pytest.mark.parametrize("name", sorted(bundled_rulebooks()))
def test_the_counts_of_one_translator_a_fan_sum_to_those_of_one_translator_of_all(
    name: str,
) -> None:
    path = bundled_rulebooks()[name]
    book = compile_source(path.read_text(encoding="utf-8"), f"rulebooks/{name}.mjr").rulebook
    assert book is not None
    state = ModuleState(book)

    def make(inline: frozenset[str]) -> PyExpr:
        return state.translator(lambda fan: f"f_{fan} > 0", inline=inline)

    exprs: list[list[ir.Expr]] = []
    for fan in book.fans:
        held = state.slots.held(fan)
        exprs.append([e for e in (held.number, held.when) if e is not None])
    alone = []
    for some in exprs:
        one = make(frozenset())
        for expr in some:
            one(expr)
        alone.append(one)
    total = tallied(make, reversed(alone))
    whole = counted(make, [expr for some in exprs for expr in some])
    assert total.facts == whole.facts
    assert total.looped == whole.looped
    assert total.quantifiers == whole.quantifiers
    assert any(whole.facts.values())  # (a rulebook's fans read something)
