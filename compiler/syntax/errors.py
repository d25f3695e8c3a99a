"""Syntax-error diagnostics: what the parser expected where the text went wrong.

Input is a Lark `UnexpectedInput` raised by `compiler/syntax/parse.py` while it parses a rulebook's
text (and that text, for the position of its end and the names of its fans); output is one
`E0001` diagnostic whose label lists what may come there (`compiler/syntax/expected.py`: all of
it, grouped) and whose help guesses the mistake.
Also here: `SyntaxProblem`, raised by the tree-to-AST transformer (`compiler/syntax/to_ast.py`) for
text the grammar accepts but the AST cannot hold, and the span of a token.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING

from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.diagnostics.suggest import did_you_mean, suggest
from mjc.compiler.lalr.tree import Token
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.expected import (
    CLOSERS,
    describe_expected,
    expected_keywords,
    keyword_of,
)

if TYPE_CHECKING:
    import lark
    from lark.exceptions import UnexpectedInput


class SyntaxProblem(Exception):
    """Raised inside the transformer for text the grammar accepts but the AST cannot hold."""

    def __init__(self, message: str, span: Span, help: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.help = help


# The texts of this module's regular expressions, compiled when a syntax error is met (by
# `re`, which keeps them): a rulebook that parses never needs them.
_WORD = r'[^\s{}()\[\],:=#"]+'
# A quantifier keyword just before the word the parser stumbled on (`... and all t in ...`:
# `all` read as a fact, `t` unexpected), or a whole quantifier head before a `:` it refused.
_QUANTIFIER_BEFORE = r"\b(?:all|any|none|count|sum)\s+$"
_QUANTIFIER_HEAD = r"\b(?:all|any|none|count|sum)\s+[A-Za-z_]\w*\s+in\b[^:]*$"
QUANTIFIER_HELP = (
    "a quantifier binds loosest: it takes everything after its `:`, so it cannot be an "
    "operand; bracket it when something follows it or it is part of a larger condition: "
    "`(count m in melds: m.is_pung) >= 3`, `concealed and (all t in tiles: t.is_suited)`"
)
_FAN_NAMES = r'\bfan\s+([A-Za-z_][A-Za-z0-9_]*)\s+"([^"\\\n]*)"'


def _syntax_diagnostic(
    exc: UnexpectedInput, text: str, file: str, names_text: str | None = None
) -> Diagnostic:
    """The diagnostic of a syntax error in `text`; `names_text` is the whole file when `text`
    is a piece of it (where the help looks up the ids of fans)."""
    # Lark is imported only where a text has an error (a tenth of `mjc check`'s start)
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            line, column = _end_position(text)
            span = Span(file, line, column, line, column + 1)
            found = "end of the file"
        else:
            span = _token_span(token, file)
            found = f"`{token}`"
        expected = set(exc.accepts or exc.expected)
        if token.type == "$END" and expected & set(CLOSERS):
            expected &= set(CLOSERS)  # at the end only closing the open block makes sense
        return error(
            "E0001",
            f"unexpected {found}",
            span,
            label=f"expected {describe_expected(expected)}",
            help=_quantifier_help(token, text) or _syntax_help(token, expected),
        )
    if isinstance(exc, UnexpectedCharacters):
        line, column = exc.line, exc.column
        position = exc.pos_in_stream or 0
        char = text[position] if position < len(text) else ""
        span = Span(file, line, column, line, column + 1)
        expected = exc.allowed or set()
        if char == '"':
            return error(
                "E0001",
                "a string is not closed on its line",
                span,
                label="this string never closes",
                help='strings must close on the line they open; write \\" for a quote inside',
            )
        help = None
        if char in "“”「」":
            help = 'write strings in straight double quotes: "清一色"'
        elif "STRING" in expected and not char.isascii():
            word = re.compile(_WORD).match(text, position)
            if word is not None:
                help = f'names of things in Chinese or English are strings: write "{word[0]}"'
        elif "NAME" in expected and not char.isascii():
            word = re.compile(_WORD).match(text, position)
            fans = {name: fan for fan, name in re.findall(_FAN_NAMES, names_text or text)}
            if word is not None and word[0] in fans:
                help = f"refer to a fan by its id: write `{fans[word[0]]}` for {word[0]}"
            else:
                help = "refer to a fan by its ASCII id (the word after `fan`), not by its name"
        elif not char.isascii() and char.isprintable() and not char.isspace():
            help = "ids and keywords are ASCII; Chinese text belongs in a string in double quotes"
        return error(
            "E0001",
            f"unexpected character `{char}`",
            span,
            label=f"expected {describe_expected(expected)}" if expected else "",
            help=help,
        )
    if isinstance(exc, UnexpectedEOF):
        line, column = _end_position(text)
        return error(
            "E0001",
            "unexpected end of the file",
            Span(file, line, column, line, column + 1),
            label=f"expected {describe_expected(set(exc.expected))}",
        )
    line, column = getattr(exc, "line", 1), getattr(exc, "column", 1)
    return error("E0001", "the text cannot be parsed", Span(file, line, column, line, column + 1))


def bracket_hint(problem: Diagnostic, expr: object) -> Diagnostic:
    """`problem` (a type error of the parsed expression `expr`) with the bracket hint when
    `expr` is a quantifier whose body ends in a comparison or a join with something that does
    not read its variable (`count m in melds: m.is_pung >= 3`): the rest was meant outside."""
    if ", but this is " not in problem.message or not isinstance(expr, ast.Quantifier):
        return problem
    body = expr.body
    if isinstance(body, ast.Compare):
        rest: object = body.right
    elif isinstance(body, ast.BoolOp) and expr.kind == "count":
        rest = body.operands[-1]
    else:
        return problem
    if _mentions(rest, expr.var.text):
        return problem
    return replace(problem, help=QUANTIFIER_HELP)


def _mentions(node: object, name: str) -> bool:
    """Whether the parsed expression `node` reads the bare name `name`."""
    if isinstance(node, ast.Name):
        return node.name == name
    if isinstance(node, tuple):
        return any(_mentions(item, name) for item in node)
    if is_dataclass(node) and not isinstance(node, type):
        return any(_mentions(getattr(node, f.name), name) for f in fields(node))
    return False


def _quantifier_help(token: Token | lark.Token, text: str) -> str | None:
    """The hint for a quantifier written without brackets inside a larger condition."""
    if token.start_pos is None or token.type == "$END":
        return None
    line = text[: token.start_pos].rsplit("\n", 1)[-1]
    if token.type == "NAME" and re.search(_QUANTIFIER_BEFORE, line):
        return QUANTIFIER_HELP
    if token.type == "COLON" and re.search(_QUANTIFIER_HEAD, line):
        return QUANTIFIER_HELP
    return None


def _syntax_help(token: Token | lark.Token, expected: set[str]) -> str | None:
    if token.type == "NAME" and "STRING" in expected:
        return f'names of things in Chinese or English are strings: write "{token}"'
    if token.type == "NAME":
        # only what may come here, by edit distance alone: a keyword that merely contains
        # the word (`kong_payment` for `payment`) is another keyword, not its spelling
        suggestion = did_you_mean(str(token), expected_keywords(expected), substrings=False)
        if suggestion is not None:
            return suggestion
    if "$END" in expected and keyword_of(token.type) is not None:
        return f"`{token}` belongs inside a block: is a `}}` above closing its block too early?"
    if "RBRACE" in expected and token.type != "$END":
        meant = _section_meant(token)
        if meant is not None:  # a section misspelt below a block left open: two mistakes
            return f"a block may be missing its closing `}}`; did you mean `{meant}`?"
        return "a block may be missing its closing `}`"
    if token.type == "$END" and "RBRACE" in expected:
        return "a `{` was opened and never closed"
    return None


def _section_meant(token: Token | lark.Token) -> str | None:
    """The section keyword a word in the first column is misspelt from, if it is one: where
    recovery starts a new section (`compiler/syntax/recovery.py`)."""
    from mjc.compiler.syntax.parse import section_keywords

    if token.type != "NAME" or token.column != 1:
        return None
    found = suggest(str(token), section_keywords(), substrings=False)
    return found[0] if found else None


def _end_position(text: str) -> tuple[int, int]:
    """Just after the last character that is not white space: where something is missing."""
    lines = text.rstrip().split("\n")
    return len(lines), len(lines[-1]) + 1


def _token_span(token: Token | lark.Token, file: str) -> Span:
    line = token.line or 1
    column = token.column or 1
    end_line = token.end_line or line
    end_column = token.end_column or column + max(len(str(token)), 1)
    return Span(file, line, column, end_line, end_column)
