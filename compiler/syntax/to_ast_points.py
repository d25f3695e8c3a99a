"""The fu and points sections of the tree-to-AST transformer (Riichi's 符 and 点).

Input is the parse tree of the `fu` and `points` blocks of `grammar/rulebook.lark` (built by
`compiler/syntax/parse.py`); output is their `mjc.compiler.syntax.ast` nodes
(`mjc.compiler.syntax.ast_points`). `compiler/syntax/to_ast.py` combines this with the other
sections."""

from __future__ import annotations

from typing import Any

from mjc.compiler.lalr.tree import Meta, Token
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.to_ast_settlement import _SettlementToAst


class _PointsToAst(_SettlementToAst):
    """The fu and points sections, on top of the settlement sections and expressions."""

    def fu_section(self, meta: Meta, children: list[Any]) -> ast.FuSection:
        label, *items = children
        return ast.FuSection(self._str(label), tuple(items), self._span(meta))

    def _fu_item(self, kind: ast.FuKind, meta: Meta, children: list[Any]) -> ast.FuItem:
        amount, *rest = children
        label = next((c for c in rest if isinstance(c, Token) and c.type == "STRING"), None)
        tagged = {c[0]: c[1] for c in rest if isinstance(c, tuple)}
        return ast.FuItem(
            kind,
            amount,
            self._str(label) if label is not None else None,
            tagged.get("per"),
            tagged.get("when"),
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def fu_add(self, meta: Meta, children: list[Any]) -> ast.FuItem:
        return self._fu_item("add", meta, children)

    def fu_fix(self, meta: Meta, children: list[Any]) -> ast.FuItem:
        return self._fu_item("fix", meta, children)

    def fu_round(self, meta: Meta, children: list[Any]) -> ast.FuItem:
        return self._fu_item("round", meta, children)

    def fu_per(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("per", children[0])

    def fu_when(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("when", children[0])

    def points_section(self, meta: Meta, children: list[Any]) -> ast.PointsSection:
        label, *items = children
        return ast.PointsSection(
            self._str(label),
            tuple(c for c in items if isinstance(c, ast.PointsBase)),
            tuple(c for c in items if isinstance(c, ast.PointsLimit)),
            self._span(meta),
        )

    def points_base(self, meta: Meta, children: list[Any]) -> ast.PointsBase:
        value, *rest = children
        return ast.PointsBase(value, self._provenance(rest), self._span(meta))

    def points_limit(self, meta: Meta, children: list[Any]) -> ast.PointsLimit:
        name, amount, condition, *rest = children
        return ast.PointsLimit(
            self._str(name),
            amount,
            condition,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )
