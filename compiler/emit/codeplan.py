"""The plan of a generated module's scoring code: decided from the IR before any is written.

Input is a checked `ir.Rulebook`; output is frozen plans the emitters (`emit_scoring.py`,
`emit_rules.py`) turn into code: for each fan, what it is called, the rulebook line and
condition shown above it and how its count is evaluated; for each tier, its members, the
tiers that override it and its caps; and for each generated function, which facts it reads
and which of them are read in place rather than bound to a local first. That last choice is
made by translating the function's expressions once to count their reads (`reads`), never by
rewriting code already written. A fan's and a tier's expressions are found through the table
of slots (`mjc.compiler.emit.slotreader.SlotReader`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mjc.compiler import ir
from mjc.compiler.conditions.pyexpr import PyExpr, is_cheap
from mjc.compiler.emit import fangroups, needguards
from mjc.compiler.emit.slotreader import SlotReader
from mjc.compiler.ir.graphs import topological_order
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.pysource.pysafe import ident
from mjc.frozen import Frozen, frozen

_COMBINE_WORDS = {
    "add": "fans add up",
    "max": "the highest fan counts alone",
    "multiply": "fans multiply",
}


def reads(make: Callable[[frozenset[str]], PyExpr], exprs: Iterable[ir.Expr]) -> frozenset[str]:
    """The facts one generated function reads in place: those read once (any other is bound
    to a local `x_<fact>` at the top of the function). `make` builds the function's
    translator for a given in-place set."""
    return _in_place(counted(make, exprs))


def counted(make: Callable[[frozenset[str]], PyExpr], exprs: Iterable[ir.Expr]) -> PyExpr:
    """The translator that has translated `exprs` once, counting what they read: how often
    each fact (`reads`) and each loop (`shared_loops`); one pass answers both."""
    counting = make(frozenset())
    for expr in exprs:
        counting(expr)
    return counting


def tallied(make: Callable[[frozenset[str]], PyExpr], counters: Iterable[PyExpr]) -> PyExpr:
    """What `counted` answers of some expressions, from translators of `make(frozenset())`
    that each translated some of them already: their counts summed (the facts read and the
    loops met, and the facts read in a loop's body), without translating them again. One
    translator counts an expression as another does: a count depends on the expression and
    the translator's settings, not on what the translator translated before."""
    total = make(frozenset())
    facts, quantifiers = total.facts, total.quantifiers
    for one in counters:
        for fact, times in one.facts.items():
            facts[fact] = facts.get(fact, 0) + times
        for loop, times in one.quantifiers.items():
            quantifiers[loop] = quantifiers.get(loop, 0) + times
        total.looped |= one.looped
    return total


def _in_place(counting: PyExpr) -> frozenset[str]:
    """The facts read once: each written where it is read, so that one built by a loop (the
    chows, the declared melds) runs only when the test reading it is reached (most are
    under guards a hand seldom passes), not on every call. Not one read in a loop's body,
    where it would run per item, unless its source is one attribute read."""
    return frozenset(
        fact
        for fact, times in counting.facts.items()
        if times == 1 and (is_cheap(counting.fact_source[fact]) or fact not in counting.looped)
    )


def shared_loops(counting: PyExpr) -> frozenset[ir.QuantE]:
    """The quantifiers that loop and stand in more than one place of the function's
    conditions (`counting`: `counted`), equal as lowered IR (四暗刻, 三暗刻, 双暗刻 count the same
    concealed pungs): each is computed once into a local that every place reads
    (`PyExpr.shared`)."""
    return frozenset(key for key, times in counting.quantifiers.items() if times > 1)


@frozen
class FanPlan(Frozen):
    """One fan's code: `local = per if condition else 0` (or 1, or `per`, when the condition
    always holds), under a comment naming it, its rulebook line and its condition."""

    id: str
    index: int
    local: str  # its count in the scoring function, `f_<id>`
    title: str  # `name id (file:line)`: rulebook text, escaped when written
    shown: str  # the condition as the rulebook writes it, escaped when written
    condition: ir.Expr | None  # None: always holds
    per: ir.Expr | None
    clamp: bool  # the per count may be below zero as written: then 0 (not at all)
    # Whether its local holds True or False, not a count: a fan without `per` that no limit
    # cuts. CPython tests a bool in `if f_<id>:` at half the cost of an int, and the relations
    # test every fan once.
    flag: bool = False
    # What it reads and how that was compiled (`fangroups`), written above it.
    group: str = fangroups.SITUATION
    how: str = ""
    # The shape test its condition starts with, and the condition after it: fans in a row
    # under the same test are written under one `if` (`ScoringPlan.runs`).
    guard: ir.Expr | None = None
    shapes: frozenset[str] = frozenset()
    rest: ir.Expr | None = None
    # What the rest needs (`needguards`): fans in a row of the same need are written under
    # one `if` of its test (`need_runs`).
    need: needguards.Need | None = None

    @property
    def zero(self) -> str:
        """What its local holds when it does not count."""
        return "False" if self.flag else "0"

    @property
    def count(self) -> str:
        """Its count where it counts, as an int: 1 for a flag."""
        return "1" if self.flag else self.local


@frozen
class ValuePlan(Frozen):
    """A fan whose value depends on the options: the base, then (value, guard) pairs of
    which the last that holds wins."""

    local: str  # `value_<id>`
    name: str
    base: ir.Expr
    guarded: tuple[tuple[ir.Expr, ir.Expr], ...]
    # On an open hand (食い下がり): (value, options guard or None), the last that holds wins.
    open: tuple[tuple[ir.Expr, ir.Expr | None], ...] = ()


@frozen
class TierPlan(Frozen):
    id: str
    flag: str  # `on_<id>`: whether one of its fans counts
    heading: str  # `name (id): how its fans combine`, escaped when written
    combine: str
    members: tuple[FanPlan, ...]
    overriders: tuple[str, ...]  # flags of the tiers that, when on, leave this one out
    alternatives: tuple[tuple[str, ir.Expr], ...]
    cap: int | None  # the cap without a guard
    guarded_caps: tuple[tuple[int, ir.Expr], ...]


@frozen
class ScoringPlan(Frozen):
    """`score_fans(a, s, o)`: every fan's count, then relations and tiers, in one function."""

    fans: tuple[FanPlan, ...]  # in evaluation order
    relations: tuple[tuple[str, str], ...]  # (local that counts, local it sets to 0)
    values: dict[str, int | str]  # fan id -> its value: a number or its `ValuePlan` local
    valued: tuple[ValuePlan, ...]
    tiers: tuple[TierPlan, ...]  # in the order they are combined
    sort_kept: bool  # whether the kept fans must be sorted back into table order
    inline: frozenset[str]
    shared: frozenset[ir.QuantE] = frozenset()  # loops computed once (`shared_loops`)
    lengths: frozenset[str] = frozenset()  # lengths taken out once (`lengths_read`)

    def zero(self, local: str) -> str:
        """What the fan whose local is `local` holds when it does not count (`FanPlan.zero`)."""
        return next(fan.zero for fan in self.fans if fan.local == local)

    def runs(self) -> list[tuple[ir.Expr | None, tuple[FanPlan, ...]]]:
        """The fans in evaluation order as runs under one shape test (None: each fan tests
        what it tests itself); a run is two fans or more."""
        found: list[tuple[ir.Expr | None, tuple[FanPlan, ...]]] = []
        i = 0
        while i < len(self.fans):
            fan = self.fans[i]
            j = i + 1
            while fan.shapes and j < len(self.fans) and self.fans[j].shapes == fan.shapes:
                j += 1
            if j - i >= 2:
                found.append((fan.guard, self.fans[i:j]))
            else:
                found.append((None, (fan,)))
            i = j
        return found


def need_runs(fans: tuple[FanPlan, ...]) -> list[tuple[needguards.Need | None, list[FanPlan]]]:
    """`fans` as runs of two or more of the same need, under its test (None: each fan alone,
    testing what it tests itself)."""
    found: list[tuple[needguards.Need | None, list[FanPlan]]] = []
    for fan in fans:
        key = fan.need.key if fan.need else None
        if key is not None and found and found[-1][0] is not None:
            need = found[-1][0]
            if need is not None and need.key == key:
                found[-1][1].append(fan)
                continue
        found.append((fan.need, [fan]))
    # A need of one fan alone is no block: its own condition tests it, unless it needs melds
    # its condition does not count itself (一色四步高: four chows, 幺九刻: a pung), a test of as
    # many.
    # Fans of one need with different tests (each its own bit of the tile summary) share the
    # test of any.
    return [(_either(run) if len(run) > 1 else _alone(run[0]), run) for _, run in found]


def _alone(fan: FanPlan) -> needguards.Need | None:
    need = fan.need
    return needguards.more(need) if need is not None and needguards.worth_alone(need) else None


def _either(run: list[FanPlan]) -> needguards.Need:
    """The need of a run of fans of one need: the test of any of their tests."""
    needs = [fan.need for fan in run if fan.need is not None]
    guards = list(dict.fromkeys(need.guard for need in needs))
    if len(guards) == 1:
        return needs[0]
    either = ir.BoolOpE(op="or", operands=tuple(guards))
    return needguards.Need(needs[0].key, needs[0].words, either)


def least_runs(
    fans: list[FanPlan],
) -> list[tuple[needguards.Need | None, list[FanPlan]]]:
    """Fans of one need (a run of `need_runs`) as runs of two or more that need more than one
    meld, as many, under the test of that many (`needguards.more`; None: each fan alone,
    under the run's test only)."""
    found: list[tuple[int, list[FanPlan]]] = []
    for fan in fans:
        least = fan.need.least if fan.need else 1
        if found and found[-1][0] == least:
            found[-1][1].append(fan)
        else:
            found.append((least, [fan]))
    runs: list[tuple[needguards.Need | None, list[FanPlan]]] = []
    for least, run in found:
        if least > 1 and len(run) > 1 and run[0].need is not None:
            runs.append((needguards.more(run[0].need), run))
        else:
            runs.extend((None, [fan]) for fan in run)
    return runs


def plan_scoring(
    book: ir.Rulebook, make: Callable[[frozenset[str]], PyExpr], slots: SlotReader
) -> ScoringPlan:
    """The scoring function's plan; `make` builds its condition translator, `slots` finds
    the expressions of each fan and tier."""
    index = {fan.id: i for i, fan in enumerate(book.fans)}
    by_id = {fan.id: fan for fan in book.fans}
    limited = {fan_id for limit in book.scoring.limits for fan_id in limit.fans}
    planned = {
        fan_id: _fan_plan(by_id[fan_id], index[fan_id], slots, make, fan_id in limited)
        for fan_id in index
    }
    first = {fan_id: plan for fan_id, (plan, _) in planned.items()}
    order = fangroups.grouped_order(
        book.evaluation_order,
        {fan_id: plan.shapes for fan_id, plan in first.items()},
        {fan.id: fan.uses for fan in book.fans},
        {fan_id: plan.need.key if plan.need else None for fan_id, plan in first.items()},
        {fan_id: plan.need.least for fan_id, plan in first.items() if plan.need},
    )
    fans = tuple(first[fan_id] for fan_id in order)
    plans = {plan.id: plan for plan in fans}
    # (each fan's translator counted its own: `counted` of them all, not translated again)
    counting = tallied(make, (planned[plan.id][1] for plan in fans))
    relations = tuple(
        (plans[fan_id].local, plans[target].local)
        for fan_id in book.relation_order
        for target in (*by_id[fan_id].excludes, *by_id[fan_id].replaces)
    )
    values: dict[str, int | str] = {}
    valued: list[ValuePlan] = []
    for fan in book.fans:
        if not fan.values and not fan.open_values:
            values[fan.id] = fan.value
            continue
        if fan.values:
            base_held, *others = slots.pairs(fan, "values")
            assert base_held.number is not None
            base = base_held.number
            guarded = tuple(
                (h.number, h.guard) for h in others if h.number is not None and h.guard is not None
            )
        else:
            base, guarded = ir.IntE(value=fan.value), ()
        opened = tuple((h.number, h.guard) for h in slots.pairs(fan, "open_values") if h.number)
        plan = ValuePlan(ident("value_", fan.id), fan.name, base, guarded, opened)
        valued.append(plan)
        values[fan.id] = plan.local
    tiers, sort_kept = _tier_plans(book, plans, index, slots)
    return ScoringPlan(
        fans=fans,
        relations=relations,
        values=values,
        valued=tuple(valued),
        tiers=tiers,
        sort_kept=sort_kept,
        inline=_in_place(counting),
        shared=shared_loops(counting),
        lengths=lengths_read(fans),
    )


def lengths_read(fans: Iterable[FanPlan]) -> frozenset[str]:
    """The lists of melds whose length the scoring function reads more than once, in the
    fans' conditions and in the tests of their needs (`len(chows) >= 3`, one per need): each
    taken out of the meld summary once per call, not once per test."""
    fans = list(fans)
    keys = [fan.need.key for fan in fans if fan.need is not None]
    needs = {  # a need tested: by a block of fans, or one fan's that it is worth alone
        (fan.need.key, fan.need.least)
        for fan in fans
        if fan.need is not None
        and (keys.count(fan.need.key) > 1 or needguards.worth_alone(fan.need))
    }
    reads = {fact: sum(1 for key, _ in needs if key == fact) for fact in _MELD_LISTS}
    exprs = [e for fan in fans for e in (fan.per, fan.condition)]
    for node in ir.subnodes(exprs):
        match node:
            case ir.CallE(func="len", args=(ir.FactE(fact=fact),)) if fact in _MELD_LISTS:
                reads[fact] += 1
    return frozenset(fact for fact, times in reads.items() if times > 1)


_MELD_LISTS = ("chows", "pungs", "kongs")


def _fan_plan(
    fan: ir.Fan,
    index: int,
    slots: SlotReader,
    make: Callable[[frozenset[str]], PyExpr],
    limited: bool,
) -> tuple[FanPlan, PyExpr]:
    """The fan's plan, and the translator that translated its count and condition alone
    (`make(frozenset())`, to say how it compiles), holding what they read."""
    held = slots.held(fan)
    condition, per = held.when, held.number
    assert condition is not None, "a fan without `when` lines holds always: `true`"
    always = isinstance(condition, ir.BoolE) and condition.value
    alone = make(frozenset())  # translated alone, to say how it compiles
    for expr in (per, condition):
        if expr is not None:
            alone(expr)
    guarded = fangroups.split_guard(None if always else condition)
    plan = FanPlan(
        id=fan.id,
        index=index,
        local=ident("f_", fan.id),
        title=f"{fan.name} {fan.id} ({fan.at.file}:{fan.at.line})",
        shown=f"when {pretty(condition)}" + (f", per {pretty(per)}" if per else ""),
        condition=None if always else condition,
        per=per,
        clamp=per is not None and not _never_negative(per),
        flag=per is None and not limited,
        group=fangroups.group_of(fangroups.facts_read((per, condition))),
        how=fangroups.how_compiled(alone),
        guard=guarded.guard,
        shapes=guarded.shapes,
        rest=guarded.rest,
        need=needguards.need_of(guarded.rest) or needguards.need_of_count(per),
    )
    return plan, alone


def _never_negative(expr: ir.Expr) -> bool:
    """Whether a `per` count is never below zero as written (a `count`, a length, a literal,
    a `sum` of such counts), so that it needs no `max(…, 0)`."""
    if isinstance(expr, ir.IntE):
        return expr.value >= 0
    if isinstance(expr, ir.QuantE):
        return expr.kind == "count" or (expr.kind == "sum" and _never_negative(expr.body))
    return isinstance(expr, ir.CallE) and expr.func in ("len", "suits", "copies")


def _tier_plans(
    book: ir.Rulebook, plans: dict[str, FanPlan], index: dict[str, int], slots: SlotReader
) -> tuple[tuple[TierPlan, ...], bool]:
    """The tiers in the order they combine (a tier before those it overrides), leaving out
    tiers without fans (never on), and whether `kept` comes out of table order."""
    tiers = {tier.id: tier for tier in book.scoring.tiers}
    overridden_by: dict[str, list[str]] = {t: [] for t in tiers}
    for tier in book.scoring.tiers:
        for target in tier.overrides:
            overridden_by[target].append(tier.id)
    order = topological_order(list(tiers), overridden_by)
    members = {t: tuple(plans[f.id] for f in book.fans if f.tier == t) for t in order}
    found = []
    for tier_id in order:
        tier = tiers[tier_id]
        if not members[tier_id]:
            continue
        # (cap, guard) and (mode, guard) pairs, of which only the guards are expressions
        caps = list(zip((n for n, _ in tier.caps), slots.pairs(tier, "caps"), strict=True))
        modes = zip(
            (m for m, _ in tier.alternatives), slots.pairs(tier, "alternatives"), strict=True
        )
        found.append(
            TierPlan(
                id=tier_id,
                flag=ident("on_", tier_id),
                heading=f"{tier.name} ({tier_id}): {_COMBINE_WORDS[tier.combine]}.",
                combine=tier.combine,
                members=members[tier_id],
                overriders=tuple(ident("on_", t) for t in overridden_by[tier_id] if members[t]),
                alternatives=tuple((m, h.guard) for m, h in modes if h.guard is not None),
                cap=next((n for n, h in caps if h.guard is None), None),
                guarded_caps=tuple((n, h.guard) for n, h in caps if h.guard is not None),
            )
        )
    return tuple(found), not _kept_in_order(order, overridden_by, members, index)


def _kept_in_order(
    order: list[str],
    overridden_by: dict[str, list[str]],
    members: dict[str, tuple[FanPlan, ...]],
    index: dict[str, int],
) -> bool:
    """Whether `kept` is built in table order (so needs no sort): each tier appends its
    fans in table order, so it is when every two tiers that can both count are emitted
    lowest fans first. A tier overridden by another never counts beside it."""
    indexes = {tier: [index[f.id] for f in members[tier]] for tier in order}
    for i, first in enumerate(order):
        for later in order[i + 1 :]:
            if first in overridden_by[later] or later in overridden_by[first]:
                continue
            if indexes[first] and indexes[later] and max(indexes[first]) > min(indexes[later]):
                return False
    return True
