"""Abortive draws (途中流局): the round ends drawn before the wall runs out.

Input: the rules of play (`TurnRules.nine_terminals_draw`, `four_winds_draw`,
`four_kongs_draw`) and what the round has seen (a seat's tiles, the discards, the kongs).
The engine asks `nine_terminals` for the `abortive_draw` action of a seat's first turn and
`after_discard` once a discard has passed (nobody won on it or claimed it); when one holds it
ends the round with the kind named here, as the round JSON's `abortive_draw` says, and the
dealer deals again. Nobody is paid.

- 九種九牌 (`nine_terminals`): in his first turn, before any call or kong of the round, a seat
  holding nine different terminals and honours may declare the draw.
- 四風連打 (`four_winds`): at four players, the first four discards are the same wind, with
  no call or kong before (checked when the fourth has passed).
- 四槓散了 (`four_kongs`): four kongs were made, not all by one player; the round ends once
  the next discard passes (a win on it, or a claim of it, comes first).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Literal

from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import TERMINALS_AND_HONOURS

__all__ = ["KINDS", "AbortiveDraw", "after_discard", "may_follow", "nine_terminals", "watched"]

# 四家立直 (`all_ready`) is the ready declaration's (`mjc.runtime.ready`), ended the same way.
AbortiveDraw = Literal["nine_terminals", "four_winds", "four_kongs", "all_ready"]
KINDS: tuple[AbortiveDraw, ...] = ("nine_terminals", "four_winds", "four_kongs", "all_ready")

_WINDS = frozenset(range(27, 31))  # 1z..4z: east, south, west, north
_TERMINAL_COUNTS = itemgetter(*TERMINALS_AND_HONOURS)  # their counts, as one tuple


def nine_terminals(counts: Sequence[int]) -> bool:
    """The tiles `counts` hold nine different terminals and honours or more (九種九牌): the
    thirteen kinds' counts read at once, those held being those not 0 (each seat's first
    turn of a round asks)."""
    held: tuple[int, ...] = _TERMINAL_COUNTS(counts)
    return len(held) - held.count(0) >= 9


def watched(rules: TurnRules) -> bool:
    """Whether any abortive draw is checked after a discard passes."""
    return rules.four_winds_draw or rules.four_kongs_draw


def may_follow(quiet: bool, discards: int, kongs: int) -> bool:
    """Whether `after_discard` may find a draw at all, read before its arguments are made:
    四風連打 only at the fourth discard with no call or kong, 四槓散了 only after four kongs
    (False after nearly every discard)."""
    return kongs >= 4 or (quiet and discards == 4)


def after_discard(
    rules: TurnRules,
    firsts: Sequence[int],
    quiet: bool,
    discards: int,
    kong_seats: Sequence[int],
) -> AbortiveDraw | None:
    """The abortive draw a discard that passed brings, or None: `firsts` is every seat's
    first discard (-1 for none yet), `quiet` that no call or kong was made, `discards` how
    many discards the round has had, `kong_seats` who made each kong."""
    if (
        rules.four_winds_draw
        and quiet
        and discards == 4
        and len(firsts) == 4
        and len(set(firsts)) == 1
        and firsts[0] in _WINDS
    ):
        return "four_winds"
    if rules.four_kongs_draw and len(kong_seats) >= 4 and len(set(kong_seats)) > 1:
        return "four_kongs"
    return None
