"""First pass after parsing: gather the rulebook's sections into one table of declarations.

Input is the AST of one rulebook. Output is a `Declarations` table (header, players, tiles,
shapes, options, tiers, fans, each by id) and the problems of structure found on the way:
a missing or repeated section, a name declared twice, a fan that states its value twice.
Later passes look names up here instead of walking the AST again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from compiler import ast
from compiler.diagnostics import Diagnostic, Label, Span, error
from compiler.vocabulary import BUILTIN_SHAPES, all_builtin_names

T = TypeVar("T")


@dataclass(slots=True)
class Declarations:
    file: str
    header: ast.Header | None = None
    players: ast.Players | None = None
    tiles: ast.Tiles | None = None
    shapes: dict[str, ast.ShapeDecl] = field(default_factory=dict)
    options: dict[str, ast.OptionDecl] = field(default_factory=dict)
    scoring: ast.Scoring | None = None
    tiers: dict[str, ast.TierDecl] = field(default_factory=dict)
    fans: dict[str, ast.FanDecl] = field(default_factory=dict)

    def option_choices(self, option: str) -> list[str]:
        decl = self.options.get(option)
        if decl is None or not isinstance(decl.type, ast.ChoiceType):
            return []
        return [c.id.text for c in decl.type.choices]


def collect(book: ast.Rulebook) -> tuple[Declarations, list[Diagnostic]]:
    decls = Declarations(book.file)
    problems: list[Diagnostic] = []
    single_sections: dict[type, tuple[str, ast.Section | None]] = {}

    def once(section: ast.Section, what: str) -> bool:
        first = single_sections.get(type(section))
        if first is not None and first[1] is not None:
            problems.append(
                error(
                    "E0502",
                    f"the rulebook has a second `{what}` section",
                    _head(section.span),
                    label="second one here",
                    labels=(Label(_head(first[1].span), "first one here"),),
                    help=f"merge the two `{what}` sections into one",
                )
            )
            return False
        single_sections[type(section)] = (what, section)
        return True

    for section in book.sections:
        if isinstance(section, ast.Header):
            if once(section, "rulebook"):
                decls.header = section
        elif isinstance(section, ast.Players):
            if once(section, "players"):
                decls.players = section
        elif isinstance(section, ast.Tiles):
            if once(section, "tiles"):
                decls.tiles = section
        elif isinstance(section, ast.Shapes):
            if once(section, "shapes"):
                _declare_all(decls.shapes, section.items, "win shape", problems)
        elif isinstance(section, ast.Scoring):
            if once(section, "scoring"):
                decls.scoring = section
                _declare_all(decls.tiers, section.tiers, "tier", problems)
        elif isinstance(section, ast.OptionDecl):
            _declare(decls.options, section, "option", problems)
        elif isinstance(section, ast.FanDecl):
            _declare(decls.fans, section, "fan", problems)

    file_span = Span(book.file, 1, 1, 1, 2)
    for what, present, example in (
        ("rulebook", decls.header, 'rulebook my_variant { title "我的麻将" version "1" }'),
        ("players", decls.players, "players 4"),
        ("tiles", decls.tiles, "tiles { characters copies 4 ... total 136 }"),
        ("shapes", decls.shapes or None, "shapes { standard }"),
        ("scoring", decls.scoring, 'scoring { unit "番" tier base "番" add }'),
    ):
        if present is None:
            problems.append(
                error(
                    "E0502",
                    f"the rulebook has no `{what}` section",
                    file_span,
                    help=f"add one, for example: {example}",
                )
            )

    problems.extend(_check_items(decls))
    return decls, problems


def _head(span: Span) -> Span:
    """The first line of a span: enough to point at a block without underlining all of it."""
    if span.end_line == span.line:
        return span
    return Span(span.file, span.line, span.column, span.line, span.column + 1)


class _HasId:
    id: ast.Ident
    span: Span


def _declare(
    table: dict[str, T],
    item: T,
    what: str,
    problems: list[Diagnostic],
) -> None:
    ident: ast.Ident = item.id  # type: ignore[attr-defined]
    first = table.get(ident.text)
    if first is not None:
        problems.append(
            error(
                "E0102",
                f"the {what} `{ident.text}` is declared twice",
                ident.span,
                label="declared again here",
                labels=(Label(first.id.span, "first declared here"),),  # type: ignore[attr-defined]
                help=f"give each {what} its own id, or delete one of them",
            )
        )
        return
    table[ident.text] = item


def _declare_all(
    table: dict[str, T], items: Iterable[T], what: str, problems: list[Diagnostic]
) -> None:
    for item in items:
        _declare(table, item, what, problems)


def _check_items(decls: Declarations) -> list[Diagnostic]:
    """Items that may be written once only, and ids that would hide a builtin word."""
    problems: list[Diagnostic] = []
    builtins = all_builtin_names()
    for fan in decls.fans.values():
        for what, found in (("value", fan.values), ("tier", fan.tiers)):
            for extra in found[1:]:
                problems.append(
                    error(
                        "E0503",
                        f"the fan `{fan.id.text}` states its {what} twice",
                        extra.span,
                        label="second one here",
                        labels=(Label(found[0].span, "first one here"),),
                    )
                )
        if not fan.values:
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
                    _span_of(fan.pers[1]),
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
    for shape in decls.shapes.values():
        if shape.id.text not in BUILTIN_SHAPES:
            from compiler.suggest import did_you_mean

            problems.append(
                error(
                    "E0110",
                    f"unknown win shape `{shape.id.text}`",
                    shape.id.span,
                    label="not a win shape mjc knows",
                    help=did_you_mean(shape.id.text, BUILTIN_SHAPES)
                    or "the win shapes are " + ", ".join(f"`{s}`" for s in BUILTIN_SHAPES),
                )
            )
    return problems


def _span_of(expr: ast.Expr) -> Span:
    return expr.span
