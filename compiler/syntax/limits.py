"""The limits on what one rulebook may hold, checked before any recursive pass can overflow.

Rulebooks come from strangers: a fan condition of 100,000 nested `not` or a sum of 100,000
terms must end in a diagnostic, not in a `RecursionError` of the transformer, the type checker
or any later pass (they all recurse over expressions), nor in minutes of parsing. So:

* `check_text` looks at the whole text before it is parsed (size, lines, characters);
* `TokenLimits` watches the token stream while the LALR parser (which is iterative) reads
  it, and stops the parse at the first token that passes a limit, so that the parse tree of a
  rulebook that is too deep or too large is never built.

The expression depth measured here is an upper bound of the depth of the AST the parser builds
(`a + b + c` nests to the left, `a and b and c` is one flat node): along any path from the
root of an expression to a leaf, each node is a distinct `not`, `-`, operator, `.`,
quantifier or bracket of the text, so counting those on the way in bounds the path. Input is
the token kinds and spans `compiler/syntax/parse.py` gives; output is one diagnostic or none.

One limit is not about the compiler's stack but about the generated module's time:
`quantifier_nesting` counts the quantifiers of one expression nested in one another's
bodies (each multiplies the work of scoring a hand by the size of its domain), on the AST
the parser built within the depth limit, and the driver reports an expression that nests
more than `MAX_QUANTIFIER_NESTING`.
"""

from __future__ import annotations

from typing import get_args

from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.syntax.ast_common import Expr, Quantifier
from mjc.frozen import slotted

MAX_RULEBOOK_BYTES = 1_000_000
"""The largest bundled rulebook is 28 kB; a million bytes is 35 times that, and reading,
lexing and checking it takes well under a second."""

MAX_LINES = 20_000
"""The longest bundled rulebook has under 500 lines."""

MAX_LINE_LENGTH = 2_000
"""Characters in one line; the longest line of the bundled rulebooks has under 400. A longer
line is generated text or a file that is not a rulebook, and would flood every snippet."""

MAX_TOKENS = 50_000
"""Words, numbers, strings and symbols in one rulebook; the largest bundled rulebook has
about 1,600. The LALR parser takes tens of microseconds per token: this keeps it to seconds."""

MAX_EXPRESSION_DEPTH = 64
"""Nesting levels of one expression (condition, value, guard...). Real conditions nest under
10 levels. Every compiler pass recurses over expressions with a few Python frames per level
and Python stops at 1,000 frames; 64 levels stay far below that."""

MAX_EXPRESSION_TOKENS = 2_000
"""Words, numbers and symbols in one expression; the longest bundled one has 113."""

MAX_QUANTIFIER_NESTING = 4
"""Quantifiers (`all`, `any`, `none`, `count`) one inside the body of another in one
expression. The generated code runs a nested quantifier once for each element of the outer
one's domain (up to 34 tile kinds), so the time to score a hand grows as the product of the
domains: four levels over 14 tiles are 38,416 steps a reading, thirty would never end. The
bundled rulebooks nest three at most (MCR's shifted and mixed sets: 三色三步高, 一色三节高);
the expression depth limit alone would let some thirty through. How long each domain may be
is the cost bound's to say (`mjc.compiler.check.cost`, E0414), once the expression has typed:
a range is as long as it is written."""

MAX_EXTENDS_DEPTH = 16
"""Rulebooks in one `extends` chain (a rulebook, its parent, the parent's parent...); the
bundled chains have two. Each parent is read by a recursive call."""


def check_text(text: str, file: str) -> Diagnostic | None:
    """The first way the whole text passes a limit or holds a character no rulebook can hold
    (NUL, which marks a binary file, or a lone surrogate, which no UTF-8 file can hold)."""
    # The first lone surrogate is where UTF-8 fails; a search by a regular expression of their
    # range cost more to compile than any rulebook costs to read this way.
    try:
        size = len(text.encode("utf-8"))
        surrogate = len(text)
    except UnicodeEncodeError as exc:
        size, surrogate = 0, exc.start
    nul = text.find("\x00", 0, surrogate)
    at = surrogate if nul < 0 else nul
    if at < len(text):
        line, column = _position(text, at)
        char = text[at]
        if char == "\x00":
            what, help = "a NUL character", "a rulebook is UTF-8 text: is this a binary file?"
        else:
            what = f"a lone surrogate (U+{ord(char):04X})"
            help = "half of a UTF-16 pair is not a character: was the text cut in two?"
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", start)
        if (end if end >= 0 else len(text)) - start <= MAX_LINE_LENGTH:
            span: Span | None = Span.point(file, line, column)
        else:  # a binary file's "line" can be megabytes long: no snippet of it
            span, what = None, f"{what} at line {line}, column {column}"
        return error("E0006", f"the rulebook holds {what}", span, label="not text", help=help)
    if size > MAX_RULEBOOK_BYTES:
        return error(
            "E0005",
            f"the rulebook is {size:,} bytes long; at most {MAX_RULEBOOK_BYTES:,} are read",
            None,
            help=_SIZE_HELP,
        )
    lines = text.split("\n")
    for number, text_line in enumerate(lines, 1):
        if len(text_line) > MAX_LINE_LENGTH:
            return error(
                "E0005",
                f"line {number} is {len(text_line):,} characters long; lines have at most "
                f"{MAX_LINE_LENGTH:,}",
                None,  # a snippet would print the whole line
                help="break the line: a rulebook's statements and expressions may span lines",
            )
    if len(lines) > MAX_LINES + (lines[-1] == ""):
        return error(
            "E0005",
            f"the rulebook has more than {MAX_LINES:,} lines",
            Span.point(file, MAX_LINES + 1, 1),
            label=f"line {MAX_LINES + 1:,}",
            help=_SIZE_HELP,
        )
    return None


_SIZE_HELP = (
    f"rulebooks are limited to {MAX_RULEBOOK_BYTES:,} bytes, {MAX_LINES:,} lines and "
    f"{MAX_TOKENS:,} words and symbols (the bundled ones are far smaller); split the game "
    "into a parent rulebook and one that `extends` it"
)


def _position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column (in code points) of `text[index]`."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


# ---------------------------------------------------------------------------- token stream

# Token kinds (the type for names, numbers and tiles, the text for keywords and symbols) that
# can be part of an expression; any other token ends the expression it follows.
_OPERANDS = frozenset({"NAME", "INT", "TILE", "true", "false"})
_DEEPEN = frozenset(
    {"not", "-", "+", "*", "==", "!=", "<=", ">=", "<", ">", "in", ".", "all", "any", "none"}
    | {"count"}
)
_BOOLEAN = frozenset({"and", "or"})
_OPEN = frozenset({"(", "["})
_CLOSE = frozenset({")", "]"})
_EXPRESSION = _OPERANDS | _DEEPEN | _BOOLEAN | _OPEN | _CLOSE | {",", ":", "..", "option"}
# After an operand at the top level, one of these starts the next expression (statements such
# as `bonus 2` or a horse row put two expressions side by side); `NAME (` is a call.
_STARTS = _OPERANDS | {"option", "[", "(", "not", "all", "any", "none", "count"}


@slotted
class _Level:
    """One bracket level of the expression being read (the outermost is the expression)."""

    outer: int  # depth of the path from the expression's root to this level
    committed: int = 0  # depth of a quantifier's head, once its `:` is read
    booleans: int = 0  # `and` / `or` nodes above the current operand (at most 2)
    chain: int = 0  # `not`, `-`, operators and `.` of the current operand
    inner: int = 0  # levels below the current operand's operators, from brackets closed in it
    peak: int = 0  # the deepest level reached in this bracket so far
    seen_and: bool = False
    seen_or: bool = False

    def depth(self) -> int:
        return self.outer + self.committed + self.booleans + self.chain + self.inner

    def sibling(self) -> None:
        """The next operand of `and`, `or` or `,` starts: it shares no path with the last."""
        self.chain = self.inner = 0


class TokenLimits:
    """Feed every token in order; `feed` returns a diagnostic (without a span: the caller
    knows where the token is) for the first one that passes a limit; parsing stops there."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.tokens = 0
        self.deepest = 0  # the deepest level and the longest expression read so far
        self.longest = 0
        self._levels = [_Level(0)]
        self._size = 0
        self._after_operand = False
        self._after_name = False

    def feed(self, kind: str) -> Diagnostic | None:
        self.tokens += 1
        if self.tokens > MAX_TOKENS:
            return error(
                "E0005",
                f"the rulebook has more than {MAX_TOKENS:,} words and symbols",
                None,
                label=f"word or symbol number {MAX_TOKENS + 1:,}",
                help=_SIZE_HELP,
            )
        if kind not in _EXPRESSION:
            self._reset()
            return None
        top = len(self._levels) == 1
        if top and self._after_operand and kind in _STARTS and not self._calls(kind):
            self._reset()
        self._size += 1
        if self._size > MAX_EXPRESSION_TOKENS:
            return error(
                "E0004",
                f"this expression has more than {MAX_EXPRESSION_TOKENS:,} words and symbols",
                None,
                label=f"word or symbol number {MAX_EXPRESSION_TOKENS + 1:,}",
                help=_EXPRESSION_HELP,
            )
        depth = self._step(kind)
        self.deepest = max(self.deepest, depth)
        self.longest = max(self.longest, self._size)
        self._after_operand = kind in _OPERANDS or kind in _CLOSE
        self._after_name = kind == "NAME"
        if depth > MAX_EXPRESSION_DEPTH:
            return error(
                "E0004",
                f"this expression nests more than {MAX_EXPRESSION_DEPTH} levels deep",
                None,
                label=f"level {MAX_EXPRESSION_DEPTH + 1}",
                help=_EXPRESSION_HELP,
            )
        return None

    def _calls(self, kind: str) -> bool:
        return kind == "(" and self._after_name

    def _step(self, kind: str) -> int:
        """Account for one expression token; the level of the deepest node it makes (the
        expression's root is level 1)."""
        level = self._levels[-1]
        if kind in _DEEPEN:
            level.chain += 1
        elif kind in _BOOLEAN:
            # the new node sits above the operand just read: measure before moving on
            level.seen_and |= kind == "and"
            level.seen_or |= kind == "or"
            level.booleans = level.seen_and + level.seen_or
            depth = level.depth() + 1
            level.peak = max(level.peak, depth)
            level.sibling()
            return depth
        elif kind == ",":
            level.sibling()
            level.committed = level.booleans = 0
            level.seen_and = level.seen_or = False
        elif kind == ":":
            level.committed += level.booleans + level.chain + level.inner
            level.booleans = 0
            level.seen_and = level.seen_or = False
            level.sibling()
        elif kind in _OPEN:
            # the bracket's ancestors: this operand's operators, not the brackets before it
            level = _Level(level.depth() - level.inner + 1)
            self._levels.append(level)
        elif kind in _CLOSE and len(self._levels) > 1:
            closed = self._levels.pop()
            level = self._levels[-1]
            ancestors = level.depth() - level.inner
            level.inner = max(level.inner, closed.peak - ancestors - 1)
        # an operator or a bracket is the node at its level; anything else sits below them
        depth = level.depth() + (kind not in _DEEPEN and kind not in _OPEN)
        level.peak = max(level.peak, depth)
        return depth

    def restart(self) -> None:
        """A new piece of the file starts (error recovery parses the pieces of a file apart):
        its first token starts no expression of the last piece; the count of tokens goes on."""
        self._reset()

    def _reset(self) -> None:
        if not self._size:
            return  # no expression token since the last reset: the levels are as it left them
        self._levels = [_Level(0)]
        self._size = 0
        self._after_operand = self._after_name = False


_EXPRESSION_HELP = (
    f"expressions nest at most {MAX_EXPRESSION_DEPTH} levels (each `not`, `-`, bracket, `.`, "
    "quantifier and each operator of a chain such as `a + b + c` is a level; `and` and `or` "
    f"chains count once) and hold at most {MAX_EXPRESSION_TOKENS:,} words and symbols, far more "
    "than any real rule needs; name a part of the condition as its own fan or custom shape and "
    "refer to it by name"
)


# ------------------------------------------------------------------------------ quantifiers


# The classes of the AST's expressions (each node's own class: none has subclasses).
_EXPRESSIONS = frozenset(get_args(Expr))


def quantifier_nesting(expr: object, limit: int | None = None) -> Diagnostic | None:
    """E0007 at the first quantifier of `expr` (an AST expression) that sits in the bodies
    of `limit` others (by default `MAX_QUANTIFIER_NESTING`), or None. A quantifier in
    another's domain is not nested in it: the domain is read once. (Recursive: the parser's
    depth limit bounds the AST's depth.)"""
    if limit is None:
        limit = MAX_QUANTIFIER_NESTING

    def walk(node: object, around: int) -> Quantifier | None:
        if isinstance(node, Quantifier):
            if around >= limit:
                return node
            return walk(node.domain, around) or walk(node.body, around + 1)
        for name in getattr(node, "__slots__", ()):
            value = getattr(node, name, None)
            for child in value if isinstance(value, tuple) else (value,):
                # (an expression's parts are expressions, names, places and words: only an
                # expression may hold a quantifier)
                if type(child) in _EXPRESSIONS:
                    found = walk(child, around)
                    if found is not None:
                        return found
        return None

    too_deep = walk(expr, 0)
    if too_deep is None:
        return None
    at = too_deep.span  # the keyword: the body may run over many lines
    return error(
        "E0007",
        f"this expression nests more than {limit} quantifiers one inside another",
        Span(at.file, at.line, at.column, at.line, at.column + len(too_deep.kind)),
        label=f"quantifier {limit + 1}, in the body of {limit} others",
        help=f"at most {limit} quantifiers (`all`, `any`, `none`, `count`) may nest, since "
        "each multiplies the work of scoring a hand by the size of its domain; name the inner "
        "part as a fan of its own and refer to it by name, or count once outside",
    )
