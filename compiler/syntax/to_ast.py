"""Parse tree to AST: the transformer `_ToAst` that `compiler/syntax/parse.py` runs.

Input is the parse tree of a whole rulebook (`grammar/rulebook.lark`, built by
`compiler/syntax/parse.py`); output is a `mjc.compiler.syntax.ast.Rulebook` whose every node carries
its source span. This module holds the header, tiles, shapes, wilds, claims, inheritance, options,
scoring and fan sections; it inherits the fu and points sections
(`compiler/syntax/to_ast_points.py`), the horses and payments
(`compiler/syntax/to_ast_settlement.py`) and the leaf helpers and expressions
(`compiler/syntax/to_ast_expr.py`)."""

from __future__ import annotations

from typing import Any, cast

from mjc.compiler.lalr.tree import Meta, Token
from mjc.compiler.language.vocabulary_play import PLAY_WORDS
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.errors import _token_span
from mjc.compiler.syntax.to_ast_points import _PointsToAst


class _ToAst(_PointsToAst):
    """Builds AST nodes bottom-up; checks nothing the grammar has not already checked."""

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

    def play(self, meta: Meta, children: list[Any]) -> ast.Play:
        return ast.Play(tuple(children), self._span(meta))

    def play_key(self, meta: Meta, children: list[Any]) -> Token:
        return cast(Token, children[0])

    def play_item(self, meta: Meta, children: list[Any]) -> ast.PlayItem:
        keyword, *rest = children
        # A bare word (`stay`, `on`) is a word of the rule, not an expression to type.
        values = tuple(
            ast.Ident(c.name, c.span) if isinstance(c, ast.Name) else c
            for c in rest
            if not isinstance(c, Token | ast.Provenance | tuple)
        )
        word = PLAY_WORDS.get(str(keyword))
        counted = word is not None and word.kind == "count" and len(values) == 1
        return ast.PlayItem(
            self._ident(keyword),
            values,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
            count=values[0] if counted and not isinstance(values[0], ast.Ident) else None,
        )

    # -- declarations

    def declarations(self, meta: Meta, children: list[Any]) -> ast.DeclareSection:
        return ast.DeclareSection(
            tuple(c for c in children if isinstance(c, ast.Declare)),
            self._span(meta),
            tuple(c for c in children if isinstance(c, ast.Exchange)),
        )

    def declaration(self, meta: Meta, children: list[Any]) -> ast.Declare:
        name, *rest = children
        tokens = [c for c in rest if isinstance(c, Token)]
        label = next((self._str(c) for c in tokens if c.type == "STRING"), None)
        words = [c for c in tokens if c.type != "STRING"]
        return ast.Declare(
            self._ident(name),
            label,
            self._ident(words[0]),
            tuple(f for f in rest if isinstance(f, ast.Ident)),
            self._provenance(rest),
            self._span(meta),
            self._guard(rest),
        )

    def declaration_flag(self, meta: Meta, children: list[Any]) -> ast.Ident:
        return self._ident(children[0])

    def exchange(self, meta: Meta, children: list[Any]) -> ast.Exchange:
        name, *rest = children
        label = next(
            (self._str(c) for c in rest if isinstance(c, Token) and c.type == "STRING"), None
        )
        count = next(c for c in rest if isinstance(c, Token) and c.type == "INT")
        clauses = [c for c in rest if isinstance(c, list)]
        directions = [c[1] for c in clauses if len(c) == 2]
        return ast.Exchange(
            self._ident(name),
            label,
            self._int(count),
            tuple(c[0] for c in clauses),
            directions[0] if directions else None,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    def exchange_clause(self, meta: Meta, children: list[Any]) -> list[ast.Ident]:
        return [self._ident(c) for c in children]

    def kongs(self, meta: Meta, children: list[Any]) -> ast.Kongs:
        return ast.Kongs(tuple(children), self._span(meta))

    def kong_kind(self, meta: Meta, children: list[Any]) -> ast.KongKind:
        name, *rest = children
        label = next((self._str(c) for c in rest if isinstance(c, Token)), None)
        clauses = [c for c in rest if isinstance(c, tuple)]
        counts = [c[1] for c in clauses if c[0] == "replacement"]
        marks = [c[1] for c in clauses if c[0] == "unscored"]
        repeated = tuple(c.span for c in counts[1:]) + tuple(marks[1:])
        return ast.KongKind(
            self._ident(name),
            label,
            counts[0] if counts else None,
            tuple(c[1] for c in clauses if c[0] == "when"),
            bool(marks),
            self._provenance(rest),
            self._span(meta),
            repeated,
        )

    def kong_replacement(self, meta: Meta, children: list[Any]) -> tuple[str, ast.IntLit]:
        return ("replacement", self._int(children[0]))

    def kong_when(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("when", children[0])

    def kong_unscored(self, meta: Meta, children: list[Any]) -> tuple[str, Any]:
        return ("unscored", self._span(meta))

    # -- wins at the deal

    def deal_wins(self, meta: Meta, children: list[Any]) -> ast.DealWins:
        return ast.DealWins(tuple(children), self._span(meta))

    def deal_win(self, meta: Meta, children: list[Any]) -> ast.DealWin:
        name, *rest = children
        label = next((c for c in rest if isinstance(c, Token) and c.type == "STRING"), None)
        pays = next(c for c in rest if isinstance(c, Token) and c.type == "INT")
        condition = next(c for c in rest if not isinstance(c, Token | ast.Provenance | tuple))
        return ast.DealWin(
            self._ident(name),
            self._str(label) if label is not None else None,
            self._int(pays),
            condition,
            self._guard(rest),
            self._provenance(rest),
            self._span(meta),
        )

    # -- inheritance

    def override_fan(self, meta: Meta, children: list[Any]) -> ast.Override:
        return ast.Override(children[0], self._span(meta))

    def override_option(self, meta: Meta, children: list[Any]) -> ast.Override:
        return ast.Override(children[0], self._span(meta))

    def extend(self, meta: Meta, children: list[Any]) -> ast.Extend:
        return ast.Extend(children[0], self._span(meta))

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
        presumes = tuple(c for c in rest if isinstance(c, ast.Presumption))
        excludes = tuple(i for c in rest if isinstance(c, tuple) for i in c)
        others = [c for c in rest if not isinstance(c, ast.Presumption | tuple)]
        return ast.SituationDecl(
            self._ident(name),
            self._str(label),
            self._provenance(others),
            self._span(meta),
            presumes,
            excludes,
        )

    def presumes(self, meta: Meta, children: list[Any]) -> ast.Presumption:
        condition, *because = children
        text = self._str(because[0]) if because else ""
        return ast.Presumption(condition, text, self._span(meta))

    def situation_excludes(self, meta: Meta, children: list[Any]) -> tuple[ast.Ident, ...]:
        return tuple(self._ident(c) for c in children)

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
            tuple(c for c in children if isinstance(c, ast.Limit)),
            tuple(c for c in children if isinstance(c, ast.Prefer)),
            tuple(c for c in children if isinstance(c, ast.Minimum)),
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

    def limit(self, meta: Meta, children: list[Any]) -> ast.Limit:
        fans = tuple(self._ident(c) for c in children if isinstance(c, Token))
        rest = [c for c in children if not isinstance(c, Token)]
        count, *more = rest
        condition = next((c for c in more if not isinstance(c, ast.Provenance)), None)
        return ast.Limit(fans, count, condition, self._provenance(more), self._span(meta))

    def prefer(self, meta: Meta, children: list[Any]) -> ast.Prefer:
        fans = tuple(self._ident(c) for c in children if isinstance(c, Token))
        rest = [c for c in children if not isinstance(c, Token)]
        return ast.Prefer(fans, self._provenance(rest), self._span(meta))

    def minimum(self, meta: Meta, children: list[Any]) -> ast.Minimum:
        value, *rest = children
        without = tuple(self._ident(c) for c in rest if isinstance(c, Token))
        more = [c for c in rest if not isinstance(c, Token)]
        return ast.Minimum(value, without, self._provenance(more), self._span(meta))

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

    def fan_open_value(self, meta: Meta, children: list[Any]) -> tuple[str, ast.FanValue]:
        value, *rest = children
        return ("value", ast.FanValue(value, self._guard(rest), self._span(meta), open=True))

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
