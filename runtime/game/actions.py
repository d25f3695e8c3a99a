"""What a player may do in a round (`Action`) and the error an illegal one raises.

Actions come from bots, from a game server's players and from a game log (`mjc replay`), so
none is trusted: `action_from_json` checks the shape of a JSON action, and `checked` that the
round (`mjc.runtime.game.engine`) may play it now when its `legal_actions` did not list it. An
action is a small named tuple of ints and one word, so the engine's hot path compares and
hashes it cheaply; its JSON form names tiles in the docs' notation (`5m`, `7z`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from mjc.runtime.tiles.tile import NUM_PLAYING, TEXTS, NotationError, tile_or_red_five, tile_text

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = [
    "KINDS",
    "KONGS",
    "Action",
    "ActionError",
    "IllegalAction",
    "action_from_json",
    "action_text",
    "checked",
    "exchange_pick",
    "fewest_held",
    "malformed",
    "plain_turns",
]

# The decisions of a round, in the words of the log:
#   on one's own turn: discard, concealed_kong, added_kong, win (self-drawn, 自摸)
#   on another's discard: win (点炮), exposed_kong, pong, chow, pass
#   on another's added (or robbable) kong: win (抢杠), pass
#   after the deal, before the first discard: deal_win (show a win at the deal, 起手胡), pass;
#   exchange (the tiles passed to another seat, 换三张, `tiles`); then
#   declare (a word of a declaration's list, 定缺: a suit named by its 1, 1m/1p/1s);
#   on one's own turn, declare_ready: a ready declaration (立直, 报听) with the discard `tile`;
#   in one's first turn: abortive_draw (九種九牌: the round ends drawn, `TurnRules`);
#   on one's own turn after a draw, set_aside: `tile` set aside and replaced (北抜き)
KINDS: tuple[str, ...] = (
    "discard",
    "concealed_kong",
    "added_kong",
    "win",
    "exposed_kong",
    "pong",
    "chow",
    "pass",
    "deal_win",
    "declare",
    "exchange",
    "declare_ready",
    "abortive_draw",
    "set_aside",
)
_TILED = frozenset(KINDS) - {"win", "pass", "deal_win", "exchange", "abortive_draw"}
# The kong actions, which may name a kind of kong (`as`, the rulebook's `kongs` section).
KONGS = frozenset({"concealed_kong", "added_kong", "exposed_kong"})


class ActionError(ValueError):
    """An action that is not even well formed (unknown kind, bad tile, wrong type)."""


class IllegalAction(ValueError):
    """A well-formed action the round refuses now: the message is one line saying why; the
    round is unchanged."""


class Action(NamedTuple):
    """One decision of `seat`. `tile` is the tile discarded, konged or claimed (-1 for win
    and pass); a chow's `low` is the lowest tile of the run it makes (-1 otherwise); a
    kong's `kong_kind` the id of its kind of kong (`kongs` section; "": the first kind, and
    the only one of a rulebook without the section); an exchange's `tiles` the tiles it
    passes (换三张), lowest first (empty for every other kind)."""

    seat: int
    kind: str
    tile: int = -1
    low: int = -1
    kong_kind: str = ""
    tiles: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the log: tiles in notation, the fields that apply only."""
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.tile >= 0:
            data["tile"] = tile_text(self.tile)
        if self.low >= 0:
            data["low"] = tile_text(self.low)
        if self.kong_kind:
            data["as"] = self.kong_kind
        if self.tiles:
            data["tiles"] = [tile_text(t) for t in self.tiles]
        return data


Lines = tuple[tuple[dict[str, Any], ...], ...]  # per seat, per tile: a log line to copy
Plain = tuple[tuple[tuple[Action, ...], ...], Lines, Lines]


def _plain(seats: range) -> Plain:
    return (
        tuple(tuple(Action(s, "discard", t) for t in range(NUM_PLAYING)) for s in seats),
        tuple(
            tuple({"type": "action", "seat": s, "kind": "discard", "tile": t} for t in TEXTS)
            for s in seats
        ),
        tuple(
            tuple({"type": "draw", "seat": s, "tile": t, "from": "head"} for t in TEXTS)
            for s in seats
        ),
    )


_FOUR = _plain(range(4))  # seats 0..3's, made once (the lines only ever copied)


def plain_turns(players: int) -> Plain:
    """Per seat and tile, what nearly every turn of a round is made of: the discard action
    (a turn lists a dozen of them), its log line, and the log line of a draw from the wall's
    head (`mjc.runtime.game.engine`), each as `Action.to_json` and the draw write them. The
    lines are only ever copied: a round logs some seventy of each, and a copy of a made dict
    costs about half of building one from its items."""
    return _FOUR if players <= 4 else _plain(range(players))


def fewest_held(legal: Sequence[Action], counts: Sequence[int]) -> Action | None:
    """Of the `declare` actions among `legal` (定缺, each naming its suit by the suit's 1),
    the one of the suit the hand holds fewest tiles of (the first on a tie); None without."""
    declares = [a for a in legal if a.kind == "declare"]
    if not declares:
        return None
    return min(declares, key=lambda a: sum(counts[a.tile : a.tile + 9]))


def exchange_pick(legal: Sequence[Action], counts: Sequence[int]) -> Action | None:
    """Of the `exchange` actions among `legal` (换三张), the tiles of the suit the hand
    (`counts`, per tile) holds fewest of, the most isolated of them first (a tile with no
    copy and no neighbour within two ranks); None without."""
    picks = [a for a in legal if a.kind == "exchange"]
    if not picks:
        return None
    return min(
        picks, key=lambda a: (sum(_suit_held(counts, t) for t in a.tiles), _company(counts, a))
    )


def _suit_held(counts: Sequence[int], tile: int) -> int:
    """How many tiles of `tile`'s suit the hand holds (honours count as one suit)."""
    base = tile // 9 * 9 if tile < 27 else 27
    return sum(counts[base : base + 9 if tile < 27 else NUM_PLAYING])


def _company(counts: Sequence[int], action: Action) -> int:
    """How much the tiles an exchange passes work with the rest of the hand: per tile, its
    other copies (2 each) and the tiles held one rank (2) and two ranks (1) from it; an
    isolated tile (孤张) has none."""
    score = 0
    for t in action.tiles:
        score += 2 * (counts[t] - 1)
        if t < 27:
            for step, weight in ((1, 2), (2, 1)):
                for u in (t - step, t + step):
                    if 0 <= u < 27 and u // 9 == t // 9:
                        score += weight * min(counts[u], 1)
    return score


def action_text(action: Action) -> str:
    """A short line for people: `discard 5m`, `chow 3p (234p)`, `win`."""
    words = action.kind.replace("_", " ")
    if action.tiles:  # 换三张: the tiles passed
        return f"{words} " + " ".join(tile_text(t) for t in action.tiles)
    if action.kind == "declare" and 0 <= action.tile < 27:  # 定缺: a suit, named by its 1
        return f"declare {'mps'[action.tile // 9]} (the suit of {tile_text(action.tile)})"
    if action.tile >= 0:
        words += f" {tile_text(action.tile)}"
    if action.low >= 0:
        words += " (" + "".join(tile_text(action.low + i)[0] for i in range(3))
        words += tile_text(action.low)[1] + ")"
    if action.kong_kind:
        words += f" as {action.kong_kind}"
    return words


def malformed(action: Action, players: int) -> str | None:
    """Why `action` is not even an action at a table of `players` (a seat that does not
    exist, fields of the wrong type, a tile that is not one of the 34 playing tiles: no
    legal action names a flower), in one line; None when it is well formed. The round's
    check of an `Action` built by a caller, before it looks the action up and writes it out."""
    # Read as plain objects: an Action built by hand may hold anything (and the native
    # build checks a field's declared type when it is read by name).
    seat, kind, tile, low, named, tiles = cast("tuple[object, ...]", action)
    if type(seat) is not int or not 0 <= seat < players:
        return f"seat {seat!r} does not exist at {players} players"
    if type(kind) is not str or type(tile) is not int or type(low) is not int:
        return "an action's kind is a word and its tiles are tile ints"
    if type(named) is not str:
        return f"as: a kind of kong is named by its id, not {named!r}"
    if tiles and (type(tiles) is not tuple or not all(type(t) is int for t in tiles)):
        return "an exchange's tiles are a tuple of tile ints"
    held = cast("tuple[int, ...]", tiles)
    if not (-1 <= tile < NUM_PLAYING and -1 <= low < NUM_PLAYING and all(
        0 <= t < NUM_PLAYING for t in held
    )):  # fmt: skip
        return f"seat {seat} may not play a tile that is not a tile int (0 to 33)"
    return None


def checked(r: Round, action: Action) -> Action:
    """`action` as the round `r` plays it (a kong's kind, an exchange's tiles in order), or
    `IllegalAction` saying why it is not legal now: `Round.apply` of an action that is not
    one its `legal_actions` listed (a player's, a log's)."""
    if r.phase == "over":
        raise IllegalAction("the round is over")
    reason = malformed(action, r.players)
    if reason is not None:
        raise IllegalAction(reason)
    seat = action.seat
    legal = r.legal_actions(seat)
    if action.kind in KONGS and not action.kong_kind:  # a kong without `as`: the first kind
        action = r.kong_turn.first(action)
    if action.tiles:  # an exchange (换三张) names its tiles lowest first
        action = action._replace(tiles=tuple(sorted(action.tiles)))
    if action not in legal:
        waiting = ", ".join(str(s) for s in r.to_act())
        if not legal:
            raise IllegalAction(f"seat {seat} is not to act now (waiting for {waiting})")
        raise IllegalAction(f"seat {seat} may not {action_text(action)} now")
    return action


def _tile(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if value is None:
        return -1
    if not isinstance(value, str):
        raise ActionError(f"{key}: a tile is written like 5m, not {value!r}")
    try:
        tile = tile_or_red_five(value)  # a red five discarded is written 0m: it is a 5
    except NotationError as exc:
        raise ActionError(f"{key}: {exc}") from None
    if tile >= NUM_PLAYING:
        raise ActionError(f"{key}: {value} is a flower, which is never discarded or claimed")
    return tile


def action_from_json(data: object) -> Action:
    """An action from its JSON object; `ActionError` says in one line what is malformed."""
    if not isinstance(data, dict):
        raise ActionError(f"an action is a JSON object, not {type(data).__name__}")
    unknown = set(data) - {"seat", "kind", "tile", "low", "as", "tiles"}
    if unknown:
        raise ActionError(f"an action has no field {sorted(unknown)[0]!r}")
    seat, kind = data.get("seat"), data.get("kind")
    if type(seat) is not int or seat < 0:
        raise ActionError(f"seat: a seat is a number from 0, not {seat!r}")
    if kind not in KINDS:
        raise ActionError(f"kind: {kind!r} is not one of {', '.join(KINDS)}")
    tile, low = _tile(data, "tile"), _tile(data, "low")
    if kind in _TILED and tile < 0:
        raise ActionError(f"tile: a {kind} names its tile")
    if kind not in _TILED and tile >= 0:
        raise ActionError(f"tile: a {kind} names no tile")
    if (kind == "chow") != (low >= 0):
        raise ActionError("low: a chow, and only a chow, names the lowest tile of its run")
    named = data.get("as", "")
    if (named and kind not in KONGS) or not isinstance(named, str):
        raise ActionError(f"as: only a kong names its kind of kong, by its id, not {named!r}")
    return Action(seat, kind, tile, low, named, _tiles(data, kind))


def _tiles(data: dict[str, Any], kind: str) -> tuple[int, ...]:
    """An exchange's tiles (换三张), lowest first; no other kind names several tiles."""
    value = data.get("tiles")
    if (value is not None) != (kind == "exchange"):
        raise ActionError("tiles: an exchange, and only an exchange, names the tiles it passes")
    if value is None:
        return ()
    if not isinstance(value, list) or not 1 <= len(value) <= 4:
        raise ActionError("tiles: an exchange passes a list of 1 to 4 tiles")
    return tuple(sorted(_tile({"tile": t}, "tile") for t in value))
