"""Rulebook text to AST: builds the Lark parser and runs it, within the limits.

Input is the text of a rulebook file; output is a `mjc.compiler.syntax.ast.Rulebook` whose every
node carries its source span, or a syntax diagnostic that says what was expected where the text went
wrong. The grammar itself lives in `grammar/rulebook.lark`; the syntax-error diagnostics in
`compiler/syntax/errors.py`; the tree-to-AST transformer in `compiler/syntax/to_ast.py` (with this
module, the only ones that see Lark)."""

from __future__ import annotations

import dataclasses
import functools
from importlib import resources
from typing import Any, cast

import lark
from lark import Token
from lark.exceptions import UnexpectedInput

from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.errors import (
    SyntaxProblem as SyntaxProblem,
    _syntax_diagnostic,
    _token_span,
)
from mjc.compiler.syntax.limits import TokenLimits, check_text
from mjc.compiler.syntax.to_ast import _ToAst as _ToAst


def grammar_text() -> str:
    return resources.files("mjc.grammar").joinpath("rulebook.lark").read_text(encoding="utf-8")


@functools.cache
def parser() -> lark.Lark:
    """The LALR parser, built once per process (building it costs tens of milliseconds)."""
    return lark.Lark(
        grammar_text(),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,  # Lark keeps the built tables in the temp folder, keyed by grammar hash
    )


def keywords() -> frozenset[str]:
    """Every keyword of the language (used by the docs highlighter and its test)."""
    words = set()
    for terminal in parser().terminals:
        pattern = terminal.pattern
        if isinstance(pattern, lark.lexer.PatternStr) and pattern.value.isidentifier():
            words.add(pattern.value)
    return frozenset(words)


MAX_DIGITS = 9
"""Numbers in a rulebook are counts and values: a longer one is a typo (and Python refuses to
convert one of thousands of digits)."""


def _is_huge_number(value: object) -> bool:
    return isinstance(value, Token) and value.type == "INT" and len(value) > MAX_DIGITS


def parse(text: str, file: str) -> tuple[ast.Rulebook | None, list[Diagnostic]]:
    """Parse a rulebook; on a syntax error return None and one diagnostic saying what was
    expected (later errors would only be noise after the parser lost its place)."""
    limited = check_text(text, file)
    if limited is not None:
        return None, [limited]
    try:
        tree = _parse_within_limits(text, file)
    except UnexpectedInput as exc:
        return None, [_syntax_diagnostic(exc, text, file)]
    if isinstance(tree, Diagnostic):
        return None, [tree]
    huge = next(tree.scan_values(_is_huge_number), None)
    if huge is not None:
        return None, [
            error(
                "E0001",
                f"a number of {len(huge)} digits is too large",
                _token_span(huge, file),
                label=f"numbers have at most {MAX_DIGITS} digits",
            )
        ]
    try:
        book = _ToAst(file).transform(tree)
    except lark.exceptions.VisitError as exc:
        problem = exc.orig_exc
        if isinstance(problem, SyntaxProblem):
            return None, [error("E0002", problem.message, problem.span, help=problem.help)]
        raise
    return book, []


def _parse_within_limits(text: str, file: str) -> lark.Tree[Token] | Diagnostic:
    """The parse tree, or the diagnostic of the first token that passes a limit of
    `compiler/syntax/limits.py`: the LALR parser is fed token by token and stops there, before a
    tree too deep for the recursive passes (or too large to build quickly) exists."""
    interactive = parser().parse_interactive(text)
    limits = TokenLimits(file)
    last: Token | None = None
    try:
        for token in interactive.iter_parse():
            kind = token.type if token.type in _KINDS_BY_TYPE else str(token)
            passed = limits.feed(kind)
            if passed is not None:
                return dataclasses.replace(passed, span=_token_span(token, file))
            last = token
        return cast("lark.Tree[Token]", cast(Any, interactive).feed_eof(last))
    except UnexpectedInput:
        # The interactive parser's exceptions know less of what was expected: parse again the
        # ordinary way, which stops at the same token (the limits held up to there).
        return parser().parse(text)


_KINDS_BY_TYPE = frozenset({"NAME", "INT", "TILE", "STRING"})
"""Tokens the limits know by their type; every other token is known by its text."""
