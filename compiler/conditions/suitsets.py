"""Quantifiers over a list of suits whose body combines meld board lookups and suit tests,
lowered to one suit-set (a bit per suit slot) instead of a loop over the suits.

Input is a quantifier the board lowering (`compiler/conditions/meldboards.py`) meets: `count s in
[characters, dots, bamboo]: (any m in chows: m.suit == s and m.rank == 1) and (any m in
chows: m.suit == s and m.rank == 7)` (老少副), `all s in [characters, dots, bamboo]: s ==
pair.suit or (...)` (三色双龙会). Output is its Python, or None when the body reads anything
else (the loop it was stays). A body that is one lookup alone is the board lowering's own
(`_over_suits`); this module takes the combinations.

Each part of the body is the set of suits where it holds, bit `slot` for the slots m p s z
(`mjc.runtime.wins.meldboards.SUIT_BIT`): a lookup `any m in <board>: m.suit == s and m.rank ==
R` is the board's suit-set at rank R, `x_chow_board >> 4 * R`; `s == S` is S's bit; `and`,
`or` and `not` are `&`, `|` and `~`. Masked to the listed suits, `count` counts the set's
bits, `any`/`none` compare it with 0 and `all` with the listed suits. The suits must be
distinct literals that each have a slot (a flower's suit has none: its bit could not say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import (
    ALL_SLOTS,
    BOARD_OF,
    joined,
    key_of,
    never_negative,
    own_attr,
    rank_shift,
    suit_get,
    used_name,
    wrapped,
)
from mjc.compiler.conditions.scopes import mentions
from mjc.compiler.pysource.layout import Doc, group
from mjc.runtime.wins.meldboards import SUIT_BIT

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The quantifier over the listed suits as one suit-set, or None."""
    from mjc.compiler.conditions.pyexpr import COMPARE, PRIMARY, Py

    if not isinstance(expr.domain, ir.ListE) or isinstance(expr.body, ir.QuantE):
        return None
    items = expr.domain.items
    suits = [item.suit for item in items if isinstance(item, ir.SuitE)]
    if not suits or len(suits) != len(items) or len(set(suits)) != len(suits):
        return None
    if not all(SUIT_BIT.get(suit, 0) for suit in suits):
        return None
    found = _set_of(py, expr.var, expr.body)
    if found is None:
        return None
    listed = sum(SUIT_BIT[suit] for suit in suits)
    held = group(wrapped(found), f" & {listed}")
    if expr.kind == "count":
        return Py(group("(", held, ").bit_count()"), PRIMARY)
    tests = {"any": " != 0", "none": " == 0", "all": f" == {listed}"}
    if expr.kind not in tests:
        return None
    return Py(group(held, tests[expr.kind]), COMPARE)


def _set_of(py: PyExpr, var: str, body: ir.Expr) -> Doc | None:
    """The suits (bits by slot; others may be set too) where `body` holds for `var`."""
    match body:
        case ir.BoolOpE(op=op, operands=operands):
            parts = [_set_of(py, var, o) for o in operands]
            found = [p for p in parts if p is not None]
            if len(found) != len(parts):
                return None
            return joined("&" if op == "and" else "|", found)
        case ir.NotE(operand=operand):
            inner = _set_of(py, var, operand)
            return None if inner is None else group("~", wrapped(inner))
        case ir.CompareE(op="==" | "!=", left=left, right=right):
            for mine, other in ((left, right), (right, left)):
                if isinstance(mine, ir.VarE) and mine.name == var and not mentions(other, var):
                    bit: Doc = (
                        str(SUIT_BIT.get(other.suit, 0)) if isinstance(other, ir.SuitE)
                        else suit_get(py, "SUIT_BIT", other)
                    )  # fmt: skip
                    return bit if body.op == "==" else group("~", wrapped(bit))
        case ir.QuantE(kind="any" | "none", var=n, domain=ir.FactE(fact=fact), body=inner) if (
            fact in BOARD_OF
        ):
            found_set = _lookup(py, var, n, BOARD_OF[fact], inner)
            if found_set is None or body.kind == "any":
                return found_set
            return group("~", wrapped(found_set))
    return None


def _lookup(py: PyExpr, var: str, n: str, board: str, body: ir.Expr) -> Doc | None:
    """`any n in <board>: n.suit == s and n.rank == R ...` as the board's suit-set at R."""
    key = key_of(n, body)
    if key is None or key.rank is None or key.tile is not None:
        return None
    mine = [s for s in key.same if isinstance(s, ir.VarE) and s.name == var]
    others = [s for s in key.same if s not in mine]
    if len(mine) != 1 or any(mentions(e, var) for e in (key.rank, *key.other, *others)):
        return None
    if not never_negative(key.rank, py.lows) or any(own_attr(s, n, "suit") for s in others):
        return None
    parts: list[Doc] = [used_name(py, f"{board}_board"), " >> ", rank_shift(py, key.rank, 4)]
    if key.slots != ALL_SLOTS:
        parts.append(f" & {key.slots}")
    for suit in others:
        parts += [" & ", suit_get(py, "SUIT_BIT", suit)]
    for suit in key.other:
        parts += [" & ~", suit_get(py, "SUIT_BIT", suit)]
    return group(*parts)
