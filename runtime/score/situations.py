"""Situations that cannot hold: a win described with facts that contradict each other or the hand.

`Ruleset.score` calls `impossible` whenever the caller names a situation (`situations=...`); the
facts come from the caller (the CLI's flags, a game server, a finished round's JSON) and the
hand from `mjc.runtime.tiles.hand.parse_hand`. A contradiction is refused with a `SituationError`
(a `ValueError`) whose message is one line saying what cannot hold and why, rather than scored
as if the table had allowed it.
"""

from __future__ import annotations

from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import tile_text

__all__ = ["SituationError", "impossible"]

# The flags of a first-turn win (天胡, 地胡) that exclude each other and every later event.
_FIRST_TURN = ("heavenly", "earthly")
_LATER = ("kong_bloom", "robbing_kong", "last_tile")
_NAMES = {
    "heavenly": "天胡 (heavenly)",
    "earthly": "地胡 (earthly)",
    "human": "人胡 (human)",
    "kong_bloom": "杠上开花 (kong_bloom)",
    "robbing_kong": "抢杠 (robbing_kong)",
    "last_tile": "海底 (last_tile)",
    "triple_win": "一炮三响 (triple_win)",
}


class SituationError(ValueError):
    """A situation that cannot hold for this win; the message is one line."""


def impossible(hand: Hand, s: Situation) -> str | None:
    """Why the situation `s` cannot hold for a win with `hand`, or None when it can."""
    if s.heavenly or s.earthly or s.human:  # the first-turn wins (most situations have none)
        reason = _first_turn_impossible(hand, s)
        if reason is not None:
            return reason
    if s.kong_bloom and not any(m.is_kong for m in hand.melds):
        return (
            f"{_NAMES['kong_bloom']} is a win on a kong's replacement tile, "
            "and this hand declares no kong"
        )
    if s.robbing_kong and s.self_drawn:
        return f"{_NAMES['robbing_kong']} is a win on another seat's kong tile, not self-drawn"
    if s.robbing_kong and s.kong_bloom:
        return f"{_NAMES['robbing_kong']} and {_NAMES['kong_bloom']} cannot both hold for one win"
    if s.robbing_kong:
        reason = _robbed_tile_shown_elsewhere(hand, s)
        if reason is not None:
            return reason
    if s.triple_win and s.self_drawn:
        return f"{_NAMES['triple_win']} is three wins on one discard, not self-drawn"
    if s.triple_win and s.players < 4:
        return f"{_NAMES['triple_win']} needs three other seats; this game has {s.players} players"
    return None


def _robbed_tile_shown_elsewhere(hand: Hand, s: Situation) -> str | None:
    """Why a 抢杠 win on `s.winning_tile` cannot hold for `hand`, or None when it can: the robbed
    seat held three of that tile (its pong) and added the fourth, so the winner holds no other
    copy, and a robbed tile never completes a pair or a pung."""
    tile = s.winning_tile
    if not 0 <= tile < len(hand.counts):
        return None
    copies = hand.counts[tile] + sum(m.tiles.count(tile) for m in hand.melds)
    if copies <= 1:
        return None
    where = next((str(m) for m in hand.melds if tile in m.tiles), "the concealed tiles")
    text = tile_text(tile)
    return (
        f"{_NAMES['robbing_kong']} is a win on the fourth {text} of another seat's kong, whose "
        f"other three that seat holds; this hand holds another {text} (in {where})"
    )


def _first_turn_impossible(hand: Hand, s: Situation) -> str | None:
    """`impossible`'s tests of 天胡, 地胡 and 人胡, in its order."""
    if s.heavenly and not s.dealer:
        return f"{_NAMES['heavenly']} is the dealer's win, and the winner is not the dealer"
    for flag in ("earthly", "human"):
        if getattr(s, flag) and s.dealer:
            return f"{_NAMES[flag]} is won by a seat other than the dealer's, not by the dealer"
    if s.human and s.self_drawn:
        return f"{_NAMES['human']} is won on the dealer's first discard, so it is not self-drawn"
    if s.human and hand.melds:
        return (
            f"{_NAMES['human']} is won on the dealer's first discard, before any meld is "
            f"declared; this hand has {hand.melds[0]}"
        )
    if s.heavenly and not s.self_drawn:
        return f"{_NAMES['heavenly']} is won on the dealt tiles, so it is self-drawn"
    held = [name for name in _NAMES if getattr(s, name)]
    for first in _FIRST_TURN:
        if not getattr(s, first):
            continue
        if hand.melds:
            meld = hand.melds[0]
            return f"{_NAMES[first]} is won before any meld is declared; this hand has {meld}"
        for other in held:
            if other != first and (other in _FIRST_TURN or other in _LATER or other == "human"):
                return f"{_NAMES[first]} and {_NAMES[other]} cannot both hold for one win"
    return None

