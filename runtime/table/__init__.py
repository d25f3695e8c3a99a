"""What a table carries beyond one round's play: the 本場 count, and a match of fixed length
with its points and placement.

`mjc.runtime.game` reads these: `Match` asks `next_honba`, `match_over`, `placement` and
`award_deposits` (the deposits left on the table at a match's end). They read plain values
(the rules, the seats' points), never a round.
"""

from mjc.runtime.table.standing import (
    award_deposits,
    match_over,
    next_honba,
    placement,
    starting_points,
)

__all__ = [
    "award_deposits",
    "match_over",
    "next_honba",
    "placement",
    "starting_points",
]
