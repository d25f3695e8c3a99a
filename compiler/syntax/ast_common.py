"""The nodes every declaration of the rulebook's AST is built of: names, provenance, expressions.

Built by `mjc.compiler.syntax.parse` and read by the resolver, the type checker and the lowering;
the declarations are in `mjc.compiler.syntax.ast` (which re-exports every name here) and
`mjc.compiler.syntax.ast_settlement`. Nodes are frozen; spans take no part in equality."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from mjc.compiler.diagnostics import Span
from mjc.frozen import Frozen, frozen

NO_SPAN = Span("<none>", 1, 1, 1, 1)


@frozen
class Ident(Frozen):
    """A name as written, where it was written."""

    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


# ---------------------------------------------------------------------------- expressions


@frozen
class IntLit(Frozen):
    value: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class BoolLit(Frozen):
    value: bool
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class TileLit(Frozen):
    """A tile in mpsz notation, such as `5z` (白)."""

    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Name(Frozen):
    """A bare name: a builtin fact, a quantifier variable, a fan, a shape or a suit."""

    name: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class OptionRef(Frozen):
    """`option.cap`: the value the current game chose for an option."""

    option: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Attribute(Frozen):
    obj: Expr
    attr: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Call(Frozen):
    func: Ident
    args: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class ListExpr(Frozen):
    items: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class RangeExpr(Frozen):
    """`2..8`: the whole numbers from 2 to 8, both included."""

    low: int
    high: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Not(Frozen):
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Neg(Frozen):
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class BoolOp(Frozen):
    op: Literal["and", "or"]
    operands: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


CompareOp = Literal["==", "!=", "<", "<=", ">", ">=", "in"]


@frozen
class Compare(Frozen):
    left: Expr
    op: CompareOp
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


ArithOp = Literal["+", "-", "*", "**"]


@frozen
class Arith(Frozen):
    left: Expr
    op: ArithOp
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


QuantifierKind = Literal["all", "any", "none", "count", "sum"]


@frozen
class Quantifier(Frozen):
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


@frozen
class Provenance(Frozen):
    """Where a rule comes from: the source document's clause, an outside reference, a
    convention chosen where the source is silent (with its reason), or a plain note."""

    kind: ProvenanceKind
    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
