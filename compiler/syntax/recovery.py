"""Error recovery: the sections of a rulebook whose text has syntax errors, and one diagnostic
for each piece of the text that does not parse.

Input is the text of a whole rulebook that `compiler/syntax/parse.py` found a syntax error in;
output is the `ast.Rulebook` of every section that parses, an `ast.Unparsed` for each piece that
does not, and that piece's diagnostic. The text is cut into pieces at the lines that start, in
their first column, with a section keyword (`fan`, `option`, `tiles`, … the grammar's `?section`
list, read from the parser) or a misspelling of one: the layout `mjc fmt` gives every rulebook.
Each piece is parsed alone, its lines at their places so that spans are the file's.

A piece the parser finishes wanting more (a block not closed, an expression cut short) is
parsed again with the pieces after it. When the next piece's first word cannot come there, the
error is reported on that word, as the parse of the whole file would report it; when it can
(the cut was inside a block: `override` alone on its line, a horse row's `tiles` in the first
column), the two are one piece. So the first diagnostic is the one the whole file's parse gives,
and each later one is what the parser would say had the pieces before it been right; a piece
that does not parse gives its first error only, never the noise after it. The tokens of every
piece count toward the file's limit (`compiler/syntax/limits.py`) once.
"""

from __future__ import annotations

import bisect
import re

from mjc.compiler.diagnostics import Diagnostic, Span
from mjc.compiler.diagnostics.suggest import suggest
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.limits import TokenLimits
from mjc.compiler.syntax.parse import (
    Failure,
    keywords as language_keywords,
    parse_piece,
    section_keywords,
)

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# What a piece that does not parse seems to declare: every fan, option, choice, situation,
# preset and tier is declared by an id, a space and its name in a string (the last word of a
# string is not taken: its closing quote follows it at once); a shape may have no name.
_LABELLED = re.compile(rf"(?<![A-Za-z0-9_.])({_NAME})\s+\"")
_SHAPE_LINE = re.compile(rf"^\s+(?:custom\s+)?({_NAME})", re.MULTILINE)
_NO_PARENT = re.compile(rf"{_NAME}\s+{_NAME}\s*(?:\{{|#|$)")

_HEAD = re.compile(rf"({_NAME})(?![A-Za-z0-9_])(?!\s*\.)(?:\s+({_NAME}))?")
_DECLARING = frozenset({"fan", "option", "situation", "preset"})


def _head(line: str) -> tuple[str, str | None] | None:
    """The section keyword a line starts with in its first column, and the word after it: a
    section starts there. A misspelt keyword (`fna`, `rulebok`) counts as the one it was meant
    to be, so that its section is a piece of its own; `option.x`, a condition's line that starts
    with an option, starts nothing."""
    found = _HEAD.match(line)
    if found is None:
        return None
    word = found[1]
    if word not in section_keywords():
        if word in language_keywords():  # `title`, `tier`: inside a block, not misspelt
            return None
        meant = suggest(word, section_keywords())
        if not meant:
            return None
        word = meant[0]
    return word, found[2]


def recover_sections(text: str, file: str) -> tuple[ast.Rulebook | None, list[Diagnostic]]:
    """The sections of `text` that parse and a diagnostic for each piece that does not; None
    for the rulebook only when the pieces together pass the limit on the file's tokens."""
    return _Recovery(text, file).run()


class _Recovery:
    """One pass over the pieces of one file."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.lines = text.split("\n")
        self.starts = [1] + [n for n, line in enumerate(self.lines[1:], 2) if _head(line)]
        self.limits = TokenLimits(file)  # one count of tokens for the whole file
        self.counted = 0  # the tokens of the pieces before the one being parsed

    def run(self) -> tuple[ast.Rulebook | None, list[Diagnostic]]:
        sections: list[ast.Section] = []
        unparsed: list[ast.Unparsed] = []
        problems: list[Diagnostic] = []
        i = 0
        while i < len(self.starts):
            result, j = self._piece_from(i)
            self.counted = self.limits.tokens
            if isinstance(result, ast.Rulebook):
                sections += result.sections
            elif result.diagnostic.code == "E0005":  # the file as a whole is too large
                return None, [*problems, result.diagnostic]
            else:
                problems.append(result.diagnostic)
                unparsed.append(self._unparsed(i, j))
            i = j
        return ast.Rulebook(self.file, tuple(sections), _whole(sections), tuple(unparsed)), problems

    def _piece_from(self, i: int) -> tuple[ast.Rulebook | Failure, int]:
        """The result of the piece that starts at `starts[i]`, and the index of the next one.

        While the parser stops at the end of the text wanting more, the text is made longer by
        1, 2, 4, … pieces (so that the work stays linear even on text written to make every
        line a cut inside a block): every cut it stops wanting more after was inside a block,
        the first one it stops at is where the parse of the whole file would have stopped."""
        j, step = i + 1, 1
        result = self._parse(i, j)
        while isinstance(result, Failure) and result.at_end and j < len(self.starts):
            k, step = min(j + step, len(self.starts)), step * 2
            longer = self._parse(i, k)
            span = longer.diagnostic.span if isinstance(longer, Failure) else None
            if isinstance(longer, Failure) and not longer.at_end and span is not None:
                at = bisect.bisect_right(self.starts, span.line) - 1
                if at > j:  # the pieces before the error may end complete: then it is its own
                    before = self._parse(i, at)
                    if isinstance(before, ast.Rulebook):
                        return before, at
                if at > i and (span.line, span.column) == (self.starts[at], 1):
                    return longer, at  # that piece's first word cannot come here: a real cut
                return longer, max(at, i) + 1
            result, j = longer, k
        return result, j

    def _parse(self, i: int, j: int) -> ast.Rulebook | Failure:
        """Parse the lines of pieces `i` to `j` (excluded) alone, each at its line."""
        first = self.starts[i]
        last = self.starts[j] - 1 if j < len(self.starts) else len(self.lines)
        piece = "\n" * (first - 1) + "\n".join(self.lines[first - 1 : last])
        self.limits.tokens = self.counted  # a longer piece counts its tokens again
        return parse_piece(piece, self.file, self.limits, names_text=self.text)

    def _unparsed(self, i: int, j: int) -> ast.Unparsed:
        """What the pieces `i` to `j` (excluded) seem to declare, and where they are."""
        first = self.starts[i]
        last = self.starts[j] - 1 if j < len(self.starts) else len(self.lines)
        piece = "\n".join(self.lines[first - 1 : last])
        keywords: list[str] = []
        names: list[str] = []
        parent = False
        for number in self.starts[i:j]:
            line = self.lines[number - 1]
            head = _head(line)
            if head is None:
                continue
            keywords.append(head[0])
            if head[0] == "extend" and head[1] in section_keywords():
                keywords.append(head[1])  # `extend scoring {`: the section it adds to
                head = _head(line[line.index(head[1]) :]) or head
            if head[0] in _DECLARING and head[1] is not None:
                names.append(head[1])  # first, and also when its string is not quoted
            # `rulebook x extends y {`: more than an id between the keyword and the brace
            parent |= head[0] == "rulebook" and _NO_PARENT.match(line) is None
        names += _LABELLED.findall(piece)
        if "shapes" in keywords:
            names += _SHAPE_LINE.findall(piece)
        # (`source "…"` adds a word no id is written as: harmless; `cap`, `none` may be ids)
        ids = tuple(dict.fromkeys(names))
        while last > first and not self.lines[last - 1].strip():
            last -= 1
        span = Span(self.file, first, 1, last, len(self.lines[last - 1]) + 1)
        return ast.Unparsed(tuple(keywords), ids, span, parent)


def fold_repeats(problems: list[Diagnostic]) -> list[Diagnostic]:
    """`problems` less a repeat on the word of the one before it: a piece whose first word
    could not come after the piece before it (a block not closed) is reported there, then
    parsed alone and stops on that same word, which the first diagnostic's help already
    covers (a block may be missing its closing `}`; did you mean `payments`?)."""
    folded: list[Diagnostic] = []
    for problem in problems:
        if not folded or folded[-1].span != problem.span:
            folded.append(problem)
    return folded


def _whole(sections: list[ast.Section]) -> Span:
    """From the first section that parsed to the end of the last."""
    if not sections:
        return ast.NO_SPAN
    first, last = sections[0].span, sections[-1].span
    return Span(first.file, first.line, first.column, last.end_line, last.end_column)
