"""The typed expressions of one rulebook, as the type checker left them for the checks and
the lowering: each AST expression (by identity) mapped to its typed IR, or None where it did
not type-check."""

from __future__ import annotations

from dataclasses import field

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic, Span
from mjc.compiler.syntax import ast
from mjc.frozen import slotted


@slotted
class Typed:
    """The typed IR of each expression (by the AST node's id), the fans each fan's condition
    names (with where), and the type errors found."""

    exprs: dict[int, ir.Expr | None] = field(default_factory=dict)
    fan_refs: dict[str, list[tuple[str, Span]]] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)

    def get(self, expr: ast.Expr | None) -> ir.Expr | None:
        """The typed form of `expr`; None for no expression or one that failed to type."""
        if expr is None:
            return None
        return self.exprs.get(id(expr))

    def condition(self, fan: ast.FanDecl) -> ir.Expr | None:
        """A fan's `when` lines joined with `and` (true when there are none), or None if one
        of them failed to type."""
        parts = [self.exprs.get(id(w)) for w in fan.whens]
        if any(p is None for p in parts):
            return None
        typed = [p for p in parts if p is not None]
        if not typed:
            return ir.BoolE(value=True)
        if len(typed) == 1:
            return typed[0]
        return ir.BoolOpE(op="and", operands=tuple(typed))

    def per(self, fan: ast.FanDecl) -> ir.Expr | None:
        return self.exprs.get(id(fan.pers[0])) if fan.pers else None

    def fan_ok(self, fan: ast.FanDecl) -> bool:
        return self.condition(fan) is not None and (not fan.pers or self.per(fan) is not None)
