"""`GreedyBot`: `mjc.runtime.bots.greedy`'s hand-level policy playing a seat of a `Round`.

Input is what every bot gets (`mjc.runtime.bots.simple.Bot`): the seat's observation (JSON data,
`mjc.runtime.game.observation`) and its legal actions. The bot turns the observation back into a
`Hand` (its concealed tiles and declared melds) and the copies it has seen outside the hand
(every river, the other seats' shown melds, the indicator), then:

- wins whenever a win is offered (the engine offers one only when the rulebook allows it);
- sets a tile aside whenever it may (北抜き: a dora and one more draw);
- before play passes the tiles of the suit it holds fewest of, the loosest first (换三张),
  and declares that suit missing (定缺);
- on its turn declares a kong of its own that `greedy.kong_keeps` accepts (the first kind the
  engine offers), else discards `greedy.choose_discard`'s tile (lowest shanten, most
  effective tiles), or, when that tile may not be discarded now (食替, a wild), the first
  legal discard;
- answers a discard with the first claim `greedy.claim_improves` accepts (kong, pong, then
  the chows in the engine's order), else passes.

Deterministic: the same observation and legal actions always give the same action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mjc.runtime.bots.greedy import (
    Claim,
    GameView,
    choose_discard,
    claim_improves,
    game_view,
    kong_keeps,
)
from mjc.runtime.game.actions import Action, exchange_pick, fewest_held
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.melds import meld
from mjc.runtime.tiles.tile import NUM_PLAYING, NUM_TILES, SUIT_OF, tile_index

__all__ = ["GreedyBot"]

_CLAIMS = {"exposed_kong": "kong", "pong": "pong", "chow": "chow"}
_OWN_KONGS = ("concealed_kong", "added_kong")


def _hand(own: Mapping[str, Any]) -> Hand:
    """The seat's hand from its own entry of the observation."""
    concealed = tuple(sorted(tile_index(t) for t in own["concealed"]))
    counts = bytearray(NUM_PLAYING)
    for t in concealed:
        counts[t] += 1
    melds = []
    for m in own["melds"]:
        tiles = sorted(tile_index(t) for t in m["tiles"])
        kind = "kong" if m["kind"] == "kong" else m["kind"]
        melds.append(meld(kind, tiles[0], m.get("kong") == "concealed"))
    flowers = tuple(sorted(tile_index(t) for t in own["flowers"]))
    return Hand(concealed, tuple(melds), flowers, None, bytes(counts))


def _visible(seen: Mapping[str, Any], seat: int) -> list[int]:
    """The copies of each tile the seat has seen outside its hand."""
    counts = [0] * NUM_TILES
    texts: list[str] = []
    claimed: list[str] = []
    for other in seen["seats"]:
        texts += other["river"]
        for m in other["melds"]:
            if "claimed" in m:
                claimed.append(m["claimed"])  # in a river too: counted once, in its meld
            if other["seat"] == seat:
                continue  # the seat's own melds are part of its hand
            texts += m.get("tiles", [])
            if "shown" in m:
                texts += [m["shown"]] * 4  # 暗杠亮上方一张: the kong's four copies
    if seen.get("indicator"):
        texts.append(seen["indicator"])
    for text in texts:
        counts[tile_index(text)] += 1
    for text in claimed:
        counts[tile_index(text)] -= 1
    return [max(c, 0) for c in counts]


class GreedyBot:
    """The greedy policy (module docstring) for games of `ruleset` under `options`."""

    blind = False

    def __init__(self, ruleset: Ruleset, options: Mapping[str, object] | None = None) -> None:
        self._ruleset = ruleset
        self._options = dict(options or {})
        self._views: dict[tuple[str, ...], GameView] = {}

    def _view(self, wilds: Sequence[str], indicator: str | None) -> GameView:
        key = (indicator or "", *wilds)
        view = self._views.get(key)
        if view is None:
            view = game_view(
                self._ruleset, self._options, indicator=indicator, wilds=list(wilds) or None
            )
            self._views[key] = view
        return view

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind == "win" or action.kind == "deal_win":  # a win at the deal is paid
                return action
        for action in legal:  # 北抜き: a tile set aside is a dora and one more draw, always
            if action.kind == "set_aside":
                return action
        if observation is None:
            return legal[0]
        seat = observation["seat"]
        own = observation["seats"][seat]
        hand = _hand(own)
        # 换三张: tiles of the suit held fewest, the loosest; 定缺: the suit held fewest
        declared = exchange_pick(legal, hand.counts) or fewest_held(legal, hand.counts)
        if declared is not None:
            return declared
        visible = _visible(observation, seat)
        view = self._view(observation["wilds"], observation.get("indicator"))
        discards = [a for a in legal if a.kind == "discard"]
        # 定缺: never kong or claim a tile of a suit it declared (its hand could not win).
        missing = set(observation.get("declared", {}).get(str(seat), {}).values())
        if missing:
            legal = [a for a in legal if a.kind == "discard" or SUIT_OF[a.tile] not in missing]
        for action in legal:
            if action.kind in _OWN_KONGS and action.tile not in view.wilds:
                added = action.kind == "added_kong"
                if kong_keeps(hand, action.tile, added, view, visible):
                    return action
        if discards:
            tile = choose_discard(self._ruleset, hand, visible, view=view)
            for action in legal:  # 立直, 报听: declare ready with that discard when it may
                if action.kind == "declare_ready" and action.tile == tile:
                    return action
            return next((a for a in discards if a.tile == tile), discards[0])
        for action in legal:
            kind = _CLAIMS.get(action.kind)
            if kind is None:
                continue
            low = action.low if kind == "chow" else None
            claim = Claim(kind, action.tile, low)  # type: ignore[arg-type]
            if claim_improves(self._ruleset, hand, claim, visible, view=view):
                return action
        return next((a for a in legal if a.kind == "pass"), legal[-1])
