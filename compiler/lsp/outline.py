"""The document outline (textDocument/documentSymbol): the sections of the rulebook in the
order written, with the fans, options, shapes and tiers they declare. Input is the symbol
index of `index.py` (the last text that parsed)."""

from __future__ import annotations

from lsprotocol import types

from mjc.compiler.diagnostics import Span
from mjc.compiler.lsp.index import Kind
from mjc.compiler.lsp.positions import LineTable
from mjc.compiler.lsp.state import DocumentState

_KIND: dict[Kind, types.SymbolKind] = {
    "fan": types.SymbolKind.Function,
    "option": types.SymbolKind.Property,
    "choice": types.SymbolKind.EnumMember,
    "tier": types.SymbolKind.Class,
    "shape": types.SymbolKind.Struct,
    "situation": types.SymbolKind.Boolean,
    "preset": types.SymbolKind.Object,
    "deal_win": types.SymbolKind.Event,
    "kong_kind": types.SymbolKind.EnumMember,
    "declaration": types.SymbolKind.Variable,
    "fu_item": types.SymbolKind.Field,
    "points_line": types.SymbolKind.Constant,
}


def _range(lines: LineTable, span: Span) -> types.Range:
    (sl, sc), (el, ec) = lines.span_range(span)
    return types.Range(types.Position(sl, sc), types.Position(el, ec))


def _within(outer: types.Range, inner: types.Range) -> types.Range:
    # LSP requires the selection range inside the full range; a stale span may not be
    start = max(
        (outer.start.line, outer.start.character), (inner.start.line, inner.start.character)
    )
    end = min((outer.end.line, outer.end.character), (inner.end.line, inner.end.character))
    end = max(start, end)
    return types.Range(types.Position(*start), types.Position(*end))


def document_symbols(state: DocumentState) -> list[types.DocumentSymbol]:
    index = state.index
    if index is None:
        return []
    lines = LineTable(index.text)
    found: list[types.DocumentSymbol] = []
    for section in index.sections:
        whole = _range(lines, section.span)
        children = []
        for symbol in section.children:
            full = _within(whole, _range(lines, symbol.section))
            children.append(
                types.DocumentSymbol(
                    name=symbol.name,
                    kind=_KIND[symbol.kind],
                    range=full,
                    selection_range=_within(full, _range(lines, symbol.span)),
                    detail=symbol.kind,
                )
            )
        if len(children) == 1 and section.label.split(" ")[0] in (
            "fan",
            "option",
            "situation",
            "preset",
        ):
            child = children[0]
            child.detail = section.label
            child.range = whole
            found.append(child)
            continue
        head = _within(whole, _range(lines, section.span.head()))
        found.append(
            types.DocumentSymbol(
                name=section.label,
                kind=types.SymbolKind.Namespace,
                range=whole,
                selection_range=head,
                children=children or None,
            )
        )
    return found
