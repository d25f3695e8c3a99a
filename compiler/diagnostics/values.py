"""Diagnostics as values, and their rendering as text for people.

Every compiler pass (parse, resolve, check) returns a ``list[Diagnostic]`` instead of raising;
each diagnostic carries the :class:`Span` the parser recorded for the offending AST node.
``mjc check`` sorts what the passes returned, then hands it, with the source text of each
rulebook it read, to :func:`render_text` here (rustc-style snippets, optionally coloured) or
to one of the machine-readable renderers of `mjc.compiler.diagnostics.formats` (JSON, GitHub
annotations, SARIF).

Lines and columns are 1-based and columns count code points (as Lark reports them); only the
text renderer converts columns to display cells, so that carets sit under wide (Chinese)
characters and tabs correctly. Every renderer returns a complete document ending in a newline
(the text and GitHub renderers return ``""`` when there is nothing to report), and none of
them raises on odd input: spans past the end of a file, unknown files, control characters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from mjc.frozen import Frozen, frozen, frozen_fast

__all__ = [
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

Severity = Literal["error", "warning", "note"]

TAB_WIDTH = 4
"""Tabs in source lines are expanded to the next multiple of this many display cells."""


@frozen_fast
class Span(Frozen):
    """A region of a source file: 1-based lines and columns, columns in code points.

    The end is exclusive: a one-character token at column 5 has ``end_column`` 6.
    """

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, file: str, line: int, column: int) -> Span:
        """The span of the single character at ``line``:``column``."""
        return cls(file, line, column, line, column + 1)

    def head(self) -> Span:
        """The span itself when it is on one line, else its first character: enough to point
        at a block without underlining all of it."""
        if self.end_line == self.line:
            return self
        return Span.point(self.file, self.line, self.column)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@frozen
class Label(Frozen):
    """A secondary location shown with a diagnostic, e.g. "first defined here"."""

    span: Span
    message: str


@frozen
class Diagnostic(Frozen):
    """One problem found in a rulebook.

    ``message`` is one sentence (no trailing period needed); ``label`` is printed after the
    carets under ``span``; ``help`` says how to fix it, when there is a fix to suggest.
    """

    code: str
    severity: Severity
    message: str
    span: Span | None
    label: str = ""
    help: str | None = None
    notes: tuple[str, ...] = ()
    labels: tuple[Label, ...] = ()


def error(
    code: str,
    message: str,
    span: Span | None,
    *,
    label: str = "",
    help: str | None = None,
    notes: Iterable[str] = (),
    labels: Iterable[Label] = (),
) -> Diagnostic:
    """An error: the rulebook is rejected."""
    return Diagnostic(code, "error", message, span, label, help, tuple(notes), tuple(labels))


def warning(
    code: str,
    message: str,
    span: Span | None,
    *,
    label: str = "",
    help: str | None = None,
    notes: Iterable[str] = (),
    labels: Iterable[Label] = (),
) -> Diagnostic:
    """A warning: the rulebook compiles, but probably not as its author meant."""
    return Diagnostic(code, "warning", message, span, label, help, tuple(notes), tuple(labels))


def note(
    code: str,
    message: str,
    span: Span | None,
    *,
    label: str = "",
    help: str | None = None,
    notes: Iterable[str] = (),
    labels: Iterable[Label] = (),
) -> Diagnostic:
    """A note: information only, never a failure."""
    return Diagnostic(code, "note", message, span, label, help, tuple(notes), tuple(labels))


def has_errors(diags: Iterable[Diagnostic]) -> bool:
    """True if any diagnostic is an error (``mjc check`` then exits 1)."""
    return any(d.severity == "error" for d in diags)


def _sort_key(d: Diagnostic) -> tuple[int, str, int, int, str]:
    if d.span is None:
        return (0, "", 0, 0, d.code)
    return (1, d.span.file, d.span.line, d.span.column, d.code)


def sort_diagnostics(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Sort by file, line, column, then code; stable, diagnostics without a span first."""
    return sorted(diags, key=_sort_key)


# --------------------------------------------------------------------------------------------
# Text

_RESET = "\x1b[0m"
_BOLD = "1"
_GUTTER = "1;34"
_SECONDARY = "1;34"
_SEVERITY_STYLE: dict[str, str] = {"error": "1;31", "warning": "1;33", "note": "1;32"}

# A line of output: runs of text, each with an SGR style ("" for plain).
_Segments = list[tuple[str, str]]

_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def _visible_char(ch: str) -> str:
    """Replace a character a terminal would act on (escape, bidi override) by a visible one."""
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # control pictures: ␀ .. ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    if 0x80 <= code < 0xA0 or ch in _BIDI_CONTROLS or 0xD800 <= code < 0xE000:
        return "\ufffd"  # (a lone surrogate cannot even be written out as UTF-8)
    return ch


def _visible(text: str) -> str:
    """``text`` (one line of it) made safe to print: no control or bidi characters."""
    if text.isprintable():
        return text
    return "".join(_visible_char(ch) for ch in text)


def _char_width(ch: str) -> int:
    """Display cells taken by one (already visible) character."""
    if ch.isascii():
        return 1
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    if unicodedata.category(ch) in ("Mn", "Me", "Cf") and ch != "\u00ad":
        return 0
    return 1


class _SourceLine:
    """A source line as displayed: tabs expanded, controls made visible, cell offsets known."""

    __slots__ = ("offsets", "text")

    def __init__(self, raw: str) -> None:
        parts: list[str] = []
        offsets = [0]  # offsets[i]: the cell where code point i starts
        cell = 0
        for ch in raw:
            if ch == "\t":
                width = TAB_WIDTH - cell % TAB_WIDTH
                shown = " " * width
            else:
                shown = _visible_char(ch)
                width = _char_width(shown)
            parts.append(shown)
            cell += width
            offsets.append(cell)
        self.text = "".join(parts)
        self.offsets = offsets

    @property
    def length(self) -> int:
        """Length of the raw line in code points."""
        return len(self.offsets) - 1

    @property
    def width(self) -> int:
        return self.offsets[-1]

    def cell(self, column: int) -> int:
        """Cell where 1-based code-point ``column`` starts (columns past the end extend it)."""
        index = max(column - 1, 0)
        if index <= self.length:
            return self.offsets[index]
        return self.width + (index - self.length)


class _Source:
    """The lines of one file, split the way Lark counts lines (on ``\\n`` only)."""

    __slots__ = ("_cache", "_raw")

    def __init__(self, text: str) -> None:
        raw = text.split("\n")
        if len(raw) > 1 and raw[-1] == "":
            raw.pop()  # a final newline ends the last line; it does not start another
        self._raw = [line.removesuffix("\r") for line in raw]
        self._cache: dict[int, _SourceLine] = {}

    @property
    def line_count(self) -> int:
        return len(self._raw)

    def line(self, number: int) -> _SourceLine:
        if number not in self._cache:
            self._cache[number] = _SourceLine(self._raw[number - 1])
        return self._cache[number]


@frozen
class _Mark(Frozen):
    """An annotation placed on one displayed line: cells [start, end) and its text."""

    line: int
    start: int
    end: int
    message: str
    primary: bool


def _place(span: Span, message: str, primary: bool, source: _Source) -> _Mark:
    """Where the underline for ``span`` goes; spans past the end go after the last character."""
    if span.line > source.line_count:
        number = source.line_count
        shown = source.line(number)
        return _Mark(number, shown.width, shown.width + 1, message, primary)
    number = max(span.line, 1)
    shown = source.line(number)
    start = shown.cell(span.column)
    if span.end_line == span.line and span.end_column > span.column:
        end = shown.cell(span.end_column)
    elif span.end_line > span.line:
        end = shown.width  # a multi-line span: underline to the end of its first line
    else:
        end = start
    return _Mark(number, start, max(end, start + 1), message, primary)


class _Writer:
    """Collects the output lines of :func:`render_text`, styled or plain."""

    def __init__(self, color: bool) -> None:
        self.color = color
        self.lines: list[str] = []

    def emit(self, segments: _Segments) -> None:
        while segments and not segments[-1][0].rstrip(" "):
            segments = segments[:-1]
        if segments:
            text, style = segments[-1]
            segments = [*segments[:-1], (text.rstrip(" "), style)]
        if self.color:
            self.lines.append(
                "".join(
                    f"\x1b[{style}m{text}{_RESET}" if style else text
                    for text, style in segments
                    if text
                )
            )
        else:
            self.lines.append("".join(text for text, _ in segments))


def _multiline(first: _Segments, text: str, indent: str, style: str) -> list[_Segments]:
    """``first`` followed by ``text``; later lines of ``text`` are indented under the first."""
    pieces = text.split("\n")
    out = [[*first, (_visible(pieces[0]), style)]]
    out.extend([(indent + _visible(piece), style)] for piece in pieces[1:])
    return out


def _marks_on_line(marks: list[_Mark], severity_style: str) -> list[_Segments]:
    """The underline row for the marks of one source line, then rows for hanging labels."""
    marks = sorted(marks, key=lambda m: (m.start, m.end))
    width = max(m.end for m in marks)
    cells: list[tuple[str, str]] = [(" ", "")] * width
    for m in sorted(marks, key=lambda m: m.primary):  # primary carets drawn last, on top
        mark = ("^", severity_style) if m.primary else ("-", _SECONDARY)
        for i in range(m.start, m.end):
            cells[i] = mark
    underline: _Segments = []
    for text, style in cells:
        if underline and underline[-1][1] == style:
            underline[-1] = (underline[-1][0] + text, style)
        else:
            underline.append((text, style))
    last = marks[-1]
    rows = [underline]
    style = severity_style if last.primary else _SECONDARY
    if last.message:
        rows = _multiline([*underline, (" ", "")], last.message, " " * (width + 1), style)
    hanging = [m for m in marks[:-1] if m.message]
    if not hanging:
        return rows

    def bars(upto: int) -> _Segments:
        row: _Segments = []
        cell = 0
        for m in hanging[:upto]:
            if m.start >= cell:
                style = severity_style if m.primary else _SECONDARY
                row += [(" " * (m.start - cell), ""), ("|", style)]
                cell = m.start + 1
        return row

    rows.append(bars(len(hanging)))
    for i in range(len(hanging) - 1, -1, -1):
        m = hanging[i]
        row = bars(i)
        used = sum(len(text) for text, _ in row)
        if used > m.start:  # a bar in the same column: the label replaces it
            row = row[:-2]
            used = sum(len(text) for text, _ in row)
        style = severity_style if m.primary else _SECONDARY
        rows.extend(
            _multiline([*row, (" " * (m.start - used), "")], m.message, " " * m.start, style)
        )
    return rows


def _snippet(
    out: _Writer,
    marks: list[_Mark],
    source: _Source,
    pad: str,
    severity_style: str,
) -> None:
    """Source lines carrying ``marks``, with the lines between them or ``...`` for a gap."""
    out.emit([(pad + " |", _GUTTER)])
    numbers = sorted({m.line for m in marks})
    previous = 0
    for number in numbers:
        if previous and number - previous == 2:
            between = source.line(previous + 1)
            out.emit([(f"{previous + 1:>{len(pad)}} | ", _GUTTER), (between.text, "")])
        elif previous and number - previous > 2:
            out.emit([("...", _GUTTER)])
        shown = source.line(number)
        out.emit([(f"{number:>{len(pad)}} | ", _GUTTER), (shown.text, "")])
        for row in _marks_on_line([m for m in marks if m.line == number], severity_style):
            out.emit([(pad + " | ", _GUTTER), *row])
        previous = number


def _render_one(out: _Writer, d: Diagnostic, sources: Mapping[str, str]) -> None:
    severity_style = _SEVERITY_STYLE.get(d.severity, _BOLD)
    code = f"[{_visible(d.code)}]" if d.code else ""
    head: _Segments = [(d.severity + code, severity_style), (": ", _BOLD)]
    for row in _multiline(head, d.message, "", _BOLD):
        out.emit(row)

    # Group the primary span and the labels by file, the primary span's file first.
    groups: dict[str, list[tuple[Span, str, bool]]] = {}
    if d.span is not None:
        groups[d.span.file] = [(d.span, d.label, True)]
    for label in d.labels:
        groups.setdefault(label.span.file, []).append((label.span, label.message, False))
    parsed = {file: _Source(sources[file]) for file in groups if file in sources}
    placed: dict[str, list[_Mark]] = {
        file: [_place(span, message, primary, parsed[file]) for span, message, primary in items]
        for file, items in groups.items()
        if file in parsed
    }
    numbers = [m.line for marks in placed.values() for m in marks]
    pad = " " * max((len(str(n)) for n in numbers), default=1)

    for index, (file, items) in enumerate(groups.items()):
        first_span, _, first_primary = items[0]
        if index == 0 and first_primary:
            out.emit([(pad + "--> ", _GUTTER), (_visible(str(first_span)), "")])
        else:
            if index > 0:
                out.emit([(pad + " |", _GUTTER)])
            out.emit([(pad + "::: ", _GUTTER), (_visible(str(first_span)), "")])
        if file in placed:
            _snippet(out, placed[file], parsed[file], pad, severity_style)
        else:
            for _, message, primary in items:
                if message:
                    style = severity_style if primary else _SECONDARY
                    for row in _multiline([(pad + " | ", _GUTTER)], message, "", style):
                        out.emit(row)

    extras = [("note", text) for text in d.notes]
    if d.help is not None:
        extras.append(("help", d.help))
    if extras and groups:
        out.emit([(pad + " |", _GUTTER)])
    for kind, text in extras:
        first: _Segments = [(pad + " = ", _GUTTER), (kind + ":", _BOLD), (" ", "")]
        indent = " " * (len(pad) + len(kind) + 5)
        for row in _multiline(first, text, indent, ""):
            out.emit(row)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def render_text(
    diags: Sequence[Diagnostic],
    sources: Mapping[str, str],
    *,
    color: bool = False,
) -> str:
    """Render ``diags`` the way rustc does, followed by a summary line.

    ``sources`` maps each :attr:`Span.file` to the text of that file; a span in a file not
    in the mapping is shown by its location only. With ``color`` the output carries ANSI SGR
    escape codes; without it, it is plain text (what tests and golden files compare).
    """
    out = _Writer(color)
    for d in diags:
        _render_one(out, d, sources)
        out.emit([])
    errors = sum(1 for d in diags if d.severity == "error")
    warnings = sum(1 for d in diags if d.severity == "warning")
    counts = [_plural(n, word) for n, word in ((errors, "error"), (warnings, "warning")) if n]
    if counts:
        severity = "error" if errors else "warning"
        out.emit(
            [
                (severity, _SEVERITY_STYLE[severity]),
                (f": {' and '.join(counts)} emitted", _BOLD),
            ]
        )
    elif out.lines:
        out.lines.pop()  # no summary: drop the blank line after the last diagnostic
    return "".join(line + "\n" for line in out.lines)
