"""Where each IR declaration was written: the source reference of a span, and a declaration's
provenance lines (`source`, `reference`, `convention`, `note`) with theirs.

Read by every lowering module (`rulebook`, `settlement`, `play`): the docs cite these places,
and the IR keeps them beside what they say.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax import ast

__all__ = ["at", "provenance"]


def at(span: Span) -> ir.SourceRef:
    return ir.SourceRef(file=span.file, line=span.line, column=span.column)


def provenance(items: tuple[ast.Provenance, ...]) -> tuple[ir.Provenance, ...]:
    return tuple(ir.Provenance(kind=p.kind, text=p.text, at=at(p.span)) for p in items)
