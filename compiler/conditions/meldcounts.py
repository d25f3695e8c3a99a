"""Counts over the sets whose body tests the set's tile against a tile of the hand or the
situation, as summary counters and count boards of the sets an item-local part accepts.

Input is a quantifier over `melds`, `chows`, `pungs` or `kongs` that the expression translator
(`compiler/conditions/pyexpr.py`) meets; output is its Python, or None for the plain loop. With L an
item-local part (one predicate of the meld summary, the list's filter included) and X a tile
that does not read the set:

- `count m in D: L and m.tile == X` is the field of X on the count board of the sets that
  pass L, by tile (`by_tile_<k>`, k the predicate's bit; `mjc.runtime.wins.meldboards`);
  `L and X in m.tiles` the same on the board by each tile held (`holding_<k>`); `any` is
  that field not 0, `none` it 0 (against the seat or the round wind, the summary's
  membership bits answer `any` instead);
- `count m in D: L and m.tile != X` is L's counter less that field; with two tiles X and Y,
  less Y's field too unless Y is X;
- `count m in D: L and R and K`, K reading no set (`(count n in pungs: n.is_wind) < 3`), is
  `(count m in D: L and R) if K else 0`;
- `count m in D: P or Q`, P item-local, is P's counter plus `count m in D: not P and Q`
  (disjoint parts), Q lowered by the rules above.

Exact: each rewrite counts the same sets (the fields count sets, 4 bits each: four sets at
most). Anything else, and any part that would still loop, is left to the plain loop.
`forms` is where the translator asks for these and the other forms that read the summary
before a plain loop (`compiler/conditions/meldequal.py`, `compiler/conditions/loopguards.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import own_attr
from mjc.compiler.conditions.scopes import is_local, mentions
from mjc.compiler.pysource.layout import Break, Doc, group
from mjc.runtime.wins.meldboards import TILE_FIELD

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

_SETS = ("melds", "chows", "pungs", "kongs")


def forms(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """What the translator asks of a quantifier before the plain loop: a count corrected for one
    meld (`compiler/conditions/meldequal.py`), a range of summary bits
    (`compiler/conditions/loopguards.py`), or counts from count boards (`lower`); None for none of
    them."""
    from mjc.compiler.conditions import loopguards, meldequal

    if isinstance(expr.domain, ir.RangeE):
        return loopguards.lower_range(py, expr)
    if not isinstance(expr.domain, ir.FactE):
        return None
    return (meldequal.lower(py, expr) if expr.kind == "count" else None) or lower(py, expr)


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The quantifier from counters and count boards, or None for the plain loop."""
    from mjc.compiler.conditions.facts import FACT_SOURCE
    from mjc.compiler.conditions.pyexpr import COMPARE, Py

    if py.fact_source is not FACT_SOURCE:
        return None
    if not (isinstance(expr.domain, ir.FactE) and expr.domain.fact in _SETS):
        return None
    if expr.kind in ("any", "none"):
        if _of_a_wind(expr.var, expr.body):
            return None  # one bit of the summary's membership fields (`pyexpr`)
        found = _keyed(py, expr.var, expr.domain.fact, expr.body)
        if found is None:
            return None
        test = " != 0" if expr.kind == "any" else " == 0"
        return Py(group(py.operand(found, COMPARE + 1), test), COMPARE)
    if expr.kind != "count" or is_local_body(expr):
        return None  # a local body is one counter of the summary (`pyexpr._summarized`)
    return _count(py, expr.var, expr.domain.fact, expr.body)


def _of_a_wind(var: str, body: ir.Expr) -> bool:
    """Whether the body tests the set's tile against the seat or the round wind."""
    tests = [_tile_test(var, part) for part in ir.conjuncts(body)]
    return any(
        t is not None and isinstance(t[1], ir.FactE) and t[1].fact in ("seat_wind", "round_wind")
        for t in tests
    )


def is_local_body(expr: ir.QuantE) -> bool:
    return is_local(expr.body, expr.var)


def _count(py: PyExpr, var: str, fact: str, body: ir.Expr) -> Py | None:
    """`count var in fact: body` by the rules, or None."""
    from mjc.compiler.conditions.pyexpr import SUM, TERNARY, Py

    if is_local(body, var):
        return _counter(py, var, fact, body)
    keyed = _keyed(py, var, fact, body)
    if keyed is not None:
        return keyed
    if isinstance(body, ir.BoolOpE) and body.op == "or":
        first, rest = body.operands[0], body.operands[1:]
        if not is_local(first, var):
            return None
        others = rest[0] if len(rest) == 1 else ir.BoolOpE(op="or", operands=rest)
        remaining = _count(py, var, fact, ir.BoolOpE(op="and", operands=(
            ir.NotE(operand=first), others)))  # fmt: skip
        if remaining is None:
            return None
        counted = py.operand(_counter(py, var, fact, first), SUM)
        return Py(group(counted, Break(" "), "+ ", py.operand(remaining, SUM + 1)), SUM)
    parts = ir.conjuncts(body)
    closed = [p for p in parts if not mentions(p, var)]
    if closed and len(closed) != len(parts):
        inner = _count(py, var, fact, _and([p for p in parts if mentions(p, var)]))
        if inner is None:
            return None
        test = py.operand(py.py(_and(closed)), TERNARY + 1)
        doc = group(py.operand(inner, TERNARY + 1), Break(" "), "if ", test, Break(" "), "else 0")
        return Py(doc, TERNARY)
    return _less(py, var, fact, parts)


def _and(parts: list[ir.Expr]) -> ir.Expr:
    return parts[0] if len(parts) == 1 else ir.BoolOpE(op="and", operands=tuple(parts))


def _counter(py: PyExpr, var: str, fact: str, local: ir.Expr) -> Py:
    from mjc.compiler.conditions.pyexpr import PRIMARY, Py

    found = py.summary_bit("count", var, fact, local)
    assert found is not None, "an item-local part nests too deep"
    name, shift = found
    return Py(f"({name}_count >> {shift} & 7)", PRIMARY)


def _split(var: str, body: ir.Expr) -> tuple[list[ir.Expr], list[ir.Expr]] | None:
    """The body's `and` parts: (item-local ones, the others), or None if no part is local."""
    parts = ir.conjuncts(body)
    local = [p for p in parts if is_local(p, var)]
    if not local:
        return None
    return local, [p for p in parts if not is_local(p, var)]


def _tile_test(var: str, part: ir.Expr) -> tuple[str, ir.Expr] | None:
    """`m.tile == X` as ("==", X), `m.tile != X` as ("!=", X), `X in m.tiles` as ("in", X)."""
    if not isinstance(part, ir.CompareE):
        return None
    sides = [(part.left, part.right), (part.right, part.left)]
    for mine, other in sides if part.op in ("==", "!=") else ():
        if own_attr(mine, var, "tile") and not mentions(other, var) and other.type == mine.type:
            return part.op, other
    if part.op == "in" and own_attr(part.right, var, "tiles") and not mentions(part.left, var):
        return "in", part.left
    return None


def _field(py: PyExpr, board: str, tile: ir.Expr) -> Py:
    """The 4-bit field of `tile` on the count board `board`."""
    from mjc.compiler.conditions.pyexpr import BITAND, LAMBDA, Py

    py.summaries.add("boards")
    py.boards.add(board)
    if isinstance(tile, ir.TileE):
        at: Doc = str(TILE_FIELD[tile.tile])
    else:
        py.runtime_names.add("TILE_FIELD")
        at = ("TILE_FIELD[", py.operand(py.py(tile), LAMBDA), "]")
    return Py(group(f"x_{board} >> ", at, " & 15"), BITAND)


def _board(py: PyExpr, var: str, fact: str, local: list[ir.Expr], key: str) -> str:
    found = py.summary_bit("any", var, fact, _and(local))
    assert found is not None, "an item-local part nests too deep"
    return f"{'holding' if key == 'in' else 'by_tile'}_{found[1]}"


def _keyed(py: PyExpr, var: str, fact: str, body: ir.Expr) -> Py | None:
    """`L and m.tile == X` (or `X in m.tiles`) as X's field on L's board, or None."""
    split = _split(var, body)
    if split is None or len(split[1]) != 1:
        return None
    local, (other,) = split
    test = _tile_test(var, other)
    if test is None or test[0] == "!=":
        return None
    return _field(py, _board(py, var, fact, local, test[0]), test[1])


def _less(py: PyExpr, var: str, fact: str, parts: list[ir.Expr]) -> Py | None:
    """`L and m.tile != X [and m.tile != Y]` as L's counter less the fields of X and Y."""
    from mjc.compiler.conditions.pyexpr import SUM, TERNARY, Py

    split = _split(var, _and(parts))
    if split is None or not 1 <= len(split[1]) <= 2:
        return None
    local, others = split
    tests = [_tile_test(var, p) for p in others]
    tiles = [t[1] for t in tests if t is not None and t[0] == "!="]
    if len(tiles) != len(others):
        return None
    board = _board(py, var, fact, local, "==")
    doc: list[Doc] = [py.operand(_counter(py, var, fact, _and(local)), SUM)]
    doc += [Break(" "), "- ", py.operand(_field(py, board, tiles[0]), SUM + 1)]
    if len(tiles) == 2:
        same = py.py(ir.CompareE(op="!=", left=tiles[1], right=tiles[0]))
        second = group(py.operand(_field(py, board, tiles[1]), TERNARY + 1), Break(" "),
                       "if ", py.operand(same, TERNARY + 1), Break(" "), "else 0")  # fmt: skip
        doc += [Break(" "), "- ", py.operand(Py(second, TERNARY), SUM + 1)]
    return Py(group(*doc), SUM)
