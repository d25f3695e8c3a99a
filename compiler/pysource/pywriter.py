"""A small writer of indented Python source, for the parts of a generated module whose shape
depends on the rulebook (nested conditions are clearer built in code than in a template).

Statements holding translated expressions are laid out by `compiler/pysource/layout.py`, so every
line stays within 100 columns; comments hold only text made safe by `pysafe.safe_text`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from mjc.compiler.pysource.layout import WIDTH, Doc, parenthesized, render
from mjc.compiler.pysource.pysafe import safe_text

# A comment longer than this many lines (a condition of hundreds of terms) is cut short.
_COMMENT_LINES = 4


def wrapped(text: str, width: int) -> list[str]:
    """`textwrap.wrap(text, width, break_on_hyphens=False)` of one line of safe text
    (`pysafe.safe_text`: its only white space is the space), or `[""]` for none. A text that
    fits is the one line textwrap makes of it (the text less the spaces that end it) without
    the work of splitting it into words, most comments and docstrings of a module."""
    if len(text) <= width:
        line = text.rstrip(" ")
        return [line] if line.strip(" ") else [""]
    return wrap_spaced(text, width) or [""]


# A run of spaces, the only white space of the texts `wrap_spaced` fills.
_SPACES = re.compile("( +)")


def wrap_spaced(text: str, width: int) -> list[str]:
    """`textwrap.wrap(text, width, break_on_hyphens=False)` of a text whose only white space is
    the space, written out for that case (the module, which a start imports only for this,
    compiles its regular expressions as it loads: a thirtieth of `mjc check`'s own work):
    words filled greedily, a run of spaces kept between two words of a line and dropped at
    either end of one (but the text's leading run, on its first line), and a word longer
    than a line cut to the room left."""
    if width <= 0:
        raise ValueError(f"invalid width {width!r} (must be > 0)")
    chunks = [chunk for chunk in _SPACES.split(text) if chunk]  # words and runs of spaces
    chunks.reverse()
    lines: list[str] = []
    while chunks:
        line: list[str] = []
        length = 0
        if lines and chunks[-1].strip() == "":
            del chunks[-1]
        while chunks and length + len(chunks[-1]) <= width:
            length += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and len(chunks[-1]) > width:  # fits no line: as much as this one has room for
            room = width - length
            line.append(chunks[-1][:room])
            chunks[-1] = chunks[-1][room:]
        if line and line[-1].strip() == "":
            del line[-1]
        if line:
            lines.append("".join(line))
    return lines


class CodeWriter:
    def __init__(self, indent: int = 0) -> None:
        self._lines: list[str] = []
        self._depth = indent

    def line(self, text: str = "") -> None:
        """A line the compiler wrote itself (no rulebook text but through `lit`)."""
        self._lines.append("    " * self._depth + text if text else "")

    def stmt(self, *parts: Doc) -> None:
        """A statement holding translated expressions, laid out within the width."""
        self._lines += render(tuple(parts), 4 * self._depth)

    def assign(self, target: str, value: Doc) -> None:
        """`target = value`, the value in parentheses only when it must break."""
        self.stmt(f"{target} = ", parenthesized(value))

    def comment(self, text: str) -> None:
        """`# text`, rulebook text made safe and wrapped to the width."""
        room = WIDTH - 4 * self._depth - 2
        lines = wrapped(safe_text(text), room)
        if len(lines) > _COMMENT_LINES:
            lines = [*lines[: _COMMENT_LINES - 1], lines[_COMMENT_LINES - 1][: room - 4] + " ..."]
        for text_line in lines:
            self.line(f"# {text_line}".rstrip())

    @contextmanager
    def block(self, header: str) -> Iterator[None]:
        """`header:` then an indented body."""
        self.line(header + ":")
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    @contextmanager
    def when(self, test: Doc, keyword: str = "if") -> Iterator[None]:
        """`if test:` (or `elif`, `while`) then an indented body."""
        self.stmt(f"{keyword} ", parenthesized(test), ":")
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def first(self, branches: Sequence[tuple[Doc | None, Callable[[], None]]]) -> bool:
        """`if a: ... elif b: ... else: ...` for (test, body) pairs, a test of None holding
        always (it becomes the `else`, or the code itself when it comes first; the branches
        after it are never written). True when some branch always holds."""
        for i, (test, body) in enumerate(branches):
            if test is None:
                if i == 0:
                    body()
                else:
                    with self.block("else"):
                        body()
                return True
            with self.when(test, "elif" if i else "if"):
                body()
        return False

    def lines(self) -> list[str]:
        return list(self._lines)

    @property
    def depth(self) -> int:
        """How many levels deep the next line is written."""
        return self._depth

    def extend(self, other: CodeWriter) -> None:
        """The lines of `other`, written at this writer's depth already, in order."""
        self._lines += other.lines()
