"""Horse payments (马) of a settled round: bought horses (买马, 罚马) hitting the winner or a
loser, and horses turned up from the end of the wall (奖马, 抓马) hitting the winner's row
(`horse_payment`) or a paying seat's row (`horse_payer_payment`).

Input: the rulebook's `Payments` (its horse tables and kinds), the resolved options, the
round, each winner's hand as settled (`SettledHand`, its lines before the cap and stake) and
the first horse lines that hold for the round. Output: the horse `Line`s, unstaked. Horse
tiles the options do not deal are refused with `RoundError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mjc.runtime.settle.horses import HorseError
from mjc.runtime.settle.lines import Line, SettledHand
from mjc.runtime.settle.payments import BonusRule, Payments
from mjc.runtime.settle.round import RoundError, RoundOutcome

__all__ = ["horse_lines"]


def horse_lines(
    payments: Payments,
    o: dict[str, Any],
    outcome: RoundOutcome,
    hands: list[SettledHand],
    chosen: dict[tuple[str, str | None], tuple[BonusRule, int]],
) -> list[Line]:
    horses = payments.horses
    n, dealer = outcome.players, outcome.dealer
    dealt = {kind.kind: count for kind, count in (horses.draws(o, None) if horses else ())}
    bought = [k for k in ("bought", "penalty") if k in dealt]
    for seat, tiles in outcome.bought_horses.items():
        if not tiles:
            continue
        if not bought:
            raise RoundError(f"bought_horses.{seat}: these options deal no bought horses")
        kind = bought[0]
        if kind == "penalty" and seat != dealer:
            raise RoundError(f"bought_horses.{seat}: only the dealer draws penalty horses (罚马)")
        if len(tiles) != dealt[kind]:
            raise RoundError(
                f"bought_horses.{seat}: {len(tiles)} horses, these options deal {dealt[kind]}"
            )
    wall_end = [k for k in ("bonus", "grabbed") if k in dealt]
    if outcome.horse_tiles and not wall_end:
        raise RoundError("horse_tiles: these options turn up no horses at the end")
    if outcome.horse_tiles and len(outcome.horse_tiles) > max(dealt[k] for k in wall_end):
        most = max(dealt[k] for k in wall_end)
        raise RoundError(f"horse_tiles: {len(outcome.horse_tiles)} tiles, at most {most} are taken")
    if horses is None:
        return []

    def seat_of(tile: str, hand: SettledHand) -> int | None:
        # A table may count from the hand's winner or its discarder (the robbed seat of a
        # robbed kong) rather than the dealer.
        s = hand.situation
        fed = outcome.robbed_from if s.robbing_kong else outcome.discarder
        discarder = None if s.self_drawn or s.kong_bloom else fed
        try:
            return horses.horse_seat(tile, n, dealer, winner=hand.seat, discarder=discarder)
        except HorseError as exc:
            raise RoundError(f"players: {exc}") from None

    lines: list[Line] = []
    for hand in hands:
        payers = {line.payer: line.amount for line in hand.lines if line.amount}
        win = hand.seat
        if bought and (("horse", bought[0])) in chosen:
            rule, amount = chosen[("horse", bought[0])]
            worth = hand.value * amount
            for owner, tiles in sorted(outcome.bought_horses.items()):
                for tile in tiles:
                    target = seat_of(tile, hand)
                    what = f"horse {tile} of seat {owner} ({bought[0]})"
                    if target == win:
                        for payer in payers:
                            if payer != owner:
                                reason = f"{what} hits winner {win}: {payer} pays as for the hand"
                                lines.append(Line(payer, owner, worth, reason, rule.where, "horse"))
                    elif target in payers and owner != win:
                        reason = f"{what} hits loser {target}: pays winner {win} as {target} does"
                        lines.append(Line(owner, win, worth, reason, rule.where, "horse"))
        drawn = {kind.kind: count for kind, count in horses.draws(o, hand.situation)}
        for end_kind in wall_end:
            on_winner = chosen.get(("horse", end_kind))
            on_payer = chosen.get(("horse_payer", end_kind))
            if end_kind not in drawn or (on_winner is None and on_payer is None):
                continue
            tiles = outcome.horse_tiles[: drawn[end_kind]]
            made: list[Line] = []
            hits = [t for t in tiles if seat_of(t, hand) == win]
            if on_winner is not None and hits:
                rule, amount = on_winner
                reason = f"horses ({end_kind}): {len(hits)} hit winner {win} ({', '.join(hits)})"
                for payer, share in payers.items():
                    amount_hit = share * amount * len(hits)
                    made.append(Line(payer, win, amount_hit, reason, rule.where, "horse"))
            if on_payer is not None:
                made += _horse_payer_lines(end_kind, tiles, hand, payers, on_payer, seat_of)
            if made:
                lines += made
                break
    return lines


def _horse_payer_lines(
    kind: str,
    tiles: tuple[str, ...] | list[str],
    hand: SettledHand,
    payers: dict[int, int],
    chosen: tuple[BonusRule, int],
    seat_of: Callable[[str, SettledHand], int | None],
) -> list[Line]:
    """`horse_payer_payment`: each horse on a paying seat's row makes that seat pay the
    winner `amount` more of its shares (its share as the hand's lines have it)."""
    rule, amount = chosen
    lines: list[Line] = []
    for payer, share in payers.items():
        on = [t for t in tiles if seat_of(t, hand) == payer]
        if on:
            reason = (
                f"horses ({kind}): {len(on)} on paying seat {payer} ({', '.join(on)}), "
                f"who pays winner {hand.seat} {amount} more share(s) each"
            )
            total = share * amount * len(on)
            lines.append(Line(payer, hand.seat, total, reason, rule.where, "horse"))
    return lines
