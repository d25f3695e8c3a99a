"""振聴 (furiten): when a seat may not win on another's tile (`TurnRules.furiten`).

Three kinds, each lasting as the standard Riichi rules say (EMA 2016 §5.3):

- **discard furiten** (捨て牌振聴): one of the seat's waits is among its own discards, claimed
  or not (and, under `set_aside_furiten`, among the tiles it set aside: 北抜き); it lasts
  while that holds;
- **temporary furiten** (同巡内振聴): the seat passed a win on a discard (or on a kong it could
  rob); it lasts until the seat's own next discard;
- **riichi furiten** (立直後振聴): a seat that declared ready passed a win (on a discard, a
  kong, a tile set aside, or the tile it drew, discarded or set aside); it lasts for the rest
  of the round.

A furiten seat still wins on a tile it draws. The waits are the tiles that complete the
hand's shape (the engine's wait set), whatever the hand would be worth.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from mjc.runtime.tiles.tile import NUM_PLAYING
from mjc.runtime.wins.seats import hand_of

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["furiten_waits", "is_furiten", "waits_of"]


def waits_of(r: Round, seat: int) -> frozenset[int]:
    """The tiles that complete the hand `seat` holds between turns."""
    st = r.seats[seat]
    finder = r.finder
    if finder is not None:
        if st.waits is None:
            st.waits = finder(st)
        return st.waits
    return frozenset(t for t in range(NUM_PLAYING) if r.checker(hand_of(st, t, t)))


def is_furiten(r: Round, seat: int) -> bool:
    """Whether `seat` may not win on another's tile now (any of the three kinds)."""
    table = r.ready
    if seat in table.passed_wins or seat in table.riichi_furiten:
        return True
    river = r.seats[seat].river
    if river and not waits_of(r, seat).isdisjoint(river):
        return True
    aside = r.aside  # `set_aside_furiten`: the tiles the seat set aside count as its discards
    if aside is None or not r.rules.set_aside_furiten or not aside.held[seat]:
        return False
    return not waits_of(r, seat).isdisjoint(aside.held[seat])


def furiten_waits(waits: Iterable[str], discards: Iterable[str]) -> list[str]:
    """The waits (in notation) that are among the discards: the hand is furiten when any."""
    thrown = set(discards)
    return [w for w in waits if w in thrown]
