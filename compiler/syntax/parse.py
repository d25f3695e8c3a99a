"""Rulebook text to AST: builds the Lark parser and runs it, within the limits.

Input is the text of a rulebook file; output is a `mjc.compiler.syntax.ast.Rulebook` whose every
node carries its source span, or a syntax diagnostic that says what was expected where the text went
wrong. With `recover`, a text with syntax errors still gives the sections that parse and one
diagnostic per piece that does not (`compiler/syntax/recovery.py`). The grammar itself lives in
`grammar/rulebook.lark`; the syntax-error diagnostics in `compiler/syntax/errors.py`; the
tree-to-AST transformer in `compiler/syntax/to_ast.py`.

A text is parsed by the lean parser (`mjc.compiler.lalr`), which runs Lark's tables for the
grammar without Lark and builds the very tree Lark would; where it stops (a syntax error, a
limit passed), the text is parsed again by Lark, whose error says what was expected. So Lark
is imported, and its parser loaded, only for a text with an error (and to build the tables
once, `compiler/lalr/tables.py`): a fifth of `mjc check`'s start."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from mjc.compiler.caches import lark_cache
from mjc.compiler.diagnostics import Diagnostic, error
from mjc.compiler.lalr import LeanParser, Token, Tree, cached_tables, from_lark
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.errors import (
    SyntaxProblem as SyntaxProblem,
    _syntax_diagnostic,
    _token_span,
)
from mjc.compiler.syntax.limits import TokenLimits, check_text
from mjc.compiler.syntax.to_ast import _ToAst as _ToAst
from mjc.frozen import Frozen, frozen

if TYPE_CHECKING:
    import lark


def grammar_text() -> str:
    # beside the package's module, as the bundled rulebooks are (`sources.bundled_rulebooks`):
    # `importlib.resources` would import tempfile, shutil and zipfile on the way
    import mjc.grammar

    return Path(mjc.grammar.__file__).with_name("rulebook.lark").read_text(encoding="utf-8")


@functools.cache
def parser() -> lark.Lark:
    """The LALR parser, built once per process. Building its tables costs a tenth of a
    second, so Lark keeps them in mjc's cache (`compiler/caches.py`), by the hash of the
    grammar and of Lark's version, and later processes load them from there."""
    import lark

    grammar = grammar_text()
    return lark.Lark(
        grammar,
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=lark_cache(grammar, lark.__version__),
    )


@functools.cache
def lean_parser() -> LeanParser | None:
    """The lean parser of the grammar, its tables from mjc's cache (read out of `parser()`
    when they are not there), or None when it cannot reproduce Lark's parser."""
    tables = cached_tables(grammar_text(), parser)
    return None if tables is None else LeanParser(tables)


@functools.cache
def keywords() -> frozenset[str]:
    """Every keyword of the language (used by the docs highlighter and its test)."""
    import lark

    words = set()
    for terminal in parser().terminals:
        pattern = terminal.pattern
        if isinstance(pattern, lark.lexer.PatternStr) and pattern.value.isidentifier():
            words.add(pattern.value)
    return frozenset(words)


@functools.cache
def section_keywords() -> frozenset[str]:
    """The keywords a top-level section may start with (the grammar's `?section` list), read
    from the parser's first state so that a new kind of section is known without a list here."""
    import lark

    accepted: set[str] = cast(Any, parser().parse_interactive("")).accepts()
    names = {
        t.name: t.pattern.value
        for t in parser().terminals
        if isinstance(t.pattern, lark.lexer.PatternStr)
    }
    return frozenset(names[a] for a in accepted if a in names)


MAX_DIGITS = 9
"""Numbers in a rulebook are counts and values: a longer one is a typo (and Python refuses to
convert one of thousands of digits)."""


def _is_huge_number(value: object) -> bool:
    return isinstance(value, Token) and value.type == "INT" and len(value) > MAX_DIGITS


def parse(
    text: str, file: str, *, recover: bool = False
) -> tuple[ast.Rulebook | None, list[Diagnostic]]:
    """Parse a rulebook. On a syntax error, return None and one diagnostic saying what was
    expected; with `recover` (what `mjc check` and the language server ask for), return the
    sections that parse instead, with one diagnostic for each piece of the text that does not
    (None only when the text as a whole is refused: too large, or not text)."""
    limited = check_text(text, file)
    if limited is not None:
        return None, [limited]
    piece = parse_piece(text, file, TokenLimits(file))
    if isinstance(piece, ast.Rulebook):
        return piece, []
    if not recover or piece.diagnostic.code == "E0005":
        return None, [piece.diagnostic]
    # it calls back into this module
    from mjc.compiler.syntax.recovery import fold_repeats, recover_sections

    book, problems = recover_sections(text, file)
    if not problems:  # cannot be (the pieces hold the error); never let such a text through
        return None, [piece.diagnostic]
    if problems[0].span == piece.diagnostic.span:
        # the same error; the whole file's parse knows better what could come there (a piece
        # parsed alone does not know that the section before it could go on)
        problems[0] = piece.diagnostic
    return book, fold_repeats(problems)


@frozen
class Failure(Frozen):
    """Why a piece of text did not parse: its one diagnostic, and whether the parser stopped at
    the end of the piece (wanting more) rather than on something written in it."""

    diagnostic: Diagnostic
    at_end: bool = False


def parse_piece(
    text: str, file: str, limits: TokenLimits, *, names_text: str | None = None
) -> ast.Rulebook | Failure:
    """The AST of `text` (a whole rulebook, or the piece of one that recovery parses alone, its
    lines at their places), or why it does not parse. `limits` count the tokens of every piece
    of one file; `names_text` is the whole file, where the help looks for the ids of fans."""
    long_numbers: list[Token] = []
    tree = _lean_parse(text, limits, long_numbers)
    if tree is None:
        return _parse_piece_with_lark(text, file, limits, names_text)
    return _transformed(tree, file, may_hold_huge=bool(long_numbers))


def _lean_parse(text: str, limits: TokenLimits, long_numbers: list[Token]) -> Tree | None:
    """The tree of `text` by the lean parser, its tokens counted by `limits`, each number of
    more than `MAX_DIGITS` digits it reads added to `long_numbers`; None when it stops (then
    `limits` are as they were: Lark's parse counts the tokens again)."""
    lean = lean_parser()
    if lean is None:
        return None
    before = limits.tokens, limits.deepest, limits.longest
    limits.restart()
    feed = limits.feed

    def on_token(token: Token) -> bool:
        # `_kind` and `_is_huge_number`, written out: this runs for every token of the text
        kind = token.type
        if kind == "INT" and len(token) > MAX_DIGITS:
            long_numbers.append(token)
        return feed(kind if kind in _KINDS_BY_TYPE else str(token)) is None

    tree = lean.parse(text, on_token)
    if tree is None:
        limits.tokens, limits.deepest, limits.longest = before
    return tree


def _parse_piece_with_lark(
    text: str, file: str, limits: TokenLimits, names_text: str | None
) -> ast.Rulebook | Failure:
    """`parse_piece` by Lark, whose errors say what was expected where."""
    from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

    try:
        tree = _parse_within_limits(text, file, limits)
    except UnexpectedInput as exc:
        at_end = isinstance(exc, UnexpectedEOF) or (
            isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
        )
        return Failure(_syntax_diagnostic(exc, text, file, names_text), at_end)
    if isinstance(tree, Diagnostic):
        return Failure(tree)
    return _transformed(tree, file)


def _transformed(tree: Tree, file: str, *, may_hold_huge: bool = True) -> ast.Rulebook | Failure:
    """The AST of a parse tree, or the diagnostic of a number too long or of text the AST
    cannot hold. A tree that `may_hold_huge` is searched for a number too long (the lean
    parser says whether it read one: most trees need no search)."""
    huge = next(tree.scan_values(_is_huge_number), None) if may_hold_huge else None
    if huge is not None:
        return Failure(
            error(
                "E0001",
                f"a number of {len(huge)} digits is too large",
                _token_span(huge, file),
                label=f"numbers have at most {MAX_DIGITS} digits",
            )
        )
    try:
        book: ast.Rulebook = _ToAst(file).transform(tree)
        return book
    except SyntaxProblem as problem:
        return Failure(error("E0002", problem.message, problem.span, help=problem.help))


def _kind(token: Token | lark.Token) -> str:
    """What the limits know a token by."""
    return token.type if token.type in _KINDS_BY_TYPE else str(token)


def _parse_within_limits(text: str, file: str, limits: TokenLimits) -> Tree | Diagnostic:
    """Lark's parse tree (in the lean parser's classes), or the diagnostic of the first token
    that passes a limit of `compiler/syntax/limits.py`: the LALR parser is fed token by token
    and stops there, before a tree too deep for the recursive passes (or too large to build
    quickly) exists."""
    from lark.exceptions import UnexpectedInput

    interactive = parser().parse_interactive(text)
    limits.restart()
    last: lark.Token | None = None
    try:
        for token in interactive.iter_parse():
            passed = limits.feed(_kind(token))
            if passed is not None:
                return dataclasses.replace(passed, span=_token_span(token, file))
            last = token
        tree: Tree = from_lark(cast(Any, interactive).feed_eof(last))
        return tree
    except UnexpectedInput:
        # The interactive parser's exceptions know less of what was expected: parse again the
        # ordinary way, which stops at the same token (the limits held up to there).
        again: Tree = from_lark(parser().parse(text))
        return again


_KINDS_BY_TYPE = frozenset({"NAME", "INT", "TILE", "STRING"})
"""Tokens the limits know by their type; every other token is known by its text."""
