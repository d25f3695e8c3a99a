"""Quantifiers that the predicate summary's bits answer, or guard, instead of a plain loop.

Input is a quantifier the expression translator (`compiler/conditions/pyexpr.py`) meets; output is
its Python, or None for the plain loop. Two forms:

- A plain loop under a summary bit it needs (`lower`). When the body is `L and R`, with L
  reading nothing but the item (`m.exposed and m.is_chow`) and R anything else (`m.rank <
  winning_tile.rank`), no item satisfies the body unless some item satisfies L, which the
  predicate summary answers with one bit: `count m in melds: L and R` becomes `(sum(...) if
  <some item is L> else 0)`, `any` is `<bit> and any(...)`, `none` is `not <bit> or not
  any(...)`. Exact (the loop runs whenever an item could satisfy the body), and cheap where
  L is rare (exposed chows: most hands have none).
- A short range of constants whose body, each value put in, is one bit of the summaries
  (`lower_range`): one mask test instead of a loop over the range. `all r in 2..8: (count t
  in tiles: t.rank == r) >= 1` (九莲宝灯) puts each r in: `any t in tiles: t.rank == 2`, ...,
  each an item-local quantifier, that is one bit of the tile summary (a count of at least one
  is `any`, of none is `none`: the same test). The bits make one mask M of the summary's
  `_any` int (`_all` for `all t in ...` bodies): the range's `all` is `x & M == M` (of `none`
  bodies: `x & M == 0`), `any` is `x & M != 0`, `none` its negation, `count` the bits of `x &
  M`. Exact: each bit is the body at its value, and distinct values whose bodies share a bit
  (the same test) are counted by the values, so `count` is left to the loop then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import substitute
from mjc.compiler.conditions.scopes import is_local
from mjc.compiler.language.types import BOOL
from mjc.compiler.pysource.layout import Break, Doc, Nest, group

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr


def guard_of(expr: ir.QuantE) -> ir.Expr | None:
    """The item-local part L of the body `L and R`, or None when the body has no such split
    (every part local: the summary answers the whole; none local: nothing to test)."""
    from mjc.compiler.conditions.facts import SUMMARY_OF

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
    from mjc.compiler.conditions.pyexpr import AND, NOT, OR, PRIMARY, TERNARY, Py

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


# ---------------------------------------------------------------- a range of summary bits

_LONGEST = 16  # a range this long or shorter is put in value by value
# `count ... <op> N` that says the same as `any` (True) or `none` (False).
_EXISTS = {(">=", 1): True, (">", 0): True, ("!=", 0): True, ("==", 0): False,
           ("<", 1): False, ("<=", 0): False}  # fmt: skip


def as_exists(expr: ir.Expr) -> ir.Expr:
    """`(count x in D: B) >= 1` as `any x in D: B` (`== 0` as `none`), else `expr`."""
    if not isinstance(expr, ir.CompareE):
        return expr
    for count, other, op in ((expr.left, expr.right, expr.op),
                             (expr.right, expr.left, ir.SWAPPED[expr.op])):  # fmt: skip
        if isinstance(count, ir.QuantE) and count.kind == "count" and isinstance(other, ir.IntE):
            exists = _EXISTS.get((op, other.value))
            if exists is not None:
                kind: Literal["any", "none"] = "any" if exists else "none"
                return ir.QuantE(type=BOOL, kind=kind, var=count.var, domain=count.domain,
                                 body=count.body)  # fmt: skip
    return expr


def lower_range(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The range's quantifier as one mask test of a summary, or None."""
    from mjc.compiler.conditions.facts import SUMMARY_OF
    from mjc.compiler.conditions.pyexpr import COMPARE, PRIMARY, SUM, Py

    domain = expr.domain
    assert isinstance(domain, ir.RangeE)
    if not 1 <= domain.high - domain.low + 1 <= _LONGEST:
        return None
    bodies = [as_exists(substitute(expr.body, expr.var, v))
              for v in range(domain.low, domain.high + 1)]  # fmt: skip
    quantifiers = [
        (b, b.domain.fact)
        for b in bodies
        if isinstance(b, ir.QuantE)
        and b.kind in ("any", "none", "all")
        and isinstance(b.domain, ir.FactE)
        and b.domain.fact in SUMMARY_OF
        and is_local(b.body, b.var)
    ]
    if len(quantifiers) != len(bodies):
        return None
    kinds = {q.kind for q, _ in quantifiers}
    if len(kinds) != 1 or len({SUMMARY_OF[fact][0] for _, fact in quantifiers}) != 1:
        return None  # one int: the bodies of one kind over one summary
    kind = kinds.pop()
    found = [py.summary_bit(q.kind, q.var, fact, q.body) for q, fact in quantifiers]
    bits = {f[1] for f in found if f is not None}
    if any(f is None for f in found) or (expr.kind == "count" and len(bits) != len(found)):
        return None  # a body too deep for a predicate; two values of one test to count
    name = next(f[0] for f in found if f is not None)
    mask = hex(sum(1 << bit for bit in bits))
    held = f"{name}_{'all' if kind == 'all' else 'any'} & {mask}"
    wanted = kind != "none"  # each value's body holds when its bit is set (not set: none)
    if expr.kind == "count":
        ones = group("(", held, ").bit_count()")
        return Py(ones, PRIMARY) if wanted else Py((f"{len(found)} - ", ones), SUM)
    if expr.kind == "all":
        return Py(group(held, f" == {mask}" if wanted else " == 0"), COMPARE)
    if expr.kind == "any":
        return Py(group(held, " != 0" if wanted else f" != {mask}"), COMPARE)
    assert expr.kind == "none"
    return Py(group(held, " == 0" if wanted else f" == {mask}"), COMPARE)
