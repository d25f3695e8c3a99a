"""Quantifiers over a list of constants written in the rulebook, made cheaper than a loop over
the list.

Input is a quantifier the expression translator (`compiler/conditions/pyexpr.py`) meets whose domain
is a list display; output is its Python, or None for the plain loop. Four rewrites, all exact:

- unrolled: over a short list (four items at most) whose body, each item put in, reads only
  its own tile or meld, `all s in [m, p, s]: any t in tiles: t.suit == s` becomes the bodies'
  summary bits joined by `and` (`or` for any and none, `+` for count);
- pruned: over a list of distinct tiles whose body needs the tile held (`copies(t) == 4 and
  ...`), `count t in [1m, ..., 7z]: ...` runs over the hand's kinds of tile that are in the
  list (a module constant `TILE_SET_<n>`), never over the tiles the hand does not hold;
- constant: a body that does not read the variable is tested once, not once per item;
- fields: `count t in [tiles]: copies(t) == 4 and (none m in kongs: m.tile == t)` is bit
  operations on the count boards (`compiler/conditions/tilefields.py`), tried before pruning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import substitute
from mjc.compiler.conditions.scopes import is_local, mentions
from mjc.compiler.pysource.layout import Break, Doc, flat, group

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

_CONSTANTS = (ir.IntE, ir.SuitE, ir.TileE, ir.BoolE, ir.ShapeE, ir.ChoiceE)
_UNROLL = 4


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The quantifier unrolled or pruned, or None for the plain loop."""
    from mjc.compiler.conditions import tilefields

    assert isinstance(expr.domain, ir.ListE)
    return (
        _constant_body(py, expr)
        or _unrolled(py, expr)
        or tilefields.lower(py, expr)
        or _pruned(py, expr)
    )


def _constant_body(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """A body that does not read its variable is one test: `count x in [1]: nine_gates` is
    `(1 if nine_gates else 0)` (times the list's length), `any`/`all` over a list that is
    not empty the body itself, `none` its negation."""
    from mjc.compiler.conditions.pyexpr import NOT, PRIMARY, TERM, TERNARY, Py

    assert isinstance(expr.domain, ir.ListE)
    size = len(expr.domain.items)
    if not size or mentions(expr.body, expr.var):
        return None
    body = py.py(expr.body)
    if expr.kind in ("any", "all"):
        return body
    if expr.kind == "none":
        return Py(("not ", py.operand(body, NOT + 1)), NOT)
    one: Doc = group("(1 if ", py.operand(body, TERNARY + 1), " else 0)")
    return Py(one, PRIMARY) if size == 1 else Py((f"{size} * ", one), TERM)


def _unrolled(py: PyExpr, expr: ir.QuantE) -> Py | None:
    from mjc.compiler.conditions.facts import SUMMARY_OF
    from mjc.compiler.conditions.pyexpr import NOT, Py

    assert isinstance(expr.domain, ir.ListE)
    items = expr.domain.items
    if not 1 <= len(items) <= _UNROLL or not all(isinstance(i, _CONSTANTS) for i in items):
        return None
    bodies = [substitute(expr.body, expr.var, item) for item in items]
    for body in bodies:
        if not (
            isinstance(body, ir.QuantE)
            and isinstance(body.domain, ir.FactE)
            and body.domain.fact in SUMMARY_OF
            and is_local(body.body, body.var)
        ):
            return None
    if expr.kind == "count":
        return _joined(py, "+", bodies)
    joined = _joined(py, "and" if expr.kind == "all" else "or", bodies)
    if expr.kind != "none":
        return joined
    return Py(("not ", py.operand(joined, NOT + 1)), NOT)


def _joined(py: PyExpr, op: str, bodies: list[ir.Expr]) -> Py:
    from mjc.compiler.conditions.pyexpr import AND, OR, SUM, Py

    level = {"and": AND, "or": OR, "+": SUM}[op]
    parts: list[Doc] = []
    for i, body in enumerate(bodies):
        if i:
            parts += [Break(" "), f"{op} "]
        parts.append(py.operand(py.py(body), level + 1))
    return Py(group(*parts), level)


def _needs_held(body: ir.Expr, var: str) -> bool:
    """Whether one of the body's `and` parts holds only when the hand holds the tile `var`:
    `copies(var) == K` or `>= K` with K at least 1, or `> K` with K at least 0."""
    parts = list(body.operands) if isinstance(body, ir.BoolOpE) and body.op == "and" else [body]
    for part in parts:
        if not (
            isinstance(part, ir.CompareE)
            and isinstance(part.left, ir.CallE)
            and part.left.func == "copies"
            and part.left.args == (ir.VarE(type=part.left.args[0].type, name=var),)
            and isinstance(part.right, ir.IntE)
        ):
            continue
        least = {"==": 1, ">=": 1, ">": 0}.get(part.op)
        if least is not None and part.right.value >= least:
            return True
    return False


def _pruned(py: PyExpr, expr: ir.QuantE) -> Py | None:
    from mjc.compiler.conditions.pyexpr import AND, NOT, PRIMARY, Py, generator

    assert isinstance(expr.domain, ir.ListE)
    items = expr.domain.items
    tiles = [i.tile for i in items if isinstance(i, ir.TileE)]
    if expr.kind == "all" or len(tiles) != len(items) or len(set(tiles)) != len(tiles):
        return None  # `all` must see every listed tile; a repeated tile counts twice
    if len(items) <= _UNROLL or not _needs_held(expr.body, expr.var):
        return None
    names = [flat(py(item)) for item in items]  # registers the tile constants
    sets = py.predicates.tile_sets
    listed = f"TILE_SET_{sets.setdefault(tuple(names), len(sets))}"
    held = py.py(ir.FactE(type=expr.domain.type, fact="tiles"))
    py.facts["tiles"] += 1  # bound once, read where the kinds are made
    source = f"set({flat(held.doc)})"
    kinds, _ = py.hoisted.setdefault(source, (f"x_tile_kinds_{len(py.hoisted)}", source))
    py.loops += 1  # a loop still, over fewer tiles
    py.scope.append(expr.var)
    try:
        body = py.operand(py.py(expr.body), AND + 1)
    finally:
        py.scope.pop()
    var = f"v_{expr.var}"
    test: tuple[Doc, ...] = (f"{var} in {listed}", Break(" "), "and ", body)
    loop: tuple[Doc, ...] = (Break(" "), f"for {var} in {kinds}")
    if expr.kind == "count":
        inner: tuple[Doc, ...] = ("1", *loop, Break(" "), "if ", *test)
        return Py(generator("sum", inner), PRIMARY, 2)
    found = generator("any", (*test, *loop))
    if expr.kind == "none":
        return Py(("not ", found), NOT, 2)
    assert expr.kind == "any"
    return Py(found, PRIMARY, 2)
