"""Which quantifier variables a condition's subexpression reads: the questions every lowering
of this package asks before it moves a part out of a loop.

Input is a typed IR expression (`mjc.compiler.ir`) and the name of a quantifier variable;
output is a yes or no (`mentions`, `is_local`, `closed`) or a split of a body into the parts
that read only the item and the one they compare it with (`membership`). The expression
translator (`pyexpr`) and the summary forms (`meldboards`, `meldcounts`, `listquant`, ...)
all decide with these whether a part can become a predicate bit, a board lookup or a local
computed once per call. Pure functions of the IR: they write no Python.
"""

from __future__ import annotations

from mjc.compiler import ir

__all__ = ["closed", "is_local", "membership", "mentions"]


def closed(expr: ir.Expr) -> bool:
    """Whether `expr` reads no quantifier variable but those it binds itself (a loop, not a
    recursion: a condition may nest hundreds deep)."""
    pending: list[tuple[ir.Model, frozenset[str]]] = [(expr, frozenset())]
    while pending:
        node, bound = pending.pop()
        if isinstance(node, ir.VarE) and node.name not in bound:
            return False
        if isinstance(node, ir.QuantE):
            pending += [(node.domain, bound), (node.body, bound | {node.var})]
            continue
        for name in ir.field_names(type(node)):
            value = getattr(node, name)
            for child in value if isinstance(value, tuple) else (value,):
                if isinstance(child, ir.Model):
                    pending.append((child, bound))
    return True


def mentions(expr: ir.Expr, var: str) -> bool:
    """Whether `expr` reads the variable `var` anywhere."""
    if isinstance(expr, ir.VarE):
        return expr.name == var
    for name in ir.field_names(type(expr)):
        value = getattr(expr, name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if (
                isinstance(child, ir.Model)
                and not isinstance(child, ir.SourceRef)
                and mentions(child, var)  # type: ignore[arg-type]
            ):
                return True
    return False


def is_local(expr: ir.Expr, var: str) -> bool:
    """Whether `expr` reads nothing but the item bound to `var` (and constants)."""
    return _only_vars(expr, {var})


def _only_vars(expr: ir.Expr, names: set[str]) -> bool:
    match expr:
        case ir.CallE(func="copies"):
            return False  # reads the whole hand's tiles
        case ir.VarE(name=name):
            return name in names
        case ir.FactE() | ir.FanRefE() | ir.OptionE():
            return False
        case ir.AttrE(obj=obj):
            return _only_vars(obj, names)
        case ir.CallE(args=items) | ir.ListE(items=items) | ir.BoolOpE(operands=items):
            return all(_only_vars(i, names) for i in items)
        case ir.NotE(operand=operand) | ir.NegE(operand=operand):
            return _only_vars(operand, names)
        case ir.CompareE(left=left, right=right) | ir.ArithE(left=left, right=right):
            return _only_vars(left, names) and _only_vars(right, names)
        case ir.QuantE(var=inner, domain=domain, body=body):
            return _only_vars(domain, names) and _only_vars(body, names | {inner})
    return True


def membership(body: ir.Expr, var: str) -> tuple[list[ir.Expr], ir.Expr] | None:
    """Split `local and ... and v.tile == X` (X not reading `v`) into the local parts and X;
    None when the body is not such a chain (pyexpr's membership test of a meld's tile)."""
    if not isinstance(body, ir.BoolOpE) or body.op != "and":
        return None
    found: ir.Expr | None = None
    local: list[ir.Expr] = []
    for part in body.operands:
        if isinstance(part, ir.CompareE) and part.op == "==" and found is None:
            for mine, other in ((part.left, part.right), (part.right, part.left)):
                if (
                    isinstance(mine, ir.AttrE)
                    and mine.attr == "tile"
                    and isinstance(mine.obj, ir.VarE)
                    and mine.obj.name == var
                    and not mentions(other, var)
                ):
                    found = other
                    break
            if found is not None:
                continue
        if not is_local(part, var):
            return None
        local.append(part)
    return (local, found) if found is not None else None
