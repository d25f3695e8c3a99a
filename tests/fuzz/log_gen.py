"""Game logs and moves for the fuzz tests: what `mjc replay` reads and what the play API takes.

* logs: rounds the bots played to their end under every bundled rulebook, and the whole
  matches of the rulebooks that play matches (their `match`, rounds and `match_end` lines),
  written as `mjc play` writes them (`gamelog.log_lines`), then edited: lines deleted,
  swapped, doubled or cut short, the log truncated, a line's JSON mutated (a value replaced,
  retyped, deleted; `input_gen`'s mutations), garbage lines, deep or huge JSON;
* moves: a round played move by move where each step is now and then an action the round
  must refuse (another seat's, a tile not held, a wrong kind, a malformed action in JSON,
  objects of the wrong type), and the calls around it (`legal_actions`, `observation`,
  `set_auto`, `abandon`) with odd seats, also after the round is over.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from choices import Choices
from input_gen import (
    ANY_CHARACTERS,
    SCALARS,
    _at,
    _delete,
    _duplicate,
    _paths,
    _shift_type,
    bundled_rulesets,
    json_value,
    random_text,
)

from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, match_end_line
from mjc.runtime.game.match import Match
from mjc.runtime.game.players import play_round

SEEDS_PER_RULEBOOK = 2
# A match line as `mjc play --match` writes it (`matchplay._first_line`).
_JSON: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}


@cache
def played_logs() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(rulebook, log lines) of rounds the random bots played, and of whole matches."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for name, ruleset in bundled_rulesets().items():
        for seed in range(SEEDS_PER_RULEBOOK):
            game = Round(ruleset, seed=seed)
            play_round(game, [RandomBot(seed * 8 + s + 1) for s in range(game.players)])
            found.append((name, tuple(log_lines(game))))
        match = Match(ruleset, seed=7)
        if match.played_rules.match_winds:
            found.append((name, _match_log(match)))
    return tuple(found)


def _match_log(match: Match) -> tuple[str, ...]:
    ruleset = match.ruleset
    first = {
        "type": "match",
        "format": "mjc-game-log",
        "version": 1,
        "rulebook": ruleset.id,
        "rulebook_version": ruleset.version,
        "seed": match.seed,
        "players": match.players,
        "dealer": match.first_dealer,
        "options": dict(match.options),
    }
    lines = [json.dumps(first, **_JSON)]
    while not match.over:
        game = match.next_round()
        play_round(game, [RandomBot(s + 1) for s in range(game.players)])
        match.finish(game)
        lines += log_lines(game)
    lines.append(json.dumps(match_end_line(match), **_JSON))
    return tuple(lines)


ODD_LINES = (
    "",
    " ",
    "garbage",
    "{",
    "}",
    "[]",
    "null",
    "{}",
    '{"type": "end"}',
    '{"type": "start"}',
    '{"type": "match_end"}',
    '{"type": "action", "seat": 0, "kind": "pass"}',
    '{"type": "abandon"}',
    '{"type": "auto", "seat": 0, "on": true}',
    "\x00",
    "\ufeff{}",
    '{"type": "action", "seat": 99999999999999999999999, "kind": "discard", "tile": "1m"}',
    "1" * 5000,
    "[" * 5000 + "]" * 5000,
    '{"a":' * 3000 + "1" + "}" * 3000,
)


def _edit_json_line(c: Choices, text: str) -> str:
    """The line with one edit of its JSON (a line that is not JSON, or too deep to copy,
    unchanged)."""
    try:
        return _edited(c, json.loads(text))
    except (ValueError, RecursionError):
        return text


def _edited(c: Choices, data: Any) -> str:
    path = c.choice(_paths(data))
    action = c.integer(0, 5)
    if action == 0:
        new = json_value(c)
        data = _at(data, path, lambda h, k, new=new: h.__setitem__(k, new))
    elif action == 1:
        data = _at(data, path, lambda h, k: h.__setitem__(k, _shift_type(h[k])))
    elif action == 2 and path:
        data = _at(data, path, _delete)
    elif action == 3:
        data = _at(data, path, lambda h, k: h.__setitem__(k, _duplicate(h[k])))
    elif action == 4:
        new = c.choice(SCALARS)
        data = _at(data, path, lambda h, k, new=new: h.__setitem__(k, new))
    elif isinstance(data, dict) and data:
        deep = "[" * c.choice((3, 70, 500))
        key = json.dumps(c.choice(sorted(data)))
        return json.dumps(data)[:-1] + f",{key}:{deep}{deep.replace('[', ']')}}}"
    return json.dumps(data, ensure_ascii=c.chance(2))


def mutated_log(c: Choices) -> tuple[str, list[str]]:
    """A played log with one to three edits (see the module docstring)."""
    book, original = c.choice(played_logs())
    lines = list(original)
    for _ in range(c.integer(1, 3)):
        if not lines:
            break
        # A third of the edits at the lines that set the game up or end it (start, match,
        # the first round's start, end, match_end), where the replay reads the most fields.
        ends = (0, min(1, len(lines) - 1), len(lines) - 1)
        at = c.choice(ends) if c.chance(3) else c.integer(0, len(lines) - 1)
        action = c.integer(0, 9)
        if action == 0:
            del lines[at]
        elif action == 1:
            other = c.integer(0, len(lines) - 1)
            lines[at], lines[other] = lines[other], lines[at]
        elif action == 2:
            lines.insert(at, lines[c.integer(0, len(lines) - 1)])
        elif action == 3:
            lines = lines[:at]
        elif action == 4:
            lines[at] = lines[at][: c.integer(0, len(lines[at]))]
        elif action == 5:
            odd = c.choice(ODD_LINES) if c.chance(2) else random_text(c, ANY_CHARACTERS, 9)
            lines.insert(at, odd)
        else:  # most edits keep the line JSON, so the replay reads on past it
            lines[at] = _edit_json_line(c, lines[at])
    return book, lines
