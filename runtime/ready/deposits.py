"""The deposits of a finished round (供託): each declaration's deposit goes to the table, and
the first winner (the nearest the discarder on several winners) takes what the table holds:
the deposits carried in from earlier rounds and this round's. After a draw they stay there.

A move is `(payer, payee, amount, reason)` with the table written `TABLE` (-1): the
settlement makes its lines of kind `deposit` of them. A seat's delta then counts its own
deposit and, for the winner, the whole pot, so the deltas of a round with deposits do not
sum to zero; what does is `sum(deltas) + table_after - table_before`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mjc.runtime.settle.round import RoundOutcome

__all__ = ["TABLE", "Move", "deposit_moves", "round_deposits", "seat_or_table"]

TABLE = -1  # the table, as a payer or payee of a deposit line

Move = tuple[int, int, int, str]


def deposit_moves(
    declarations: Iterable[tuple[int, int]], carried: int, winner: int | None
) -> tuple[list[Move], int, int]:
    """The moves of the deposits `(seat, amount)` declared this round, with `carried` on the
    table before it, when `winner` (None: a draw) takes the pot; and what the table holds
    before and after the round."""
    moves: list[Move] = []
    pot = carried
    for seat, amount in declarations:
        if amount > 0:
            moves.append((seat, TABLE, amount, f"seat {seat}'s deposit for its ready declaration"))
            pot += amount
    if winner is None or pot == 0:
        return moves, carried, pot
    moves.append((TABLE, winner, pot, f"the deposits on the table to seat {winner}"))
    return moves, carried, 0


def round_deposits(outcome: RoundOutcome) -> tuple[list[Move], int, int]:
    """`deposit_moves` of a round JSON: its `ready_declarations` and `deposits_carried`; the
    pot goes to the winner of its first win event nearest the discarder (or the robbed seat)
    in turn order, the only winner of a self-draw."""
    winner = None
    if outcome.winners:
        origin = outcome.discarder if outcome.discarder is not None else outcome.robbed_from
        seats = [w.seat for w in outcome.winners]
        n = outcome.players
        winner = seats[0] if origin is None else min(seats, key=lambda s: (s - origin) % n)
    declared = [(d.seat, d.deposit) for d in outcome.ready_declarations]
    return deposit_moves(declared, outcome.deposits_carried, winner)


def seat_or_table(seat: int) -> str:
    """A line's payer or payee in words: `seat 2`, or `the table` (供託)."""
    return "the table" if seat == TABLE else f"seat {seat}"
