"""The parse tree of a rulebook as the lean parser builds it, and the transformer that turns it
into the AST: `Token`, `Meta`, `Tree` and `Transformer`, with the surface of Lark's classes of
those names that mjc reads, but without importing Lark (which takes a tenth of `mjc check`'s
start).

A `Token` is a `str` that knows its terminal's name (`type`) and where it is (1-based `line` and
`column`, 0-based `start_pos`, and their `end_` counterparts, as Lark gives them); a `Tree` is a
grammar rule's name (`data`), its children (trees and tokens) and its `Meta`, the span of its
text. `from_lark` copies a tree Lark built (the parser of the error path, and tests that parse
with a grammar of their own) into these classes, so that the transformer sees one kind of tree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

__all__ = ["Meta", "Token", "Transformer", "Tree", "from_lark"]

_Result = TypeVar("_Result")


class Token(str):
    """A token of the text: its text, the name of its terminal (`NAME`, `FAN`, …) and its place."""

    __slots__ = ("column", "end_column", "end_line", "end_pos", "line", "start_pos", "type")

    type: str
    start_pos: int
    line: int
    column: int
    end_line: int
    end_column: int
    end_pos: int

    def __new__(
        cls,
        type: str,
        value: str,
        start_pos: int,
        line: int,
        column: int,
        end_line: int,
        end_column: int,
        end_pos: int,
    ) -> Token:
        token = str.__new__(cls, value)  # (not `super()`, which makes an object per token)
        token.type = type
        token.start_pos = start_pos
        token.line = line
        token.column = column
        token.end_line = end_line
        token.end_column = end_column
        token.end_pos = end_pos
        return token

    @property
    def value(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__


class Meta:
    """Where a tree's text is: unset until the tree's first and last tokens are known (`empty`
    stays True for a tree of no tokens). `container_*` is the span of the text of the rule that
    made the tree, which differs from the tree's own where a `?rule` of one child passed its
    child up (Lark's `propagate_positions`)."""

    __slots__ = (
        "column",
        "container_column",
        "container_end_column",
        "container_end_line",
        "container_end_pos",
        "container_line",
        "container_start_pos",
        "empty",
        "end_column",
        "end_line",
        "end_pos",
        "line",
        "start_pos",
    )

    empty: bool
    line: int
    column: int
    start_pos: int
    end_line: int
    end_column: int
    end_pos: int
    container_line: int
    container_column: int
    container_start_pos: int
    container_end_line: int
    container_end_column: int
    container_end_pos: int

    def __init__(self) -> None:
        self.empty = True


class Tree:
    """A rule's node: its name, its children in order, and its span."""

    __slots__ = ("children", "data", "meta")

    def __init__(self, data: str, children: list[Any], meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self.meta = Meta() if meta is None else meta

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return self.data == other.data and self.children == other.children

    __hash__ = None  # type: ignore[assignment]  # mutable, as Lark's

    def scan_values(self, pred: Callable[[Any], bool]) -> Iterator[Any]:
        """Every child that is not a tree, in the whole tree, for which `pred` holds."""
        stack: list[Tree] = [self]
        while stack:
            tree = stack.pop()
            for child in reversed(tree.children):
                if isinstance(child, Tree):
                    stack.append(child)
            for child in tree.children:
                if not isinstance(child, Tree) and pred(child):
                    yield child


class Transformer(Generic[_Result]):
    """Turns a tree into something else bottom-up: a tree whose rule has a method of that name
    becomes what the method returns, called with the tree's `Meta` and its children already
    transformed; a tree without one stays a tree (with transformed children); tokens stay."""

    def transform(self, tree: Any) -> _Result:
        if not isinstance(tree, Tree):
            tree = from_lark(tree)
        result: _Result = self._transform(tree)
        return result

    def _transform(self, tree: Tree) -> Any:
        children = [
            self._transform(child) if type(child) is Tree else child for child in tree.children
        ]
        method = getattr(self, tree.data, None)
        if method is None:
            return Tree(tree.data, children, tree.meta)
        return method(tree.meta, children)


def from_lark(tree: Any) -> Any:
    """A copy of a Lark tree (or token) in these classes."""
    if hasattr(tree, "children"):
        meta = Meta()
        source = tree.meta
        for name in Meta.__slots__:
            if hasattr(source, name):
                setattr(meta, name, getattr(source, name))
        return Tree(str(tree.data), [from_lark(child) for child in tree.children], meta)
    if hasattr(tree, "type"):
        return Token(
            tree.type,
            str(tree),
            tree.start_pos,
            tree.line,
            tree.column,
            tree.end_line,
            tree.end_column,
            tree.end_pos,
        )
    return tree
