"""Requests and socket messages for `mjc serve`'s app (Starlette), for the fuzz tests.

* requests: a table's settings as JSON (`/api/tables`) or as the lobby's form (`/tables`),
  valid ones mutated (`input_gen`'s JSON edits) and any JSON value; bodies nested deep,
  numbers of thousands of digits, bytes that are not UTF-8; game logs for `/replay`
  (`log_gen.mutated_log`); GETs of odd paths (tokens, tiles, static files, rounds);
* a seat's socket: a table with one person and three bots, and messages to it: the seat's
  own legal moves (so play goes on), stale or replayed ones, actions of the wrong shape or
  for another seat, `away` and `back`, `next`, any JSON, and texts too long.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from choices import Choices
from input_gen import ANY_CHARACTERS, _at, _paths, _shift_type, json_value, random_text
from log_gen import mutated_log

SETTINGS: dict[str, Any] = {
    "rulebook": "guangdong",
    "options": {},
    "seats": [{"name": "我", "bot": None}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "random"}],
    "clock": 0,
}
ODD_BODIES = (b"", b"[" * 9000, b'{"a":' * 3000, b"\xff\xfe", b"null", b"[]", b"{}",
              b'{"rulebook": "guangdong", "seed": ' + b"9" * 5000 + b"}", b"NaN")  # fmt: skip
FORM_FIELDS = ("rulebook", "players", "seat0", "seat1", "name0", "opt_huangfan", "clock", "x")
FORM_VALUES = ("guangdong", "4", "2", "\u00b2", "9" * 5000, "person", "greedy", "alien", "",
               "%ff", "0.05", "1e999", "nan", "<script>")  # fmt: skip
PATHS = ("/", "/play/x", "/play/%00", "/replay", "/replay?view=%00", "/replay?view=3",
         "/replay/table/x/1", "/replay/table/x/99999999999", "/replay/table/%2e%2e/1",
         "/tiles/1m.svg", "/tiles/..%2F..", "/static/table.js", "/static/..%2Fapp.py",
         "/ws/x", "/api/tables", "/" + "a" * 5000)  # fmt: skip


def _settings(c: Choices) -> Any:
    data: Any = json.loads(json.dumps(SETTINGS))
    for _ in range(c.integer(0, 3)):
        path = c.choice(_paths(data))
        if c.chance(2):
            new = json_value(c, 4)
            data = _at(data, path, lambda h, k, new=new: h.__setitem__(k, new))
        else:
            data = _at(data, path, lambda h, k: h.__setitem__(k, _shift_type(h[k])))
    if c.chance(4) and isinstance(data, dict):
        data["seed"] = c.choice((0, 7, -1, 2**31, 1.5, "1", None, 10**29))
    return data


def request(c: Choices) -> dict[str, Any]:
    """One HTTP request: method, path, body (text sent as UTF-8, or with `latin1` the bytes
    of its latin-1 encoding) and content type."""
    kind = c.integer(0, 9)
    if kind <= 3:
        body = json.dumps(_settings(c)) if c.chance(6) else json.dumps(json_value(c, 8))
        found = {"method": "POST", "path": "/api/tables", "body": body, "type": "application/json"}
        if kind == 0:  # bytes, kept as the latin-1 text of the same bytes
            found.update(body=c.choice(ODD_BODIES).decode("latin-1"), latin1=True)
        return found
    if kind <= 5:
        fields = [(c.choice(FORM_FIELDS), c.choice(FORM_VALUES)) for _ in range(c.integer(0, 6))]
        body = "&".join(f"{quote(k)}={quote(v)}" for k, v in fields)
        return {"method": "POST", "path": "/tables", "body": body,
                "type": "application/x-www-form-urlencoded"}  # fmt: skip
    if kind <= 7:
        _, lines = mutated_log(c)
        text = "\n".join(lines)
        if c.chance(2):
            form = f"log={quote(text)}&view={c.choice(('all', '0', '9', 'x'))}"
            return {"method": "POST", "path": "/replay", "body": form,
                    "type": "application/x-www-form-urlencoded"}  # fmt: skip
        return {"method": "POST", "path": "/replay", "body": text, "type": "text/plain"}
    path = c.choice(PATHS) if c.chance(2) else "/play/" + quote(random_text(c, ANY_CHARACTERS, 8))
    return {"method": "GET", "path": path, "body": "", "type": ""}


def message(c: Choices) -> dict[str, Any]:
    """One socket message of the seat: {"legal": n} (its n-th legal move, the oracle fills it
    in from the last view), or {"text": ...} sent as it is."""
    kind = c.integer(0, 9)
    if kind <= 4:
        return {"legal": c.integer(0, 40), "stale": c.chance(8)}
    if kind == 5:
        words = ("act", "next", "away", "back", "x", None)
        return {
            "text": json.dumps(
                {
                    "type": c.choice(words),
                    "move": c.choice((0, 1, -1, None)),
                    "round": c.choice((0, 1, "0")),
                    "action": json_value(c, 4),
                }
            )
        }
    if kind == 6:
        return {"text": json.dumps(json_value(c, 6))}
    if kind == 7:
        return {"text": c.choice(("", "{", "[" * 1500, "x" * 3000, '{"type": "act"}', "\x00"))}
    return {"text": json.dumps({"type": c.choice(("away", "back", "next"))})}


def serve_case(c: Choices) -> dict[str, Any]:
    """A few requests, then a socket session of a few dozen messages."""
    return {
        "requests": [request(c) for _ in range(c.integer(0, 3))],
        "messages": [message(c) for _ in range(c.integer(0, 30))],
    }
