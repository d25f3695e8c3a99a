"""Rulebook text to AST: the only module that sees Lark.

Input is the text of a rulebook file; output is a `mjc.compiler.ast.Rulebook` whose every node
carries its source span, or a syntax diagnostic that says what was expected where the text
went wrong. The grammar itself lives in `grammar/rulebook.lark`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from importlib import resources
from typing import Any, cast

import lark
from lark import Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.tree import Meta

from mjc.compiler import ast
from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.limits import TokenLimits, check_text
from mjc.compiler.suggest import did_you_mean


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


class SyntaxProblem(Exception):
    """Raised inside the transformer for text the grammar accepts but the AST cannot hold."""

    def __init__(self, message: str, span: Span, help: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.help = help


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
    `compiler/limits.py`: the LALR parser is fed token by token and stops there, before a
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


# ---------------------------------------------------------------------------- syntax errors

_TOKEN_NAMES = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": "a string in double quotes",
    "TILE": "a tile such as 5m or 7z",
    "$END": "the end of the file",
}


def _describe_terminal(name: str) -> str:
    if name in _TOKEN_NAMES:
        return _TOKEN_NAMES[name]
    for terminal in parser().terminals:
        if terminal.name == name:
            pattern = terminal.pattern
            if isinstance(pattern, lark.lexer.PatternStr):
                return f"`{pattern.value}`"
    return name.lower()


# Tokens that start an operand; when all may come next, "an expression" says it in two words
# (and covers the quantifiers and `not` too).
_OPERAND_START = frozenset({"LPAR", "NAME", "INT"})
_EXPRESSION_START = _OPERAND_START | {
    *("MINUS", "LSQB", "TILE", "TRUE", "FALSE", "OPTION", "ALL", "ANY", "NONE", "COUNT", "NOT")
}
# Closing brackets are listed first: a forgotten one is the likeliest mistake, and a long list
# is cut short.
_CLOSERS = ("RBRACE", "RPAR", "RSQB")


def _expected_list(names: set[str] | frozenset[str]) -> str:
    names = set(names)
    lead = [_describe_terminal(n) for n in _CLOSERS if n in names]
    names -= set(_CLOSERS)
    if names >= _OPERAND_START:
        names -= _EXPRESSION_START
        lead.append("an expression")
    rest = sorted({_describe_terminal(n) for n in names}, key=lambda s: (s[0] != "`", s))
    described = [*lead, *rest]
    if len(described) > 16:
        described = [*described[:16], "…"]
    if len(described) == 1:
        return described[0]
    return ", ".join(described[:-1]) + " or " + described[-1]


_WORD = re.compile(r'[^\s{}()\[\],:=#"]+')
_FAN_NAMES = re.compile(r'\bfan\s+([A-Za-z_][A-Za-z0-9_]*)\s+"([^"\\\n]*)"')


def _syntax_diagnostic(exc: UnexpectedInput, text: str, file: str) -> Diagnostic:
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
        if token.type == "$END" and expected & set(_CLOSERS):
            expected &= set(_CLOSERS)  # at the end only closing the open block makes sense
        return error(
            "E0001",
            f"unexpected {found}",
            span,
            label=f"expected {_expected_list(expected)}",
            help=_syntax_help(token, expected),
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
            word = _WORD.match(text, position)
            if word is not None:
                help = f'names of things in Chinese or English are strings: write "{word[0]}"'
        elif "NAME" in expected and not char.isascii():
            word = _WORD.match(text, position)
            fans = {name: fan for fan, name in _FAN_NAMES.findall(text)}
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
            label=f"expected {_expected_list(expected)}" if expected else "",
            help=help,
        )
    if isinstance(exc, UnexpectedEOF):
        line, column = _end_position(text)
        return error(
            "E0001",
            "unexpected end of the file",
            Span(file, line, column, line, column + 1),
            label=f"expected {_expected_list(set(exc.expected))}",
        )
    line, column = getattr(exc, "line", 1), getattr(exc, "column", 1)
    return error("E0001", "the text cannot be parsed", Span(file, line, column, line, column + 1))


def _keyword(name: str) -> str | None:
    """The keyword a terminal stands for (`value` for VALUE), or None."""
    for terminal in parser().terminals:
        if terminal.name == name:
            pattern = terminal.pattern
            if isinstance(pattern, lark.lexer.PatternStr) and pattern.value.isidentifier():
                return str(pattern.value)
    return None


def _syntax_help(token: Token, expected: set[str]) -> str | None:
    if token.type == "NAME" and "STRING" in expected:
        return f'names of things in Chinese or English are strings: write "{token}"'
    if token.type == "NAME":
        keywords = [k for k in map(_keyword, expected) if k is not None]
        suggestion = did_you_mean(str(token), keywords)
        if suggestion is not None:
            return suggestion
    if "$END" in expected and _keyword(token.type) is not None:
        return f"`{token}` belongs inside a block: is a `}}` above closing its block too early?"
    if "RBRACE" in expected and token.type != "$END":
        return "a block may be missing its closing `}`"
    if token.type == "$END" and "RBRACE" in expected:
        return "a `{` was opened and never closed"
    return None


def _end_position(text: str) -> tuple[int, int]:
    """Just after the last character that is not white space: where something is missing."""
    lines = text.rstrip().split("\n")
    return len(lines), len(lines[-1]) + 1


def _token_span(token: Token, file: str) -> Span:
    line = token.line or 1
    column = token.column or 1
    end_line = token.end_line or line
    end_column = token.end_column or column + max(len(str(token)), 1)
    return Span(file, line, column, end_line, end_column)


# ---------------------------------------------------------------------------- tree to AST


def _unquote(token: Token, file: str) -> str:
    body = str(token)[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    escapes = {"\\": "\\", '"': '"', "n": "\n", "t": "\t"}
    index = 0
    while index < len(body):
        char = body[index]
        if char != "\\":
            out.append(char)
            index += 1
            continue
        follower = body[index + 1 : index + 2]
        if follower not in escapes:
            span = _token_span(token, file)
            if span.line == span.end_line:  # point at the escape itself
                start = span.column + 1 + index
                span = Span(file, span.line, start, span.line, start + 1 + len(follower))
            raise SyntaxProblem(
                f"unknown escape `\\{follower}` in a string",
                span,
                help='the escapes are \\\\, \\", \\n and \\t',
            )
        out.append(escapes[follower])
        index += 2
    return "".join(out)


_Handler = Callable[[Any, Meta, list[Any]], Any]


@v_args(meta=True)
class _ToAst(Transformer[Token, ast.Rulebook]):
    """Builds AST nodes bottom-up; checks nothing the grammar has not already checked."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file

    # -- helpers

    def _span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.file, 1, 1, 1, 1)
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def _ident(self, token: Token) -> ast.Ident:
        return ast.Ident(str(token), _token_span(token, self.file))

    def _int(self, token: Token) -> ast.IntLit:
        return ast.IntLit(int(token), _token_span(token, self.file))

    def _str(self, token: Token) -> str:
        return _unquote(token, self.file)

    @staticmethod
    def _provenance(items: list[Any]) -> tuple[ast.Provenance, ...]:
        return tuple(item for item in items if isinstance(item, ast.Provenance))

    # -- sections

    def start(self, meta: Meta, children: list[Any]) -> ast.Rulebook:
        return ast.Rulebook(self.file, tuple(children), self._span(meta))

    def header(self, meta: Meta, children: list[Any]) -> ast.Header:
        name, *items = children
        found: dict[str, str] = {}
        extends: ast.Ident | None = None
        for item in items:
            if isinstance(item, tuple):
                found[item[0]] = item[1]
            elif isinstance(item, ast.Ident):
                extends = item
        return ast.Header(
            self._ident(name),
            extends,
            found.get("title"),
            found.get("english"),
            found.get("version"),
            self._provenance(items),
            self._span(meta),
        )

    def extends(self, meta: Meta, children: list[Any]) -> ast.Ident:
        token = children[0]
        text = self._str(token) if token.type == "STRING" else str(token)
        return ast.Ident(text, _token_span(token, self.file))

    def title(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("title", self._str(children[0]))

    def english(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("english", self._str(children[0]))

    def version(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("version", self._str(children[0]))

    def _prov(self, kind: ast.ProvenanceKind, meta: Meta, children: list[Any]) -> ast.Provenance:
        return ast.Provenance(kind, self._str(children[0]), self._span(meta))

    def source(self, meta: Meta, children: list[Any]) -> ast.Provenance:
        return self._prov("source", meta, children)

    def reference(self, meta: Meta, children: list[Any]) -> ast.Provenance:
        return self._prov("reference", meta, children)

    def convention(self, meta: Meta, children: list[Any]) -> ast.Provenance:
        return self._prov("convention", meta, children)

    def note(self, meta: Meta, children: list[Any]) -> ast.Provenance:
        return self._prov("note", meta, children)

    def players(self, meta: Meta, children: list[Any]) -> ast.Players:
        counts = tuple(self._int(c) for c in children if isinstance(c, Token))
        return ast.Players(counts, self._provenance(children), self._span(meta))

    def tiles(self, meta: Meta, children: list[Any]) -> ast.Tiles:
        groups = tuple(c for c in children if isinstance(c, ast.TileGroup))
        keeps = tuple(c for c in children if isinstance(c, ast.TileKeep))
        totals = tuple(c for c in children if isinstance(c, ast.TileTotal))
        return ast.Tiles(groups, keeps, totals, self._span(meta))

    @staticmethod
    def _guard(items: list[Any]) -> ast.Expr | None:
        return next((c[1] for c in items if isinstance(c, tuple) and c[0] == "guard"), None)

    def _tile_lits(self, items: list[Any]) -> tuple[ast.TileLit, ...]:
        return tuple(
            ast.TileLit(str(c), _token_span(c, self.file))
            for c in items
            if isinstance(c, Token) and c.type == "TILE"
        )

    def tile_group(self, meta: Meta, children: list[Any]) -> ast.TileGroup:
        name, copies, *rest = children
        return ast.TileGroup(
            self._ident(name),
            self._int(copies),
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def tile_keep(self, meta: Meta, children: list[Any]) -> ast.TileKeep:
        return ast.TileKeep(
            self._tile_lits(children),
            self._guard(children),
            self._provenance(children),
            self._span(meta),
        )

    def tile_total(self, meta: Meta, children: list[Any]) -> ast.TileTotal:
        total, *rest = children
        return ast.TileTotal(self._int(total), self._provenance(rest), self._span(meta))

    def shapes(self, meta: Meta, children: list[Any]) -> ast.Shapes:
        return ast.Shapes(tuple(children), self._span(meta))

    def shape_item(self, meta: Meta, children: list[Any]) -> ast.ShapeDecl:
        name, *rest = children
        label = next((c for c in rest if isinstance(c, Token) and c.type == "STRING"), None)
        return ast.ShapeDecl(
            self._ident(name),
            self._str(label) if label is not None else None,
            self._guard(rest),
            self._provenance(rest),
            span=self._span(meta),
        )

    def custom_shape(self, meta: Meta, children: list[Any]) -> ast.ShapeDecl:
        name, *rest = children
        label = next((c for c in rest if isinstance(c, Token) and c.type == "STRING"), None)
        condition = next(c for c in rest if not isinstance(c, Token | ast.Provenance))
        return ast.ShapeDecl(
            self._ident(name),
            self._str(label) if label is not None else None,
            None,
            self._provenance(rest),
            custom=condition,
            span=self._span(meta),
        )

    # -- wilds and claims

    def wilds(self, meta: Meta, children: list[Any]) -> ast.Wilds:
        return ast.Wilds(tuple(children), self._span(meta))

    def wild_fixed(self, meta: Meta, children: list[Any]) -> ast.WildFixed:
        return ast.WildFixed(
            self._tile_lits(children),
            self._guard(children),
            self._provenance(children),
            self._span(meta),
        )

    def wild_indicator(self, meta: Meta, children: list[Any]) -> ast.WildIndicator:
        kind, *rest = children
        return ast.WildIndicator(
            self._ident(kind), self._guard(rest), self._provenance(rest), self._span(meta)
        )

    def wild_cycle(self, meta: Meta, children: list[Any]) -> ast.WildCycle:
        return ast.WildCycle(
            self._tile_lits(children), self._provenance(children), self._span(meta)
        )

    def wild_copies(self, meta: Meta, children: list[Any]) -> ast.WildCopies:
        value, *rest = children
        return ast.WildCopies(value, self._guard(rest), self._provenance(rest), self._span(meta))

    def _permission(self, allow: bool, meta: Meta, children: list[Any]) -> ast.WildPermission:
        return ast.WildPermission(
            allow,
            tuple(self._ident(c) for c in children if isinstance(c, Token)),
            self._guard(children),
            self._provenance(children),
            self._span(meta),
        )

    def wild_allow(self, meta: Meta, children: list[Any]) -> ast.WildPermission:
        return self._permission(True, meta, children)

    def wild_forbid(self, meta: Meta, children: list[Any]) -> ast.WildPermission:
        return self._permission(False, meta, children)

    def claims(self, meta: Meta, children: list[Any]) -> ast.Claims:
        return ast.Claims(tuple(children), self._span(meta))

    def claim_item(self, meta: Meta, children: list[Any]) -> ast.ClaimRule:
        return ast.ClaimRule(
            tuple(self._ident(c) for c in children if isinstance(c, Token)),
            self._guard(children),
            self._provenance(children),
            self._span(meta),
        )

    # -- horses

    def horses(self, meta: Meta, children: list[Any]) -> ast.Horses:
        return ast.Horses(
            tuple(c for c in children if isinstance(c, ast.HorseTable)),
            tuple(c for c in children if isinstance(c, ast.HorseKind)),
            self._span(meta),
        )

    def horse_table(self, meta: Meta, children: list[Any]) -> ast.HorseTable:
        players, *rest = children
        return ast.HorseTable(
            self._int(players),
            tuple(c for c in rest if isinstance(c, ast.HorseRow)),
            self._provenance(rest),
            self._span(meta),
        )

    def horse_kind(self, meta: Meta, children: list[Any]) -> ast.HorseKind:
        kind, count, *rest = children
        per = next((c for c in rest if isinstance(c, Token)), None)
        condition = next(
            (c for c in rest if not isinstance(c, Token | tuple | ast.Provenance)), None
        )
        return ast.HorseKind(
            self._ident(kind),
            count,
            self._ident(per) if per is not None else None,
            condition,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def horse_row(self, meta: Meta, children: list[Any]) -> ast.HorseRow:
        seat, *rest = children
        parts = [c for c in rest if isinstance(c, tuple)]
        return ast.HorseRow(
            self._ident(seat),
            tuple(lit for kind, lits in parts if kind == "ranks" for lit in lits),
            tuple(lit for kind, lits in parts if kind == "tiles" for lit in lits),
            self._provenance(rest),
            self._span(meta),
        )

    def horse_ranks(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[ast.IntLit, ...]]:
        return ("ranks", tuple(self._int(c) for c in children))

    def horse_tiles(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[ast.TileLit, ...]]:
        return ("tiles", self._tile_lits(children))

    # -- payments

    def payments(self, meta: Meta, children: list[Any]) -> ast.Payments:
        units = [c for c in children if isinstance(c, tuple) and c[0] == "unit"]
        return ast.Payments(
            units[0][1] if units else None,
            units[0][2] if units else (),
            tuple(c for c in children if isinstance(c, ast.PayStake)),
            tuple(c for c in children if isinstance(c, ast.PayWin)),
            tuple(c for c in children if isinstance(c, ast.PayKong)),
            tuple(c for c in children if isinstance(c, ast.PayWord)),
            tuple(c for c in children if isinstance(c, ast.PayCap) and not c.dealer),
            tuple(c for c in children if isinstance(c, ast.PayCap) and c.dealer),
            self._span(meta),
            tuple(c for c in children if isinstance(c, ast.PayBonus)),
            tuple(c for c in children if isinstance(c, ast.PayRelation)),
            tuple(c for c in children if isinstance(c, ast.PayRelationLine)),
            tuple(c for c in children if isinstance(c, ast.PayLossCap)),
        )

    def pay_unit(
        self, meta: Meta, children: list[Any]
    ) -> tuple[str, str, tuple[ast.Provenance, ...]]:
        return ("unit", self._str(children[0]), self._provenance(children))

    @staticmethod
    def _exprs(items: list[Any]) -> list[Any]:
        return [c for c in items if not isinstance(c, Token | tuple | ast.Provenance | str)]

    def pay_stake(self, meta: Meta, children: list[Any]) -> ast.PayStake:
        value, *rest = children
        return ast.PayStake(value, self._guard(rest), self._provenance(rest), self._span(meta))

    def pay_all(self, meta: Meta, children: list[Any]) -> str:
        return "for all"

    def pay_win(self, meta: Meta, children: list[Any]) -> ast.PayWin:
        payer, *rest = children
        exprs = self._exprs(rest)
        return ast.PayWin(
            self._ident(payer),
            "for all" in rest,
            exprs[0] if exprs else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def pay_kong(self, meta: Meta, children: list[Any]) -> ast.PayKong:
        kind, payer, amount, *rest = children
        exprs = self._exprs(rest)
        return ast.PayKong(
            self._ident(kind),
            self._ident(payer),
            amount,
            exprs[0] if exprs else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def pay_dealer(self, meta: Meta, children: list[Any]) -> ast.PayCap:
        value, *rest = children
        return ast.PayCap(value, self._guard(rest), self._provenance(rest), True, self._span(meta))

    def pay_winners(self, meta: Meta, children: list[Any]) -> ast.PayWord:
        word, *rest = children
        return ast.PayWord(self._ident(word), self._provenance(rest), self._span(meta))

    def _pay_bonus(
        self, meta: Meta, item: str, kind: ast.Ident | None, children: list[Any]
    ) -> ast.PayBonus:
        amount, *rest = children
        exprs = self._exprs(rest)
        return ast.PayBonus(
            item,
            kind,
            amount,
            exprs[0] if exprs else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def pay_horse(self, meta: Meta, children: list[Any]) -> ast.PayBonus:
        kind, *rest = children
        return self._pay_bonus(meta, "horse", self._ident(kind), rest)

    def pay_follow(self, meta: Meta, children: list[Any]) -> ast.PayBonus:
        return self._pay_bonus(meta, "follow", None, children)

    def pay_streak(self, meta: Meta, children: list[Any]) -> ast.PayBonus:
        return self._pay_bonus(meta, "streak", None, children)

    def pay_relation(self, meta: Meta, children: list[Any]) -> ast.PayRelation:
        count, *rest = children
        words = [c for c in rest if isinstance(c, Token) and c.type == "NAME"]
        return ast.PayRelation(
            count,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
            self._ident(words[0]) if words else None,
        )

    def pay_others(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Ident]:
        return ("others", self._ident(children[0]))

    def pay_relation_line(self, meta: Meta, children: list[Any]) -> ast.PayRelationLine:
        payer, amount, *rest = children
        exprs = self._exprs(rest)
        others = [c[1] for c in rest if isinstance(c, tuple) and c and c[0] == "others"]
        return ast.PayRelationLine(
            self._ident(payer),
            amount,
            others[0] if others else None,
            exprs[0] if exprs else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def pay_cap(self, meta: Meta, children: list[Any]) -> ast.PayCap:
        value, *rest = children
        return ast.PayCap(value, self._guard(rest), self._provenance(rest), False, self._span(meta))

    def pay_loss_cap(self, meta: Meta, children: list[Any]) -> ast.PayLossCap:
        value, *rest = children
        return ast.PayLossCap(value, self._guard(rest), self._provenance(rest), self._span(meta))

    # -- inheritance

    def override_fan(self, meta: Meta, children: list[Any]) -> ast.Override:
        return ast.Override(children[0], self._span(meta))

    def override_option(self, meta: Meta, children: list[Any]) -> ast.Override:
        return ast.Override(children[0], self._span(meta))

    def removable(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def remove(self, meta: Meta, children: list[Any]) -> ast.Remove:
        kind, *names = children
        return ast.Remove(kind, tuple(self._ident(n) for n in names), self._span(meta))

    def guard(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("guard", children[0])

    def option(self, meta: Meta, children: list[Any]) -> ast.OptionDecl:
        name, label, option_type, *rest = children
        default = next((c for c in rest if isinstance(c, Token)), None)
        return ast.OptionDecl(
            self._ident(name),
            self._str(label),
            option_type,
            self._ident(default) if default is not None else None,
            self._provenance(rest),
            self._span(meta),
        )

    def constraint(self, meta: Meta, children: list[Any]) -> ast.ConstraintDecl:
        reason, condition, *rest = children
        return ast.ConstraintDecl(
            self._str(reason), condition, self._provenance(rest), self._span(meta)
        )

    def preset(self, meta: Meta, children: list[Any]) -> ast.PresetDecl:
        name, label, *rest = children
        settings = tuple(c for c in rest if isinstance(c, tuple))
        return ast.PresetDecl(
            self._ident(name),
            self._str(label),
            settings,
            self._provenance(rest),
            self._span(meta),
        )

    def preset_item(self, meta: Meta, children: list[Any]) -> tuple[ast.Ident, ast.Ident]:
        key, value = children
        return (self._ident(key), self._ident(value))

    def situation_decl(self, meta: Meta, children: list[Any]) -> ast.SituationDecl:
        name, label, *rest = children
        return ast.SituationDecl(
            self._ident(name), self._str(label), self._provenance(rest), self._span(meta)
        )

    def toggle_type(self, meta: Meta, children: list[Any]) -> ast.ToggleType:
        return ast.ToggleType(self._span(meta))

    def choice_type(self, meta: Meta, children: list[Any]) -> ast.ChoiceType:
        return ast.ChoiceType(tuple(children), self._span(meta))

    def number_type(self, meta: Meta, children: list[Any]) -> ast.NumberType:
        low, high = children
        return ast.NumberType(int(low), int(high), self._span(meta))

    def choice(self, meta: Meta, children: list[Any]) -> ast.Choice:
        choice_id, *rest = children
        label = next((c for c in rest if isinstance(c, Token) and c.type == "STRING"), None)
        return ast.Choice(
            self._ident(choice_id),
            self._str(label) if label is not None else None,
            self._provenance(rest),
            self._span(meta),
        )

    def scoring(self, meta: Meta, children: list[Any]) -> ast.Scoring:
        return ast.Scoring(
            tuple(c for c in children if isinstance(c, ast.Unit)),
            tuple(c for c in children if isinstance(c, ast.TierDecl)),
            tuple(c for c in children if isinstance(c, ast.Adjustment)),
            tuple(c for c in children if isinstance(c, ast.Reject)),
            self._span(meta),
        )

    def unit(self, meta: Meta, children: list[Any]) -> ast.Unit:
        text, *rest = children
        return ast.Unit(self._str(text), self._provenance(rest), self._span(meta))

    def combine(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def tier(self, meta: Meta, children: list[Any]) -> ast.TierDecl:
        name, label, combine, *rest = children
        caps = tuple(c for c in rest if isinstance(c, ast.TierCap))
        alternatives = tuple(c[1] for c in rest if isinstance(c, tuple) and c[0] == "combine")
        overrides = tuple(
            ident for c in rest if isinstance(c, tuple) and c[0] == "overrides" for ident in c[1]
        )
        return ast.TierDecl(
            self._ident(name),
            self._str(label),
            cast(ast.CombineMode, combine),
            caps,
            overrides,
            alternatives,
            self._provenance(rest),
            self._span(meta),
        )

    def tier_combine(
        self, meta: Meta, children: list[Any]
    ) -> tuple[str, tuple[ast.CombineMode, ast.Expr]]:
        mode, guard = children
        return ("combine", (mode, guard[1]))

    def tier_cap(self, meta: Meta, children: list[Any]) -> ast.TierCap:
        value, *rest = children
        return ast.TierCap(self._int(value), self._guard(rest), self._span(meta))

    def tier_overrides(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[ast.Ident, ...]]:
        return ("overrides", tuple(self._ident(c) for c in children))

    def _adjustment(self, kind: ast.AdjustKind, meta: Meta, children: list[Any]) -> ast.Adjustment:
        value, *rest = children
        condition = next((c for c in rest if not isinstance(c, ast.Provenance)), None)
        return ast.Adjustment(kind, value, condition, self._provenance(rest), self._span(meta))

    def floor(self, meta: Meta, children: list[Any]) -> ast.Adjustment:
        return self._adjustment("floor", meta, children)

    def multiply(self, meta: Meta, children: list[Any]) -> ast.Adjustment:
        return self._adjustment("multiply", meta, children)

    def ceiling(self, meta: Meta, children: list[Any]) -> ast.Adjustment:
        return self._adjustment("ceiling", meta, children)

    def fix(self, meta: Meta, children: list[Any]) -> ast.Adjustment:
        return self._adjustment("fix", meta, children)

    def reject(self, meta: Meta, children: list[Any]) -> ast.Reject:
        reason, condition, *rest = children
        return ast.Reject(self._str(reason), condition, self._provenance(rest), self._span(meta))

    # -- fans

    def fan(self, meta: Meta, children: list[Any]) -> ast.FanDecl:
        name = children[0]
        strings = [c for c in children[1:3] if isinstance(c, Token) and c.type == "STRING"]
        items = children[1 + len(strings) :]

        def tagged(tag: str) -> list[Any]:
            return [c[1] for c in items if isinstance(c, tuple) and c[0] == tag]

        return ast.FanDecl(
            id=self._ident(name),
            name=self._str(strings[0]),
            english=self._str(strings[1]) if len(strings) > 1 else None,
            values=tuple(tagged("value")),
            tiers=tuple(tagged("tier")),
            whens=tuple(tagged("when")),
            pers=tuple(tagged("per")),
            relations=tuple(r for group in tagged("relation") for r in group),
            examples=tuple(tagged("example")),
            provenance=self._provenance(items),
            span=self._span(meta),
        )

    def fan_value(self, meta: Meta, children: list[Any]) -> tuple[str, ast.FanValue]:
        value, *rest = children
        return ("value", ast.FanValue(value, self._guard(rest), self._span(meta)))

    def fan_tier(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Ident]:
        return ("tier", self._ident(children[0]))

    def fan_when(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("when", children[0])

    def fan_per(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("per", children[0])

    def relation(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def fan_relation(self, meta: Meta, children: list[Any]) -> tuple[str, tuple[ast.Relation, ...]]:
        kind, *targets = children
        return (
            "relation",
            tuple(
                ast.Relation(
                    cast(ast.RelationKind, kind),
                    self._ident(t),
                    _token_span(t, self.file),
                )
                for t in targets
            ),
        )

    def _example(self, positive: bool, meta: Meta, children: list[Any]) -> tuple[str, ast.Example]:
        hand, *clauses = children
        win = next((c[1] for c in clauses if c[0] == "win"), None)
        situation = tuple(item for c in clauses if c[0] == "with" for item in c[1])
        return (
            "example",
            ast.Example(self._str(hand), positive, win, situation, self._span(meta)),
        )

    def fan_example(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Example]:
        return self._example(True, meta, children)

    def fan_counterexample(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Example]:
        return self._example(False, meta, children)

    def example_win(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("win", self._str(children[0]))

    def example_with(
        self, meta: Meta, children: list[Any]
    ) -> tuple[str, tuple[ast.SituationItem, ...]]:
        return ("with", tuple(children))

    def situation(self, meta: Meta, children: list[Any]) -> ast.SituationItem:
        name = children[0]
        value = self._ident(children[1]) if len(children) > 1 else None
        return ast.SituationItem(self._ident(name), value, self._span(meta))

    # -- expressions

    def quantifier(self, meta: Meta, children: list[Any]) -> ast.Quantifier:
        kind, var, domain, body = children
        return ast.Quantifier(kind, self._ident(var), domain, body, self._span(meta))

    def quantifier_kind(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def or_expr(self, meta: Meta, children: list[Any]) -> ast.BoolOp:
        return ast.BoolOp("or", tuple(children), self._span(meta))

    def and_expr(self, meta: Meta, children: list[Any]) -> ast.BoolOp:
        return ast.BoolOp("and", tuple(children), self._span(meta))

    def not_(self, meta: Meta, children: list[Any]) -> ast.Not:
        return ast.Not(children[0], self._span(meta))

    def compare_op(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def comparison(self, meta: Meta, children: list[Any]) -> ast.Compare:
        left, op, right = children
        return ast.Compare(left, op, right, self._span(meta))

    def add_op(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def mul_op(self, meta: Meta, children: list[Any]) -> str:
        return str(children[0])

    def _arith_chain(self, meta: Meta, children: list[Any]) -> ast.Expr:
        result: ast.Expr = children[0]
        for op, right in zip(children[1::2], children[2::2], strict=True):
            start = result.span
            span = Span(
                self.file, start.line, start.column, right.span.end_line, right.span.end_column
            )
            result = ast.Arith(result, op, right, span)
        return result

    def arith_sum(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._arith_chain(meta, children)

    def arith_product(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._arith_chain(meta, children)

    def neg(self, meta: Meta, children: list[Any]) -> ast.Neg:
        return ast.Neg(children[0], self._span(meta))

    def attribute(self, meta: Meta, children: list[Any]) -> ast.Attribute:
        obj, name = children
        return ast.Attribute(obj, self._ident(name), self._span(meta))

    def call(self, meta: Meta, children: list[Any]) -> ast.Call:
        name, *args = children
        return ast.Call(
            self._ident(name), tuple(a for a in args if a is not None), self._span(meta)
        )

    def int_lit(self, meta: Meta, children: list[Any]) -> ast.IntLit:
        return self._int(children[0])

    def tile_lit(self, meta: Meta, children: list[Any]) -> ast.TileLit:
        return ast.TileLit(str(children[0]), _token_span(children[0], self.file))

    def true_lit(self, meta: Meta, children: list[Any]) -> ast.BoolLit:
        return ast.BoolLit(True, self._span(meta))

    def false_lit(self, meta: Meta, children: list[Any]) -> ast.BoolLit:
        return ast.BoolLit(False, self._span(meta))

    def option_ref(self, meta: Meta, children: list[Any]) -> ast.OptionRef:
        return ast.OptionRef(self._ident(children[0]), self._span(meta))

    def name_ref(self, meta: Meta, children: list[Any]) -> ast.Name:
        return ast.Name(str(children[0]), _token_span(children[0], self.file))

    def list_lit(self, meta: Meta, children: list[Any]) -> ast.ListExpr:
        return ast.ListExpr(tuple(c for c in children if c is not None), self._span(meta))

    def range_lit(self, meta: Meta, children: list[Any]) -> ast.RangeExpr:
        low, high = children
        return ast.RangeExpr(int(low), int(high), self._span(meta))
