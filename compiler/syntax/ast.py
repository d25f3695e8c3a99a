"""The rulebook's abstract syntax tree: what the designer wrote, with a source span on every node.

Built by `mjc.compiler.syntax.parse` from Lark's parse tree and read by the resolver and the checks.
Nodes are frozen; spans take no part in equality, so two trees that say the same thing compare equal
whatever their layout."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax.ast_common import (
    NO_SPAN as NO_SPAN,
    Arith as Arith,
    ArithOp as ArithOp,
    Attribute as Attribute,
    BoolLit as BoolLit,
    BoolOp as BoolOp,
    Call as Call,
    Compare as Compare,
    CompareOp as CompareOp,
    Expr as Expr,
    Ident as Ident,
    IntLit as IntLit,
    ListExpr as ListExpr,
    Name as Name,
    Neg as Neg,
    Not as Not,
    OptionRef as OptionRef,
    Provenance as Provenance,
    ProvenanceKind as ProvenanceKind,
    Quantifier as Quantifier,
    QuantifierKind as QuantifierKind,
    RangeExpr as RangeExpr,
    TileLit as TileLit,
)
from mjc.compiler.syntax.ast_points import (
    AdjustKind as AdjustKind,
    Adjustment as Adjustment,
    CombineMode as CombineMode,
    FuItem as FuItem,
    FuKind as FuKind,
    FuSection as FuSection,
    Limit as Limit,
    Minimum as Minimum,
    PointsBase as PointsBase,
    PointsLimit as PointsLimit,
    PointsSection as PointsSection,
    Prefer as Prefer,
    Reject as Reject,
    Scoring as Scoring,
    TierCap as TierCap,
    TierDecl as TierDecl,
    Unit as Unit,
)
from mjc.compiler.syntax.ast_settlement import (
    Declare as Declare,
    DeclareSection as DeclareSection,
    Exchange as Exchange,
    HorseKind as HorseKind,
    HorseRow as HorseRow,
    Horses as Horses,
    HorseTable as HorseTable,
    PayBonus as PayBonus,
    PayCap as PayCap,
    PayDealerBonus as PayDealerBonus,
    PayDraw as PayDraw,
    PayHonba as PayHonba,
    PayKong as PayKong,
    PayKongTransfer as PayKongTransfer,
    PayLossCap as PayLossCap,
    Payments as Payments,
    PayRelation as PayRelation,
    PayRelationLine as PayRelationLine,
    PayRound as PayRound,
    PayStake as PayStake,
    PayWin as PayWin,
    PayWord as PayWord,
)
from mjc.frozen import Frozen, frozen

# ---------------------------------------------------------------------------- declarations


@frozen
class Header(Frozen):
    id: Ident
    extends: Ident | None
    title: str | None
    english: str | None
    version: str | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Players(Frozen):
    counts: tuple[IntLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class TileGroup(Frozen):
    """`winds copies 4 if not option.no_winds`: a group of tiles, present when the guard holds."""

    name: Ident
    copies: IntLit
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class TileTotal(Frozen):
    total: IntLit
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class TileKeep(Frozen):
    """`keep 5z if option.ghost == white`: tiles kept even when their group is left out."""

    tiles: tuple[TileLit, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Tiles(Frozen):
    groups: tuple[TileGroup, ...]
    keeps: tuple[TileKeep, ...]
    totals: tuple[TileTotal, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class ShapeDecl(Frozen):
    """A win shape: a builtin one (`standard`, `seven_pairs`, `thirteen_orphans`) enabled when
    its options guard holds, or a `custom` one that wins whenever its condition holds."""

    id: Ident
    name: str | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    custom: Expr | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Shapes(Frozen):
    items: tuple[ShapeDecl, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class WildFixed(Frozen):
    """`fixed 5z if option.ghost == white`: these tiles are wild."""

    tiles: tuple[TileLit, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class WildIndicator(Frozen):
    """`indicator next` (the flipped tile's successor is wild) or `indicator self`."""

    kind: Ident
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class WildCycle(Frozen):
    """`cycle 1z 2z 3z 4z 7z 6z 5z`: successor order for indicators of these tiles."""

    tiles: tuple[TileLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class WildPermission(Frozen):
    """`allow discard, pong` / `forbid chow`: what a wild tile may do."""

    allow: bool
    actions: tuple[Ident, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class WildCopies(Frozen):
    """`copies 3 if option.wang == xiao`: how many wild tiles are live in a game (by default
    4, or 3 when the flipped tile itself is the wild and one copy lies face up)."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


WildItem = WildFixed | WildIndicator | WildCycle | WildPermission | WildCopies


@frozen
class Wilds(Frozen):
    items: tuple[WildItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class ClaimRule(Frozen):
    """`chow`, `pong`, `kong exposed, concealed, added`, `rob added`: a claim the game allows."""

    words: tuple[Ident, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Claims(Frozen):
    rules: tuple[ClaimRule, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PlayItem(Frozen):
    """`missed_pong on`, `deal 14, 13`, `reserved option.bonus_horses if …`: one line of
    the play section, its keyword and its values as written: a bare word is an `Ident`,
    anything else an expression (a number, or a count that reads an option)."""

    keyword: Ident
    values: tuple[Expr | Ident, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    # The value of a rule that takes a count of tiles (`reserved`), the one value typed.
    count: Expr | None = None


@frozen
class Play(Frozen):
    """The play section (行牌): turn flow, read into `TurnRules` by the generated module."""

    items: tuple[PlayItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class KongKind(Frozen):
    """`kind open "开杠" replacement 2 when ready unscored`: a kind of kong, its own condition
    (`whens`, read on the hand after the kong), how many replacement tiles it turns up (None:
    one) and whether the payments section's `kong_payment` lines pay it."""

    id: Ident
    label: str | None
    replacement: IntLit | None
    whens: tuple[Expr, ...]
    unscored: bool
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    # A clause stated twice (`replacement 2 replacement 3`, `unscored unscored`): the checks
    # refuse it.
    repeated: tuple[Span, ...] = ()


@frozen
class Kongs(Frozen):
    """The kongs section: the kinds of kong, in rulebook order (the first is what an action
    that names no kind means)."""

    kinds: tuple[KongKind, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class DealWin(Frozen):
    """`four_alike "大四喜" pays 2 when (any t in tiles: copies(t) == 4)`: a hand that wins
    as it is dealt (起手胡); every other seat pays the seat that shows it `pays` units."""

    id: Ident
    name: str | None
    pays: IntLit
    condition: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class DealWins(Frozen):
    """The deal_wins section: the hands that win at the deal, before the first discard."""

    items: tuple[DealWin, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Choice(Frozen):
    id: Ident
    label: str | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class ToggleType(Frozen):
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class ChoiceType(Frozen):
    choices: tuple[Choice, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class NumberType(Frozen):
    low: int
    high: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


OptionType = ToggleType | ChoiceType | NumberType


@frozen
class OptionDecl(Frozen):
    id: Ident
    label: str
    type: OptionType
    default: Ident | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class ConstraintDecl(Frozen):
    """`constraint "…" when option.a and option.b`: option settings the game refuses."""

    reason: str
    condition: Expr
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PresetDecl(Frozen):
    """`preset classic "经典" { cap = 32 ghost = white }`: named option choices."""

    id: Ident
    label: str
    settings: tuple[tuple[Ident, Ident], ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Presumption(Frozen):
    """`presumes not self_drawn because "…"`: what a situation presumes of the win it
    describes; `because` ("" when not written) says why, in the refusal's message."""

    condition: Expr
    because: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class SituationDecl(Frozen):
    """`situation huangfan "荒番"`: a flag of the win situation this rulebook adds (or, in
    the prelude, a builtin one), with what it presumes and the situations it excludes."""

    id: Ident
    label: str
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    presumes: tuple[Presumption, ...] = ()
    excludes: tuple[Ident, ...] = ()


RelationKind = Literal["excludes", "implies", "replaces"]


@frozen
class Relation(Frozen):
    kind: RelationKind
    target: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class SituationItem(Frozen):
    """One `with` item of an example: a flag (`self_drawn`) or a setting (`seat_wind=S`)."""

    name: Ident
    value: Ident | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Example(Frozen):
    """A hand the fan must score (`example`) or must not score (`counterexample`)."""

    hand: str
    positive: bool
    win: str | None
    situation: tuple[SituationItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class FanValue(Frozen):
    """`value 2`, `value option.base` or, under an option, `value 2 if option.small_hu`;
    with `open`, the value on an open hand (`open 1`: 食い下がり)."""

    value: Expr
    guard: Expr | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    open: bool = False


@frozen
class FanDecl(Frozen):
    id: Ident
    name: str
    english: str | None
    values: tuple[FanValue, ...]
    tiers: tuple[Ident, ...]
    whens: tuple[Expr, ...]
    pers: tuple[Expr, ...]
    relations: tuple[Relation, ...]
    examples: tuple[Example, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Override(Frozen):
    """`override fan …` / `override option …` in a rulebook that extends another: replace the
    parent's item of that id (items not written keep the parent's)."""

    item: FanDecl | OptionDecl
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Remove(Frozen):
    """`remove fan a, b` / `remove option x` in a rulebook that extends another."""

    kind: Literal["fan", "option"]
    names: tuple[Ident, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Extendable = (
    Players
    | Tiles
    | Shapes
    | Wilds
    | Claims
    | Play
    | Kongs
    | DealWins
    | DeclareSection
    | Horses
    | Payments
    | Scoring
    | FuSection
    | PointsSection
    | FanDecl
    | OptionDecl
)


@frozen
class Extend(Frozen):
    """`extend scoring { … }` in a rulebook that extends another: the parent's section with
    these lines added after its own (`mjc.compiler.resolve.extend`)."""

    section: Extendable
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Section = (
    Header
    | Players
    | Tiles
    | Shapes
    | Wilds
    | Claims
    | Play
    | Kongs
    | DealWins
    | DeclareSection
    | Horses
    | Payments
    | OptionDecl
    | SituationDecl
    | ConstraintDecl
    | PresetDecl
    | Scoring
    | FanDecl
    | FuSection
    | PointsSection
    | Override
    | Remove
    | Extend
)

SECTION_KEYWORDS: dict[type, str] = {
    Header: "rulebook",
    Players: "players",
    Tiles: "tiles",
    Shapes: "shapes",
    Wilds: "wilds",
    Claims: "claims",
    Play: "play",
    Kongs: "kongs",
    DealWins: "deal_wins",
    DeclareSection: "declarations",
    Horses: "horses",
    Payments: "payments",
    OptionDecl: "option",
    SituationDecl: "situation",
    ConstraintDecl: "constraint",
    PresetDecl: "preset",
    Scoring: "scoring",
    FanDecl: "fan",
    FuSection: "fu",
    PointsSection: "points",
    Override: "override",
    Remove: "remove",
    Extend: "extend",
}
"""The keyword that starts each kind of section (`extend` is followed by one)."""


@frozen
class Unparsed(Frozen):
    """A piece of the text that did not parse (its syntax error is reported on its own): the
    section keywords its lines start with, the ids it seems to declare and whether it is a
    header that seems to name a parent, so that later passes do not report a use of one of
    those ids (or of any, the parent unknown) unknown."""

    keywords: tuple[str, ...]
    names: tuple[str, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    names_parent: bool = False


@frozen
class Rulebook(Frozen):
    """A whole rulebook file: its sections in the order written (and, when the text has syntax
    errors, the pieces that did not parse, which hold no section)."""

    file: str
    sections: tuple[Section, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    unparsed: tuple[Unparsed, ...] = ()
