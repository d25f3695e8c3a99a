"""Go to definition, find references and rename, over the symbol index.

Input is the document's state (`state.DocumentState`) and an LSP position in it. A name is
looked up in this document first and then up the `extends` chain, so a fan the rulebook
inherits leads into the parent's file. Rename rewrites every use in this document, and in
the parent files too when the parent is named by a path (a bundled rulebook is not the
designer's to edit, so its uses are left and the rename keeps to this document).
"""

from __future__ import annotations

import keyword

from lsprotocol import types

from mjc.compiler.diagnostics import Span
from mjc.compiler.lsp.index import Reference, Symbol
from mjc.compiler.lsp.positions import LineTable
from mjc.compiler.lsp.state import DocumentState
from mjc.compiler.syntax.parse import keywords


def reference_at(state: DocumentState, position: types.Position) -> Reference | None:
    """The name under the cursor (at its end too, where an editor puts it after a word)."""
    if state.index is None:
        return None
    line, column = state.lines.from_lsp(position.line, position.character)
    return state.index.at(line, column)


def symbol_at(state: DocumentState, position: types.Position) -> Symbol | None:
    ref = reference_at(state, position)
    if ref is None or state.index is None:
        return None
    return state.index.lookup(ref.kind, ref.name)


def location(state: DocumentState, span: Span) -> types.Location:
    """Where `span` is, in whichever file of the chain it is."""
    index = state.index_of(span.file)
    lines = index_lines(state, span.file) if index is None else LineTable(index.text)
    (sl, sc), (el, ec) = lines.span_range(span)
    return types.Location(
        state.uri_of(span.file),
        types.Range(types.Position(sl, sc), types.Position(el, ec)),
    )


def index_lines(state: DocumentState, file: str) -> LineTable:
    return LineTable(state.text if file == state.file else state.sources.get(file, ""))


def definition(state: DocumentState, position: types.Position) -> list[types.Location]:
    """Where the name is declared; on an `override`'s own id, the parent's declaration."""
    ref = reference_at(state, position)
    if ref is None or state.index is None:
        return []
    symbol = state.index.lookup(ref.kind, ref.name)
    if ref.is_declaration and state.index.parent is not None:
        symbol = state.index.parent.lookup(ref.kind, ref.name) or symbol
    return [] if symbol is None else [location(state, symbol.span)]


def references(
    state: DocumentState, position: types.Position, include_declaration: bool
) -> list[types.Location]:
    ref = reference_at(state, position)
    if ref is None or state.index is None:
        return []
    return [
        location(state, use.span)
        for use in state.index.uses(ref.kind, ref.name)
        if include_declaration or not use.is_declaration
    ]


def _valid_name(name: str) -> bool:
    return (
        name.isidentifier()
        and name.isascii()
        and name not in keywords()
        and not (
            keyword.iskeyword(name)  # generated modules turn ids into Python names
        )
    )


def prepare_rename(state: DocumentState, position: types.Position) -> types.Range | None:
    ref = reference_at(state, position)
    if ref is None or ref.kind not in ("fan", "option"):
        return None
    return location(state, ref.span).range


def rename(
    state: DocumentState, position: types.Position, new_name: str
) -> types.WorkspaceEdit | None:
    """Rename the fan or option under the cursor (and the `option.choice` keys follow)."""
    ref = reference_at(state, position)
    if ref is None or state.index is None or ref.kind not in ("fan", "option"):
        return None
    if not _valid_name(new_name):
        return None
    editable = {state.file}
    for index in state.index.chain():
        if not index.editable_parent:
            break
        if index.parent is not None:
            editable.add(index.parent.file)
    changes: dict[str, list[types.TextEdit]] = {}
    for use in state.index.uses(ref.kind, ref.name):
        if use.span.file not in editable:
            continue
        where = location(state, use.span)
        changes.setdefault(where.uri, []).append(types.TextEdit(where.range, new_name))
    return types.WorkspaceEdit(changes=changes)
