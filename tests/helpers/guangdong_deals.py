"""The deals and set-up that the 广东鸡平胡 engine clause tests share (`tests/rulebooks/
test_engine_guangdong_*.py`, split by the document's parts): seat 0 deals unless a test
says otherwise, on a whole stacked wall (`engine_helpers.stacked_round(..., tail=...)`).

The hands are the 5s deal of `clause_deals`, which `test_engine_shanghai.py` plays too
(guangdong has its tiles, no flowers): the dealer discards 5s first; seat 1 (his 下家) may
chow it, seat 2 pong it; the `WAIT` hands wait on it.
"""

from __future__ import annotations

from clause_deals import FIVE_S_CLAIMS, FIVE_S_WAITS
from engine_helpers import stacked_round

from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from tests.conftest import ruleset

BOOK = "guangdong"

# The dealer discards 5s; seat 1 may chow 456s, seat 2 pong 55s; the WAITs wait on 5s.
DEALER, CHOWER, PONGER, IDLE = FIVE_S_CLAIMS
WAIT1, WAIT2, WAIT3 = FIVE_S_WAITS
SEVERAL = [DEALER, WAIT1, WAIT2, WAIT3]
HEAVENLY = ["123m456p789s33344z", WAIT1, WAIT2, WAIT3]  # the dealer's 14 tiles win


def gd_round(hands: list[str], draws: str = "", tail: str = "", **options: object) -> Round:
    """A 广东 round of `hands` (seat 0 deals) on a whole stacked wall, under `options`."""
    return stacked_round(ruleset(BOOK), hands, draws, options=options or None, tail=tail)


def rotated(hands: list[str], dealer: int) -> list[str]:
    """`hands` written from the dealer on, placed at the seats of a round `dealer` deals."""
    return [hands[(seat - dealer) % 4] for seat in range(4)]


def gd_match(dealer: int = 0) -> Match:
    return Match(ruleset(BOOK), seed=5, dealer=dealer)


def last_turn(game: Round) -> bool:
    """The wall's last tile is drawn and its seat is to play."""
    return game.wall.drawable == 0 and game.phase == "turn"
