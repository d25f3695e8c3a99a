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

from compiler import ir

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


@dataclass(slots=True)
class PyExpr:
    """Translates expressions; remembers which facts and tile constants they used, so the
    generated function binds only those."""

    fan_ref: Callable[[str], str]
    facts: set[str] = field(default_factory=set)
    tiles: dict[str, int] = field(default_factory=dict)
    runtime_names: set[str] = field(default_factory=set)

    def __call__(self, expr: ir.Expr) -> str:
        return self._expr(expr, top=True)

    def _expr(self, expr: ir.Expr, top: bool = False) -> str:
        match expr:
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
            case ir.FactE(fact=fact):
                self.facts.add(fact)
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
                self.facts.add("tiles")
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

    @staticmethod
    def _wrap(text: str, top: bool) -> str:
        return text if top else f"({text})"
