"""The facts of a table between rounds: 本場, a match's end and placement. (Whether the
dealer is ready at a draw, 聴牌連荘, is read by the end of the round from the engine's wait
set: `mjc.runtime.game.roundend`.)

- `next_honba`: the 本場 the next round is played with (`TurnRules.honba_rises`): one more
  when the dealer keeps the deal (a win or a draw), and under `dealer_keeps_or_draw` after
  every exhaustive draw too; 0 otherwise (another player won, or, under `dealer_keeps`, the
  deal passed).
- `match_over`: a match of `match_winds` round winds is over once the wind after the last
  has come (the last dealer of the last wind lost the deal); under `end_on_negative` (飛び)
  as soon as a seat's points are below zero. Conventions: no extra wind when nobody reaches
  a target (西入), and the last dealer's win does not end the match early (和了止め): both
  are options some tables add.
- `placement`: the seats by points, most first; a tie goes to the seat nearer the first
  dealer in turn order (起家優先).
- `award_deposits`: the deposits (供託) still on the table when a match is over go to the
  first-placed seat (the common online rule, 天鳳 and 雀魂; some tables let them be lost).
"""

from __future__ import annotations

from collections.abc import Sequence

from mjc.runtime.rules.turnrules import TurnRules

__all__ = [
    "award_deposits",
    "match_over",
    "next_honba",
    "placement",
    "starting_points",
]


def next_honba(rules: TurnRules, honba: int, *, dealer_kept: bool, drawn: bool) -> int:
    """The 本場 of the next round after one played with `honba` (see the module docstring)."""
    how = rules.honba_rises
    if how == "never":
        return 0
    if dealer_kept or (drawn and how == "dealer_keeps_or_draw"):
        return honba + 1
    return 0


def starting_points(rules: TurnRules, players: int) -> list[int]:
    """Each seat's points at the start of a match (`start_points`)."""
    return [rules.start_points] * players


def match_over(rules: TurnRules, winds_played: int, points: Sequence[int]) -> bool:
    """Whether a match is over after `winds_played` whole round winds with these points."""
    if rules.end_on_negative and any(p < 0 for p in points):
        return True
    return 0 < rules.match_winds <= winds_played


def placement(points: Sequence[int], first_dealer: int) -> list[int]:
    """The seats by points, most first; a tie to the seat nearer the first dealer."""
    n = len(points)
    return sorted(range(n), key=lambda seat: (-points[seat], (seat - first_dealer) % n))


def award_deposits(points: list[int], deposits: int, first_dealer: int) -> tuple[int, int]:
    """Give the `deposits` left on the table at a match's end to the first-placed seat:
    `points` gains them; the seat and the deposits given."""
    top = placement(points, first_dealer)[0]
    points[top] += deposits
    return top, deposits
