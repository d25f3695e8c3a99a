"""The settlement declarations of the rulebook's AST: the `horses` and `payments` sections,
and the `declarations` each seat makes before play (定缺), which scoring and settling read.

Built by `mjc.compiler.syntax.parse`; `mjc.compiler.syntax.ast` re-exports every name here, so
readers use `ast.Payments` like any other section. Nodes are frozen; spans take no part in
equality."""

from __future__ import annotations

from dataclasses import field

from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax.ast_common import NO_SPAN, Expr, Ident, IntLit, Provenance, TileLit
from mjc.frozen import Frozen, frozen


@frozen
class HorseRow(Frozen):
    """`dealer ranks 1, 5, 9 tiles 7z, 1z`: the tiles that point at one seat of a horse table
    (`ranks` in every suit, `tiles` one by one); the seat `nobody` lists tiles that hit no one."""

    seat: Ident
    ranks: tuple[IntLit, ...]
    tiles: tuple[TileLit, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class HorseTable(Frozen):
    """`table 4 { … }`: which seat each tile points at in a game of that many players;
    `table 4 from winner { … }` counts the seats from the word after `from` (`counted_from`),
    not the dealer."""

    players: IntLit
    rows: tuple[HorseRow, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    counted_from: Ident | None = None


@frozen
class HorseKind(Frozen):
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


@frozen
class Horses(Frozen):
    tables: tuple[HorseTable, ...]
    kinds: tuple[HorseKind, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayStake(Frozen):
    """`stake 2 if option.double`: what one point of a hand's value is paid as."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayWin(Frozen):
    """`win discarder pays when not self_drawn`, `win robbed pays for all when robbing_kong`:
    who pays a winner one share (the hand's value), or every loser's share (`for all`)."""

    payer: Ident
    for_all: bool
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayKong(Frozen):
    """`kong concealed each pays 2 when won`: what a kong of one kind earns the konger."""

    kind: Ident
    payer: Ident
    amount: Expr
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayWord(Frozen):
    """`several_winners separately`: how several winners of one discard are paid."""

    word: Ident
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayCap(Frozen):
    """`cap 16 if option.cap == 16`: the most one seat wins from hands in a round; also
    `dealer_factor 2`: what the dealer wins or pays on a hand is multiplied by it."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    dealer: bool = False
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayDealerBonus(Frozen):
    """`dealer_bonus 1`: what the dealer wins or pays on a hand is that much more, added
    after `dealer_factor` multiplies it (庄家多输多赢一底)."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayLossCap(Frozen):
    """`loss_cap hand_ceiling`: the most one payer pays one winner for a hand, all his
    shares together (勒子); the value may read `hand_ceiling`, the hand's scoring ceiling."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayBonus(Frozen):
    """`horse_payment bought 1 when won`, `follow_payment 1 when players >= 3`,
    `streak_payment 1`: what a horse hit (`item` "horse", of kind `kind`), a 跟庄 round
    ("follow") or a 连庄 count ("streak") is worth; `horse_payer_payment grabbed 1` (item
    "horse_payer"): how many more shares a paying seat pays per horse on its row;
    `condition` reads how the round ended."""

    item: str
    kind: Ident | None
    amount: Expr
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayRelation(Frozen):
    """`claim_relation 3`: two players are related (承包, 三包) once one has claimed from the
    other `count` or more times, either direction; the first line whose guard holds is used."""

    count: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    word: Ident | None = None


@frozen
class PayRelationLine(Frozen):
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


@frozen
class PayDraw(Frozen):
    """`draw_payment unready pays ready best_hand when suits(tiles) <= 2` (item "payment") and
    `draw_refund kong unready` (item "refund", `payee` the refunded thing, `kong`): what the
    seats still playing at an exhaustive draw pay. `payer` says which seats pay (each, ready,
    unready), `condition` reads the payer's hand; `amount` is an options-only number, or None
    with `amount_word` `best_hand` or `cap`; with `amount_word` `split` it is the number the
    payers pay in all (`split 3000`, 聴牌料)."""

    item: str
    payer: Ident
    payee: Ident
    amount: Expr | None
    amount_word: str | None
    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayKongTransfer(Frozen):
    """`kong_transfer when not self_drawn if option.transfer` (呼叫转移): on a win that holds
    `kong_discard` (杠上炮) and `condition`, what the discarder's kong earned is paid on to
    the winner."""

    condition: Expr | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class Payments(Frozen):
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
    dealer_bonuses: tuple[PayDealerBonus, ...] = ()
    draws: tuple[PayDraw, ...] = ()
    transfers: tuple[PayKongTransfer, ...] = ()
    rounds: tuple[PayRound, ...] = ()  # one at most (the checks refuse a second)
    honbas: tuple[PayHonba, ...] = ()  # the first whose guard holds
    unit_span: Span = field(default=NO_SPAN, compare=False, repr=False)  # the `unit` line


@frozen
class Declare(Frozen):
    """`missing_suit "定缺" choose suit discard_first`: a declaration each seat makes before
    the first discard, one word of the list `choices` names (`suit`: m, p or s); `flags` are
    the words after it (`discard_first`), each with its span."""

    id: Ident
    name: str | None
    choices: Ident
    flags: tuple[Ident, ...]
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    guard: Expr | None = None  # `if`: the options under which seats declare it


@frozen
class Exchange(Frozen):
    """`swap "换三张" exchange 3 same_suit direction dice`: before play each seat picks
    `count` of its tiles (`same_suit`: all of one suit) and passes them to the seat
    `direction` names (next, previous, opposite, dice). `flags` are the words after the
    count (`same_suit`, `direction`), each with its span, for the check of one written twice."""

    id: Ident
    name: str | None
    count: IntLit
    flags: tuple[Ident, ...]
    direction: Ident | None
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)

    @property
    def same_suit(self) -> bool:
        return any(f.text == "same_suit" for f in self.flags)


@frozen
class DeclareSection(Frozen):
    """The declarations section: what each seat declares before the first discard, and the
    exchange of tiles before them (换三张)."""

    items: tuple[Declare, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
    exchanges: tuple[Exchange, ...] = ()


@frozen
class PayHonba(Frozen):
    """`honba 100`: for each 本場 of the round (its `honba` count), every payer of a hand pays
    the winner `value` more for each share he pays (a discarder paying for all: one per
    loser), after the rounding (Riichi: 300 a 本場 on a discard, 100 from each on a self-draw)."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@frozen
class PayRound(Frozen):
    """`round up 100`: every payment of a hand, payer to winner, rounded up to a multiple of
    `value` (Riichi's 100-point rounding)."""

    value: Expr
    guard: Expr | None
    provenance: tuple[Provenance, ...]
    span: Span = field(default=NO_SPAN, compare=False, repr=False)
