"""The AST of the fu and points sections (Riichi's 符 and 点): what the designer wrote, with spans.

Built by `mjc.compiler.syntax.to_ast` (`compiler/syntax/to_ast_points.py`) from Lark's parse tree
and read by the resolver, the checks and the lowering (`mjc.compiler.lower.points`)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from mjc.compiler.diagnostics import Span
from mjc.compiler.language.frozen import Frozen, frozen
from mjc.compiler.syntax.ast_common import NO_SPAN, Expr, Provenance

FuKind = Literal["add", "fix", "round"]


@frozen
class FuItem(Frozen):
    """One item of the fu section, in the order written: `add 2 "自摸" when self_drawn`
    (`per E`: the amount times E), `fix 25 "七対子" when shape == seven_pairs` (the fu is the
    amount and the count stops), `round up 10` (the count so far up to a multiple of it; no
    label, no condition)."""

    kind: FuKind
    amount: Expr
    label: str | None
    per: Expr | None
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class FuSection(Frozen):
    """`fu "符" { items }`: how the fu of a reading is counted."""

    label: str
    items: tuple[FuItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PointsBase(Frozen):
    """`base fu * 2 ** (total + 2)`: a reading's base points before the limits."""

    value: Expr
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PointsLimit(Frozen):
    """`limit "満貫" 2000 when total >= 5 or base > 2000`: when the condition holds (and the
    guard), the points are `amount` and the hand is named by the limit."""

    name: str
    amount: Expr
    condition: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PointsSection(Frozen):
    """`points "点" { base …; limit … }`: the points a hand is paid on."""

    label: str
    bases: tuple[PointsBase, ...]  # one (the checks refuse none or a second)
    limits: tuple[PointsLimit, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
