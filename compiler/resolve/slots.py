"""Every place a rulebook holds an expression, declared once: its section, its clause, what it
may read (the type checker's context), the type it must have, and where it sits in the AST
and in the IR.

Input is the `Declarations` table (`mjc.compiler.resolve.declarations`): each slot finds its
expressions there. The typing pass of the driver (`mjc.compiler.driver`) types every slot's
expressions in its context; the lowering (`mjc.compiler.lower.rulebook`) checks through the same
table that every expression typed, and lowers the expressions of each declaration with
`mjc.compiler.lower.sources.lowered`;
the emitters of a generated module (`mjc.compiler.emit.emitbase`, `codeplan` and the `emit_*`
modules) find the expressions of each IR declaration through a `SlotReader`
(`mjc.compiler.emit.slotreader`), by what the code does with them (an options guard, a condition, a
number); the language reference (`mjc.compiler.docs.refdocs`) lists the slots as a table. Adding a
clause that holds an expression means adding its row here (with its `Place`), and every one of them
sees it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace

from mjc.compiler import ir
from mjc.compiler.language.types import BOOL, INT, Type
from mjc.compiler.language.vocabulary_play import PLAY_WORDS
from mjc.compiler.resolve.contexts import Context
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.points import POINTS_SLOTS
from mjc.compiler.resolve.slotkinds import (
    Exprs as Exprs,
    Found as Found,
    Place as Place,
    Role as Role,
    Slot as Slot,
    section_slot,
)
from mjc.compiler.syntax import ast


def _fan(
    clause: str,
    context: Context,
    type_: Type,
    part: Callable[[ast.FanDecl], Iterator[ast.Expr | None]],
    place: Place,
    where: str | None = None,
    fan_refs: bool = False,
) -> Slot:
    """A slot of every fan: its expressions are owned by the fan (by id)."""

    def find(decls: Declarations) -> Found:
        for fan_id, fan in decls.fans.items():
            for expr in part(fan):
                yield fan_id, expr

    return Slot("fan", clause, context, type_, find, (place,), where, fan_refs)


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


def _play_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.play is not None:
        yield from (item.guard for item in d.play.items)


def _play_counts(d: Declarations) -> Iterator[ast.Expr | None]:
    """The count of each line whose rule takes one (`reserved`); the values of the other
    rules are words and numbers, checked by `checks.play`."""
    if d.play is not None:
        for item in d.play.items:
            word = PLAY_WORDS.get(item.keyword.text)
            if word is not None and word.kind == "count":
                yield item.count


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


def _limit_counts(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        yield from (limit.count for limit in d.scoring.limits)


def _limit_conditions(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        yield from (limit.condition for limit in d.scoring.limits)


def _minimum_values(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.scoring is not None:
        yield from (m.value for m in d.scoring.minimums)


def _constraints(d: Declarations) -> Iterator[ast.Expr | None]:
    return (c.condition for c in d.constraints)


def _presumptions(d: Declarations) -> Iterator[ast.Expr | None]:
    """What each situation presumes: the prelude's builtin situations, then the rulebook's."""
    for situation in (*d.prelude.values(), *d.situations.values()):
        yield from (p.condition for p in situation.presumes)


def _kong_conditions(d: Declarations) -> Iterator[ast.Expr | None]:
    if d.kongs is not None:
        yield from (w for k in d.kongs.kinds for w in k.whens)


def _deal_wins(part: Callable[[ast.DealWin], ast.Expr | None]) -> Exprs:
    def items(d: Declarations) -> Iterator[ast.Expr | None]:
        yield from (part(w) for w in d.deal_wins.values())

    return items


def _declaration_guards(d: Declarations) -> Iterator[ast.Expr | None]:
    yield from (item.guard for item in d.declares.values())
    yield from (item.guard for item in d.exchanges.values())


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


# The payments section's lines: clause, its lines, the field of its value (if any), the
# context of its `when` (if it has one), the classes of a line in the AST and in the IR.
_PAYMENT_LINES: tuple[
    tuple[
        str, Callable[[ast.Payments], tuple[object, ...]], str | None, Context | None, type, type
    ],
    ...,
] = (
    ("stake", lambda s: s.stakes, "value", None, ast.PayStake, ir.Stake),
    ("win", lambda s: s.wins, None, "payment", ast.PayWin, ir.WinPayment),
    ("kong_payment", lambda s: s.kongs, "amount", "round", ast.PayKong, ir.KongPayment),
    (
        "horse_payment / follow_payment / streak_payment",
        lambda s: s.bonuses,
        "amount",
        "round",
        ast.PayBonus,
        ir.BonusPayment,
    ),
    ("claim_relation", lambda s: s.relations, "count", None, ast.PayRelation, ir.Stake),
    (
        "relation_payment",
        lambda s: s.relation_lines,
        "amount",
        "relation",
        ast.PayRelationLine,
        ir.RelationPayment,
    ),
    ("cap", lambda s: s.caps, "value", None, ast.PayCap, ir.Stake),
    ("dealer_factor", lambda s: s.dealer_factors, "value", None, ast.PayCap, ir.Stake),
    ("dealer_bonus", lambda s: s.dealer_bonuses, "value", None, ast.PayDealerBonus, ir.Stake),
    ("loss_cap", lambda s: s.loss_caps, "value", None, ast.PayLossCap, ir.Stake),
    ("round up", lambda s: s.rounds, "value", None, ast.PayRound, ir.Stake),
    ("honba", lambda s: s.honbas, "value", None, ast.PayHonba, ir.Stake),
    (
        "kong_transfer",
        lambda s: s.transfers,
        None,
        "payment",
        ast.PayKongTransfer,
        ir.KongTransfer,
    ),
    (
        "draw_payment / draw_refund",
        lambda s: s.draws,
        "amount",
        "draw",
        ast.PayDraw,
        ir.DrawPayment,
    ),
)


def _payment_slots() -> Iterator[Slot]:
    """Each kind of payments line: its value, its `when` and its `if`."""
    for clause, lines, value, when, node, ir_node in _PAYMENT_LINES:
        if value is not None:
            context: Context = (
                "loss"
                if clause == "loss_cap"
                else "amount"
                if clause in ("stake", "dealer_bonus")
                else "guard"
            )
            ir_value = "value" if ir_node is ir.Stake else value  # a claim_relation's count
            place = Place(node, value, ir_node, ir_value)
            yield section_slot(
                "payments", f"{clause} value", context, INT, _pay(lines, value), place
            )
        if when is not None:
            place = Place(node, "condition", ir_node, "condition")
            yield section_slot(
                "payments", f"{clause} when", when, BOOL, _pay(lines, "condition"), place
            )
        place = Place(node, "guard", ir_node, "guard")
        yield section_slot("payments", f"{clause} if", "guard", BOOL, _pay(lines, "guard"), place)


ADJUSTMENTS = "floor / multiply / ceiling / fix"


def _guard(node: type, ir_node: type) -> Place:
    return Place(node, "guard", ir_node, "guard")


SLOTS: tuple[Slot, ...] = (
    _fan(
        "when",
        "fan",
        BOOL,
        lambda f: iter(f.whens),
        Place(ast.FanDecl, "whens", ir.Fan, "condition"),
        fan_refs=True,
    ),
    _fan(
        "per",
        "fan",
        INT,
        lambda f: iter(f.pers),
        Place(ast.FanDecl, "pers", ir.Fan, "per"),
        "a fan's `per`",
        fan_refs=True,
    ),
    _fan(
        "value",
        "guard",
        INT,
        lambda f: (v.value for v in f.values if not v.open),
        Place(ast.FanValue, "value", ir.Fan, "values", pair=0),
    ),
    _fan(
        "value if",
        "guard",
        BOOL,
        lambda f: (v.guard for v in f.values if not v.open),
        Place(ast.FanValue, "guard", ir.Fan, "values", pair=1),
    ),
    _fan(
        "open",
        "guard",
        INT,
        lambda f: (v.value for v in f.values if v.open),
        Place(ast.FanValue, "value", ir.Fan, "open_values", pair=0),
    ),
    _fan(
        "open if",
        "guard",
        BOOL,
        lambda f: (v.guard for v in f.values if v.open),
        Place(ast.FanValue, "guard", ir.Fan, "open_values", pair=1),
    ),
    section_slot(
        "tiles",
        "if (of a group, a keep)",
        "guard",
        BOOL,
        _tile_guards,
        _guard(ast.TileGroup, ir.TileGroup),
        _guard(ast.TileKeep, ir.TileKeep),
    ),
    section_slot("shapes", "if", "guard", BOOL, _shape_guards, _guard(ast.ShapeDecl, ir.Shape)),
    section_slot(
        "shapes",
        "custom when",
        "shape",
        BOOL,
        _shape_customs,
        Place(ast.ShapeDecl, "custom", ir.Shape, "custom"),
    ),
    section_slot(
        "wilds",
        "if",
        "guard",
        BOOL,
        _wild_guards,
        _guard(ast.WildFixed, ir.WildMode),
        _guard(ast.WildIndicator, ir.WildMode),
        _guard(ast.WildPermission, ir.WildPermission),
        Place(ast.WildCopies, "guard", ir.Wilds, "copies", pair=1),
    ),
    section_slot(
        "wilds",
        "copies",
        "guard",
        INT,
        _wild_copies,
        Place(ast.WildCopies, "value", ir.Wilds, "copies", pair=0),
    ),
    section_slot("claims", "if", "guard", BOOL, _claim_guards, _guard(ast.ClaimRule, ir.ClaimRule)),
    section_slot("play", "if", "guard", BOOL, _play_guards, _guard(ast.PlayItem, ir.PlayRule)),
    replace(
        section_slot(
            "play",
            "reserved",
            "guard",
            None,
            _play_counts,
            Place(ast.PlayItem, "count", ir.PlayRule, "count"),
        ),
        where="a reserved count",
    ),
    section_slot(
        "scoring",
        "tier cap if, tier combine if",
        "guard",
        BOOL,
        _tier_guards,
        Place(ast.TierCap, "guard", ir.Tier, "caps", pair=1),
        Place(ast.TierDecl, "alt_combines", ir.Tier, "alternatives", pair=1),
    ),
    section_slot(
        "scoring",
        f"{ADJUSTMENTS} value",
        "floor",
        INT,
        _adjustment_values,
        Place(ast.Adjustment, "value", ir.Adjustment, "value"),
    ),
    section_slot(
        "scoring",
        f"{ADJUSTMENTS} when",
        "floor",
        BOOL,
        _adjustment_conditions,
        Place(ast.Adjustment, "condition", ir.Adjustment, "condition"),
    ),
    section_slot(
        "scoring",
        "reject when",
        "reject",
        BOOL,
        _reject_conditions,
        Place(ast.Reject, "condition", ir.Reject, "condition"),
    ),
    replace(
        section_slot(
            "scoring",
            "limit to",
            "fan",
            INT,
            _limit_counts,
            Place(ast.Limit, "count", ir.Limit, "count"),
        ),
        where="a `limit` count",
    ),
    replace(
        section_slot(
            "scoring",
            "limit when",
            "fan",
            BOOL,
            _limit_conditions,
            Place(ast.Limit, "condition", ir.Limit, "condition"),
        ),
        where="a `limit` condition",
    ),
    replace(
        section_slot(
            "scoring",
            "minimum",
            "guard",
            INT,
            _minimum_values,
            Place(ast.Minimum, "value", ir.Minimum, "value"),
        ),
        where="a `minimum`",
    ),
    section_slot(
        "constraint",
        "condition",
        "constraint",
        BOOL,
        _constraints,
        Place(ast.ConstraintDecl, "condition", ir.Constraint, "condition"),
    ),
    section_slot(
        "situation",
        "presumes",
        "presumption",
        BOOL,
        _presumptions,
        Place(ast.Presumption, "condition", ir.Presumption, "condition"),
    ),
    section_slot(
        "kongs",
        "kind when",
        "kong",
        BOOL,
        _kong_conditions,
        Place(ast.KongKind, "whens", ir.KongKind, "condition"),
    ),
    section_slot(
        "deal_wins",
        "when",
        "deal",
        BOOL,
        _deal_wins(lambda w: w.condition),
        Place(ast.DealWin, "condition", ir.DealWin, "condition"),
    ),
    section_slot(
        "deal_wins",
        "if",
        "guard",
        BOOL,
        _deal_wins(lambda w: w.guard),
        _guard(ast.DealWin, ir.DealWin),
    ),
    section_slot(
        "declarations",
        "if",
        "guard",
        BOOL,
        _declaration_guards,
        _guard(ast.Declare, ir.Declare),
        _guard(ast.Exchange, ir.Exchange),
    ),
    section_slot(
        "horses",
        "count",
        "guard",
        None,
        _horses(lambda k: k.count),
        Place(ast.HorseKind, "count", ir.HorseKind, "count"),
    ),
    section_slot(
        "horses",
        "when",
        "horse",
        BOOL,
        _horses(lambda k: k.condition),
        Place(ast.HorseKind, "condition", ir.HorseKind, "condition"),
    ),
    section_slot(
        "horses",
        "if",
        "guard",
        BOOL,
        _horses(lambda k: k.guard),
        _guard(ast.HorseKind, ir.HorseKind),
    ),
    *_payment_slots(),
    *POINTS_SLOTS,
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
