"""Typed IR expressions to Python source, for the generated module's compiled conditions.

Input is an `ir.Expr` that passed the type checker. Output is one Python expression over the
generated function's parameters: `a` (the arrangement), `s` (the situation), `o` (the option
values) and, after scoring, `k` (the fans that count), as a layout document
(`compiler/pysource/layout.py`) that writes only the parentheses Python needs, flattens `and`/`or`
chains and makes a part nested too deep a local function, so that no condition that passes
the checks exceeds what Python compiles. Identifiers are synthetic (`v_<name>` for quantifier
variables, `f_<id>` for fan results, `T5z` for tile constants); rulebook text only ever reaches
the output through `pysafe.lit`, so it cannot become code.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import field

from mjc.compiler import ir
from mjc.compiler.conditions import listquant, loopguards, meldboards, meldcounts
from mjc.compiler.conditions.facts import (
    COUNT_WIDTH,
    FACT_SOURCE,
    SUMMARY_OF,
    TILE_TABLES,
    tile_constant,
)
from mjc.compiler.conditions.scopes import closed, is_local, membership
from mjc.compiler.language.types import BOOL, MELD, TILE, ListType
from mjc.compiler.pysource.layout import Break, Doc, Group, Nest, bracketed, flat, group
from mjc.compiler.pysource.pysafe import lit
from mjc.frozen import Frozen, frozen_fast, slotted
from mjc.runtime.tiles.tile import tile_text
from mjc.runtime.wins.summaries import MEMBER_BASE, MEMBER_WIDTH


@slotted
class Predicates:
    """Item-local predicates found in conditions (lambda source → bit), shared by every
    function of one generated module."""

    tile: dict[str, int] = field(default_factory=dict)
    meld: dict[str, int] = field(default_factory=dict)
    # The predicates `count` reads (bit → its counter field): only they get a field.
    tile_counted: dict[int, int] = field(default_factory=dict)
    meld_counted: dict[int, int] = field(default_factory=dict)
    # Item-local parts of membership tests (`any m in melds: <part> and m.tile == X`):
    # lambda source → the test's field in the summary's `members` (`mjc.runtime.wins.summaries`).
    members: dict[str, int] = field(default_factory=dict)
    # Lists of tiles a pruned quantifier tests membership in (`compiler/conditions/listquant.py`):
    # the tile constants' names -> n of the module constant `TILE_SET_<n>`.
    tile_sets: dict[tuple[str, ...], int] = field(default_factory=dict)
    # Meld boards the module reads -> their order among the summary's fields (first read).
    boards: dict[str, int] = field(default_factory=dict)

    # How each predicate's lambda is laid out in the module (its flat source is the key).
    layout: dict[str, Doc] = field(default_factory=dict)

    def bit(self, kind: str, source: str, doc: Doc | None = None) -> int:
        table = self.tile if kind == "tile" else self.meld
        self.layout.setdefault(source, source if doc is None else doc)
        return table.setdefault(source, len(table))

    def member(self, source: str) -> int:
        return self.members.setdefault(source, len(self.members))

    def counter(self, kind: str, source: str) -> int:
        """The counter field of a predicate that is counted (its bit is taken as well)."""
        bit = self.bit(kind, source)
        fields = self.tile_counted if kind == "tile" else self.meld_counted
        return fields.setdefault(bit, len(fields))


# Python's binding strengths, loosest first, for writing only the parentheses it needs.
LAMBDA, TERNARY, OR, AND, NOT, COMPARE, BITAND, SHIFT, SUM, TERM, UNARY, POWER, PRIMARY = range(13)
_LEVEL_OF = {"or": OR, "and": AND, "+": SUM, "-": SUM, "*": TERM}

# A subexpression this deep becomes a local function of its own: Python refuses more than
# 200 nested brackets and recurses on nesting when it compiles, and a rulebook may nest
# hundreds of `not` or `(`; 40 keeps every generated expression far inside both limits.
HOIST_DEPTH = 40
_SUM_DOMAIN_WIDTH = 60  # a `for` header over a longer domain: the comprehension stays


@frozen_fast
class Py(Frozen):
    """A translated expression: its layout, how tightly it binds, how deeply it nests."""

    doc: Doc
    level: int
    depth: int = 1


@functools.lru_cache(maxsize=4096)  # a module's conditions read a few hundred names, often
def atom(text: str) -> Py:
    """One name or literal, as a translated expression (shared: a `Py` is only read)."""
    return Py(text, PRIMARY)


def is_cheap(source: str) -> bool:
    """Whether a fact's source is one name or one attribute read, cheap enough to read
    wherever it is used rather than bind to a local first."""
    parts = source.split(".")
    return len(parts) <= 2 and all(part.isidentifier() for part in parts)


@slotted
class PyExpr:
    """Translates expressions; remembers which facts (and how often), summaries, tile
    constants and helper parts they used, so the generated function binds only those.

    `inline` names the facts written in place as their source rather than read from a local
    (`x_<fact>`); None writes every fact in place (conditions read where nothing is bound)."""

    fan_ref: Callable[[str], str]
    predicates: Predicates = field(default_factory=Predicates)
    fact_source: dict[str, str] = field(default_factory=lambda: FACT_SOURCE)
    inline: frozenset[str] | None = frozenset()
    facts: dict[str, int] = field(default_factory=dict)  # fact -> times read
    # Facts read inside a loop's body (a quantifier's variable in scope): written in place
    # there, their source would run once per item.
    looped: set[str] = field(default_factory=set)
    summaries: set[str] = field(default_factory=set)
    # Locals computed once per call: their flat source (or a shared quantifier's IR) -> (their
    # name, their layout).
    hoisted: dict[str | ir.QuantE, tuple[str, Doc]] = field(default_factory=dict)
    # Deep subexpressions made local functions (`x_part_<n> = lambda ...: ...`), in order.
    parts: list[tuple[str, Doc]] = field(default_factory=list)
    tiles: dict[str, int] = field(default_factory=dict)
    runtime_names: set[str] = field(default_factory=set)
    # Quantifier variables bound where the expression being translated stands.
    scope: list[str] = field(default_factory=list)
    # The lower ends of the ranges those variables run over (a rank shift must not be < 0).
    lows: dict[str, int] = field(default_factory=dict)
    # Meld boards read (`compiler/conditions/meldboards.py`), plain loops written, and those written
    # only where a board cannot hold the hand (spills: `tilefields.py`): how each fan compiled.
    boards: set[str] = field(default_factory=set)
    loops: int = 0
    spills: int = 0
    # Quantifiers outside any other that wrote a plain loop: their IR (equal where the trees
    # are) -> times met; those in `shared` are computed once per call into a local
    # (`x_shared_<n>`) that every condition meeting them reads (`codeplan.shared_loops` picks
    # them).
    quantifiers: dict[ir.QuantE, int] = field(default_factory=dict)
    shared: frozenset[ir.QuantE] = frozenset()
    # The lists of melds whose length several tests read (`codeplan.lengths_read`): taken out
    # of the meld summary once per call into a local `x_len_<list>`.
    lengths: frozenset[str] = frozenset()

    def __call__(self, expr: ir.Expr) -> Doc:
        return self.py(expr).doc

    def text(self, expr: ir.Expr) -> str:
        return flat(self(expr))

    def py(self, expr: ir.Expr) -> Py:
        return self._expr(expr)

    def child(self) -> PyExpr:
        """A translator for an item-local body (a predicate's lambda), sharing the bits."""
        return PyExpr(
            fan_ref=self.fan_ref, predicates=self.predicates, fact_source=self.fact_source
        )

    def adopt(self, inner: PyExpr) -> None:
        self.tiles |= inner.tiles
        self.runtime_names |= inner.runtime_names

    def operand(self, p: Py, level: int) -> Doc:
        """`p` where an operand binding at least `level` stands: in parentheses if it binds
        looser, and a call of a local function if it nests too deep."""
        if p.depth >= HOIST_DEPTH:
            p = self._hoist(p)
        if p.level >= level:
            return p.doc
        return group("(", Nest((Break(""), p.doc)), Break(""), ")")

    def _hoist(self, p: Py) -> Py:
        name = f"x_part_{len(self.parts)}"
        params = ", ".join(f"v_{v}" for v in self.scope)
        head = f"lambda {params}: " if params else "lambda: "
        self.parts.append((name, group(head, p.doc)))
        return Py(f"{name}({params})", PRIMARY)

    def _fact(self, fact: str) -> Py:
        self.facts[fact] = self.facts.get(fact, 0) + 1
        if self.scope:
            self.looped.add(fact)
        if self.inline is None or fact in self.inline:
            return atom(self.fact_source[fact])
        return atom(f"x_{fact}")

    def _join(self, op: str, level: int, items: list[Py], first: int, rest: int) -> Py:
        """`a op b op c`, binding as `level`: the first operand binds at least `first`, the
        others `rest` (left-associative operators); a break before each operator."""
        parts: list[Doc] = [self.operand(items[0], first)]
        for item in items[1:]:
            parts += [Break(" "), f"{op} ", self.operand(item, rest)]
        depth = 1 + max(min(i.depth, HOIST_DEPTH) for i in items)
        return Py(Group(tuple(parts)), level, depth)

    def _call(self, name: str, *args: Py) -> Py:
        docs = [self.operand(a, TERNARY) for a in args]
        depth = 1 + max((min(a.depth, HOIST_DEPTH) for a in args), default=0)
        return Py(bracketed(f"{name}(", docs, ")", trailing=False), PRIMARY, depth)

    def _top_quantifier(self, expr: ir.QuantE) -> Py:
        """A quantifier no other encloses: counted when it loops, and read from its local
        when it is one of `shared` (its code depends on nothing but the call's facts)."""
        key = expr
        if key in self.hoisted:
            return atom(self.hoisted[key][0])
        loops, parts = self.loops, len(self.parts)
        found = self._expr(expr, share=False)
        if self.loops == loops:
            return found
        self.quantifiers[key] = self.quantifiers.get(key, 0) + 1
        if key not in self.shared or len(self.parts) != parts:  # a part is bound later
            return found
        name = f"x_shared_{sum(1 for n, _ in self.hoisted.values() if n.startswith('x_sh'))}"
        self.hoisted[key] = (name, found.doc)
        return atom(name)

    def _expr(self, expr: ir.Expr, share: bool = True) -> Py:
        if share and isinstance(expr, ir.QuantE) and not self.scope and closed(expr):
            return self._top_quantifier(expr)
        match expr:
            case ir.QuantE(kind="sum"):  # a number per item: none of the bit summaries applies
                return self._loop(expr)
            case ir.QuantE(kind=kind, var=var, domain=ir.FactE(fact=fact), body=body) if (
                fact in SUMMARY_OF and is_local(body, var)
            ):
                found = self._summarized(kind, var, fact, body)
                if found is not None:
                    return found
            case ir.QuantE() if (
                self.fact_source is FACT_SOURCE
                and (board := meldboards.lower(self, expr)) is not None
            ):
                return board
            case ir.QuantE(domain=ir.ListE()) if (found := listquant.lower(self, expr)) is not None:
                return found
            case ir.QuantE() if (found := meldcounts.forms(self, expr)) is not None:
                return found
            case ir.QuantE(
                kind="any", var=var, domain=ir.FactE(fact=fact), body=ir.BoolOpE(op="and")
            ) if (
                fact in SUMMARY_OF and SUMMARY_OF[fact][0] == "meld" and membership(expr.body, var)
            ):
                found = self._membership_test(var, fact, expr.body)
                if found is not None:
                    return found
            case ir.BoolOpE(op="or", operands=operands) if (
                found := self._either_bit(operands)
            ) is not None:
                return found
            case ir.BoolOpE(op="and", operands=operands) if (
                found := self._every_bit(operands)
            ) is not None:
                return found
            case ir.CallE(func="suits", args=(ir.FactE(fact="tiles"),)):
                bits = [self._tile_bit(f"SUIT_OF[v_t] == {lit(suit)}") for suit in "mps"]
                self.runtime_names.add("SUIT_OF")
                self.summaries.add("tile")
                if bits == list(range(bits[0], bits[0] + 3)):  # side by side: counted at once
                    source = f"(x_tile_any >> {bits[0]} & 7).bit_count()"
                else:
                    source = " + ".join(f"(x_tile_any >> {b} & 1)" for b in bits)
                name, _ = self.hoisted.setdefault(source, ("x_suit_count", source))
                return atom(name)
            case ir.CallE(func="len", args=(ir.FactE(fact=fact),)) if fact in (
                "chows",
                "pungs",
                "kongs",
            ):
                slot = self.predicates.counter("meld", f"lambda v_m: v_m.{SUMMARY_OF[fact][1]}")
                self.summaries.add("meld")
                source = f"(x_meld_count >> {slot * COUNT_WIDTH['meld']} & 7)"
                if fact in self.lengths:
                    name, _ = self.hoisted.setdefault(source, (f"x_len_{fact}", source))
                    return atom(name)
                return atom(source)
            case ir.CallE(func="len", args=(ir.FactE(fact="declared"),)) if (
                self.fact_source is FACT_SOURCE
            ):
                # The declared melds counted by the meld summary, as the filtered lists above
                # are: no list built (its source's own test, `FACT_SOURCE["declared"]`).
                slot = self.predicates.counter("meld", "lambda v_m: v_m.exposed or v_m.is_kong")
                self.summaries.add("meld")
                return atom(f"(x_meld_count >> {slot * COUNT_WIDTH['meld']} & 7)")
        return self._plain(expr)

    def _plain(self, expr: ir.Expr) -> Py:
        match expr:
            case ir.IntE(value=value):
                return Py(lit(value), UNARY if value < 0 else PRIMARY)
            case ir.BoolE(value=value) | ir.SuitE(suit=value) | ir.ShapeE(shape=value):
                return atom(lit(value))
            case ir.ChoiceE(value=value):
                return atom(lit(value))
            case ir.TileE(tile=tile):
                text = tile_text(tile)  # the constant's name from the tile's number, not text
                self.tiles[text] = tile
                return atom(tile_constant(text))
            case ir.FactE(fact=fact) if fact.startswith("situation:"):
                return atom(f"({lit(fact[10:])} in s.extra)")
            case ir.FactE(fact=fact) if fact.startswith("declare:"):
                # The seat's choice (定缺); "" when none was declared, a suit no tile has.
                return atom(f"dict(s.declared).get({lit(fact[8:])}, '')")
            case ir.FactE(fact=fact):
                return self._fact(fact)
            case ir.VarE(name=name):
                return atom(f"v_{name}")
            case ir.FanRefE(fan=fan):
                return Py(self.fan_ref(fan), COMPARE)
            case ir.OptionE(option=option):
                return atom(f"o[{lit(option)}]")
            case ir.AttrE(obj=obj, attr=attr, on="tile"):
                table = TILE_TABLES[attr]
                self.runtime_names.add(table)
                inner = self._expr(obj)
                doc = group(f"{table}[", self.operand(inner, LAMBDA), "]")
                return Py(doc, PRIMARY, inner.depth + 1)
            case ir.AttrE(obj=obj, attr=attr):
                inner = self._expr(obj)
                return Py((self.operand(inner, PRIMARY), f".{attr}"), PRIMARY, inner.depth + 1)
            case ir.CallE(func="suits", args=(arg,)):
                helper = "count_suits" if arg.type == ListType(TILE) else "count_suits_of_melds"
                self.runtime_names.add(helper)
                return self._call(helper, self._expr(arg))
            case ir.CallE(func="len", args=(arg,)):
                return self._call("len", self._expr(arg))
            case ir.CallE(func="successor", args=(arg,)):
                # The module's own table: the rulebook's successor cycles (`wilds`).
                inner = self._expr(arg)
                return Py(
                    group("SUCCESSOR[", self.operand(inner, LAMBDA), "]"), PRIMARY, inner.depth + 1
                )
            case ir.CallE(func="copies", args=(arg,)):
                tiles = self._fact("tiles")
                return self._call(f"{flat(tiles.doc)}.count", self._expr(arg))
            case ir.ListE(items=items):
                docs = [self.operand(self._expr(i), TERNARY) for i in items]
                if len(items) == 1:
                    return atom(f"({flat(docs[0])},)")
                return Py(bracketed("(", docs, ")", trailing=False), PRIMARY, 2)
            case ir.RangeE(low=low, high=high):
                return atom(f"range({low}, {high + 1})")
            case ir.NotE(operand=operand):
                inner = self._expr(operand)
                doc = Group(("not", Break(" "), self.operand(inner, NOT)))
                return Py(doc, NOT, inner.depth + 1)
            case ir.NegE(operand=operand):
                inner = self._expr(operand)
                return Py(("-", self.operand(inner, UNARY)), UNARY, inner.depth + 1)
            case ir.BoolOpE(op=op, operands=operands):
                level = _LEVEL_OF[op]
                return self._join(op, level, self._flattened(op, operands), level + 1, level + 1)
            case ir.CompareE(op=op, left=left, right=right):
                pair = [self._expr(left), self._expr(right)]  # never chained: `(a < b) < c`
                return self._join(op, COMPARE, pair, COMPARE + 1, COMPARE + 1)
            case ir.ArithE(op="**", left=left, right=right):  # right-associative
                pair = [self._expr(left), self._expr(right)]
                return self._join("**", POWER, pair, POWER + 1, UNARY)
            case ir.ArithE(op=op, left=left, right=right):
                level = _LEVEL_OF[op]
                pair = [self._expr(left), self._expr(right)]
                return self._join(op, level, pair, level, level + 1)
            case ir.QuantE():  # under the summary bit its body needs (`conditions/loopguards.py`)
                return loopguards.lower(self, expr, self._loop(expr))
        raise AssertionError(f"unhandled IR expression {expr!r}")

    def _flattened(self, op: str, operands: tuple[ir.Expr, ...]) -> list[Py]:
        """The operands of an `and` (`or`) chain, nested chains of the same operator spliced
        in: `a and (b and c)` is `a and b and c` (the same test, in the same order)."""
        found: list[Py] = []
        pending = list(reversed(operands))
        while pending:
            item = pending.pop()
            if isinstance(item, ir.BoolOpE) and item.op == op:
                pending.extend(reversed(item.operands))
            else:
                found.append(self._expr(item))
        return found

    def sum_loop(self, expr: ir.Expr) -> tuple[str, str, Doc] | None:
        """A `sum` a fan counts by (`per sum i in L: ...`) as the parts of a `for` statement:
        the loop's variable, its domain (flat) and the number each item adds; None for any
        other expression, a sum another form lowers, or one shared with other conditions.
        The statement spares the list comprehension's own frame (CPython 3.11)."""
        if not (isinstance(expr, ir.QuantE) and expr.kind == "sum") or self.scope:
            return None
        if expr in self.shared or expr in self.hoisted:
            return None
        domain = self._expr(expr.domain)
        if domain.depth >= HOIST_DEPTH or len(flat(domain.doc)) > _SUM_DOMAIN_WIDTH:
            return None
        _, body_doc = self._loop_body(expr)
        return f"v_{expr.var}", flat(domain.doc), body_doc

    def _loop_body(self, expr: ir.QuantE) -> tuple[Py, Doc]:
        """The body of a quantifier's loop, translated with its variable in scope (and, over
        a range, the variable's low bound known), and as an operand of `or`."""
        self.loops += 1
        self.scope.append(expr.var)
        shadowed = self.lows.pop(expr.var, None)
        if isinstance(expr.domain, ir.RangeE):
            self.lows[expr.var] = expr.domain.low
        try:
            body = self._expr(expr.body)
            return body, self.operand(body, OR)
        finally:
            self.scope.pop()
            self.lows.pop(expr.var, None)
            if shadowed is not None:
                self.lows[expr.var] = shadowed

    def _loop(self, expr: ir.QuantE) -> Py:
        domain = self._expr(expr.domain)
        body, body_doc = self._loop_body(expr)
        loop: tuple[Doc, ...] = (
            Break(" "),
            f"for v_{expr.var} in ",
            self.operand(domain, OR),
        )
        depth = 1 + max(min(body.depth, HOIST_DEPTH), domain.depth)
        if expr.kind == "count":
            inner: tuple[Doc, ...] = ("1", *loop, Break(" "), "if ", body_doc)
            return Py(generator("sum", inner), PRIMARY, depth)
        if expr.kind == "sum":  # over a list: a third cheaper than a generator (CPython 3.11)
            return Py(generator("sum", ("[", body_doc, *loop, "]")), PRIMARY, depth)
        call = generator("all" if expr.kind == "all" else "any", (body_doc, *loop))
        if expr.kind == "none":
            return Py(("not ", call), NOT, depth)
        return Py(call, PRIMARY, depth)

    def _membership_test(self, var: str, fact: str, body: ir.Expr) -> Py | None:
        """`any m in melds: m.is_pung and m.tile == seat_wind`: the tiles of the melds that
        pass the item-local part, collected once per call, then one `in` (None: the local
        part nests too deep for a summary; the plain loop is written instead)."""
        split = membership(body, var)
        assert split is not None
        local, other = split
        filter_attr = SUMMARY_OF[fact][1]
        tests = [f"v_{var}.{filter_attr}"] if filter_attr else []
        inner = self.child()
        tests += [flat(inner.operand(inner.py(part), NOT)) for part in local]
        if inner.parts:
            return None
        self.adopt(inner)
        if self.fact_source is FACT_SOURCE and _is_wind(other):
            # One bit of the arrangement's summary: the wind `other` in field k.
            test = f"lambda v_{var}: {' and '.join(tests)}" if tests else f"lambda v_{var}: True"
            offset = MEMBER_WIDTH * self.predicates.member(test)
            self.summaries.add("members")
            wind = flat(self.operand(self._expr(other), SUM + 1))
            where = f"{offset} + {wind}" if offset else wind
            return atom(f"(x_members >> ({where} - {MEMBER_BASE}) & 1)")
        condition = f" if {' and '.join(tests)}" if tests else ""
        melds = self._fact("melds")
        self.facts["melds"] += 1  # bound once, read where the set is made
        source = f"{{v_{var}.tile for v_{var} in {flat(melds.doc)}{condition}}}"
        name, _ = self.hoisted.setdefault(source, (f"x_meld_tiles_{len(self.hoisted)}", source))
        item = self._expr(other)
        return self._join("in", COMPARE, [item, atom(name)], COMPARE + 1, COMPARE + 1)

    def _either_bit(self, operands: tuple[ir.Expr, ...]) -> Py | None:
        """`(all t in tiles: P) or (all t in tiles: Q) or …`, each operand one bit of the same
        summary word (`_summarized`): one test of those bits at once (None: not such)."""
        tests: list[ir.QuantE] = []
        pending = list(operands)
        while pending:
            item = pending.pop(0)
            if isinstance(item, ir.BoolOpE) and item.op == "or":
                pending[:0] = item.operands
            elif (
                isinstance(item, ir.QuantE)
                and item.kind in ("all", "any")
                and isinstance(item.domain, ir.FactE)
                and item.domain.fact in SUMMARY_OF
                and is_local(item.body, item.var)
            ):
                tests.append(item)
            else:
                return None
        if len(tests) < 2 or len({(t.kind, t.domain) for t in tests}) > 1:
            return None
        if (found := self._bits_of(tests)) is None:
            return None
        name, mask = found
        word = f"{name}_{'all' if tests[0].kind == 'all' else 'any'}"
        return atom(f"({word} & {mask:#x} != 0)")

    def _every_bit(self, operands: tuple[ir.Expr, ...]) -> Py | None:
        """`(any t in tiles: P) and (any t in tiles: Q) and …` (an `all s in [<constants>]:
        any t in tiles: …` as one operand per constant), each one bit of the same summary
        word: one test that all those bits are set (五门齐; None: not such)."""
        tests: list[ir.QuantE] = []
        pending = list(operands)
        while pending:
            item = pending.pop(0)
            if isinstance(item, ir.BoolOpE) and item.op == "and":
                pending[:0] = item.operands
            elif (
                isinstance(item, ir.QuantE)
                and item.kind == "all"
                and isinstance(item.domain, ir.ListE)
                and 1 <= len(item.domain.items) <= 9
                and all(isinstance(i, ir.SuitE | ir.IntE | ir.TileE) for i in item.domain.items)
            ):
                pending[:0] = [
                    meldboards.substitute(item.body, item.var, i) for i in item.domain.items
                ]
            elif (
                isinstance(item, ir.QuantE)
                and item.kind == "any"
                and isinstance(item.domain, ir.FactE)
                and item.domain.fact in SUMMARY_OF
                and is_local(item.body, item.var)
            ):
                tests.append(item)
            else:
                return None
        if len(tests) < 2 or len({t.domain for t in tests}) > 1:
            return None
        if (found := self._bits_of(tests)) is None:
            return None
        name, mask = found
        return atom(f"({name}_any & {mask:#x} == {mask:#x})")

    def _bits_of(self, tests: list[ir.QuantE]) -> tuple[str, int] | None:
        """The summary word's name and the mask of the bits that `tests`, quantifiers of one
        kind over the same fact, are (None: one of them is no bit)."""
        name, mask = "", 0
        for test in tests:
            assert isinstance(test.domain, ir.FactE)
            found = self.summary_bit(test.kind, test.var, test.domain.fact, test.body)
            if found is None:
                return None
            name, bit = found
            mask |= 1 << bit
        return name, mask

    def _tile_bit(self, body: str) -> int:
        return self.predicates.bit("tile", f"lambda v_t: {body}")

    def _summarized(self, kind: str, var: str, fact: str, body: ir.Expr) -> Py | None:
        """A quantifier over tiles or melds whose body reads only its own item: one bit of
        the predicate tables instead of a loop (None: the body nests too deep to be one
        predicate; the plain loop is written instead)."""
        if (found := self.summary_bit(kind, var, fact, body)) is None:
            return None
        name, bit = found
        if kind == "count":
            return atom(f"({name}_count >> {bit} & {(1 << COUNT_WIDTH[name[2:]]) - 1})")
        if kind == "none":
            return Py(f"not ({name}_any >> {bit} & 1)", NOT)
        return atom(f"({name}_{'all' if kind == 'all' else 'any'} >> {bit} & 1)")

    def summary_bit(self, kind: str, var: str, fact: str, body: ir.Expr) -> tuple[str, int] | None:
        """Where `_summarized` reads: (`x_tile`, ..., its bit, or a count's field shift)."""
        summary, filter_attr = SUMMARY_OF[fact]
        item = "tile" if summary == "tile" else "meld"
        if filter_attr is not None:
            test = ir.AttrE(
                type=BOOL, obj=ir.VarE(type=MELD, name=var), attr=filter_attr, on="meld"
            )
            body = (
                ir.BoolOpE(op="or", operands=(ir.NotE(operand=test), body))
                if kind == "all"
                else ir.BoolOpE(op="and", operands=(test, body))
            )
        inner = self.child()
        code = inner.operand(inner.py(body), LAMBDA)
        if inner.parts:
            return None
        self.adopt(inner)
        source = f"lambda v_{var}: {flat(code)}"
        bit = self.predicates.bit(item, source, group(f"lambda v_{var}: ", code))
        self.summaries.add(summary)
        if kind == "count":
            return f"x_{summary}", self.predicates.counter(item, source) * COUNT_WIDTH[summary]
        return f"x_{summary}", bit


def generator(func: str, inner: tuple[Doc, ...]) -> Doc:
    """`func(<inner>)` for a generator expression (`any`, `all`, `sum` over a loop), broken
    inside the call's parentheses; the summary forms that write a loop of their own use it."""
    return group(f"{func}(", Nest((Break(""), *inner)), Break(""), ")")


def _is_wind(expr: ir.Expr) -> bool:
    """Whether `expr` is the seat or the round wind: a tile int from 27 to 30, always (the
    winning tile may be -1, none given, and a tile constant makes the test item-local)."""
    return isinstance(expr, ir.FactE) and expr.fact in ("seat_wind", "round_wind")
