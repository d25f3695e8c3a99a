"""The functions a generated module runs on one scored reading after `score_fans`:
`adjust` (floors, multipliers, ceilings and fixes, each step named by a stable rule id for
score explanations), `reject` (the scoring section's `minimum` and `reject` lines), and, for a
rulebook with fu and points sections (Riichi), `fu_count` and `points`: the fu (符) of the
reading and the points (点) a hand is paid on.

Input is the checked `ir.Rulebook`'s scoring section and its `fu` and `points`
(`mjc.compiler.ir.points`), their expressions found through the slots; output is each
function's body as lines (`fu_count` and `points` written only for a rulebook with the
sections: every other module stays as it was). `fu_count` and `points` run after `adjust`:
a fan's id there reads whether the fan counts in the score (as in `adjust` and `reject`),
`total` is the hand's value after the adjustments (the han), `tier_total(t)` the sum of what
the fans of tier t that count contributed."""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable

from mjc.compiler import ir
from mjc.compiler.conditions.facts import FACT_SOURCE
from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.compiler.emit.codeplan import reads
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.emit.needguards import Need, need_of_count
from mjc.compiler.emit.slotreader import Held
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.pysource.layout import Doc, bracketed, flat, parenthesized, string
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.compiler.resolve.points import TIER_PREFIX

__all__ = ["adjust_body", "fu_body", "points_body", "reject_body", "rule_id"]

# Locals of the two functions a fact names: read where they are used, never bound first
# (`fu` changes as the items add to it).
_LOCALS = frozenset({"fu", "total", "base"})


def _translator(state: ModuleState, exprs: list[ir.Expr]) -> tuple[PyExpr, list[str]]:
    """A translator over the reading, the fans that count (`counted`, bound when a fan is
    read) and the functions' own locals; the bindings it needs."""
    needs: list[str] = []

    def fan_ref(fan: str) -> str:
        if not needs:
            needs.append("counted = {i for i, _, _ in k}")
        return f"{state.fan_index[fan]} in counted"

    facts = {**FACT_SOURCE, "fu": "fu", "total": "total", "base": "base"}
    for number, tier in enumerate(state.book.scoring.tiers):
        # A fan's place in FANS says its tier: one short test whatever the tier holds.
        facts[TIER_PREFIX + tier.id] = f"sum([p for i, _, p in k if FANS[i].tier == {number}])"

    # A tier's total is read where it is used (its fact's name is no Python name to bind).
    locals_ = _LOCALS | {fact for fact in facts if fact.startswith(TIER_PREFIX)}

    def make(inline: frozenset[str]) -> PyExpr:
        return state.translator(fan_ref, facts, inline | locals_)

    py = make(reads(make, exprs))
    needs.clear()
    return py, needs


def _test(py: PyExpr, h: Held, condition: str = "condition") -> Doc | None:
    """The guard and the condition of an item, `and`-ed, or None when it always applies."""
    tests = [e for e in (h.guard, h.named(condition)) if e is not None]
    if not tests:
        return None
    return py(tests[0] if len(tests) == 1 else ir.BoolOpE(op="and", operands=tuple(tests)))


def _where(at: ir.SourceRef) -> str:
    return f"{at.file}:{at.line}"


def fu_body(state: ModuleState) -> list[str]:
    """The fu of one reading and its parts as (label, fu), item by item in the order written:
    an `add` that holds adds its amount (times its `per`), a `fix` that holds returns its
    amount alone, a `round up` rounds the count so far (rounding is no part)."""
    section = state.book.fu
    assert section is not None
    held = [(item, state.slots.held(item)) for item in section.items]
    fields = ("amount", "per", "condition")
    exprs = [e for _, h in held for e in (h.guard, *map(h.named, fields)) if e is not None]
    runs = _fu_runs(held)
    exprs += [need.guard for need, _ in runs if need is not None]
    py, needs = _translator(state, exprs)
    # Each run is written apart first: a count only the items under one need read is
    # worked out under that need's test, not on every reading.
    written: list[tuple[Need | None, Doc | None, CodeWriter]] = []
    for need, run in runs:
        guard = None if need is None else py(need.guard)
        items = CodeWriter(indent=1 if need is None else 2)
        _fu_items(items, py, run)
        written.append((need, guard, items))
    hoisted = dict(py.hoisted.values())
    later = _read_in_one(hoisted, [items.lines() for _, _, items in written], needs)
    body = CodeWriter(indent=1)
    body.line("fu = 0")
    body.line("parts: tuple[tuple[str, int], ...] = ()")
    for k, (need, guard, items) in enumerate(written):
        if need is None or guard is None:
            body.extend(items)
            continue
        body.comment(f"Items that need {need.words}: none of them adds without.")
        with body.when(guard):
            for name in later.get(k, ()):
                body.assign(name, hoisted[name])
            body.extend(items)
    body.line("return fu, parts")
    names = frozenset(name for mine in later.values() for name in mine)
    return state.function(py, body, needs, shared=state.shared_summary, later=names)


def _read_in_one(
    hoisted: dict[str, Doc], blocks: list[list[str]], bindings: list[str]
) -> dict[int, list[str]]:
    """The counts of melds equal to one meld (`x_counted_<n>`, `meldequal`) that one block
    alone reads, by its place in `blocks`: neither another block, nor a binding, nor another
    hoisted local reads them. Such a count reads only the prelude's locals."""
    texts = ["\n".join(lines) for lines in blocks]
    others = [*bindings, *(flat(doc) for doc in hoisted.values())]
    found: dict[int, list[str]] = {}
    for name in hoisted:
        if not name.startswith("x_counted_"):
            continue
        word = re.compile(rf"\b{name}\b")
        readers = [k for k, text in enumerate(texts) if word.search(text)]
        if len(readers) == 1 and not any(word.search(text) for text in others):
            found.setdefault(readers[0], []).append(name)
    return found


def _fu_need(item: ir.FuItem, h: Held) -> Need | None:
    """What an `add` item's `per` count needs to be more than 0 (a pung, a kong, ...), or
    None: a plain count over a list (`count m in kongs: …`) is 0 without, so the item adds
    nothing (its amount times 0); a count less another may fall below 0, and is not."""
    per = h.named("per")
    if item.kind != "add" or not isinstance(per, ir.QuantE) or per.kind != "count":
        return None
    return need_of_count(per)


def _fu_runs(
    held: list[tuple[ir.FuItem, Held]],
) -> list[tuple[Need | None, list[tuple[ir.FuItem, Held]]]]:
    """The items in order, those in a row (two at the least) whose counts need the same
    thing under one test of it: most hands hold no kong, and their four items' counts each
    cost a summary read and a test."""
    runs: list[tuple[Need | None, list[tuple[ir.FuItem, Held]]]] = []
    for item, h in held:
        need = _fu_need(item, h)
        before = runs[-1][0] if runs else None
        if need is not None and before is not None and before.key == need.key:
            runs[-1][1].append((item, h))
            continue
        runs.append((need, [(item, h)]))
    # A need of one item alone is no saving: its count is its own test.
    return [(need if len(run) > 1 else None, run) for need, run in runs]


def _fu_items(body: CodeWriter, py: PyExpr, held: list[tuple[ir.FuItem, Held]]) -> None:
    """Each fu item of `held` in order (`fu_body`)."""
    for item, h in held:
        amount = h.named("amount")
        assert amount is not None, "every fu item has an amount"
        label = string(item.label or "")
        keyword = "round up" if item.kind == "round" else item.kind
        words = f"{keyword} {pretty(amount)} {item.label or ''}".rstrip()
        body.comment(f"{words} ({_where(item.at)})")
        if item.kind == "round":
            body.stmt("fu = -(-fu // ", parenthesized(py(amount)), ") * ", py(amount))
            continue
        test = _test(py, h)
        per = h.named("per")

        def write(
            item: ir.FuItem = item,
            amount: ir.Expr = amount,
            per: ir.Expr | None = per,
            label: Doc = label,
        ) -> None:
            if item.kind == "fix":
                body.stmt("return ", py(amount), ", ((", label, ", ", py(amount), "),)")
                return
            if per is None and isinstance(amount, ir.IntE):  # a number: added as it is
                body.line(f"fu += {amount.value}")
                body.stmt("parts += ((", label, f", {amount.value}),)")
                return
            if per is None:
                body.assign("worth", py(amount))
            else:
                body.assign("worth", (parenthesized(py(amount)), " * ", parenthesized(py(per))))
            with body.when("worth"):
                body.line("fu += worth")
                body.stmt("parts += ((", label, ", worth),)")

        if test is None:
            write()
        else:
            with body.when(test):
                write()


def points_body(state: ModuleState) -> list[str]:
    """The points of one reading and the limit that names them (None: the base, no limit
    holding): the limits in the order written, the base worked out before the first that
    reads it (or after the last)."""
    section = state.book.points
    assert section is not None
    base = state.slots.held(section).number
    assert base is not None, "a points section has a base"
    limits = [(limit, state.slots.held(limit)) for limit in section.limits]
    exprs = [base] + [e for _, h in limits for e in (h.guard, h.when, h.number) if e is not None]
    py, needs = _translator(state, exprs)
    body = CodeWriter(indent=1)
    based = False
    reading = [_reads_base([h.when, h.number, h.guard]) for _, h in limits]
    first = reading.index(True) if True in reading else -1  # the base is worked out before it
    runs = _runs([(h, k == first) for k, (_, h) in enumerate(limits)])
    at = 0
    for run, least in runs:
        group = contextlib.nullcontext() if least is None else body.when(f"total >= {least}")
        if least is not None:
            body.comment(f"the next {len(run)} limits hold only from a total of {least} up")
        with group:
            for k in range(at, at + len(run)):
                limit, h = limits[k]
                amount = h.number
                assert amount is not None and h.when is not None
                if k == first:
                    body.comment(f"base ({_where(section.base_at)})")
                    body.assign("base", py(base))
                    based = True
                body.comment(f"limit {limit.name} ({_where(limit.at)})")
                tests = [e for e in (h.guard, h.when) if e is not None]
                test = ir.BoolOpE(op="and", operands=tuple(tests)) if len(tests) > 1 else tests[0]
                with body.when(py(test)):
                    body.stmt("return ", py(amount), ", ", string(limit.name))
        at += len(run)
    if not based:
        body.comment(f"base ({_where(section.base_at)})")
        body.stmt("return ", py(base), ", None")
    else:
        body.line("return base, None")
    return state.function(py, body, needs)


def _least_total(h: Held) -> int | None:
    """The least total at which a limit may hold, when its condition (or guard) says
    `total >= N` (or `total > N`) among what it `and`s; None when it says no such thing."""
    found = None
    for part in ir.conjuncts(h.guard) + ir.conjuncts(h.when):
        match part:
            case ir.CompareE(
                op=">=" | ">" as op, left=ir.FactE(fact="total"), right=ir.IntE(value=number)
            ):
                least = number + (op == ">")
                found = least if found is None else max(found, least)
    return found


def _runs(limits: list[tuple[Held, bool]]) -> list[tuple[list[Held], int | None]]:
    """The limits, each with whether the base is worked out before it, cut into runs: a run
    of two or more that each hold only from some total up, with the least of those totals
    (none of them works out the base: that stays outside any test), or one limit alone with
    None. Most hands are below every limit: one test of the run's least total stands for
    the tests of each of its limits (Riichi: ten limits, 満貫 and up)."""
    runs: list[tuple[list[Held], int | None]] = []
    run: list[Held] = []
    lows: list[int] = []

    def close() -> None:
        if len(run) > 1:
            runs.append((list(run), min(lows)))
        else:
            runs.extend(([h], None) for h in run)
        run.clear()
        lows.clear()

    for h, bases in limits:
        least = None if bases else _least_total(h)
        if least is None:
            close()
            runs.append(([h], None))
        else:
            run.append(h)
            lows.append(least)
    close()
    return runs


def _reads_base(exprs: list[ir.Expr | None]) -> bool:
    return any(
        isinstance(node, ir.FactE) and node.fact == "base"
        for node in ir.subnodes(e for e in exprs if e is not None)
    )


# ---------------------------------------------------------------------- adjust(), reject()


# What writes one adjustment's code, given its rule id.
_Step = Callable[[CodeWriter, PyExpr, ir.Adjustment, Held, str], None]


def adjust_body(state: ModuleState) -> list[str]:
    """Floors, multipliers, ceilings, fixes, in that order (see `ir.Adjustment`): the final
    value, the floor that raised it (0 if none), whether a ceiling cut it, the first ceiling
    that held (None if none did), and the steps that changed the value as (kind, value, total
    after, rule id), the rule id `<keyword>@<file name>#<n>` (`rule_id`). A step's tuple is
    built only when the step fires, so the common hand pays for one empty tuple."""
    scoring = state.book.scoring
    adjustments = [(a, state.slots.held(a)) for a in scoring.adjustments]
    # The condition before the value: the translator numbers what it meets in this order.
    exprs = [e for _, h in adjustments for e in (h.when, h.number) if e is not None]
    py, needs = state.after_fans(exprs)
    body = CodeWriter(indent=1)
    by_kind = {
        k: [(a, h) for a, h in adjustments if a.kind == k]
        for k in ("floor", "multiply", "ceiling", "fix")
    }

    def step(write: _Step, a: ir.Adjustment, h: Held) -> Callable[[], None]:
        return functools.partial(write, body, py, a, h, rule_id(a, scoring))

    body.line("steps: tuple[tuple[str, int, int, str], ...] = ()")
    body.line("least = 0")
    floors = by_kind["floor"]
    if floors:
        body.line("floor_rule = ''")
    for a, h in floors:
        body.comment(_line_of(a))
        body.first([(_when(py, h), step(_floor, a, h))])
    if floors:
        with body.block("if least > total"):
            body.line("total = least")
            body.line("steps = (('floor', least, total, floor_rule),)")
        with body.block("else"):
            body.line("least = 0")
    else:  # no floor: the value is at least 0 all the same
        with body.block("if total < 0"):
            body.line("total = 0")
    for a, h in by_kind["multiply"]:
        body.comment(_line_of(a))
        body.first([(_when(py, h), step(_multiply, a, h))])
    body.line("capped = False")
    # The first ceiling that holds, kept whether or not it cuts (settlement's loss cap).
    body.line("ceiling: int | None = None")
    ceilings = by_kind["ceiling"]
    if ceilings:
        body.line("ceiling_rule = ''")
    body.first([(_when(py, h), step(_ceiling, a, h)) for a, h in ceilings])
    if ceilings:
        with body.block("if ceiling is not None and total > ceiling"):
            body.line("total = ceiling")
            body.line("capped = True")
            body.line("steps += (('ceiling', ceiling, total, ceiling_rule),)")
    fixes = by_kind["fix"]
    body.first([(_when(py, h), step(_fix, a, h)) for a, h in fixes])
    body.line("return total, least, capped, ceiling, steps")
    return state.function(py, body, needs)


def rule_id(adjustment: ir.Adjustment, scoring: ir.Scoring) -> str:
    """A scoring line's stable id in score explanations: `floor@guangdong.mjr#2` (the
    keyword, the rulebook's file name without its folder, which line of that keyword in the
    scoring section it is; `ir.line_id`)."""
    same = [a.at for a in scoring.adjustments if a.kind == adjustment.kind]
    return ir.line_id(adjustment.kind, adjustment.at, same)


def _value(h: Held) -> ir.Expr:
    assert h.number is not None, "every scoring line has a value"
    return h.number


def _ceiling(body: CodeWriter, py: PyExpr, a: ir.Adjustment, h: Held, rule: str) -> None:
    body.comment(_line_of(a))
    body.assign("ceiling", py(_value(h)))
    body.stmt("ceiling_rule = ", string(rule))


def _fix(body: CodeWriter, py: PyExpr, a: ir.Adjustment, h: Held, rule: str) -> None:
    body.comment(_line_of(a))
    body.assign("total", py(_value(h)))
    body.stmt("steps += (('fixed', total, total, ", string(rule), "),)")


def _floor(body: CodeWriter, py: PyExpr, a: ir.Adjustment, h: Held, rule: str) -> None:
    with body.when((parenthesized(py(_value(h))), " > least")):
        body.assign("least", py(_value(h)))
        body.stmt("floor_rule = ", string(rule))


def _multiply(body: CodeWriter, py: PyExpr, a: ir.Adjustment, h: Held, rule: str) -> None:
    body.assign("factor", py(_value(h)))
    body.line("total *= factor")
    body.stmt("steps += (('multiply', factor, total, ", string(rule), "),)")


def _when(py: PyExpr, h: Held) -> Doc | None:
    return py(h.when) if h.when is not None else None


def reject_body(state: ModuleState) -> list[str]:
    """Why this scored hand may not win after all, or None."""
    rejects = [(r, state.slots.held(r).when) for r in state.book.scoring.rejects]
    least = state.book.scoring.minimum
    value = state.slots.held(least).number if least is not None else None
    tested = [when for _, when in rejects if when is not None]
    py, needs = state.after_fans(tested + ([value] if value is not None else []))
    body = CodeWriter(indent=1)
    if least is not None and value is not None:
        _minimum(body, py, state, least, value)
    for r, when in rejects:
        assert when is not None, "every reject line has a condition"
        body.comment(f"{r.at.file}:{r.at.line}")
        with body.when(py(when)):
            body.stmt("return ", string(r.reason))
    body.line("return None")
    return state.function(py, body, needs)


def _minimum(
    body: CodeWriter, py: PyExpr, state: ModuleState, least: ir.Minimum, value: ir.Expr
) -> None:
    """`minimum N without F, G`: a hand whose total, less the points the named fans add, is
    below N is not a win; the reason names the minimum and the fans not counted."""
    names = {fan.id: fan.name for fan in state.book.fans}
    without = f" without {', '.join(least.without)}" if least.without else ""
    body.comment(f"minimum {pretty(value)}{without} ({least.at.file}:{least.at.line})")
    short: Doc = "total"
    words = f" {state.book.scoring.unit}"
    if least.without:
        not_counted = ", ".join(f"{names[fan]} {fan}" for fan in least.without)
        body.comment(f"the points of {not_counted} do not count toward it")
        fans: list[Doc] = [str(state.fan_index[fan]) for fan in least.without]
        # A plain loop over the fans kept: half the cost of `sum` over a generator, per reading.
        # Several fans as a set display, which Python keeps as one frozenset: one hash probe
        # per fan kept, not a comparison with each fan named.
        body.line("toward = total")
        with body.block("for i, _, p in k"):
            named: Doc = ("i == ", fans[0]) if len(fans) == 1 else ("i in ", _set_of(fans))
            with body.when(named):
                body.line("toward -= p")
        short = "toward"
        words += ", not counting " + ", ".join(names[fan] for fan in least.without)
    if isinstance(value, ir.IntE):
        reason: Doc = string(f"worth less than the minimum of {value.value}{words}")
        limit: Doc = str(value.value)
    else:
        body.assign("least", py(value))
        reason = ("'worth less than the minimum of ' + str(least) + ", string(words))
        limit = "least"
    with body.when((short, " < ", limit)):
        body.stmt("return ", reason)


def _set_of(items: list[Doc]) -> Doc:
    """A set display of two items or more: `{a, b}`, one item per line when it breaks."""
    return bracketed("{", items, "}")


def _line_of(adjustment: ir.Adjustment) -> str:
    return f"{adjustment.kind} ({_where(adjustment.at)})"
