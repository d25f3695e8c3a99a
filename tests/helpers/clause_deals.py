"""Set-up deals the engine clause tests of several rulebooks share (`tests/rulebooks/
test_engine_*.py`, `tests/game/`): each deal is the hands of seats 0-3 in seat order (seat 0
deals 14 tiles) and the draws after them, written so that nothing is claimed or won by
accident, and a driver that plays the deal up to the moment a clause is about (each a
`Scenario` round, `engine_helpers.scenario_round`). The deals use no chow, so the same deal
plays alike in 潮州 and 梅州 (no chow) and in 百色 (chow from the 上家); but the 5s deal
(`FIVE_S_CLAIMS`), which 上海 and 广东 play, chows."""

from __future__ import annotations

from engine_helpers import SEAT0, SEAT1, SEAT2, SEAT3, act, scenario_round

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round

# Seat 0 deals and discards 5s first; seat 1 (its 下家) may chow 456s, seat 2 pong 55s, seat 3
# is idle. Each of the `FIVE_S_WAITS` hands waits on 5s (the second and third on 2s too).
FIVE_S_CLAIMS = (
    "159m19p19s234567z5s",
    "123m456p78m46s11z3z",
    "234m567p4556s22z9p",
    "678m234p777z99s38p",
)
FIVE_S_WAITS = ("123m456p789m46s11z", "234m567p34s222z99p", "678m234p777z99s34s")
DEALER, CHOWER, PONGER, IDLE = FIVE_S_CLAIMS
WAIT1, WAIT2, WAIT3 = FIVE_S_WAITS
# The dealer discards 5s and the three others win on it (一炮多响); or he wins on his 14 tiles.
FIVE_S_SEVERAL = [DEALER, WAIT1, WAIT2, WAIT3]
FIVE_S_HEAVENLY = ["123m456p789s33344z", WAIT1, WAIT2, WAIT3]

# A seat 3 that holds no 1m (SEAT3 does), for deals where another seat holds all four.
SEAT3_NO_1M = "23m123p123s66777z"

# 漏碰: seat 2 holds 99s; the dealer and seat 1 each discard a 9s.
MISSED_PONG = [SEAT0, SEAT1, SEAT2, SEAT3]

# 漏胡: seat 2 waits on 1z and 5z (123m456p789s 11z 55z); the dealer and seat 1 (after
# drawing 9m) each discard a 1z.
MISSED_WIN = ["147m147p124s12345z", "258m258p235s1234z", "123m456p789s1155z", SEAT3]

# One discard, two winners: seat 1 draws 9m and discards 1z, on which seat 2 (222z 1z) and
# seat 3 (777z 1z) both win; the dealer opens with 6z, which nobody wants.
SEVERAL = ["258m258p258s2346z9s", "147m147p147s1345z", "123m456p789s2221z", "234m567p678s7771z"]

# One discard, several claims: seat 1 draws 9m and discards 1s; seat 2 wins on it (23s),
# and may chow it in 百色 (seat 1's 下家); seat 3 holds 111s and may pong or kong it.
PRIORITY = ["258m258p258s2346z9s", "147m147p147s1345z", "123m456p99s23s222z", "111s234m567p777z5z"]

# A seat that won on its dealt tiles: the dealer's 14 make 123m 456p 789s 111z 22z (天胡).
HEAVENLY = ["123m456p789s11122z", SEAT1, SEAT2.replace("9s", "8s"), SEAT3]

# The dealer's 14 win (111m 123m 456p 789s 22z) and hold four 1m: a win beside a kong.
WIN_OR_KONG = ["111123m456p789s22z", SEAT1, SEAT2, SEAT3_NO_1M]

# The dealer holds four 1m from the deal: a concealed kong on his first turn.
CONCEALED = ["1111m47p147s2345z9s", SEAT1, SEAT2, SEAT3_NO_1M]

# Seat 2 holds 3333m and 99s: it pongs the dealer's 9s, then holds a kong it may declare.
KONG_AFTER_PONG = [SEAT0, SEAT1, "3333m69p36s567z99s", "124m123p123s6677z"]

# Seat 2 holds 999m: the dealer discards the fourth 9m (直杠 / 明杠 ①).
EXPOSED = ["147m147p147s2345z9m", SEAT1.replace("9s", "8s"), "999m369p36s567z99s", SEAT3]

# Robbing an added kong: seat 1 pongs the dealer's 9s, later draws the fourth 9s and adds
# it; seat 2 (123m 456p 78s 111z 55z) waits on 9s; seat 3 (234m 567p 78s 444z 66z) too in
# `ROB_TWO`.
ROB = ["147m147p147s2345z9s", "258m258p25s99s123z", "123m456p78s111z55z", SEAT3]
ROB_DRAWS = "9m 9p 8m 9s"
# What `ROB` plays as a script: seat 1 pongs seat 0's 9s, draws the fourth later and adds it
# (补杠), and the others may rob it.
ROB_STEPS = (
    "0 discard 9s",
    "2 pass",
    "1 pong",
    "1 discard 5m",
    "2 discard 9m",
    "3 discard 9p",
    "0 discard 8m",
    "1 added_kong 9s",
)
ROB_TWO = [ROB[0], ROB[1], ROB[2], "234m567p78s444z66z"]


def rob_round(book: Ruleset, hands: list[str] = ROB, **kw: object) -> Round:
    """Play `ROB` up to seat 1's turn with the fourth 9s drawn: seat 1 ponged the dealer's
    9s (seat 2, when offered a win on it, passed), then everyone discarded what they drew."""
    game = scenario_round(book, hands, ROB_DRAWS, **kw)  # type: ignore[arg-type]
    act(game, 0, "discard", "9s")
    for seat in game.to_act():
        if seat != 1:
            game.apply(Action(seat, "pass"))
    act(game, 1, "pong")
    act(game, 1, "discard", "5m")
    act(game, 2, "discard", "9m")
    act(game, 3, "discard", "9p")
    act(game, 0, "discard", "8m")
    return game


def several_round(book: Ruleset, by_dealer: bool = False, **kw: object) -> Round:
    """Play `SEVERAL` up to the claim window on seat 1's 1z; with `by_dealer` seat 1 deals
    (seat 0 holds 13 tiles, seat 1 the 9m it would have drawn) and discards it at once."""
    if by_dealer:
        hands = [SEVERAL[0].replace("9s", ""), SEVERAL[1] + "9m", SEVERAL[2], SEVERAL[3]]
        game = scenario_round(book, hands, dealer=1, **kw)  # type: ignore[arg-type]
        act(game, 1, "discard", "1z")
        return game
    game = scenario_round(book, SEVERAL, "9m", **kw)  # type: ignore[arg-type]
    act(game, 0, "discard", "6z")
    act(game, 1, "discard", "1z")
    return game


def priority_round(book: Ruleset, **kw: object) -> Round:
    """Play `PRIORITY` up to the claim window on seat 1's 1s."""
    game = scenario_round(book, PRIORITY, "9m", **kw)  # type: ignore[arg-type]
    act(game, 0, "discard", "6z")
    act(game, 1, "discard", "1s")
    return game


def self_draw_round(book: Ruleset, **kw: object) -> Round:
    """Seat 2 self-draws its win: the dealer and seat 1 discard, seat 2 draws 1z to
    123m 456p 789s 55z + 11z (`MISSED_WIN`'s seat 2); nothing else is claimed."""
    hands = ["147m147p124s23457z", "258m258p235s2346z", MISSED_WIN[2], SEAT3]
    game = scenario_round(book, hands, "9m 1z", **kw)  # type: ignore[arg-type]
    act(game, 0, "discard", "4z")
    act(game, 1, "discard", "9m")
    return game
