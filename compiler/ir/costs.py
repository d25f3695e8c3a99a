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

from dataclasses import field

from mjc.compiler import ir
from mjc.compiler.language.types import INT, ListType
from mjc.frozen import Frozen, frozen, frozen_fast, slotted

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
    if op == "**":
        if b[0] < 0 or b[1] > ir.MAX_EXPONENT:  # refused by the cost check (E0552)
            return UNKNOWN_RANGE
        top = max(power(max(abs(a[0]), abs(a[1])), b[1]), 1)  # x ** 0 is 1, 0 ** 0 too
        return (-top if a[0] < 0 else 0), top
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


@frozen
class Sizes(Frozen):
    """What an expression can read: the longest each list fact can be (`lists`; a meld's
    tiles are `meld_tiles` long), and the range of each number fact, number attribute,
    function result and number option."""

    lists: dict[str, int]
    meld_tiles: int
    facts: dict[str, Range]
    attributes: dict[str, Range]
    functions: dict[str, Range]
    options: dict[str, Range]


@frozen_fast
class Measure(Frozen):
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


@frozen
class Excess(Frozen):
    """A part of an expression over a bound: the path to it, the part, and how far it goes."""

    path: Path
    node: ir.Expr
    amount: int


# The parts of each kind of node, in the order they are evaluated: (field, is a tuple).
_PARTS: dict[str, tuple[tuple[str, bool], ...]] = {
    "attr": (("obj", False),),
    "call": (("args", True),),
    "list": (("items", True),),
    "not": (("operand", False),),
    "neg": (("operand", False),),
    "boolop": (("operands", True),),
    "compare": (("left", False), ("right", False)),
    "arith": (("left", False), ("right", False)),
    "quant": (("domain", False), ("body", False)),
}


def _parts(expr: ir.Expr) -> list[tuple[Step, ir.Expr]]:
    """The parts of `expr`, each with the step from `expr` to it."""
    found: list[tuple[Step, ir.Expr]] = []
    for name, many in _PARTS.get(expr.node, ()):
        value = getattr(expr, name)
        if many:
            found += [((expr.node, name, i), part) for i, part in enumerate(value)]
        else:
            found.append(((expr.node, name, None), value))
    return found


@slotted
class _Visit:
    """A node being measured: its path, its parts, and the measures of those done so far."""

    expr: ir.Expr
    path: Path
    parts: list[tuple[Step, ir.Expr]]
    done: list[Measure] = field(default_factory=list)


@slotted
class Model:
    """Measures expressions against a step bound and a number bound; the first (deepest)
    part over each is kept in `too_slow` and `too_large`. A loop over an explicit stack,
    not a recursion: an expression may nest hundreds deep (the limits are a check's, and
    tests raise them)."""

    sizes: Sizes
    step_bound: int
    value_bound: int
    too_slow: Excess | None = None
    too_large: Excess | None = None
    too_steep: Excess | None = None  # an exponent that can be below 0 or above MAX_EXPONENT
    _scope: dict[str, list[Measure]] = field(default_factory=dict)

    def measure(self, expr: ir.Expr) -> Measure:
        stack = [_Visit(expr, (), _parts(expr))]
        while True:
            visit = stack[-1]
            if len(visit.done) < len(visit.parts):
                step, part = visit.parts[len(visit.done)]
                if isinstance(visit.expr, ir.QuantE) and step[1] == "body":
                    # The variable is one item: a number of the domain's range, a tile, a meld.
                    over = visit.done[0]
                    item = Measure(1, low=over.low, high=over.high)
                    self._scope.setdefault(visit.expr.var, []).append(item)
                stack.append(_Visit(part, (*visit.path, step), _parts(part)))
                continue
            stack.pop()
            found = self._combine(visit.expr, visit.done)
            if self.too_steep is None and isinstance(visit.expr, ir.ArithE):
                exponent = visit.done[1]
                if visit.expr.op == "**" and (exponent.low < 0 or exponent.high > ir.MAX_EXPONENT):
                    path = (*visit.path, ("arith", "right", None))
                    steep = exponent.low if exponent.low < 0 else exponent.high
                    self.too_steep = Excess(path, visit.expr.right, steep)
            # Post-order: a part over a bound was recorded before the whole that holds it.
            if self.too_slow is None and found.steps > self.step_bound:
                self.too_slow = Excess(visit.path, visit.expr, found.steps)
            if self.too_large is None and found.magnitude > self.value_bound:
                self.too_large = Excess(visit.path, visit.expr, found.magnitude)
            if not stack:
                return found
            stack[-1].done.append(found)

    def _combine(self, expr: ir.Expr, parts: list[Measure]) -> Measure:
        """The measure of `expr` from the measures of its parts."""
        sizes = self.sizes
        steps = clamp(1 + sum(p.steps for p in parts))
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
                items = self._scope.get(name)
                return items[-1] if items else Measure(1)
            case ir.AttrE(attr=attr) if expr.type == INT:
                low, high = sizes.attributes.get(attr, UNKNOWN_RANGE)
                return Measure(steps, low=low, high=high)
            case ir.AttrE() if isinstance(expr.type, ListType):  # a meld's tiles
                return Measure(steps, size=sizes.meld_tiles)
            case ir.CallE(func="len"):
                return Measure(steps, low=0, high=parts[0].size)
            case ir.CallE(func=func):
                # A number has its function's range; a tile (`successor`) is no number.
                low, high = sizes.functions.get(func, UNKNOWN_RANGE) if expr.type == INT else (0, 0)
                # A function of a list reads each of its items.
                return Measure(clamp(steps + sum(p.size for p in parts)), low=low, high=high)
            case ir.ListE(items=items) if expr.type == ListType(INT) and parts:
                low, high = min(p.low for p in parts), max(p.high for p in parts)
                return Measure(steps, size=len(items), low=low, high=high)
            case ir.ListE(items=items):
                return Measure(steps, size=len(items))
            case ir.RangeE(low=low, high=high):
                return Measure(1, size=max(0, high - low + 1), low=low, high=high)
            case ir.NegE():
                return Measure(steps, low=-parts[0].high, high=-parts[0].low)
            case ir.CompareE(op="in"):  # each item looked at
                return Measure(clamp(steps + parts[1].size))
            case ir.ArithE(op=op):
                a, b = parts
                low, high = arithmetic(op, (a.low, a.high), (b.low, b.high))
                return Measure(steps, low=low, high=high)
            case ir.QuantE(kind=kind, var=var):
                self._scope[var].pop()
                over, body = parts
                steps = clamp(over.steps + over.size * (body.steps + 1))
                high = over.size if kind == "count" else 0
                if kind == "sum":  # each item adds the body's value
                    return Measure(
                        steps, low=over.size * min(0, body.low), high=over.size * max(0, body.high)
                    )
                if kind == "count" and (least := _copies_at_least(expr)):
                    # kinds each held `least` times or more: the hand has room for so many
                    high = min(high, sizes.lists.get("tiles", HUGE) // least)
                return Measure(steps, low=0, high=high)
        # not, and/or, a comparison, an attribute that is no number nor list; a bool, a tile,
        # a suit, a shape, a choice, a fan, another fact
        return Measure(steps)


def _copies_at_least(quant: ir.QuantE) -> int:
    """For `count t in <distinct tiles>: copies(t) == k` (or `>= k`, k >= 1), k: such a count
    is at most the hand's tiles over k (根: kinds held four times); else 0."""
    domain, body = quant.domain, quant.body
    if not isinstance(domain, ir.ListE) or not all(isinstance(i, ir.TileE) for i in domain.items):
        return 0
    tiles = [i.tile for i in domain.items if isinstance(i, ir.TileE)]
    if len(set(tiles)) != len(tiles):
        return 0
    match body:
        case ir.CompareE(
            op="==" | ">=",
            left=ir.CallE(func="copies", args=(ir.VarE(name=name),)),
            right=ir.IntE(value=least),
        ) if name == quant.var and least >= 1:
            return least
    return 0
