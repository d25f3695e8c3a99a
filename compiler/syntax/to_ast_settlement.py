"""The settlement sections of the tree-to-AST transformer: horses and payments.

Input is the parse tree of the `horses` and `payments` blocks of `grammar/rulebook.lark` (built
by `compiler/syntax/parse.py`); output is their `mjc.compiler.syntax.ast` nodes
(`mjc.compiler.syntax.ast_settlement`). `compiler/syntax/to_ast.py` combines this with the other
sections."""

from __future__ import annotations

from typing import Any

from mjc.compiler.diagnostics import Span
from mjc.compiler.lalr.tree import Meta, Token
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.to_ast_expr import _ExprToAst


class _SettlementToAst(_ExprToAst):
    """Horses and payments, on top of the leaf helpers and expressions."""

    # -- horses

    def horses(self, meta: Meta, children: list[Any]) -> ast.Horses:
        return ast.Horses(
            tuple(c for c in children if isinstance(c, ast.HorseTable)),
            tuple(c for c in children if isinstance(c, ast.HorseKind)),
            self._span(meta),
        )

    def horse_table(self, meta: Meta, children: list[Any]) -> ast.HorseTable:
        players, *rest = children
        anchor = next((c for c in rest if isinstance(c, Token)), None)
        return ast.HorseTable(
            self._int(players),
            tuple(c for c in rest if isinstance(c, ast.HorseRow)),
            self._provenance(rest),
            self._span(meta),
            self._ident(anchor) if anchor is not None else None,
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
            tuple(c for c in children if isinstance(c, ast.PayDealerBonus)),
            tuple(c for c in children if isinstance(c, ast.PayDraw)),
            tuple(c for c in children if isinstance(c, ast.PayKongTransfer)),
            tuple(c for c in children if isinstance(c, ast.PayRound)),
            tuple(c for c in children if isinstance(c, ast.PayHonba)),
            units[0][3] if units else ast.NO_SPAN,
        )

    def pay_unit(
        self, meta: Meta, children: list[Any]
    ) -> tuple[str, str, tuple[ast.Provenance, ...], Span]:
        return ("unit", self._str(children[0]), self._provenance(children), self._span(meta))

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

    def pay_dealer_bonus(self, meta: Meta, children: list[Any]) -> ast.PayDealerBonus:
        value, *rest = children
        return ast.PayDealerBonus(
            value, self._guard(rest), self._provenance(rest), self._span(meta)
        )

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

    def pay_horse_payer(self, meta: Meta, children: list[Any]) -> ast.PayBonus:
        kind, *rest = children
        return self._pay_bonus(meta, "horse_payer", self._ident(kind), rest)

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

    def draw_best_hand(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("amount", "best_hand")

    def draw_cap(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("amount", "cap")

    def draw_split(self, meta: Meta, children: list[Any]) -> tuple[str, str, Any]:
        return ("amount", "split", children[0])

    def pay_draw(self, meta: Meta, children: list[Any]) -> ast.PayDraw:
        payer, payee, amount, *rest = children
        exprs = self._exprs(rest)
        word = amount[1] if isinstance(amount, tuple) and amount[0] == "amount" else None
        if word == "split":
            amount = amount[2]  # `split N`: the number is the whole the payers share
        return ast.PayDraw(
            "payment",
            self._ident(payer),
            self._ident(payee),
            None if word not in (None, "split") else amount,
            word,
            exprs[0] if exprs else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def pay_draw_refund(self, meta: Meta, children: list[Any]) -> ast.PayDraw:
        refunded, payer, *rest = children
        exprs = self._exprs(rest)
        return ast.PayDraw(
            "refund",
            self._ident(payer),
            self._ident(refunded),
            None,
            None,
            exprs[0] if exprs else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def pay_kong_transfer(self, meta: Meta, children: list[Any]) -> ast.PayKongTransfer:
        exprs = self._exprs(children)
        return ast.PayKongTransfer(
            exprs[0] if exprs else None,
            self._guard(children),
            self._provenance(children),
            self._span(meta),
        )

    def pay_round(self, meta: Meta, children: list[Any]) -> ast.PayRound:
        value, *rest = children
        return ast.PayRound(value, self._guard(rest), self._provenance(rest), self._span(meta))

    def pay_honba(self, meta: Meta, children: list[Any]) -> ast.PayHonba:
        value, *rest = children
        return ast.PayHonba(value, self._guard(rest), self._provenance(rest), self._span(meta))
