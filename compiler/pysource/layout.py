"""Laying out generated Python within 100 columns: a small document model and its printer.

Input is a document built by the expression translator (`compiler/conditions/pyexpr.py`) and the
emitters: text, optional line breaks, groups and nesting. Output is lines of source, each at
most `WIDTH` columns where its atoms allow. A group is written on one line when it fits, else
each of its breaks becomes a new line (the printer of Wadler's "prettier printer", after
Lindig). Every break sits inside a bracket, written or added when the group breaks
(`parenthesized`), so a broken line is always a valid continuation line. Nothing here reads
or rewrites text once it is made: layout only chooses where the lines end.
"""

from __future__ import annotations

import re

from mjc.compiler.pysource.pysafe import lit
from mjc.frozen import Frozen, frozen_fast

WIDTH = 100
# Continuation lines indent by 4 per level, up to this column: deep conditions stay in width
# (inside brackets Python does not read indentation).
_MAX_INDENT = 48


@frozen_fast
class Break(Frozen):
    """Where a line may end: `flat` when its group fits, else `before`, a new line, `after`."""

    flat: str = " "
    before: str = ""
    after: str = ""


@frozen_fast
class Group(Frozen):
    """Parts written flat if they fit on the line, else with every own break taken."""

    parts: tuple[Doc, ...]


@frozen_fast
class Nest(Frozen):
    """Parts whose breaks indent one level deeper."""

    parts: tuple[Doc, ...]


Doc = str | Break | Group | Nest | tuple["Doc", ...]

# The breaks the helpers below write, each made once: a document is only read, and a module's
# tables and calls take a thousand of them.
_SPACE = Break(" ")
_NO_SPACE = Break("")
_LAST_COMMA = Break("", before=",")
_OPEN = Break("", before="(")
_CLOSE = Break("", after=")")


def group(*parts: Doc) -> Group:
    return Group(parts)


def parenthesized(*parts: Doc) -> Group:
    """`parts` as they are when they fit, else in added parentheses, one break per line."""
    return Group((Nest((_OPEN, *parts)), _CLOSE))


def bracketed(opening: str, items: list[Doc], closing: str, trailing: bool = True) -> Group:
    """`f(a, b)`, `(a, b)`: on one line, or one item per line (with a trailing comma)."""
    if not items:
        return Group((opening + closing,))
    inner: list[Doc] = [_NO_SPACE]
    for i, item in enumerate(items):
        if i:
            inner += [",", _SPACE]
        inner.append(item)
    return Group((opening, Nest(tuple(inner)), _LAST_COMMA if trailing else _NO_SPACE, closing))


def call_lines(func: str, args: list[str], indent: int = 0, width: int = WIDTH) -> list[str]:
    """The lines of a call of plain-text arguments followed by a comma, `func(a, b),`, as
    `render(Group((bracketed(f"{func}(", args, ")"), ",")), indent, width)` lays it out (on one
    line, or one argument per line), without building the document: a module's tables are
    rows of such calls (a fan, an example, a tier)."""
    pad = " " * indent
    text = f"{pad}{func}({', '.join(args)}),"
    if not args or len(text) <= width:
        return [text.rstrip()]
    deeper = " " * min(indent + 4, max(indent, _MAX_INDENT))
    return [f"{pad}{func}(".rstrip(), *[f"{deeper}{arg},".rstrip() for arg in args], f"{pad}),"]


def tuple_of(items: list[Doc]) -> Doc:
    """A tuple display: `()`, `(a,)`, `(a, b)`, one item per line when it breaks."""
    if len(items) == 1:
        return Group(("(", items[0], ",)"))
    return bracketed("(", items, ")")


def string(text: str, chunk: int = 40) -> Doc:
    """A string literal; a long one as adjacent literals (one per line when it breaks)."""
    if len(lit(text)) <= chunk + 20:
        return lit(text)
    pieces = [lit(piece) for piece in _pieces(text, chunk)]
    parts: list[Doc] = [pieces[0]]
    for piece in pieces[1:]:
        parts += [_SPACE, piece]
    return parenthesized(*parts)


def _pieces(text: str, chunk: int) -> list[str]:
    """`text` cut after spaces into pieces of about equal length, none much over `chunk`
    characters, so that a reader of the literals reads whole words; a word longer than half
    again `chunk` is cut."""
    count = -(-len(text) // (chunk + chunk // 2))  # the fewest pieces of at most 1.5 chunks
    target = -(-len(text) // count)
    pieces: list[str] = []
    piece = ""
    for word in re.findall(r"\S*\s*", text):
        while len(word) > chunk + chunk // 2:
            if piece:
                pieces.append(piece)
                piece = ""
            pieces.append(word[:chunk])
            word = word[chunk:]
        if piece and len(piece) + len(word.rstrip()) > target:
            pieces.append(piece)
            piece = ""
        piece += word
    if piece:
        pieces.append(piece)
    return pieces


def flat(doc: Doc) -> str:
    """The document on one line."""
    return doc if isinstance(doc, str) else doc.flat if isinstance(doc, Break) else _flat(doc, {})


def render(doc: Doc, indent: int = 0, width: int = WIDTH) -> list[str]:
    """The lines of `doc`, the first starting at column `indent` (written as spaces)."""
    lines: list[str] = []
    line: list[str] = [" " * indent]
    column = indent
    stack: list[tuple[int, Doc]] = [(indent, doc)]  # every part on it is broken
    # The flat text of each group, nest and tuple met, by id: a group that breaks is read
    # again part by part, and each of its groups asks for its own flat text (the document
    # lives as long as this call, so no id is reused).
    flats: dict[int, str] = {}
    while stack:
        level, d = stack.pop()
        if isinstance(d, str):
            line.append(d)
            column += len(d)
        elif isinstance(d, tuple):
            stack.extend([(level, p) for p in reversed(d)])
        elif isinstance(d, Nest):
            deeper = min(level + 4, max(indent, _MAX_INDENT))
            stack.extend([(deeper, p) for p in reversed(d.parts)])
        elif isinstance(d, Group):
            # A group that fits is its flat text (its groups fit too); else its breaks break.
            text = _flat(d, flats)
            if len(text) <= width - column and _fits(width - column - len(text), stack):
                line.append(text)
                column += len(text)
            else:
                stack.extend([(level, p) for p in reversed(d.parts)])
        else:
            line.append(d.before)
            lines.append("".join(line).rstrip())
            line = [" " * level, d.after]
            column = level + len(d.after)
    lines.append("".join(line).rstrip())
    return lines


def _flat(doc: Group | Nest | tuple[Doc, ...], flats: dict[int, str]) -> str:
    """The flat text of a group, nest or tuple of parts, kept in `flats` (by id) with that of
    every group, nest and tuple inside it: each is joined once, however often it is asked."""
    text = flats.get(id(doc))
    if text is None:
        text = "".join(
            [
                p if isinstance(p, str) else p.flat if isinstance(p, Break) else _flat(p, flats)
                for p in (doc if isinstance(doc, tuple) else doc.parts)
            ]
        )
        flats[id(doc)] = text
    return text


def _fits(room: int, rest: list[tuple[int, Doc]]) -> bool:
    """Whether `room` is left for what follows a group written flat, up to the next line
    break: `rest`, the broken parts still to write, from the last."""
    pending: list[Doc] = []
    following = len(rest)
    while room >= 0:
        if not pending:
            if not following:
                return True
            following -= 1
            pending.append(rest[following][1])
            continue
        d = pending.pop()
        if isinstance(d, str):
            room -= len(d)
        elif isinstance(d, Break):
            return room >= len(d.before)
        else:
            parts = d if isinstance(d, tuple) else d.parts
            pending.extend(reversed(parts))
    return False
