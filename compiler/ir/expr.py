"""The IR's base model, source references, provenance and typed expressions.

Part of the IR (`mjc.compiler.ir` re-exports every name here): the nodes a checked expression lowers
to, built by `mjc.compiler.lower.rulebook` from the type checker's output and read by codegen,
docgen and the constant evaluator. Every node names its own kind so the union `Expr` can be told
apart when the IR is loaded from JSON."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import Annotated, Any, Literal

from mjc.compiler.ir.model import Model as Model, field_names as field_names, node
from mjc.compiler.language.types import BOOL, INT, SHAPE, SUIT, TILE, IRType, ListType, SuitLetter


@node
class SourceRef(Model):
    """Where something was written: file, 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


def line_id(keyword: str, at: SourceRef, block: Iterable[SourceRef]) -> str:
    """The id explanations give a rulebook line (a score's steps, a settlement's lines):
    `<keyword>@<file name>#<n>`, `floor@guangdong.mjr#2` for the second `floor` line of
    guangdong.mjr's section. `block` is where every line of that keyword in the section was
    written (`at` among them). By ordinal, not line number: a line added above it, a fan, a
    comment, another keyword's line, leaves the id as it was."""
    same = sorted((ref.line, ref.column) for ref in block if ref.file == at.file)
    name = at.file.replace("\\", "/").rsplit("/", 1)[-1]
    return f"{keyword}@{name}#{same.index((at.line, at.column)) + 1}"


@node
class Provenance(Model):
    """`source` (the document's words), `reference` (an outside source), `convention` (our
    decision where the document is silent, with its reason) or `note`."""

    kind: Literal["source", "reference", "convention", "note"]
    text: str
    at: SourceRef


# ---------------------------------------------------------------------------- typed expressions
#
# Every node names its own kind so the union below can be told apart on load; `type` is the
# checked type, a value of `mjc.compiler.language.types` (spelled "bool", "list[tile]", "choice:cap"
# in JSON).


@node
class IntE(Model):
    node: Literal["int"] = "int"
    type: IRType = INT
    value: int


@node
class BoolE(Model):
    node: Literal["bool"] = "bool"
    type: IRType = BOOL
    value: bool


@node
class TileE(Model):
    node: Literal["tile"] = "tile"
    type: IRType = TILE
    tile: int
    text: str


@node
class SuitE(Model):
    node: Literal["suit"] = "suit"
    type: IRType = SUIT
    suit: SuitLetter


@node
class ShapeE(Model):
    node: Literal["shape"] = "shape"
    type: IRType = SHAPE
    shape: str


@node
class ChoiceE(Model):
    node: Literal["choice"] = "choice"
    type: IRType
    option: str
    value: str


@node
class FactE(Model):
    """A builtin fact of the arrangement or the situation, such as `melds` or `self_drawn`."""

    node: Literal["fact"] = "fact"
    type: IRType
    fact: str


@node
class VarE(Model):
    """A quantifier's variable."""

    node: Literal["var"] = "var"
    type: IRType
    name: str


@node
class FanRefE(Model):
    """Whether another fan's condition holds on the same arrangement."""

    node: Literal["fan"] = "fan"
    type: IRType = BOOL
    fan: str


@node
class OptionE(Model):
    node: Literal["option"] = "option"
    type: IRType
    option: str


@node
class AttrE(Model):
    node: Literal["attr"] = "attr"
    type: IRType
    obj: Expr
    attr: str
    on: Literal["tile", "meld"]


@node
class CallE(Model):
    node: Literal["call"] = "call"
    type: IRType
    func: str
    args: tuple[Expr, ...]


@node
class ListE(Model):
    node: Literal["list"] = "list"
    type: IRType
    items: tuple[Expr, ...]


@node
class RangeE(Model):
    node: Literal["range"] = "range"
    type: IRType = ListType(INT)
    low: int
    high: int


@node
class NotE(Model):
    node: Literal["not"] = "not"
    type: IRType = BOOL
    operand: Expr


@node
class NegE(Model):
    node: Literal["neg"] = "neg"
    type: IRType = INT
    operand: Expr


@node
class BoolOpE(Model):
    node: Literal["boolop"] = "boolop"
    type: IRType = BOOL
    op: Literal["and", "or"]
    operands: tuple[Expr, ...]


@node
class CompareE(Model):
    node: Literal["compare"] = "compare"
    type: IRType = BOOL
    op: Literal["==", "!=", "<", "<=", ">", ">=", "in"]
    left: Expr
    right: Expr


MAX_EXPONENT = 64
"""The largest exponent `**` may have (and none below zero): the checks refuse an exponent
that can pass it (E0552), so a power stays a number Python computes at once."""


@node
class ArithE(Model):
    node: Literal["arith"] = "arith"
    type: IRType = INT
    op: Literal["+", "-", "*", "**"]
    left: Expr
    right: Expr


@node
class QuantE(Model):
    node: Literal["quant"] = "quant"
    type: IRType
    kind: Literal["all", "any", "none", "count", "sum"]
    var: str
    domain: Expr
    body: Expr


class _ByNode:
    """`Expr`'s mark for pydantic (`jsonio`): its kinds are told apart by their `node`, in the
    JSON read back and in the schema (pydantic is imported only when it asks)."""

    def __get_pydantic_core_schema__(self, source: object, handler: Any) -> Any:
        from pydantic import Field

        return handler.generate_schema(Annotated[source, Field(discriminator="node")])


Expr = Annotated[
    IntE | BoolE | TileE | SuitE | ShapeE | ChoiceE | FactE | VarE | FanRefE | OptionE | AttrE
    | CallE | ListE | RangeE | NotE | NegE | BoolOpE | CompareE | ArithE | QuantE,
    _ByNode(),
]  # fmt: skip


# Each order comparison with its operands swapped: `a < b` is `b > a` (`in` has none).
SWAPPED: dict[str, str] = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def is_node(value: object) -> bool:
    """Whether `value` is an expression node (not a source position), for walks that copy."""
    return isinstance(value, Model) and not isinstance(value, SourceRef)


def conjuncts(condition: Expr | None) -> list[Expr]:
    """`a and b and (c and d)` as [a, b, c, d], in the order written; nothing for None. A loop,
    not a recursion: a condition may nest hundreds deep."""
    found: list[Expr] = []
    pending: list[Expr] = [] if condition is None else [condition]
    while pending:
        expr = pending.pop()
        if isinstance(expr, BoolOpE) and expr.op == "and":
            pending += reversed(expr.operands)
        else:
            found.append(expr)
    return found


def subnodes(roots: Iterable[object]) -> Iterator[Model]:
    """Every IR node under `roots` (Models, tuples of them, None), each root included, in
    the order written (a node before its parts, its parts in field order). A loop, not a
    recursion, like `conjuncts`."""
    pending: list[object] = list(roots)[::-1]
    pop, extend = pending.pop, pending.extend
    while pending:
        node = pop()
        if isinstance(node, Model):
            yield node
            parts = _PARTS_LAST_FIRST.get(type(node)) or _parts_last_first(type(node))
            extend(parts(node))
        elif isinstance(node, tuple):
            extend(node[::-1])


def _parts_last_first(cls: type[Model]) -> Callable[[Model], tuple[object, ...]]:
    """What reads a node's fields, the last first, as one tuple (`subnodes` pushes them so):
    one C call a node instead of a comprehension calling `getattr` per field."""
    names = field_names(cls)[::-1]
    parts: Callable[[Model], tuple[object, ...]]
    if len(names) > 1:
        parts = attrgetter(*names)
    else:
        parts = lambda node: tuple([getattr(node, name) for name in names])  # noqa: E731
    _PARTS_LAST_FIRST[cls] = parts
    return parts


# `_parts_last_first` by class, as met (one entry a node class).
_PARTS_LAST_FIRST: dict[type[Model], Callable[[Model], tuple[object, ...]]] = {}
