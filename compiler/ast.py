"""The rulebook's abstract syntax tree: what the designer wrote, with a source span on every node.

Built by `mjc.compiler.parse` from Lark's parse tree and read by the resolver and the checks. Nodes
are frozen; spans take no part in equality, so two trees that say the same thing compare equal
whatever their layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mjc.compiler.diagnostics import Span

NO_SPAN = Span("<none>", 1, 1, 1, 1)


@dataclass(frozen=True, slots=True)
class Ident:
    """A name as written, where it was written."""

    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


# ---------------------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileLit:
    """A tile in mpsz notation, such as `5z` (白)."""

    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Name:
    """A bare name: a builtin fact, a quantifier variable, a fan, a shape or a suit."""

    name: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class OptionRef:
    """`option.cap`: the value the current game chose for an option."""

    option: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Attribute:
    obj: Expr
    attr: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Call:
    func: Ident
    args: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ListExpr:
    items: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class RangeExpr:
    """`2..8`: the whole numbers from 2 to 8, both included."""

    low: int
    high: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: Literal["and", "or"]
    operands: tuple[Expr, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


CompareOp = Literal["==", "!=", "<", "<=", ">", ">=", "in"]


@dataclass(frozen=True, slots=True)
class Compare:
    left: Expr
    op: CompareOp
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


ArithOp = Literal["+", "-", "*"]


@dataclass(frozen=True, slots=True)
class Arith:
    left: Expr
    op: ArithOp
    right: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


QuantifierKind = Literal["all", "any", "none", "count"]


@dataclass(frozen=True, slots=True)
class Quantifier:
    """`all m in melds: m.is_pung`, and likewise any, none and count."""

    kind: QuantifierKind
    var: Ident
    domain: Expr
    body: Expr
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Expr = (
    IntLit
    | BoolLit
    | TileLit
    | Name
    | OptionRef
    | Attribute
    | Call
    | ListExpr
    | RangeExpr
    | Not
    | Neg
    | BoolOp
    | Compare
    | Arith
    | Quantifier
)


# ---------------------------------------------------------------------------- declarations

ProvenanceKind = Literal["source", "reference", "convention", "note"]


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a rule comes from: the source document's clause, an outside reference, a
    convention chosen where the source is silent (with its reason), or a plain note."""

    kind: ProvenanceKind
    text: str
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Header:
    id: Ident
    extends: Ident | None
    title: str | None
    english: str | None
    version: str | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Players:
    counts: tuple[IntLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileGroup:
    """`winds copies 4 if not option.no_winds`: a group of tiles, present when the guard holds."""

    name: Ident
    copies: IntLit
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileTotal:
    total: IntLit
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TileKeep:
    """`keep 5z if option.ghost == white`: tiles kept even when their group is left out."""

    tiles: tuple[TileLit, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Tiles:
    groups: tuple[TileGroup, ...]
    keeps: tuple[TileKeep, ...]
    totals: tuple[TileTotal, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ShapeDecl:
    """A win shape: a builtin one (`standard`, `seven_pairs`, `thirteen_orphans`) enabled when
    its options guard holds, or a `custom` one that wins whenever its condition holds."""

    id: Ident
    name: str | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    custom: Expr | None = None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Shapes:
    items: tuple[ShapeDecl, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class WildFixed:
    """`fixed 5z if option.ghost == white`: these tiles are wild."""

    tiles: tuple[TileLit, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class WildIndicator:
    """`indicator next` (the flipped tile's successor is wild) or `indicator self`."""

    kind: Ident
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class WildCycle:
    """`cycle 1z 2z 3z 4z 7z 6z 5z`: successor order for indicators of these tiles."""

    tiles: tuple[TileLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class WildPermission:
    """`allow discard, pong` / `forbid chow`: what a wild tile may do."""

    allow: bool
    actions: tuple[Ident, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class WildCopies:
    """`copies 3 if option.wang == xiao`: how many wild tiles are live in a game (by default
    4, or 3 when the flipped tile itself is the wild and one copy lies face up)."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


WildItem = WildFixed | WildIndicator | WildCycle | WildPermission | WildCopies


@dataclass(frozen=True, slots=True)
class Wilds:
    items: tuple[WildItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ClaimRule:
    """`chow`, `pong`, `kong exposed, concealed, added`, `rob added`: a claim the game allows."""

    words: tuple[Ident, ...]
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Claims:
    rules: tuple[ClaimRule, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class HorseRow:
    """`dealer ranks 1, 5, 9 tiles 7z, 1z`: the tiles that point at one seat of a horse table
    (`ranks` in every suit, `tiles` one by one); the seat `nobody` lists tiles that hit no one."""

    seat: Ident
    ranks: tuple[IntLit, ...]
    tiles: tuple[TileLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class HorseTable:
    """`table 4 { … }`: which seat each tile points at in a game of that many players."""

    players: IntLit
    rows: tuple[HorseRow, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class HorseKind:
    """`bought 1 per player if option.buy == one`, `grabbed option.n when self_drawn if …`: a
    kind of horse the game draws, how many (an options-only number), when the round allows it
    and under which options."""

    kind: Ident
    count: Expr
    per: Ident | None
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Horses:
    tables: tuple[HorseTable, ...]
    kinds: tuple[HorseKind, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayStake:
    """`stake 2 if option.double`: what one point of a hand's value is paid as."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayWin:
    """`win discarder pays when not self_drawn`, `win robbed pays for all when robbing_kong`:
    who pays a winner one share (the hand's value), or every loser's share (`for all`)."""

    payer: Ident
    for_all: bool
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayKong:
    """`kong concealed each pays 2 when won`: what a kong of one kind earns the konger."""

    kind: Ident
    payer: Ident
    amount: Expr
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayWord:
    """`several_winners separately`: how several winners of one discard are paid."""

    word: Ident
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayCap:
    """`cap 16 if option.cap == 16`: the most one seat wins from hands in a round; also
    `dealer_factor 2`: what the dealer wins or pays on a hand is multiplied by it."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    dealer: bool = False
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayLossCap:
    """`loss_cap hand_ceiling`: the most one payer pays one winner for a hand, all his
    shares together (勒子); the value may read `hand_ceiling`, the hand's scoring ceiling."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayBonus:
    """`horse_payment bought 1 when won`, `follow_payment 1 when players >= 3`,
    `streak_payment 1`: what a horse hit (`item` "horse", of kind `kind`), a 跟庄 round
    ("follow") or a 连庄 count ("streak") is worth; `condition` reads how the round ended."""

    item: str
    kind: Ident | None
    amount: Expr
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PayRelation:
    """`claim_relation 3`: two players are related (承包, 三包) once one has claimed from the
    other `count` or more times, either direction; the first line whose guard holds is used."""

    count: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    word: Ident | None = None


@dataclass(frozen=True, slots=True)
class PayRelationLine:
    """`relation_payment partner pays 5 when self_drawn`: for a winner in a relation, what
    one payer pays, in shares; `others` is the word after `for` (`for others`: his own share
    and `amount` times every other loser's share)."""

    payer: Ident
    amount: Expr
    others: Ident | None
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Payments:
    unit: str | None
    unit_provenance: tuple[Provenance, ...]
    stakes: tuple[PayStake, ...]
    wins: tuple[PayWin, ...]
    kongs: tuple[PayKong, ...]
    words: tuple[PayWord, ...]
    caps: tuple[PayCap, ...]
    dealer_factors: tuple[PayCap, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    bonuses: tuple[PayBonus, ...] = ()
    relations: tuple[PayRelation, ...] = ()
    relation_lines: tuple[PayRelationLine, ...] = ()
    loss_caps: tuple[PayLossCap, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    id: Ident
    label: str | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ToggleType:
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ChoiceType:
    choices: tuple[Choice, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class NumberType:
    low: int
    high: int
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


OptionType = ToggleType | ChoiceType | NumberType


@dataclass(frozen=True, slots=True)
class OptionDecl:
    id: Ident
    label: str
    type: OptionType
    default: Ident | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class ConstraintDecl:
    """`constraint "…" when option.a and option.b`: option settings the game refuses."""

    reason: str
    condition: Expr
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PresetDecl:
    """`preset classic "经典" { cap = 32 ghost = white }`: named option choices."""

    id: Ident
    label: str
    settings: tuple[tuple[Ident, Ident], ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SituationDecl:
    """`situation huangfan "荒番"`: a flag of the win situation this rulebook adds."""

    id: Ident
    label: str
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Unit:
    text: str
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


CombineMode = Literal["add", "max", "multiply"]


@dataclass(frozen=True, slots=True)
class TierCap:
    value: IntLit
    guard: Expr | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TierDecl:
    id: Ident
    name: str
    combine: CombineMode
    caps: tuple[TierCap, ...]
    overrides: tuple[Ident, ...]
    alt_combines: tuple[tuple[CombineMode, Expr], ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


AdjustKind = Literal["floor", "multiply", "ceiling", "fix"]


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A change to the hand's value after the tiers, applied in the order floor, multiply,
    ceiling, fix: `floor 4 when kong_bloom`, `multiply 2 when concealed`, `ceiling 16 when
    option.cap == 16` (a ceiling without `when` always applies), `fix 1 when not self_drawn`."""

    kind: AdjustKind
    value: Expr
    condition: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Reject:
    """`reject "只可自摸" when option.self_draw_only and not self_drawn`: not a win after all."""

    reason: str
    condition: Expr
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Scoring:
    units: tuple[Unit, ...]
    tiers: tuple[TierDecl, ...]
    adjustments: tuple[Adjustment, ...]
    rejects: tuple[Reject, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


RelationKind = Literal["excludes", "implies", "replaces"]


@dataclass(frozen=True, slots=True)
class Relation:
    kind: RelationKind
    target: Ident
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SituationItem:
    """One `with` item of an example: a flag (`self_drawn`) or a setting (`seat_wind=S`)."""

    name: Ident
    value: Ident | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Example:
    """A hand the fan must score (`example`) or must not score (`counterexample`)."""

    hand: str
    positive: bool
    win: str | None
    situation: tuple[SituationItem, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class FanValue:
    """`value 2`, `value option.base` or, under an option, `value 2 if option.small_hu`."""

    value: Expr
    guard: Expr | None
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class FanDecl:
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


@dataclass(frozen=True, slots=True)
class Override:
    """`override fan …` / `override option …` in a rulebook that extends another: replace the
    parent's item of that id (items not written keep the parent's)."""

    item: FanDecl | OptionDecl
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Remove:
    """`remove fan a, b` / `remove option x` in a rulebook that extends another."""

    kind: Literal["fan", "option"]
    names: tuple[Ident, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


Section = (
    Header
    | Players
    | Tiles
    | Shapes
    | Wilds
    | Claims
    | Horses
    | Payments
    | OptionDecl
    | SituationDecl
    | ConstraintDecl
    | PresetDecl
    | Scoring
    | FanDecl
    | Override
    | Remove
)


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A whole rulebook file: its sections in the order written."""

    file: str
    sections: tuple[Section, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
