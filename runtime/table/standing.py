"""The facts of a table between rounds: 本場, a match's end and placement. (Whether the
dealer is ready at a draw, 聴牌連荘, is read by the end of the round from the engine's wait
set: `mjc.runtime.game.roundend`.)

- `next_honba`: the 本場 the next round is played with (`TurnRules.honba_rises`): one more
  when the dealer keeps the deal (a win or a draw), and under `dealer_keeps_or_draw` after
  every exhaustive draw too; 0 otherwise (another player won, or, under `dealer_keeps`, the
  deal passed).
- `match_over`: a match of `match_winds` round winds is over once the wind after the last
  has come (the last dealer of the last wind lost the deal); under `end_on_negative` (飛び)
  as soon as a seat's points are below zero. With `extra_winds` (西入) a match whose last
  wind ends with no seat at `target_points` goes on, and is over after the first round that
  leaves a seat there, or once its extra winds are played too (sudden death: a convention,
  天鳳's and 雀魂's rule).
- `dealer_stops`: 和了止め / 聴牌止め (`last_dealer_stops`): the dealer of the match's last
  round keeps the deal by a win or by being ready at a draw (not by an abortive draw) and is
  placed first; where the match has extra winds he must also hold `target_points`, as the
  match would otherwise go on. Automatic, as online tables play it: the dealer is not asked.
- `final_scores`: each seat's points less `target_points` (else `start_points`), with
  順位ウマ by place and オカ ((target - start) x players) to the first-placed seat: a
  zero-sum result in points. Convention: no rounding (tables that round to 1,000 first do
  it differently).
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
    "dealer_stops",
    "final_scores",
    "knocked_out",
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
    if knocked_out(rules, points):
        return True
    if not 0 < rules.match_winds <= winds_played:
        return False
    extra = rules.extra_winds
    return not extra or winds_played >= rules.match_winds + extra or reached(rules, points)


def knocked_out(rules: TurnRules, points: Sequence[int]) -> bool:
    """Whether 飛び ends the match: `end_on_negative`, and a seat's points below zero."""
    return rules.end_on_negative and min(points) < 0


def reached(rules: TurnRules, points: Sequence[int]) -> bool:
    """Whether some seat holds the target points (西入 ends once one does)."""
    return max(points) >= rules.target_points


def dealer_stops(rules: TurnRules, points: Sequence[int], dealer: int, first_dealer: int) -> bool:
    """Whether the match ends as its last round's dealer keeps the deal (和了止め; see the
    module docstring: the caller says it was the last round and how the deal was kept)."""
    if not rules.last_dealer_stops or placement(points, first_dealer)[0] != dealer:
        return False
    return not rules.extra_winds or points[dealer] >= rules.target_points


def final_scores(rules: TurnRules, points: Sequence[int], first_dealer: int) -> list[int] | None:
    """Each seat's final score in points (返し点, ウマ, オカ; see the module docstring), or
    None for rules without a final score."""
    if not (rules.target_points or rules.uma_inner or rules.uma_outer):
        return None
    n = len(points)
    target = rules.target_points or rules.start_points
    inner, outer = rules.uma_inner, rules.uma_outer
    uma = {4: [outer, inner, -inner, -outer], 3: [outer, 0, -outer]}.get(n, [outer, -outer])
    order = placement(points, first_dealer)
    final = [p - target for p in points]
    for place, seat in enumerate(order):
        final[seat] += uma[place]
    final[order[0]] += (target - rules.start_points) * n  # オカ
    return final


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
