"""Typed IR expressions back to rulebook syntax, for the docs' "condition" column and for
messages. Input is an `ir.Expr`; output is text a designer would have written."""

from __future__ import annotations

from mjc.compiler import ir

_SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo", "z": "honours", "f": "flower_suit"}

# Binding strength: higher binds tighter.
_LEVEL = {"quant": 0, "or": 1, "and": 2, "not": 3, "compare": 4, "+": 5, "-": 5, "*": 6, "**": 8}


def pretty(expr: ir.Expr) -> str:
    return _pretty(expr, 0)


def _pretty(expr: ir.Expr, outer: int) -> str:
    match expr:
        case ir.IntE(value=value):
            return str(value)
        case ir.BoolE(value=value):
            return "true" if value else "false"
        case ir.TileE(text=text):
            return text
        case ir.SuitE(suit=suit):
            return _SUIT_NAMES[suit]
        case ir.ShapeE(shape=shape):
            return shape
        case ir.ChoiceE(value=value):
            return value
        case ir.FactE(fact=fact):
            return fact.removeprefix("situation:").removeprefix("declare:")
        case ir.VarE(name=name):
            return name
        case ir.FanRefE(fan=fan):
            return fan
        case ir.OptionE(option=option):
            return f"option.{option}"
        case ir.AttrE(obj=obj, attr=attr):
            return f"{_pretty(obj, 9)}.{attr}"
        case ir.CallE(func=func, args=args):
            return f"{func}({', '.join(_pretty(a, 0) for a in args)})"
        case ir.ListE(items=items):
            return f"[{', '.join(_pretty(i, 0) for i in items)}]"
        case ir.RangeE(low=low, high=high):
            return f"{low}..{high}"
        case ir.NotE(operand=operand):
            return _paren(f"not {_pretty(operand, _LEVEL['not'])}", _LEVEL["not"], outer)
        case ir.NegE(operand=operand):
            return _paren(f"-{_pretty(operand, 8)}", 7, outer)
        case ir.BoolOpE(op=op, operands=operands):
            level = _LEVEL[op]
            return _paren(f" {op} ".join(_pretty(o, level + 1) for o in operands), level, outer)
        case ir.CompareE(op=op, left=left, right=right):
            level = _LEVEL["compare"]
            text = f"{_pretty(left, level + 1)} {op} {_pretty(right, level + 1)}"
            return _paren(text, level, outer)
        case ir.ArithE(op="**", left=left, right=right):  # right-associative, like Python's
            return _paren(f"{_pretty(left, 9)} ** {_pretty(right, 7)}", 8, outer)
        case ir.ArithE(op=op, left=left, right=right):
            level = _LEVEL[op]
            return _paren(f"{_pretty(left, level)} {op} {_pretty(right, level + 1)}", level, outer)
        case ir.QuantE(kind=kind, var=var, domain=domain, body=body):
            text = f"{kind} {var} in {_pretty(domain, 1)}: {_pretty(body, 0)}"
            return _paren(text, 0, outer)
    raise AssertionError(f"unhandled IR expression {expr!r}")


def _paren(text: str, level: int, outer: int) -> str:
    return f"({text})" if level < outer else text
