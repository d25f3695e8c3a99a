"""What every lowering module (`rulebook`, `settlement`, `play`) shares of a declaration: where
it was written (the source reference of a span, and its provenance lines `source`, `reference`,
`convention`, `note` with theirs: the docs cite these places, and the IR keeps them beside what
they say), and its typed expressions by the IR field each lowers to, found through the table of
expression slots (`mjc.compiler.resolve.slots`).
"""

from __future__ import annotations

from typing import Any

from mjc.compiler import ir
from mjc.compiler.diagnostics import Span
from mjc.compiler.language.types import BOOL
from mjc.compiler.resolve.slots import SLOTS, Place, Slot
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast

__all__ = ["at", "lowered", "provenance"]


def at(span: Span) -> ir.SourceRef:
    return ir.SourceRef(file=span.file, line=span.line, column=span.column)


def provenance(items: tuple[ast.Provenance, ...]) -> tuple[ir.Provenance, ...]:
    return tuple(ir.Provenance(kind=p.kind, text=p.text, at=at(p.span)) for p in items)


# ----------------------------------------------------------------- expressions, by the slots


def _by_node() -> dict[type, tuple[tuple[Slot, Place], ...]]:
    """Each AST declaration class with the (slot, place) pairs it holds, in the table's
    order."""
    found: dict[type, tuple[tuple[Slot, Place], ...]] = {}
    for slot in SLOTS:
        for place in slot.places:
            found[place.node] = (*found.get(place.node, ()), (slot, place))
    return found


_BY_NODE = _by_node()


def lowered(node: object, typed: Typed) -> dict[str, Any]:
    """The typed expressions of one AST declaration, by the IR field each lowers to, for the
    lowering to pass to the declaration's IR node as they are (`ir.Shape(**lowered(…), …)`).
    Where the IR holds them in pairs (`Place.pair`), they are keyed by their own field
    instead, for the section's lowering to build the pairs. (Values are IR expressions,
    None, or a tier's (word, expression) combines: `Any`, as keyword arguments are.)"""
    found: dict[str, Any] = {}
    for slot, place in _BY_NODE.get(type(node), ()):
        key = place.field if place.pair is not None else place.ir_field
        found[key] = _lower(getattr(node, place.field), slot, place, typed)
    return found


def _lower(value: object, slot: Slot, place: Place, typed: Typed) -> object:
    """One field's typed form. A clause written more than once is a tuple: `when` lines
    joined by `and` (true with none), a number clause its first (the checks refuse a
    second); a tuple of (word, expression) pairs (a tier's combines) keeps its words."""
    if value is None:
        return None
    if not isinstance(value, tuple):
        return _typed(typed, value)
    if place.pair is not None:
        return tuple((word, _typed(typed, expr)) for word, expr in value)
    parts = [_typed(typed, item) for item in value]
    if slot.type != BOOL:
        return parts[0] if parts else None
    if len(parts) == 1:
        return parts[0]
    return ir.BoolOpE(op="and", operands=tuple(parts)) if parts else ir.BoolE(value=True)


def _typed(typed: Typed, expr: object) -> ir.Expr:
    result = typed.exprs.get(id(expr))
    assert result is not None, "the lowering runs only once every slot's expression typed"
    return result


def word(text: str | None) -> Any:
    """A word of the rulebook the checks accepted (a seat, a payer, a kind of kong or horse),
    for the IR field whose `Literal` names the words it may be: the checks keep it in that
    set, where the AST's type says only `str`."""
    return text
