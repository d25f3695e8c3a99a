"""A static bound on the work of scoring one hand, and E0415 for a rulebook over it.

Input: the `Declarations` table (`mjc.compiler.resolve.declarations`) and the typed expressions
(`mjc.compiler.resolve.typed`); every expression the rulebook holds is found through the slot
table (`mjc.compiler.resolve.slots`) and measured by the cost model (`mjc.compiler.ir.costs`),
with the sizes of the hand's lists taken from the runtime's limits on a hand (`SIZES`).
Output: E0415 for each expression over a bound, naming the costly part and the bound;
`rulebook_cost` gives the bounds themselves (the fuzz tests compare them with real runs).

What can make scoring slow is not how often a fan counts: a `per` count is a number the
generated code multiplies by, never a loop. Two things are:

* loops: a quantifier tests its body once for each item of its domain, and nested quantifiers
  multiply. The hand's own lists are short (18 tiles, 4 melds, 34 tile kinds), but a range is
  as long as it is written: `count r in 1..999999999: ...` runs a billion times a reading;
* numbers: Python's integers have no ceiling, so a huge number costs time and memory in
  proportion to its digits. A fan in a `multiply` tier is worth its value to the power of its
  count: `per 99999999 * len(tiles)` there makes a 14-tile hand worth 2 ** 1,399,999,986, a
  number of 421 million digits that takes seconds to compute (15 on the machine this was
  written on) and that `mjc score` cannot print. Sums of many fans, `multiply` adjustments
  and adjustments that read `total` (one `multiply total` squares the value) grow numbers
  the same way.

So the check bounds, for every expression (fan conditions, counts and values, shapes,
scoring adjustments, rejects, limits, guards, horse and payments lines):

* `MAX_STEPS`, the steps to evaluate it once on one reading of a hand (E0007 already limits
  quantifiers to four nested; this bounds their domains too): 100,000. The costliest
  expression of the bundled rulebooks takes 1,637 (MCR's 三色三节高, three quantifiers
  nested over the pungs), so the bound is 60 times that. Four quantifiers nested over the
  melds (E0007's limit) take a few thousand; four over the 18 tiles of a hand take 200,000
  and more, and are refused;
* `MAX_RULEBOOK_STEPS`, all of a rulebook's expressions together: 1,000,000. MCR, the
  largest bundled rulebook (81 fans), takes 23,168; the others under 2,000. At a fraction of
  a microsecond a step, a reading at the bound scores in well under a second;
* `MAX_VALUE`, every number scoring computes, from a `per` count to the hand's value after
  the adjustments: 10**18. The bundled rulebooks' bound is below 3 * 10**13 (潮州 with its
  大胡 multiplied, which the estimate takes all at once), the others below 11,000. 10**18
  points is more than any table pays, it fits a signed 64-bit integer (a database column, a
  `long`), and to Python it is a small number: everything scoring does with it is cheap.

The numbers are bounded by interval arithmetic: a fan's count by its `per` (the model's
range of the expression; 1 without), its worth by its value times its count (add and max
tiers) or its value to the power of its count (multiply tiers), a tier by the sum, the best
or the product of its fans' worths under every way of combining it may use (before its cap:
the uncapped value is computed first), the hand by the tiers, then each floor, `multiply`,
ceiling and fix in the order scoring applies them. The bound is an over-estimate (it
assumes every fan of a tier can count at once, each as often as its `per` allows): a real
rulebook stays orders of magnitude below it.
"""

from __future__ import annotations

import math

from mjc.compiler import ir
from mjc.compiler.check.scoring import fan_tier
from mjc.compiler.diagnostics import Diagnostic, Span, error
from mjc.compiler.ir.costs import HUGE, Excess, Measure, Model, Path, Sizes, clamp, power
from mjc.compiler.language.vocabulary import TILE_LIST_CONSTANTS
from mjc.compiler.lower.play import win_tiles
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.slots import SLOTS
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.frozen import Frozen, frozen
from mjc.runtime.score.situationargs import MAX_DEALER_STREAK, MAX_INDICATORS, MAX_SET_ASIDE
from mjc.runtime.tiles.hand import MAX_DECLARED, MAX_TILES
from mjc.runtime.tiles.tile import NUM_PLAYING

MAX_STEPS = 100_000
MAX_RULEBOOK_STEPS = 1_000_000
MAX_VALUE = 10**18

HAND_TILES = MAX_TILES + MAX_DECLARED  # 14 tiles, and one more for each kong's fourth


def hand_sizes(tiles: int) -> Sizes:
    """What an expression can read, by the runtime's limits on a win of `tiles` tiles (14,
    or 17 in a rulebook of `hand 16`); the options' ranges and `total` and `hand_ceiling`
    (the scoring's own) are added for each rulebook."""
    sets = (tiles - 2) // 3
    held = tiles + sets  # and one more for each kong's fourth
    return Sizes(
        lists={
            "tiles": held,
            "melds": sets,
            "chows": sets,
            "pungs": sets,
            "kongs": sets,
            "pairs": tiles // 2,  # seven pairs
            "flowers": 8 * 4,  # eight flower kinds, at most four copies each (E0401)
            "waits": NUM_PLAYING,  # every kind of playing tile
            "declared": sets,
            "standing": tiles,
            "dora_indicators": MAX_INDICATORS,
            "ura_indicators": MAX_INDICATORS,
        },
        meld_tiles=4,
        facts={
            "wilds_substituted": (0, held),
            "wilds": (0, held),
            "hand_size": (0, tiles),
            "players": (0, 4),
            "winners": (0, 4),
            "dealer_streak": (0, MAX_DEALER_STREAK),
            "red_fives": (0, held),
            "set_aside": (0, MAX_SET_ASIDE),
        },
        attributes={"rank": (0, 9)},
        functions={"suits": (0, 3), "copies": (0, held)},
        options={},
    )


SIZES = hand_sizes(MAX_TILES)  # a hand of 13, every bundled rulebook's

_BOUND = f"10^{len(str(MAX_VALUE)) - 1}"  # MAX_VALUE, a power of ten, in messages
_LISTS = SIZES.lists
_LOOPS_HELP = (
    "a quantifier tests its body once for each item of its domain (a range `a..b` holds "
    f"b-a+1 numbers; a hand has at most {_LISTS['tiles']} tiles, {_LISTS['melds']} melds, "
    f"{_LISTS['pairs']} pairs; `tile_kinds` holds {len(TILE_LIST_CONSTANTS['tile_kinds'])}), "
    "so nested quantifiers multiply: narrow the range, or count once outside the quantifier "
    "instead of inside it"
)
_MEMBERSHIP_HELP = (
    "`x in list` compares `x` with each item of the list, and the compiler lists a range "
    "`a..b` (b-a+1 numbers) to evaluate it: compare with the ends instead, "
    "`x >= a and x <= b`"
)
_NUMBERS_HELP = (
    f"no number a rulebook computes may pass {_BOUND}: a `per` count multiplies its fan's value "
    "(in a `multiply` tier the value is raised to its power), and each `multiply` "
    "adjustment multiplies the hand's value; count what the rule counts, with a value from "
    "the document"
)


@frozen
class Cost(Frozen):
    """A rulebook's bounds: the steps all its expressions take on one reading of a hand,
    the most any one of them takes, and the largest number scoring a hand computes."""

    steps: int
    costliest: int
    largest: int


def check_cost(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """E0415 for each expression whose evaluation takes more than `MAX_STEPS` or computes a
    number above `MAX_VALUE`; then, if none, for scoring whose numbers grow above
    `MAX_VALUE`, or a rulebook whose expressions together take more than
    `MAX_RULEBOOK_STEPS`."""
    bound = ScoreBound(decls, typed)
    sizes = bound.sizes(min(bound.total, MAX_VALUE))
    at_base = bound.sizes(min(bound.total_at_base, MAX_VALUE))
    problems: list[Diagnostic] = []
    steps, costliest = 0, (-1, Span("", 0, 0, 0, 0))
    for key, expr, typed_expr in _expressions(decls, typed):
        model = Model(at_base if key == "points base" else sizes, MAX_STEPS, MAX_VALUE)
        measure = model.measure(typed_expr)
        steps = clamp(steps + measure.steps)
        costliest = max(costliest, (measure.steps, expr.span), key=lambda c: c[0])
        if model.too_steep is not None:
            problems.append(_too_steep(model.too_steep, expr))
        elif model.too_slow is not None:
            problems.append(_too_slow(model.too_slow, expr))
        elif model.too_large is not None:
            problems.append(_too_large(model.too_large, expr))
    if problems:
        return problems
    if bound.problem is not None:
        return [bound.problem]
    if steps > MAX_RULEBOOK_STEPS:
        return [_rulebook_too_slow(steps, *costliest)]
    return []


def rulebook_cost(decls: Declarations, typed: Typed) -> Cost:
    """The bounds `check_cost` compares with `MAX_RULEBOOK_STEPS`, `MAX_STEPS` and
    `MAX_VALUE`."""
    bound = ScoreBound(decls, typed)
    sizes = bound.sizes(bound.total)
    at_base = bound.sizes(bound.total_at_base)  # `total` where the points base is worked out
    steps, costliest, largest = 0, 0, bound.largest
    for key, _, typed_expr in _expressions(decls, typed):
        measure = Model(at_base if key == "points base" else sizes, HUGE, HUGE).measure(typed_expr)
        steps, costliest = clamp(steps + measure.steps), max(costliest, measure.steps)
        largest = max(largest, measure.magnitude)
    return Cost(steps, costliest, largest)


def _expressions(decls: Declarations, typed: Typed) -> list[tuple[str, ast.Expr, ir.Expr]]:
    """Every expression of the rulebook that typed, with its slot's key and typed form."""
    found: list[tuple[str, ast.Expr, ir.Expr]] = []
    for slot in SLOTS:
        for _, expr in slot.find(decls):
            typed_expr = typed.get(expr)
            if expr is not None and typed_expr is not None:
                found.append((slot.key, expr, typed_expr))
    return found


def option_ranges(decls: Declarations) -> dict[str, tuple[int, int]]:
    """The range of each number option."""
    return {
        option_id: (option.type.low, option.type.high)
        for option_id, option in decls.options.items()
        if isinstance(option.type, ast.NumberType)
    }


# ------------------------------------------------------------------------------ scoring


@frozen
class _Worth(Frozen):
    """What one fan can add to its tier: `plain` in a tier that adds or keeps the best
    (value times count), `power` in one that multiplies (value to the power of count)."""

    plain: int
    power: int
    count: int
    value: int


class ScoreBound:
    """The largest number scoring a hand computes: each fan's worth, each tier's value, the
    hand's value after each adjustment. `total` is the largest value a hand ends with,
    `largest` the largest number on the way, `ceiling` the largest `ceiling` a hand can
    meet, `problem` the first place a number passes `MAX_VALUE` (None if none does)."""

    def __init__(self, decls: Declarations, typed: Typed):
        self.decls, self.typed = decls, typed
        self.options = option_ranges(decls)
        self.base = SIZES if decls.play is None else hand_sizes(win_tiles(decls.play))
        self.problem: Diagnostic | None = None
        self.total = self.largest = self.ceiling = 0
        self.fu = self.points_base = 0
        worths = {fan_id: self._worth(fan) for fan_id, fan in decls.fans.items()}
        for tier in decls.tiers.values():
            self.total = clamp(self.total + self._tier(tier, worths))
        self.largest = max(self.largest, self.total)
        if decls.scoring is not None:
            self._adjust(decls.scoring.adjustments)
        self.largest = max(self.largest, self.total)
        self.total_at_base = self.total
        if decls.fu is not None:
            self.fu = self._fu(decls.fu)
        if decls.points is not None:
            self.total_at_base = min(self.total, total_at_base(decls.points, typed))
            for line in decls.points.bases:
                typed_base = typed.get(line.value)
                if typed_base is None:
                    continue
                model = Model(self.sizes(self.total_at_base), HUGE, HUGE)
                found = model.measure(typed_base)
                if model.too_steep is None:  # else E0552 says so, and `base` is not ours
                    self.points_base = max(self.points_base, found.high)

    def sizes(self, total: int) -> Sizes:
        """What an expression can read, with `total` up to `total`."""
        base = self.base
        facts = {**base.facts, "total": (0, total), "hand_ceiling": (0, self.ceiling)}
        facts |= {"fu": (0, self.fu), "base": (0, max(self.points_base, 0))}
        facts |= {f"tier:{tier}": (0, self.total) for tier in self.decls.tiers}
        return Sizes(
            base.lists, base.meld_tiles, facts, base.attributes, base.functions, self.options
        )

    def _range(self, expr: ast.Expr | None, total: int = 0) -> Measure | None:
        typed_expr = self.typed.get(expr)
        if expr is None or typed_expr is None:
            return None
        return Model(self.sizes(total), HUGE, HUGE).measure(typed_expr)

    def _passes(self, found: int) -> bool:
        """Whether `found` passes MAX_VALUE where no number did before (the first such place
        is reported: the numbers after it grow from it); every number counts to `largest`."""
        self.largest = max(self.largest, found)
        return self.problem is None and found > MAX_VALUE

    def _refuse(self, message: str, span: Span, label: str) -> None:
        self.problem = error("E0415", message, span, label=label, help=_NUMBERS_HELP)

    def _fu(self, section: ast.FuSection) -> int:
        """The most fu a reading can count: every `add` at its most, each `round up` adding
        up to its multiple, or the largest `fix`."""
        added, fixed = 0, 0
        for item in section.items:
            amount = self._range(item.amount)
            most = max(amount.high, 0) if amount is not None else 0
            per = self._range(item.per) if item.per is not None else None
            if item.kind == "fix":
                fixed = max(fixed, most)
            else:
                added = clamp(added + most * (max(per.high, 0) if per is not None else 1))
        return max(added, fixed)

    def _worth(self, fan: ast.FanDecl) -> _Worth:
        value = 0
        for line in fan.values:
            measured = self._range(line.value)
            value = max(value, measured.magnitude if measured is not None else 0)
        count = 1
        if fan.pers:
            measured = self._range(fan.pers[0])
            count = max(0, measured.high) if measured is not None else 0
        return _Worth(clamp(value * count), power(value, count), count, value)

    def _tier(self, tier: ast.TierDecl, worths: dict[str, _Worth]) -> int:
        """The largest value the tier adds to the hand (after its cap)."""
        members = [
            (fan, worths[fan_id])
            for fan_id, fan in self.decls.fans.items()
            if fan_tier(fan, self.decls) == tier.id.text
        ]
        modes = {tier.combine, *(mode for mode, _ in tier.alt_combines)}
        largest = 0
        for mode in sorted(modes):
            value = 1 if mode == "multiply" else 0
            # In a multiplying tier, of fans that exclude or replace one another only one
            # counts (四川's 清对 replaces 清一色 and 对对胡): each such group is one factor.
            ruled_out = _outranked(members) if mode == "multiply" else set()
            for fan, worth in members:
                if fan.id.text in ruled_out:
                    continue
                where = fan.pers[0].span if fan.pers else fan.id.span
                if mode == "multiply":
                    if self._passes(worth.power):
                        self._refuse(
                            f"`{fan.id.text}` ({fan.name}) can be worth {worth.value} to the "
                            f"power {worth.count:,} in the multiplying tier `{tier.id.text}`",
                            where,
                            f"its worth: a number of {_digits(worth.value, worth.count)} digits",
                        )
                    value = clamp(value * max(worth.power, 1))  # a fan not counting is no factor
                else:
                    if self._passes(worth.plain):
                        self._refuse(
                            f"`{fan.id.text}` ({fan.name}) can be worth {worth.value} times "
                            f"{worth.count:,}",
                            where,
                            f"its worth: {_number(worth.plain)}",
                        )
                    value = max(value, worth.plain) if mode == "max" else value + worth.plain
            if self._passes(value):
                self._refuse(
                    f"the fans of tier `{tier.id.text}` together can be worth more than "
                    f"{_BOUND} when it combines by `{mode}`",
                    tier.id.span,
                    f"the tier's value: {_number(value)}",
                )
            largest = max(largest, clamp(value))
        if any(cap.guard is None for cap in tier.caps):
            largest = min(largest, max(cap.value.value for cap in tier.caps))
        return largest

    def _adjust(self, adjustments: tuple[ast.Adjustment, ...]) -> None:
        """The hand's value through the adjustments, in the order scoring applies them."""
        for kind in ("floor", "multiply", "ceiling", "fix"):
            for line in (a for a in adjustments if a.kind == kind):
                found = self._range(line.value, self.total)
                if found is None:
                    continue
                if kind == "floor" or kind == "fix":
                    self.total = max(self.total, found.magnitude)
                elif kind == "ceiling":
                    self.ceiling = max(self.ceiling, found.magnitude)
                else:
                    self.total = clamp(self.total * found.magnitude)
                    if self._passes(self.total):
                        self._refuse(
                            f"after this `multiply` a hand can be worth more than {_BOUND}",
                            line.value.span,
                            f"the hand's value: {_number(self.total)}",
                        )


def total_at_base(points: ast.PointsSection, typed: Typed) -> int:
    """The most `total` can be where a points section works its `base` out: before the first
    limit that reads `base` (or after the last), every limit before it without an `if` and
    whose condition is `total >= N` (or `total > N`, or an `or` of which one is) has failed,
    so `total` is below N (`HUGE` when none says so)."""
    most = HUGE
    for limit in points.limits:
        if _reads(limit.condition, "base") or _reads(limit.amount, "base"):
            break
        least = _total_at_least(typed.get(limit.condition))
        if limit.guard is None and least is not None:
            most = min(most, least - 1)
    return max(most, 0)


def _total_at_least(expr: ir.Expr | None) -> int | None:
    """N when `expr` holds whenever `total >= N`: `total >= N`, `total > N - 1`, or an `or`
    one of whose parts is such a test (the least N of them)."""
    match expr:
        case ir.CompareE(op=">=", left=ir.FactE(fact="total"), right=ir.IntE(value=n)):
            return n
        case ir.CompareE(op=">", left=ir.FactE(fact="total"), right=ir.IntE(value=n)):
            return n + 1
        case ir.BoolOpE(op="or", operands=operands):
            found = [n for n in map(_total_at_least, operands) if n is not None]
            return min(found) if found else None
    return None


def _reads(expr: ast.Expr, name: str) -> bool:
    """Whether `name` is read anywhere in `expr` (a walk over the AST's slots)."""
    pending: list[object] = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and node.name == name:
            return True
        for part in getattr(node, "__slots__", ()):
            value = getattr(node, part, None)
            if isinstance(value, tuple):
                pending.extend(value)
            elif hasattr(value, "__slots__") and not isinstance(value, Span):
                pending.append(value)
    return False


def _outranked(members: list[tuple[ast.FanDecl, _Worth]]) -> set[str]:
    """Fans whose factor a bound may leave out: members are grouped, largest worth first, into
    groups any two of which exclude or replace each other (so at most one of a group counts);
    each group is bounded by its largest, and the others of the group are returned."""
    apart: set[frozenset[str]] = {
        frozenset((fan.id.text, rel.target.text))
        for fan, _ in members
        for rel in fan.relations
        if rel.kind in ("excludes", "replaces")
    }
    groups: list[list[str]] = []
    for fan, _ in sorted(members, key=lambda m: -m[1].power):
        name = fan.id.text
        group = next((g for g in groups if all(frozenset((name, o)) in apart for o in g)), None)
        if group is None:
            groups.append([name])
        else:
            group.append(name)
    return {name for group in groups for name in group[1:]}


# ------------------------------------------------------------------------------ messages

# The AST node each kind of typed node with parts is written as: the typed IR mirrors the
# AST node for node there, with the same field names, so a path through the typed form is
# a path through the written one. Where the two part (a literal folded, a name typed as a
# list), the part takes its whole's span.
_WRITTEN: dict[str, type] = {
    "quant": ast.Quantifier,
    "arith": ast.Arith,
    "compare": ast.Compare,
    "boolop": ast.BoolOp,
    "not": ast.Not,
    "neg": ast.Neg,
    "call": ast.Call,
    "attr": ast.Attribute,
    "list": ast.ListExpr,
}


def span_of(written: ast.Expr, path: Path) -> Span:
    """The span of the part of `written` that `path` leads to through its typed form."""
    node: object = written
    for kind, name, index in path:
        if type(node) is not _WRITTEN.get(kind):
            break
        part = getattr(node, name, None)
        if index is not None:
            part = part[index] if isinstance(part, tuple) and index < len(part) else None
        if part is None or not hasattr(part, "span"):
            break
        node = part
    span = getattr(node, "span", written.span)
    assert isinstance(span, Span)
    return span


def _number(n: int) -> str:
    """A bound in words: exact up to 15 digits, else its size."""
    if n >= HUGE:
        return f"more than 10^{len(str(HUGE)) - 1:,}"
    if n < 10**15:
        return f"{n:,}"
    return f"about 10^{len(str(n)) - 1:,}"


def _digits(base: int, exponent: int) -> str:
    """The number of digits of `base ** exponent` (base > 1), without computing it."""
    return f"{int(exponent * math.log10(base)) + 1:,}"


def _what(node: ir.Expr) -> str:
    if isinstance(node, ir.QuantE):
        return f"`{node.kind}` quantifier"
    if isinstance(node, ir.CompareE) and node.op == "in":
        return "membership test"
    return "expression"


def _too_slow(excess: Excess, written: ast.Expr) -> Diagnostic:
    membership = isinstance(excess.node, ir.CompareE) and excess.node.op == "in"
    return error(
        "E0415",
        f"this {_what(excess.node)} takes up to {_number(excess.amount)} steps on one reading "
        f"of a hand, more than the bound of {MAX_STEPS:,}",
        span_of(written, excess.path),
        label=f"up to {_number(excess.amount)} steps",
        help=_MEMBERSHIP_HELP if membership else _LOOPS_HELP,
    )


def _too_large(excess: Excess, written: ast.Expr) -> Diagnostic:
    return error(
        "E0415",
        f"this {_what(excess.node)} can be {_number(excess.amount)}, more than {_BOUND}, the "
        "bound on any number a rulebook computes",
        span_of(written, excess.path),
        label=f"up to {_number(excess.amount)}",
        help=_NUMBERS_HELP,
    )


def _too_steep(excess: Excess, written: ast.Expr) -> Diagnostic:
    return error(
        "E0552",
        f"this exponent can be {_number(excess.amount)}: `**` takes an exponent of 0 to "
        f"{ir.MAX_EXPONENT}"
        if excess.amount >= 0
        else f"this exponent can be {excess.amount}: `**` takes an exponent of 0 to "
        f"{ir.MAX_EXPONENT} (below 0 it would make a fraction)",
        span_of(written, excess.path),
        label=f"up to {_number(excess.amount)}",
        help="bound the exponent: in a points section's `base`, put the limits that hold for "
        'large values first (`limit "満貫" 2000 when total >= 5`), so `total` is small where '
        "the base is worked out",
    )


def _rulebook_too_slow(steps: int, steps_here: int, span: Span) -> Diagnostic:
    return error(
        "E0415",
        f"the rulebook's expressions together take up to {_number(steps)} steps on one "
        f"reading of a hand, more than the bound of {MAX_RULEBOOK_STEPS:,}",
        span,
        label=f"the costliest, up to {_number(steps_here)} steps",
        help=_LOOPS_HELP,
    )
