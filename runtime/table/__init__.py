"""What a table carries beyond one round's play: whether the dealer keeps the deal at a draw
(聴牌連荘), the 本場 count, and a match of fixed length with its points and placement.

`mjc.runtime.game` reads these: the end of a round (`roundend`) asks `dealer_ready_at_draw`,
and `Match` asks `next_honba`, `match_over`, `placement` and `award_deposits` (the deposits
left on the table at a match's end). They read plain values (the
rules, a hand's notation, the seats' points), never a round.
"""

from mjc.runtime.table.standing import (
    award_deposits,
    dealer_ready_at_draw,
    match_over,
    next_honba,
    placement,
    starting_points,
)

__all__ = [
    "award_deposits",
    "dealer_ready_at_draw",
    "match_over",
    "next_honba",
    "placement",
    "starting_points",
]
