"""The nodes every declaration of the rulebook's AST is built of: names, provenance, expressions.

Built by `mjc.compiler.syntax.parse` and read by the resolver, the type checker and the lowering;
the declarations are in `mjc.compiler.syntax.ast` (which re-exports every name here) and
`mjc.compiler.syntax.ast_settlement`. Nodes are frozen; spans take no part in equality."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mjc.compiler.diagnostics import Span

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


QuantifierKind = Literal["all", "any", "none", "count", "sum"]


@dataclass(frozen=True, slots=True)
class Quantifier:
    """`all m in melds: m.is_pung`, and likewise any, none, count and sum (whose body is a
    number: `sum i in dora_indicators: copies(successor(i))`)."""

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


# ---------------------------------------------------------------------------- provenance

ProvenanceKind = Literal["source", "reference", "convention", "note"]


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a rule comes from: the source document's clause, an outside reference, a
    convention chosen where the source is silent (with its reason), or a plain note."""

    kind: ProvenanceKind
    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
