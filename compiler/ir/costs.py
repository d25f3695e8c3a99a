"""What evaluating a typed expression costs: the steps it takes on one reading of a hand, the
longest list it can be, and the least and the greatest number it can be.

Input is a typed IR expression and `Sizes`, what the expression may read: the longest each
list fact can be, the range of each number fact, attribute, function and option (the cost
check, `mjc.compiler.check.cost`, fills them from the runtime's limits on a hand and the
rulebook's options). Output is a `Measure`, and the deepest part of the expression over the
step bound or the number bound the caller gives (`Model.too_slow`, `Model.too_large`), as a
path from the expression's root, which the cost check follows in the AST to point at it.

A step is one node of the expression evaluated once. A quantifier evaluates its body once per
item of its domain, so its steps are the domain's size times its body's: nested quantifiers
multiply. `x in list` looks at each item of the list, a range's too (the compiler lists a
range to evaluate a guard). Everything else costs one step plus its parts. Numbers are
bounded by interval arithmetic over the ranges of the literals, the options and the facts.
A word the tables do not know is taken to be as large as can be (a rulebook using it fails
the check, never passes it unbounded). Every bound saturates at `HUGE`, so the model's own
arithmetic stays cheap whatever the rulebook writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjc.compiler import ir
from mjc.compiler.language.types import INT, ListType

HUGE = 1 << 8192
"""Where every bound saturates: far above any bound a check compares with (a number of 2,467
digits), so a saturated bound only ever says "far too large"."""

Range = tuple[int, int]
UNKNOWN_RANGE: Range = (-HUGE, HUGE)

# One step from an expression to a part of it: the IR node's kind (`quant`, `arith`...), the
# field holding the part, and its index in a tuple field (None for a single part).
Step = tuple[str, str, int | None]
Path = tuple[Step, ...]


def clamp(n: int) -> int:
    return max(-HUGE, min(HUGE, n))


def arithmetic(op: str, a: Range, b: Range) -> Range:
    """The range of `a op b` for numbers in the ranges `a` and `b`, saturated."""
    if op == "+":
        return clamp(a[0] + b[0]), clamp(a[1] + b[1])
    if op == "-":
        return clamp(a[0] - b[1]), clamp(a[1] - b[0])
    corners = [x * y for x in a for y in b]
    return clamp(min(corners)), clamp(max(corners))


def power(base: int, exponent: int) -> int:
    """`base ** exponent` for base, exponent >= 0, saturated at HUGE without computing a
    number larger than it."""
    if exponent <= 0:
        return 1
    if base <= 1:
        return base
    if (base.bit_length() - 1) * exponent > HUGE.bit_length():
        return HUGE
    return clamp(base**exponent)


@dataclass(frozen=True, slots=True)
class Sizes:
    """What an expression can read: the longest each list fact can be (`lists`; a meld's
    tiles are `meld_tiles` long), and the range of each number fact, number attribute,
    function result and number option."""

    lists: dict[str, int]
    meld_tiles: int
    facts: dict[str, Range]
    attributes: dict[str, Range]
    functions: dict[str, Range]
    options: dict[str, Range]


@dataclass(frozen=True, slots=True)
class Measure:
    """What evaluating one expression can cost and give: `steps`, the length of the list
    it is (`size`, 0 for anything else) and the range of the number it is (`low`..`high`,
    0..0 for anything else)."""

    steps: int
    size: int = 0
    low: int = 0
    high: int = 0

    @property
    def magnitude(self) -> int:
        """The largest absolute value the number can have."""
        return max(abs(self.low), abs(self.high))


@dataclass(frozen=True, slots=True)
class Excess:
    """A part of an expression over a bound: the path to it, the part, and how far it goes."""

    path: Path
    node: ir.Expr
    amount: int


@dataclass(slots=True)
class Model:
    """Measures expressions against a step bound and a number bound; the first (deepest)
    part over each is kept in `too_slow` and `too_large`."""

    sizes: Sizes
    step_bound: int
    value_bound: int
    too_slow: Excess | None = None
    too_large: Excess | None = None
    _scope: dict[str, Measure] = field(default_factory=dict)
    _path: list[Step] = field(default_factory=list)

    def measure(self, expr: ir.Expr) -> Measure:
        found = self._measure(expr)
        # Post-order: a part over a bound was recorded before the whole that holds it.
        if self.too_slow is None and found.steps > self.step_bound:
            self.too_slow = Excess(tuple(self._path), expr, found.steps)
        if self.too_large is None and found.magnitude > self.value_bound:
            self.too_large = Excess(tuple(self._path), expr, found.magnitude)
        return found

    def _part(self, expr: ir.Expr, name: str, index: int | None = None) -> Measure:
        """The measure of the part of `expr` in its field `name` (item `index`)."""
        value = getattr(expr, name)
        part = value if index is None else value[index]
        self._path.append((expr.node, name, index))
        try:
            return self.measure(part)
        finally:
            self._path.pop()

    def _parts(self, expr: ir.Expr, name: str) -> list[Measure]:
        return [self._part(expr, name, i) for i in range(len(getattr(expr, name)))]

    def _measure(self, expr: ir.Expr) -> Measure:
        sizes = self.sizes
        match expr:
            case ir.IntE(value=value):
                return Measure(1, low=value, high=value)
            case ir.FactE(fact=fact) if expr.type == INT:
                low, high = sizes.facts.get(fact, UNKNOWN_RANGE)
                return Measure(1, low=low, high=high)
            case ir.FactE(fact=fact) if isinstance(expr.type, ListType):
                return Measure(1, size=sizes.lists.get(fact, HUGE))
            case ir.OptionE(option=option) if expr.type == INT:
                low, high = sizes.options.get(option, UNKNOWN_RANGE)
                return Measure(1, low=low, high=high)
            case ir.VarE(name=name):
                return self._scope.get(name, Measure(1))
            case ir.AttrE(attr=attr):
                steps = self._part(expr, "obj").steps + 1
                if expr.type == INT:
                    low, high = sizes.attributes.get(attr, UNKNOWN_RANGE)
                    return Measure(steps, low=low, high=high)
                if isinstance(expr.type, ListType):  # a meld's tiles
                    return Measure(steps, size=sizes.meld_tiles)
                return Measure(steps)
            case ir.CallE(func=func):
                parts = self._parts(expr, "args")
                steps = 1 + sum(p.steps for p in parts)
                if func == "len":
                    return Measure(clamp(steps), low=0, high=parts[0].size)
                steps += sum(p.size for p in parts)  # a function of a list reads each item
                low, high = sizes.functions.get(func, UNKNOWN_RANGE)
                return Measure(clamp(steps), low=low, high=high)
            case ir.ListE(items=items):
                parts = self._parts(expr, "items")
                steps = clamp(1 + sum(p.steps for p in parts))
                if expr.type == ListType(INT) and parts:
                    low, high = min(p.low for p in parts), max(p.high for p in parts)
                    return Measure(steps, size=len(items), low=low, high=high)
                return Measure(steps, size=len(items))
            case ir.RangeE(low=low, high=high):
                return Measure(1, size=max(0, high - low + 1), low=low, high=high)
            case ir.NotE():
                return Measure(self._part(expr, "operand").steps + 1)
            case ir.NegE():
                inner = self._part(expr, "operand")
                return Measure(inner.steps + 1, low=-inner.high, high=-inner.low)
            case ir.BoolOpE():
                return Measure(clamp(1 + sum(p.steps for p in self._parts(expr, "operands"))))
            case ir.CompareE(op=op):
                a, b = self._part(expr, "left"), self._part(expr, "right")
                scan = b.size if op == "in" else 0  # each item looked at
                return Measure(clamp(a.steps + b.steps + 1 + scan))
            case ir.ArithE(op=op):
                a, b = self._part(expr, "left"), self._part(expr, "right")
                low, high = arithmetic(op, (a.low, a.high), (b.low, b.high))
                return Measure(clamp(a.steps + b.steps + 1), low=low, high=high)
            case ir.QuantE():
                return self._quantifier(expr)
        return Measure(1)  # a bool, a tile, a suit, a shape, a choice, a fan, another fact

    def _quantifier(self, expr: ir.QuantE) -> Measure:
        over = self._part(expr, "domain")
        saved = self._scope.get(expr.var)
        # The variable is one item: a number of the domain's range, or a tile or a meld.
        self._scope[expr.var] = Measure(1, low=over.low, high=over.high)
        try:
            inner = self._part(expr, "body")
        finally:
            if saved is None:
                self._scope.pop(expr.var, None)
            else:
                self._scope[expr.var] = saved
        steps = clamp(over.steps + over.size * (inner.steps + 1))
        if expr.kind == "count":
            return Measure(steps, low=0, high=over.size)
        return Measure(steps)
