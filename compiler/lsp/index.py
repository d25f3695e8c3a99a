"""The symbol index of one rulebook: every declaration and every use of a name, with spans.

Built from the AST (`mjc.compiler.syntax.parse`) of the text an editor holds, on top of the
index of the parent rulebook named by `extends` (read from disk or the bundled rulebooks, as
the driver does). Text with syntax errors is indexed by the sections that parse (the pieces
that do not are outline entries of their own). The language server's features read it: hover
and go to definition look a name up, find references and rename list its uses, the outline
lists the sections, semantic tokens and completion read which names exist. Symbols are keyed by
kind and name; a choice is named `option.choice`, so that `da` of option `wang` is not the `da`
of another option.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.limits import MAX_EXTENDS_DEPTH
from mjc.compiler.syntax.parse import parse
from mjc.compiler.syntax.sources import (
    RulebookNotFound,
    bundled_rulebooks,
    read_rulebook,
    resolve_rulebook,
)

Kind = Literal[
    "fan", "option", "choice", "tier", "shape", "situation", "preset", "deal_win", "kong_kind",
    "declaration", "fu_item", "points_line",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Symbol:
    """A declaration: what it is, its name, where its id is written and its AST node."""

    kind: Kind
    name: str
    span: Span
    node: object
    section: Span  # the whole declaration, for the outline


@dataclass(frozen=True, slots=True)
class Reference:
    """A use (or the declaration) of a name at `span`."""

    kind: Kind
    name: str
    span: Span
    is_declaration: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    """A top-level section of the file, for the outline."""

    label: str
    span: Span
    children: tuple[Symbol, ...] = ()


@dataclass(slots=True)
class SymbolIndex:
    """The names of one file, and its parent's index when it extends one."""

    file: str
    text: str
    book: ast.Rulebook
    parent: SymbolIndex | None = None
    editable_parent: bool = False  # a parent named by path (not a bundled rulebook)
    symbols: dict[tuple[Kind, str], Symbol] = field(default_factory=dict)
    references: list[Reference] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)

    def chain(self) -> Iterator[SymbolIndex]:
        """This index, then its parent's, and so on."""
        index: SymbolIndex | None = self
        while index is not None:
            yield index
            index = index.parent

    def lookup(self, kind: Kind, name: str) -> Symbol | None:
        """The declaration of `name` nearest this file (an override shadows the parent's)."""
        for index in self.chain():
            found = index.symbols.get((kind, name))
            if found is not None:
                return found
        return None

    def names(self, kind: Kind) -> dict[str, Symbol]:
        """Every name of `kind` visible here, the nearest declaration of each."""
        seen: dict[str, Symbol] = {}
        for index in self.chain():
            for (k, name), symbol in index.symbols.items():
                if k == kind:
                    seen.setdefault(name, symbol)
        return seen

    def at(self, line: int, column: int) -> Reference | None:
        """The name written at 1-based `line`:`column` (code points) of this file."""
        for ref in self.references:
            s = ref.span
            if s.line == line and s.column <= column <= s.end_column and s.end_line == line:
                return ref
        return None

    def uses(self, kind: Kind, name: str) -> list[Reference]:
        """Every place `name` is written, in this file and its ancestors."""
        return [
            ref
            for index in self.chain()
            for ref in index.references
            if ref.kind == kind and ref.name == name
        ]


def build_index(
    text: str, file: str, directory: Path | None = None, *, depth: int = 0
) -> SymbolIndex | None:
    """The index of rulebook `text`: of the sections that parse when it has syntax errors
    (`compiler/syntax/recovery.py`), None when none does. The parent is indexed from disk,
    and left out when it cannot be found, read or parsed."""
    book, problems = parse(text, file, recover=True)
    if book is None or (problems and not book.sections):
        return None
    parent, editable = _parent_index(book, directory, depth)
    index = SymbolIndex(file, text, book, parent, editable)
    _Collector(index).run()
    return index


def _parent_index(
    book: ast.Rulebook, directory: Path | None, depth: int
) -> tuple[SymbolIndex | None, bool]:
    header = next((s for s in book.sections if isinstance(s, ast.Header)), None)
    if header is None or header.extends is None or depth + 1 >= MAX_EXTENDS_DEPTH:
        return None, False
    name = header.extends.text
    try:
        path, _ = resolve_rulebook(name, directory)
    except (RulebookNotFound, OSError, ValueError):
        return None, False
    text, problem = read_rulebook(path, str(path))
    if problem is not None:
        return None, False
    parent = build_index(text, str(path), path.parent, depth=depth + 1)
    return parent, name not in bundled_rulebooks()


def _points_outline(section: ast.FuSection | ast.PointsSection) -> Section:
    """The fu or points section in the outline, its items (their labels, or what they say)
    below it; no name the rest of the file can use, so none is declared."""
    if isinstance(section, ast.FuSection):
        items = tuple(
            Symbol("fu_item", item.label or "round up", item.span, item, item.span)
            for item in section.items
        )
        return Section(f"fu {section.label}", section.span, items)
    lines = [Symbol("points_line", "base", b.span, b, b.span) for b in section.bases]
    lines += [Symbol("points_line", x.name, x.span, x, x.span) for x in section.limits]
    lines.sort(key=lambda s: (s.span.line, s.span.column))
    return Section(f"points {section.label}", section.span, tuple(lines))


class _Collector:
    """Declarations first (so that a bare name can be told a fan from a shape), then uses."""

    def __init__(self, index: SymbolIndex) -> None:
        self.index = index

    def run(self) -> None:
        for section in self.index.book.sections:
            self._declare_section(section)
        for piece in self.index.book.unparsed:
            # the outline still lists a section being typed, where it is
            what = " ".join(piece.keywords[: 2 if piece.keywords[:1] == ("extend",) else 1])
            what = what or "text"
            if what in ("fan", "option", "situation", "preset") and piece.names:
                what += " " + piece.names[0]
            self.index.sections.append(Section(f"{what} (does not parse)", piece.span))
        self.index.sections.sort(key=lambda s: (s.span.line, s.span.column))
        for section in self.index.book.sections:
            self._uses(section)
        self.index.references.sort(key=lambda r: (r.span.line, r.span.column))

    # ------------------------------------------------------------------ declarations

    def _declare(self, kind: Kind, ident: ast.Ident, node: object, whole: Span) -> Symbol:
        symbol = Symbol(kind, ident.text, ident.span, node, whole)
        self.index.symbols.setdefault((kind, ident.text), symbol)
        self.index.references.append(Reference(kind, ident.text, ident.span, True))
        return symbol

    def _declare_section(self, section: ast.Section) -> None:
        if isinstance(section, ast.Extend):  # its lines, listed as `extend scoring`
            before = len(self.index.sections)
            self._declare_section(section.section)
            for i in range(before, len(self.index.sections)):
                added = self.index.sections[i]
                label = f"extend {added.label}"
                self.index.sections[i] = Section(label, section.span, added.children)
            return
        item = section.item if isinstance(section, ast.Override) else section
        if isinstance(item, ast.FanDecl):
            fan = self._declare("fan", item.id, item, section.span)
            self.index.sections.append(
                Section(f"fan {item.id.text} {item.name}", section.span, (fan,))
            )
        elif isinstance(item, ast.OptionDecl):
            option = self._declare("option", item.id, item, section.span)
            if isinstance(item.type, ast.ChoiceType):
                for choice in item.type.choices:
                    named = ast.Ident(f"{item.id.text}.{choice.id.text}", choice.id.span)
                    self._declare("choice", named, choice, choice.span)
            self.index.sections.append(Section(f"option {item.id.text}", section.span, (option,)))
        elif isinstance(item, ast.Shapes):
            shapes = tuple(self._declare("shape", s.id, s, s.span) for s in item.items)
            self.index.sections.append(Section("shapes", section.span, shapes))
        elif isinstance(item, ast.DeclareSection):
            found: list[ast.Declare | ast.Exchange] = [*item.items, *item.exchanges]
            lines = sorted(found, key=lambda d: (d.span.line, d.span.column))
            made = tuple(self._declare("declaration", d.id, d, d.span) for d in lines)
            self.index.sections.append(Section("declarations", section.span, made))
        elif isinstance(item, ast.DealWins):
            wins = tuple(self._declare("deal_win", w.id, w, w.span) for w in item.items)
            self.index.sections.append(Section("deal_wins", section.span, wins))
        elif isinstance(item, ast.Kongs):
            kinds = tuple(self._declare("kong_kind", k.id, k, k.span) for k in item.kinds)
            self.index.sections.append(Section("kongs", section.span, kinds))
        elif isinstance(item, ast.Scoring):
            tiers = tuple(self._declare("tier", t.id, t, t.span) for t in item.tiers)
            self.index.sections.append(Section("scoring", section.span, tiers))
        elif isinstance(item, ast.FuSection | ast.PointsSection):
            self.index.sections.append(_points_outline(item))
        elif isinstance(item, ast.SituationDecl):
            flag = self._declare("situation", item.id, item, section.span)
            self.index.sections.append(Section(f"situation {item.id.text}", section.span, (flag,)))
        elif isinstance(item, ast.PresetDecl):
            preset = self._declare("preset", item.id, item, section.span)
            self.index.sections.append(Section(f"preset {item.id.text}", section.span, (preset,)))
        else:
            label = ast.SECTION_KEYWORDS.get(type(item), type(item).__name__.lower())
            if isinstance(item, ast.Header):
                label = f"rulebook {item.id.text}"
            self.index.sections.append(Section(label, section.span))

    # ------------------------------------------------------------------ uses

    def _use(self, kind: Kind, name: str, span: Span) -> None:
        if self.index.lookup(kind, name) is not None:
            self.index.references.append(Reference(kind, name, span))

    def _uses(self, section: ast.Section) -> None:
        if isinstance(section, ast.Extend):
            self._uses(section.section)
            return
        item = section.item if isinstance(section, ast.Override) else section
        if isinstance(item, ast.FanDecl):
            for tier in item.tiers:
                self._use("tier", tier.text, tier.span)
            for relation in item.relations:
                self._use("fan", relation.target.text, relation.target.span)
            for example in item.examples:
                for setting in example.situation:
                    self._use("situation", setting.name.text, setting.name.span)
        elif isinstance(item, ast.OptionDecl) and item.default is not None:
            if isinstance(item.type, ast.ChoiceType):
                name = f"{item.id.text}.{item.default.text}"
                self._use("choice", name, item.default.span)
        elif isinstance(item, ast.Scoring):
            for decl in item.tiers:
                for other in decl.overrides:
                    self._use("tier", other.text, other.span)
        elif isinstance(item, ast.Remove):
            for removed in item.names:
                self._use(item.kind, removed.text, removed.span)
        elif isinstance(item, ast.PresetDecl):
            for option, value in item.settings:
                self._use("option", option.text, option.span)
                self._use("choice", f"{option.text}.{value.text}", value.span)
        elif isinstance(item, ast.SituationDecl):
            for other in item.excludes:
                self._use("situation", other.text, other.span)
        self._expressions(item)

    def _expressions(self, node: object) -> None:
        """Walk every expression under `node`: option references, names of fans, shapes and
        situations, and the choices compared with an option."""
        if isinstance(node, tuple):
            for child in node:
                self._expressions(child)
            return
        if isinstance(node, ast.OptionRef):
            self._use("option", node.option.text, node.option.span)
            return
        if isinstance(node, ast.Name):
            for kind in ("fan", "shape", "situation"):
                if self.index.lookup(kind, node.name) is not None:
                    self._use(kind, node.name, node.span)
                    break
            return
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.OptionRef):
            option = node.left.option.text
            right = node.right.items if isinstance(node.right, ast.ListExpr) else (node.right,)
            for choice in right:
                if isinstance(choice, ast.Name | ast.IntLit):
                    text = choice.name if isinstance(choice, ast.Name) else str(choice.value)
                    self._use("choice", f"{option}.{text}", choice.span)
            self._expressions(node.left)
            return
        for name in getattr(node, "__slots__", ()):
            value = getattr(node, name, None)
            # a tuple of children, or a child node (spans and plain idents hold no uses)
            if isinstance(value, tuple) or (
                hasattr(value, "__slots__") and not isinstance(value, Span | ast.Ident)
            ):
                self._expressions(value)
