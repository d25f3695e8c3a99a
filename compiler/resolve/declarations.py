"""First pass after parsing: gather the rulebook's sections into one table of declarations.

Input is the AST of one rulebook and, when it `extends` another, the parent's table. Output
is a `Declarations` table (header, players, tiles, shapes, wilds, claims, play, wins at the
deal, seat declarations, horses, options, tiers, fans, each by id) and the problems of
structure found on the way: a missing or repeated section, a name declared twice, a fan that
states its value twice, an override of something the parent lacks, a new item that silently
shadows the parent's. Later passes look names up here instead of walking the AST again. Items
inherited from the parent keep their own spans, so diagnostics and docs can say where they
came from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import field
from typing import Protocol, TypeVar

from mjc.compiler.diagnostics import Diagnostic, Label, Span, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.language.vocabulary import BUILTIN_SHAPES, all_builtin_names
from mjc.compiler.resolve.extend import cannot_extend, keyword, merged, words
from mjc.compiler.resolve.prelude import prelude_situations
from mjc.compiler.syntax import ast
from mjc.frozen import slotted


class _Declared(Protocol):
    """Anything declared under an id: a shape, tier, option, situation, preset or fan."""

    @property
    def id(self) -> ast.Ident: ...


T = TypeVar("T", bound=_Declared)


@slotted
class Declarations:
    """Every declaration of one rulebook file, by section and id, on top of its parent's."""

    file: str
    header: ast.Header | None = None
    parent: Declarations | None = None
    players: ast.Players | None = None
    tiles: ast.Tiles | None = None
    shapes: dict[str, ast.ShapeDecl] = field(default_factory=dict)
    wilds: ast.Wilds | None = None
    claims: ast.Claims | None = None
    play: ast.Play | None = None
    kongs: ast.Kongs | None = None
    # The hands that win at the deal (起手胡), by id; a child's section replaces its parent's
    # (`extend deal_wins` adds to it).
    deal_wins: dict[str, ast.DealWin] = field(default_factory=dict)
    # What each seat declares before the first discard (定缺), by id; a child's section
    # replaces its parent's.
    declares: dict[str, ast.Declare] = field(default_factory=dict)
    # The exchanges of tiles before play (换三张), by id; read with the declarations.
    exchanges: dict[str, ast.Exchange] = field(default_factory=dict)
    horses: ast.Horses | None = None
    payments: ast.Payments | None = None
    options: dict[str, ast.OptionDecl] = field(default_factory=dict)
    situations: dict[str, ast.SituationDecl] = field(default_factory=dict)
    # The builtin situations every rulebook shares (`mjc.compiler.resolve.prelude`), by id.
    prelude: dict[str, ast.SituationDecl] = field(default_factory=dict)
    constraints: list[ast.ConstraintDecl] = field(default_factory=list)
    presets: dict[str, ast.PresetDecl] = field(default_factory=dict)
    scoring: ast.Scoring | None = None
    # The fu (符) and points (点) sections (Riichi); a child's section replaces its parent's
    # (`extend points` adds to it).
    fu: ast.FuSection | None = None
    points: ast.PointsSection | None = None
    tiers: dict[str, ast.TierDecl] = field(default_factory=dict)
    fans: dict[str, ast.FanDecl] = field(default_factory=dict)
    # Fans and options the rulebook removed from its parent, for precise messages.
    removed: dict[str, ast.Ident] = field(default_factory=dict)
    # Ids declared in pieces of the text that did not parse (`ast.Unparsed`), and the section
    # keywords those start with: a use of one of the ids is not reported unknown, nor another
    # section judged against one of the sections, the syntax error is the mistake to fix. When
    # the header that did not parse names a parent, any id may be the parent's.
    unparsed: frozenset[str] = frozenset()
    unparsed_sections: frozenset[str] = frozenset()
    parent_unparsed: bool = False

    def option_choices(self, option: str) -> list[str]:
        decl = self.options.get(option)
        if decl is None or not isinstance(decl.type, ast.ChoiceType):
            return []
        return [c.id.text for c in decl.type.choices]

    @property
    def id(self) -> str:
        return self.header.id.text if self.header is not None else "?"


def collect(
    book: ast.Rulebook, parent: Declarations | None = None
) -> tuple[Declarations, list[Diagnostic]]:
    """The declarations of `book`, on top of its parent's when it extends one."""
    decls = _inherit(book.file, parent)
    decls.prelude = {s.id.text: s for s in prelude_situations()}
    problems: list[Diagnostic] = []
    _read_sections(book, decls, problems)
    decls.unparsed = frozenset(name for piece in book.unparsed for name in piece.names)
    decls.unparsed_sections = frozenset(k for piece in book.unparsed for k in piece.keywords)
    decls.parent_unparsed = any(piece.names_parent for piece in book.unparsed)
    if not book.unparsed:
        # while a piece of the file does not parse, the file is being written (and a section
        # may be in that piece): which sections it lacks is told once it parses
        problems.extend(_missing_sections(book.file, decls))
    problems.extend(_orphan_overrides(book, decls))
    problems.extend(_check_items(decls))
    return decls, problems


def _read_sections(book: ast.Rulebook, decls: Declarations, problems: list[Diagnostic]) -> None:
    """Each section into the table: a section that may appear once (the header, `tiles`, …)
    is kept the first time and reported the second; items are declared by id."""
    seen_sections: dict[type, ast.Section] = {}

    def once(section: ast.Section, what: str) -> bool:
        first = seen_sections.get(type(section))
        if first is not None:
            problems.append(
                error(
                    "E0502",
                    f"the rulebook has a second `{what}` section",
                    section.span.head(),
                    label="second one here",
                    labels=(Label(first.span.head(), "first one here"),),
                    help=f"merge the two `{what}` sections into one",
                )
            )
            return False
        seen_sections[type(section)] = section
        return True

    for section in book.sections:
        match section:
            case ast.Header():
                if once(section, "rulebook"):
                    decls.header = section
            case ast.Players():
                if once(section, "players"):
                    decls.players = section
            case ast.Tiles():
                if once(section, "tiles"):
                    decls.tiles = section
            case ast.Shapes():
                if once(section, "shapes"):
                    decls.shapes = {}
                    _declare_all(decls.shapes, section.items, "win shape", problems)
            case ast.Wilds():
                if once(section, "wilds"):
                    decls.wilds = section
            case ast.Claims():
                if once(section, "claims"):
                    decls.claims = section
            case ast.Play():
                if once(section, "play"):
                    decls.play = section
            case ast.Kongs():
                if once(section, "kongs"):
                    decls.kongs = section
            case ast.DealWins():
                if once(section, "deal_wins"):
                    decls.deal_wins = {}
                    _declare_all(decls.deal_wins, section.items, "win at the deal", problems)
            case ast.DeclareSection():
                if once(section, "declarations"):
                    decls.declares, decls.exchanges = {}, {}
                    _declare_all(decls.declares, section.items, "declaration", problems)
                    _declare_all(decls.exchanges, section.exchanges, "exchange", problems)
            case ast.Horses():
                if once(section, "horses"):
                    decls.horses = section
            case ast.Payments():
                if once(section, "payments"):
                    decls.payments = section
            case ast.Scoring():
                if once(section, "scoring"):
                    decls.scoring = section
                    decls.tiers = {}
                    _declare_all(decls.tiers, section.tiers, "tier", problems)
            case ast.FuSection():
                if once(section, "fu"):
                    decls.fu = section
            case ast.PointsSection():
                if once(section, "points"):
                    decls.points = section
            case ast.OptionDecl():
                _declare_new(decls, decls.options, section, "option", problems)
            case ast.FanDecl():
                _declare_new(decls, decls.fans, section, "fan", problems)
            case ast.SituationDecl():
                _declare_new(decls, decls.situations, section, "situation", problems)
            case ast.ConstraintDecl():
                decls.constraints.append(section)
            case ast.PresetDecl():
                _declare_new(decls, decls.presets, section, "preset", problems)
            case ast.Override():
                _override(decls, section, problems)
            case ast.Remove():
                _remove(decls, section, problems)
            case ast.Extend():
                refused = cannot_extend(section)
                if refused is not None:
                    problems.append(refused)
                elif once(section.section, keyword(section.section)):
                    _extend(decls, section.section, problems)


def _extend(decls: Declarations, added: ast.Extendable, problems: list[Diagnostic]) -> None:
    """The parent's section with `added`'s lines after its own (`mjc.compiler.resolve.extend`)."""
    match added:
        case ast.Scoring():
            decls.scoring = merged(decls.scoring, added, problems)
            decls.tiers = {t.id.text: t for t in decls.scoring.tiers}
        case ast.Play():
            decls.play = merged(decls.play, added, problems)
        case ast.Payments():
            decls.payments = merged(decls.payments, added, problems)
        case ast.Claims():
            decls.claims = merged(decls.claims, added, problems)
        case ast.Wilds():
            decls.wilds = merged(decls.wilds, added, problems)
        case ast.Horses():
            decls.horses = merged(decls.horses, added, problems)
        case ast.Kongs():
            decls.kongs = merged(decls.kongs, added, problems)
        case ast.PointsSection():
            decls.points = merged(decls.points, added, problems)
        case ast.Shapes():
            parent = ast.Shapes(tuple(decls.shapes.values()), added.span)
            decls.shapes = {s.id.text: s for s in merged(parent, added, problems).items}
        case ast.DealWins():
            wins = ast.DealWins(tuple(decls.deal_wins.values()), added.span)
            decls.deal_wins = {w.id.text: w for w in merged(wins, added, problems).items}
        case ast.DeclareSection():
            parent_declares = ast.DeclareSection(
                tuple(decls.declares.values()), added.span, tuple(decls.exchanges.values())
            )
            both = merged(parent_declares, added, problems)
            decls.declares = {d.id.text: d for d in both.items}
            decls.exchanges = {e.id.text: e for e in both.exchanges}


def _missing_sections(file: str, decls: Declarations) -> list[Diagnostic]:
    """The sections every rulebook needs (its own or inherited), each with an example."""
    file_span = Span(file, 1, 1, 1, 2)
    return [
        error(
            "E0502",
            f"the rulebook has no `{what}` section",
            file_span,
            help=f"add one, for example: {example}",
        )
        for what, present, example in (
            ("rulebook", decls.header, 'rulebook my_variant { title "我的麻将" version "1" }'),
            ("players", decls.players, "players 4"),
            ("tiles", decls.tiles, "tiles { characters copies 4 ... total 136 }"),
            ("shapes", decls.shapes or None, "shapes { standard }"),
            ("scoring", decls.scoring, 'scoring { unit "番" tier base "番" add }'),
        )
        if present is None
    ]


def _orphan_overrides(book: ast.Rulebook, decls: Declarations) -> list[Diagnostic]:
    """`override`, `remove` and `extend` in a rulebook that extends nothing."""
    if decls.header is None or decls.header.extends is not None:
        return []
    return [
        error(
            "E0113",
            f"`extend {keyword(section.section)}` needs a parent rulebook to add lines to"
            if isinstance(section, ast.Extend)
            else "`override` and `remove` need a parent rulebook",
            words(section) if isinstance(section, ast.Extend) else section.span.head(),
            help=f"write `rulebook {decls.id} extends <parent> {{ … }}`"
            + (", or drop the word `extend`" if isinstance(section, ast.Extend) else ""),
        )
        for section in book.sections
        if isinstance(section, ast.Override | ast.Remove | ast.Extend)
    ]


def _inherit(file: str, parent: Declarations | None) -> Declarations:
    """A fresh table, holding a copy of the parent's items when there is a parent."""
    if parent is None:
        return Declarations(file)
    return Declarations(
        file=file,
        parent=parent,
        players=parent.players,
        tiles=parent.tiles,
        shapes=dict(parent.shapes),
        wilds=parent.wilds,
        claims=parent.claims,
        play=parent.play,
        kongs=parent.kongs,
        deal_wins=dict(parent.deal_wins),
        declares=dict(parent.declares),
        exchanges=dict(parent.exchanges),
        horses=parent.horses,
        payments=parent.payments,
        options=dict(parent.options),
        situations=dict(parent.situations),
        constraints=list(parent.constraints),
        presets=dict(parent.presets),
        scoring=parent.scoring,
        fu=parent.fu,
        points=parent.points,
        tiers=dict(parent.tiers),
        fans=dict(parent.fans),
    )


def _inherited(decls: Declarations, table: dict[str, T], name: str) -> bool:
    """Whether `table[name]` came from the parent rather than from this file."""
    item = table.get(name)
    return item is not None and item.id.span.file != decls.file


def _declare_new(
    decls: Declarations,
    table: dict[str, T],
    item: T,
    what: str,
    problems: list[Diagnostic],
) -> None:
    """Add `item` to `table`, unless its id is the parent's (E0112) or taken in this file."""
    ident = item.id
    if _inherited(decls, table, ident.text):
        problems.append(_id_taken(ident, table[ident.text], what, by_parent=True))
        return
    _declare(table, item, what, problems)


def _declare(
    table: dict[str, T],
    item: T,
    what: str,
    problems: list[Diagnostic],
) -> None:
    """Add `item` to `table`, unless its id is already there (E0102)."""
    ident = item.id
    first = table.get(ident.text)
    if first is not None:
        problems.append(_id_taken(ident, first, what, by_parent=False))
        return
    table[ident.text] = item


def _id_taken(ident: ast.Ident, first: _Declared, what: str, *, by_parent: bool) -> Diagnostic:
    """`ident` names a `what` whose id `first` already has: the parent rulebook's (E0112,
    which only `override` may change) or one declared earlier in this file (E0102)."""
    if by_parent:
        code, taken = "E0112", "is already defined by the parent rulebook"
        here, there = "this would hide the parent's", "the parent's"
        fix = f"write `override {what} {ident.text} …` to change it, or pick a new id"
    else:
        code, taken = "E0102", "is declared twice"
        here, there = "declared again here", "first declared here"
        fix = f"give each {what} its own id, or delete one of them"
    return error(
        code,
        f"the {what} `{ident.text}` {taken}",
        ident.span,
        label=here,
        labels=(Label(first.id.span, there),),
        help=fix,
    )


def _declare_all(
    table: dict[str, T], items: Iterable[T], what: str, problems: list[Diagnostic]
) -> None:
    for item in items:
        _declare(table, item, what, problems)


def _override(decls: Declarations, section: ast.Override, problems: list[Diagnostic]) -> None:
    item = section.item
    kind = "fan" if isinstance(item, ast.FanDecl) else "option"
    table: dict[str, ast.FanDecl] | dict[str, ast.OptionDecl] = (
        decls.fans if isinstance(item, ast.FanDecl) else decls.options
    )
    name = item.id.text
    if decls.parent is None:
        return  # reported once for the whole file by collect()
    if not _inherited(decls, table, name):  # type: ignore[misc]
        problems.append(
            error(
                "E0113",
                f"`override {kind} {name}`: the parent rulebook has no {kind} `{name}`",
                item.id.span,
                label=f"nothing to override in {decls.parent.id}",
                help=did_you_mean(name, table) or f"to add a new {kind}, drop the word `override`",
            )
        )
        return
    if isinstance(item, ast.FanDecl):
        decls.fans[name] = _merge_fan(decls.fans[name], item)
    else:
        decls.options[name] = item


def _merge_fan(parent: ast.FanDecl, child: ast.FanDecl) -> ast.FanDecl:
    """The parent's fan with every item the override states replaced by the override's."""
    conditions = (child.whens, child.pers) if (child.whens or child.pers) else None
    return dataclasses.replace(
        parent,
        id=child.id,
        name=child.name,
        english=child.english or parent.english,
        values=child.values or parent.values,
        tiers=child.tiers or parent.tiers,
        whens=conditions[0] if conditions else parent.whens,
        pers=conditions[1] if conditions else parent.pers,
        relations=child.relations or parent.relations,
        examples=child.examples or parent.examples,
        provenance=child.provenance or parent.provenance,
        span=child.span,
    )


def _remove(decls: Declarations, section: ast.Remove, problems: list[Diagnostic]) -> None:
    if decls.parent is None:
        return  # reported once for the whole file by collect()
    table: dict[str, ast.FanDecl] | dict[str, ast.OptionDecl] = (
        decls.fans if section.kind == "fan" else decls.options
    )
    for ident in section.names:
        if ident.text not in table:
            problems.append(
                error(
                    "E0113",
                    f"`remove {section.kind} {ident.text}`: there is no {section.kind} "
                    f"`{ident.text}` to remove",
                    ident.span,
                    help=did_you_mean(ident.text, table),
                )
            )
            continue
        del table[ident.text]
        decls.removed[ident.text] = ident


def _value_twice(fan: ast.FanDecl, open_hand: bool) -> list[Diagnostic]:
    """E0503 for each `value` (or `open`) line without a guard after the first."""
    unguarded = [v for v in fan.values if v.guard is None and v.open == open_hand]
    which = "its value on an open hand" if open_hand else "its value"
    return [
        error(
            "E0503",
            f"the fan `{fan.id.text}` states {which} twice",
            extra.span,
            label="second one here",
            labels=(Label(unguarded[0].span, "first one here"),),
            help="an option-dependent value is written `value 2 if option.<id>`",
        )
        for extra in unguarded[1:]
    ]


def _check_fan(fan: ast.FanDecl, decls: Declarations, builtins: set[str]) -> list[Diagnostic]:
    """A fan's value, tier and `per` written once, and an id no shape, option or word has."""
    problems: list[Diagnostic] = []
    for open_hand in (False, True):
        problems += _value_twice(fan, open_hand)
    for extra_tier in fan.tiers[1:]:
        problems.append(
            error(
                "E0503",
                f"the fan `{fan.id.text}` states its tier twice",
                extra_tier.span,
                label="second one here",
                labels=(Label(fan.tiers[0].span, "first one here"),),
            )
        )
    if not any(v.guard is None and not v.open for v in fan.values):
        problems.append(
            error(
                "E0503",
                f"the fan `{fan.id.text}` has no value",
                fan.id.span,
                help="add a line such as `value 1` to the fan",
            )
        )
    if len(fan.pers) > 1:
        problems.append(
            error(
                "E0503",
                f"the fan `{fan.id.text}` has more than one `per`",
                fan.pers[1].span,
                help="a fan counts once per item of one `per` expression",
            )
        )
    for other in ("shapes", "options"):
        table: dict[str, ast.ShapeDecl] | dict[str, ast.OptionDecl] = getattr(decls, other)
        if fan.id.text in table:
            problems.append(
                error(
                    "E0102",
                    f"`{fan.id.text}` names both a fan and one of the {other}",
                    fan.id.span,
                    help="fans, shapes and options share one namespace: rename one",
                )
            )
    if fan.id.text in builtins:
        problems.append(
            error(
                "E0102",
                f"the fan id `{fan.id.text}` is a builtin word of conditions",
                fan.id.span,
                help=f"rename the fan, for example `{fan.id.text}_fan`",
            )
        )
    return problems


def _check_items(decls: Declarations) -> list[Diagnostic]:
    """Items that may be written once only, and ids that would hide a builtin word."""
    builtins = all_builtin_names()
    problems = [p for fan in decls.fans.values() for p in _check_fan(fan, decls, builtins)]
    for situation in decls.situations.values():
        if situation.id.text in builtins or situation.id.text in decls.fans:
            problems.append(
                error(
                    "E0102",
                    f"the situation `{situation.id.text}` has the name of a fan or builtin fact",
                    situation.id.span,
                    help="give the situation its own id",
                )
            )
    problems += _situation_excludes(decls)
    for shape in decls.shapes.values():
        if shape.custom is None and shape.id.text not in BUILTIN_SHAPES:
            problems.append(
                error(
                    "E0110",
                    f"unknown win shape `{shape.id.text}`",
                    shape.id.span,
                    label="not a win shape mjc knows",
                    help=did_you_mean(shape.id.text, BUILTIN_SHAPES)
                    or "the win shapes are "
                    + ", ".join(f"`{s}`" for s in BUILTIN_SHAPES)
                    + '; write `custom <id> "<中文>" when <condition>` for a new one',
                )
            )
    return problems


def _situation_excludes(decls: Declarations) -> list[Diagnostic]:
    """Each situation a rulebook's situation `excludes` is a situation (its own, a parent's or
    the prelude's), and not the situation itself."""
    known = {**decls.prelude, **decls.situations}
    problems: list[Diagnostic] = []
    for situation in decls.situations.values():
        for other in situation.excludes:
            if other.text == situation.id.text:
                problems.append(
                    error(
                        "E0101",
                        f"the situation `{other.text}` excludes itself",
                        other.span,
                        label="a situation always holds with itself",
                        help="name the other situations it cannot hold with",
                    )
                )
            elif other.text not in known:
                problems.append(
                    error(
                        "E0101",
                        f"unknown situation `{other.text}`",
                        other.span,
                        label="not a situation of this rulebook nor a builtin one",
                        help=did_you_mean(other.text, known)
                        or "the situations are " + ", ".join(f"`{k}`" for k in known),
                    )
                )
    return problems
