"""Checks of the horse lines (买马, 罚马, 奖马, 抓马): the kind of horse and how many are drawn.

Input: the horse lines of the `horses` section from the `Declarations` table
(`mjc.compiler.resolve.declarations`) and their typed counts and guards
(`mjc.compiler.resolve.typecheck`). A line names a kind of horse mjc knows, says `per player` only
for horses every player draws, and draws a whole number of at least one horse under every setting of
the options where it applies. The count check runs only on a rulebook without errors so far: it
evaluates the options, which must have typed."""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.check.common import ir_options, unknown_word
from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import HORSE_KINDS, HORSE_PER_WORDS
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed


def check_horse_kinds(decls: Declarations) -> list[Diagnostic]:
    """Horse lines name a kind of horse (`bought`, `penalty`, `bonus`, `grabbed`), and
    `per player` only where every player draws (`bought`)."""
    problems: list[Diagnostic] = []
    if decls.horses is None:
        return problems
    for kind in decls.horses.kinds:
        word = kind.kind.text
        if word not in HORSE_KINDS:
            problems.append(
                unknown_word(
                    "E0120",
                    "horse kind",
                    kind.kind,
                    HORSE_KINDS,
                    "the kinds are "
                    + ", ".join(f"`{k}` ({w.name})" for k, w in HORSE_KINDS.items()),
                    label="not a kind of horse",
                    describe=lambda k: HORSE_KINDS[k].name,
                )
            )
            continue
        per = kind.per
        if per is None:
            continue
        if per.text not in HORSE_PER_WORDS:
            problems.append(
                error(
                    "E0120",
                    f"horses are counted `per player`, not per `{per.text}`",
                    per.span,
                    help=did_you_mean(per.text, HORSE_PER_WORDS) or "write `per player`",
                )
            )
        elif word not in HORSE_PER_WORDS[per.text]:
            drawer = {"dealer": "the dealer alone", "winner": "the winner"}.get(
                HORSE_KINDS[word].drawn_by, "one player"
            )
            problems.append(
                error(
                    "E0120",
                    f"`{word}` horses are drawn by {drawer}, not per player",
                    per.span,
                    label="only bought horses (买马) are drawn by every player",
                    help=f"drop `per {per.text}`: the count is how many {drawer} draws",
                )
            )
    return problems


def check_horse_counts(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Wherever a horse line applies (its `if` holds), its count is a whole number of at
    least one: a choice option read as a count must have a number chosen under that guard."""
    problems: list[Diagnostic] = []
    if decls.horses is None:
        return problems
    options = ir_options(decls)
    for kind in decls.horses.kinds:
        count = typed.get(kind.count)
        guard = typed.get(kind.guard)
        if count is None:
            continue
        relevant = consteval.options_read([count, guard])
        for setting in consteval.settings(options, relevant):
            if not consteval.holds(guard, setting):
                continue
            try:
                value = consteval.evaluate(count, setting)
            except consteval.NotConstant:
                problems.append(
                    error(
                        "E0409",
                        f"the count of `{kind.kind.text}` horses cannot be worked out from the "
                        "options",
                        kind.count.span,
                        label="not a number of the options",
                        help="write the count with numbers, number options, a choice option "
                        "whose choices are numbers, and + - *",
                    )
                )
                break
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
                continue
            where = consteval.describe(setting, options)
            shown = f"`{value}`" if isinstance(value, str) else str(value)
            problems.append(
                error(
                    "E0409",
                    f"under {where} the count of `{kind.kind.text}` horses is {shown}, "
                    "not a number of horses",
                    kind.count.span,
                    label="must be at least 1 wherever the line applies",
                    help="guard the line so it applies only where the count is a number, "
                    f"e.g. `if {_option_text(count)} != {value}`"
                    if isinstance(value, str)
                    else "a horse line draws at least one horse",
                )
            )
            break
    return problems


def _option_text(expr: ir.Expr) -> str:
    """`option.x` for an option read as a count (for help lines)."""
    return f"option.{expr.option}" if isinstance(expr, ir.OptionE) else "…"
