"""Horse tables (中马规定): the tiles a table's rows name, and sets of tiles written as a row.

Input is the AST of a `horses` section's table rows (`dealer ranks 1, 5, 9 tiles 7z, 1z`).
Output is each row's tiles as tile ints, with the literal that named each one (for
diagnostics), and the compact row text for a set of tiles (`ranks 4, 8 tiles 4z`) that the
checks put in their messages and help lines. Shared by `mjc.compiler.check`,
`mjc.compiler.lower.rulebook` and the docs; it reports nothing itself: a rank outside 1–9 or a tile
that is no tile is skipped here and reported by the checks.
"""

from __future__ import annotations

from collections.abc import Iterable

from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.tile import NotationError, tile_index, tile_text

__all__ = ["SUIT_BASES", "compact", "rank_tiles", "row_tiles"]

SUIT_BASES = (0, 9, 18)
"""The tile int of the 1 of 万, 筒 and 条: a rank names one tile of each."""


def rank_tiles(rank: int) -> tuple[int, ...]:
    """The three tiles of a rank, one per suit (万 筒 条); none for a rank outside 1–9."""
    if not 1 <= rank <= 9:
        return ()
    return tuple(base + rank - 1 for base in SUIT_BASES)


def row_tiles(row: ast.HorseRow) -> list[tuple[int, Span]]:
    """Every tile the row names, in the order written, each with the span of its literal."""
    found: list[tuple[int, Span]] = []
    for rank in row.ranks:
        found += [(t, rank.span) for t in rank_tiles(rank.value)]
    for tile in row.tiles:
        try:
            found.append((tile_index(tile.text), tile.span))
        except NotationError:
            continue
    return found


def compact(tiles: Iterable[int]) -> str:
    """A set of tiles as a table row writes it: the ranks present in all three suits, then
    every other tile, e.g. `ranks 4, 8 tiles 4z` (empty for no tiles)."""
    remaining = set(tiles)
    ranks = [r for r in range(1, 10) if set(rank_tiles(r)) <= remaining]
    for rank in ranks:
        remaining -= set(rank_tiles(rank))
    parts = []
    if ranks:
        parts.append("ranks " + ", ".join(str(r) for r in ranks))
    if remaining:
        parts.append("tiles " + ", ".join(tile_text(t) for t in sorted(remaining)))
    return " ".join(parts)
