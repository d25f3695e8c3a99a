"""The IR of the fu (符) and points (点) sections: how a reading's fu is counted and what a hand
is paid on (Riichi).

Part of the IR (`mjc.compiler.ir` re-exports every name here); built by
`mjc.compiler.lower.points` from the checked declarations and read by the code generator
(`mjc.compiler.emit.valuing`) and the docs (`mjc.compiler.docs.settlement`)."""

from __future__ import annotations

from typing import Literal

from mjc.compiler.ir.expr import Expr, Model, Provenance, SourceRef
from mjc.compiler.ir.model import node


@node
class FuItem(Model):
    """One item of the fu section, worked out in order on each reading: `add` adds `amount`
    (times `per`, when given) when `condition` holds (always, without one) and `guard` does;
    `fix` makes the fu `amount` and ends the count (no rounding); `round` rounds the count so
    far up to a multiple of `amount`. `label` names the part in a score's fu parts."""

    kind: Literal["add", "fix", "round"]
    amount: Expr
    label: str | None = None
    per: Expr | None = None
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class FuSection(Model):
    """`fu "符" { … }`: the items in the order written."""

    label: str
    items: tuple[FuItem, ...] = ()
    at: SourceRef


@node
class PointsLimit(Model):
    """`limit "満貫" 2000 when C [if G]`: when C (and G) holds the hand's points are `amount`
    and the hand is named `name`."""

    name: str
    amount: Expr
    condition: Expr
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class PointsSection(Model):
    """`points "点" { base E; limit … }`: a reading's points are those of the first limit
    that holds, in the order written, else `base`. `base` is worked out once, before the
    first limit that reads it (or after the last, none holding)."""

    label: str
    base: Expr
    base_provenance: tuple[Provenance, ...] = ()
    base_at: SourceRef
    limits: tuple[PointsLimit, ...] = ()
    at: SourceRef
