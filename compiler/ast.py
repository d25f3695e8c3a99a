"""The rulebook's abstract syntax tree: what the designer wrote, with a source span on every node.

Built by `compiler.parse` from Lark's parse tree and read by the resolver and the checks. Nodes
are frozen; spans take no part in equality, so two trees that say the same thing compare equal
whatever their layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from compiler.diagnostics import Span

NO_SPAN = Span("<none>", 1, 1, 1, 1)


@dataclass(frozen=True, slots=True)
class Ident:
    """A name as written, where it was written."""

    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


# ---------------------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileLit:
    """A tile in mpsz notation, such as `5z` (白)."""

    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Name:
    """A bare name: a builtin fact, a quantifier variable, a fan, a shape or a suit."""

    name: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class OptionRef:
    """`option.cap`: the value the current game chose for an option."""

    option: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Attribute:
    obj: Expr
    attr: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Call:
    func: Ident
    args: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ListExpr:
    items: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class RangeExpr:
    """`2..8`: the whole numbers from 2 to 8, both included."""

    low: int
    high: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: Literal["and", "or"]
    operands: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


CompareOp = Literal["==", "!=", "<", "<=", ">", ">=", "in"]


@dataclass(frozen=True, slots=True)
class Compare:
    left: Expr
    op: CompareOp
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


ArithOp = Literal["+", "-", "*"]


@dataclass(frozen=True, slots=True)
class Arith:
    left: Expr
    op: ArithOp
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


QuantifierKind = Literal["all", "any", "none", "count"]


@dataclass(frozen=True, slots=True)
class Quantifier:
    """`all m in melds: m.is_pung`, and likewise any, none and count."""

    kind: QuantifierKind
    var: Ident
    domain: Expr
    body: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Expr = (
    IntLit
    | BoolLit
    | TileLit
    | Name
    | OptionRef
    | Attribute
    | Call
    | ListExpr
    | RangeExpr
    | Not
    | Neg
    | BoolOp
    | Compare
    | Arith
    | Quantifier
)


# ---------------------------------------------------------------------------- declarations

ProvenanceKind = Literal["source", "reference", "convention", "note"]


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a rule comes from: the source document's clause, an outside reference, a
    convention chosen where the source is silent (with its reason), or a plain note."""

    kind: ProvenanceKind
    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Header:
    id: Ident
    title: str | None
    english: str | None
    version: str | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Players:
    counts: tuple[IntLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileGroup:
    name: Ident
    copies: IntLit
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileTotal:
    total: IntLit
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Tiles:
    groups: tuple[TileGroup, ...]
    totals: tuple[TileTotal, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ShapeDecl:
    id: Ident
    name: str | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Shapes:
    items: tuple[ShapeDecl, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Choice:
    id: Ident
    label: str | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ToggleType:
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ChoiceType:
    choices: tuple[Choice, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class NumberType:
    low: int
    high: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


OptionType = ToggleType | ChoiceType | NumberType


@dataclass(frozen=True, slots=True)
class OptionDecl:
    id: Ident
    label: str
    type: OptionType
    default: Ident | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Unit:
    text: str
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


CombineMode = Literal["add", "max", "multiply"]


@dataclass(frozen=True, slots=True)
class TierDecl:
    id: Ident
    name: str
    combine: CombineMode
    caps: tuple[IntLit, ...]
    overrides: tuple[Ident, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class FloorDecl:
    value: IntLit
    condition: Expr
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Scoring:
    units: tuple[Unit, ...]
    tiers: tuple[TierDecl, ...]
    floors: tuple[FloorDecl, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


RelationKind = Literal["excludes", "implies", "replaces"]


@dataclass(frozen=True, slots=True)
class Relation:
    kind: RelationKind
    target: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SituationItem:
    """One `with` item of an example: a flag (`self_drawn`) or a setting (`seat_wind=S`)."""

    name: Ident
    value: Ident | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Example:
    """A hand the fan must score (`example`) or must not score (`counterexample`)."""

    hand: str
    positive: bool
    win: str | None
    situation: tuple[SituationItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class FanValue:
    value: IntLit
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class FanDecl:
    id: Ident
    name: str
    english: str | None
    values: tuple[IntLit, ...]
    tiers: tuple[Ident, ...]
    whens: tuple[Expr, ...]
    pers: tuple[Expr, ...]
    relations: tuple[Relation, ...]
    examples: tuple[Example, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Section = Header | Players | Tiles | Shapes | OptionDecl | Scoring | FanDecl


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A whole rulebook file: its sections in the order written."""

    file: str
    sections: tuple[Section, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
