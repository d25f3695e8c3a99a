"""Checks of what the game is played with: the tile set and the player counts.

Input: the `tiles` and `players` sections from the `Declarations` table
(`mjc.compiler.resolve.declarations`) and, for the tile total, the typed guards of its groups
(`mjc.compiler.resolve.typecheck`). A tile group is one mjc knows, listed once, with 1 to 4
copies of each tile; `keep` names real tiles; the total is stated at most once and equals the
tile count under the default options: a total that disagrees with its groups is a mistake in
one of them, and the document's total is how the reader checks the groups. Each player count
is 2, 3 or 4, and listed once: other checks read these counts (horse tables, constraints), so
a count outside 2–4 is reported here, once, rather than by each of them."""

from __future__ import annotations

from mjc.compiler.check.common import ir_options, not_a_tile, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, error
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import TILE_GROUPS
from mjc.compiler.lower.rulebook import lower_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast


def check_tiles(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    tiles = decls.tiles
    if tiles is None:
        return problems
    seen: dict[str, ast.TileGroup] = {}
    for group in tiles.groups:
        name = group.name.text
        if name not in TILE_GROUPS:
            problems.append(
                unknown_word(
                    "E0108",
                    "tile group",
                    group.name,
                    TILE_GROUPS,
                    "the tile groups are " + ", ".join(f"`{g}`" for g in TILE_GROUPS),
                    label="not a tile group",
                )
            )
            continue
        if name in seen:
            problems.append(
                error(
                    "E0102",
                    f"the tile group `{name}` is listed twice",
                    group.name.span,
                    labels=(Label(seen[name].name.span, "first listed here"),),
                )
            )
            continue
        seen[name] = group
        copies = group.copies.value
        if not 1 <= copies <= 4:
            problems.append(
                error(
                    "E0401",
                    f"a tile group has 1 to 4 copies of each tile, not {copies}",
                    group.copies.span,
                )
            )
            continue
    for extra in tiles.totals[1:]:
        problems.append(error("E0503", "the tile set states its total twice", extra.span))
    for keep in tiles.keeps:
        for tile in keep.tiles:
            if (problem := not_a_tile(tile)) is not None:
                problems.append(problem)
    if not tiles.groups:
        problems.append(
            error("E0401", "the tile set is empty", tiles.span, help="add `characters copies 4`")
        )
    return problems


def check_tile_totals(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """The declared total is the tile count under the default options."""
    tiles = decls.tiles
    if tiles is None or not tiles.totals:
        return []
    options = ir_options(decls)
    default = next(consteval.settings(options, []))
    tile_set = lower_tiles(tiles, typed, default)
    declared = tiles.totals[0].total
    if declared.value == tile_set.total:
        return []
    breakdown = [
        f"{g.name} {len(g.tiles)}×{g.copies}"
        for g in tile_set.groups
        if consteval.holds(g.guard, default)
    ]
    return [
        error(
            "E0401",
            f"the tile counts do not add up: the groups make {tile_set.total} tiles, "
            f"but the total says {declared.value}",
            declared.span,
            label=f"the groups make {tile_set.total}",
            help=f"{' + '.join(breakdown)} = {tile_set.total} under the default options; "
            f"fix a group or write `total {tile_set.total}`",
        )
    ]


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
