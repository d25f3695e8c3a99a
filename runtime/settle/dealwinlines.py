"""Settling the wins at the deal (起手胡): every hand shown before the first discard is paid
by every other seat, once it is seen to hold what it names.

Input is the round's `deal_wins` (`mjc.runtime.settle.round.DealWinShown`: the seat, the ids of
its wins, the hand as dealt) and the rulebook's `DealWinRules` (made by `Ruleset.settle`: each
win's amount and rulebook line, how many tiles are dealt, and `Ruleset.deal_wins`, which says
what a dealt hand holds). Output is settlement `Line`s of kind "deal_win", each citing its line
(`deal_win@<file>#n`), paid whatever else the round did, a drawn round too; a hand that is not
a hand as dealt, or does not hold a win it names, is refused (`RoundError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from mjc.runtime.score.options import OptionError
from mjc.runtime.settle.lines import Line
from mjc.runtime.settle.payments import DealWinInfo
from mjc.runtime.settle.round import DealWinShown, RoundError, RoundOutcome
from mjc.runtime.tiles.hand import Hand, HandError, parse_hand
from mjc.runtime.tiles.tile import NotationError

__all__ = ["DealWinRules", "DealWinsOf", "deal_win_lines"]


@dataclass(frozen=True, slots=True)
class DealWinRules:
    """What a rulebook says of the wins at the deal (起手胡), for settling the hands shown:
    each win (`DealWinInfo`: id, name, what each other seat pays, its rulebook line), how many
    tiles the dealer and the others are dealt, and which wins a dealt hand holds for its seat
    (`Ruleset.deal_wins`)."""

    table: tuple[DealWinInfo, ...]
    dealt: tuple[int, int]
    held: DealWinsOf


class DealWinsOf(Protocol):
    """Which wins at the deal a dealt hand holds (`Ruleset.deal_wins`); raises `HandError`,
    `NotationError`, `OptionError` or `ValueError`."""

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
    ) -> tuple[DealWinInfo, ...]: ...


def deal_win_lines(outcome: RoundOutcome, rules: DealWinRules | None, stake: int) -> list[Line]:
    """Every other seat pays each hand shown at the deal each of its wins' amounts, once the
    hand is seen to hold them (`RoundError` naming the entry when it does not)."""
    lines: list[Line] = []
    n = outcome.players
    for i, shown in enumerate(outcome.deal_wins):
        where = f"deal_wins.{i}"
        if rules is None or not rules.table:
            raise RoundError(f"{where}: this rulebook has no wins at the deal")
        known = {w.id: w for w in rules.table}
        held = {w.id for w in _held(outcome, shown, rules, where)}
        seat = shown.seat
        for j, win in enumerate(shown.wins):
            info = known.get(win)
            if info is None:
                ids = ", ".join(known)
                raise RoundError(f"{where}.wins.{j}: no win at the deal {win!r} (they are {ids})")
            if shown.wins.index(win) != j:
                raise RoundError(f"{where}.wins.{j}: {win} is shown twice")
            if win not in held:
                raise RoundError(
                    f"{where}.wins.{j}: the hand {shown.hand} does not hold {info.name}"
                )
            reason = f"{info.name} at the deal (起手胡) of seat {seat}"
            for payer in range(n):
                if payer != seat and info.pays * stake:
                    lines.append(
                        Line(payer, seat, info.pays * stake, reason, info.rule, "deal_win")
                    )
    return lines


def _held(
    outcome: RoundOutcome, shown: DealWinShown, rules: DealWinRules, where: str
) -> tuple[DealWinInfo, ...]:
    """The wins at the deal the shown hand holds for its seat, once it is seen to be a hand as
    dealt: no declared meld, as many tiles as the seat is dealt."""
    seat = shown.seat
    try:
        hand = parse_hand(shown.hand, tiles=outcome._tiles)  # as dealt: 14, 17 with `hand 16`
    except (HandError, NotationError) as exc:
        raise RoundError(f"{where}.hand: {exc}") from None
    dealt = rules.dealt[0] if seat == outcome.dealer else rules.dealt[1]
    if hand.melds or len(hand.concealed) != dealt:
        raise RoundError(
            f"{where}.hand: a hand as dealt holds {dealt} tiles and no declared meld, "
            f"not {shown.hand}"
        )
    try:
        return rules.held(hand, **outcome.seat_facts(seat))
    except (HandError, NotationError, OptionError, ValueError) as exc:
        raise RoundError(f"{where}: {exc}") from None
