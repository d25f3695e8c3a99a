"""Resolve and type the expressions of a rulebook: fan conditions, floors and shape guards.

Input is an AST expression and the rulebook's `Declarations`; output is the same expression as
typed IR (`mjc.compiler.ir.Expr`) or None, and the problems found: unknown names (with a
suggestion), unknown attributes, options and choices, type mismatches, wrong argument counts.
Every sub-expression is checked even after a problem, so one run reports them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from typing import Literal

from mjc.compiler import ir
from mjc.compiler.diagnostics import Diagnostic, Label, Span, error
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.language.types import (
    BOOL,
    INT,
    MELD,
    SUIT,
    TILE,
    ChoiceType,
    ListType,
    Type,
    describe,
    item_of,
)
from mjc.compiler.language.vocabulary import (
    ARRANGEMENT_FACTS,
    FUNCTIONS,
    HAND_FACTS,
    HELD_FACTS,
    HORSE_FACT_NAMES,
    LOSS_FACTS,
    MELD_ATTRIBUTES,
    POINTS_FACTS,
    RELATION_FACTS,
    RESULT_FACTS,
    ROUND_FACTS,
    SITUATION_FACTS,
    SUIT_CONSTANTS,
    TILE_ATTRIBUTES,
    TILE_LIST_CONSTANTS,
)
from mjc.compiler.resolve.contexts import (
    CONTEXT_WORDS,
    DECLARE_CONTEXTS,
    DECLARE_PREFIX,
    FAN_CONTEXTS,
    Context,
    declare_help,
    facts_for,
    unseen_help,
)
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.points import points_fact_problem, tier_total
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.errors import bracket_hint
from mjc.frozen import slotted
from mjc.runtime.tiles.tile import NotationError, tile_index


@slotted
class ExprChecker:
    """Checks expressions of one rulebook; `problems` collects everything found."""

    decls: Declarations
    problems: list[Diagnostic] = field(default_factory=list)
    fan_refs: set[str] = field(default_factory=set)

    def check(
        self, expr: ast.Expr, context: Context, expected: Type | None, where: str | None = None
    ) -> ir.Expr | None:
        """Type `expr` and, when `expected` is given, require that type; `where` names the
        place in a type mismatch (default: the context, e.g. "a fan condition")."""
        self.fan_refs = set()
        result = self._expr(expr, {}, context)
        if result is None or expected is None:
            return result
        if result.type != expected:
            self._mismatch(expr.span, expected, result.type, where or CONTEXT_WORDS[context])
            self.problems[-1] = bracket_hint(self.problems[-1], expr)  # `count m in ...: x and y`
            return None
        return result

    # ------------------------------------------------------------------ helpers

    def _problem(
        self, code: str, message: str, span: Span, *, label: str = "", help: str | None = None
    ) -> None:
        self.problems.append(error(code, message, span, label=label, help=help))

    def _mismatch(self, span: Span, expected: Type, found: Type, where: str) -> None:
        help = None
        if expected == BOOL and found == INT:
            help = "compare the number with something, for example `... >= 1`"
        elif expected == BOOL and item_of(found) is not None:
            help = "use a quantifier such as `any x in ...: ...`, or `len(...) > 0`"
        elif expected == INT and found == BOOL:
            help = "count the items that satisfy it with `count x in ...: ...`"
        self._problem(
            "E0201",
            f"{where} must be {describe(expected)}, but this is {describe(found)}",
            span,
            label=f"this is {describe(found)}",
            help=help,
        )

    # ------------------------------------------------------------------ dispatch

    def _expr(self, expr: ast.Expr, scope: dict[str, Type], ctx: Context) -> ir.Expr | None:
        match expr:
            case ast.IntLit(value=value):
                return ir.IntE(value=value)
            case ast.BoolLit(value=value):
                return ir.BoolE(value=value)
            case ast.TileLit(text=text):
                try:
                    return ir.TileE(tile=tile_index(text), text=text)
                except NotationError as exc:
                    self._problem("E0203", f"`{text}` is not a tile", expr.span, label=str(exc))
                    return None
            case ast.Name():
                return self._name(expr, scope, ctx)
            case ast.OptionRef():
                return self._option_ref(expr)
            case ast.Attribute():
                return self._attribute(expr, scope, ctx)
            case ast.Call():
                return self._call(expr, scope, ctx)
            case ast.ListExpr():
                return self._list(expr, scope, ctx)
            case ast.RangeExpr(low=low, high=high):
                if low > high:
                    self._problem(
                        "E0201",
                        f"the range {low}..{high} is empty",
                        expr.span,
                        help=f"write the smaller number first: {high}..{low}",
                    )
                    return None
                return ir.RangeE(low=low, high=high)
            case ast.Not(operand=operand):
                inner = self._typed(operand, scope, ctx, BOOL, "the operand of `not`")
                return ir.NotE(operand=inner) if inner is not None else None
            case ast.Neg(operand=operand):
                inner = self._typed(operand, scope, ctx, INT, "the operand of `-`")
                return ir.NegE(operand=inner) if inner is not None else None
            case ast.BoolOp(op=op, operands=operands):
                typed = [self._typed(o, scope, ctx, BOOL, f"each side of `{op}`") for o in operands]
                if any(t is None for t in typed):
                    return None
                return ir.BoolOpE(op=op, operands=tuple(t for t in typed if t is not None))
            case ast.Compare():
                return self._compare(expr, scope, ctx)
            case ast.Arith(op=op, left=left, right=right):
                lt = self._typed(left, scope, ctx, INT, f"each side of `{op}`")
                rt = self._typed(right, scope, ctx, INT, f"each side of `{op}`")
                if lt is None or rt is None:
                    return None
                return ir.ArithE(op=op, left=lt, right=rt)
            case ast.Quantifier():
                return self._quantifier(expr, scope, ctx)
        raise AssertionError(f"unhandled expression {expr!r}")

    def _typed(
        self, expr: ast.Expr, scope: dict[str, Type], ctx: Context, expected: Type, where: str
    ) -> ir.Expr | None:
        result = self._expr(expr, scope, ctx)
        if result is None:
            return None
        if result.type != expected:
            self._mismatch(expr.span, expected, result.type, where)
            return None
        return result

    # ------------------------------------------------------------------ names

    def _candidates(self, scope: dict[str, Type], ctx: Context) -> dict[str, str]:
        """Every name visible here, with a few words saying what it is."""
        names: dict[str, str] = {n: w.meaning for n, w in facts_for(ctx).items()}
        if ctx in FAN_CONTEXTS:
            names.update({f: self.decls.fans[f].name for f in self.decls.fans})
        names.update({s: "win shape" for s in self.decls.shapes})
        if ctx in DECLARE_CONTEXTS:
            names.update({d: "the seat's declaration" for d in self.decls.declares})
        if ctx not in ("guard", "round", "loss", "amount"):
            names.update({s: d.label for s, d in self.decls.situations.items()})
        names.update({s: "suit" for s in SUIT_CONSTANTS})
        names.update({s: "tile list" for s in TILE_LIST_CONSTANTS})
        names.update({v: "variable" for v in scope})
        return names

    def _name(self, expr: ast.Name, scope: dict[str, Type], ctx: Context) -> ir.Expr | None:
        name = expr.name
        if name in scope:
            return ir.VarE(type=scope[name], name=name)
        if name in SUIT_CONSTANTS:
            return ir.SuitE(suit=SUIT_CONSTANTS[name])
        if name in TILE_LIST_CONSTANTS:
            tiles = TILE_LIST_CONSTANTS[name]
            return ir.ListE(
                type=ListType(TILE),
                items=tuple(ir.TileE(tile=tile_index(t), text=t) for t in tiles),
            )
        if name in self.decls.shapes:
            return ir.ShapeE(shape=name)
        facts = facts_for(ctx)
        if name in facts and (name != "fu" or ctx == "fu" or self.decls.fu is not None):
            return ir.FactE(type=facts[name].type, fact=name)
        if name in self.decls.declares and ctx in DECLARE_CONTEXTS:
            return ir.FactE(type=SUIT, fact=DECLARE_PREFIX + name)
        if name in self.decls.situations and ctx not in (
            "guard",
            "round",
            "loss",
            "amount",
            "deal",
            "kong",
            "draw",
        ):
            return ir.FactE(type=BOOL, fact="situation:" + name)
        fans_visible = ctx in FAN_CONTEXTS
        if fans_visible and name in self.decls.fans:
            self.fan_refs.add(name)
            return ir.FanRefE(fan=name)
        if name in POINTS_FACTS:
            self.problems.append(points_fact_problem(name, expr.span, ctx))
            return None
        everything = {
            **ARRANGEMENT_FACTS,
            **SITUATION_FACTS,
            **HAND_FACTS,
            **HELD_FACTS,
            **RESULT_FACTS,
            **ROUND_FACTS,
            **RELATION_FACTS,
            **LOSS_FACTS,
        }
        if name in everything or name in self.decls.fans or name in self.decls.declares:
            what = "a fan" if name in self.decls.fans else "a fact"
            help = unseen_help(ctx)
            if name in self.decls.declares:
                what, help = "a seat's declaration", declare_help(ctx)
            self._problem(
                "E0204",
                f"{CONTEXT_WORDS[ctx]} cannot use `{name}`",
                expr.span,
                label=f"{what} not known here",
                help=help,
            )
            return None
        if name in self.decls.removed:
            self.problems.append(removed_but_used(self.decls.removed[name], expr.span))
            return None
        if name in self.decls.options:
            self._problem(
                "E0101",
                f"unknown name `{name}`",
                expr.span,
                label="this is an option",
                help=f"refer to options as `option.{name}`",
            )
            return None
        candidates = self._candidates(scope, ctx)
        self._problem(
            "E0101",
            f"unknown name `{name}`",
            expr.span,
            label=f"not a fan, fact or variable known in {CONTEXT_WORDS[ctx]}",
            help=did_you_mean(name, candidates, describe=lambda n: _paren(candidates[n])),
        )
        return None

    def _option_ref(self, expr: ast.OptionRef) -> ir.Expr | None:
        option = self.decls.options.get(expr.option.text)
        if option is None:
            self._problem(
                "E0104",
                f"unknown option `{expr.option.text}`",
                expr.option.span,
                label="no option has this id",
                help=did_you_mean(
                    expr.option.text,
                    self.decls.options,
                    describe=lambda n: _paren(self.decls.options[n].label),
                )
                or 'declare it with `option <id> "<中文>": toggle = off`',
            )
            return None
        kind = option.type
        type_ = (
            BOOL
            if isinstance(kind, ast.ToggleType)
            else INT
            if isinstance(kind, ast.NumberType)
            else ChoiceType(option.id.text)
        )
        return ir.OptionE(type=type_, option=option.id.text)

    def _attribute(
        self, expr: ast.Attribute, scope: dict[str, Type], ctx: Context
    ) -> ir.Expr | None:
        obj = self._expr(expr.obj, scope, ctx)
        if obj is None:
            return None
        attr = expr.attr.text
        on: Literal["tile", "meld"]
        if obj.type == TILE:
            table, on = TILE_ATTRIBUTES, "tile"
        elif obj.type == MELD:
            table, on = MELD_ATTRIBUTES, "meld"
        else:
            self._problem(
                "E0106",
                f"{describe(obj.type)} has no attributes",
                expr.attr.span,
                label=f"`.{attr}` on {describe(obj.type)}",
                help="attributes belong to tiles and melds, e.g. `t.is_honour`, `m.is_pung`",
            )
            return None
        word = table.get(attr)
        if word is None:
            self._problem(
                "E0106",
                f"{describe(obj.type)} has no attribute `{attr}`",
                expr.attr.span,
                label=f"not an attribute of {describe(obj.type)}",
                help=_suggest(attr, table, describe=lambda n: _paren(table[n].meaning)),
            )
            return None
        return ir.AttrE(type=word.type, obj=obj, attr=attr, on=on)

    def _call(self, expr: ast.Call, scope: dict[str, Type], ctx: Context) -> ir.Expr | None:
        name = expr.func.text
        if name == "tier_total":
            total, problem = tier_total(expr, ctx, self.decls)
            if problem is not None:
                self.problems.append(problem)
            return total
        function = FUNCTIONS.get(name)
        args = [self._expr(a, scope, ctx) for a in expr.args]
        if function is None:
            self._problem(
                "E0109",
                f"unknown function `{name}`",
                expr.func.span,
                label="not a builtin function",
                help=did_you_mean(name, FUNCTIONS, describe=lambda n: _paren(FUNCTIONS[n].meaning))
                or "the functions are " + ", ".join(f"`{f}`" for f in FUNCTIONS),
            )
            return None
        arities = sorted({len(o) for o in function.overloads})
        if len(args) not in arities:
            wanted = " or ".join(str(a) for a in arities)
            self._problem(
                "E0202",
                f"`{name}` takes {wanted} argument{'s' if arities != [1] else ''}, "
                f"but {len(args)} {'were' if len(args) != 1 else 'was'} given",
                expr.span,
                label=f"{len(args)} argument{'s' if len(args) != 1 else ''}",
                help=f"`{name}`: {function.meaning}",
            )
            return None
        if any(a is None for a in args):
            return None
        if name == "copies" and ctx in ("horse", "payment", "round", "relation", "loss"):
            self._problem(
                "E0204",
                f"{CONTEXT_WORDS[ctx]} cannot use `copies`",
                expr.func.span,
                label="it counts tiles of a hand",
                help="a horse line's `when` reads how the round was won: "
                + ", ".join(HORSE_FACT_NAMES),
            )
            return None
        typed = tuple(a for a in args if a is not None)
        types = tuple(a.type for a in typed)
        if types not in function.overloads:
            accepted = " or ".join(
                ", ".join(describe(t) for t in overload) for overload in function.overloads
            )
            found = ", ".join(describe(t) for t in types)
            self._problem(
                "E0201",
                f"`{name}` takes {accepted}, but was given {found}",
                expr.span,
                label=f"given {found}",
            )
            return None
        return ir.CallE(type=function.result, func=name, args=typed)

    def _list(self, expr: ast.ListExpr, scope: dict[str, Type], ctx: Context) -> ir.Expr | None:
        if not expr.items:
            self._problem(
                "E0201", "an empty list has no type", expr.span, help="write at least one item"
            )
            return None
        items = [self._expr(i, scope, ctx) for i in expr.items]
        if any(i is None for i in items):
            return None
        typed = [i for i in items if i is not None]
        first = typed[0].type
        for item, node in zip(typed[1:], expr.items[1:], strict=True):
            if item.type != first:
                self._mismatch(node.span, first, item.type, "every item of a list")
                return None
        return ir.ListE(type=ListType(first), items=tuple(typed))

    def _compare(self, expr: ast.Compare, scope: dict[str, Type], ctx: Context) -> ir.Expr | None:
        op = expr.op
        left = self._expr(expr.left, scope, ctx)
        if left is not None and isinstance(left.type, ChoiceType):
            right = self._choice_literal(left.type.option, expr.right)
        else:
            right = self._expr(expr.right, scope, ctx)
        if right is not None and isinstance(right.type, ChoiceType) and left is None:
            return None
        if left is None or right is None:
            return None
        if op == "in":
            item = item_of(right.type)
            if item is None:
                wanted = ListType(left.type)
                self._mismatch(expr.right.span, wanted, right.type, "the right of `in`")
                return None
            if item != left.type:
                self._mismatch(expr.left.span, item, left.type, "the left of `in`")
                return None
        elif op in ("<", "<=", ">", ">="):
            for side, node in ((left, expr.left), (right, expr.right)):
                if side.type != INT:
                    self._mismatch(node.span, INT, side.type, f"each side of `{op}`")
                    return None
        elif left.type != right.type:
            self._problem(
                "E0201",
                f"cannot compare {describe(left.type)} with {describe(right.type)}",
                expr.span,
                label=f"{describe(left.type)} {op} {describe(right.type)}",
            )
            return None
        return ir.CompareE(op=op, left=left, right=right)

    def _choice_literal(self, option: str, node: ast.Expr) -> ir.Expr | None:
        """The right side of `option.cap == 32`: a choice of that option, by its id."""
        text: str | None = None
        if isinstance(node, ast.IntLit):
            text = str(node.value)
        elif isinstance(node, ast.Name):
            text = node.name
        if text is None:
            self._problem(
                "E0201",
                f"compare option `{option}` with one of its choices",
                node.span,
                help="choices: " + ", ".join(self.decls.option_choices(option)),
            )
            return None
        choices = self.decls.option_choices(option)
        if text not in choices:
            self._problem(
                "E0105",
                f"option `{option}` has no choice `{text}`",
                node.span,
                label="not one of its choices",
                help=did_you_mean(text, choices)
                or "its choices are " + ", ".join(f"`{c}`" for c in choices),
            )
            return None
        return ir.ChoiceE(type=ChoiceType(option), option=option, value=text)

    def _quantifier(
        self, expr: ast.Quantifier, scope: dict[str, Type], ctx: Context
    ) -> ir.Expr | None:
        domain = self._expr(expr.domain, scope, ctx)
        if domain is None:
            return None
        item = item_of(domain.type)
        if item is None:
            self._problem(
                "E0201",
                f"`{expr.kind}` ranges over a list, but this is {describe(domain.type)}",
                expr.domain.span,
                label=f"this is {describe(domain.type)}",
                help="quantify over `tiles`, `melds`, `pairs`, `chows`, `pungs`, `kongs` or a list",
            )
            return None
        var = expr.var.text
        inner_scope = {**scope, var: item}
        seen = len(self.problems)
        wanted = INT if expr.kind == "sum" else BOOL
        body = self._typed(expr.body, inner_scope, ctx, wanted, f"the body of `{expr.kind}`")
        if body is None:  # `count m in melds: m.is_pung >= 3`: `>= 3` was meant outside
            self.problems[seen:] = [bracket_hint(p, expr) for p in self.problems[seen:]]
            return None
        return ir.QuantE(
            type=INT if expr.kind in ("count", "sum") else BOOL,
            kind=expr.kind,
            var=var,
            domain=domain,
            body=body,
        )


def removed_but_used(removed: ast.Ident, used: Span) -> Diagnostic:
    """A fan removed by `remove fan` that something kept still refers to."""
    return error(
        "E0114",
        f"the fan `{removed.text}` is removed but still referred to",
        removed.span,
        label="removed here",
        labels=(Label(used, "still used here"),),
        help=f"override the fans that use `{removed.text}` too, or keep it",
    )


def _paren(text: str) -> str:
    return text


# Other spellings of the meld words; the language writes pung, chow and kong (`is_pong` is
# one letter from both `is_pung` and `is_kong`: the spelling tells which was meant).
_RESPELLINGS = (("pong", "pung"), ("peng", "pung"), ("chi", "chow"), ("gang", "kong"))


def _suggest(name: str, known: Iterable[str], describe: Callable[[str], str]) -> str | None:
    """'Did you mean', trying the language's spelling of a meld word first."""
    names = set(known)
    for variant, word in _RESPELLINGS:
        respelt = name.replace(variant, word)
        if respelt != name and respelt in names:
            gloss = describe(respelt)
            return f"did you mean `{respelt}` ({gloss})?" if gloss else f"did you mean `{respelt}`?"
    return did_you_mean(name, names, describe=describe)


def names_used(exprs: Iterable[ir.Expr]) -> set[str]:
    """Every fact, fan and option an IR expression reads (for docs and dependency order)."""
    found: set[str] = set()

    def walk(node: ir.Expr) -> None:
        match node:
            case ir.FactE(fact=fact):
                found.add(fact)
            case ir.FanRefE(fan=fan):
                found.add(fan)
            case ir.OptionE(option=option):
                found.add("option." + option)
            case ir.AttrE(obj=obj):
                walk(obj)
            case ir.CallE(args=args) | ir.ListE(items=args) | ir.BoolOpE(operands=args):
                for a in args:
                    walk(a)
            case ir.NotE(operand=o) | ir.NegE(operand=o):
                walk(o)
            case ir.CompareE(left=left, right=right) | ir.ArithE(left=left, right=right):
                walk(left)
                walk(right)
            case ir.QuantE(domain=domain, body=body):
                walk(domain)
                walk(body)
            case _:
                pass

    for expr in exprs:
        walk(expr)
    return found
