"""Quantifiers over a range of ranks that count the suits a meld board holds at each rank,
lowered to bit operations on the board's suit planes instead of a loop over the ranks.

Input is a quantifier the board lowering (`compiler/conditions/meldboards.py`) meets: `count r in
1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit == s and m.rank == r)
== 2` (双同刻; 三同刻 and 喜相逢 have the same form). Shifted by a slot, the board is one
plane per listed suit: bit `4 * r` of `x_pung_board >> 1` says whether dots hold a pung at
rank r. "At least j of the planes" is the OR of the ANDs of their j-subsets, and each
comparison of the suit count with a constant is one or two of those: `== N` is at least N
and not at least N + 1. The ranks of the range are one mask (`RANKS`: bit `4 * r` for each
r); `count` counts its bits, `any`/`none`/`all` compare with it. Three suits at most; the
rank and the count constants literal (anything else is left to the loop it was).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import BOARD_OF, joined, key_of, used_name, wrapped
from mjc.compiler.conditions.scopes import mentions
from mjc.compiler.pysource.layout import Doc, group
from mjc.runtime.wins.meldboards import SUIT_BIT

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

_MOST_PLANES = 3


def _suit_count(expr: ir.Expr, rank_var: str) -> tuple[str, int] | None:
    """`count s in [S1, S2]: any m in <board>: m.suit == s and m.rank == r` as its board and
    the listed slots it counts, or None."""
    if not (isinstance(expr, ir.QuantE) and expr.kind == "count"):
        return None
    inner = expr.body
    if not (
        isinstance(expr.domain, ir.ListE)
        and isinstance(inner, ir.QuantE)
        and inner.kind == "any"
        and isinstance(inner.domain, ir.FactE)
        and inner.domain.fact in BOARD_OF
    ):
        return None
    suits = [item.suit for item in expr.domain.items if isinstance(item, ir.SuitE)]
    if len(suits) != len(expr.domain.items) or len(set(suits)) != len(suits):
        return None  # not distinct suit literals
    if not all(suit in SUIT_BIT and SUIT_BIT[suit] for suit in suits):
        return None
    key = key_of(inner.var, inner.body)
    if key is None or key.other or key.tile is not None or len(key.same) != 1:
        return None
    same, rank = key.same[0], key.rank
    if not (isinstance(same, ir.VarE) and same.name == expr.var):
        return None
    if not (isinstance(rank, ir.VarE) and rank.name == rank_var) or mentions(same, rank_var):
        return None
    listed = sum(SUIT_BIT[suit] for suit in suits) & key.slots
    return BOARD_OF[inner.domain.fact], listed


def _at_least(planes: list[Doc], j: int) -> Doc | None:
    """The ranks where at least j planes hold (None: every rank, j <= 0)."""
    if j <= 0:
        return None
    if j > len(planes):
        return "0"
    terms: list[Doc] = [
        group(*[part for i, p in enumerate(subset) for part in ((" & ",) if i else ()) + (p,)])
        for subset in itertools.combinations(planes, j)
    ]
    return terms[0] if len(terms) == 1 else joined("|", terms)


def _not(doc: Doc) -> Doc:
    return group("~", wrapped(doc))


def _ranks_where(planes: list[Doc], op: str, n: int) -> Doc:
    """The ranks (bit `4 * r`, maybe others too) whose count of planes compares with n >= 0."""
    at_least_n, above = _at_least(planes, n), _at_least(planes, n + 1)
    assert above is not None, "n + 1 >= 1 planes"
    exactly: Doc = (
        _not(above) if at_least_n is None
        else at_least_n if above == "0"
        else joined("&", [at_least_n, _not(above)])
    )  # fmt: skip
    table: dict[str, Doc] = {
        "==": exactly,
        "!=": _not(exactly),
        ">=": "EVERY_RANK" if at_least_n is None else at_least_n,
        ">": above,
        "<": "0" if at_least_n is None else _not(at_least_n),
        "<=": _not(above),
    }
    return table[op]


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The quantifier over ranks as bit operations on the suit planes, or None."""
    from mjc.compiler.conditions.pyexpr import COMPARE, PRIMARY, Py

    if not isinstance(expr.domain, ir.RangeE) or expr.domain.low < 0:
        return None
    body = expr.body
    if not isinstance(body, ir.CompareE) or body.op not in ir.SWAPPED:
        return None
    op: str = body.op
    count, n = body.left, body.right
    if isinstance(count, ir.IntE):
        op, count, n = ir.SWAPPED[op], body.right, body.left  # `2 == count`: `count == 2`
    found = _suit_count(count, expr.var)
    if found is None or not isinstance(n, ir.IntE) or n.value < 0:
        return None
    board_name, listed = found
    slots = [slot for slot in range(4) if listed >> slot & 1]
    if not slots or len(slots) > _MOST_PLANES or expr.domain.high > 15:
        return None
    board = used_name(py, f"{board_name}_board")
    planes: list[Doc] = [board if slot == 0 else f"{board} >> {slot}" for slot in slots]
    where = _ranks_where(planes, op, n.value)
    ranks = sum(1 << 4 * r for r in range(expr.domain.low, expr.domain.high + 1))
    py.runtime_names.add("EVERY_RANK")
    held: Doc = joined("&", [where, hex(ranks)]) if where != "0" else "0"
    if expr.kind == "count":
        return Py(group(held, ".bit_count()"), PRIMARY) if held != "0" else Py("0", PRIMARY)
    tests = {"any": " != 0", "none": " == 0", "all": f" == {hex(ranks)}"}
    if expr.kind not in tests:
        return None
    return Py(group(held, tests[expr.kind]), COMPARE)
