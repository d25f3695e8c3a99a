"""Semantic checks of a rulebook whose names and expressions have been resolved and typed.

Input: the `Declarations` table and the typed conditions of fans (from `compiler.typecheck`).
Each check is one function that returns its problems; none raises. The checks: tile counts
add up, player counts and option defaults are valid, tiers and relations name what exists,
fan relations and fan references have no cycles, no fan is implied into its own exclusion,
no fan is worth more than its tier's cap, every fan can score with this tile set, and every
inline example is well-formed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from compiler import ast, consteval, ir
from compiler.declarations import Declarations
from compiler.diagnostics import Diagnostic, Label, Span, error, warning
from compiler.graphs import find_cycle
from compiler.lower import copies_in_play, lower_option, lower_tiles
from compiler.suggest import did_you_mean
from compiler.tilesets import group_tiles
from compiler.typecheck import removed_but_used
from compiler.typed import Typed
from compiler.vocabulary import (
    CLAIM_VERBS,
    EXAMPLE_SETTINGS,
    INDICATOR_KINDS,
    SITUATION_FACTS,
    TILE_GROUPS,
    WILD_ACTIONS,
    WIND_LETTERS,
)
from runtime.hand import parse_hand
from runtime.tiles import (
    IS_DRAGON,
    IS_FLOWER,
    IS_HONOUR,
    IS_TERMINAL,
    IS_WIND,
    NotationError,
    tile_index,
)


def run_all(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Every check, in order; the tile-set and reachability checks only run on a rulebook
    without errors so far (they evaluate option guards, which must have typed)."""
    problems: list[Diagnostic] = []
    problems += check_tiles(decls)
    problems += check_players(decls)
    problems += check_options(decls)
    problems += check_scoring(decls)
    problems += check_fan_tiers_and_caps(decls)
    problems += check_relations(decls)
    problems += check_fan_references(decls, typed.fan_refs)
    problems += check_examples(decls)
    problems += check_wilds(decls)
    problems += check_claims(decls)
    problems += check_presets(decls)
    if not any(p.severity == "error" for p in (*problems, *typed.problems)):
        problems += check_tile_totals(decls, typed)
        problems += check_wild_tiles_in_play(decls, typed)
        problems += check_reachable(decls, typed)
        problems += check_constraints(decls, typed)
    return problems


# --------------------------------------------------------------------------- tiles and players


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
                error(
                    "E0108",
                    f"unknown tile group `{name}`",
                    group.name.span,
                    label="not a tile group",
                    help=did_you_mean(name, TILE_GROUPS)
                    or "the tile groups are " + ", ".join(f"`{g}`" for g in TILE_GROUPS),
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
            try:
                tile_index(tile.text)
            except NotationError as exc:
                problems.append(
                    error("E0203", f"`{tile.text}` is not a tile", tile.span, label=str(exc))
                )
    if not tiles.groups:
        problems.append(
            error("E0401", "the tile set is empty", tiles.span, help="add `characters copies 4`")
        )
    return problems


def _ir_options(decls: Declarations) -> dict[str, ir.Option]:
    return {o.id.text: lower_option(o) for o in decls.options.values()}


def check_tile_totals(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """The declared total is the tile count under the default options."""
    tiles = decls.tiles
    if tiles is None or not tiles.totals:
        return []
    options = _ir_options(decls)
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


def check_presets(decls: Declarations) -> list[Diagnostic]:
    """Presets name declared options and choices they have."""
    problems: list[Diagnostic] = []
    for preset in decls.presets.values():
        for key, value in preset.settings:
            option = decls.options.get(key.text)
            if option is None:
                problems.append(
                    error(
                        "E0104",
                        f"preset `{preset.id.text}` sets an unknown option `{key.text}`",
                        key.span,
                        help=did_you_mean(key.text, decls.options),
                    )
                )
                continue
            if not _valid_value(option, value.text):
                problems.append(
                    error(
                        "E0105",
                        f"preset `{preset.id.text}` sets option `{key.text}` to `{value.text}`, "
                        "which it does not offer",
                        value.span,
                        help="its values: " + ", ".join(_values_text(option)),
                    )
                )
    return problems


def _valid_value(option: ast.OptionDecl, text: str) -> bool:
    match option.type:
        case ast.ToggleType():
            return text in ("on", "off")
        case ast.ChoiceType(choices=choices):
            return text in {c.id.text for c in choices}
        case ast.NumberType(low=low, high=high):
            return text.isdigit() and low <= int(text) <= high
    return False


def _values_text(option: ast.OptionDecl) -> list[str]:
    match option.type:
        case ast.ToggleType():
            return ["on", "off"]
        case ast.ChoiceType(choices=choices):
            return [c.id.text for c in choices]
        case ast.NumberType(low=low, high=high):
            return [f"{low}..{high}"]
    return []


def check_constraints(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """The default options, and every preset, satisfy every constraint (for every player
    count the rulebook supports)."""
    problems: list[Diagnostic] = []
    options = _ir_options(decls)
    default = next(consteval.settings(options, []))
    counts = [c.value for c in decls.players.counts] if decls.players else [4]
    candidates: list[tuple[str, dict[str, consteval.OptionValue], Span | None]] = [
        ("the default options", dict(default), None)
    ]
    for preset in decls.presets.values():
        setting = dict(default)
        for key, value in preset.settings:
            if key.text in options and _valid_value(decls.options[key.text], value.text):
                setting[key.text] = _parse_value(options[key.text], value.text)
        candidates.append((f"preset `{preset.id.text}`", setting, preset.id.span))
    for constraint in decls.constraints:
        condition = typed.get(constraint.condition)
        if condition is None:
            continue
        for what, setting, span in candidates:
            for players in counts:
                if consteval.evaluate(condition, {**setting, "players": players}):
                    problems.append(
                        error(
                            "E0501",
                            f"{what} break the constraint: {constraint.reason}",
                            span or _head_span(constraint.span),
                            labels=(Label(_head_span(constraint.span), "the constraint"),),
                            help="change the defaults (or the preset) so the constraint holds",
                        )
                    )
                    break
    return problems


def _parse_value(option: ir.Option, text: str) -> consteval.OptionValue:
    if option.kind == "toggle":
        return text == "on"
    if option.kind == "number":
        return int(text)
    return text


def _head_span(span: Span) -> Span:
    if span.end_line == span.line:
        return span
    return Span(span.file, span.line, span.column, span.line, span.column + 1)


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


# --------------------------------------------------------------------------- options


def check_options(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    for option in decls.options.values():
        default = option.default
        match option.type:
            case ast.ToggleType():
                if default is not None and default.text not in ("on", "off"):
                    problems.append(
                        error(
                            "E0501",
                            f"the default of toggle `{option.id.text}` must be `on` or `off`",
                            default.span,
                            label=f"`{default.text}` is not on or off",
                        )
                    )
            case ast.ChoiceType(choices=choices):
                ids: dict[str, ast.Choice] = {}
                for choice in choices:
                    if choice.id.text in ids:
                        problems.append(
                            error(
                                "E0102",
                                f"option `{option.id.text}` lists the choice "
                                f"`{choice.id.text}` twice",
                                choice.id.span,
                                labels=(Label(ids[choice.id.text].id.span, "first listed here"),),
                            )
                        )
                    ids[choice.id.text] = choice
                if default is not None and default.text not in ids:
                    problems.append(
                        error(
                            "E0501",
                            f"the default `{default.text}` is not a choice of option "
                            f"`{option.id.text}`",
                            default.span,
                            label="not among the choices",
                            help=did_you_mean(default.text, ids)
                            or "its choices are " + ", ".join(f"`{c}`" for c in ids),
                        )
                    )
            case ast.NumberType(low=low, high=high):
                if low > high:
                    problems.append(
                        error("E0501", f"the range {low}..{high} is empty", option.type.span)
                    )
                elif default is not None and (
                    not default.text.isdigit() or not low <= int(default.text) <= high
                ):
                    problems.append(
                        error(
                            "E0501",
                            f"the default of `{option.id.text}` must be a number "
                            f"from {low} to {high}",
                            default.span,
                        )
                    )
    return problems


# --------------------------------------------------------------------------- scoring frame


def check_scoring(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    scoring = decls.scoring
    if scoring is None:
        return problems
    if not scoring.units:
        problems.append(
            error(
                "E0502",
                "the scoring section has no unit",
                Span(
                    scoring.span.file,
                    scoring.span.line,
                    scoring.span.column,
                    scoring.span.line,
                    scoring.span.column + 7,
                ),
                help='add `unit "番"` (or the unit the document counts in)',
            )
        )
    for extra_unit in scoring.units[1:]:
        problems.append(
            error("E0503", "the scoring section states its unit twice", extra_unit.span)
        )
    if not scoring.tiers:
        problems.append(
            error(
                "E0502",
                "the scoring section declares no tier",
                Span(
                    scoring.span.file,
                    scoring.span.line,
                    scoring.span.column,
                    scoring.span.line,
                    scoring.span.column + 7,
                ),
                help='add one, for example `tier base "番" add`',
            )
        )
    for tier in scoring.tiers:
        unguarded = [c for c in tier.caps if c.guard is None]
        for extra in unguarded[1:]:
            problems.append(
                error(
                    "E0503",
                    f"the tier `{tier.id.text}` states its cap twice",
                    extra.span,
                    help="an option-dependent cap is written `cap 16 if option.<id> == …`",
                )
            )
        for target in tier.overrides:
            if target.text not in decls.tiers:
                problems.append(_unknown_tier(target, decls))
            elif target.text == tier.id.text:
                problems.append(error("E0301", "a tier cannot override itself", target.span))
    return problems


def _unknown_tier(ident: ast.Ident, decls: Declarations) -> Diagnostic:
    return error(
        "E0107",
        f"unknown tier `{ident.text}`",
        ident.span,
        label="not declared in the scoring section",
        help=did_you_mean(ident.text, decls.tiers, describe=lambda t: decls.tiers[t].name)
        or "the tiers are " + ", ".join(f"`{t}`" for t in decls.tiers),
    )


def fan_tier(fan: ast.FanDecl, decls: Declarations) -> str | None:
    if fan.tiers:
        return fan.tiers[0].text
    return next(iter(decls.tiers), None)


def check_fan_tiers_and_caps(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    for fan in decls.fans.values():
        if fan.tiers and fan.tiers[0].text not in decls.tiers:
            problems.append(_unknown_tier(fan.tiers[0], decls))
            continue
        tier_id = fan_tier(fan, decls)
        tier = decls.tiers.get(tier_id) if tier_id else None
        if tier is None:
            continue
        for cap in tier.caps:
            for value in fan.values:
                if not isinstance(value.value, ast.IntLit):
                    continue
                if value.value.value <= cap.value.value:
                    continue
                problems.append(
                    error(
                        "E0402",
                        f"the cap of tier `{tier.id.text}` ({cap.value.value}) is below the "
                        f"value of `{fan.id.text}` ({value.value.value})",
                        value.value.span,
                        label=f"worth {value.value.value}, capped at {cap.value.value}",
                        labels=(Label(cap.value.span, "the cap"),),
                        help=f"raise the cap, or move `{fan.id.text}` to a tier without a cap",
                    )
                )
    return problems


# --------------------------------------------------------------------------- relations


def check_relations(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    for fan in decls.fans.values():
        for relation in fan.relations:
            target = relation.target.text
            if target == fan.id.text:
                problems.append(
                    error(
                        "E0301",
                        f"the fan `{target}` {relation.kind} itself",
                        relation.target.span,
                        help="delete this relation",
                    )
                )
            elif target in decls.removed:
                problems.append(removed_but_used(decls.removed[target], relation.target.span))
            elif target not in decls.fans:
                problems.append(
                    error(
                        "E0103",
                        f"`{fan.id.text}` {relation.kind} an unknown fan `{target}`",
                        relation.target.span,
                        label="no fan has this id",
                        help=did_you_mean(
                            target, decls.fans, describe=lambda f: decls.fans[f].name
                        ),
                    )
                )
    if problems:
        return problems

    # A fan implied by a fan that excludes it is also a two-fan cycle: say what is wrong
    # with it (E0303) rather than only that the relations form a cycle.
    for fan in decls.fans.values():
        for implied in (r for r in fan.relations if r.kind == "implies"):
            other = decls.fans[implied.target.text]
            back = next(
                (
                    r
                    for r in other.relations
                    if r.target.text == fan.id.text and r.kind in ("excludes", "replaces")
                ),
                None,
            )
            if back is not None:
                problems.append(
                    error(
                        "E0303",
                        f"the fan `{fan.id.text}` can never be counted: it implies "
                        f"`{other.id.text}`, which {back.kind} it",
                        implied.target.span,
                        labels=(Label(back.target.span, f"`{other.id.text}` {back.kind} it here"),),
                        help=f"perhaps `{fan.id.text}` should exclude `{other.id.text}` instead",
                    )
                )
    if problems:
        return problems

    edges = {fan_id: [r.target.text for r in fan.relations] for fan_id, fan in decls.fans.items()}
    cycle = find_cycle(edges)
    if cycle:
        first = decls.fans[cycle[0]]
        relation = next(r for r in first.relations if r.target.text == cycle[1])
        path = " → ".join(f"`{f}`" for f in cycle)
        problems.append(
            error(
                "E0301",
                f"the fan relations form a cycle: {path}",
                relation.target.span,
                label="this relation closes the cycle",
                help="a fan can exclude, imply or replace only fans below it; remove one link",
            )
        )
    return problems


def check_fan_references(
    decls: Declarations, refs: Mapping[str, Iterable[tuple[str, Span]]]
) -> list[Diagnostic]:
    """Fans whose conditions refer to each other in a circle could never be evaluated."""
    edges = {fan: [name for name, _ in uses] for fan, uses in refs.items()}
    cycle = find_cycle(edges)
    if not cycle:
        return []
    span = next(s for name, s in refs[cycle[0]] if name == cycle[1])
    path = " → ".join(f"`{f}`" for f in cycle)
    return [
        error(
            "E0302",
            f"fan conditions refer to each other in a circle: {path}",
            span,
            label="this reference closes the circle",
            help="write one of the conditions out in full instead of referring to the fan",
        )
    ]


# --------------------------------------------------------------------------- reachability


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

    options = _ir_options(decls)
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
                cache_key = fan_id  # one warning per fan is enough
                cache[cache_key] = []
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


def _needs(expr: ir.Expr, fan_needs: object) -> list[frozenset[int]]:
    """Sets of tiles of which at least one must exist for `expr` to hold (conservative:
    an empty list claims nothing)."""
    lookup = fan_needs  # a callable: fan id -> its needs
    match expr:
        case ir.BoolOpE(op="and", operands=operands):
            return [n for o in operands for n in _needs(o, lookup)]
        case ir.BoolOpE(op="or", operands=operands):
            parts = [_needs(o, lookup) for o in operands]
            if all(parts):
                return [frozenset().union(*(n for part in parts for n in part))]
            return []
        case ir.FanRefE(fan=fan):
            return list(lookup(fan))  # type: ignore[operator]
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
    from runtime.tiles import tile_text

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


# --------------------------------------------------------------------------- examples


def check_examples(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    settable = set(SITUATION_FACTS) | set(EXAMPLE_SETTINGS) | set(decls.situations)
    for fan in decls.fans.values():
        for example in fan.examples:
            try:
                parse_hand(example.hand, example.win)
            except NotationError as exc:
                problems.append(
                    error(
                        "E0505",
                        f"the example hand of `{fan.id.text}` is not valid notation",
                        example.span,
                        label=str(exc),
                        help='hands are written in mpsz notation, e.g. "123m456p789s11122z"',
                    )
                )
            for item in example.situation:
                problems.extend(_check_situation_item(item, decls, settable))
    return problems


def _check_situation_item(
    item: ast.SituationItem, decls: Declarations, settable: set[str]
) -> list[Diagnostic]:
    name = item.name.text
    value = item.value.text if item.value is not None else None
    if name in decls.options:
        option = decls.options[name]
        allowed: list[str] | None = None
        if isinstance(option.type, ast.ToggleType):
            allowed = ["on", "off"]
        elif isinstance(option.type, ast.ChoiceType):
            allowed = [c.id.text for c in option.type.choices]
        if value is None or (allowed is not None and value not in allowed):
            return [
                error(
                    "E0506",
                    f"the example sets option `{name}` to "
                    f"{'nothing' if value is None else f'`{value}`'}",
                    item.span,
                    help="write `" + name + "=" + (allowed[0] if allowed else "N") + "`",
                )
            ]
        return []
    if name not in settable:
        return [
            error(
                "E0111",
                f"an example cannot set `{name}`",
                item.name.span,
                label="not a situation or an option",
                help=did_you_mean(name, sorted(settable | set(decls.options))),
            )
        ]
    if name in ("seat_wind", "round_wind"):
        if value not in WIND_LETTERS:
            return [
                error(
                    "E0506",
                    f"`{name}` is one of E, S, W, N",
                    item.span,
                    help=f"write `{name}=E`",
                )
            ]
    elif name == "players":
        if value not in ("2", "3", "4"):
            return [error("E0506", "`players` is 2, 3 or 4", item.span)]
    elif name in ("wild", "indicator"):
        try:
            tile_index(value or "")
        except NotationError:
            return [
                error(
                    "E0506",
                    f"`{name}` names a tile, such as `{name}=5z`",
                    item.span,
                )
            ]
    elif value is not None:
        return [
            error(
                "E0506",
                f"`{name}` is a flag and takes no value",
                item.span,
                help=f"write just `{name}`",
            )
        ]
    return []


# --------------------------------------------------------------------------- wilds and claims


def check_wilds(decls: Declarations) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    if decls.wilds is None:
        return problems
    cycled: dict[str, ast.TileLit] = {}
    for item in decls.wilds.items:
        match item:
            case ast.WildIndicator(kind=kind) if kind.text not in INDICATOR_KINDS:
                problems.append(
                    error(
                        "E0116",
                        f"unknown indicator kind `{kind.text}`",
                        kind.span,
                        help=did_you_mean(kind.text, INDICATOR_KINDS)
                        or "write `indicator next` (the successor is wild) or `indicator self`",
                    )
                )
            case ast.WildPermission(actions=actions):
                for action in actions:
                    if action.text not in WILD_ACTIONS:
                        problems.append(
                            error(
                                "E0117",
                                f"unknown wild action `{action.text}`",
                                action.span,
                                help=did_you_mean(action.text, WILD_ACTIONS)
                                or "the actions are " + ", ".join(WILD_ACTIONS),
                            )
                        )
            case ast.WildCycle(tiles=tiles) | ast.WildFixed(tiles=tiles):
                for tile in tiles:
                    try:
                        tile_index(tile.text)
                    except NotationError as exc:
                        problems.append(
                            error(
                                "E0203", f"`{tile.text}` is not a tile", tile.span, label=str(exc)
                            )
                        )
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


def check_claims(decls: Declarations) -> list[Diagnostic]:
    """Claim rules use known words; explicit wild permissions agree with them."""
    problems: list[Diagnostic] = []
    verbs: set[str] = set()
    if decls.claims is not None:
        for rule in decls.claims.rules:
            verb, *kinds = rule.words
            if verb.text not in CLAIM_VERBS:
                problems.append(
                    error(
                        "E0118",
                        f"unknown claim `{verb.text}`",
                        verb.span,
                        help=did_you_mean(verb.text, CLAIM_VERBS)
                        or "the claims are " + ", ".join(CLAIM_VERBS),
                    )
                )
                continue
            verbs.add(verb.text)
            allowed = CLAIM_VERBS[verb.text]
            for kind in kinds:
                if kind.text not in allowed:
                    problems.append(
                        error(
                            "E0118",
                            f"`{verb.text}` has no kind `{kind.text}`",
                            kind.span,
                            help=(
                                f"its kinds are {', '.join(allowed)}"
                                if allowed
                                else f"`{verb.text}` takes no kinds"
                            ),
                        )
                    )
    if decls.wilds is None:
        return problems
    needs = {"chow": "chow", "pong": "pong", "kong": "kong", "robbed": "rob"}
    for item in decls.wilds.items:
        if not isinstance(item, ast.WildPermission) or not item.allow:
            continue
        for action in item.actions:
            needed = needs.get(action.text)
            if needed is not None and needed not in verbs:
                problems.append(
                    error(
                        "E0405",
                        f"the wilds may `{action.text}`, but the claims allow no `{needed}`",
                        action.span,
                        label="contradicts the claims section",
                        help=f"add `{needed}` to the claims section, or drop `{action.text}` here",
                    )
                )
    return problems


def check_wild_tiles_in_play(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """A fixed wild tile must be in play under every setting where it is the wild."""
    if decls.wilds is None or decls.tiles is None:
        return []
    options = _ir_options(decls)
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


def tile_set_of(decls: Declarations) -> frozenset[int]:
    if decls.tiles is None:
        return frozenset()
    return frozenset(
        t
        for group in decls.tiles.groups
        if group.name.text in TILE_GROUPS
        for t in group_tiles(group.name.text)
    )
