"""Game logs and moves for the fuzz tests: what `mjc replay` reads and what the play API takes.

* logs: rounds the bots played to their end under every bundled rulebook (some with the
  rules they were played by written out, as a caller's override is), and the whole
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
    bundled_rulesets,
    edit_json,
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
            # The first seed's log also records the rules it was played by (a caller's
            # TurnRules override, `Round(rules=)`): edits of the rules reach the replay.
            found.append((name, tuple(log_lines(game, explicit_rules=seed == 0))))
        if ruleset.turn_rules(ruleset.resolve_options(None)).match_winds:
            found.append((name, _match_log(Match(ruleset, seed=7))))
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
    edited, data = edit_json(c, data, lambda c: c.choice(SCALARS))
    if not edited and isinstance(data, dict) and data:
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


# ------------------------------------------------------------------------------ moves

# Steps of a round played move by move (JSON, so a failing game is kept in the corpus):
#   {"pick": n}     the n-th legal action of the n-th seat asked (mod their counts): legal;
#   {"action": a}   an action as JSON (`action_from_json`), mostly malformed or illegal;
#   {"raw": [...]}  an `Action` built directly, with any fields (the native API's callers);
#   {"call": name, "seat": s, "on": v}  legal_actions, observation, set_auto, abandon, state.
ODD_SEATS: tuple[Any, ...] = (0, 1, 2, 3, 4, -1, 99, 10**20, None, "0", 1.0, True)
ODD_TILES: tuple[Any, ...] = ("1m", "5z", "0m", "0z", "9f", "1f", "", "x", "10m", 5, None)
RAW_TILES: tuple[int, ...] = (0, 4, 26, 27, 33, 34, 41, 42, 99, -1, -2, 10**12)
CALLS = ("legal_actions", "observation", "set_auto", "abandon", "state", "to_act")
ODD_KINDS = ("discard", "pass", "win", "chow", "pong", "exposed_kong", "concealed_kong",
             "added_kong", "declare", "exchange", "declare_ready", "abortive_draw",
             "set_aside", "deal_win", "x", "")  # fmt: skip


def _odd_action(c: Choices) -> dict[str, Any]:
    action: dict[str, Any] = {"seat": c.choice(ODD_SEATS), "kind": c.choice(ODD_KINDS)}
    for key in ("tile", "low"):
        if c.chance(2 if key == "tile" else 6):
            action[key] = c.choice(ODD_TILES)
    if c.chance(8):
        action["as"] = c.choice(("", "x", "minggang", 5))
    if c.chance(8):
        action["tiles"] = [c.choice(ODD_TILES) for _ in range(c.integer(0, 5))]
    if c.chance(20):
        action[c.choice(("extra", "type", "auto"))] = 1
    return action


def _step(c: Choices) -> dict[str, Any]:
    kind = c.integer(0, 19)
    if kind < 14:
        return {"pick": c.integer(0, 50)}
    if kind < 16:
        return {"action": _odd_action(c) if c.chance(4) else json_value(c, 4)}
    if kind < 18:
        seat = c.choice(ODD_SEATS[:8])
        tiles = [c.choice(RAW_TILES) for _ in range(c.integer(0, 4))] if c.chance(6) else []
        return {"raw": [seat, c.choice(ODD_KINDS), c.choice(RAW_TILES),
                        c.choice((-1, *RAW_TILES)), c.choice(("", "x")), tiles]}  # fmt: skip
    return {"call": c.choice(CALLS), "seat": c.choice(ODD_SEATS), "on": c.choice(ODD_SEATS)}


def moves(c: Choices) -> dict[str, Any]:
    """A round to play move by move: its rulebook, seed and now and then players and
    options, and up to a few hundred steps (see `_step`)."""
    book = c.choice(sorted(bundled_rulesets()))
    ruleset = bundled_rulesets()[book]
    seed = c.choice((-1, 2**64 - 1, 2**64, 10**40, "1")) if c.chance(30) else c.integer(0, 10**6)
    game: dict[str, Any] = {"rulebook": book, "seed": seed}
    if c.chance(4):
        game["players"] = c.choice((*ruleset.players, 1, 5))
    if c.chance(4):
        option = c.choice([o.id for o in ruleset.options] or ["x"])
        game["options"] = {option: c.choice((True, False, 0, 1, 2, 8, "on", "x"))}
    if c.chance(3):
        name = c.choice(sorted(SETUPS))
        game.setdefault("setup", {})[name] = c.choice(SETUPS[name])
    game["steps"] = [_step(c) for _ in range(c.integer(0, 300))]
    return game


# The rest of a round's set-up (`Round`'s keyword arguments), right and wrong.
SETUPS: dict[str, tuple[Any, ...]] = {
    "dealer": (0, 1, 3, 4, -1, None, "0", 1.0, True),
    "round_wind": ("E", "S", "N", "X", "", None, 0, ["E"]),
    "streak": (0, 1, 5, -1, 10**9, 10**30, None, "1", 1.5),
    "honba": (0, 1, 9, -1, 10**9, 10**30, None, "1", 1.5),
    "deposits": (0, 1, 1000, -1, 10**30, None, "1", 2.5),
    "points": (None, [25000] * 4, [25000] * 3, [0] * 4, [-1, 5, 10**30, 0], [], "x", [None] * 4),
    "situations": ((), ["huangfan"], ["kaibao"], ["x"], [""], "huangfan", [5], None),
}
