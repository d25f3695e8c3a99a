"""The IR's walks (`mjc.compiler.ir`): `conjuncts` splits a condition on `and`, `subnodes`
lists every node in the order written; both are loops, safe at any depth."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.language.types import BOOL, INT

_X = ir.FactE(type=INT, fact="x")


def _option(name: str) -> ir.Expr:
    return ir.OptionE(type=BOOL, option=name)


def test_subnodes_are_in_the_order_written_each_node_before_its_parts() -> None:
    left, right = _option("a"), _option("b")
    both = ir.BoolOpE(type=BOOL, op="or", operands=(left, right))
    negated = ir.NotE(type=BOOL, operand=both)
    found = list(ir.subnodes([negated, None, _option("c")]))
    assert found[:4] == [negated, both, left, right]
    assert [n.option for n in found if isinstance(n, ir.OptionE)] == ["a", "b", "c"]


def test_subnodes_and_conjuncts_walk_a_condition_nested_thousands_deep() -> None:
    deep: ir.Expr = _option("leaf")
    for _ in range(5000):
        deep = ir.BoolOpE(type=BOOL, op="and", operands=(deep, _option("x")))
    assert sum(1 for n in ir.subnodes([deep]) if isinstance(n, ir.OptionE)) == 5001
    assert len(ir.conjuncts(deep)) == 5001


def test_conjuncts_keep_the_order_written() -> None:
    a, b, c = _option("a"), _option("b"), _option("c")
    inner = ir.BoolOpE(type=BOOL, op="and", operands=(b, c))
    assert ir.conjuncts(ir.BoolOpE(type=BOOL, op="and", operands=(a, inner))) == [a, b, c]
    assert ir.conjuncts(None) == [] and ir.conjuncts(_X) == [_X]
