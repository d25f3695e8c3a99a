"""Checks of the situations: a fan or payment that asks for a situation together with a fact
that situation's presumptions deny can never apply.

Input: the situations of the `Declarations` table (the prelude's and the rulebook's own, with
their `presumes` and `excludes`) and the typed conditions of the fans and of the payments'
`win` lines (`mjc.compiler.resolve.typed`). A condition is read as the `and` of its parts (a
fan's `when` lines, each line's own `and`s); a part that is a true/false fact or situation, or
its `not`, is a literal. A situation literal brings what the situation presumes in the same
form (`presumes not self_drawn`, `presumes dealer`) and the `not` of each situation it
excludes; a condition holding a literal and its opposite is reported (E0414) at the part that
contradicts, naming the presumption and why it holds. Presumptions of another form (a count,
the hand's melds) are the runtime's to test on each win: a condition cannot deny them by
itself.
"""

from __future__ import annotations

from collections.abc import Iterator

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.language.types import BOOL
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.frozen import Frozen, frozen

__all__ = ["check_situation_contradictions"]


@frozen
class _Literal(Frozen):
    """A true/false fact (`self_drawn`, `situation:huangfan`) asked to hold or not."""

    fact: str
    holds: bool

    def opposite(self) -> _Literal:
        return _Literal(self.fact, not self.holds)

    def text(self) -> str:
        name = self.fact.removeprefix("situation:")
        return name if self.holds else f"not {name}"


@frozen
class _Implied(Frozen):
    """What a situation's literal brings: another literal, and the words saying why."""

    literal: _Literal
    why: str


def check_situation_contradictions(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Each fan and payment `win` line whose condition asks for a situation and for a fact
    that situation denies."""
    implied = _implications(decls, typed)
    problems: list[Diagnostic] = []
    for owner, parts in _conditions(decls, typed):
        problems += _contradictions(owner, parts, implied)
    return problems


def _implications(decls: Declarations, typed: Typed) -> dict[_Literal, list[_Implied]]:
    """For each situation asked to hold, the literals its presumptions and exclusions bring."""
    found: dict[_Literal, list[_Implied]] = {}
    situations = {**decls.prelude, **decls.situations}
    for situation_id, situation in situations.items():
        own = _Literal(_fact(decls, situation_id), True)
        name = f"{situation.label} (`{situation_id}`)"
        for presumption in situation.presumes:
            condition = typed.get(presumption.condition)
            literal = _literal(condition) if condition is not None else None
            if literal is None:
                continue
            why = f"{name} presumes `{literal.text()}`"
            if presumption.because:
                why += f": {presumption.because}"
            found.setdefault(own, []).append(_Implied(literal, why))
        for other in situation.excludes:
            if other.text not in situations:
                continue  # reported by the declarations' check
            other_fact = _fact(decls, other.text)
            label = situations[other.text].label
            why = f"{name} and {label} (`{other.text}`) cannot both hold for one win"
            found.setdefault(own, []).append(_Implied(_Literal(other_fact, False), why))
            back = _Literal(other_fact, True)
            found.setdefault(back, []).append(_Implied(_Literal(own.fact, False), why))
    return found


def _conditions(
    decls: Declarations, typed: Typed
) -> Iterator[tuple[str, list[tuple[ir.Expr, Span]]]]:
    """Each fan's and each payments `win` line's condition as its typed parts with spans."""
    for fan_id, fan in decls.fans.items():
        yield f"the fan `{fan_id}`", list(_typed_parts(fan.whens, typed))
    if decls.payments is not None:
        for line in decls.payments.wins:
            if line.condition is not None:
                yield "this payments `win` line", list(_typed_parts((line.condition,), typed))


def _typed_parts(exprs: tuple[ast.Expr, ...], typed: Typed) -> Iterator[tuple[ir.Expr, Span]]:
    for expr in exprs:
        condition = typed.get(expr)
        if condition is not None:
            yield from ((part, expr.span) for part in _conjuncts(condition))


def _contradictions(
    owner: str, parts: list[tuple[ir.Expr, Span]], implied: dict[_Literal, list[_Implied]]
) -> list[Diagnostic]:
    literals = [(lit, span) for part, span in parts if (lit := _literal(part)) is not None]
    asked = {lit for lit, _ in literals}
    problems: list[Diagnostic] = []
    reported: set[frozenset[_Literal]] = set()  # an exclusion reads both ways: report it once
    for lit, _span in literals:
        for implication in implied.get(lit, ()):
            denied = implication.literal.opposite()
            if denied not in asked or frozenset((lit, denied)) in reported:
                continue
            reported.add(frozenset((lit, denied)))
            where = next(s for other, s in literals if other == denied)
            problems.append(
                error(
                    "E0414",
                    f"{owner} asks for `{lit.text()}` and `{denied.text()}`, which cannot "
                    "hold together",
                    where,
                    label=f"contradicts `{lit.text()}`",
                    help=f"{implication.why}; drop one of the two, or write them as "
                    "alternatives with `or`",
                )
            )
            break  # one report per situation asked for: the first contradiction
    return problems


def _conjuncts(expr: ir.Expr) -> Iterator[ir.Expr]:
    if isinstance(expr, ir.BoolOpE) and expr.op == "and":
        for operand in expr.operands:
            yield from _conjuncts(operand)
    else:
        yield expr


def _literal(expr: ir.Expr) -> _Literal | None:
    match expr:
        case ir.FactE(fact=fact) if expr.type == BOOL:
            return _Literal(fact, True)
        case ir.NotE(operand=ir.FactE(fact=fact) as inner) if inner.type == BOOL:
            return _Literal(fact, False)
    return None


def _fact(decls: Declarations, situation_id: str) -> str:
    """The fact a condition reads for the situation: a builtin one by name, a rulebook's
    under the `situation:` prefix (as the type checker writes it)."""
    return situation_id if situation_id in decls.prelude else f"situation:{situation_id}"
