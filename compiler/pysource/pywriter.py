"""A small writer of indented Python source, for the parts of a generated module whose shape
depends on the rulebook (nested conditions are clearer built in code than in a template).

Statements holding translated expressions are laid out by `compiler/pysource/layout.py`, so every
line stays within 100 columns; comments hold only text made safe by `pysafe.safe_text`.
"""

from __future__ import annotations

import textwrap
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
    return textwrap.wrap(text, width, break_on_hyphens=False) or [""]


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
