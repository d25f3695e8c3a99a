"""A small writer of indented Python source, for the parts of a generated module whose shape
depends on the rulebook (nested conditions are clearer built in code than in a template)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class CodeWriter:
    def __init__(self, indent: int = 0) -> None:
        self._lines: list[str] = []
        self._depth = indent

    def line(self, text: str = "") -> None:
        self._lines.append("    " * self._depth + text if text else "")

    @contextmanager
    def block(self, header: str) -> Iterator[None]:
        """`header:` then an indented body."""
        self.line(header + ":")
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    def lines(self) -> list[str]:
        return list(self._lines)
