"""The base of the tree-to-AST transformer: leaf helpers and the expression rules.

Input is the parse tree of `grammar/rulebook.lark` that `compiler/syntax/parse.py` builds; the
methods here turn tokens into identifiers, numbers, strings and spans, and the expression rules
(quantifiers, boolean and arithmetic operators, calls, literals) into `mjc.compiler.syntax.ast`
nodes. The section rules build on this class: `compiler/syntax/to_ast_settlement.py`, then
`compiler/syntax/to_ast.py`."""

from __future__ import annotations

from typing import Any

from mjc.compiler.diagnostics import Span
from mjc.compiler.lalr.tree import Meta, Token, Transformer
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.errors import SyntaxProblem, _token_span


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


class _ExprToAst(Transformer[ast.Rulebook]):
    """Leaf helpers and expressions; checks nothing the grammar has not already checked."""

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

    @staticmethod
    def _guard(items: list[Any]) -> ast.Expr | None:
        return next((c[1] for c in items if isinstance(c, tuple) and c[0] == "guard"), None)

    def _tile_lits(self, items: list[Any]) -> tuple[ast.TileLit, ...]:
        return tuple(
            ast.TileLit(str(c), _token_span(c, self.file))
            for c in items
            if isinstance(c, Token) and c.type == "TILE"
        )

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

    def power(self, meta: Meta, children: list[Any]) -> ast.Arith:
        base, exponent = children
        return ast.Arith(base, "**", exponent, self._span(meta))

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
