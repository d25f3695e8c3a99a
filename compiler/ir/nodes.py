"""The checked rulebook as frozen dataclasses: the one input of codegen and docgen.

Built by `mjc.compiler.lower.rulebook` from an AST that passed every check. Everything here is
resolved and typed: names point at what they mean, tiles are small ints, options carry their
choices. The whole model serialises to JSON (`mjc dump-ir`) and publishes a JSON Schema
(`mjc.compiler.ir.jsonio`)."""

from __future__ import annotations

from typing import Literal

from mjc.compiler.ir.expr import (
    SWAPPED as SWAPPED,
    ArithE as ArithE,
    AttrE as AttrE,
    BoolE as BoolE,
    BoolOpE as BoolOpE,
    CallE as CallE,
    ChoiceE as ChoiceE,
    CompareE as CompareE,
    Expr as Expr,
    FactE as FactE,
    FanRefE as FanRefE,
    IntE as IntE,
    ListE as ListE,
    Model as Model,
    NegE as NegE,
    NotE as NotE,
    OptionE as OptionE,
    Provenance as Provenance,
    QuantE as QuantE,
    RangeE as RangeE,
    ShapeE as ShapeE,
    SourceRef as SourceRef,
    SuitE as SuitE,
    TileE as TileE,
    VarE as VarE,
    conjuncts as conjuncts,
    field_names as field_names,
    is_node as is_node,
    subnodes as subnodes,
)
from mjc.compiler.ir.model import node
from mjc.compiler.ir.points import (
    FuItem as FuItem,
    FuSection,
    PointsLimit as PointsLimit,
    PointsSection,
)
from mjc.compiler.ir.settlement import (
    BonusPayment as BonusPayment,
    DrawPayment as DrawPayment,
    HorseKind as HorseKind,
    HorseRow as HorseRow,
    Horses as Horses,
    HorseTable as HorseTable,
    KongPayment as KongPayment,
    KongTransfer as KongTransfer,
    Payments as Payments,
    PaymentSetting as PaymentSetting,
    RelationPayment as RelationPayment,
    Stake as Stake,
    WinPayment as WinPayment,
)

IR_VERSION = 1


# ---------------------------------------------------------------------------- the rulebook


@node
class TileGroup(Model):
    """A group of tiles in play whenever `guard` (an options-only condition) holds."""

    name: str
    tiles: tuple[int, ...]
    copies: int
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()


@node
class TileKeep(Model):
    """Tiles kept in play (4 copies) even when their group is left out, under `guard`."""

    tiles: tuple[int, ...]
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()


@node
class TileSet(Model):
    """The tiles in play; `total` is the count under the default options."""

    groups: tuple[TileGroup, ...]
    keeps: tuple[TileKeep, ...] = ()
    total: int


@node
class Shape(Model):
    """A win shape: `standard` (melds and a pair), `seven_pairs`, `thirteen_orphans`, or a
    custom one that wins whenever `custom` (a condition on the whole hand) holds; `guard`,
    when present, is an options-only condition that enables it."""

    id: str
    name: str | None
    guard: Expr | None
    custom: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class WildMode(Model):
    """How the wild tiles are chosen when `guard` holds: `fixed` tiles, the successor of the
    flipped indicator (`next`), or the indicator's own kind (`self`). The first mode whose
    guard holds applies; when none does, the game has no wilds."""

    kind: Literal["fixed", "next", "self"]
    tiles: tuple[int, ...] = ()
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()


@node
class WildPermission(Model):
    action: str
    allow: bool
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()


@node
class Wilds(Model):
    """`successor[t]` is the tile that is wild when `t` is flipped as the indicator; `copies`
    says how many wild tiles are live, the first (value, guard) that holds, else 4 — or 3
    for an `indicator self` mode, whose flipped copy lies face up."""

    modes: tuple[WildMode, ...] = ()
    copies: tuple[tuple[Expr, Expr | None], ...] = ()
    successor: tuple[int, ...] = ()
    permissions: tuple[WildPermission, ...] = ()
    provenance: tuple[Provenance, ...] = ()


@node
class ClaimRule(Model):
    verb: Literal["chow", "pong", "kong", "rob"]
    kinds: tuple[str, ...] = ()
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()


# One setting of a `TurnRules` field: its name and value (a number, a word, on/off, a list).
PlayValue = bool | int | str | tuple[str, ...]


@node
class PlayRule(Model):
    """One line of the play section (行牌): `key` as written, its `words` (values as the
    rulebook wrote them, for the docs), and what it sets: `settings` of `TurnRules` fields,
    or for a count (`reserved`) the typed `count` (a number, or a choice option whose chosen
    id is a number) — whenever `guard` holds. A later rule whose guard holds overrides."""

    key: str
    part: Literal["wall", "dealer", "match", "claims", "restrictions", "ready", "abortive"]
    words: tuple[str, ...] = ()
    settings: tuple[tuple[str, PlayValue], ...] = ()
    count: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Play(Model):
    """The play section: turn flow, in rulebook order (empty: `TurnRules()`'s conventions)."""

    rules: tuple[PlayRule, ...] = ()


@node
class KongKind(Model):
    """A kind of kong (`kongs` section: 开杠, 补张): it may be declared when `condition` holds
    (read on the hand after the kong: `ready` and the hand whole; None: always), turns up
    `replacement` tiles from the replacement end, and earns `kong_payment`s when `scored`.
    Without the section a rulebook has one kind: `KongKind(id="kong", replacement=1)`."""

    id: str
    label: str | None = None
    replacement: int = 1
    scored: bool = True
    condition: Expr | None = None
    text: str = ""  # the condition as written, for docs
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class DealWin(Model):
    """A hand that wins as it is dealt (起手胡): before the first discard, a seat whose dealt
    hand meets `condition` (the hand whole, the seat and the options) may show it, and every
    other seat pays it `pays` units at once; play goes on. `guard`, when present, is an
    options-only condition that enables the line."""

    id: str
    name: str | None
    pays: int
    condition: Expr
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Declare(Model):
    """A declaration each seat makes before the first discard (四川 定缺): one word of the
    list `choices` names (`suit`: the words m, p, s), kept for the round. Conditions read the
    winner's choice as the fact `declare:<id>`; with `discard_first`, tiles of the chosen suit
    must be discarded before any other; with `no_claims`, no tile of it is ponged or konged."""

    id: str
    name: str | None
    choices: str
    words: tuple[str, ...]
    discard_first: bool = False
    no_claims: bool = False
    guard: Expr | None = None  # `if`: an options-only condition that enables the line
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Exchange(Model):
    """An exchange of tiles before play (四川 换三张): after the wins at the deal and before
    the declarations, each seat picks `count` of its tiles (`same_suit`: all of one suit) and
    passes them to the seat `direction` names: `next` or `previous` in turn order, `opposite`,
    or `dice` (two dice rolled from the round's seed; docs/language.md gives the convention).
    `guard`, when present, is an options-only condition that enables the line."""

    id: str
    name: str | None
    count: int
    same_suit: bool = False
    direction: str = "dice"
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Choice(Model):
    id: str
    label: str | None
    provenance: tuple[Provenance, ...] = ()


@node
class Option(Model):
    id: str
    label: str
    kind: Literal["toggle", "choice", "number"]
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    default: str
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Constraint(Model):
    """Option settings the game refuses (`condition` reads options and `players`)."""

    reason: str
    condition: Expr
    provenance: tuple[Provenance, ...] = ()


@node
class Preset(Model):
    id: str
    label: str
    settings: tuple[tuple[str, str], ...]
    provenance: tuple[Provenance, ...] = ()


@node
class Presumption(Model):
    """What a situation presumes of the win it describes: `condition`, over the situation's
    facts and the hand whole; `text`, the condition as the rulebook wrote it (for messages
    and docs); `because`, why ("" when the rulebook says nothing)."""

    condition: Expr
    text: str
    because: str = ""


@node
class SituationFlag(Model):
    """A flag of the win situation: one this rulebook adds to the builtin ones, or (with
    `builtin`) one of the prelude's. `presumes` and `excludes` say when it cannot hold: a
    win that names it is impossible when a presumption is false or an excluded situation
    holds too."""

    id: str
    label: str
    provenance: tuple[Provenance, ...] = ()
    presumes: tuple[Presumption, ...] = ()
    excludes: tuple[str, ...] = ()
    builtin: bool = False


@node
class Tier(Model):
    """A group of fans combined together: `add` sums them, `max` keeps the best one,
    `multiply` multiplies them; `cap` limits the tier's total; a tier that `overrides`
    others makes their fans not count whenever one of its own fans counts."""

    id: str
    name: str
    combine: Literal["add", "max", "multiply"]
    caps: tuple[tuple[int, Expr | None], ...] = ()
    overrides: tuple[str, ...] = ()
    # Another way of combining under an options guard (潮州 大胡相乘: multiply, not add).
    alternatives: tuple[tuple[Literal["add", "max", "multiply"], Expr], ...] = ()
    provenance: tuple[Provenance, ...] = ()


@node
class Adjustment(Model):
    """A change to the hand's value after the tiers, applied kind by kind in this order:
    every `floor` that holds raises the value to at least `value`; every `multiply` that holds
    multiplies it; the first `ceiling` that holds (one without a condition always does)
    limits it; the first `fix` that holds replaces it."""

    kind: Literal["floor", "multiply", "ceiling", "fix"]
    value: Expr
    condition: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Reject(Model):
    """After scoring, the hand is not a win when `condition` holds (`reason` says why)."""

    reason: str
    condition: Expr
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Limit(Model):
    """`limit F, G to N when C`: after the relations, the fans `fans` together count at
    most `count` times when `condition` holds (None: always), cut from the last named first,
    each down to one before any to none (套算一次, 不得相同)."""

    fans: tuple[str, ...]
    count: Expr
    condition: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Prefer(Model):
    """`prefer F, G`: of readings of one hand that score alike, one in which F or G counts
    is kept (the reference calculators' choice among equal readings)."""

    fans: tuple[str, ...]
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Minimum(Model):
    """`minimum N without F, G`: after the adjustments, a hand whose value less the points of
    the fans `without` is below `value` is not a win (8 番起和, 花牌不计在起和分内)."""

    value: Expr
    without: tuple[str, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Scoring(Model):
    unit: str
    tiers: tuple[Tier, ...]
    adjustments: tuple[Adjustment, ...] = ()
    rejects: tuple[Reject, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    limits: tuple[Limit, ...] = ()
    prefers: tuple[Prefer, ...] = ()
    minimum: Minimum | None = None


@node
class Example(Model):
    hand: str
    positive: bool
    win: str | None = None
    situation: tuple[tuple[str, str], ...] = ()
    at: SourceRef


@node
class Fan(Model):
    """One named fan (番种). `condition` must hold for it to score; `per`, when present,
    says how many times it scores (zero or fewer means not at all)."""

    id: str
    name: str
    english: str | None
    value: int
    # Option-dependent values: (value, options guard) pairs, the last that holds wins; empty
    # when the value is the plain number `value`.
    values: tuple[tuple[Expr, Expr], ...] = ()
    # Its values on an open hand, an exposed meld in it (食い下がり), as (value, options guard
    # or None) pairs, the last that holds wins; empty: the same value open or closed.
    open_values: tuple[tuple[Expr, Expr | None], ...] = ()
    tier: str
    condition: Expr
    per: Expr | None = None
    excludes: tuple[str, ...] = ()
    implies: tuple[str, ...] = ()
    replaces: tuple[str, ...] = ()
    uses: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Rulebook(Model):
    """A whole checked rulebook. `fans` are in declaration order; `evaluation_order` lists
    fan ids so that every fan comes after the fans its condition refers to; `relation_order`
    so that every fan comes after the fans that exclude or replace it."""

    ir_version: int = IR_VERSION
    id: str
    extends: str | None = None
    title: str
    english: str | None
    version: str
    source_file: str
    source_sha256: str
    provenance: tuple[Provenance, ...] = ()
    players: tuple[int, ...]
    players_provenance: tuple[Provenance, ...] = ()
    tiles: TileSet
    shapes: tuple[Shape, ...]
    wilds: Wilds = Wilds()
    claims: tuple[ClaimRule, ...] = ()
    play: Play = Play()
    # The kinds of kong (`kongs` section), in rulebook order; empty: one plain kind.
    kongs: tuple[KongKind, ...] = ()
    deal_wins: tuple[DealWin, ...] = ()
    declares: tuple[Declare, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    horses: Horses = Horses()
    payments: Payments = Payments()
    options: tuple[Option, ...]
    constraints: tuple[Constraint, ...] = ()
    presets: tuple[Preset, ...] = ()
    situations: tuple[SituationFlag, ...] = ()
    # The prelude's builtin situations (天胡, 抢杠, …), with what each presumes.
    builtin_situations: tuple[SituationFlag, ...] = ()
    scoring: Scoring
    # The fu (符) and points (点) sections (Riichi), when the rulebook has them.
    fu: FuSection | None = None
    points: PointsSection | None = None
    fans: tuple[Fan, ...]
    evaluation_order: tuple[str, ...]
    relation_order: tuple[str, ...]
