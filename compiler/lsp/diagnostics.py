"""The diagnostics of `mjc check` as LSP diagnostics: code, severity, range, and the help.

Input is what `DocumentState.update` kept of the compilation (the driver's diagnostics and
the text of every file read). A diagnostic in this document becomes one LSP diagnostic; its
`help` and `notes` follow the message, its secondary labels become related information.
A diagnostic in a parent rulebook (the driver reports them after E0115 "the parent rulebook
has errors") is attached as related information to that E0115, since the editor shows this
document only.
"""

from __future__ import annotations

from lsprotocol import types

from mjc.compiler.diagnostics import Diagnostic, Span
from mjc.compiler.lsp.positions import LineTable
from mjc.compiler.lsp.state import DocumentState

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
    elsewhere: list[types.DiagnosticRelatedInformation] = []
    for diag in state.diagnostics:
        span = diag.span
        related = [
            types.DiagnosticRelatedInformation(_location(state, label.span, tables), label.message)
            for label in diag.labels
        ]
        if span is not None and span.file != state.file:
            elsewhere.append(
                types.DiagnosticRelatedInformation(
                    _location(state, span, tables), f"{diag.code}: {message_of(diag)}"
                )
            )
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
    if elsewhere:
        target = next((d for d in mine if d.code == "E0115"), None)
        if target is not None:
            target.related_information = [*(target.related_information or []), *elsewhere]
    return mine
