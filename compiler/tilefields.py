"""`count t in [tiles]: (count m in chows: m.tile == t) == K` as bit operations on a count
board, not a loop over the list.

Input is a quantifier the list rewrites (`compiler/listquant.py`) meet; output is its Python,
or None for the plain loop. A meld board's counts (`runtime/meldboards.py`) hold a 4-bit field
per key at `TILE_FIELD[t]`; the listed tiles' fields make a mask M of each field's low bit.
XOR with K in every listed field leaves zero exactly where the count is K; OR-ing the field's
four bits down onto its low bit and keeping M's bits leaves one bit per listed field that is
not K, so the count is M's bits less those (the fields never overlap: each is 4 bits apart
from the next key's). Exact for any K from 0 to 15 and any list of distinct tiles whose fields
are distinct (flowers share the one field that is never filled: a list that holds two, or a
tile twice, is left to the loop).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.layout import Break, Doc, Nest, group
from mjc.compiler.meldboards import BOARD_OF, key_of
from mjc.runtime.meldboards import TILE_FIELD

if TYPE_CHECKING:
    from mjc.compiler.pyexpr import Py, PyExpr

_FIELD = 15  # a count field's width in bits is 4: its largest count


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The count of listed tiles whose board count is K, or None when the form differs."""
    from mjc.compiler.pyexpr import PRIMARY, Py

    found = _form(expr)
    if found is None:
        return None
    board, fields, want = found
    mask = sum(1 << f for f in fields)
    name = _board(py, board)
    held = f"({name} ^ {hex(want * mask)})" if want else name
    bits: list[Doc] = [held]
    for shift in (1, 2, 3):
        bits += [Break(" "), f"| {held} >> {shift}"]
    doc = group(
        "(", Nest((Break(""), f"{hex(mask)} & ~(", Nest((Break(""), *bits)), Break(""), ")")),
        Break(""), ").bit_count()",
    )  # fmt: skip
    return Py(doc, PRIMARY)


def _form(expr: ir.QuantE) -> tuple[str, list[int], int] | None:
    """(board, the listed tiles' fields, K) when `expr` has the form, else None."""
    if expr.kind != "count" or not isinstance(expr.domain, ir.ListE):
        return None
    tiles = [i.tile for i in expr.domain.items if isinstance(i, ir.TileE)]
    if not tiles or len(tiles) != len(expr.domain.items):
        return None
    fields = [TILE_FIELD[t] for t in tiles]
    if len(set(fields)) != len(fields):
        return None  # a tile listed twice (or two honours) would count one field twice
    body = expr.body
    if not (
        isinstance(body, ir.CompareE)
        and body.op == "=="
        and isinstance(body.right, ir.IntE)
        and 0 <= body.right.value <= _FIELD
    ):
        return None
    inner = body.left
    if not (
        isinstance(inner, ir.QuantE)
        and inner.kind == "count"
        and isinstance(inner.domain, ir.FactE)
        and inner.domain.fact in BOARD_OF
    ):
        return None
    key = key_of(inner.var, inner.body)
    if key is None or not (isinstance(key.tile, ir.VarE) and key.tile.name == expr.var):
        return None  # the inner body must be `m.tile == t` alone
    return BOARD_OF[inner.domain.fact], fields, body.right.value


def _board(py: PyExpr, board: str) -> str:
    py.summaries.add("boards")
    py.boards.add(f"{board}_count")
    return f"x_{board}_count"
