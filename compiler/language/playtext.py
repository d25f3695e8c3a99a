"""The play section's words in plain words: what each rule takes, its default, the listing.

Read by the messages of the play checks, the language reference, the LSP's completions and
`mjc explain E0122`; the words themselves are `mjc.compiler.language.vocabulary_play`'s.
"""

from __future__ import annotations

from mjc.compiler.language.vocabulary_play import (
    PLAY_PARTS,
    PLAY_VALUES,
    PLAY_WORDS,
    default_value,
)
from mjc.runtime.rules.turnrules import HAND_SIZES

__all__ = ["default_text", "rules_listing", "takes"]


def takes(key: str) -> str:
    """What the rule `key` takes, in words (for messages and the language reference)."""
    word = PLAY_WORDS[key]
    words = ", ".join(f"`{w}`" for w in PLAY_VALUES.get(key, ()))
    if key == "hand":
        return "one number of tiles, 3k + 1 for k sets: " + ", ".join(map(str, HAND_SIZES))
    match word.kind:
        case "toggle":
            return "`on` or `off`"
        case "number":
            return f"one number, {word.low} to {word.high}"
        case "deal":
            return "two numbers: the dealer's tiles, then each other player's (`deal 14, 13`)"
        case "pair":
            return f"two numbers, {word.low} to {word.high}"
        case "count":
            return "one count of tiles (a number, or a number option)"
        case "word":
            return f"one of {words}"
        case "situation":
            return "the id of a situation the rulebook declares"
        case "tiles":
            return "a list of tiles in play, no flower (`4z`)"
    return f"a list of {words}"


def default_text(key: str) -> str:
    """The value of rule `key` a rulebook that does not state it plays by, as it is written
    (`on`, `14, 13`, `win, kong, pong, chow`)."""
    shown = []
    for value in (default_value(f) for f in PLAY_WORDS[key].fields):
        if isinstance(value, bool):
            shown.append("on" if value else "off")
        elif isinstance(value, tuple):
            shown.append(", ".join(str(v) for v in value) or "none")
        elif value == "":
            shown.append("none")
        else:
            shown.append(str(value))
    return ", ".join(shown)


def rules_listing() -> str:
    """Every rule of the play section with what it takes and its default, as plain text, one
    rule a line by part (what `mjc explain E0122` lists)."""
    width = max(map(len, PLAY_WORDS)) + 2
    lines = ["Rules of the play section (what each takes; the default when a rulebook is silent):"]
    for part, title in PLAY_PARTS.items():
        lines += ["", f"  {title}:"]
        lines += [
            f"    {key:<{width}}{takes(key)}; default {default_text(key)}"
            for key, word in PLAY_WORDS.items()
            if word.part == part
        ]
    return "\n".join(lines)
