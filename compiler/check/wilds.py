"""Checks of the wilds section (百搭, 鬼牌): indicator kinds, wild actions and wild tiles.

Input: the `wilds` section from the `Declarations` table (`mjc.compiler.resolve.declarations`) and,
for the tiles in play, the tile set and the typed guards (`mjc.compiler.resolve.typecheck`). An
indicator kind and every wild action are words mjc knows; cycle and fixed wilds name real tiles, and
a tile has one successor in the cycles; a fixed wild tile is in the tile set under every setting
where it is the wild (otherwise the game has no wild to draw)."""

from __future__ import annotations

from mjc.compiler.check.common import ir_options, not_a_tile, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, error
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import INDICATOR_KINDS, WILD_ACTIONS
from mjc.compiler.lower.rulebook import copies_in_play, lower_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.tile import tile_index


def check_wilds(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    if decls.wilds is None:
        return problems
    cycled: dict[str, ast.TileLit] = {}
    for item in decls.wilds.items:
        match item:
            case ast.WildIndicator(kind=kind) if kind.text not in INDICATOR_KINDS:
                problems.append(
                    unknown_word(
                        "E0116",
                        "indicator kind",
                        kind,
                        INDICATOR_KINDS,
                        "write `indicator next` (the successor is wild) or `indicator self`",
                    )
                )
            case ast.WildPermission(actions=actions):
                for action in actions:
                    if action.text not in WILD_ACTIONS:
                        problems.append(
                            unknown_word(
                                "E0117",
                                "wild action",
                                action,
                                WILD_ACTIONS,
                                "the actions are " + ", ".join(WILD_ACTIONS),
                            )
                        )
            case ast.WildCycle(tiles=tiles) | ast.WildFixed(tiles=tiles):
                for tile in tiles:
                    if (problem := not_a_tile(tile)) is not None:
                        problems.append(problem)
                        continue
                    if isinstance(item, ast.WildCycle):
                        if tile.text in cycled:
                            problems.append(
                                error(
                                    "E0102",
                                    f"`{tile.text}` appears twice in the wild cycles",
                                    tile.span,
                                    labels=(Label(cycled[tile.text].span, "first here"),),
                                    help="each tile has one successor",
                                )
                            )
                        cycled[tile.text] = tile
    return problems


def check_wild_tiles_in_play(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """A fixed wild tile must be in play under every setting where it is the wild."""
    if decls.wilds is None or decls.tiles is None:
        return []
    options = ir_options(decls)
    default = next(consteval.settings(options, []))
    tile_set = lower_tiles(decls.tiles, typed, default)
    fixed = [item for item in decls.wilds.items if isinstance(item, ast.WildFixed)]
    guards = [g.guard for g in tile_set.groups] + [k.guard for k in tile_set.keeps]
    guards += [typed.get(item.guard) for item in fixed]
    problems: list[Diagnostic] = []
    reported: set[str] = set()
    for setting in consteval.settings(options, consteval.options_read(guards)):
        copies = copies_in_play(tile_set, setting)
        for item in fixed:
            if not consteval.holds(typed.get(item.guard), setting):
                continue
            for tile in item.tiles:
                if copies[tile_index(tile.text)] or tile.text in reported:
                    continue
                reported.add(tile.text)
                problems.append(
                    error(
                        "E0404",
                        f"under {consteval.describe(setting, options)} the wild tile "
                        f"{tile.text} is not in the tile set",
                        tile.span,
                        label="removed by a tile-set option",
                        help=f"add `keep {tile.text} if …` to the tiles section for that setting",
                    )
                )
    return problems
