"""Situations that cannot hold: a win described with facts that contradict each other or the hand.

What each situation presumes is written in the rulebook language: the builtin ones in the
compiler's prelude (`compiler/language/prelude.mjr`), a rulebook's own beside them. The
compiler turns those presumptions into each generated module's `situation_problems`, which
`Ruleset.score` calls whenever the caller names a situation (`situations=...`); the facts come
from the caller (the CLI's flags, a game server, a finished round's JSON) and the hand from
`mjc.runtime.tiles.hand.parse_hand`. A contradiction is refused with a `SituationError` (a
`ValueError` with the code E0601) whose message is one line saying what cannot hold and why,
built here by `refusal`, rather than scored as if the table had allowed it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjc.runtime.tiles.argcheck import WRONG_TYPE_SIGNS, raise_if_wrong
from mjc.runtime.tiles.melds import Meld
from mjc.runtime.tiles.tile import tile_text

__all__ = ["SITUATION_ERROR_CODE", "SituationError", "refusal"]

# The code of every refused situation; `mjc explain E0601` says what it means.
SITUATION_ERROR_CODE = "E0601"


class SituationError(ValueError):
    """A situation that cannot hold for this win; the message is one line."""

    code = SITUATION_ERROR_CODE


def refusal(message: str, *shown: tuple[str, str, object]) -> str:
    """`message`, then what the hand shows instead: each (text, kind, value) of `shown` as
    "text is value", the value written as its kind says (`bool`, `int`, `tile`, `tiles`,
    `meld`, `melds`): "…; here declared is [111m]"."""
    try:
        if not shown:
            return message + ""  # a message that is no text fails here, not in the caller
        parts = [f"{text} is {_value_text(kind, value)}" for text, kind, value in shown]
        return message + f"; here {', '.join(parts)}"
    except WRONG_TYPE_SIGNS:
        raise_if_wrong(refusal, message, *shown)
        raise


def _value_text(kind: str, value: object) -> str:
    match kind, value:
        case "bool", bool():
            return "true" if value else "false"
        case "tile", int():
            return tile_text(value)
        case "tiles", Sequence():
            return "[" + " ".join(tile_text(t) for t in value) + "]" if value else "none"
        case "meld", Meld():
            return str(value)
        case "melds", Sequence():
            return " ".join(str(m) for m in value) if value else "none"
    return str(value)
