"""Checks of the table: the `players` section's counts, the tile set of the `tiles` section and
the wild tiles (百搭, 鬼牌) of the `wilds` section.

Input: the `players`, `tiles` and `wilds` sections from the `Declarations` table
(`mjc.compiler.resolve.declarations`) and, for the total and the tiles in play, the typed guards
(`mjc.compiler.resolve.typecheck`). Each player count is 2, 3 or 4 and listed once: other checks
read these counts (horse tables, constraints), so a count outside 2–4 is reported here, once,
rather than by each of them. A tile group is one mjc knows, listed once, with 1 to 4 copies of each
tile; `keep` names real tiles; the total is stated at most once and equals the tile count under the
default options: a total that disagrees with its groups is a mistake in one of them, and the
document's total is how the reader checks the groups. An indicator kind and every wild action are
words mjc knows; cycle and fixed wilds name real tiles, and a tile has one successor in the
cycles; a fixed wild tile is in the tile set under every setting where it is the wild (otherwise
the game has no wild to draw)."""

from __future__ import annotations

from mjc.compiler.check.common import ir_options, not_a_tile, unknown_word
from mjc.compiler.diagnostics import Diagnostic, Label, error
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import INDICATOR_KINDS, TILE_GROUPS, WILD_ACTIONS
from mjc.compiler.lower.rulebook import copies_in_play, lower_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.tile import tile_index


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


# --------------------------------------------------------------------------- wild tiles


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


def check_set_aside_tiles(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """E0577: a tile the play section's `set_aside` names is a tile of play in the tile set
    under every setting of the options (a flower is set aside by `flowers_replaced`; a tile
    the set does not hold could never be set aside)."""
    if decls.play is None or decls.tiles is None:
        return []
    lines = [i for i in decls.play.items if i.keyword.text == "set_aside"]
    tiles = [v for i in lines for v in i.values if isinstance(v, ast.TileLit)]
    if not tiles:
        return []
    options = ir_options(decls)
    default = next(consteval.settings(options, []))
    tile_set = lower_tiles(decls.tiles, typed, default)
    guards = [g.guard for g in tile_set.groups] + [k.guard for k in tile_set.keeps]
    problems: list[Diagnostic] = []
    reported: set[str] = set()
    for setting in consteval.settings(options, consteval.options_read(guards)):
        copies = copies_in_play(tile_set, setting)
        for tile in tiles:
            flower = tile.text.endswith("f")
            if tile.text in reported or (not flower and copies[tile_index(tile.text)]):
                continue
            reported.add(tile.text)
            where = "" if flower else f"under {consteval.describe(setting, options)} "
            problems.append(
                error(
                    "E0577",
                    f"{where}the tile {tile.text} set aside is "
                    + ("a flower" if flower else "not in the tile set"),
                    tile.span,
                    label="a flower" if flower else "not in play",
                    help="flowers are set aside by `flowers_replaced on`"
                    if flower
                    else f"set aside a tile the tiles section holds, or keep {tile.text}",
                )
            )
    return problems
