"""Typed IR expressions to Python source, for the generated module's compiled conditions.

Input is an `ir.Expr` that passed the type checker. Output is one Python expression over the
generated function's parameters: `a` (the arrangement), `s` (the situation), `o` (the option
values) and, in floors, `c` (the fan counts). Identifiers are synthetic (`v_<name>` for
quantifier variables, `f_<id>` for fan results, `T5z` for tile constants); rulebook text only
ever reaches the output through `repr()`, so it cannot become code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from mjc.compiler import ir
from mjc.runtime.summaries import MEMBER_BASE, MEMBER_WIDTH

# Facts of the arrangement and situation, and the local each becomes in a generated function.
FACT_SOURCE: dict[str, str] = {
    "tiles": "a.tiles",
    "melds": "a.melds",
    "pairs": "a.pairs",
    "pair": "(a.pair or NO_PAIR)",
    "chows": "tuple(m for m in a.melds if m.is_chow)",
    "pungs": "tuple(m for m in a.melds if m.is_pung)",
    "kongs": "tuple(m for m in a.melds if m.is_kong)",
    "shape": "a.shape",
    "concealed": "a.concealed",
    "self_drawn": "s.self_drawn",
    "dealer": "s.dealer",
    "kong_bloom": "s.kong_bloom",
    "robbing_kong": "s.robbing_kong",
    "last_tile": "s.last_tile",
    "heavenly": "s.heavenly",
    "earthly": "s.earthly",
    "human": "s.human",
    "triple_win": "s.triple_win",
    "winning_tile": "s.winning_tile",
    "seat_wind": "s.seat_wind",
    "round_wind": "s.round_wind",
    "players": "s.players",
    "flowers": "s.flowers",
    "wilds": "s.wilds",
    "wilds_substituted": "a.substituted",
    "total": "total",
}

# In a custom shape's condition the hand is read whole, from the parsed hand `h`.
HAND_FACT_SOURCE: dict[str, str] = {
    **FACT_SOURCE,
    "tiles": "h.tiles",
    "flowers": "h.flowers",
}

# Tile attributes are lookups in the runtime's per-tile tables.
TILE_TABLES: dict[str, str] = {
    "suit": "SUIT_OF",
    "rank": "RANK_OF",
    "is_suited": "IS_SUITED",
    "is_honour": "IS_HONOUR",
    "is_wind": "IS_WIND",
    "is_dragon": "IS_DRAGON",
    "is_terminal": "IS_TERMINAL",
    "is_outside": "IS_TERMINAL_OR_HONOUR",
    "is_simple": "IS_SIMPLE",
    "is_flower": "IS_FLOWER",
    "is_green": "IS_GREEN",
}


def tile_constant(text: str) -> str:
    return f"T{text}"


# Quantifier domains answered from predicate bits: the summary each reads, and for the
# filtered meld lists the attribute that does the filtering.
SUMMARY_OF: dict[str, tuple[str, str | None]] = {
    "tiles": ("tile", None),
    "melds": ("meld", None),
    "pairs": ("pair", None),
    "chows": ("meld", "is_chow"),
    "pungs": ("meld", "is_pung"),
    "kongs": ("meld", "is_kong"),
}
COUNT_WIDTH = {"tile": 5, "meld": 3, "pair": 3}  # mjc.runtime.summaries' field widths


@dataclass(slots=True)
class Predicates:
    """Item-local predicates found in conditions (lambda source → bit), shared by every
    function of one generated module."""

    tile: dict[str, int] = field(default_factory=dict)
    meld: dict[str, int] = field(default_factory=dict)
    # The predicates `count` reads (bit → its counter field): only they get a field.
    tile_counted: dict[int, int] = field(default_factory=dict)
    meld_counted: dict[int, int] = field(default_factory=dict)
    # Item-local parts of membership tests (`any m in melds: <part> and m.tile == X`):
    # lambda source → the test's field in `mjc.runtime.summaries.SummaryTables.meld_members`.
    members: dict[str, int] = field(default_factory=dict)

    def bit(self, kind: str, source: str) -> int:
        table = self.tile if kind == "tile" else self.meld
        return table.setdefault(source, len(table))

    def member(self, source: str) -> int:
        return self.members.setdefault(source, len(self.members))

    def counter(self, kind: str, source: str) -> int:
        """The counter field of a predicate that is counted (its bit is taken as well)."""
        bit = self.bit(kind, source)
        fields = self.tile_counted if kind == "tile" else self.meld_counted
        return fields.setdefault(bit, len(fields))


@dataclass(slots=True)
class PyExpr:
    """Translates expressions; remembers which facts, summaries and tile constants they used,
    so the generated function binds only those."""

    fan_ref: Callable[[str], str]
    predicates: Predicates = field(default_factory=Predicates)
    fact_source: dict[str, str] = field(default_factory=lambda: FACT_SOURCE)
    facts: dict[str, int] = field(default_factory=dict)  # fact -> times read
    summaries: set[str] = field(default_factory=set)
    # Locals computed once per call: their source -> their name (see `_membership`).
    hoisted: dict[str, str] = field(default_factory=dict)
    tiles: dict[str, int] = field(default_factory=dict)
    runtime_names: set[str] = field(default_factory=set)

    def __call__(self, expr: ir.Expr) -> str:
        return self._expr(expr, top=True)

    def _expr(self, expr: ir.Expr, top: bool = False) -> str:
        match expr:
            case ir.QuantE(kind=kind, var=var, domain=ir.FactE(fact=fact), body=body) if (
                fact in SUMMARY_OF and is_local(body, var)
            ):
                return self._summarized(kind, var, fact, body, top)
            case ir.QuantE(
                kind="any", var=var, domain=ir.FactE(fact=fact), body=ir.BoolOpE(op="and")
            ) if fact in SUMMARY_OF and SUMMARY_OF[fact][0] == "meld" and _membership(
                expr.body, var
            ):
                return self._membership_test(var, fact, expr.body, top)
            case ir.CallE(func="suits", args=(ir.FactE(fact="tiles"),)):
                bits = [self._tile_bit(f"SUIT_OF[v_t] == {suit!r}") for suit in "mps"]
                self.runtime_names.add("SUIT_OF")
                self.summaries.add("tile")
                source = " + ".join(f"(x_tile_any >> {b} & 1)" for b in bits)
                return self.hoisted.setdefault(source, "x_suit_count")
            case ir.CallE(func="len", args=(ir.FactE(fact=fact),)) if fact in (
                "chows",
                "pungs",
                "kongs",
            ):
                slot = self.predicates.counter("meld", f"lambda v_m: v_m.{SUMMARY_OF[fact][1]}")
                self.summaries.add("meld")
                return f"(x_meld_count >> {slot * COUNT_WIDTH['meld']} & 7)"
            case ir.IntE(value=value):
                return repr(value)
            case ir.BoolE(value=value):
                return repr(value)
            case ir.TileE(tile=tile, text=text):
                self.tiles[text] = tile
                return tile_constant(text)
            case ir.SuitE(suit=suit):
                return repr(suit)
            case ir.ShapeE(shape=shape):
                return repr(shape)
            case ir.ChoiceE(value=value):
                return repr(value)
            case ir.FactE(fact=fact) if fact.startswith("situation:"):
                return f"({fact[10:]!r} in s.extra)"
            case ir.FactE(fact=fact):
                self.facts[fact] = self.facts.get(fact, 0) + 1
                return f"x_{fact}"
            case ir.VarE(name=name):
                return f"v_{name}"
            case ir.FanRefE(fan=fan):
                return self.fan_ref(fan)
            case ir.OptionE(option=option):
                return f"o[{option!r}]"
            case ir.AttrE(obj=obj, attr=attr, on="tile"):
                table = TILE_TABLES[attr]
                self.runtime_names.add(table)
                return f"{table}[{self._expr(obj)}]"
            case ir.AttrE(obj=obj, attr=attr):
                return f"{self._expr(obj)}.{attr}"
            case ir.CallE(func="suits", args=(arg,)):
                helper = "count_suits" if arg.type == "list[tile]" else "count_suits_of_melds"
                self.runtime_names.add(helper)
                return f"{helper}({self._expr(arg, True)})"
            case ir.CallE(func="len", args=(arg,)):
                return f"len({self._expr(arg, True)})"
            case ir.CallE(func="copies", args=(arg,)):
                self.facts["tiles"] = self.facts.get("tiles", 0) + 1
                return f"x_tiles.count({self._expr(arg, True)})"
            case ir.ListE(items=items):
                inner = ", ".join(self._expr(i, True) for i in items)
                return f"({inner},)" if len(items) == 1 else f"({inner})"
            case ir.RangeE(low=low, high=high):
                return f"range({low}, {high + 1})"
            case ir.NotE(operand=operand):
                return self._wrap(f"not {self._expr(operand)}", top)
            case ir.NegE(operand=operand):
                return f"-{self._expr(operand)}"
            case ir.BoolOpE(op=op, operands=operands):
                return self._wrap(f" {op} ".join(self._expr(o) for o in operands), top)
            case ir.CompareE(op=op, left=left, right=right):
                return self._wrap(f"{self._expr(left)} {op} {self._expr(right)}", top)
            case ir.ArithE(op=op, left=left, right=right):
                return self._wrap(f"{self._expr(left)} {op} {self._expr(right)}", top)
            case ir.QuantE(kind=kind, var=var, domain=domain, body=body):
                loop = f"for v_{var} in {self._expr(domain)}"
                cond = self._expr(body, True)
                if kind == "all":
                    return f"all({cond} {loop})"
                if kind == "any":
                    return f"any({cond} {loop})"
                if kind == "none":
                    return self._wrap(f"not any({cond} {loop})", top)
                return f"sum(1 {loop} if {cond})"
        raise AssertionError(f"unhandled IR expression {expr!r}")

    def _membership_test(self, var: str, fact: str, body: ir.Expr, top: bool) -> str:
        """`any m in melds: m.is_pung and m.tile == seat_wind`: the tiles of the melds that
        pass the item-local part, collected once per call, then one `in`."""
        split = _membership(body, var)
        assert split is not None
        local, other = split
        filter_attr = SUMMARY_OF[fact][1]
        tests = [f"v_{var}.{filter_attr}"] if filter_attr else []
        inner = PyExpr(
            fan_ref=self.fan_ref, predicates=self.predicates, fact_source=self.fact_source
        )
        tests += [inner(part) for part in local]
        self.tiles |= inner.tiles
        self.runtime_names |= inner.runtime_names
        if self.fact_source is FACT_SOURCE and _is_wind(other):
            # One bit of the arrangement's summary: the wind `other` in field k.
            test = f"lambda v_{var}: {' and '.join(tests)}" if tests else f"lambda v_{var}: True"
            offset = MEMBER_WIDTH * self.predicates.member(test)
            self.summaries.add("members")
            where = f"{offset} + {self._expr(other)}" if offset else self._expr(other)
            return f"(x_members >> ({where} - {MEMBER_BASE}) & 1)"
        condition = f" if {' and '.join(tests)}" if tests else ""
        self.facts["melds"] = self.facts.get("melds", 0) + 2  # bound once, read here
        source = f"{{v_{var}.tile for v_{var} in x_melds{condition}}}"
        name = self.hoisted.setdefault(source, f"x_meld_tiles_{len(self.hoisted)}")
        return self._wrap(f"{self._expr(other)} in {name}", top)

    def _tile_bit(self, body: str) -> int:
        return self.predicates.bit("tile", f"lambda v_t: {body}")

    def _summarized(self, kind: str, var: str, fact: str, body: ir.Expr, top: bool) -> str:
        """A quantifier over tiles or melds whose body reads only its own item: one bit of
        the predicate tables instead of a loop."""
        summary, filter_attr = SUMMARY_OF[fact]
        item = "tile" if summary == "tile" else "meld"
        if filter_attr is not None:
            test = ir.AttrE(
                type="bool", obj=ir.VarE(type="meld", name=var), attr=filter_attr, on="meld"
            )
            body = (
                ir.BoolOpE(op="or", operands=(ir.NotE(operand=test), body))
                if kind == "all"
                else ir.BoolOpE(op="and", operands=(test, body))
            )
        inner = PyExpr(
            fan_ref=self.fan_ref, predicates=self.predicates, fact_source=self.fact_source
        )
        code = inner(body)
        self.tiles |= inner.tiles
        self.runtime_names |= inner.runtime_names
        source = f"lambda v_{var}: {code}"
        bit = self.predicates.bit(item, source)
        self.summaries.add(summary)
        name = f"x_{summary}"
        if kind == "count":
            width = COUNT_WIDTH[summary]
            slot = self.predicates.counter(item, source)
            return f"({name}_count >> {slot * width} & {(1 << width) - 1})"
        if kind == "all":
            return f"({name}_all >> {bit} & 1)"
        if kind == "any":
            return f"({name}_any >> {bit} & 1)"
        assert kind == "none", kind
        return self._wrap(f"not ({name}_any >> {bit} & 1)", top)

    @staticmethod
    def _wrap(text: str, top: bool) -> str:
        return text if top else f"({text})"


def _is_wind(expr: ir.Expr) -> bool:
    """Whether `expr` is the seat or the round wind: a tile int from 27 to 30, always (the
    winning tile may be -1, none given, and a tile constant makes the test item-local)."""
    return isinstance(expr, ir.FactE) and expr.fact in ("seat_wind", "round_wind")


def _membership(body: ir.Expr, var: str) -> tuple[list[ir.Expr], ir.Expr] | None:
    """Split `local and ... and v.tile == X` (X not reading `v`) into the local parts and X."""
    if not isinstance(body, ir.BoolOpE) or body.op != "and":
        return None
    found: ir.Expr | None = None
    local: list[ir.Expr] = []
    for part in body.operands:
        if isinstance(part, ir.CompareE) and part.op == "==" and found is None:
            for mine, other in ((part.left, part.right), (part.right, part.left)):
                if (
                    isinstance(mine, ir.AttrE)
                    and mine.attr == "tile"
                    and isinstance(mine.obj, ir.VarE)
                    and mine.obj.name == var
                    and not _mentions(other, var)
                ):
                    found = other
                    break
            if found is not None:
                continue
        if not is_local(part, var):
            return None
        local.append(part)
    return (local, found) if found is not None else None


def _mentions(expr: ir.Expr, var: str) -> bool:
    """Whether `expr` reads the variable `var` anywhere."""
    if isinstance(expr, ir.VarE):
        return expr.name == var
    for name in type(expr).model_fields:
        value = getattr(expr, name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if (
                isinstance(child, ir.Model)
                and not isinstance(child, ir.SourceRef)
                and _mentions(child, var)  # type: ignore[arg-type]
            ):
                return True
    return False


def is_local(expr: ir.Expr, var: str) -> bool:
    """Whether `expr` reads nothing but the item bound to `var` (and constants)."""
    return _only_vars(expr, {var})


def _only_vars(expr: ir.Expr, names: set[str]) -> bool:
    match expr:
        case ir.CallE(func="copies"):
            return False  # reads the whole hand's tiles
        case ir.VarE(name=name):
            return name in names
        case ir.FactE() | ir.FanRefE() | ir.OptionE():
            return False
        case ir.AttrE(obj=obj):
            return _only_vars(obj, names)
        case ir.CallE(args=items) | ir.ListE(items=items) | ir.BoolOpE(operands=items):
            return all(_only_vars(i, names) for i in items)
        case ir.NotE(operand=operand) | ir.NegE(operand=operand):
            return _only_vars(operand, names)
        case ir.CompareE(left=left, right=right) | ir.ArithE(left=left, right=right):
            return _only_vars(left, names) and _only_vars(right, names)
        case ir.QuantE(var=inner, domain=domain, body=body):
            return _only_vars(domain, names) and _only_vars(body, names | {inner})
    return True

