"""`mjc waits`: the tiles a 13-tile hand waits on, each with its score, or its shanten.

`compiler/cli/commands.py` parses the command line and loads the rulebook; `Ruleset.waits`
(`mjc.runtime.rules.waits`) finds the waits; this module prints them: one line a tile (its
notation and Chinese name, the copies still unseen, the total and the fans, or why the
rulebook refuses the win on it), or the shanten of a hand that is not ready. `--json` prints
`Waits.as_dict()`. With `--win TILE` only that tile's line is printed, or that it is no wait:
the 13-tile hand with TILE added, as `mjc score HAND --win TILE` scores it. With
`--discards TILES` (the seat's own discards, in mpsz notation) it says whether the hand is
振聴 (furiten: a wait among them, so no win on another's discard, `mjc.runtime.ready.furiten`);
the JSON then has `furiten`: `{"discards", "waits_discarded", "furiten"}`.
"""

from __future__ import annotations

import re
from typing import Any

from mjc.runtime import Ruleset
from mjc.runtime.ready.furiten import furiten_waits
from mjc.runtime.rules.waits import Wait, Waits
from mjc.runtime.tiles.tile import tile_name_zh, tile_or_red_five, tile_text

__all__ = ["discard_tiles", "furiten_document", "furiten_text", "waits_document", "waits_text"]

_GROUP = re.compile(r"(\d+)([mpsz])")


def discard_tiles(text: str) -> list[str]:
    """The tiles of `--discards` (`159m77z`), in notation, a red five (`0p`) as its five;
    `ValueError` for other text."""
    squeezed = text.replace(" ", "")
    if len(squeezed) > 500 or _GROUP.sub("", squeezed):
        raise ValueError(f"--discards: {text[:40]!r} is not tiles in mpsz notation (159m77z)")
    return [
        tile_text(tile_or_red_five(d + suit))
        for digits, suit in _GROUP.findall(squeezed)
        for d in digits
    ]


def furiten_document(waits: Waits, discards: list[str]) -> dict[str, Any]:
    """Whether the hand is 振聴 with these discards: the waits among them."""
    found = furiten_waits([w.text for w in waits.waits], discards)
    return {"discards": discards, "waits_discarded": found, "furiten": bool(found)}


def furiten_text(waits: Waits, discards: list[str]) -> str:
    """The line `mjc waits --discards` adds."""
    found = furiten_document(waits, discards)["waits_discarded"]
    if found:
        return f"振聴 (furiten): {', '.join(found)} among the discards: no win on a discard"
    return "not 振聴 (furiten): no wait among the discards"


def waits_text(ruleset: Ruleset, waits: Waits, win: int | None = None) -> str:
    """The text of `mjc waits`: a title line, then a line per winning tile, or the shanten;
    with `win`, that tile's line alone, or why it is none."""
    title = f"{ruleset.title} ({ruleset.id}): {waits.hand}"
    if win is not None:
        wait = next((w for w in waits.waits if w.tile == win), None)
        if wait is not None:
            return f"{title} — won on {tile_text(win)}\n{_wait_line(wait)}"
        others = ", ".join(w.text for w in waits.waits)
        elsewhere = f"it waits on {others}" if others else f"not ready: shanten {waits.shanten}"
        return f"{title} — {tile_text(win)} does not complete it; {elsewhere}"
    if not waits.ready:
        return f"{title} — not ready: shanten {waits.shanten} (tiles from ready)"
    count = len(waits.waits)
    lines = [f"{title} — ready on {count} tile{'s' if count != 1 else ''}, {waits.live} unseen"]
    lines += [_wait_line(w) for w in waits.waits]
    return "\n".join(lines)


def _wait_line(wait: Wait) -> str:
    score = wait.score
    head = f"  {wait.text} {tile_name_zh(wait.tile)}"
    if wait.wild:
        head += " (wild)"
    left = f"{wait.remaining} left" if wait.remaining else "none left"
    if not score.win:
        return f"{head}  {left}  no win here: {score.reason}"
    fans = (
        ", ".join(f.name if f.count == 1 else f"{f.name}×{f.count}" for f in score.fans)
        or "no fans"
    )
    return f"{head}  {left}  {score.total} {score.unit}  {fans}"


def waits_document(waits: Waits, win: int | None = None) -> dict[str, Any]:
    """The JSON of `mjc waits`: `Waits.as_dict()`, and with `win` the key `win`, that tile
    and its wait (null when it completes nothing)."""
    document = waits.as_dict()
    if win is not None:
        wait = next((w for w in waits.waits if w.tile == win), None)
        document["win"] = {"tile": tile_text(win), "wait": wait.as_dict() if wait else None}
    return document
