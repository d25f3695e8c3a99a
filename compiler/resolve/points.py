"""The fu (符) and points (点) sections in the resolver: their rows of the table of slots and the
names only they read.

The rows (`POINTS_SLOTS`, joined to `mjc.compiler.resolve.slots.SLOTS`): a fu item's amount,
`per`, `when` and `if`; the points section's `base`, and each limit's amount, `when` and `if`.
The fu section's items read what a fan's condition reads, the fans that count and `fu` (the count
so far), their amounts the options only; `base` reads `total`, `fu`, the options, the fans and
`tier_total(<tier>)`, and a limit's amount and `when` read `base` too. The type checker
(`mjc.compiler.resolve.typecheck`) calls `points_fact_problem` for `fu` or `base` read where
they are not known and `tier_total` for a tier's total."""

from __future__ import annotations

from collections.abc import Iterator

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.language.types import BOOL, INT
from mjc.compiler.resolve.contexts import CONTEXT_WORDS, Context
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.slotkinds import Exprs, Place, Slot, section_slot
from mjc.compiler.syntax import ast

__all__ = ["POINTS_SLOTS", "TIER_PREFIX", "points_fact_problem", "tier_total"]

TIER_PREFIX = "tier:"
"""`tier_total(yakuman)` is read as the fact `tier:yakuman`."""


def _fu_part(field: str, kinds: tuple[str, ...]) -> Exprs:
    def items(d: Declarations) -> Iterator[ast.Expr | None]:
        if d.fu is not None:
            for item in d.fu.items:
                if item.kind in kinds:
                    value = getattr(item, field)
                    assert value is None or isinstance(value, ast.Expr)
                    yield value

    return items


def _bases(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.points is not None:
        yield from (b.value for b in d.points.bases)


def _limit_part(field: str) -> Exprs:
    def items(d: Declarations) -> Iterator[ast.Expr | None]:
        if d.points is not None:
            for limit in d.points.limits:
                value = getattr(limit, field)
                assert value is None or isinstance(value, ast.Expr)
                yield value

    return items


def _place(node: type, field: str, ir_node: type, ir_field: str | None = None) -> Place:
    return Place(node, field, ir_node, ir_field or field)


_ITEMS = ("add", "fix", "round")

POINTS_SLOTS: tuple[Slot, ...] = (
    section_slot(
        "fu",
        "add / fix / round up amount",
        "guard",
        INT,
        _fu_part("amount", _ITEMS),
        _place(ast.FuItem, "amount", ir.FuItem),
    ),
    section_slot(
        "fu", "add per", "fu", INT, _fu_part("per", ("add",)), _place(ast.FuItem, "per", ir.FuItem)
    ),
    section_slot(
        "fu",
        "add / fix when",
        "fu",
        BOOL,
        _fu_part("condition", ("add", "fix")),
        _place(ast.FuItem, "condition", ir.FuItem),
    ),
    section_slot(
        "fu",
        "add / fix if",
        "guard",
        BOOL,
        _fu_part("guard", ("add", "fix")),
        _place(ast.FuItem, "guard", ir.FuItem),
    ),
    section_slot(
        "points",
        "base",
        "points",
        INT,
        _bases,
        Place(ast.PointsBase, "value", ir.PointsSection, "base"),
    ),
    section_slot(
        "points",
        "limit amount",
        "limit",
        INT,
        _limit_part("amount"),
        _place(ast.PointsLimit, "amount", ir.PointsLimit),
    ),
    section_slot(
        "points",
        "limit when",
        "limit",
        BOOL,
        _limit_part("condition"),
        _place(ast.PointsLimit, "condition", ir.PointsLimit),
    ),
    section_slot(
        "points",
        "limit if",
        "guard",
        BOOL,
        _limit_part("guard"),
        _place(ast.PointsLimit, "guard", ir.PointsLimit),
    ),
)


def points_fact_problem(name: str, span: Span, ctx: Context) -> Diagnostic:
    """E0204 for `fu` or `base` read where it is not known: `fu` outside the fu and points
    sections (or in points when the rulebook counts no fu), `base` outside a limit."""
    where = "the fu and points sections" if name == "fu" else "a points section's `limit`"
    help = f"`{name}` is read in {where}"
    if name == "fu" and ctx in ("points", "limit"):
        help = 'the rulebook has no fu section to count it: add one, `fu "符" { add 20 "副底" }`'
    return error(
        "E0204",
        f"{CONTEXT_WORDS[ctx]} cannot use `{name}`",
        span,
        label=f"`{name}` is not known here",
        help=help,
    )


def tier_total(
    call: ast.Call, ctx: Context, decls: Declarations
) -> tuple[ir.Expr | None, Diagnostic | None]:
    """`tier_total(yakuman)`: a tier's total on this reading (a points section's `base` and
    `limit`), read as the fact `tier:<id>`; E0204 elsewhere, E0202 for an argument that is
    not one tier id, E0107 for a tier the scoring section lacks."""
    if ctx not in ("points", "limit"):
        return None, error(
            "E0204",
            f"{CONTEXT_WORDS[ctx]} cannot use `tier_total`",
            call.func.span,
            label="a tier's total is known in the points section",
            help="read `tier_total(<tier>)` in a points section's `base` or `limit`",
        )
    arg = call.args[0] if len(call.args) == 1 else None
    if not isinstance(arg, ast.Name):
        return None, error(
            "E0202",
            "`tier_total` takes one tier id",
            call.span,
            label="not one tier id",
            help="write `tier_total(<tier>)` with a tier of the scoring section",
        )
    if arg.name not in decls.tiers:
        return None, error(
            "E0107",
            f"unknown tier `{arg.name}`",
            arg.span,
            label="no such tier",
            help=did_you_mean(arg.name, decls.tiers)
            or "the tiers are " + ", ".join(f"`{t}`" for t in decls.tiers),
        )
    return ir.FactE(type=INT, fact=TIER_PREFIX + arg.name), None
