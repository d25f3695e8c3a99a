"""How the emitters of a generated module find the expressions of an IR declaration: the
emission record of the slot table (`mjc.compiler.resolve.slots.SLOTS`).

Input is an IR declaration (`mjc.compiler.ir`) whose expressions the lowering placed where
the table's `Place`s say. `SlotReader.held` gives its expressions as a `Held`, taken by what
generated code does with them (an options guard, a condition, a number) rather than by field
name, so that an emitter need not know which clause wrote an expression; `SlotReader.pairs`
does the same for fields that hold pairs (a fan's values, a tier's caps). The reader keeps
every place an emitter took an expression from, so that a test can check that no place of
the table is left unread (`mjc.compiler.emit.emitbase` and `codeplan` hold one reader per module).
"""

from __future__ import annotations

import typing
from dataclasses import field

from mjc.compiler import ir
from mjc.compiler.resolve.slots import SLOTS, Role, Slot
from mjc.frozen import Frozen, frozen, slotted

# An IR place: (IR class, field).
IRPlace = tuple[type, str]


@frozen
class Held(Frozen):
    """The expressions one IR declaration holds, each with its slot and its place, in the
    table's order (none that is absent); the emitters take them by role, and each place
    taken is added to `taken` (its reader's `read`)."""

    found: tuple[tuple[Slot, ir.Expr, IRPlace], ...]
    taken: set[IRPlace] = field(default_factory=set)

    def _one(self, role: Role) -> ir.Expr | None:
        exprs = [(e, at) for s, e, at in self.found if s.role == role]
        assert len(exprs) <= 1, f"one {role} per declaration: {[s.key for s, _, _ in self.found]}"
        if not exprs:
            return None
        expr, at = exprs[0]
        self.taken.add(at)
        return expr

    @property
    def guard(self) -> ir.Expr | None:
        """Its options guard (`if …`)."""
        return self._one("guard")

    @property
    def when(self) -> ir.Expr | None:
        """Its condition (a fan's `when`, a line's `when`, a custom shape, a constraint)."""
        return self._one("when")

    @property
    def number(self) -> ir.Expr | None:
        """Its number (a value, an amount, a count, a fan's `per`)."""
        return self._one("number")

    def named(self, ir_field: str) -> ir.Expr | None:
        """The expression of one IR field, for a declaration holding two of one role (a fu
        item's amount and its `per`)."""
        for _, expr, at in self.found:
            if at[1] == ir_field:
                self.taken.add(at)
                return expr
        return None

    @property
    def tests(self) -> tuple[ir.Expr, ...]:
        """What must hold for it to apply, in the order generated code tests them: the
        options guard first, then the condition."""
        return tuple(e for e in (self.guard, self.when) if e is not None)


def _by_ir() -> tuple[dict[type, dict[str, Slot]], dict[tuple[type, str], dict[int, Slot]]]:
    """Each IR class with the slot of each of its fields (not pairs), and each (IR class,
    field) that holds pairs with the slot of each element, in the table's order. Slots that
    share a place (an `ir.Stake` is a stake, a cap, a dealer factor, a loss cap or a claim
    relation) have the same role there, so the first stands for them all."""
    fields: dict[type, dict[str, Slot]] = {}
    pairs: dict[tuple[type, str], dict[int, Slot]] = {}
    for slot in SLOTS:
        for place in slot.places:
            if place.pair is None:
                first = fields.setdefault(place.ir_node, {}).setdefault(place.ir_field, slot)
            else:
                at = pairs.setdefault((place.ir_node, place.ir_field), {})
                first = at.setdefault(place.pair, slot)
            assert first.role == slot.role, (first.key, slot.key)
    return fields, pairs


_BY_IR, _PAIRS = _by_ir()
# The classes of IR expressions (an element of a pair may be a number or a word instead).
_IR_EXPRS: tuple[type, ...] = typing.get_args(typing.get_args(ir.Expr)[0])


@slotted
class SlotReader:
    """How the emitters of one generated module find expressions: per IR declaration
    (`held`) or per pair of a field that holds pairs (`pairs`), through the table. `read`
    keeps every place an emitter took an expression from (tests check that the emitters
    read every place of the table)."""

    read: set[IRPlace] = field(default_factory=set)

    def held(self, node: ir.Model) -> Held:
        found = tuple(
            (slot, expr, (type(node), name))
            for name, slot in _BY_IR.get(type(node), {}).items()
            if (expr := getattr(node, name)) is not None
        )
        return Held(found, self.read)

    def pairs(self, node: ir.Model, name: str) -> tuple[Held, ...]:
        """Each pair of `node`'s field `name`, as the declaration it was lowered from."""
        slots = _PAIRS[(type(node), name)]
        items: tuple[tuple[object, ...], ...] = getattr(node, name)
        return tuple(self._pair(item, slots, (type(node), name)) for item in items)

    def _pair(self, item: tuple[object, ...], slots: dict[int, Slot], at: IRPlace) -> Held:
        found: list[tuple[Slot, ir.Expr, IRPlace]] = []
        for index, slot in slots.items():
            expr = item[index]
            if isinstance(expr, _IR_EXPRS):
                found.append((slot, typing.cast(ir.Expr, expr), at))
        return Held(tuple(found), self.read)
