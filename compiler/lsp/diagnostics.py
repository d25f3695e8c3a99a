"""The diagnostics of `mjc check` as LSP diagnostics: code, severity, range, and the help.

Input is what `DocumentState.update` kept of the compilation (the driver's diagnostics and
the text of every file read). A diagnostic in this document becomes one LSP diagnostic; its
`help` and `notes` follow the message, its secondary labels become related information.
A diagnostic in a parent rulebook is shown on this document's `extends` name (the editor may
not have the parent open): as related information of the driver's E0115 "the parent rulebook
has errors" when there is one, else as a diagnostic of its own there, pointing at the parent.
"""

from __future__ import annotations

from lsprotocol import types

from mjc.compiler.diagnostics import Diagnostic, Span
from mjc.compiler.lsp.positions import LineTable
from mjc.compiler.lsp.state import DocumentState
from mjc.compiler.syntax import ast

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "note": types.DiagnosticSeverity.Information,
}


def _range(lines: LineTable, span: Span | None) -> types.Range:
    if span is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    (sl, sc), (el, ec) = lines.span_range(span)
    return types.Range(types.Position(sl, sc), types.Position(el, ec))


def message_of(diag: Diagnostic) -> str:
    """The message an editor shows: the sentence, the label, then help and notes."""
    parts = [diag.message + (f" ({diag.label})" if diag.label else "")]
    if diag.help:
        parts.append(f"help: {diag.help}")
    parts += [f"note: {note}" for note in diag.notes]
    return "\n".join(parts)


def _location(state: DocumentState, span: Span, tables: dict[str, LineTable]) -> types.Location:
    if span.file not in tables:
        tables[span.file] = LineTable(state.sources.get(span.file, ""))
    return types.Location(state.uri_of(span.file), _range(tables[span.file], span))


def lsp_diagnostics(state: DocumentState) -> list[types.Diagnostic]:
    """The diagnostics to publish for this document."""
    tables = {state.file: state.lines}
    mine: list[types.Diagnostic] = []
    elsewhere: list[tuple[Diagnostic, types.DiagnosticRelatedInformation]] = []
    for diag in state.diagnostics:
        span = diag.span
        related = [
            types.DiagnosticRelatedInformation(_location(state, label.span, tables), label.message)
            for label in diag.labels
        ]
        if span is not None and span.file != state.file:
            where = _location(state, span, tables)
            message = f"{diag.code}: {message_of(diag)}"
            elsewhere.append((diag, types.DiagnosticRelatedInformation(where, message)))
            continue
        mine.append(
            types.Diagnostic(
                range=_range(tables[state.file], span),
                message=message_of(diag),
                severity=_SEVERITY.get(diag.severity, types.DiagnosticSeverity.Error),
                code=diag.code,
                source="mjc",
                related_information=related or None,
            )
        )
    target = next((d for d in mine if d.code == "E0115"), None)
    if target is not None:
        target.related_information = [
            *(target.related_information or []),
            *(pointer for _, pointer in elsewhere),
        ]
        return mine
    extends = _extends_range(state)
    for diag, pointer in elsewhere:
        assert diag.span is not None  # only spans in other files are here
        mine.append(
            types.Diagnostic(
                range=extends,
                message=f"in the parent {diag.span}: {message_of(diag)}",
                severity=_SEVERITY.get(diag.severity, types.DiagnosticSeverity.Error),
                code=diag.code,
                source="mjc",
                related_information=[pointer],
            )
        )
    return mine


def _extends_range(state: DocumentState) -> types.Range:
    """Where this document names its parent (the start of the file if it is not known)."""
    index = state.index
    header = (
        None
        if index is None
        else next((s for s in index.book.sections if isinstance(s, ast.Header)), None)
    )
    if header is None or header.extends is None:
        return _range(state.lines, None)
    return _range(state.lines, header.extends.span)
