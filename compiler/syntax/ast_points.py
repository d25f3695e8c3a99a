"""The AST of what a hand is worth: the scoring section (units, tiers, adjustments, rejects,
limits, prefers, the minimum) and the fu and points sections (Riichi's 符 and 点), what the
designer wrote, with spans.

Built by `mjc.compiler.syntax.to_ast` (the fu and points in `compiler/syntax/to_ast_points.py`)
from Lark's parse tree and read by the resolver, the checks and the lowering
(`mjc.compiler.lower.rulebook`, `mjc.compiler.lower.points`); `mjc.compiler.syntax.ast`
re-exports every name."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax.ast_common import NO_SPAN, Expr, Ident, IntLit, Provenance
from mjc.frozen import Frozen, frozen

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


@frozen
class Unit(Frozen):
    text: str
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


CombineMode = Literal["add", "max", "multiply"]


@frozen
class TierCap(Frozen):
    value: IntLit
    guard: Expr | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class TierDecl(Frozen):
    id: Ident
    name: str
    combine: CombineMode
    caps: tuple[TierCap, ...]
    overrides: tuple[Ident, ...]
    alt_combines: tuple[tuple[CombineMode, Expr], ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


AdjustKind = Literal["floor", "multiply", "ceiling", "fix"]


@frozen
class Adjustment(Frozen):
    """A change to the hand's value after the tiers, applied in the order floor, multiply,
    ceiling, fix: `floor 4 when kong_bloom`, `multiply 2 when concealed`, `ceiling 16 when
    option.cap == 16` (a ceiling without `when` always applies), `fix 1 when not self_drawn`."""

    kind: AdjustKind
    value: Expr
    condition: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Reject(Frozen):
    """`reject "只可自摸" when option.self_draw_only and not self_drawn`: not a win after all."""

    reason: str
    condition: Expr
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Limit(Frozen):
    """`limit pure_double_chow, short_straight to 1 when pure_straight`: the named fans
    together count at most `count` times, cut from the last named first, each down to one
    before any goes to none."""

    fans: tuple[Ident, ...]
    count: Expr
    condition: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Prefer(Frozen):
    """`prefer pure_triple_chow, triple_pung`: of two readings of a hand that score alike,
    the one in which one of these fans counts is kept."""

    fans: tuple[Ident, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Minimum(Frozen):
    """`minimum 8 without flower_tiles`: a hand worth less than `value` is not a win, the
    points of the fans named `without` not counted toward it (8 番起和, 花牌不计)."""

    value: Expr
    without: tuple[Ident, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Scoring(Frozen):
    units: tuple[Unit, ...]
    tiers: tuple[TierDecl, ...]
    adjustments: tuple[Adjustment, ...]
    rejects: tuple[Reject, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    limits: tuple[Limit, ...] = ()
    prefers: tuple[Prefer, ...] = ()
    minimums: tuple[Minimum, ...] = ()  # one at most (the checks refuse a second)
