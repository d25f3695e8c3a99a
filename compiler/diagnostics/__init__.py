"""Diagnostics: what the compiler reports, as values, and the catalogue of their codes.

Every stage of the compiler hands its problems here as `Diagnostic` values (a code, a
message, a source span, labels and help) instead of raising; they reach a person only when
the command line or the language server renders them (`values`: as text; `formats`: as JSON,
GitHub annotations or SARIF). `codes` and `codes_reading` are the catalogue of every code,
with an example and a fix, that `mjc explain` and the reference page print; `suggest` finds
the did-you-mean for a name no stage could resolve. It reads nothing of the compiler's own.
"""

from __future__ import annotations

from mjc.compiler.diagnostics.values import (
    TAB_WIDTH,
    Diagnostic,
    Label,
    Severity,
    Span,
    error,
    has_errors,
    note,
    render_text,
    sort_diagnostics,
    warning,
)

__all__ = [
    "TAB_WIDTH",
    "Diagnostic",
    "Label",
    "Severity",
    "Span",
    "error",
    "has_errors",
    "note",
    "render_text",
    "sort_diagnostics",
    "warning",
]
