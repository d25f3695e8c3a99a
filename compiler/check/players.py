"""Checks of the `players` section: each count is 2, 3 or 4, and listed once.

Input: the `players` section from the `Declarations` table (`mjc.compiler.resolve.declarations`).
Other checks read these counts (horse tables, constraints), so a count outside 2–4 is reported here,
once, rather than by each of them."""

from __future__ import annotations

from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.resolve.declarations import Declarations


def check_players(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    if decls.players is None:
        return problems
    seen: set[int] = set()
    for count in decls.players.counts:
        if count.value not in (2, 3, 4):
            problems.append(
                error(
                    "E0504",
                    f"mahjong is played by 2, 3 or 4 players, not {count.value}",
                    count.span,
                )
            )
        elif count.value in seen:
            problems.append(
                error("E0102", f"player count {count.value} is listed twice", count.span)
            )
        seen.add(count.value)
    return problems
