"""Semantic checks of a rulebook whose names and expressions have been resolved and typed.

Input: the `Declarations` table and the typed conditions of fans (from `compiler.typecheck`).
Each check is one function that returns its problems; none raises. The checks: tile counts
add up, player counts and option defaults are valid, tiers and relations name what exists,
fan relations and fan references have no cycles, no fan is implied into its own exclusion,
no fan is worth more than its tier's cap, every fan can score with this tile set, every
inline example is well-formed, and every horse table gives each tile to one seat of a player
count the rulebook supports (tiles it gives to nobody are a warning unless it says so).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from compiler import ast, consteval, ir
from compiler.declarations import Declarations
from compiler.diagnostics import Diagnostic, Label, Span, error, warning
from compiler.graphs import find_cycle
from compiler.horsetables import compact, rank_tiles, row_tiles
from compiler.lower import copies_in_play, lower_option, lower_tiles, tiles_ever_in_play
from compiler.suggest import did_you_mean
from compiler.typecheck import removed_but_used
from compiler.typed import Typed
from compiler.vocabulary import (
    CLAIM_VERBS,
    EXAMPLE_SETTINGS,
    HORSE_KINDS,
    HORSE_PER_WORDS,
    HORSE_SEAT_NAMES,
    HORSE_SEATS,
    INDICATOR_KINDS,
    KONG_KINDS,
    KONG_PAYERS,
    PAYEE_WORDS,
    RELATION_PAYERS,
    SITUATION_FACTS,
    TILE_GROUPS,
    WILD_ACTIONS,
    WIN_PAYERS,
    WIND_LETTERS,
    WINNERS_MODES,
    horse_seat_offset,
    horse_seats_at,
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
    problems += check_horse_table_players(decls)
    problems += check_horse_seats(decls)
    problems += check_horse_tiles(decls)
    problems += check_horse_tiles_unassigned(decls)
    problems += check_horse_kinds(decls)
    problems += check_payment_words(decls)
    problems += check_payments_zero_sum(decls)
    if not any(p.severity == "error" for p in (*problems, *typed.problems)):
        problems += check_tile_totals(decls, typed)
        problems += check_wild_tiles_in_play(decls, typed)
        problems += check_reachable(decls, typed)
        problems += check_constraints(decls, typed)
        problems += check_horse_counts(decls, typed)
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
                            span or constraint.span.head(),
                            labels=(Label(constraint.span.head(), "the constraint"),),
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



def _horse_tables(decls: Declarations) -> tuple[ast.HorseTable, ...]:
    return decls.horses.tables if decls.horses is not None else ()


def _supported(decls: Declarations) -> list[int]:
    return [c.value for c in decls.players.counts] if decls.players is not None else []


def _players_words(counts: list[int]) -> str:
    if not counts:
        return "no player count"
    words = [str(c) for c in counts]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"{listed} players"


def check_horse_table_players(decls: Declarations) -> list[Diagnostic]:
    """Each horse table is for a player count the rulebook supports, and only one table is
    written per count: a table for a game nobody plays is a mistake in the count."""
    problems: list[Diagnostic] = []
    supported = _supported(decls)
    first: dict[int, ast.HorseTable] = {}
    for table in _horse_tables(decls):
        count = table.players
        if count.value not in supported:
            problems.append(
                error(
                    "E0507",
                    f"a horse table for {count.value} players, but the rulebook is played by "
                    f"{_players_words(supported)}",
                    count.span,
                    label="no game of this many players",
                    help=(
                        f"add {count.value} to the `players` section, or remove this table"
                        if 2 <= count.value <= 4
                        else "mahjong is played by 2, 3 or 4 players"
                    ),
                )
            )
            continue
        if count.value in first:
            problems.append(
                error(
                    "E0102",
                    f"the horse table for {count.value} players is written twice",
                    count.span,
                    label="second table here",
                    labels=(Label(first[count.value].players.span, "first table here"),),
                    help="merge the two tables into one",
                )
            )
            continue
        first[count.value] = table
    return problems


def check_horse_seats(decls: Declarations) -> list[Diagnostic]:
    """Every row of a horse table names a seat (`dealer`, `next`, `opposite`, `previous` or
    `nobody`) that exists at the table's player count: 3 players have no `opposite`, and at 2
    players the dealer's only opponent is `next`."""
    problems: list[Diagnostic] = []
    for table in _horse_tables(decls):
        players = table.players.value
        for row in table.rows:
            seat = row.seat
            if seat.text not in HORSE_SEATS:
                problems.append(
                    error(
                        "E0119",
                        f"unknown seat `{seat.text}`",
                        seat.span,
                        label="not a seat of a horse table",
                        help=did_you_mean(
                            seat.text, HORSE_SEATS, describe=lambda s: HORSE_SEAT_NAMES[s]
                        )
                        or "the seats are " + ", ".join(f"`{s}`" for s in HORSE_SEATS),
                    )
                )
                continue
            if not 2 <= players <= 4 or horse_seat_offset(seat.text, players) is not None:
                continue
            seats = horse_seats_at(players)
            names = ", ".join(HORSE_SEAT_NAMES[s] for s in seats)
            if players == 2:
                help = (
                    "at 2 players the dealer's only opponent is `next` (the seat after the "
                    "dealer, whom 潮州 calls 庄对 and 百色 庄家下家)"
                )
            else:
                listed = [f"`{s}`" for s in seats]
                help = (
                    f"the seats at {players} players are {', '.join(listed[:-1])} and "
                    f"{listed[-1]} ({names})"
                )
            problems.append(
                error(
                    "E0508",
                    f"a {players}-player game has no `{seat.text}` seat",
                    seat.span,
                    label=f"no such seat at {players} players",
                    help=help,
                )
            )
    return problems


def _seat_ok(row: ast.HorseRow, players: int) -> bool:
    return (
        row.seat.text in HORSE_SEATS
        and 2 <= players <= 4
        and horse_seat_offset(row.seat.text, players) is not None
    )


def check_horse_tiles(decls: Declarations) -> list[Diagnostic]:
    """The ranks and tiles of a horse table are real, and each tile points at one seat: a
    tile given to two seats (or to a seat and to `nobody`) makes the table ambiguous."""
    problems: list[Diagnostic] = []
    for table in _horse_tables(decls):
        players = table.players.value
        for row in table.rows:
            for rank in row.ranks:
                if not rank_tiles(rank.value):
                    problems.append(
                        error(
                            "E0203",
                            f"rank {rank.value} names no tile",
                            rank.span,
                            label="ranks are 1 to 9",
                            help="write honours and flowers as tiles: `tiles 1z, 5z`",
                        )
                    )
            for tile in row.tiles:
                try:
                    tile_index(tile.text)
                except NotationError as exc:
                    problems.append(
                        error("E0203", f"`{tile.text}` is not a tile", tile.span, label=str(exc))
                    )
        # tile -> the seat of the first row that names it, and where it does
        owner: dict[int, tuple[str, Span]] = {}
        for row in table.rows:
            if not _seat_ok(row, players):
                continue
            seat = row.seat.text
            twice: dict[int, Span] = {}
            clashes: dict[str, list[tuple[int, Span, Span]]] = {}
            for t, span in row_tiles(row):
                if t not in owner:
                    owner[t] = (seat, span)
                elif owner[t][0] == seat:
                    twice.setdefault(t, span)
                else:
                    clashes.setdefault(owner[t][0], []).append((t, span, owner[t][1]))
            if twice:
                problems.append(
                    error(
                        "E0102",
                        f"the {players}-player horse table gives `{compact(twice)}` to "
                        f"`{seat}` twice",
                        next(iter(twice.values())),
                        label="given again here",
                        help="list each tile once",
                    )
                )
            for other, found in clashes.items():
                tiles = [t for t, _, _ in found]
                _, span, earlier = found[0]
                problems.append(
                    error(
                        "E0406",
                        f"the {players}-player horse table gives `{compact(tiles)}` to two "
                        f"seats, `{other}` and `{seat}`",
                        span,
                        label=f"given to `{seat}` here",
                        labels=(Label(earlier, f"already given to `{other}`"),),
                        help="a horse tile points at one seat: keep it in one row",
                    )
                )
    return problems


def check_horse_tiles_unassigned(decls: Declarations) -> list[Diagnostic]:
    """Every tile of the tile set appears in each horse table, given to a seat or to
    `nobody`. A tile the table does not mention hits no one, which is usually a row left
    out; a document whose small tables leave tiles to no one (百色's 3- and 2-player tables)
    says so with a `nobody` row, and then there is nothing to warn about."""
    problems: list[Diagnostic] = []
    in_play = tiles_ever_in_play(decls.tiles)
    supported = _supported(decls)
    seen: set[int] = set()
    for table in _horse_tables(decls):
        players = table.players.value
        if players not in supported or players in seen:
            continue  # reported by check_horse_table_players
        seen.add(players)
        named = {tile for row in table.rows for tile, _ in row_tiles(row)}
        missing = sorted(in_play - named)
        if not missing:
            continue
        words = compact(missing)
        problems.append(
            warning(
                "W0407",
                f"the {players}-player horse table gives {len(missing)} "
                f"tile{'s' if len(missing) > 1 else ''} to nobody: {words}",
                table.span.head(),
                label="these tiles hit no seat",
                help=f"give them to a seat, or, if the document leaves them to no one, say so "
                f"in the table: `nobody {words}`",
            )
        )
    return problems


def check_horse_kinds(decls: Declarations) -> list[Diagnostic]:
    """Horse lines name a kind of horse (`bought`, `penalty`, `bonus`, `grabbed`), and
    `per player` only where every player draws (`bought`)."""
    problems: list[Diagnostic] = []
    if decls.horses is None:
        return problems
    for kind in decls.horses.kinds:
        word = kind.kind.text
        if word not in HORSE_KINDS:
            problems.append(
                error(
                    "E0120",
                    f"unknown horse kind `{word}`",
                    kind.kind.span,
                    label="not a kind of horse",
                    help=did_you_mean(word, HORSE_KINDS, describe=lambda k: HORSE_KINDS[k].name)
                    or "the kinds are "
                    + ", ".join(f"`{k}` ({w.name})" for k, w in HORSE_KINDS.items()),
                )
            )
            continue
        per = kind.per
        if per is None:
            continue
        if per.text not in HORSE_PER_WORDS:
            problems.append(
                error(
                    "E0120",
                    f"horses are counted `per player`, not per `{per.text}`",
                    per.span,
                    help=did_you_mean(per.text, HORSE_PER_WORDS) or "write `per player`",
                )
            )
        elif word not in HORSE_PER_WORDS[per.text]:
            drawer = {"dealer": "the dealer alone", "winner": "the winner"}.get(
                HORSE_KINDS[word].drawn_by, "one player"
            )
            problems.append(
                error(
                    "E0120",
                    f"`{word}` horses are drawn by {drawer}, not per player",
                    per.span,
                    label="only bought horses (买马) are drawn by every player",
                    help=f"drop `per {per.text}`: the count is how many {drawer} draws",
                )
            )
    return problems


def check_horse_counts(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Wherever a horse line applies (its `if` holds), its count is a whole number of at
    least one: a choice option read as a count must have a number chosen under that guard."""
    problems: list[Diagnostic] = []
    if decls.horses is None:
        return problems
    options = _ir_options(decls)
    for kind in decls.horses.kinds:
        count = typed.get(kind.count)
        guard = typed.get(kind.guard)
        if count is None:
            continue
        relevant = consteval.options_read([count, guard])
        for setting in consteval.settings(options, relevant):
            if not consteval.holds(guard, setting):
                continue
            try:
                value = consteval.evaluate(count, setting)
            except consteval.NotConstant:
                problems.append(
                    error(
                        "E0409",
                        f"the count of `{kind.kind.text}` horses cannot be worked out from the "
                        "options",
                        kind.count.span,
                        label="not a number of the options",
                        help="write the count with numbers, number options, a choice option "
                        "whose choices are numbers, and + - *",
                    )
                )
                break
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
                continue
            where = consteval.describe(setting, options)
            shown = f"`{value}`" if isinstance(value, str) else str(value)
            problems.append(
                error(
                    "E0409",
                    f"under {where} the count of `{kind.kind.text}` horses is {shown}, "
                    "not a number of horses",
                    kind.count.span,
                    label="must be at least 1 wherever the line applies",
                    help="guard the line so it applies only where the count is a number, "
                    f"e.g. `if {_option_text(count)} != {value}`"
                    if isinstance(value, str)
                    else "a horse line draws at least one horse",
                )
            )
            break
    return problems


def _option_text(expr: ir.Expr) -> str:
    """`option.x` for an option read as a count (for help lines)."""
    return f"option.{expr.option}" if isinstance(expr, ir.OptionE) else "…"


# --------------------------------------------------------------------------- payments


def _unknown_word(word: ast.Ident, what: str, known: Mapping[str, str], example: str) -> Diagnostic:
    return error(
        "E0121",
        f"unknown {what} `{word.text}`",
        word.span,
        label=f"not a {what}",
        help=did_you_mean(word.text, known, describe=lambda k: known[k])
        or f"one of {', '.join(f'`{k}`' for k in known)}, e.g. `{example}`",
    )


def check_payment_words(decls: Declarations) -> list[Diagnostic]:
    """The words of the payments section are ones mjc knows: who pays (`each`, `discarder`,
    `robbed`, `feeder`, `meld_feeder` for a win; `each`, `feeder` for a kong), the kinds of
    kong and how several winners are paid (`separately`). Words that name the one who is
    paid are left to the zero-sum check."""
    problems: list[Diagnostic] = []
    payments = decls.payments
    if payments is None:
        return problems
    win_payers = {k: w.meaning for k, w in WIN_PAYERS.items()}
    kong_payers = {k: w.meaning for k, w in KONG_PAYERS.items()}
    for win in payments.wins:
        if win.payer.text not in WIN_PAYERS and win.payer.text not in PAYEE_WORDS:
            problems.append(_unknown_word(win.payer, "payer", win_payers, "win each pays"))
    for kong in payments.kongs:
        if kong.kind.text not in KONG_KINDS:
            problems.append(
                _unknown_word(
                    kong.kind, "kind of kong", KONG_KINDS, "kong_payment concealed each pays 2"
                )
            )
        if kong.payer.text not in KONG_PAYERS and kong.payer.text not in PAYEE_WORDS:
            problems.append(
                _unknown_word(
                    kong.payer, "payer", kong_payers, "kong_payment exposed feeder pays 3"
                )
            )
    horse_kinds = {k: w.name for k, w in HORSE_KINDS.items()}
    for bonus in payments.bonuses:
        if bonus.kind is not None and bonus.kind.text not in HORSE_KINDS:
            problems.append(
                _unknown_word(bonus.kind, "kind of horse", horse_kinds, "horse_payment bought 1")
            )
    for relation in payments.relations:
        if relation.word is not None and relation.word.text != "mutual_twice":
            problems.append(
                _unknown_word(
                    relation.word,
                    "relation word",
                    {"mutual_twice": "a relation formed in both directions counts twice"},
                    "claim_relation 3 mutual_twice",
                )
            )
    relation_payers = {k: w.meaning for k, w in RELATION_PAYERS.items()}
    for line in payments.relation_lines:
        if line.payer.text not in RELATION_PAYERS and line.payer.text not in PAYEE_WORDS:
            problems.append(
                _unknown_word(
                    line.payer, "payer", relation_payers, "relation_payment partner pays 5"
                )
            )
        if line.others is not None and line.others.text != "others":
            problems.append(
                _unknown_word(
                    line.others,
                    "word after `for`",
                    {"others": "his own share and N times every other loser's share"},
                    "relation_payment partner pays 2 for others",
                )
            )
    for word in payments.words:
        if word.word.text not in WINNERS_MODES:
            problems.append(
                _unknown_word(
                    word.word,
                    "way of paying several winners",
                    WINNERS_MODES,
                    "several_winners separately",
                )
            )
    return problems


def check_payments_zero_sum(decls: Declarations) -> list[Diagnostic]:
    """Every payment moves points from a payer to the one paid, so a round always sums to
    zero; these lines could not: the one paid would pay himself (`win winner pays`, `kong …
    konger pays`), `for all` with every player paying (each would pay every loser's share:
    nobody is left to be paid for), or a kong feeder of a concealed kong (nobody fed it)."""
    problems: list[Diagnostic] = []
    payments = decls.payments
    if payments is None:
        return problems
    for win in payments.wins:
        if win.payer.text in PAYEE_WORDS:
            problems.append(
                error(
                    "E0509",
                    f"a winner is paid by `{win.payer.text}`: the {win.payer.text} would pay "
                    "himself",
                    win.payer.span,
                    label="this is the one who is paid",
                    help="name who pays the winner: `each`, `discarder`, `robbed`, `feeder`",
                )
            )
        elif win.for_all and win.payer.text == "each":
            problems.append(
                error(
                    "E0509",
                    "`each pays for all` has no one to pay for: every loser would pay every "
                    "loser's share",
                    win.span,
                    label="`for all` needs a single payer",
                    help="write `win each pays` (one share each), or name one payer: "
                    "`win discarder pays for all`",
                )
            )
    for line in payments.relation_lines:
        if line.payer.text in PAYEE_WORDS:
            problems.append(
                error(
                    "E0509",
                    f"a winner is paid by `{line.payer.text}`: the {line.payer.text} would pay "
                    "himself",
                    line.payer.span,
                    label="this is the one who is paid",
                    help="name who pays the winner: `partner`, `discarder`, `robbed`",
                )
            )
    for kong in payments.kongs:
        if kong.payer.text in PAYEE_WORDS:
            problems.append(
                error(
                    "E0509",
                    f"a kong is paid by `{kong.payer.text}`: the konger would pay himself",
                    kong.payer.span,
                    label="this is the one who is paid",
                    help="name who pays the konger: `each` or `feeder`",
                )
            )
        elif kong.payer.text == "feeder" and kong.kind.text == "concealed":
            problems.append(
                error(
                    "E0509",
                    "a concealed kong has no feeder: nobody would pay for it",
                    kong.payer.span,
                    label="nobody fed a concealed kong",
                    help="write `kong concealed each pays N`",
                )
            )
    return problems
