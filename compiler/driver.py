"""The compiler pipeline, pass by pass: text → AST → declarations → typed expressions → checks
→ IR. Input is a rulebook's text and file name; output is the IR (when there are no errors)
and every diagnostic found. Passes run in order and the pipeline stops only where going on
would produce noise: after a syntax error, and before lowering when anything is wrong.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from compiler import ast, checks, ir
from compiler.declarations import Declarations, collect
from compiler.diagnostics import Diagnostic, Span, error, has_errors, sort_diagnostics
from compiler.graphs import topological_order
from compiler.parse import parse
from compiler.tilesets import group_tiles
from compiler.typecheck import ExprChecker
from compiler.vocabulary import BOOL, INT, TILE_GROUPS


@dataclass(slots=True)
class Compilation:
    """What compiling one rulebook produced."""

    file: str
    source: str
    rulebook: ir.Rulebook | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.rulebook is not None and not has_errors(self.diagnostics)


def compile_source(source: str, file: str) -> Compilation:
    book, problems = parse(source, file)
    if book is None:
        return Compilation(file, source, None, problems)
    decls, problems = collect(book)
    typed = _type_expressions(decls)
    problems += typed.problems
    problems += checks.check_tiles(decls)
    problems += checks.check_players(decls)
    problems += checks.check_options(decls)
    problems += checks.check_scoring(decls)
    problems += checks.check_fan_tiers_and_caps(decls)
    problems += checks.check_relations(decls)
    problems += checks.check_fan_references(decls, typed.fan_refs)
    problems += checks.check_examples(decls)
    if not has_errors(problems):
        problems += checks.check_reachable(decls, typed.conditions, checks.tile_set_of(decls))
    problems = sort_diagnostics(problems)
    if has_errors(problems):
        return Compilation(file, source, None, problems)
    return Compilation(file, source, _lower(decls, typed, source), problems)


def compile_file(path: Path, display_name: str | None = None) -> Compilation:
    """Compile a rulebook file; an unreadable file is a diagnostic, not an exception."""
    name = display_name or str(path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Compilation(
            name, "", None, [error("E0003", f"cannot read the rulebook: {reason}", None)]
        )
    return compile_source(source, name)


# --------------------------------------------------------------------------- typing


@dataclass(slots=True)
class _Typed:
    conditions: dict[str, ir.Expr | None] = field(default_factory=dict)
    pers: dict[str, ir.Expr | None] = field(default_factory=dict)
    floors: list[ir.Expr | None] = field(default_factory=list)
    guards: dict[str, ir.Expr | None] = field(default_factory=dict)
    fan_refs: dict[str, list[tuple[str, Span]]] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)


def _type_expressions(decls: Declarations) -> _Typed:
    checker = ExprChecker(decls)
    typed = _Typed()
    for fan_id, fan in decls.fans.items():
        parts: list[ir.Expr] = []
        failed = False
        refs: list[tuple[str, Span]] = []
        for when in fan.whens:
            part = checker.check(when, "fan", BOOL)
            refs += [(r, _ref_span(when, r)) for r in sorted(checker.fan_refs)]
            if part is None:
                failed = True
            else:
                parts.append(part)
        per: ir.Expr | None = None
        if fan.pers:
            per = checker.check(fan.pers[0], "fan", INT, where="a fan's `per`")
            refs += [(r, _ref_span(fan.pers[0], r)) for r in sorted(checker.fan_refs)]
            failed = failed or per is None
        typed.fan_refs[fan_id] = refs
        if failed:
            typed.conditions[fan_id] = None
            continue
        typed.conditions[fan_id] = _conjunction(parts)
        typed.pers[fan_id] = per
    if decls.scoring is not None:
        for floor in decls.scoring.floors:
            typed.floors.append(checker.check(floor.condition, "floor", BOOL))
    for shape_id, shape in decls.shapes.items():
        if shape.guard is not None:
            typed.guards[shape_id] = checker.check(shape.guard, "guard", BOOL)
    typed.problems = checker.problems
    return typed


def _conjunction(parts: list[ir.Expr]) -> ir.Expr:
    if not parts:
        return ir.BoolE(value=True)
    if len(parts) == 1:
        return parts[0]
    return ir.BoolOpE(op="and", operands=tuple(parts))


def _ref_span(expr: ast.Expr, fan: str) -> Span:
    """Where `expr` names `fan` (for the cycle diagnostic)."""
    found: list[Span] = []

    def walk(node: object) -> None:
        if isinstance(node, ast.Name) and node.name == fan:
            found.append(node.span)
            return
        for child in getattr(node, "__slots__", ()):
            value = getattr(node, child, None)
            if isinstance(value, tuple):
                for item in value:
                    walk(item)
            elif hasattr(value, "__slots__") and not isinstance(value, Span):
                walk(value)

    walk(expr)
    return found[0] if found else expr.span


# --------------------------------------------------------------------------- lowering


def _at(span: Span) -> ir.SourceRef:
    return ir.SourceRef(file=span.file, line=span.line, column=span.column)


def _provenance(items: tuple[ast.Provenance, ...]) -> tuple[ir.Provenance, ...]:
    return tuple(ir.Provenance(kind=p.kind, text=p.text, at=_at(p.span)) for p in items)


def _lower(decls: Declarations, typed: _Typed, source: str) -> ir.Rulebook:
    header = decls.header
    players = decls.players
    tiles = decls.tiles
    scoring = decls.scoring
    assert header is not None and players is not None and tiles is not None
    assert scoring is not None

    groups = tuple(
        ir.TileGroup(
            name=g.name.text,
            tiles=group_tiles(g.name.text),
            copies=g.copies.value,
            provenance=_provenance(g.provenance),
        )
        for g in tiles.groups
        if g.name.text in TILE_GROUPS
    )
    tile_set = ir.TileSet(groups=groups, total=sum(len(g.tiles) * g.copies for g in groups))

    shapes = tuple(
        ir.Shape(
            id=s.id.text,
            name=s.name,
            guard=typed.guards.get(s.id.text),
            provenance=_provenance(s.provenance),
            at=_at(s.span),
        )
        for s in decls.shapes.values()
    )

    options = tuple(_lower_option(o) for o in decls.options.values())

    tiers = tuple(
        ir.Tier(
            id=t.id.text,
            name=t.name,
            combine=t.combine,
            cap=t.caps[0].value if t.caps else None,
            overrides=tuple(o.text for o in t.overrides),
            provenance=_provenance(t.provenance),
        )
        for t in scoring.tiers
    )
    floors = tuple(
        ir.Floor(
            value=f.value.value,
            condition=condition,
            provenance=_provenance(f.provenance),
            at=_at(f.span),
        )
        for f, condition in zip(scoring.floors, typed.floors, strict=True)
        if condition is not None
    )
    unit = scoring.units[0]

    fans: list[ir.Fan] = []
    for fan_id, fan in decls.fans.items():
        condition = typed.conditions[fan_id]
        assert condition is not None
        tier = checks.fan_tier(fan, decls)
        assert tier is not None

        def related(kind: str, fan: ast.FanDecl = fan) -> tuple[str, ...]:
            return tuple(r.target.text for r in fan.relations if r.kind == kind)

        fans.append(
            ir.Fan(
                id=fan_id,
                name=fan.name,
                english=fan.english,
                value=fan.values[0].value,
                tier=tier,
                condition=condition,
                per=typed.pers.get(fan_id),
                excludes=related("excludes"),
                implies=related("implies"),
                replaces=related("replaces"),
                uses=tuple(dict.fromkeys(name for name, _ in typed.fan_refs[fan_id])),
                examples=tuple(_lower_example(e) for e in fan.examples),
                provenance=_provenance(fan.provenance),
                at=_at(fan.id.span),
            )
        )

    fan_ids = [f.id for f in fans]
    evaluation_order = topological_order(fan_ids, {f.id: f.uses for f in fans})
    excluded_by: dict[str, list[str]] = {f: [] for f in fan_ids}
    for fan_ir in fans:
        for target in (*fan_ir.excludes, *fan_ir.replaces):
            excluded_by[target].append(fan_ir.id)
    relation_order = topological_order(fan_ids, excluded_by)

    return ir.Rulebook(
        id=header.id.text,
        title=header.title or header.id.text,
        english=header.english,
        version=header.version or "0",
        source_file=decls.file,
        source_sha256=hashlib.sha256(source.encode("utf-8")).hexdigest(),
        provenance=_provenance(header.provenance),
        players=tuple(c.value for c in players.counts),
        players_provenance=_provenance(players.provenance),
        tiles=tile_set,
        shapes=shapes,
        options=options,
        scoring=ir.Scoring(
            unit=unit.text,
            tiers=tiers,
            floors=floors,
            provenance=_provenance(unit.provenance),
        ),
        fans=tuple(fans),
        evaluation_order=tuple(evaluation_order),
        relation_order=tuple(relation_order),
    )


def _lower_option(option: ast.OptionDecl) -> ir.Option:
    default = checks.option_default(option)
    common = {
        "id": option.id.text,
        "label": option.label,
        "default": default,
        "provenance": _provenance(option.provenance),
        "at": _at(option.span),
    }
    match option.type:
        case ast.ToggleType():
            return ir.Option(kind="toggle", **common)
        case ast.ChoiceType(choices=choices):
            return ir.Option(
                kind="choice",
                choices=tuple(
                    ir.Choice(id=c.id.text, label=c.label, provenance=_provenance(c.provenance))
                    for c in choices
                ),
                **common,
            )
        case ast.NumberType(low=low, high=high):
            return ir.Option(kind="number", low=low, high=high, **common)
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
        at=_at(example.span),
    )
