"""Checks of the scoring frame: the unit, the tiers and their caps, and each fan's tier.

Input: the `scoring` section, the tiers and the fans from the `Declarations` table
(`mjc.compiler.resolve.declarations`). The section states one unit and declares at least one tier; a
tier states one unguarded cap and overrides only other, existing tiers; a fan names an
existing tier and is not worth more than that tier's cap (a value the cap would always cut
is a mistake in the value or in the cap); no fan is worth less than zero under any setting
of the options (`check_fan_values`, which evaluates the typed values and their guards); and
the section states one `minimum` at most, of zero or more (`check_minimum_value`), whose
`without` fans sit in tiers that only add (`_left_out_tiers`: the minimum subtracts what
each named fan adds, which is its points only in such a tier).
"""

from __future__ import annotations

from mjc.compiler.check.common import ir_options, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, Span, error
from mjc.compiler.ir import consteval
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast


def check_scoring(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    scoring = decls.scoring
    if scoring is None:
        return problems
    start = scoring.span
    keyword = Span(start.file, start.line, start.column, start.line, start.column + 7)
    if not scoring.units:
        problems.append(
            error(
                "E0502",
                "the scoring section has no unit",
                keyword,
                help='add `unit "番"` (or the unit the document counts in)',
            )
        )
    for extra_unit in scoring.units[1:]:
        problems.append(
            error("E0503", "the scoring section states its unit twice", extra_unit.span)
        )
    if not scoring.tiers:
        problems.append(
            error(
                "E0502",
                "the scoring section declares no tier",
                keyword,
                help='add one, for example `tier base "番" add`',
            )
        )
    for extra_minimum in scoring.minimums[1:]:
        problems.append(
            error(
                "E0503",
                "the scoring section states its minimum twice",
                extra_minimum.span,
                help="keep one `minimum`; an option-dependent minimum reads the option: "
                "`minimum option.<id>`",
            )
        )
    for tier in scoring.tiers:
        unguarded = [c for c in tier.caps if c.guard is None]
        for extra in unguarded[1:]:
            problems.append(
                error(
                    "E0503",
                    f"the tier `{tier.id.text}` states its cap twice",
                    extra.span,
                    help="an option-dependent cap is written `cap 16 if option.<id> == …`",
                )
            )
        for target in tier.overrides:
            if target.text not in decls.tiers:
                problems.append(_unknown_tier(target, decls))
            elif target.text == tier.id.text:
                problems.append(error("E0301", "a tier cannot override itself", target.span))
    for stated in scoring.minimums[:1]:
        problems += _left_out_tiers(stated, decls)
    return problems


def _left_out_tiers(stated: ast.Minimum, decls: Declarations) -> list[Diagnostic]:
    """E0413 for each fan `minimum … without` names whose tier does more than add its
    points: one that keeps the best (max) or multiplies, under any setting of the options, one
    with a cap (it may cut the points the fan adds) or one that overrides other tiers (the
    fan also removes theirs). There the points subtracted are not what the fan adds."""
    problems: list[Diagnostic] = []
    for ident in stated.without:
        fan = decls.fans.get(ident.text)
        tier_id = fan_tier(fan, decls) if fan is not None else None
        tier = decls.tiers.get(tier_id) if tier_id else None
        if tier is None:
            continue  # an unknown fan is E0103, an unknown tier E0107
        combines = sorted({tier.combine, *(mode for mode, _ in tier.alt_combines)} - {"add"})
        why = (
            f"combines by {' and '.join(f'`{mode}`' for mode in combines)}" if combines
            else "has a cap" if tier.caps
            else "overrides other tiers" if tier.overrides
            else None
        )  # fmt: skip
        if why is None:
            continue
        problems.append(
            error(
                "E0413",
                f"`{ident.text}` is left out of the minimum, but its tier `{tier.id.text}` {why}",
                ident.span,
                label="the minimum subtracts the points this fan adds",
                labels=(Label(tier.id.span, "this tier does more than add"),),
                help=f"move `{ident.text}` to a tier that only adds (no cap, no override), "
                "or leave it out of `without`",
            )
        )
    return problems


def _unknown_tier(ident: ast.Ident, decls: Declarations) -> Diagnostic:
    return unknown_word(
        "E0107",
        "tier",
        ident,
        decls.tiers,
        "the tiers are " + ", ".join(f"`{t}`" for t in decls.tiers),
        label="not declared in the scoring section",
        describe=lambda t: decls.tiers[t].name,
    )


def fan_tier(fan: ast.FanDecl, decls: Declarations) -> str | None:
    if fan.tiers:
        return fan.tiers[0].text
    return next(iter(decls.tiers), None)


def check_fan_tiers_and_caps(decls: Declarations) -> list[Diagnostic]:
    """Every fan names a declared tier, and no fan is worth more than a cap that always
    holds: under a cap that depends on the options (四川 封顶 3, 4 or 5 番) a fan above it is
    paid in full under the other settings, so it is the designer's choice, not a mistake."""
    problems: list[Diagnostic] = []
    for fan in decls.fans.values():
        if fan.tiers and fan.tiers[0].text not in decls.tiers:
            problems.append(_unknown_tier(fan.tiers[0], decls))
            continue
        tier_id = fan_tier(fan, decls)
        tier = decls.tiers.get(tier_id) if tier_id else None
        if tier is None:
            continue
        for cap in tier.caps:
            if cap.guard is not None:
                continue
            for value in fan.values:
                if not isinstance(value.value, ast.IntLit):
                    continue
                if value.value.value <= cap.value.value:
                    continue
                problems.append(
                    error(
                        "E0402",
                        f"the cap of tier `{tier.id.text}` ({cap.value.value}) is below the "
                        f"value of `{fan.id.text}` ({value.value.value})",
                        value.value.span,
                        label=f"worth {value.value.value}, capped at {cap.value.value}",
                        labels=(Label(cap.value.span, "the cap"),),
                        help=f"raise the cap, or move `{fan.id.text}` to a tier without a cap",
                    )
                )
    return problems


def check_fan_values(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """No fan is worth less than zero under any setting of the options where its value
    applies (a fan adds to a score; a penalty is a payment)."""
    problems: list[Diagnostic] = []
    options = ir_options(decls)
    for fan in decls.fans.values():
        for stated in fan.values:
            value, guard = typed.get(stated.value), typed.get(stated.guard)
            if value is None:
                continue
            for setting in consteval.settings(options, consteval.options_read([value, guard])):
                try:
                    if not consteval.holds(guard, setting):
                        continue
                    worth = consteval.evaluate(value, setting)
                except consteval.NotConstant:  # a value the options cannot decide: not ours
                    break
                if isinstance(worth, int) and not isinstance(worth, bool) and worth < 0:
                    where = consteval.describe(setting, options)
                    problems.append(
                        error(
                            "E0410",
                            f"`{fan.id.text}` ({fan.name}) is worth {worth} under {where}",
                            stated.value.span,
                            label="a fan's value is zero or more",
                            help="a fan adds to the score: give it a value of zero or more, "
                            "and write a penalty in the payments section",
                        )
                    )
                    break
    return problems


def check_minimum_value(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """The scoring `minimum` is zero or more under every setting of the options it reads (a
    hand's value is never below zero, so a negative minimum is a mistake of sign)."""
    if decls.scoring is None or not decls.scoring.minimums:
        return []
    stated = decls.scoring.minimums[0]
    value = typed.get(stated.value)
    if value is None:
        return []
    options = ir_options(decls)
    for setting in consteval.settings(options, consteval.options_read([value])):
        try:
            least = consteval.evaluate(value, setting)
        except consteval.NotConstant:  # a value the options cannot decide: not ours
            return []
        if isinstance(least, int) and not isinstance(least, bool) and least < 0:
            where = consteval.describe(setting, options)
            return [
                error(
                    "E0412",
                    f"the minimum is {least} under {where}",
                    stated.value.span,
                    label="a minimum is zero or more",
                    help="a hand is worth zero or more: write the least value a winning hand "
                    "needs, such as `minimum 8`",
                )
            ]
    return []


# ------------------------------------------------------------------ the fu and points sections


def check_points(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """The fu and points sections (and the payments' `round up` and `honba`): a points
    section has one `base` (E0553); no amount is below zero (E0551) and no `round up` is by
    zero or less (E0550), under any setting of the options where the line applies."""
    problems: list[Diagnostic] = []
    points = decls.points
    if points is not None and len(points.bases) != 1:
        span = points.bases[1].span.head() if points.bases else points.span.head()
        problems.append(
            error(
                "E0553",
                f"the points section has {'two' if points.bases else 'no'} `base` lines"
                if len(points.bases) < 3
                else f"the points section has {len(points.bases)} `base` lines",
                span,
                label="a second `base`" if points.bases else "no `base` in it",
                help="write one `base`, the points before the limits: `base fu * 2 ** (total + 2)`",
            )
        )
    amounts: list[tuple[str, ast.Expr, ast.Expr | None]] = []
    if decls.fu is not None:
        for item in decls.fu.items:
            kind: str = "round up" if item.kind == "round" else item.kind
            amounts.append((kind, item.amount, item.guard))
    if points is not None:
        amounts += [("limit", limit.amount, limit.guard) for limit in points.limits]
    if decls.payments is not None:
        amounts += [("round up", line.value, line.guard) for line in decls.payments.rounds]
        amounts += [("honba", line.value, line.guard) for line in decls.payments.honbas]
    for kind, amount, guard in amounts:
        problem = _amount_problem(decls, typed, kind, amount, guard)
        if problem is not None:
            problems.append(problem)
    return problems


def _amount_problem(
    decls: Declarations, typed: Typed, kind: str, amount: ast.Expr, guard: ast.Expr | None
) -> Diagnostic | None:
    """E0550 for a `round up` by zero or less, E0551 for an amount below zero, under the
    first setting of the options where the line applies that makes it so."""
    value, when = typed.get(amount), typed.get(guard)
    if value is None:
        return None
    options = ir_options(decls)
    least = 1 if kind == "round up" else 0
    read = consteval.options_read([value, when])
    for setting in consteval.settings(options, read):
        try:
            if not consteval.holds(when, setting):
                continue
            found = consteval.evaluate(value, setting)
        except consteval.NotConstant:  # an amount the options cannot decide: not ours
            return None
        if not isinstance(found, int) or isinstance(found, bool) or found >= least:
            continue
        where = f" under {consteval.describe(setting, options)}" if read else ""
        if kind == "round up":
            return error(
                "E0550",
                f"`round up` by {found}{where}: a count is rounded up to a multiple of a "
                "number above zero",
                amount.span,
                label="rounds up to a multiple of this",
                help="round up to the multiple the document gives: `round up 10` (fu), "
                "`round up 100` (payments)",
            )
        return error(
            "E0551",
            f"the amount of {'an' if kind == 'add' else 'a'} `{kind}` line is {found}{where}: "
            + (
                "a 本場 is paid, never taken back"
                if kind == "honba"
                else "fu and points are zero or more"
            ),
            amount.span,
            label="below zero",
            help="write the amount the document gives; a penalty is a payment",
        )
    return None
