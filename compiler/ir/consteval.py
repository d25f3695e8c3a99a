"""Evaluate options-only expressions at compile time, and enumerate option settings.

Input is a typed IR expression that reads nothing but options and constants (an `if` guard),
and one setting of the options (id → True/False, a choice id, or a number). The checks use
this to look at the tile set and the wilds under the default options and under every
combination of the options that matter to them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping

from mjc.compiler import ir

OptionValue = bool | int | str
Setting = Mapping[str, OptionValue]

MAX_SETTINGS = 4096  # beyond this many combinations, only the defaults are examined


class NotConstant(Exception):
    """The expression reads something other than options and constants."""


def evaluate(expr: ir.Expr, setting: Setting) -> object:
    # The kinds of node are distinct classes, so their order here is only speed: a guard's
    # own first (an option, a comparison with a choice, `not`), as the play check asks every
    # guard under each of up to 4,096 settings.
    match expr:
        case ir.OptionE(option=option):
            return setting[option]
        case ir.CompareE(op=op, left=left, right=right):
            a, b = evaluate(left, setting), evaluate(right, setting)
            if op == "in":
                return a in b  # type: ignore[operator]
            if op == "==":
                return a == b
            if op == "!=":
                return a != b
            x, y = _int(a), _int(b)
            return x < y if op == "<" else x <= y if op == "<=" else x > y if op == ">" else x >= y
        case ir.ChoiceE(value=value) | ir.SuitE(suit=value) | ir.ShapeE(shape=value):
            return value
        case ir.NotE(operand=operand):
            return not evaluate(operand, setting)
        case ir.BoolOpE(op="and", operands=operands):
            return all(evaluate(o, setting) for o in operands)
        case ir.BoolOpE(op="or", operands=operands):
            return any(evaluate(o, setting) for o in operands)
        case ir.IntE(value=value) | ir.BoolE(value=value):
            return value
        case ir.TileE(tile=tile):
            return tile
        case ir.FactE(fact="players") if "players" in setting:
            return setting["players"]
        case ir.NegE(operand=operand):
            return -_int(evaluate(operand, setting))
        case ir.ArithE(op=op, left=left, right=right):
            x, y = _int(evaluate(left, setting)), _int(evaluate(right, setting))
            if op == "**":
                if not 0 <= y <= ir.MAX_EXPONENT:  # the checks refuse it (E0552)
                    raise NotConstant("power")
                return x**y
            return x + y if op == "+" else x - y if op == "-" else x * y
        case ir.ListE(items=items):
            return [evaluate(i, setting) for i in items]
        case ir.RangeE(low=low, high=high):
            return list(range(low, high + 1))
    raise NotConstant(expr.node)


def reads_only_options(expr: ir.Expr) -> bool:
    """Whether `expr` reads nothing but option values and constants, so that `evaluate` can
    decide it for a game whatever the hand."""
    match expr:
        case (
            ir.OptionE() | ir.ChoiceE() | ir.IntE() | ir.BoolE() | ir.SuitE() | ir.TileE()
            | ir.ShapeE() | ir.RangeE()
        ):  # fmt: skip
            return True
        case ir.NotE(operand=operand) | ir.NegE(operand=operand):
            return reads_only_options(operand)
        case ir.BoolOpE(operands=items) | ir.ListE(items=items):
            return all(reads_only_options(i) for i in items)
        case ir.CompareE(left=left, right=right) | ir.ArithE(left=left, right=right):
            return reads_only_options(left) and reads_only_options(right)
    return False


def option_conjuncts(expr: ir.Expr) -> list[ir.Expr]:
    """The parts of `a and b and ...` that read only options: each must hold for `expr` to."""
    return [part for part in ir.conjuncts(expr) if reads_only_options(part)]


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def holds(guard: ir.Expr | None, setting: Setting) -> bool:
    """A missing guard always holds."""
    return guard is None or bool(evaluate(guard, setting))


def options_read(exprs: list[ir.Expr | None]) -> list[str]:
    """The option ids the expressions read, in first-read order."""
    found = dict.fromkeys(n.option for n in ir.subnodes(exprs) if isinstance(n, ir.OptionE))
    return list(found)


def settings(
    options: Mapping[str, ir.Option], relevant: list[str]
) -> Iterator[dict[str, OptionValue]]:
    """The default setting first, then every combination of the `relevant` options (others
    at their defaults), unless there are more than MAX_SETTINGS."""
    default = {o.id: default_value(o) for o in options.values()}
    yield default
    names = [o for o in relevant if o in options]
    total = 1
    for name in names:  # counted before any is listed: a number option may span a billion
        total *= _count(options[name])
        if total > MAX_SETTINGS:
            return
    domains = [values_of(options[o]) for o in names]
    for combo in itertools.product(*domains):
        setting = dict(default)
        setting.update(zip(names, combo, strict=True))
        if setting != default:
            yield setting


def values_of(option: ir.Option) -> list[OptionValue]:
    if option.kind == "toggle":
        return [False, True]
    if option.kind == "choice":
        return [c.id for c in option.choices]
    assert option.low is not None and option.high is not None
    return list(range(option.low, option.high + 1))


def _count(option: ir.Option) -> int:
    """How many values `values_of` would list."""
    if option.kind == "number":
        assert option.low is not None and option.high is not None
        return max(0, option.high - option.low + 1)
    return len(values_of(option))


def default_value(option: ir.Option) -> OptionValue:
    if option.kind == "toggle":
        return option.default == "on"
    if option.kind == "number":
        return int(option.default)
    return option.default


def describe(setting: Setting, options: Mapping[str, ir.Option]) -> str:
    """The options of a setting that differ from their defaults, for messages."""
    parts = []
    for option_id, value in setting.items():
        option = options[option_id]
        if value != default_value(option):
            shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
            parts.append(f"{option.label} ({option_id}={shown})")
    return ", ".join(parts) or "the default options"
