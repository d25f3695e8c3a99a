"""`count m in pungs: m.concealed and not (m == winning_meld and not self_drawn)`: a count
whose body compares its meld with one meld X, as the count without X and a correction for X.

Input is a `count` quantifier the expression translator (`compiler/conditions/pyexpr.py`) meets over
a list of melds, whose body holds `m == X` (or `m != X`) with X not reading `m` (the winning meld,
the pair); output is its Python, or None for the plain loop. With E the comparison, the body is B1
where E holds and B0 where it fails (E put in as `true`, `false`, then folded), so

    count = (count m in D: B0) + M * ([B1 on X] - [B0 on X])

where M is how many melds of D equal X (`x_melds.count(X)`, D's filter tested on X): a meld
equal to X has X's kind, tile and concealment, so every attribute the body reads of it is
X's. B0 no longer reads X and is often item-local: one counter of the summary. M is counted
only when the two bodies differ on X (for 四暗刻, a pung won by discard), so the tuple's
`count` runs on few arrangements; the whole is computed once per call (`x_counted_<n>`)
when it reads no enclosing variable, fan or total, in place otherwise.
Exact; `any`, `all` and `none` are left to the loop (the melds other than X would need B0
without X itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import substitute
from mjc.compiler.conditions.scopes import closed, mentions
from mjc.compiler.language.types import INT
from mjc.compiler.pysource.layout import Break, Doc, flat, group

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

# The meld lists a count may range over, and the list of melds and filter each stands for.
_LISTS = {"melds": ("melds", None), "pairs": ("pairs", None), "chows": ("melds", "is_chow"),
          "pungs": ("melds", "is_pung"), "kongs": ("melds", "is_kong")}  # fmt: skip


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The count as the count without X, corrected for the melds equal to X; or None."""
    from mjc.compiler.conditions.pyexpr import AND, PRIMARY, SUM, TERNARY, Py

    if expr.kind != "count" or not (
        isinstance(expr.domain, ir.FactE) and expr.domain.fact in _LISTS
    ):
        return None
    other = _compared(expr.body, expr.var)
    if other is None:
        return None
    var = expr.var
    without = fold(_put(expr.body, var, other, False))
    if without == fold(expr.body):
        return None  # the comparison stands where `_put` does not reach: nothing gained
    on_x = [fold(substitute(fold(_put(expr.body, var, other, value)), var, other))
            for value in (False, True)]  # fmt: skip
    if any(mentions(b, var) for b in on_x):
        return None
    base = py.py(ir.QuantE(type=INT, kind="count", var=var, domain=expr.domain, body=without))
    melds, test = _LISTS[expr.domain.fact]
    source = py.py(ir.FactE(type=expr.domain.type, fact=melds))
    x = py.py(other)
    many: Doc = group(py.operand(source, PRIMARY), ".count(", py.operand(x, TERNARY), ")")
    parts: list[Doc] = [py.operand(base, SUM)]
    for sign, when in (("-", _only(*on_x)), ("+", _only(on_x[1], on_x[0]))):
        if when == ir.BoolE(value=False):
            continue
        guard: Doc = py.operand(py.py(when), TERNARY + 1)
        if test is not None:  # D's filter on X first: it fails on most arrangements (a chow)
            guard = group(
                py.operand(x, PRIMARY), f".{test}", Break(" "), "and ", py.operand(py.py(when), AND)
            )
        parts += [Break(" "), f"{sign} ", group("(", many, Break(" "), "if ", guard, " else 0)")]
    doc = group(*parts)
    if py.scope or not _once_per_call(expr):
        return Py(doc, SUM, base.depth + 1)
    name, _ = py.hoisted.setdefault(flat(doc), (f"x_counted_{len(py.hoisted)}", doc))
    return Py(name, PRIMARY)


def _once_per_call(expr: ir.Expr) -> bool:
    """Whether `expr` can be computed at the top of its function: it reads no variable of an
    enclosing quantifier, no fan and not the running total (a loop, not a recursion)."""
    pending: list[ir.Model] = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, ir.FanRefE) or (isinstance(node, ir.FactE) and node.fact == "total"):
            return False
        for field in ir.field_names(type(node)):
            value = getattr(node, field)
            pending += [c for c in (value if isinstance(value, tuple) else (value,))
                        if isinstance(c, ir.Model)]  # fmt: skip
    return closed(expr)


def _only(holds: ir.Expr, fails: ir.Expr) -> ir.Expr:
    """`holds and not fails`, folded; when `fails` is `holds` and more, `holds and not more`
    (and false when `holds` is `fails` and more)."""
    mine, theirs = ir.conjuncts(holds), ir.conjuncts(fails)
    if all(part in mine for part in theirs):
        return ir.BoolE(value=False)
    if all(part in theirs for part in mine):
        more = [part for part in theirs if part not in mine]
        fails = more[0] if len(more) == 1 else ir.BoolOpE(op="and", operands=tuple(more))
    return fold(ir.BoolOpE(op="and", operands=(holds, ir.NotE(operand=fails))))


def _compared(body: ir.Expr, var: str) -> ir.Expr | None:
    """The X of the first `var == X` / `var != X` in the body (X not reading `var`)."""
    pending = [body]
    while pending:
        node = pending.pop()
        if isinstance(node, ir.CompareE) and node.op in ("==", "!="):
            for mine, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(mine, ir.VarE) and mine.name == var and not mentions(other, var):
                    return other
        if isinstance(node, ir.BoolOpE):
            pending.extend(node.operands)
        elif isinstance(node, ir.NotE):
            pending.append(node.operand)
    return None


def _put(body: ir.Expr, var: str, other: ir.Expr, equal: bool) -> ir.Expr:
    """`body` with each `var == other` (`!=`) under `and`/`or`/`not` made the constant it is
    when the meld equals `other` (`equal`) or not."""
    match body:
        case ir.CompareE(op="==" | "!=", left=left, right=right) if (left, right) in (
            (ir.VarE(type=left.type, name=var), other),
            (other, ir.VarE(type=right.type, name=var)),
        ):
            return ir.BoolE(value=equal == (body.op == "=="))
        case ir.BoolOpE(op=op, operands=operands):
            return ir.BoolOpE(op=op, operands=tuple(_put(o, var, other, equal) for o in operands))
        case ir.NotE(operand=operand):
            return ir.NotE(operand=_put(operand, var, other, equal))
    return body


def fold(expr: ir.Expr) -> ir.Expr:
    """`expr` with its `true` and `false` under `and`, `or` and `not` folded away."""
    match expr:
        case ir.NotE(operand=operand):
            inner = fold(operand)
            if isinstance(inner, ir.BoolE):
                return ir.BoolE(value=not inner.value)
            if isinstance(inner, ir.NotE):
                return inner.operand  # a condition either way: `not not x` tests as `x`
            return ir.NotE(operand=inner)
        case ir.BoolOpE(op=op, operands=operands):
            absorbing = op == "or"  # `or` with true is true; `and` with false is false
            kept: list[ir.Expr] = []
            for operand in operands:
                inner = fold(operand)
                if isinstance(inner, ir.BoolE):
                    if inner.value == absorbing:
                        return ir.BoolE(value=absorbing)
                    continue
                kept.append(inner)
            if not kept:
                return ir.BoolE(value=not absorbing)
            return kept[0] if len(kept) == 1 else ir.BoolOpE(op=op, operands=tuple(kept))
    return expr
