"""A plain loop over the hand's melds or tiles written under a summary bit that it needs.

Input is a quantifier the expression translator (`compiler/pyexpr.py`) is about to write as a
plain loop; output is that loop under a guard, or None for the loop alone. When the body is
`L and R`, with L reading nothing but the item (`m.exposed and m.is_chow`) and R anything else
(`m.rank < winning_tile.rank`), no item satisfies the body unless some item satisfies L, which
the predicate summary answers with one bit: `count m in melds: L and R` becomes
`(sum(...) if <some item is L> else 0)`, `any` is `<bit> and any(...)`, `none` is
`not <bit> or not any(...)`. Exact (the loop runs whenever an item could satisfy the body),
and cheap where L is rare (exposed chows: most hands have none). 和绝张's counts, which
this once guarded, read count boards now (`compiler/meldcounts.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.layout import Break, Doc, Nest, group

if TYPE_CHECKING:
    from mjc.compiler.pyexpr import Py, PyExpr


def guard_of(expr: ir.QuantE) -> ir.Expr | None:
    """The item-local part L of the body `L and R`, or None when the body has no such split
    (every part local: the summary answers the whole; none local: nothing to test)."""
    from mjc.compiler.pyexpr import SUMMARY_OF, is_local

    if expr.kind not in ("count", "any", "none"):
        return None  # `all` holds on no items at all: no bit rules it in or out
    if not isinstance(expr.domain, ir.FactE) or expr.domain.fact not in SUMMARY_OF:
        return None
    parts = ir.conjuncts(expr.body)
    local = [p for p in parts if is_local(p, expr.var)]
    if not local or len(local) == len(parts):
        return None
    if len(local) == 1:
        return local[0]
    return ir.BoolOpE(op="and", operands=tuple(local))


def lower(py: PyExpr, expr: ir.QuantE, loop: Py) -> Py:
    """`loop` (the plain loop for `expr`) under the summary bit its body needs, when it has
    one; `loop` itself otherwise."""
    from mjc.compiler.pyexpr import AND, NOT, OR, PRIMARY, TERNARY, Py

    local = guard_of(expr)
    if local is None:
        return loop
    assert isinstance(expr.domain, ir.FactE)
    bit = py._summarized("any", expr.var, expr.domain.fact, local)
    if bit is None:
        return loop  # the part nests too deep to be one predicate
    test = py.operand(bit, TERNARY + 1)
    if expr.kind == "count":
        inner = (Break(""), py.operand(loop, TERNARY + 1), Break(" "), "if ", test, Break(" "),
                 "else 0")  # fmt: skip
        doc: Doc = group("(", Nest(inner), Break(""), ")")
        return Py(doc, PRIMARY, loop.depth + 1)
    if expr.kind == "any":
        doc = group(py.operand(bit, AND + 1), Break(" "), "and ", py.operand(loop, AND + 1))
        return Py(doc, AND, loop.depth + 1)
    doc = group("not ", py.operand(bit, NOT + 1), Break(" "), "or ", py.operand(loop, OR + 1))
    return Py(doc, OR, loop.depth + 1)
