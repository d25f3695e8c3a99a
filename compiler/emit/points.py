"""The generated module's `fu_count` and `points` functions: the fu (符) of one reading and
the points (点) a hand is paid on (Riichi), from the rulebook's fu and points sections.

Input is the checked `ir.Rulebook`'s `fu` and `points` (`mjc.compiler.ir.points`), their
expressions found through the slots; output is the two function bodies, written only for a
rulebook with the sections (every other module stays as it was). Both run after `score_fans`
and `adjust` on the reading: a fan's id there reads whether the fan counts in the score (as
in `adjust` and `reject`), `total` is the hand's value after the adjustments (the han),
`tier_total(t)` the sum of what the fans of tier t that count contributed."""

from __future__ import annotations

import contextlib

from mjc.compiler import ir
from mjc.compiler.conditions.facts import FACT_SOURCE
from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.compiler.emit.codeplan import reads
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.emit.slotreader import Held
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.pysource.layout import Doc, parenthesized, string
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.compiler.resolve.points import TIER_PREFIX

__all__ = ["fu_body", "points_body"]

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
    py, needs = _translator(state, exprs)
    body = CodeWriter(indent=1)
    body.line("fu = 0")
    body.line("parts: tuple[tuple[str, int], ...] = ()")
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
    body.line("return fu, parts")
    return state.function(py, body, needs, shared=state.shared_summary)


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
