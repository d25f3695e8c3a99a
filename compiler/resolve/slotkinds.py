"""What a slot of the table of slots is (`mjc.compiler.resolve.slots`): where a kind of expression
sits in the AST and the IR (`Place`), what it may read and its type (`Slot`), and `section_slot`,
which builds the slot of a section's clause. Kept apart from the table so that the tables of
sections of their own (`mjc.compiler.resolve.points`) build their rows with the same pieces."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Literal

from mjc.compiler.language.types import BOOL, Type, describe
from mjc.compiler.resolve.contexts import CONTEXT_WORDS, Context
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.syntax import ast
from mjc.frozen import Frozen, frozen

__all__ = ["Exprs", "Found", "Place", "Role", "Slot", "section_slot"]

Found = Iterator[tuple[str, ast.Expr | None]]  # (owner: a fan id, or the section's name; expr)
# What generated code does with an expression: test the options before anything is read
# (`guard`), test a condition of the hand, the round or the table (`when`), or compute a
# number (`number`).
Role = Literal["guard", "when", "number"]


@frozen
class Place(Frozen):
    """Where a slot's expressions sit: the `field` of each AST declaration of class `node`,
    lowered to the `ir_field` of the IR node of class `ir_node`. With `pair` set, `ir_field`
    holds (…, …) pairs (the IR keeps no node for the declaration) and the expression is
    element `pair` of each: a fan's values, a tier's caps and combines, the wild copies."""

    node: type
    field: str
    ir_node: type
    ir_field: str
    pair: int | None = None


@frozen
class Slot(Frozen):
    """One kind of expression: `section` and `clause` as the rulebook writes them, the
    `context` it is read in, and its `type` (None: a number, or a choice option whose choices
    are numbers, which the driver checks itself: a horse count). `where` names it in messages
    when it has the wrong type; `find` yields every such expression of a rulebook, with its
    owner; `fan_refs`: references to other fans in it are collected (for the cycle check)."""

    section: str
    clause: str
    context: Context
    type: Type | None
    find: Callable[[Declarations], Found]
    places: tuple[Place, ...] = ()
    where: str | None = None
    fan_refs: bool = False

    @property
    def reads(self) -> str:
        """What the expression may read, in words (for the docs)."""
        return CONTEXT_WORDS[self.context]

    @property
    def type_words(self) -> str:
        return describe(self.type) if self.type is not None else "a number or a number choice"

    @property
    def key(self) -> str:
        """The slot's name, unique in the table: `section clause`."""
        return f"{self.section} {self.clause}"

    @property
    def role(self) -> Role:
        if self.type != BOOL:
            return "number"
        return "guard" if self.context == "guard" else "when"


Exprs = Callable[[Declarations], Iterator[ast.Expr | None]]


def section_slot(
    section: str,
    clause: str,
    context: Context,
    type_: Type | None,
    items: Exprs,
    *places: Place,
) -> Slot:
    """A slot of a section: its expressions are owned by the section."""

    def find(decls: Declarations) -> Found:
        for expr in items(decls):
            yield section, expr

    return Slot(section, clause, context, type_, find, places)
