"""The IR of settlement: the horses (中马) and the payments section, as frozen dataclasses.

Built by `mjc.compiler.lower.settlement` from a checked AST; `mjc.compiler.ir.nodes` holds them
in the `Rulebook` (`horses`, `payments`) and the package re-exports them (`ir.WinPayment`). Like
every IR node they are resolved and typed, and serialise to JSON (`mjc dump-ir`)."""

from __future__ import annotations

from typing import Literal

from mjc.compiler.ir.expr import Expr, Model, Provenance, SourceRef
from mjc.compiler.ir.model import node


@node
class HorseRow(Model):
    """One row of a horse table as written: the seat (`dealer`, `next`, `opposite`,
    `previous`, or `nobody`), its offset from the dealer in turn order (-1 for nobody), and
    the tiles it names: `ranks` in every suit (万 筒 条), `tiles` one by one."""

    seat: Literal["dealer", "self", "next", "opposite", "previous", "nobody"]
    offset: int
    ranks: tuple[int, ...] = ()
    tiles: tuple[int, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class HorseTable(Model):
    """Which seat each tile points at in a game of `players`: `seats[t]` is the offset from
    the dealer in turn order of the seat tile `t` points at, -1 when it hits nobody (stated
    by a `nobody` row, or, with warning W0407, not mentioned at all: `unlisted`).
    `counted_from` is the seat the offsets count from: the dealer, or, for `table N from
    winner` / `from discarder`, the hand's winner or its discarder."""

    players: int
    rows: tuple[HorseRow, ...]
    seats: tuple[int, ...]
    unlisted: tuple[int, ...] = ()
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef
    counted_from: Literal["dealer", "winner", "discarder"] = "dealer"


@node
class HorseKind(Model):
    """A kind of horse the game draws: `bought` (买马, `count` per player, dealt before the
    first discard), `penalty` (罚马, `count` to the dealer alone), `bonus` (奖马) or `grabbed`
    (抓马) (`count` turned up by the winner from the end of the wall); `drawn_by` and
    `drawn_from` say the same in words for settlement. `guard` says under
    which options, `condition` (reading self_drawn, dealer, players) in which rounds. A count
    that reads a choice option has the type of that choice: its chosen id is the number."""

    kind: Literal["bought", "penalty", "bonus", "grabbed"]
    name: str
    drawn_by: Literal["each", "dealer", "winner"]
    drawn_from: Literal["deal", "wall_end"]
    count: Expr
    per_player: bool = False
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Horses(Model):
    tables: tuple[HorseTable, ...] = ()
    kinds: tuple[HorseKind, ...] = ()


@node
class WinPayment(Model):
    """`win <payer> pays [for all] [when C] [if G]`: who pays a winner. The first line whose
    guard and condition hold and whose payer exists in the round is used. `payer` is `each`
    (every other player, one share each), `discarder`, `robbed` (the seat whose kong was
    robbed), `feeder` (who fed the 明杠 of a kong bloom), `any_feeder` (who fed that kong, or
    the pong its 补杠 grew from), `meld_feeder` (包自摸),
    `winds_feeder` / `dragons_feeder` (大四喜 / 大三元 包自摸); one share, or every loser's
    share (`for_all`)."""

    payer: Literal[
        "each",
        "discarder",
        "robbed",
        "feeder",
        "any_feeder",
        "meld_feeder",
        "winds_feeder",
        "dragons_feeder",
    ]
    for_all: bool = False
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class KongPayment(Model):
    """`kong <kind> <payer> pays <amount> [when C] [if G]`: what a kong earns the konger,
    from `each` other player or from the `feeder`; `condition` reads how the round ended."""

    kind: Literal["exposed", "concealed", "added"]
    payer: Literal["each", "feeder"]
    amount: Expr
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class BonusPayment(Model):
    """`horse_payment <kind> N`, `follow_payment N`, `streak_payment N` [when C] [if G]: what
    one horse hit of `kind` (in hand values), one 跟庄 round or one 连庄 count is worth;
    `horse_payer_payment <kind> N` (item "horse_payer"): each horse of `kind` on a paying
    seat's row makes that seat pay the winner N more of its shares; `condition` reads how the
    round ended."""

    item: Literal["horse", "horse_payer", "follow", "streak"]
    kind: str | None = None
    amount: Expr
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class RelationPayment(Model):
    """`relation_payment <payer> pays N [for others] [when C] [if G]`: for a winner related to
    another player by repeated claims (承包, 三包), what `payer` (`partner`, `discarder`,
    `robbed`) pays, in shares of the hand; every line that holds is paid, instead of the win
    line. `for_others`: his own share plus N times every other loser's share."""

    payer: Literal["partner", "discarder", "robbed"]
    amount: Expr
    for_others: bool = False
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class DrawPayment(Model):
    """`draw_payment <payer> pays <payee> <amount> [when C] [if G]` (item "payment") and
    `draw_refund kong <payer> [when C] [if G]` (item "refund"): at an exhaustive draw (流局)
    each seat still playing of kind `payer` (each, ready, unready) whose hand meets
    `condition` pays each seat `payee` (ready, unready, others) the `amount` (an options-only
    number), or, by `amount_word`, the best hand the payee is ready for (`best_hand`), the
    payments' cap (`cap`) or `amount` in all, shared by the payers and among the payees
    (`split`, 聴牌料); a refund returns what the payer's kongs earned. Every line that
    holds is paid."""

    item: Literal["payment", "refund"]
    payer: Literal["each", "ready", "unready"]
    payee: Literal["ready", "unready", "others", "kong"]
    amount: Expr | None = None
    amount_word: Literal["best_hand", "cap", "split"] | None = None
    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class KongTransfer(Model):
    """`kong_transfer [when C] [if G]` (呼叫转移): on a win that holds `kong_discard` (杠上炮)
    and `condition` (read as a `win` line's), what the discarder earned from the kong whose
    replacement led to the discard (its `kong_payment` lines) is paid on to the winner (of
    several winners of that discard, to the first in turn order after the discarder)."""

    condition: Expr | None = None
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Stake(Model):
    value: Expr
    guard: Expr | None = None
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class PaymentSetting(Model):
    """`several_winners separately`: how several winners of one discard are paid."""

    word: str
    provenance: tuple[Provenance, ...] = ()
    at: SourceRef


@node
class Payments(Model):
    """Settlement: `unit` is what is paid; the first `stakes` that holds is what one point of a
    hand's value is paid as (1 without one); `wins`, `kongs` as above; the first
    `dealer_factors` that holds multiplies what the dealer wins or pays on a hand (1 without
    one), and the first `dealer_bonuses` that holds is then added to it (0 without one);
    `caps` (value, guard): the first that holds limits what one seat wins from hands in a
    round; `loss_caps` (value, guard): the first that holds (and,
    when its value reads `hand_ceiling`, whose hand has a ceiling) limits what one payer pays
    one winner for a hand, all his shares together (勒子); `winners` how several winners of
    one discard are paid.
    `declared` is false for a rulebook without a payments section (every loser pays a
    self-draw, the discarder a discard win)."""

    declared: bool = False
    unit: str | None = None
    unit_provenance: tuple[Provenance, ...] = ()
    stakes: tuple[Stake, ...] = ()
    wins: tuple[WinPayment, ...] = ()
    kongs: tuple[KongPayment, ...] = ()
    dealer_factors: tuple[Stake, ...] = ()
    caps: tuple[Stake, ...] = ()
    winners: tuple[PaymentSetting, ...] = ()
    bonuses: tuple[BonusPayment, ...] = ()
    relations: tuple[Stake, ...] = ()
    relation_mutual_twice: bool = False
    relation_lines: tuple[RelationPayment, ...] = ()
    loss_caps: tuple[Stake, ...] = ()
    dealer_bonuses: tuple[Stake, ...] = ()
    # What the seats still playing pay at an exhaustive draw (查大叫, 查花猪, 退税).
    draws: tuple[DrawPayment, ...] = ()
    # 呼叫转移: a kong's earnings paid on to the winner on its 杠上炮.
    transfers: tuple[KongTransfer, ...] = ()
    # `round up 100`: every payment of a hand rounded up to a multiple (the first that holds).
    rounds: tuple[Stake, ...] = ()
    # `honba N`: what each payer of a hand pays more per share and per 本場 (the first whose
    # guard holds); empty: nothing.
    honbas: tuple[Stake, ...] = ()
