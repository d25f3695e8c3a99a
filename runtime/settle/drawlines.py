"""What the seats still playing pay at an exhaustive draw (流局): 查大叫, 查花猪, 退税.

Input is a drawn `RoundOutcome` whose `hands` give the hand of every seat still playing when
the wall ran out, the rulebook's draw lines (`Payments.draw_rules`, lowered from the payments
section's `draw_payment` and `draw_refund` lines), and a `DrawSeat` (`Ruleset.draw_seat`) that
says of one hand what it waits on, each wait scored, and which draw lines hold for it; the
game engine gives the hands as it holds them beside their text (`HeldAtDraw`), not parsed again,
and leaves unmade the hand of a seat that waits on nothing where the draw lines read only the
options (Riichi's 聴牌料: most seats at most draws).
Readiness (聽牌) is the rulebook's own: a hand is ready when some tile completes it, whatever
the round's `ready` says. Output is settlement `Line`s of kind "draw", each citing its line
(`draw_payment@<file>#n`, `draw_refund@<file>#n`). Conventions, where the sources say no more:

- the best hand a seat is ready for (`best_hand`) is its highest-scoring wait, scored as a win
  on a discard with no other situation and with what the seat declared before play (定缺),
  any copies of the tile left or not; a wait the scoring refuses (its `reject` or `minimum`,
  a 定缺 suit still held) is worth nothing; a line's `when` reads the seat's declarations too;
- every draw line that holds for a payer is paid, in rulebook order; the seat paid `others` is
  every seat still playing the line does not charge;
- a refund returns every kong line the seat was paid this round, to the seat that paid it;
- `split N` (聴牌料): the payers pay N in all, each the same share, and each payer's share is
  shared equally among the seats it pays; a payment that does not divide evenly is rounded
  down (3,000 among 1, 2 or 3 ready seats of 4 always divides: 1,000, 750 or 1,000 a pair);
- the draw lines are staked like every line, but neither the payments' `cap` nor the dealer's
  terms apply to them (`cap` as an amount is the cap itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from mjc.frozen import Frozen, frozen_fast
from mjc.runtime.score.options import OptionError
from mjc.runtime.settle.lines import Line
from mjc.runtime.settle.payments import DrawHand, DrawRule, HeldAtDraw, Payments, line_parties
from mjc.runtime.settle.round import RoundOutcome
from mjc.runtime.settle.roundtypes import RoundError
from mjc.runtime.tiles.hand import Hand, HandError, parse_hand
from mjc.runtime.tiles.tile import NUM_PLAYING, NotationError

__all__ = ["DrawSeat", "SeatAtDraw", "draw_lines", "playing_at_draw"]


class DrawSeat(Protocol):
    """What settles one seat still playing at the draw (`Ruleset.draw_seat`): whether its
    hand is ready, the best hand it is ready for, and the draw lines that hold for it; raises
    `HandError`, `NotationError`, `OptionError` or `ValueError`."""

    def __call__(
        self,
        hand: Hand,
        *,
        seat_wind: str,
        round_wind: str,
        dealer: bool,
        players: int | None,
        options: Mapping[str, object] | None,
        indicator: str | None,
        declared: Mapping[str, str] | None,
        waits: frozenset[int] | None = None,
    ) -> DrawHand: ...


@frozen_fast  # one for each seat still playing at every draw that pays hands
class SeatAtDraw(Frozen):
    """One seat still playing at the draw: whether its hand is ready, the best hand it is
    ready for (0 when none scores), and the draw lines that hold for it, by index."""

    seat: int
    ready: bool
    best: int
    holding: Mapping[int, int]


# What `examine` is given for a seat whose hand the engine did not make (`HeldAtDraw.hand`
# None: the seat waits on nothing, holds no flower, the game has no wilds and the draw lines
# read only the options): an empty hand, of which the examination reads only that it holds
# no flower and no winning tile, as the seat's own would say.
_UNMADE = Hand(concealed=(), melds=(), flowers=(), win_tile=None, counts=bytes(NUM_PLAYING))


def playing_at_draw(outcome: RoundOutcome, after_win: str) -> list[int]:
    """The seats still playing when the wall ran out: every seat, but under `after_win
    leave` those that won (they left the round)."""
    gone: set[int] = set()
    if after_win == "leave":
        gone = {w.seat for w in outcome.winners}
        gone |= {w.seat for event in outcome.later_wins for w in event.winners}
    return [seat for seat in range(outcome.players) if seat not in gone]


def _seats(
    outcome: RoundOutcome,
    after_win: str,
    examine: DrawSeat | None,
    held: Mapping[int, HeldAtDraw] | None,
) -> list[SeatAtDraw]:
    """Each seat still playing, its hand checked (a hand of 13, every such seat and no
    other) and examined; read from `held` where given (the engine's own), else parsed."""
    if not outcome.exhaustive_draw:
        raise RoundError(
            "hands: only a round that ends in an exhaustive draw (exhaustive_draw) shows "
            "the hands still playing"
        )
    playing = playing_at_draw(outcome, after_win)
    for seat in outcome.hands:
        if seat not in playing:
            raise RoundError(f"hands.{seat}: seat {seat} won and left the round (after_win leave)")
    missing = [seat for seat in playing if seat not in outcome.hands]
    if missing:
        raise RoundError(
            f"hands: give the hand of every seat still playing at the draw; seat {missing[0]} "
            "has none"
        )
    found: list[SeatAtDraw] = []
    unmade: DrawHand | None = None  # the examination of a seat whose hand is `_UNMADE`
    tiles = outcome.win_tiles
    hands, declarations = outcome.hands, outcome.declarations  # (a model's field: a look-up)
    for seat in playing:
        text = hands[seat]
        known = held.get(seat) if held is not None else None
        if known is None:
            waits = None
            try:
                hand = parse_hand(text, tiles=tiles)
            except (HandError, NotationError) as exc:
                raise RoundError(f"hands.{seat}: {exc}") from None
        else:  # the engine's own, and `_UNMADE` where it made none (nothing reads it)
            hand = _UNMADE if known.hand is None else known.hand
            waits = known.waits
        size = tiles - 1  # between turns: 13, or the rulebook's `hand`; a meld counts 3
        if hand.size != size and hand is not _UNMADE:
            raise RoundError(
                f"hands.{seat}: a hand still playing holds {size} tiles (a declared meld "
                f"counts 3), not {hand.size}: {text}"
            )
        if examine is None:
            continue
        if hand is _UNMADE and unmade is not None:
            # Examined once a round: an unmade hand waits on nothing, and its lines read only
            # the options, not the seat's wind, deal or declarations: the same for every seat.
            drawn = unmade
        else:
            try:
                drawn = examine(
                    hand, **outcome.seat_facts(seat), declared=declarations.get(seat), waits=waits
                )
            except (HandError, NotationError, OptionError, ValueError) as exc:
                raise RoundError(f"hands.{seat}: {exc}") from None
            if hand is _UNMADE:
                unmade = drawn
        found.append(SeatAtDraw(seat, drawn.ready, drawn.best, dict(drawn.holding)))
    return found


def _state(seat: SeatAtDraw) -> str:
    return "ready" if seat.ready else "not ready"


def draw_lines(
    outcome: RoundOutcome,
    payments: Payments,
    o: dict[str, Any],
    examine: DrawSeat | None,
    after_win: str,
    kong_lines: list[Line],
    stake: int,
    held: Mapping[int, HeldAtDraw] | None = None,
) -> list[Line]:
    """The lines the draw lines pay (nothing for a round without `hands`); `kong_lines` are
    the round's kong payments, which a refund returns; `held` the hands as the engine holds
    them (`HeldAtDraw`). Raises `RoundError` naming the field for hands that cannot be the
    hands still playing at the draw."""
    if not outcome.hands:
        return []
    seats = _seats(outcome, after_win, examine if payments.draw_rules else None, held)
    lines: list[Line] = []
    cap = payments.cap(o)
    for index, rule in enumerate(payments.draw_rules):
        holding = [s for s in seats if index in s.holding]
        parties = line_parties(rule.payer, rule.payee, holding, seats)
        if rule.item == "refund":
            lines += _refunds(rule, [payer for payer, _ in parties], kong_lines)
            continue
        payers = len(parties)
        for payer, payees in parties:
            for payee in payees:
                if rule.amount == "split":
                    amount, what = _split(payer.holding[index], payers, len(payees))
                else:
                    amount, what = _amount(rule, payer.holding[index], payee, cap)
                reason = (
                    f"exhaustive draw (流局): seat {payer.seat} ({_state(payer)}) pays seat "
                    f"{payee.seat} ({_state(payee)}) {what}"
                )
                if amount * stake > 0:
                    lines.append(
                        Line(payer.seat, payee.seat, amount * stake, reason, rule.where, "draw")
                    )
    return lines


def _split(whole: int, payers: int, payees: int) -> tuple[int, str]:
    """One payer's payment to one of its `payees` under `split`: `whole` shared equally by
    the `payers`, each share shared equally among the payees, rounded down (聴牌料: 3000 by
    1, 2 or 3 ready seats of 4 splits evenly)."""
    amount = whole // (payers * payees)
    return amount, f"{amount}: {whole} in all, paid by {payers} and shared by {payees}"


def _amount(
    rule: DrawRule, number: int, payee: SeatAtDraw, cap: tuple[int, str] | None
) -> tuple[int, str]:
    """What a payer pays `payee` by `rule` (`number`: the line's amount as the options make
    it), and the reason's words for it."""
    if rule.amount == "best_hand":
        return payee.best, f"the best hand it is ready for ({payee.best})"
    if rule.amount == "cap":
        value = cap[0] if cap is not None else 0
        return value, f"the cap ({value}{f': {cap[1]}' if cap else ''})"
    return number, str(number)


def _refunds(rule: DrawRule, payers: list[SeatAtDraw], kong_lines: list[Line]) -> list[Line]:
    """Each payer returns every kong line it was paid, to the seat that paid it (退税)."""
    lines: list[Line] = []
    for payer in payers:
        for line in kong_lines:
            if line.payee != payer.seat:
                continue
            reason = (
                f"exhaustive draw (流局): seat {payer.seat} ({_state(payer)}) returns "
                f"{line.reason} to seat {line.payer}"
            )
            lines.append(Line(payer.seat, line.payer, line.amount, reason, rule.where, "draw"))
    return lines
