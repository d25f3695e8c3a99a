"""The HTML of `mjc serve`: the lobby, the page that hands out a new table's links, the table
page and the view a seat's socket receives, rendered by Jinja2 with autoescape on.

Input: the rulebooks of the server's `Library` (their titles, option labels and choices are
rulebook text, which may come from any folder) and a seat's `Table.view` (player names typed
by people): every such string reaches the page through autoescape, never as markup, and the
JSON a page embeds is escaped the same way. The templates, the script and the style sheet are
files beside this module (no build step).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from mjc.compiler.docs.tilesvg import HandPicture, tile_label
from mjc.compiler.serve.replay import ALL, MAX_LOG, Replay
from mjc.compiler.serve.tables import DEFAULT_CLOCK, MAX_CLOCK, Library, Table
from mjc.runtime.tiles.tile import NotationError, tile_index, tile_text

__all__ = [
    "STATIC",
    "created",
    "error",
    "lobby",
    "refusal",
    "replay_form",
    "replay_page",
    "table_page",
    "view_html",
    "view_message",
]

_HERE = Path(__file__).parent
_ENV = Environment(
    loader=FileSystemLoader(_HERE),
    autoescape=select_autoescape(["html"], default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)

# What a person reads for each decision and wind, in Chinese and English.
KIND_LABELS = {
    "discard": ("打出", "Discard"),
    "concealed_kong": ("暗杠", "Concealed kong"),
    "added_kong": ("加杠", "Added kong"),
    "win": ("胡", "Win"),
    "exposed_kong": ("明杠", "Kong"),
    "pong": ("碰", "Pong"),
    "chow": ("吃", "Chow"),
    "pass": ("过", "Pass"),
    "deal_win": ("起手胡", "Show a win at the deal"),
    "declare": ("定缺", "Declare"),
    "exchange": ("换牌", "Pass"),
    "declare_ready": ("立直 / 报听", "Declare ready, discarding"),
    "abortive_draw": ("九種九牌", "Call an abortive draw"),
    "set_aside": ("拔牌", "Set aside (北抜き)"),
}
WIND_LABELS = {"E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West"), "N": ("北", "North")}
PHASE_LABELS = {
    "turn": ("出牌", "to play"),
    "claim": ("等吃碰胡", "answering a discard"),
    "rob": ("抢杠", "answering a kong"),
    "set_aside": ("拔牌", "answering a tile set aside"),
    "flower": ("补花", "answering a flower"),
    "kong": ("开杠", "answering a tile a kong turned up"),
    "deal": ("起手胡", "showing a win at the deal"),
    "declare": ("定缺", "declaring before play"),
    "exchange": ("换三张", "picking tiles to pass"),
    "over": ("本局结束", "round over"),
}

# How a match ended (`Match.ended_by`), for the match's last view.
ENDED_LABELS = {
    "length": ("终局", "played to its end"),
    "negative": ("飛び", "a seat's points fell below zero"),
    "dealer_stops": ("和了止め", "its last dealer stopped it"),
    "extra_winds": ("西入", "ended in its extra winds"),
}
STATIC: dict[str, tuple[str, str]] = {
    "table.js": ((_HERE / "table.js").read_text(encoding="utf-8"), "text/javascript"),
    "serve.css": ((_HERE / "serve.css").read_text(encoding="utf-8"), "text/css"),
    "replay.js": ((_HERE / "replay.js").read_text(encoding="utf-8"), "text/javascript"),
}


def _tile_alt(text: str) -> str:
    try:
        return tile_label(tile_index(text))
    except (NotationError, ValueError):
        return text


def _hand_groups(notation: str | None, win: str | None) -> list[list[str]]:
    """A winning hand as groups of tiles to draw: the concealed tiles, the winning tile, each
    meld, the flowers (nothing for text that is not a hand)."""
    if not notation:
        return []
    try:
        picture = HandPicture.parse(notation, win)
    except ValueError:
        return []
    groups = [[tile_text(t) for t in picture.concealed]]
    if picture.winning is not None:
        groups.append([tile_text(picture.winning)])
    groups += [[tile_text(t) for t in tiles] for tiles, _ in picture.melds]
    if picture.flowers:
        groups.append([tile_text(t) for t in picture.flowers])
    return groups


def _label(pair: tuple[str, str]) -> str:
    return f"{pair[0]} {pair[1]}"


def _action_label(action: dict[str, Any]) -> str:
    words = _label(KIND_LABELS.get(action["kind"], (action["kind"], "")))
    if "low" in action:
        low = action["low"]
        return f"{words} {int(low[0])}{int(low[0]) + 1}{int(low[0]) + 2}{low[1]}"
    if "tiles" in action:  # 换三张: the tiles passed
        return f"{words} {' '.join(action['tiles'])}"
    words = f"{words} {action['tile']}" if "tile" in action else words
    return f"{words} ({action['as']})" if "as" in action else words  # a kind of kong


def _move_label(line: dict[str, Any] | None) -> str:
    """A replayed decision for people: who did what (the deal for the first state)."""
    if line is None:
        return "发牌 The deal"
    if line["type"] == "auto":
        return f"座 seat {line['seat']}: 托管 auto play {'on' if line['on'] else 'off'}"
    if line["type"] == "abandon":
        return "中止 The round is abandoned"
    if line["type"] == "action":
        return f"座 seat {line['seat']}: {_action_label(line)}"
    return str(line["type"])


_ENV.globals.update(
    move_label=_move_label,
    view_name=lambda v: "全部明牌 All hands" if v == ALL else f"座 seat {v}",
    tile_alt=_tile_alt,
    hand_groups=_hand_groups,
    kind_label=lambda kind: _label(KIND_LABELS.get(kind, (kind, ""))),
    wind_label=lambda wind: _label(WIND_LABELS.get(wind, (wind, wind))),
    phase_label=lambda phase: _label(PHASE_LABELS.get(phase, (phase, phase))),
    ended_label=lambda how: _label(ENDED_LABELS.get(how, (how, how))),
    action_label=_action_label,
    as_json=lambda data: json.dumps(data, ensure_ascii=False, separators=(",", ":")),
)


def lobby(library: Library, bot_kinds: Sequence[str]) -> str:
    """The lobby: each rulebook with a form to open a table (options, who plays each seat)."""
    books = sorted(library.rulesets.values(), key=lambda r: r.id)
    return _ENV.get_template("lobby.html").render(
        books=books,
        bot_kinds=bot_kinds,
        broken=library.broken,
        default_clock=DEFAULT_CLOCK,
        max_clock=MAX_CLOCK,
    )


def created(table: Table, links: list[dict[str, Any]]) -> str:
    """The page after a table is opened: one link per seat, for its player only."""
    return _ENV.get_template("created.html").render(table=table, links=links)


def error(reason: str) -> str:
    return _ENV.get_template("error.html").render(reason=reason)


def _hand(seen: dict[str, Any]) -> tuple[list[str], str | None]:
    """The seat's concealed tiles with the tile just drawn set apart (shown last)."""
    hand = list(seen["seats"][seen["seat"]].get("concealed", []))
    drawn = seen.get("drawn")
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
        return hand, drawn
    return hand, None


def view_html(view: dict[str, Any]) -> str:
    """The table as `view`'s seat sees it: its hand (each tile it may discard a button), the
    other seats, and the other legal decisions as buttons; at the end the settlement, and at
    the match's end the standings."""
    seen = view["seen"]
    hand, drawn = _hand(seen)
    legal = seen["legal"]
    discards = {a["tile"] for a in legal if a["kind"] == "discard"}
    others = [a for a in legal if a["kind"] != "discard"]
    order = [(seen["seat"] + i) % seen["players"] for i in range(seen["players"])]
    return _ENV.get_template("view.html").render(
        view=view,
        seen=seen,
        hand=hand,
        drawn=drawn,
        discards=discards,
        others=others,
        order=order,
    )


def view_message(view: dict[str, Any]) -> str:
    """The socket message carrying `view`: its data and its HTML."""
    return json.dumps(
        {
            "type": "view",
            "round": view["round"],
            "move": view["move"],
            "view": view,
            "html": view_html(view),
        },
        ensure_ascii=False,
    )


def refusal(reason: str) -> str:
    return json.dumps({"type": "refused", "reason": reason}, ensure_ascii=False)


def table_page(view: dict[str, Any]) -> str:
    """The whole table page; the script then keeps it current over the seat's socket."""
    return _ENV.get_template("table.html").render(view=view, body=view_html(view))


def replay_form() -> str:
    """The form to upload a game log to replay."""
    return _ENV.get_template("replay_form.html").render(max_log=MAX_LOG)


def replay_page(shown: Replay, base: str | None) -> str:
    """A replayed log, every state one section the script steps through; `base` is the
    page's path to link the other views (None when the log was uploaded)."""
    views = [*(str(s) for s in range(shown.players)), ALL]
    return _ENV.get_template("replay.html").render(shown=shown, views=views, base=base)
