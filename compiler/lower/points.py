"""Lowering of the fu (符) and points (点) sections to the IR (`mjc.compiler.ir.points`).

Input is the checked `Declarations` table's `fu` and `points` sections and the typed expressions
(found through the slots, `mjc.compiler.lower.sources.lowered`); output is their IR nodes, or
None for a rulebook without the section. Runs only on a rulebook the checks passed: the points
section has its one `base` (E0553)."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.lower.sources import at, lowered, provenance
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast

__all__ = ["lower_fu", "lower_points"]


def lower_fu(section: ast.FuSection | None, typed: Typed) -> ir.FuSection | None:
    if section is None:
        return None
    return ir.FuSection(
        label=section.label,
        items=tuple(
            ir.FuItem(
                kind=item.kind,
                label=item.label,
                **lowered(item, typed),
                provenance=provenance(item.provenance),
                at=at(item.span),
            )
            for item in section.items
        ),
        at=at(section.span),
    )


def lower_points(section: ast.PointsSection | None, typed: Typed) -> ir.PointsSection | None:
    if section is None:
        return None
    base = section.bases[0]
    return ir.PointsSection(
        label=section.label,
        **lowered(base, typed),
        base_provenance=provenance(base.provenance),
        base_at=at(base.span),
        limits=tuple(
            ir.PointsLimit(
                name=limit.name,
                **lowered(limit, typed),
                provenance=provenance(limit.provenance),
                at=at(limit.span),
            )
            for limit in section.limits
        ),
        at=at(section.span),
    )
