"""The plan of one pass over the fans of a generated `score_fans`, after they are counted:
each fan's relations, the limits and the tiers' sums at once, for rulebooks whose tiers add.

Written the plain way (`emit_scoring`), the code after the counts tests every fan twice: once
for the fans it removes (in RELATION_ORDER), once more for its tier's sum (in table order). A
hand holds few of its fans (MCR: 6 of 81 on average), so most of those tests read a zero.
RELATION_ORDER puts each fan after every fan that excludes or replaces it, so when the pass
reaches a fan its count is final: one test serves its relations and its tier both. A fan a
`limit` names adds its value after the last limit that names it, and a limit runs as soon as
every fan it reads is final (limits keep their order). `kept` then comes in pass order, not
table order; the plan lists the fans that can count together the other way round, so that the
code sorts `kept` only when they do.

(One int with a bit per fan, walked set bit by set bit with tables of masks, costs more on
CPython 3.11: a fan's big-int operations take about 100 ns, twenty tests of a zero local.)

Input is the scoring plan (`codeplan.ScoringPlan`), the rulebook and its table of slots;
output is a `OnePass`, or None when a tier does more than add (max, multiply, a mode the
options choose, a cap below zero): those keep the plain way. A fan whose value the options or
an open hand set (食い下がり) works its value out where it counts, not on every hand; a tier
that overrides others raises its flag where one of its fans counts, and the tiers it
overrides leave the total (and `kept`) after the pass when it is up.
"""

from __future__ import annotations

from collections.abc import Iterable

from mjc.compiler import ir
from mjc.compiler.emit.codeplan import FanPlan, ScoringPlan
from mjc.compiler.emit.slotreader import SlotReader
from mjc.compiler.pysource.pysafe import ident
from mjc.frozen import Frozen, frozen

# Above this many fans that can come before a fan of a lower index, `kept` is sorted whenever
# it holds two fans: one test each would cost more than it saves.
MOST_ORDER_TESTS = 4


@frozen
class FanStep(Frozen):
    """`if f_<id>:` the fans it removes set to 0, then (`adds`) its value added to its tier."""

    fan: FanPlan
    removes: tuple[str, ...]  # the locals it sets to 0, in the order the rulebook names them
    adds: bool  # False for a fan a limit names: it adds after the limit (`LimitStep.then`)


@frozen
class LimitStep(Frozen):
    """One `limit`, then the fans whose last limit it is, adding their cut counts."""

    limit: ir.Limit
    then: tuple[FanPlan, ...]


@frozen
class OnePass(Frozen):
    steps: tuple[FanStep | LimitStep, ...]
    sums: tuple[tuple[str, str], ...]  # (tier id, the local its fans add to)
    # (a fan's local, the locals of fans added after it that come before it in FANS): `kept`
    # needs sorting when one of these pairs counts. None: sort whenever `kept` holds two.
    unordered: tuple[tuple[str, tuple[str, ...]], ...] | None


def plan_one_pass(book: ir.Rulebook, plan: ScoringPlan, slots: SlotReader) -> OnePass | None:
    """The pass for `book`, or None when its tiers need the plain way (see the docstring)."""
    if not plan.tiers:
        return None
    for tier in plan.tiers:
        caps = [tier.cap] if tier.cap is not None else []
        caps += [number for number, _ in tier.guarded_caps]
        # A tier with no fan counting adds nothing and is never cut: a cap below zero would cut
        # the pass's sum of zero.
        if tier.combine != "add" or tier.alternatives:
            return None
        if min(caps, default=0) < 0:
            return None
    by_id = {fan.id: fan for fan in book.fans}
    fans = {fan.id: fan for fan in plan.fans}
    position = {fan_id: i for i, fan_id in enumerate(book.relation_order)}
    removes = {
        fan_id: tuple(fans[t].local for t in (*by_id[fan_id].excludes, *by_id[fan_id].replaces))
        for fan_id in book.relation_order
    }
    limits = book.scoring.limits
    last_limit = {fan: j for j, limit in enumerate(limits) for fan in limit.fans}
    # A limit runs after the last fan it reads and after the limit before it.
    ready: list[int] = []
    for limit in limits:
        held = slots.held(limit)
        read = {*limit.fans, *_fans_read((held.number, held.when))}
        ready.append(max([position[f] for f in read] + ready[-1:]))
    steps: list[FanStep | LimitStep] = []
    added: list[FanPlan] = []  # in the order the pass adds them to `kept`
    j = 0
    for i, fan_id in enumerate(book.relation_order):
        fan = fans[fan_id]
        adds = fan_id not in last_limit
        steps.append(FanStep(fan, removes[fan_id], adds))
        if adds:
            added.append(fan)
        while j < len(limits) and ready[j] == i:
            then = tuple(fans[f] for f in book.relation_order if last_limit.get(f) == j)
            steps.append(LimitStep(limits[j], then))
            added += then
            j += 1
    # One tier without caps adds straight into the total.
    alone = len(plan.tiers) == 1 and _uncapped(plan)
    sums = tuple((tier.id, "total" if alone else ident("sum_", tier.id)) for tier in plan.tiers)
    return OnePass(tuple(steps), sums, _unordered(added, removes, _apart(book)))


def _uncapped(plan: ScoringPlan) -> bool:
    return all(tier.cap is None and not tier.guarded_caps for tier in plan.tiers)


def _apart(book: ir.Rulebook) -> set[tuple[str, str]]:
    """The pairs of fans never kept together: one's tier overrides the other's."""
    members: dict[str, list[str]] = {}
    for fan in book.fans:
        members.setdefault(fan.tier, []).append(fan.id)
    found: set[tuple[str, str]] = set()
    for tier in book.scoring.tiers:
        for target in tier.overrides:
            for first in members.get(tier.id, ()):
                for second in members.get(target, ()):
                    found |= {(first, second), (second, first)}
    return found


def _unordered(
    added: list[FanPlan], removes: dict[str, tuple[str, ...]], apart: set[tuple[str, str]]
) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """For each fan added to `kept`, the fans added after it that come before it in FANS and
    can count beside it: not one that removes the other (it would not count), not one that
    needs another shape, not one of a tier that overrides the other's (`apart`)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for i, first in enumerate(added):
        later = tuple(
            second.local
            for second in added[i + 1 :]
            if second.index < first.index
            and second.local not in removes[first.id]
            and first.local not in removes[second.id]
            and not (first.shapes and second.shapes and not first.shapes & second.shapes)
            and (first.id, second.id) not in apart
        )
        if later:
            found.append((first.local, later))
    return tuple(found) if len(found) <= MOST_ORDER_TESTS else None


def _fans_read(exprs: Iterable[ir.Expr | None]) -> set[str]:
    """The fans the expressions refer to."""
    return {node.fan for node in ir.subnodes(exprs) if isinstance(node, ir.FanRefE)}
