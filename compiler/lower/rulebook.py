"""Lowering: a checked rulebook's declarations and typed expressions to the IR.

Input is the `Declarations` table and the `Typed` expressions of a rulebook that passed every
check; output is the frozen `ir.Rulebook` that codegen and docgen read. Nothing here can
fail: anything that could go wrong was reported by the checks. Each expression is lowered to
its typed form; the table of expression slots (`mjc.compiler.resolve.slots`) says which those are
and where each goes in the IR (`lowered`: the expressions of one declaration, by IR field),
and that every one of them typed is the one precondition checked here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from mjc.compiler import ir
from mjc.compiler.ir import consteval
from mjc.compiler.ir.graphs import topological_order
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.ir.tilesets import group_tiles
from mjc.compiler.language.vocabulary import TILE_GROUPS
from mjc.compiler.lower.play import (
    lower_deal_wins,
    lower_declares,
    lower_exchanges,
    lower_kongs,
    lower_play,
)
from mjc.compiler.lower.points import lower_fu, lower_points
from mjc.compiler.lower.settlement import lower_horses, lower_payments
from mjc.compiler.lower.sources import at, lowered, provenance, word
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.slots import untyped
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.tile import NUM_PLAYING, NUM_TILES, NotationError, tile_index


def lower(decls: Declarations, typed: Typed, source: str) -> ir.Rulebook:
    missing = untyped(decls, typed.exprs)
    assert not missing, f"lowering runs only after every expression typed: {missing[0]}"
    header = decls.header
    players = decls.players
    tiles = decls.tiles
    scoring = decls.scoring
    assert header is not None and players is not None and tiles is not None
    assert scoring is not None

    options = tuple(lower_option(o) for o in decls.options.values())
    default = {o.id: consteval.default_value(o) for o in options}

    fans = tuple(
        _lower_fan(fan_id, fan, decls, typed, default) for fan_id, fan in decls.fans.items()
    )
    evaluation_order, relation_order = _fan_orders(fans)

    return ir.Rulebook(
        id=header.id.text,
        extends=decls.parent.id if decls.parent is not None else None,
        title=header.title or header.id.text,
        english=header.english,
        version=header.version or "0",
        source_file=decls.file,
        source_sha256=hashlib.sha256(source.encode("utf-8")).hexdigest(),
        provenance=provenance(header.provenance),
        players=tuple(c.value for c in players.counts),
        players_provenance=provenance(players.provenance),
        tiles=lower_tiles(tiles, typed, default),
        shapes=_lower_shapes(decls, typed),
        wilds=lower_wilds(decls.wilds, typed),
        claims=lower_claims(decls.claims, typed),
        play=lower_play(decls.play, typed),
        kongs=lower_kongs(decls.kongs, typed),
        deal_wins=lower_deal_wins(decls.deal_wins.values(), typed),
        declares=lower_declares(decls.declares.values(), typed),
        exchanges=lower_exchanges(decls.exchanges.values(), typed),
        horses=lower_horses(decls.horses, tiles_ever_in_play(tiles), typed),
        payments=lower_payments(decls.payments, typed),
        options=options,
        constraints=_lower_constraints(decls, typed),
        presets=_lower_presets(decls),
        situations=_lower_situations(decls.situations.values(), typed),
        builtin_situations=_lower_situations(decls.prelude.values(), typed, builtin=True),
        scoring=lower_scoring(scoring, typed),
        fu=lower_fu(decls.fu, typed),
        points=lower_points(decls.points, typed),
        fans=fans,
        evaluation_order=evaluation_order,
        relation_order=relation_order,
    )


def _fan_orders(fans: tuple[ir.Fan, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The order to evaluate fans in (each after the fans it uses) and the order to apply
    their relations in (each fan after every fan that excludes or replaces it)."""
    fan_ids = [f.id for f in fans]
    evaluation_order = topological_order(fan_ids, {f.id: f.uses for f in fans})
    excluded_by: dict[str, list[str]] = {f: [] for f in fan_ids}
    for fan in fans:
        for target in (*fan.excludes, *fan.replaces):
            excluded_by[target].append(fan.id)
    relation_order = topological_order(fan_ids, excluded_by)
    return tuple(evaluation_order), tuple(relation_order)


def _lower_shapes(decls: Declarations, typed: Typed) -> tuple[ir.Shape, ...]:
    return tuple(
        ir.Shape(
            id=s.id.text,
            name=s.name,
            **lowered(s, typed),
            provenance=provenance(s.provenance),
            at=at(s.span),
        )
        for s in decls.shapes.values()
    )


def _lower_constraints(decls: Declarations, typed: Typed) -> tuple[ir.Constraint, ...]:
    return tuple(
        ir.Constraint(
            reason=c.reason,
            **lowered(c, typed),
            provenance=provenance(c.provenance),
        )
        for c in decls.constraints
    )


def _lower_presets(decls: Declarations) -> tuple[ir.Preset, ...]:
    return tuple(
        ir.Preset(
            id=p.id.text,
            label=p.label,
            settings=tuple((k.text, v.text) for k, v in p.settings),
            provenance=provenance(p.provenance),
        )
        for p in decls.presets.values()
    )


def _lower_situations(
    situations: Iterable[ast.SituationDecl], typed: Typed, *, builtin: bool = False
) -> tuple[ir.SituationFlag, ...]:
    return tuple(
        ir.SituationFlag(
            id=d.id.text,
            label=d.label,
            provenance=provenance(d.provenance),
            presumes=tuple(_lower_presumption(p, typed) for p in d.presumes),
            excludes=tuple(e.text for e in d.excludes),
            builtin=builtin,
        )
        for d in situations
    )


def _lower_presumption(presumption: ast.Presumption, typed: Typed) -> ir.Presumption:
    condition = lowered(presumption, typed)["condition"]
    return ir.Presumption(condition=condition, text=pretty(condition), because=presumption.because)


def lower_scoring(scoring: ast.Scoring, typed: Typed) -> ir.Scoring:
    return ir.Scoring(
        unit=scoring.units[0].text,
        tiers=tuple(
            ir.Tier(
                id=t.id.text,
                name=t.name,
                combine=t.combine,
                caps=tuple((c.value.value, lowered(c, typed)["guard"]) for c in t.caps),
                overrides=tuple(o.text for o in t.overrides),
                alternatives=lowered(t, typed)["alt_combines"],
                provenance=provenance(t.provenance),
            )
            for t in scoring.tiers
        ),
        adjustments=tuple(
            ir.Adjustment(
                kind=a.kind,
                **lowered(a, typed),
                provenance=provenance(a.provenance),
                at=at(a.span),
            )
            for a in scoring.adjustments
        ),
        rejects=tuple(
            ir.Reject(
                reason=r.reason,
                **lowered(r, typed),
                provenance=provenance(r.provenance),
                at=at(r.span),
            )
            for r in scoring.rejects
        ),
        provenance=provenance(scoring.units[0].provenance),
        limits=tuple(
            ir.Limit(
                fans=tuple(f.text for f in limit.fans),
                **lowered(limit, typed),
                provenance=provenance(limit.provenance),
                at=at(limit.span),
            )
            for limit in scoring.limits
        ),
        prefers=tuple(
            ir.Prefer(
                fans=tuple(f.text for f in prefer.fans),
                provenance=provenance(prefer.provenance),
                at=at(prefer.span),
            )
            for prefer in scoring.prefers
        ),
        minimum=next(
            (
                ir.Minimum(
                    without=tuple(f.text for f in m.without),
                    **lowered(m, typed),
                    provenance=provenance(m.provenance),
                    at=at(m.span),
                )
                for m in scoring.minimums
            ),
            None,
        ),
    )


def _lower_fan(
    fan_id: str,
    fan: ast.FanDecl,
    decls: Declarations,
    typed: Typed,
    default: consteval.Setting,
) -> ir.Fan:
    tier = fan.tiers[0].text if fan.tiers else next(iter(decls.tiers))
    # Each value line as (value, guard); the line without a guard is the base.
    lines = [(v, lowered(v, typed)) for v in fan.values if not v.open]
    base, base_exprs = next((v, e) for v, e in lines if v.guard is None)
    base_value: ir.Expr = base_exprs["value"]
    guarded: tuple[tuple[ir.Expr, ir.Expr], ...] = tuple(
        (e["value"], e["guard"]) for v, e in lines if v.guard is not None
    )
    # 食い下がり: the values on an open hand, in order (the last that holds wins).
    open_values = tuple(
        (e["value"], e["guard"]) for e in (lowered(v, typed) for v in fan.values if v.open)
    )
    plain = isinstance(base.value, ast.IntLit) and not guarded
    value = consteval.evaluate(base_value, default)
    for expr, guard in guarded:
        if consteval.holds(guard, default):
            value = consteval.evaluate(expr, default)
    assert isinstance(value, int)

    def related(kind: str) -> tuple[str, ...]:
        return tuple(r.target.text for r in fan.relations if r.kind == kind)

    return ir.Fan(
        id=fan_id,
        name=fan.name,
        english=fan.english,
        value=value,
        values=() if plain else ((base_value, ir.BoolE(value=True)), *guarded),
        open_values=open_values,
        tier=tier,
        **lowered(fan, typed),
        excludes=related("excludes"),
        implies=related("implies"),
        replaces=related("replaces"),
        uses=tuple(dict.fromkeys(name for name, _ in typed.fan_refs.get(fan_id, []))),
        examples=tuple(_lower_example(e) for e in fan.examples),
        provenance=provenance(fan.provenance),
        at=at(fan.id.span),
    )


def lower_tiles(tiles: ast.Tiles, typed: Typed, default: consteval.Setting) -> ir.TileSet:
    groups = tuple(
        ir.TileGroup(
            name=g.name.text,
            tiles=group_tiles(g.name.text),
            copies=g.copies.value,
            **lowered(g, typed),
            provenance=provenance(g.provenance),
        )
        for g in tiles.groups
        if g.name.text in TILE_GROUPS
    )
    keeps = tuple(
        ir.TileKeep(
            tiles=tuple(tile_index(t.text) for t in k.tiles),
            **lowered(k, typed),
            provenance=provenance(k.provenance),
        )
        for k in tiles.keeps
    )
    partial = ir.TileSet(groups=groups, keeps=keeps, total=0)
    return replace(partial, total=sum(copies_in_play(partial, default)))


def copies_in_play(tiles: ir.TileSet, setting: consteval.Setting) -> list[int]:
    """Copies of each tile (by tile int) in play under one setting of the options."""
    copies = [0] * NUM_TILES
    for group in tiles.groups:
        if consteval.holds(group.guard, setting):
            for t in group.tiles:
                copies[t] = group.copies
    for keep in tiles.keeps:
        if consteval.holds(keep.guard, setting):
            for t in keep.tiles:
                copies[t] = max(copies[t], 4)
    return copies


def lower_wilds(wilds: ast.Wilds | None, typed: Typed) -> ir.Wilds:
    if wilds is None:
        return ir.Wilds(successor=default_successors())
    modes: list[ir.WildMode] = []
    permissions: list[ir.WildPermission] = []
    copies: list[tuple[ir.Expr, ir.Expr | None]] = []
    cycles: list[tuple[int, ...]] = []
    for item in wilds.items:
        match item:
            case ast.WildFixed():
                modes.append(
                    ir.WildMode(
                        kind="fixed",
                        tiles=tuple(tile_index(t.text) for t in item.tiles),
                        **lowered(item, typed),
                        provenance=provenance(item.provenance),
                    )
                )
            case ast.WildIndicator():
                modes.append(
                    ir.WildMode(
                        kind="next" if item.kind.text == "next" else "self",
                        **lowered(item, typed),
                        provenance=provenance(item.provenance),
                    )
                )
            case ast.WildCycle():
                cycles.append(tuple(tile_index(t.text) for t in item.tiles))
            case ast.WildCopies():
                exprs = lowered(item, typed)
                copies.append((exprs["value"], exprs["guard"]))
            case ast.WildPermission():
                permissions.extend(
                    ir.WildPermission(
                        action=action.text,
                        allow=item.allow,
                        **lowered(item, typed),
                        provenance=provenance(item.provenance),
                    )
                    for action in item.actions
                )
    return ir.Wilds(
        modes=tuple(modes),
        successor=default_successors(cycles),
        permissions=tuple(permissions),
        copies=tuple(copies),
    )


def default_successors(cycles: list[tuple[int, ...]] | None = None) -> tuple[int, ...]:
    """The wild for each flipped tile: ranks wrap 9 → 1 within a suit; honours follow the
    declared cycles, else winds go 东南西北 and dragons 白发中, each as its own ring."""
    successor = list(range(NUM_TILES))
    for base in (0, 9, 18):
        for rank in range(9):
            successor[base + rank] = base + (rank + 1) % 9
    rings = cycles or [(27, 28, 29, 30), (31, 32, 33)]
    for ring in rings:
        for i, tile in enumerate(ring):
            if tile < NUM_PLAYING:
                successor[tile] = ring[(i + 1) % len(ring)]
    return tuple(successor)


def lower_claims(claims: ast.Claims | None, typed: Typed) -> tuple[ir.ClaimRule, ...]:
    if claims is None:
        return ()
    return tuple(
        ir.ClaimRule(
            verb=word(rule.words[0].text),
            kinds=tuple(w.text for w in rule.words[1:]),
            **lowered(rule, typed),
            provenance=provenance(rule.provenance),
        )
        for rule in claims.rules
    )


def tiles_ever_in_play(tiles: ast.Tiles | None) -> frozenset[int]:
    """Every tile the tile set holds under some setting of the options (groups and keeps,
    whatever their guards)."""
    if tiles is None:
        return frozenset()
    found = {
        t for g in tiles.groups if g.name.text in TILE_GROUPS for t in group_tiles(g.name.text)
    }
    for keep in tiles.keeps:
        for tile in keep.tiles:
            try:
                found.add(tile_index(tile.text))
            except NotationError:
                continue
    return frozenset(found)


def lower_option(option: ast.OptionDecl) -> ir.Option:
    default = option_default(option)
    common: dict[str, Any] = {
        "id": option.id.text,
        "label": option.label,
        "default": default,
        "provenance": provenance(option.provenance),
        "at": at(option.span),
    }
    match option.type:
        case ast.ToggleType():
            return ir.Option(kind="toggle", **common)
        case ast.ChoiceType(choices=choices):
            return ir.Option(
                kind="choice",
                choices=tuple(
                    ir.Choice(id=c.id.text, label=c.label, provenance=provenance(c.provenance))
                    for c in choices
                ),
                **common,
            )
        case ast.NumberType(low=low, high=high):
            return ir.Option(kind="number", low=low, high=high, **common)
    raise AssertionError(option.type)


def option_default(option: ast.OptionDecl) -> str:
    """The default choice as text: the declared one, else off / the first choice / the low end."""
    if option.default is not None:
        return option.default.text
    match option.type:
        case ast.ToggleType():
            return "off"
        case ast.ChoiceType(choices=choices):
            return choices[0].id.text
        case ast.NumberType(low=low):
            return str(low)
    raise AssertionError(option.type)


def _lower_example(example: ast.Example) -> ir.Example:
    return ir.Example(
        hand=example.hand,
        positive=example.positive,
        win=example.win,
        situation=tuple(
            (item.name.text, item.value.text if item.value is not None else "on")
            for item in example.situation
        ),
        at=at(example.span),
    )
