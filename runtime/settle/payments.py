"""Payments at run time: the rulebook's settlement rules as a generated module passes them in.

A generated module supplies its `payments` section as data (`WinRule`, `KongRule`, each with the
rulebook line it came from) and small compiled functions: which win lines hold for a win situation,
which kong lines hold (with their amounts) for a finished round, the stake, the cap and the dealer's
effect under the options; and its wins at the deal (`DealWinInfo`). `mjc.runtime.settle.settlement`
reads them to settle a round. A rulebook without a payments section gets `DEFAULT_PAYMENTS`: every
loser pays a self-draw, the discarder pays a discard win, the robbed seat pays a robbed kong
alone."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar

from mjc.frozen import Frozen, frozen, frozen_fast
from mjc.runtime.score.scoring import Situation
from mjc.runtime.settle.horses import Horses
from mjc.runtime.tiles.hand import Hand

__all__ = [
    "DEFAULT_PAYMENTS",
    "BonusRule",
    "DealWinInfo",
    "DrawHand",
    "DrawRule",
    "HeldAtDraw",
    "KongRule",
    "Payments",
    "RelationRule",
    "RoundFacts",
    "WinRule",
]

Options = dict[str, Any]


class DealWinInfo(NamedTuple):
    """A win at the deal (起手胡): its id and name, what every other seat pays the seat that
    shows it, and the id of its rulebook line (`deal_win@<file>#<n>`) that settlements cite."""

    id: str
    name: str
    pays: int
    rule: str


@frozen
class WinRule(Frozen):
    """`win <payer> pays [for all]`: `payer` is each, discarder, robbed, feeder or
    meld_feeder; `for_all` charges that one payer every loser's share; `where` is the rulebook
    line's id (`win@guangdong.mjr#6`: which `win` line of the payments section; the other
    rules' `where` alike)."""

    payer: str
    for_all: bool
    where: str


@frozen
class KongRule(Frozen):
    """`kong <kind> <payer> pays N`: a kong of `kind` earns its konger N from `payer`."""

    kind: str
    payer: str
    where: str


@frozen
class BonusRule(Frozen):
    """`horse_payment <kind> N` (item "horse": each hit of a horse of `kind` is worth N hand
    values), `horse_payer_payment <kind> N` ("horse_payer": each horse of `kind` on a paying
    seat's row makes it pay the winner N more of its shares), `follow_payment N` ("follow":
    after the X-th consecutive 跟庄 round the dealer
    pays every other player X·N) or `streak_payment N` ("streak": N per 连庄 count is added
    to each winner's hand value)."""

    item: str
    kind: str | None
    where: str


@frozen
class RelationRule(Frozen):
    """`relation_payment <payer> pays N [for others]`: for a winner related to another player
    by repeated claims (承包, 三包), `payer` (partner, discarder or robbed) pays N shares;
    `for_others`: his own share plus N times every other loser's share."""

    payer: str
    for_others: bool
    where: str


class DrawHand(NamedTuple):
    """A hand still playing at an exhaustive draw, as the rulebook reads it
    (`Ruleset.draw_seat`): whether it is ready (聽牌: a tile completes it), the best hand it
    is ready for (its highest-scoring wait, scored as a win on a discard; 0 when none
    scores), and the draw lines that hold for it (index in `draw_rules`, amount)."""

    ready: bool
    best: int
    holding: tuple[tuple[int, int], ...]


@frozen_fast  # made on the engine's path: one for each seat at every draw that pays hands
class HeldAtDraw(Frozen):
    """A seat's hand at the draw as the game engine holds it, given beside the round JSON
    that writes it (`Ruleset.settle_played`): the `Hand` its text in `hands` reads as, and
    its wait set (`mjc.runtime.wins.waitsets`: every playing tile that may complete it, the
    win check deciding; None where the engine keeps none, or a flower or wild may complete
    it). `hand` is None where nothing would read it: the wait set is empty, the seat holds
    no flower, the rulebook has no wilds and its draw lines read only the options
    (`Payments.draws_by_options`: Riichi's 聴牌料, at nearly every draw)."""

    hand: Hand | None
    waits: frozenset[int] | None


@frozen
class DrawRule(Frozen):
    """`draw_payment <payer> pays <payee> <amount>` (item "payment") or `draw_refund kong
    <payer>` (item "refund", payee "kong"): at an exhaustive draw (流局) each seat still
    playing of kind `payer` (each, ready, unready) whose hand meets the line's `when` pays
    each `payee` seat (ready, unready, others) the line's amount, or by `amount` "best_hand"
    the best hand the payee is ready for (查大叫), "cap" the payments' cap, or "split" the
    line's amount in all, shared by the payers and among the payees (聴牌料); a refund returns
    what the payer's kongs earned (退税)."""

    item: str
    payer: str
    payee: str
    amount: str | None
    where: str


class SeatKind(Protocol):
    """What a draw line reads of a seat to know whether it pays or is paid."""

    @property
    def seat(self) -> int: ...

    @property
    def ready(self) -> bool: ...


S = TypeVar("S", bound=SeatKind)


def _is(word: str, seat: SeatKind) -> bool:
    """Whether `seat` is a seat of kind `word` (each, ready, unready)."""
    return word == "each" or (word == "ready") == seat.ready


def line_parties(
    payer_kind: str, payee_kind: str, may_pay: Sequence[S], seats: Sequence[S]
) -> list[tuple[S, list[S]]]:
    """Who pays whom by a draw line paid by seats of `payer_kind` to seats of `payee_kind`:
    each payer (a seat of `may_pay`, those the line holds for, of the payer's kind) with the
    seats of `seats` it pays. The settlement pays by it, and the checker (W0536) counts by it
    how a `split` shares out."""
    payers = [s for s in may_pay if _is(payer_kind, s)]
    if payee_kind == "others":  # every seat not charged (a payer is charged: not its own payee)
        charged = {s.seat for s in payers}
        return [(payer, [p for p in seats if p.seat not in charged]) for payer in payers]
    # A payee's kind does not depend on its payer: the seats of that kind are found once
    # (every draw that pays hands asks, each payer against each seat).
    paid = [p for p in seats if _is(payee_kind, p)]
    return [(payer, [p for p in paid if p.seat != payer.seat]) for payer in payers]


@frozen_fast
class RoundFacts(Frozen):
    """How a round ended, for the conditions of kong lines."""

    won: bool
    drawn: bool
    winners: int
    players: int


def _no_wins(o: Options, s: Situation, winners: int) -> tuple[int, ...]:
    return ()


def _no_kongs(o: Options, r: RoundFacts) -> tuple[tuple[int, int], ...]:
    return ()


def _stake_one(o: Options) -> tuple[int, str | None]:
    return 1, None


def _no_cap(o: Options) -> tuple[int, str] | None:
    return None


def _no_relations(
    o: Options, s: Situation, winners: int, related: bool, ready: bool
) -> tuple[tuple[int, int], ...]:
    return ()


def _no_draws(h: Hand, s: Situation, o: Options) -> tuple[tuple[int, int], ...]:
    return ()


def _plain_dealer(o: Options) -> tuple[int, str | None]:
    return 1, None


def _no_dealer_bonus(o: Options) -> tuple[int, str | None]:
    return 0, None


def _no_loss_cap(o: Options, ceiling: int | None) -> tuple[int, str] | None:
    return None


@frozen
class Payments(Frozen):
    """A rulebook's payments. `wins(o, s, winners)` gives the indices in `win_rules` of the
    lines whose options guard and condition hold for one winner, in rulebook order;
    `kongs(o, r)` the (index in `kong_rules`, amount) of the kong lines that hold for the
    round; `stake(o)` the value of one point and the line that set it; `cap(o)` the most one
    seat wins from hands in a round and its line, or None; `dealer(o)` the factor on what
    the dealer wins or pays on a hand (1: 庄家胡牌时，赢输不翻倍) and its line;
    `bonuses(o, r)` the (index in `bonus_rules`, amount) of the horse, 跟庄 and 连庄 lines
    that hold for the round; `horses` the rulebook's horse tables and kinds; `relation(o)`
    how many claims between two players relate them (承包, 三包) and its line, or None;
    `relations(o, s, winners, discarder_related, discarder_ready)` the (index in
    `relation_rules`, shares) of the relation lines that hold for a related winner;
    `loss_cap(o, ceiling)` the most one payer pays one winner for a hand, all his shares
    together (勒子), given the hand's ceiling (`Score.ceiling`), and its line, or None;
    `dealer_bonus(o)` what is added to the dealer's share after the factor (庄家多输多赢一底:
    1) and its line; `draws(h, s, o)` the (index in `draw_rules`, amount) of the draw lines
    whose guard and `when` hold for a seat holding `h` at an exhaustive draw (`s.waits`: the
    tiles it waits on), the amount 0 where the rule's `amount` word gives it;
    `kong_transfers(o, s, winners)` the indices in `kong_transfer_rules` (the lines' ids) of
    the `kong_transfer` lines (呼叫转移) that hold for a winner of a 杠上炮 (`kong_discard`);
    `draws_by_options` that every draw line's guard, `when` and amount read only the options,
    so that `draws` gives every hand the same lines (the engine then makes no `Hand` at the
    draw for a seat that waits on nothing: `HeldAtDraw`)."""

    declared: bool = False
    unit: str | None = None
    win_rules: tuple[WinRule, ...] = ()
    kong_rules: tuple[KongRule, ...] = ()
    wins: Callable[[Options, Situation, int], tuple[int, ...]] = _no_wins
    kongs: Callable[[Options, RoundFacts], tuple[tuple[int, int], ...]] = _no_kongs
    stake: Callable[[Options], tuple[int, str | None]] = _stake_one
    cap: Callable[[Options], tuple[int, str] | None] = _no_cap
    dealer: Callable[[Options], tuple[int, str | None]] = _plain_dealer
    bonus_rules: tuple[BonusRule, ...] = ()
    bonuses: Callable[[Options, RoundFacts], tuple[tuple[int, int], ...]] = _no_kongs
    horses: Horses | None = None
    relation: Callable[[Options], tuple[int, str] | None] = _no_cap
    relation_mutual_twice: bool = False
    relation_rules: tuple[RelationRule, ...] = ()
    relations: Callable[[Options, Situation, int, bool, bool], tuple[tuple[int, int], ...]] = (
        _no_relations
    )
    loss_cap: Callable[[Options, int | None], tuple[int, str] | None] = _no_loss_cap
    dealer_bonus: Callable[[Options], tuple[int, str | None]] = _no_dealer_bonus
    draw_rules: tuple[DrawRule, ...] = ()
    draws: Callable[[Hand, Situation, Options], tuple[tuple[int, int], ...]] = _no_draws
    draws_by_options: bool = False
    kong_transfer_rules: tuple[str, ...] = ()
    kong_transfers: Callable[[Options, Situation, int], tuple[int, ...]] = _no_wins
    # A stake or dealer bonus whose value reads the round's dealer streak (連n拉n) is given
    # here instead of as `stake` or `dealer_bonus`: `stake_in` and `dealer_bonus_in` ask it.
    streak_stake: Callable[[Options, int], tuple[int, str | None]] | None = None
    streak_dealer_bonus: Callable[[Options, int], tuple[int, str | None]] | None = None
    # `round up N` (Riichi): every payment of a hand, payer to winner, rounded up to a
    # multiple of N, and its line; None: no rounding.
    round_up: Callable[[Options], tuple[int, str] | None] = _no_cap
    # `honba N`: what each payer pays more per share for each 本場 of the round, and its
    # line; None: nothing.
    honba: Callable[[Options], tuple[int, str] | None] = _no_cap

    def stake_in(self, o: Options, dealer_streak: int) -> tuple[int, str | None]:
        """`stake(o)`, or the stake of a round of this dealer streak where it reads one."""
        if self.streak_stake is not None:
            return self.streak_stake(o, dealer_streak)
        return self.stake(o)

    def dealer_bonus_in(self, o: Options, dealer_streak: int) -> tuple[int, str | None]:
        """`dealer_bonus(o)`, or the bonus of a round of this dealer streak where it reads
        one (台湾 連n拉n: `dealer_bonus 2 * dealer_streak + 1`)."""
        if self.streak_dealer_bonus is not None:
            return self.streak_dealer_bonus(o, dealer_streak)
        return self.dealer_bonus(o)


DEFAULT_PAYMENTS = Payments()
