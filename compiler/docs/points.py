"""The fu and points sections on a rulebook's page (Riichi's 符 and 点): the fu items as a table
in the order they are worked out, and the points' base and limits as a table, for the page
template (`compiler/templates/page.md.j2`). Read from the IR only (`mjc.compiler.ir.points`);
a rulebook without the sections gets nothing, and its page stays as it was."""

from __future__ import annotations

from typing import Any

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, code
from mjc.compiler.docs.prose import condition_words
from mjc.compiler.docs.words import _provenance, origin_badges
from mjc.compiler.ir.pretty import pretty

__all__ = ["points_context"]


def _amount(item: ir.FuItem) -> Md:
    amount = pretty(item.amount)
    if item.kind == "round":
        return Md(f"up to a multiple of {amount}")
    if item.kind == "fix":
        return Md(f"= {amount}")
    return Md(f"+{amount}" if item.per is None else f"+{amount} × {code(pretty(item.per))}")


def _when(condition: ir.Expr | None, guard: ir.Expr | None, book: ir.Rulebook) -> Md:
    parts = [condition_words(e, book) for e in (condition, guard) if e is not None]
    return Md("; ".join(parts) if parts else "always")


def points_context(book: ir.Rulebook) -> dict[str, Any]:
    """`fu` (its label and items) and `points` (its label, base and limits), each None when
    the rulebook has no such section."""
    fu = book.fu
    points = book.points
    return {
        "fu": {
            "label": fu.label,
            "items": [
                {
                    "label": item.label or ("round up" if item.kind == "round" else ""),
                    "amount": _amount(item),
                    "when": _when(item.condition, item.guard, book)
                    if item.kind != "round"
                    else Md("always"),
                    "ends": item.kind == "fix",
                    "badges": origin_badges(item.provenance),
                    "provenance": _provenance(item.provenance),
                }
                for item in fu.items
            ],
        }
        if fu is not None
        else None,
        "points": {
            "label": points.label,
            "base": code(pretty(points.base)),
            "base_badges": origin_badges(points.base_provenance),
            "limits": [
                {
                    "name": limit.name,
                    "amount": pretty(limit.amount),
                    "when": _when(limit.condition, limit.guard, book),
                    "badges": origin_badges(limit.provenance),
                    "provenance": _provenance(limit.provenance),
                }
                for limit in points.limits
            ],
        }
        if points is not None
        else None,
    }
