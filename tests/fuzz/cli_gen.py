"""Inputs of the CLI the other generators leave out: `mjc score --batch` lines, the
command lines of `mjc waits` and `mjc play`, and files for `mjc fmt`, `check`, `new` ...

* batch lines: JSON objects with a hand (`input_gen.notation`) and the fields of
  `compiler.cli.score.BATCH_FIELDS`, each now and then of the wrong type or out of range;
  lines that are not objects, not JSON, nested deep or with numbers of thousands of digits;
* waits: `mjc waits` with a hand of about 13 tiles and the flags `mjc score` shares;
* play: `mjc play --bots-only` with seeds (up to and past 64 bits), player counts, dealers,
  bots and options, right and wrong, a round or a whole match (`--match`);
* files: a rulebook's text with odd bytes (NUL, a BOM, invalid UTF-8, CR, a huge line) at
  a path that is a file, a folder, a link (to a file, a folder, nothing) or missing.
"""

from __future__ import annotations

import json
from typing import Any

from choices import Choices
from input_gen import (
    ANY_CHARACTERS,
    ODD_TILE_TEXTS,
    SITUATION_NAMES,
    WINDS,
    bundled_rulebooks,
    json_value,
    notation,
    random_text,
)

BATCH_VALUES: dict[str, tuple[Any, ...]] = {
    "win": ODD_TILE_TEXTS,
    "self_drawn": (True, False),
    "seat_wind": WINDS,
    "round_wind": WINDS,
    "dealer": (True, False),
    "dealer_streak": (0, 1, 5, -1, 10**6, 10**40),
    "set_aside": (0, 1, 4, -1, 99, 10**40),
    "players": (2, 3, 4, 0, 1, 5, -1, 10**40),
    "wild": (*ODD_TILE_TEXTS[:5], ["5z"], ["1m", "x"], [], [5]),
    "indicator": ODD_TILE_TEXTS,
    "situations": ([], ["kong_bloom"], list(SITUATION_NAMES[:4]), ["x"], [1]),
    "options": ({}, {"x": "1"}, {"players": 3}, {"": None}),
    "preset": ("", "x", "default"),
    "declared": ({}, {"missing_suit": "m"}, {"x": "y"}, {"missing_suit": 5}),
    "dora_indicators": ([], ["1m"], ["x", 5], ["5z"] * 10),
    "ura_indicators": ([], ["9m"], [None]),
}
ODD_BATCH_LINES = (
    "", " ", "{", "[]", "null", "5", '"123m"', "{}", '{"hand": null}', '{"hand": 5}',
    '{"hand": "123m", "hand": "456m"}', '{"hand": "1m", "x": 1}', "\ufeff{}", "\x00",
    "[" * 5000, "{" * 100_000, '{"hand": "' + "1" * 100_000 + 'm"}',
    '{"players": ' + "9" * 5000 + "}",
    '{"hand": "123m456m789m345m5m", "win": "5m", "players": NaN}',
)  # fmt: skip


def batch_line(c: Choices) -> str:
    """One line of `mjc score --batch`: mostly a request, now and then any text."""
    if c.chance(8):
        return c.choice(ODD_BATCH_LINES)
    if c.chance(12):
        return json.dumps(json_value(c, 6))
    data: dict[str, Any] = {"hand": notation(c)}
    for _ in range(c.integer(0, 4)):
        key = c.choice(sorted(BATCH_VALUES))
        data[key] = c.choice(BATCH_VALUES[key]) if c.chance(6) else json_value(c, 3)
        if c.chance(2):
            data[key] = c.choice(BATCH_VALUES[key])
    if c.chance(3):
        data["win"] = c.choice(ODD_TILE_TEXTS)
    return json.dumps(data, ensure_ascii=c.chance(2))


def batch(c: Choices) -> dict[str, Any]:
    """A rulebook, a few batch lines and a few of `mjc score`'s flags as every line's
    defaults."""
    flags = []
    if c.chance(3):
        flags += ["--players", c.choice(("2", "3", "4", "0", "-1", "99999999999999999999"))]
    if c.chance(3):
        flags += ["--self-drawn"]
    if c.chance(4):
        flags += ["--explain"]
    if c.chance(4):
        flags += ["--option", c.choice(("x=1", "=", "a", "players=3"))]
    return {
        "rulebook": c.choice(sorted(bundled_rulebooks())),
        "lines": [batch_line(c) for _ in range(c.integer(1, 6))],
        "flags": flags,
    }


# Hands one tile short of a win (13 tiles; a declared meld counts 3), with wilds' tiles,
# flowers, melds, and one of 16 tiles for the rulebooks of `hand 16`.
WAITING_HANDS = ("123m456p789s345s2z", "123m456p78s345s22z", "1112345678999m", "19m19p19s1234567z",
                 "123m [456p] (9999m) 11z 5z 1f", "112233m445566p7z", "2345678m5z5z5z 11p",
                 "123m456m789m123p456p7p 55s")  # fmt: skip


def waiting_hand(c: Choices) -> str:
    """A hand to ask the waits of: mostly one of `WAITING_HANDS`, now and then edited."""
    hand = c.choice(WAITING_HANDS)
    if c.chance(3):
        at = c.integer(0, len(hand))
        hand = hand[:at] + notation(c)[:3] + hand[at + c.integer(0, 2) :]
    return hand


def waits_command(c: Choices) -> list[str]:
    """`mjc waits RULEBOOK HAND` with some of its flags, right and wrong."""
    argv = ["waits", c.choice(sorted(bundled_rulebooks())), waiting_hand(c)]
    for flag, values in (
        ("--win", ODD_TILE_TEXTS),
        ("--discards", ("159m77z", "", "x", "1m" * 50, "0m", "１m")),
        ("--seat-wind", WINDS),
        ("--players", ("2", "3", "4", "0", "-1", "x", "9" * 30)),
        ("--wild", ODD_TILE_TEXTS),
        ("--indicator", ODD_TILE_TEXTS),
        ("--situation", SITUATION_NAMES),
        ("--option", ("x=1", "=", "players=3", "a")),
        ("--preset", ("", "x")),
    ):
        # Most flags seldom: one wrong flag ends the command before the waits are found.
        if c.chance(3 if flag in ("--win", "--discards", "--seat-wind") else 12):
            argv += [flag, c.choice(values)]
    for flag in ("--self-drawn", "--dealer", "--json"):
        if c.chance(4):
            argv.append(flag)
    if c.chance(10):
        argv.insert(c.integer(1, len(argv)), random_text(c, ANY_CHARACTERS, 5))
    return argv


def play_command(c: Choices) -> list[str]:
    """`mjc play RULEBOOK --bots-only` with some of its flags, right and wrong (the log's
    path is the oracle's)."""
    argv = ["play", c.choice(sorted(bundled_rulebooks())), "--bots-only"]
    seeds = ("0", "1", "-1", "2147483648", "18446744073709551615", "18446744073709551616")
    for flag, values in (
        ("--seed", (*seeds, "9" * 40, "x", str(c.integer(0, 10**6)))),
        ("--players", ("2", "3", "4", "0", "-1", "9" * 30)),
        ("--dealer", ("0", "1", "3", "4", "-1", "9" * 30)),
        ("--bot", ("random", "greedy", "auto")),
        ("--option", ("x=1", "=", "players=3", "a", "huangfan=on")),
    ):
        if c.chance(2 if flag in ("--seed", "--bot") else 5):
            argv += [flag, c.choice(values)]
    for flag in ("--match", "--json"):
        if c.chance(5):
            argv.append(flag)
    return argv


# Bytes a rulebook file may hold besides its text (kept as latin-1 text: the corpus is JSON).
ODD_BYTES = ("\x00", "\xff\xfe", "\xef\xbb\xbf", "\xc3", "\xed\xa0\x80", "\r", "\r\n", "\t",
             "\x1b[31m", "\xe2\x80\xa8", "#" + "x" * 200_000 + "\n")  # fmt: skip
PATH_KINDS = ("file", "file", "file", "folder", "folder of files", "dangling link",
              "link to file", "link to folder", "missing", "file named like a folder/")  # fmt: skip
FILE_COMMANDS = (["fmt"], ["fmt", "--check"], ["check"], ["check", "--format", "json"],
                 ["dump-ir"], ["options"], ["score", "@", "123m456m789m345m55m"],
                 ["new", "x", "--from", "@", "-o", "@.new.mjr"], ["new", "y", "--from",
                 "guangdong", "-o", "@"])  # fmt: skip


def file_case(c: Choices) -> dict[str, Any]:
    """A rulebook file (or a folder, a link, nothing) at a path, and a command run on it
    (`@` stands for its path). The text: a slice of a bundled rulebook, mutated now and
    then, with odd bytes inserted (its UTF-8 bytes as latin-1 text)."""
    from mutation_gen import mutated
    from rulebook_gen import bundled_slice

    text = bundled_slice(c)
    if c.chance(2):
        text = mutated(c, text, 2)
    data = text.encode("utf-8", "surrogatepass").decode("latin-1")
    for _ in range(c.integer(0, 2)):
        at = c.integer(0, len(data))
        data = data[:at] + c.choice(ODD_BYTES) + data[at:]
    return {
        "kind": c.choice(PATH_KINDS),
        "name": c.choice(("a.mjr", "b", "中 文.mjr", "-x.mjr", ".mjr", "a.mjr.mjr")),
        "bytes": data,
        "command": c.choice(FILE_COMMANDS),
    }
