"""Provenance whose layout misreads: a `source`, `reference`, `convention` or `note` line that
looks like a line of its block but belongs to the line before it (W0008).

Input is the AST of a rulebook (`compiler/syntax/parse.py`) and its text; output is one warning
for each such provenance line. The rule, as the language reference states it:

- provenance belongs to the item it follows: in a block, the line before it (in a fan, the
  header and a situation, provenance is the declaration's own, wherever it stands, so these
  are never judged);
- written on the item's line, or on a line of its own indented deeper than the line the item
  starts on (as `mjc fmt` writes it), it reads as the item's;
- on a line of its own at that line's indentation or left of it, it reads as a line of the
  block — after the last item, as a note about the whole section — which no block has: the
  warning says which line it belongs to.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Protocol, get_args

from mjc.compiler.diagnostics import Diagnostic, Label, Span, warning
from mjc.compiler.syntax import ast
from mjc.frozen import Frozen, frozen

__all__ = ["provenance_layout"]


class _Provenanced(Protocol):
    """An item that carries the provenance lines after it."""

    @property
    def provenance(self) -> tuple[ast.Provenance, ...]: ...

    @property
    def span(self) -> Span: ...


# Declarations whose provenance lines are items of their own block: never ambiguous.
_OWN_PROVENANCE = (ast.FanDecl, ast.Header, ast.SituationDecl)
# Nodes that hold no provenance, nor anything that does: an expression holds expressions,
# names and places only (most of a rulebook's nodes, not walked).
_NO_PROVENANCE = frozenset((*get_args(ast.Expr), ast.Ident, Span))


def provenance_layout(book: ast.Rulebook, text: str) -> list[Diagnostic]:
    """A W0008 warning for each provenance line of `book` laid out as a line of its block."""
    lines = text.split("\n")
    problems = []
    for item in _items(book.sections, lines):
        start = _indent(lines, item.span.line)
        for provenance in item.provenance:
            span = provenance.span
            if span.file != book.file or not _starts_line(lines, span):
                continue
            if span.column <= start:
                problems.append(_problem(item, provenance, lines))
    return sorted(problems, key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0))


@frozen
class _Unit(Frozen):
    """A payments section's `unit` line, which the AST keeps as a word and its provenance."""

    provenance: tuple[ast.Provenance, ...]
    span: Span


def _items(nodes: object, lines: list[str]) -> Iterator[_Provenanced]:
    """Every node that carries provenance of the item it follows."""
    if isinstance(nodes, tuple):
        for node in nodes:
            yield from _items(node, lines)
        return
    if (
        type(nodes) in _NO_PROVENANCE
        or not dataclasses.is_dataclass(nodes)
        or isinstance(nodes, (type, *_OWN_PROVENANCE))
    ):
        return
    fields = [f.name for f in dataclasses.fields(nodes)]
    if "provenance" in fields and "span" in fields:
        yield nodes  # type: ignore[misc]
    unit = getattr(nodes, "unit_provenance", ())
    if unit:
        yield _Unit(unit, _unit_line(lines, unit[0].span))
    for name in fields:
        if name not in ("provenance", "unit_provenance", "span", "unit_span"):
            yield from _items(getattr(nodes, name), lines)


def _unit_line(lines: list[str], first: Span) -> Span:
    """Where the `unit` line its first provenance follows starts (a line at or above it)."""
    for number in range(first.line, 0, -1):
        found = re.search(
            _UNIT, lines[number - 1][: first.column - 1 if number == first.line else None]
        )
        if found:
            return Span(first.file, number, found.start() + 1, number, found.end() + 1)
    return first


# Compiled (and kept by `re`) when a rulebook has a `unit` line, not as every check starts.
_UNIT = r"(?<![A-Za-z0-9_])unit(?![A-Za-z0-9_])"


def _indent(lines: list[str], number: int) -> int:
    """The column the line's first word is in."""
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    return len(line) - len(line.lstrip()) + 1


def _starts_line(lines: list[str], span: Span) -> bool:
    return 0 < span.line <= len(lines) and not lines[span.line - 1][: span.column - 1].strip()


def _problem(item: _Provenanced, provenance: ast.Provenance, lines: list[str]) -> Diagnostic:
    line = lines[item.span.line - 1]
    head = line.strip() if len(line.strip()) <= 40 else line.strip()[:39] + "…"
    word = line[item.span.column - 1 :].split(maxsplit=1)[0] if line.strip() else ""
    at = Span(
        item.span.file,
        item.span.line,
        item.span.column,
        item.span.line,
        item.span.column + max(len(word), 1),
    )
    kind = provenance.kind
    return warning(
        "W0008",
        f"this `{kind}` belongs to the line above it, but is laid out as a line of the block",
        provenance.span,
        label=f"the `{kind}` of `{head}` (line {item.span.line})",
        labels=(Label(at, "the line it belongs to"),),
        help="indent it under that line, as `mjc fmt` does, or move it onto that line; a block "
        "has no provenance of its own, so a note about the whole section goes with the line "
        "it is most about, or in a `#` comment",
    )
