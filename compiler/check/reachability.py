"""Checks that every fan can score with the tiles in play (warnings, not errors).

Input: the fans' typed conditions and the tile set (`mjc.compiler.resolve.typecheck`, lowered here
by `mjc.compiler.lower.rulebook`). Each condition is read conservatively for tiles it cannot hold
without (an honour, 1m or 9m, one of a list); a fan that needs tiles the tile set lacks under the
default options (W0304), or under some setting of the options the tile set depends on (W0305), can
never score, so the fan table promises something the game cannot give. Runs only on a rulebook
without errors so far: it evaluates option guards, which must have typed."""

from __future__ import annotations

from collections.abc import Callable

from mjc.compiler import ir
from mjc.compiler.check.common import ir_options
from mjc.compiler.diagnostics import Diagnostic, warning
from mjc.compiler.ir import consteval
from mjc.compiler.lower.rulebook import copies_in_play, lower_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.runtime.tiles.tile import IS_DRAGON, IS_FLOWER, IS_HONOUR, IS_TERMINAL, IS_WIND, tile_text


def check_reachable(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """A fan whose condition needs tiles the tile set lacks can never score (a warning: the
    rulebook still works, but the fan table promises something the game cannot give). Checked
    under the default options (W0304) and under each setting of the options the tile set
    depends on (W0305), unless the fan itself depends on those options."""
    if decls.tiles is None:
        return []
    problems: list[Diagnostic] = []
    cache: dict[str, list[frozenset[int]]] = {}

    def needs_of_fan(fan: str) -> list[frozenset[int]]:
        if fan not in cache:
            cache[fan] = []
            declaration = decls.fans.get(fan)
            condition = typed.condition(declaration) if declaration is not None else None
            cache[fan] = _needs(condition, needs_of_fan) if condition is not None else []
        return cache[fan]

    options = ir_options(decls)
    tile_set = lower_tiles(decls.tiles, typed, next(consteval.settings(options, [])))
    guards = [g.guard for g in tile_set.groups] + [k.guard for k in tile_set.keeps]
    relevant = consteval.options_read(guards)
    for index, setting in enumerate(consteval.settings(options, relevant)):
        in_play = frozenset(t for t, n in enumerate(copies_in_play(tile_set, setting)) if n)
        for fan_id, fan in decls.fans.items():
            condition = typed.condition(fan)
            if (
                index > 0
                and condition is not None
                and set(consteval.options_read([condition])) & set(relevant)
            ):
                continue  # the fan already says which of these options it needs
            need = next((n for n in needs_of_fan(fan_id) if not n & in_play), None)
            if need is None:
                continue
            if index == 0:
                problems.append(
                    warning(
                        "W0304",
                        f"the fan `{fan_id}` ({fan.name}) can never score with this tile set",
                        fan.id.span,
                        label=f"it needs {_describe_need(need)}, which the tile set lacks",
                        help="add the tiles to the `tiles` section, or remove the fan",
                    )
                )
            elif not any(p.code == "W0304" and p.span == fan.id.span for p in problems):
                problems.append(
                    warning(
                        "W0305",
                        f"the fan `{fan_id}` ({fan.name}) can never score under "
                        f"{consteval.describe(setting, options)}",
                        fan.id.span,
                        label=f"it needs {_describe_need(need)}, which that setting removes",
                        help="add `when` with the option to the fan so the table shows it, "
                        "or keep the tiles with `keep`",
                    )
                )
                cache[fan_id] = []  # one warning per fan is enough
    return problems


_TILE_PREDICATES: dict[str, tuple[bool, ...]] = {
    "is_honour": IS_HONOUR,
    "is_wind": IS_WIND,
    "is_dragon": IS_DRAGON,
    "is_terminal": IS_TERMINAL,
    "is_flower": IS_FLOWER,
}


_ALWAYS_NONEMPTY = {"tiles"}


def _tiles_where(flags: tuple[bool, ...]) -> frozenset[int]:
    return frozenset(i for i, flag in enumerate(flags) if flag)


def _needs(expr: ir.Expr, lookup: Callable[[str], list[frozenset[int]]]) -> list[frozenset[int]]:
    """Sets of tiles of which at least one must exist for `expr` to hold (conservative:
    an empty list claims nothing); `lookup` gives the needs of a fan `expr` refers to."""
    match expr:
        case ir.BoolOpE(op="and", operands=operands):
            return [n for o in operands for n in _needs(o, lookup)]
        case ir.BoolOpE(op="or", operands=operands):
            parts = [_needs(o, lookup) for o in operands]
            if all(parts):
                return [frozenset().union(*(n for part in parts for n in part))]
            return []
        case ir.FanRefE(fan=fan):
            return list(lookup(fan))
        case ir.AttrE(attr=attr) if attr in _TILE_PREDICATES:
            return [_tiles_where(_TILE_PREDICATES[attr])]
        case ir.CompareE(op="==", left=left, right=ir.TileE(tile=tile)) if _is_tile_of_var(left):
            return [frozenset({tile})]
        case ir.CompareE(op="in", left=left, right=ir.ListE(items=items)) if _is_tile_of_var(
            left
        ) and all(isinstance(i, ir.TileE) for i in items):
            return [frozenset(i.tile for i in items if isinstance(i, ir.TileE))]
        case ir.QuantE(kind="any", body=body):
            return _needs(body, lookup)
        case ir.QuantE(kind="all", domain=ir.FactE(fact=fact), body=body) if (
            fact in _ALWAYS_NONEMPTY
        ):
            return _needs(body, lookup)
        case ir.CompareE(
            op=op, left=ir.QuantE(kind="count", body=body), right=ir.IntE(value=n)
        ) if (op in (">=", "==") and n >= 1) or (op == ">" and n >= 0):
            return _needs(body, lookup)
        case ir.CompareE(
            op="==", left=ir.FactE(fact="shape"), right=ir.ShapeE(shape="thirteen_orphans")
        ):
            orphans = [i for i in range(34) if IS_TERMINAL[i] or IS_HONOUR[i]]
            return [frozenset({t}) for t in orphans]
    return []


def _is_tile_of_var(expr: ir.Expr) -> bool:
    return (isinstance(expr, ir.AttrE) and expr.attr == "tile") or isinstance(expr, ir.VarE)


def _describe_need(need: frozenset[int]) -> str:
    for name, flags in _TILE_PREDICATES.items():
        if need == _tiles_where(flags):
            return {
                "is_honour": "honour tiles",
                "is_wind": "wind tiles",
                "is_dragon": "dragon tiles",
                "is_terminal": "terminal tiles",
                "is_flower": "flower tiles",
            }[name]
    return "one of " + " ".join(tile_text(t) for t in sorted(need))
