"""The lean LALR parser: Lark's tables (`compiler/lalr/tables.py`) run by a loop of its own,
which builds the same tree as Lark's parser for every text Lark accepts, and gives up on the
first thing that is not plain sailing.

The lexer is Lark's contextual lexer: in each parser state it tries the terminals that state
accepts (and those it ignores) in Lark's order, the first that matches winning, and a name that
is one of the state's keywords becomes that keyword. Where Lark compiles the terminals of each
state into one regular expression, this lexer compiles each regular expression terminal once
and compares the literal ones as text, looking only at those that start with the character
at hand. The tree is built as Lark's parse-tree builder builds it with `propagate_positions`
(`compiler/lalr/tables.py` says what each rule keeps of its children).

`parse` returns None at the first character no terminal matches, the first token the parser
does not accept, and whenever the caller's `on_token` says stop: the caller then asks Lark,
whose errors say what was expected where (`compiler/syntax/errors.py`). So every diagnostic
is still Lark's, and this parser needs to be right only about texts that parse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from mjc.compiler.lalr.tables import Tables
from mjc.compiler.lalr.tree import Meta, Token, Tree

__all__ = ["LeanParser"]

_Matcher = tuple[str, Any]  # a terminal's name and its text (str) or compiled pattern


class LeanParser:
    """A parser of one grammar's tables; `parse` may be called any number of times."""

    def __init__(self, tables: Tables) -> None:
        self._rows: list[dict[str, int]] = tables["rows"]
        self._rules: list[tuple[str, int, str, bool, Any]] = tables["rules"]
        self._lexers: list[
            tuple[tuple[str, ...], dict[str, tuple[str, ...]], dict[str, dict[str, str]]]
        ] = tables["lexers"]
        self._lexer_of: list[int] = tables["lexer_of"]
        self._newline = frozenset(tables["newline"])
        self._ignore = frozenset(tables["ignore"])
        self._start: int = tables["start"]
        self._end: int = tables["end"]
        self._patterns: dict[str, Any] = {
            name: re.compile(text) if is_regex else text
            for name, (is_regex, text) in tables["patterns"].items()
        }
        # By lexer, first character → what that lexer tries there, in order; filled as met
        self._candidates: list[dict[str, tuple[_Matcher, ...]]] = [{} for _ in self._lexers]

    def _tried(self, lexer: int, char: str) -> tuple[_Matcher, ...]:
        """The terminals lexer `lexer` tries at a character `char`, in Lark's order: its regular
        expressions, then its literal texts that start with `char`."""
        regexes, by_char, _ = self._lexers[lexer]
        names = regexes + by_char.get(char, ())
        candidates = tuple((name, self._patterns[name]) for name in names)
        self._candidates[lexer][char] = candidates
        return candidates

    def parse(self, text: str, on_token: Callable[[Token], bool]) -> Tree | None:
        """The tree of `text`, or None (see the module's doc). `on_token` sees each token
        before the parser does, and stops the parse by answering False."""
        rows, rules, lexers, lexer_of = self._rows, self._rules, self._lexers, self._lexer_of
        newline, ignore, candidates = self._newline, self._ignore, self._candidates
        new_str, new_object = str.__new__, object.__new__
        states = [self._start]
        values: list[Any] = []
        position, line, line_start, end = 0, 1, 0, len(text)
        last: Token | None = None
        while True:
            if position < end:
                lexer = lexer_of[states[-1]]
                char = text[position]
                tried = candidates[lexer].get(char) or self._tried(lexer, char)
                kind = value = None
                for name, pattern in tried:
                    if type(pattern) is str:
                        if text.startswith(pattern, position):
                            kind, value = name, pattern
                            break
                    else:
                        match = pattern.match(text, position)
                        if match is not None:
                            kind, value = name, match.group()
                            break
                if kind is None or value is None:
                    return None
                start, column = position, position - line_start + 1
                start_line = line
                if kind in newline:
                    lines = value.count("\n")
                    if lines:
                        line += lines
                        line_start = position + value.rindex("\n") + 1
                position += len(value)
                if kind in ignore:
                    continue
                words = lexers[lexer][2].get(kind)
                if words is not None:
                    kind = words.get(value, kind)
                # `Token(...)`, written out: this runs for every token of the text
                token = new_str(Token, value)
                token.type = kind
                token.start_pos = start
                token.line = start_line
                token.column = column
                token.end_line = line
                token.end_column = position - line_start + 1
                token.end_pos = position
                if not on_token(token):
                    return None
                last = token
                is_end = False
            else:
                kind, is_end = "$END", True
                if last is None:
                    token = Token("$END", "", 0, 1, 1, 1, 1, 0)
                else:
                    token = Token(
                        "$END",
                        "",
                        last.start_pos,
                        last.line,
                        last.column,
                        last.end_line,
                        last.end_column,
                        last.end_pos,
                    )
            # feed the token: reduce while the state says so, then shift it
            while True:
                action = rows[states[-1]].get(kind)
                if action is None:
                    return None
                if action >= 0:
                    if is_end:
                        return None
                    states.append(action)
                    values.append(token)
                    break
                origin, size, data, expand, include = rules[-1 - action]
                if size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                else:
                    children = []
                # the rule's value, as Lark's parse-tree builder makes it (written out here:
                # this runs for every rule the text reduces by)
                kept = children if include is None else _kept(children, include)
                if expand and len(kept) == 1:
                    built = kept[0]
                    # (a tree that is the rule's one symbol already spans what the rule
                    # spans: the chains of `?rule`s an expression climbs, most reductions)
                    if type(built) is Tree and not (size == 1 and children[0] is built):
                        _place(built.meta, children)
                else:
                    # `Tree(data, kept)`, written out as the token is
                    built = new_object(Tree)
                    built.data, built.children = data, kept
                    built.meta = meta = new_object(Meta)
                    meta.empty = True
                    if children:
                        _place(meta, children)
                goto = rows[states[-1]].get(origin)
                if goto is None or goto < 0:
                    return None
                states.append(goto)
                values.append(built)
                if is_end and goto == self._end:
                    result = values[-1]
                    return result if isinstance(result, Tree) else None


def _kept(children: list[Any], include: Any) -> list[Any]:
    """What a rule's tree keeps of its symbols' values: those `include` names, in order, the
    children of an inlined `_rule` in its place."""
    kept: list[Any] = []
    for index, inline in include:
        if inline:
            if kept:
                kept += children[index].children
            else:
                kept = children[index].children
        else:
            kept.append(children[index])
    return kept


def _first_placed(children: Iterable[Any]) -> Any:
    """The first of `children` that has a place: a token, or a tree of some tokens."""
    for child in children:
        if type(child) is not Tree or not child.meta.empty:
            return child
    return None


def _place(meta: Meta, children: list[Any]) -> None:
    """Set `meta` from the first and last of `children` that have a place (Lark's
    `PropagatePositions`): a tree keeps its own span when it has one, and always takes the
    span of the rule that made it as its container's."""
    first = children[0]  # most often a token, or a tree with a place: no search
    if type(first) is Tree and first.meta.empty:
        first = _first_placed(children)
        if first is None:
            return  # nor a last one
    last = children[-1]
    if type(last) is Tree and last.meta.empty:
        last = _first_placed(reversed(children))
    if type(first) is Tree:
        source = first.meta
        line, column, start = (
            source.container_line,
            source.container_column,
            source.container_start_pos,
        )
    else:
        line, column, start = first.line, first.column, first.start_pos
    if type(last) is Tree:
        source = last.meta
        end_line, end_column, end = (
            source.container_end_line,
            source.container_end_column,
            source.container_end_pos,
        )
    else:
        end_line, end_column, end = last.end_line, last.end_column, last.end_pos
    if meta.empty:  # a span of its own: a new tree, or a `?rule`'s child of no tokens
        meta.line, meta.column, meta.start_pos = line, column, start
        meta.end_line, meta.end_column, meta.end_pos = end_line, end_column, end
        meta.empty = False
    meta.container_line, meta.container_column, meta.container_start_pos = line, column, start
    meta.container_end_line, meta.container_end_column, meta.container_end_pos = (
        end_line,
        end_column,
        end,
    )
