"""Positions between the compiler and an editor.

The compiler's spans (`mjc.compiler.diagnostics.Span`) are 1-based and count columns in code
points; the Language Server Protocol counts lines from 0 and characters in UTF-16 code units
(the default `positionEncoding`), so a character outside the Basic Multilingual Plane (a rare
CJK ideograph such as 𠀀, an emoji, a mahjong tile 🀄) is two units there and one here. Every
conversion takes the text of the file the position is in and clamps what lies past the end
of a line or of the file, so no position an editor or a stale span brings can raise.
"""

from __future__ import annotations

from mjc.compiler.diagnostics import Span


def _units(ch: str) -> int:
    return 2 if ord(ch) > 0xFFFF else 1


def utf16_length(text: str) -> int:
    """How many UTF-16 code units `text` takes."""
    return sum(_units(ch) for ch in text)


def utf16_character(line_text: str, code_points: int) -> int:
    """The UTF-16 offset of the first `code_points` characters of a line (clamped)."""
    return utf16_length(line_text[: max(code_points, 0)])


def code_point_character(line_text: str, units: int) -> int:
    """The code-point offset of UTF-16 offset `units` in a line: clamped to the line, and a
    unit in the middle of a surrogate pair counts as the character it belongs to."""
    seen = 0
    for index, ch in enumerate(line_text):
        if seen >= units:
            return index
        seen += _units(ch)
    return len(line_text)


class LineTable:
    """The lines of one text, for converting positions both ways."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")

    def line(self, index: int) -> str:
        """Line `index` (0-based), or "" past the end."""
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def to_lsp(self, line: int, column: int) -> tuple[int, int]:
        """1-based line and code-point column → 0-based line and UTF-16 character."""
        row = min(max(line - 1, 0), len(self.lines) - 1)
        if line - 1 > row:  # past the end of the file: the end of its last line
            return row, utf16_length(self.lines[row])
        return row, utf16_character(self.lines[row], column - 1)

    def from_lsp(self, line: int, character: int) -> tuple[int, int]:
        """0-based line and UTF-16 character → 1-based line and code-point column."""
        row = min(max(line, 0), len(self.lines) - 1)
        return row + 1, code_point_character(self.lines[row], character) + 1

    def span_range(self, span: Span) -> tuple[tuple[int, int], tuple[int, int]]:
        """A span's start and end as LSP (line, character) pairs; the end never before the
        start."""
        start = self.to_lsp(span.line, span.column)
        end = self.to_lsp(span.end_line, span.end_column)
        return start, max(start, end)
