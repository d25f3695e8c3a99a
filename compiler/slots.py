"""Every place a rulebook holds an expression, declared once: its section, its clause, what it
may read (the type checker's context) and the type it must have.

Input is the `Declarations` table (`mjc.compiler.declarations`): each slot finds its
expressions there. The typing pass of the driver (`mjc.compiler.driver`) types every slot's
expressions in its context; the lowering (`mjc.compiler.lower`) checks through the same table
that every expression it is about to lower has typed; the language reference
(`mjc.compiler.refdocs`) lists the slots as a table. Adding a clause that holds an expression
means adding its row here, and every one of them sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from mjc.compiler import ast
from mjc.compiler.declarations import Declarations
from mjc.compiler.typecheck import CONTEXT_WORDS, Context
from mjc.compiler.types import BOOL, INT, Type, describe

Found = Iterator[tuple[str, ast.Expr | None]]  # (owner: a fan id, or the section's name; expr)


@dataclass(frozen=True, slots=True)
class Slot:
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
    where: str | None = None
    fan_refs: bool = False

    @property
    def reads(self) -> str:
        """What the expression may read, in words (for the docs)."""
        return CONTEXT_WORDS[self.context]

    @property
    def type_words(self) -> str:
        return describe(self.type) if self.type is not None else "a number or a number choice"


Exprs = Callable[[Declarations], Iterator[ast.Expr | None]]


def _in(section: str, clause: str, context: Context, type_: Type | None, items: Exprs) -> Slot:
    """A slot of a section: its expressions are owned by the section."""

    def find(decls: Declarations) -> Found:
        for expr in items(decls):
            yield section, expr

    return Slot(section, clause, context, type_, find)


def _fan(
    clause: str,
    context: Context,
    type_: Type,
    part: Callable[[ast.FanDecl], Iterator[ast.Expr | None]],
    where: str | None = None,
    fan_refs: bool = False,
) -> Slot:
    """A slot of every fan: its expressions are owned by the fan (by id)."""

    def find(decls: Declarations) -> Found:
        for fan_id, fan in decls.fans.items():
            for expr in part(fan):
                yield fan_id, expr

    return Slot("fan", clause, context, type_, find, where, fan_refs)


def _tile_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.tiles is not None:
        yield from (g.guard for g in d.tiles.groups)
        yield from (k.guard for k in d.tiles.keeps)


def _shape_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    return (s.guard for s in d.shapes.values())


def _shape_customs(d: Declarations) -> Iterator[ast.Expr | None]:
    return (s.custom for s in d.shapes.values())


def _wild_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.wilds is not None:
        yield from (i.guard for i in d.wilds.items if not isinstance(i, ast.WildCycle))


def _wild_copies(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.wilds is not None:
        yield from (i.value for i in d.wilds.items if isinstance(i, ast.WildCopies))


def _claim_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.claims is not None:
        yield from (r.guard for r in d.claims.rules)


def _tier_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        for tier in d.scoring.tiers:
            yield from (cap.guard for cap in tier.caps)
            yield from (guard for _, guard in tier.alt_combines)


def _adjustment_values(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        yield from (a.value for a in d.scoring.adjustments)


def _adjustment_conditions(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        yield from (a.condition for a in d.scoring.adjustments)


def _reject_conditions(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        yield from (r.condition for r in d.scoring.rejects)


def _constraints(d: Declarations) -> Iterator[ast.Expr | None]:
    return (c.condition for c in d.constraints)


def _horses(part: Callable[[ast.HorseKind], ast.Expr | None]) -> Exprs:
    def items(d: Declarations) -> Iterator[ast.Expr | None]:
        if d.horses is not None:
            yield from (part(k) for k in d.horses.kinds)

    return items


def _pay(lines: Callable[[ast.Payments], tuple[object, ...]], field: str) -> Exprs:
    """The expression `field` of each line of a payments list."""

    def items(d: Declarations) -> Iterator[ast.Expr | None]:
        if d.payments is not None:
            for line in lines(d.payments):
                expr = getattr(line, field)
                assert expr is None or isinstance(expr, ast.Expr)
                yield expr

    return items


# The payments section's lines: clause, its lines, the field of its value (if any) and the
# context of its `when` (if it has one).
_PAYMENT_LINES: tuple[
    tuple[str, Callable[[ast.Payments], tuple[object, ...]], str | None, Context | None], ...
] = (
    ("stake", lambda s: s.stakes, "value", None),
    ("win", lambda s: s.wins, None, "payment"),
    ("kong_payment", lambda s: s.kongs, "amount", "round"),
    ("horse_payment / follow_payment / streak_payment", lambda s: s.bonuses, "amount", "round"),
    ("claim_relation", lambda s: s.relations, "count", None),
    ("relation_payment", lambda s: s.relation_lines, "amount", "relation"),
    ("cap", lambda s: s.caps, "value", None),
    ("dealer_factor", lambda s: s.dealer_factors, "value", None),
    ("loss_cap", lambda s: s.loss_caps, "value", None),
)


def _payment_slots() -> Iterator[Slot]:
    """Each kind of payments line: its value, its `when` and its `if`."""
    for clause, lines, value, when in _PAYMENT_LINES:
        if value is not None:
            context: Context = "loss" if clause == "loss_cap" else "guard"
            yield _in("payments", f"{clause} value", context, INT, _pay(lines, value))
        if when is not None:
            yield _in("payments", f"{clause} when", when, BOOL, _pay(lines, "condition"))
        yield _in("payments", f"{clause} if", "guard", BOOL, _pay(lines, "guard"))


ADJUSTMENTS = "floor / multiply / ceiling / fix"

SLOTS: tuple[Slot, ...] = (
    _fan("when", "fan", BOOL, lambda f: iter(f.whens), fan_refs=True),
    _fan("per", "fan", INT, lambda f: iter(f.pers), "a fan's `per`", fan_refs=True),
    _fan("value", "guard", INT, lambda f: (v.value for v in f.values)),
    _fan("value if", "guard", BOOL, lambda f: (v.guard for v in f.values)),
    _in("tiles", "if (of a group, a keep)", "guard", BOOL, _tile_guards),
    _in("shapes", "if", "guard", BOOL, _shape_guards),
    _in("shapes", "custom when", "shape", BOOL, _shape_customs),
    _in("wilds", "if", "guard", BOOL, _wild_guards),
    _in("wilds", "copies", "guard", INT, _wild_copies),
    _in("claims", "if", "guard", BOOL, _claim_guards),
    _in("scoring", "tier cap if, tier combine if", "guard", BOOL, _tier_guards),
    _in("scoring", f"{ADJUSTMENTS} value", "floor", INT, _adjustment_values),
    _in("scoring", f"{ADJUSTMENTS} when", "floor", BOOL, _adjustment_conditions),
    _in("scoring", "reject when", "reject", BOOL, _reject_conditions),
    _in("constraint", "condition", "constraint", BOOL, _constraints),
    _in("horses", "count", "guard", None, _horses(lambda k: k.count)),
    _in("horses", "when", "horse", BOOL, _horses(lambda k: k.condition)),
    _in("horses", "if", "guard", BOOL, _horses(lambda k: k.guard)),
    *_payment_slots(),
)


def untyped(decls: Declarations, typed_exprs: Mapping[int, object]) -> list[tuple[Slot, str]]:
    """The slots (with their owner) whose expression has no typed form: empty once every
    expression of the rulebook typed, which the lowering requires."""
    return [
        (slot, owner)
        for slot in SLOTS
        for owner, expr in slot.find(decls)
        if expr is not None and typed_exprs.get(id(expr)) is None
    ]
