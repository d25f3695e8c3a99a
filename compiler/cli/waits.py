"""`mjc waits`: the tiles a 13-tile hand waits on, each with its score, or its shanten.

`compiler/cli/commands.py` parses the command line and loads the rulebook; `Ruleset.waits`
(`mjc.runtime.rules.waits`) finds the waits; this module prints them: one line a tile (its
notation and Chinese name, the copies still unseen, the total and the fans, or why the
rulebook refuses the win on it), or the shanten of a hand that is not ready. `--json` prints
`Waits.as_dict()`. With `--win TILE` only that tile's line is printed, or that it is no wait:
the 13-tile hand with TILE added, as `mjc score HAND --win TILE` scores it.
"""

from __future__ import annotations

from typing import Any

from mjc.runtime import Ruleset
from mjc.runtime.rules.waits import Wait, Waits
from mjc.runtime.tiles.tile import tile_name_zh, tile_text

__all__ = ["waits_document", "waits_text"]


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
