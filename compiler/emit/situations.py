"""`situation_problems`, the generated function that refuses a win described with situations
that cannot hold: a presumption broken (抢杠 self-drawn, 人胡 after a meld) or two situations
that exclude each other (天胡 and 海底).

Input is the checked `ir.Rulebook`: the prelude's builtin situations (`builtin_situations`) and
the rulebook's own, each with its presumptions and the situations it excludes. Output is the
function's body as lines. For each situation that holds, each presumption is tested in the
order written, then each excluded situation; the first that fails is the answer, a one-line
message naming the situation, the presumption as the rulebook wrote it and why, then what the
hand shows instead (`refusal` in `mjc.runtime.score.situations` renders the values). The
runtime calls the function only when a caller names a situation, so nothing here is on the
path of an ordinary win.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.conditions.facts import HAND_FACT_SOURCE
from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language.types import BOOL, INT, MELD, TILE, ListType, Type
from mjc.compiler.pysource.layout import Doc, bracketed, string, tuple_of
from mjc.compiler.pysource.pysafe import lit
from mjc.compiler.pysource.pywriter import CodeWriter

__all__ = ["shown_parts", "situation_problems_body"]

# How `refusal` renders a value of each type; a type not here is not shown (a true/false
# fact among them: the presumption that fails already says what it is).
_KINDS: dict[Type, str] = {
    INT: "int",
    TILE: "tile",
    MELD: "meld",
    ListType(TILE): "tiles",
    ListType(MELD): "melds",
}


# The longest literal a refusal's line holds: the width less the indent of a message inside
# `return refusal(` three levels deep.
_ONE_LINE = 80


def situation_problems_body(state: ModuleState) -> list[str]:
    """Why the situations that hold for this win cannot all hold, or None."""
    book = state.book
    flags = (*book.builtin_situations, *book.situations)
    conditions = {id(p): _condition(state, p) for f in flags for p in f.presumes}
    py = state.planned(list(conditions.values()), facts=HAND_FACT_SOURCE)
    body = CodeWriter(indent=1)
    for flag in flags:
        if not flag.presumes and not flag.excludes:
            continue
        with body.when(py.py(_flag(flag)).doc):
            for presumption in flag.presumes:
                _presumption(body, py, flag, presumption, conditions[id(presumption)])
            for other in flag.excludes:
                _exclusion(body, py, flag, _by_id(flags, other))
    body.line("return None")
    return state.function(py, body)


def _condition(state: ModuleState, presumption: ir.Presumption) -> ir.Expr:
    """The presumption's condition, found through the table of slots like every other."""
    condition = state.slots.held(presumption).when
    assert condition is not None, "a presumption always holds a condition"
    return condition


def _presumption(
    body: CodeWriter,
    py: PyExpr,
    flag: ir.SituationFlag,
    presumption: ir.Presumption,
    condition: ir.Expr,
) -> None:
    """`if not <presumption>: return refusal(…)`."""
    broken = _negated(condition)
    message = f"{_name(flag)} presumes `{presumption.text}`"
    if presumption.because:
        message += f": {presumption.because}"
    args: list[Doc] = [_message(message)]
    for part in shown_parts(condition):
        text = f"({pretty(part)})" if isinstance(part, ir.QuantE) else pretty(part)
        args.append(tuple_of([lit(text), lit(_KINDS[part.type]), py.py(part).doc]))
    with body.when(py.py(broken).doc):
        body.stmt("return ", bracketed("refusal(", args, ")"))


def _exclusion(
    body: CodeWriter, py: PyExpr, flag: ir.SituationFlag, other: ir.SituationFlag
) -> None:
    """`if <other holds>: return refusal(…)`."""
    message = f"{_name(flag)} and {_name(other)} cannot both hold for one win"
    with body.when(py.py(_flag(other)).doc):
        body.stmt("return ", bracketed("refusal(", [_message(message)], ")"))


def shown_parts(condition: ir.Expr) -> list[ir.Expr]:
    """The parts of a presumption worth showing when it fails, each once: the facts it tests,
    the left side of a comparison (a list rather than its length), the list a quantifier
    ranges over. The docs and the message agree on them."""
    found: dict[str, ir.Expr] = {}

    def visit(expr: ir.Expr) -> None:
        match expr:
            case ir.NotE(operand=operand):
                visit(operand)
            case ir.BoolOpE(operands=operands):
                for operand in operands:
                    visit(operand)
            case ir.CompareE(left=ir.CallE(func="len", args=(inner,))):
                add(inner)
            case ir.CompareE(left=left):
                add(left)
            case ir.QuantE(domain=domain):
                add(domain)
            case ir.FactE():
                add(expr)

    def add(expr: ir.Expr) -> None:
        if expr.type in _KINDS and not isinstance(expr, ir.IntE | ir.BoolE | ir.TileE):
            found.setdefault(pretty(expr), expr)

    visit(condition)
    return list(found.values())


def _message(text: str) -> Doc:
    """A message as one literal when it fits a line of `return refusal(...)`, else as
    adjacent literals of whole words, one a line."""
    return lit(text) if len(lit(text)) <= _ONE_LINE else string(text)


def _negated(condition: ir.Expr) -> ir.Expr:
    if isinstance(condition, ir.NotE):
        return condition.operand
    return ir.NotE(operand=condition)


def _flag(flag: ir.SituationFlag) -> ir.Expr:
    """The situation's own fact: a builtin one by name, a rulebook's in `s.extra`."""
    fact = flag.id if flag.builtin else f"situation:{flag.id}"
    return ir.FactE(type=BOOL, fact=fact)


def _by_id(flags: tuple[ir.SituationFlag, ...], situation: str) -> ir.SituationFlag:
    return next(f for f in flags if f.id == situation)


def _name(flag: ir.SituationFlag) -> str:
    return f"{flag.label} ({flag.id})"
