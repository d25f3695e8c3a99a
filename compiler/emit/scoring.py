"""The scoring function of a generated module: `score_fans` (its `adjust` and `reject` are
`compiler/emit/valuing.py`'s).

Input is the scoring plan (`codeplan.plan_scoring`); output is the function's body as lines.
`score_fans` is the one scoring path: each fan's count (straight-line code, in evaluation
order, under a comment with its rulebook line and condition), then relations, then each tier
combined and capped; when every tier adds, relations, limits and tiers are one pass over the
fans (`compiler/emit/onepass.py`). The expressions of each line are found through the table
of slots (`state.slots`).
"""

from __future__ import annotations

import functools
import io
import itertools
import tokenize
from collections.abc import Callable
from contextlib import nullcontext

from mjc.compiler import ir
from mjc.compiler.conditions.keyedblocks import KeyedBlocks
from mjc.compiler.conditions.pyexpr import AND, OR, PyExpr
from mjc.compiler.emit import onepass
from mjc.compiler.emit.codeplan import (
    FanPlan,
    ScoringPlan,
    TierPlan,
    ValuePlan,
    least_runs,
    need_runs,
    plan_scoring,
)
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.pysource.layout import (
    Break,
    Doc,
    Nest,
    group,
    parenthesized,
    tuple_of,
)
from mjc.compiler.pysource.pysafe import lit
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.runtime.wins.readings import WAIT_FACTS


def score_fans_body(state: ModuleState) -> list[str]:
    """Every fan's count, then relations, then the tiers: (total, kept, notes). Notes are
    (tier id, what, value) for a tier cap that cut ("cap", the cap) and for a mode the
    options chose (the mode, 0); `raw`, when given, receives the counts before relations."""
    index = state.fan_index

    def make(inline: frozenset[str]) -> PyExpr:
        return state.translator(lambda fan: f"f_{fan} > 0", inline=inline)

    plan = plan_scoring(state.book, make, state.slots)
    py = make(plan.inline)
    py.shared, py.lengths = plan.shared, plan.lengths
    guards = state.guards()
    body = CodeWriter(indent=1)
    keyed = KeyedBlocks(py)
    unguarded: list[FanPlan] = []  # fans in a row outside shape blocks, for need blocks
    for guard, run in plan.runs():
        if guard is None:
            unguarded.append(run[0])
            continue
        _needs(body, py, tuple(unguarded), guarded=False, keyed=keyed)
        unguarded = []
        shapes = " or ".join(sorted(run[0].shapes))
        body.comment(f"Fans that need the {shapes} shape: none of them on another shape.")
        with body.when(py(guard)):
            _needs(body, py, run, guarded=True, keyed=keyed)
        with body.block("else"):
            for fan in run:
                body.line(f"{fan.local} = {fan.zero}")
    _needs(body, py, tuple(unguarded), guarded=False, keyed=keyed)
    state.keyed_lines = keyed.lines()
    if plan.fans:
        # Score explanations read the counts before relations; scoring passes no list.
        locals_in_table_order: list[Doc] = [
            f.local for f in sorted(plan.fans, key=lambda f: f.index)
        ]
        with body.block("if raw is not None"):
            if any(f.flag for f in plan.fans):  # True and False given as the counts 1 and 0
                body.stmt("raw.extend(map(int, ", tuple_of(locals_in_table_order), "))")
            else:
                body.stmt("raw.extend(", tuple_of(locals_in_table_order), ")")
    one = onepass.plan_one_pass(state.book, plan, state.slots)
    if one is not None:
        _one_pass(body, py, state, plan, one, guards)
    else:
        _relations_and_values(body, plan, guards)
        for limit in state.book.scoring.limits:
            _limit(body, py, state, limit)
        _start_kept(body)
        for tier in plan.tiers:
            _tier(body, tier, plan, guards, index)
        if plan.sort_kept:
            with body.block("if len(kept) > 1"):
                body.line("kept.sort()")
    body.line("return total, tuple(kept), notes")
    state.finish(guards)
    # The caller makes the reading's summary (`x`) once for `score_fans` and a fu section's
    # `fu_count`, and once for the readings of one arrangement that place the winning tile
    # (`mjc.runtime.wins.readings.placements`); from its suits' words (`summarize_hand`) for
    # a hand that splits one way.
    # Some fan reads where the winning tile sits: scoring then reads the hand one reading per
    # place (`Ruleset.score`).
    places_win = bool(state.facts & WAIT_FACTS)
    body, later = bind_late(body, keyed.derived_locals())
    return state.function(py, body, shared=state.book.fu is not None or places_win, later=later)


def bind_late(body: CodeWriter, locals_: dict[str, Doc]) -> tuple[CodeWriter, frozenset[str]]:
    """`body` with each of `locals_` (hoisted locals the prelude would work out for every
    reading) worked out instead at the top of the one `if` block of score_fans that reads
    it (`x_chow_held`: MCR's chow limit, under its test of the chow fans), or nowhere when
    nothing reads it; and those names, which the prelude leaves out. A local read anywhere
    else stays in the prelude."""
    lines = body.lines()
    late: set[str] = set()
    for name, doc in locals_.items():
        readers = _lines_reading(lines, name)
        if readers is None:
            continue  # (not read as tokens: left in the prelude)
        if not readers:
            late.add(name)
            continue
        at = _block_of(lines, readers)
        if at is None:
            continue
        inner = CodeWriter(indent=2)
        inner.comment(f"{name}: worked out here, the one place of score_fans that reads it")
        inner.assign(name, doc)
        lines[at:at] = inner.lines()
        late.add(name)
    out = CodeWriter(indent=1)
    for line in lines:
        out.line(line[4:] if line else line)
    return out, frozenset(late)


def _lines_reading(lines: list[str], name: str) -> list[int] | None:
    """The indexes of the lines of `lines` (a function's body) that read `name`, by Python's
    tokens (not in a comment or a text, not an attribute after a dot), or None when they do
    not tokenize."""
    if any("\n" in line for line in lines):
        return None  # (a line of several: its indexes would not be the tokens' lines)
    found: list[int] = []
    after_dot = False
    try:
        source = io.StringIO("\n".join(lines) + "\n")
        for token in tokenize.generate_tokens(source.readline):
            if token.type == tokenize.NAME and token.string == name and not after_dot:
                found.append(token.start[0] - 1)
            after_dot = token.type == tokenize.OP and token.string == "."
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return sorted(set(found))


def _block_of(lines: list[str], readers: list[int]) -> int | None:
    """Where the body of the one top-level `if` of score_fans' `lines` holding every line
    of `readers` starts (its header's last line, plus one), or None when they are not all
    in one such block."""
    top = "    "
    header = next((i for i in range(readers[0], -1, -1) if _indent(lines[i]) <= len(top)), None)
    if header is None or not lines[header].startswith(top + "if "):
        return None
    end = next((i for i in range(header, len(lines)) if lines[i].rstrip().endswith(":")), None)
    if end is None:
        return None
    last = next(
        (i for i in range(end + 1, len(lines)) if lines[i] and _indent(lines[i]) <= len(top)),
        len(lines),
    )
    return end + 1 if all(end < i < last for i in readers) else None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" ")) if line.strip() else 1 << 30


def _needs(
    out: CodeWriter,
    py: PyExpr,
    fans: tuple[FanPlan, ...],
    guarded: bool,
    keyed: KeyedBlocks | None = None,
) -> None:
    """`fans` in order, those in a row that need the same thing (`compiler/emit/needguards.py`)
    under one test of it: its else sets them to 0, as their conditions would."""
    for need, run in need_runs(fans):
        if need is None:
            for fan in run:
                _fan(out, py, fan, fan.rest, guarded)
            continue
        out.comment(f"Fans that need {need.words}: none of them counts without.")
        with out.when(py(need.guard)):
            inner = CodeWriter(indent=out.depth)
            for more, some in least_runs(run):
                if more is None:
                    _fan(inner, py, some[0], some[0].rest, guarded)
                    continue
                inner.comment(f"Fans that need {more.words}: none of them counts without.")
                with inner.when(py(more.guard)):
                    for fan in some:
                        _fan(inner, py, fan, fan.rest, guarded)
                with inner.block("else"):
                    for fan in some:
                        inner.line(f"{fan.local} = {fan.zero}")
            # A block that reads the summary alone: its counts from a table by what it reads.
            looked_up = keyed.lookup(inner.lines(), out.depth, run, need.words) if keyed else None
            out.extend(looked_up or inner)
        with out.block("else"):
            for fan in run:
                out.line(f"{fan.local} = {fan.zero}")


def _fan(
    out: CodeWriter,
    py: PyExpr,
    fan: FanPlan,
    condition: ir.Expr | None = None,
    guarded: bool = False,
) -> None:
    """`f_<id> = ...` under its comments; `guarded`: its shape test already held, and
    `condition` is what remains of its condition (None: nothing)."""
    out.comment(fan.title)
    out.comment(fan.shown)
    out.comment(f"group: {fan.group} ({fan.how})")
    if not guarded:
        condition = fan.condition
    loop = py.sum_loop(fan.per) if fan.per is not None else None
    if loop is not None:  # `per sum`: a `for` statement adding each item's number
        out.assign(fan.local, "0")
        under = out.when(py.operand(py.py(condition), OR)) if condition is not None else None
        with under or nullcontext(), out.block(f"for {loop[0]} in {loop[1]}"):
            out.stmt(f"{fan.local} += ", loop[2])
    elif condition is None:
        out.assign(fan.local, "True" if fan.flag else "1" if fan.per is None else py(fan.per))
    else:
        # The per first, as before the restructuring: the translator numbers what it meets.
        count: Doc = "1" if fan.per is None else parenthesized(py.operand(py.py(fan.per), OR))
        test = parenthesized(py.operand(py.py(condition), OR))
        if fan.flag:
            out.stmt(f"{fan.local} = True if ", test, " else False")
        else:
            out.stmt(f"{fan.local} = ", count, " if ", test, " else 0")
    if fan.clamp:  # a count below zero is zero, not at all (a test: `max` is a dear call)
        with out.block(f"if {fan.local} < 0"):
            out.line(f"{fan.local} = 0")


def _relations_and_values(out: CodeWriter, plan: ScoringPlan, guards: PyExpr) -> None:
    if plan.relations:
        out.line("# Relations: a fan that counts removes the fans it excludes or replaces.")
        # One test per fan that counts, for the run of fans it removes (the order kept).
        for local, pairs in itertools.groupby(plan.relations, key=lambda pair: pair[0]):
            with out.block(f"if {local}"):
                for _, target in pairs:
                    out.line(f"{target} = {plan.zero(target)}")
    for value in plan.valued:
        _fan_value(out, value, guards)


def _fan_value(out: CodeWriter, value: ValuePlan, guards: PyExpr) -> None:
    """`value_<id>` = the fan's value: its base, then the last guarded value that holds, then
    on an open hand (食い下がり: an exposed meld in the hand) the last open value that holds."""
    reads = "the options" if not value.open else "whether the hand is open"
    if value.open and value.guarded:
        reads = "the options and on whether the hand is open"
    out.comment(f"{value.name}: its value depends on {reads}.")
    out.assign(value.local, guards(value.base))
    for expr, guard in value.guarded:
        with out.when(guards(guard)):
            out.assign(value.local, guards(expr))
    if value.open:
        with out.block("if not a.concealed"):
            for expr, open_guard in value.open:
                if open_guard is None:
                    out.assign(value.local, guards(expr))
                    continue
                with out.when(guards(open_guard)):
                    out.assign(value.local, guards(expr))


def _start_kept(out: CodeWriter) -> None:
    out.line("total = 0")
    out.line("kept: list[tuple[int, int, int]] = []")
    out.line("notes: tuple[tuple[str, str, int], ...] = ()")


def _one_pass(
    out: CodeWriter,
    py: PyExpr,
    state: ModuleState,
    plan: ScoringPlan,
    one: onepass.OnePass,
    guards: PyExpr,
) -> None:
    """Relations, limits and the tiers' sums in one pass over the fans (`compiler/emit/onepass.py`):
    one test of each fan's count, not one for its relations and one more for its tier."""
    _start_kept(out)
    sums = dict(one.sums)
    tier_of = {fan.id: tier for tier in plan.tiers for fan in tier.members}
    flags = {flag for tier in plan.tiers for flag in tier.overriders}
    valued = {value.local: value for value in plan.valued}
    for _, local in one.sums:
        if local != "total":
            out.line(f"{local} = 0")
    for tier in plan.tiers:
        if tier.flag in flags:
            out.line(f"{tier.flag} = False")
    out.line("# Relations and tiers in one pass, in RELATION_ORDER: a fan comes after every fan")
    out.line("# that removes it, so its count is final when its turn comes. It removes the fans")
    out.line("# it excludes or replaces and adds its value to its tier's sum; a fan a limit")
    out.line("# names adds its value after that limit.")

    def add(fan: FanPlan) -> None:
        tier = tier_of[fan.id]
        value = plan.values[fan.id]
        if isinstance(value, str) and value in valued:  # worked out only where it counts
            _fan_value(out, valued[value], guards)
        if tier.flag in flags:
            out.line(f"{tier.flag} = True")
        _add_kept(out, fan, value, sums[tier.id])

    for step in one.steps:
        if isinstance(step, onepass.LimitStep):
            _limit(out, py, state, step.limit)
            if step.then:
                out.comment("The fans this limit names add their counts as cut.")
            for fan in step.then:
                with out.block(f"if {fan.local}"):
                    add(fan)
            continue
        if not step.removes and not step.adds:
            continue
        with out.block(f"if {step.fan.local}"):
            for target in step.removes:
                out.line(f"{target} = {plan.zero(target)}")
            if step.adds:
                add(step.fan)
    tier_index = {tier.id: i for i, tier in enumerate(state.book.scoring.tiers)}
    for together in _left_out_together([t for t in plan.tiers if sums[t.id] != "total"], flags):
        for tier in together:
            out.comment(tier.heading)
        tier = together[0]
        if not tier.overriders:
            _capped_total(out, tier, sums[tier.id], guards)
            continue
        # Left out, their fans with them, when a tier that overrides them holds: one pass
        # over `kept` for the tiers the same tiers override.
        with out.block(f"if {' or '.join(tier.overriders)}"):
            if tier.flag in flags:
                out.line(f"{tier.flag} = False")
            indexes = [str(tier_index[t.id]) for t in together]
            off = f"!= {indexes[0]}" if len(indexes) == 1 else f"not in ({', '.join(indexes)})"
            out.line(f"kept = [entry for entry in kept if FANS[entry[0]].tier {off}]")
        with out.block("else"):
            for tier in together:
                _capped_total(out, tier, sums[tier.id], guards)
    if one.unordered is None:
        with out.block("if len(kept) > 1"):
            out.line("kept.sort()")
    elif one.unordered:
        out.comment("kept comes in pass order: back to table order when these fans count together")
        tests: list[Doc] = []
        for first, later in one.unordered:
            if len(later) == 1:
                tests.append(f"{first} and {later[0]}")
                continue
            either: list[Doc] = [later[0]]
            for local in later[1:]:
                either += [Break(" "), "or ", local]
            tests.append(group(f"{first} and (", Nest((Break(""), *either)), Break(""), ")"))
        some: list[Doc] = [tests[0]]
        for test in tests[1:]:
            some += [Break(" "), "or ", test]
        with out.when(group(*some)):
            out.line("kept.sort()")


def _left_out_together(tiers: list[TierPlan], flags: set[str]) -> list[list[TierPlan]]:
    """The tiers in order, those in a row that the same tiers override (and whose own flag
    no tier reads) in one list: they leave the total and `kept` at once."""
    groups: list[list[TierPlan]] = []
    for tier in tiers:
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and tier.overriders
            and tier.overriders == last.overriders
            and tier.flag not in flags
            and last.flag not in flags
        ):
            groups[-1].append(tier)
        else:
            groups.append([tier])
    return groups


def _add_kept(out: CodeWriter, fan: FanPlan, value: int | str, to: str) -> None:
    """A counting fan's value added to `to` and its (index, count, value) to `kept`; a fan
    without `per` counts once (its local is 1), so its entry is a constant."""
    if fan.per is None:
        worth, count = str(value), "1"
    else:
        worth, count = _worth(value, fan.local), fan.local
    out.stmt(f"{to} += ", parenthesized(worth))
    out.stmt("kept.append(", tuple_of([str(fan.index), count, worth]), ")")


def _limit(out: CodeWriter, py: PyExpr, state: ModuleState, limit: ir.Limit) -> None:
    """One `limit`, after the relations: the named fans' counts cut to the limit's count.
    `limit_counts` cuts only a sum above the count (counts are never below zero), so it is
    called only then: a sum at most a literal count is never cut; another count, often a loop
    over the melds, is read only when one of the fans counts, its condition too."""
    held = state.slots.held(limit)
    count, condition = held.number, held.when
    assert count is not None, "a limit always has its count"
    locals_: list[Doc] = [f"f_{fan}" for fan in limit.fans]
    out.comment(f"limit {', '.join(limit.fans)} (line {limit.at.line})")
    state.runtime_names.add("limit_counts")
    total: list[Doc] = [locals_[0]]
    some: list[Doc] = [locals_[0]]
    for local in locals_[1:]:
        total += [Break(" "), "+ ", local]
        some += [Break(" "), "or ", local]
    literal = isinstance(count, ir.IntE) and count.value >= 0
    most: Doc = str(count.value) if isinstance(count, ir.IntE) and literal else "most"
    over: Doc = group(*total, Break(" "), "> ", most)
    test: Doc = over if literal else group(*some)
    if condition is not None:
        test = group("(", test, ")", Break(" "), "and ", py.operand(py.py(condition), AND))
    cut = (tuple_of(locals_), " = limit_counts(", tuple_of(locals_), ", ", most, ")")
    with out.when(test):
        if literal:
            out.stmt(*cut)
            return
        out.assign("most", py(count))
        with out.when(over):
            out.stmt(*cut)


def _tier(
    out: CodeWriter, tier: TierPlan, plan: ScoringPlan, guards: PyExpr, index: dict[str, int]
) -> None:
    out.comment(tier.heading)
    out.line(f"{tier.flag} = False")
    overriders = " or ".join(tier.overriders)
    modes = [(guards(g), mode) for mode, g in tier.alternatives]

    def combined(mode: str) -> None:
        _combined(out, tier, plan, guards, index, mode)

    def chosen(mode: str) -> None:
        out.line(f"notes += (({lit(tier.id)}, {lit(mode)}, 0),)")
        combined(mode)

    def body() -> None:
        branches: list[tuple[Doc | None, Callable[[], None]]] = [
            (test, functools.partial(chosen, mode)) for test, mode in modes
        ]
        out.first([*branches, (None, functools.partial(combined, tier.combine))])

    if len(tier.overriders) > 1:
        with out.block(f"if not ({overriders})"):
            body()
    elif overriders:
        with out.block(f"if not {overriders}"):
            body()
    else:
        body()


def _combined(
    out: CodeWriter,
    tier: TierPlan,
    plan: ScoringPlan,
    guards: PyExpr,
    index: dict[str, int],
    mode: str,
) -> None:
    """One way of combining the tier's fans into `best` (max) or `value` (add, multiply)."""
    if mode == "max":
        out.line("best = 0")
        out.line("pick = -1")
        out.line("count = 0")
        for fan in tier.members:
            worth = _worth(plan.values[fan.id], fan.count)
            with out.block(f"if {fan.local} and {worth} > best"):
                out.line(f"best = {worth}")
                out.line(f"pick = {index[fan.id]}")
                out.line(f"count = {fan.count}")
        with out.block("if pick >= 0"):
            out.line(f"{tier.flag} = True")
            out.line("kept.append((pick, count, best))")
            _capped_total(out, tier, "best", guards)
        return
    out.line("value = 1" if mode == "multiply" else "value = 0")
    for fan in tier.members:
        value = plan.values[fan.id]
        with out.block(f"if {fan.local}"):
            out.line(f"{tier.flag} = True")
            if mode != "multiply":
                _add_kept(out, fan, value, "value")
                continue
            worth = f"{value} ** {fan.count}" if not fan.flag else str(value)
            out.stmt("value *= ", parenthesized(worth))
            kept = tuple_of([str(index[fan.id]), fan.count, worth])
            out.stmt("kept.append(", kept, ")")
    with out.block(f"if {tier.flag}"):
        _capped_total(out, tier, "value", guards)


def _worth(value: int | str, count: str) -> str:
    if count == "1":
        return str(value)
    return count if value == 1 else f"{value} * {count}"


def _capped_total(out: CodeWriter, tier: TierPlan, value: str, guards: PyExpr) -> None:
    """`total += value`, the value first cut to the tier's cap (the first guarded cap that
    holds, else the plain one); no test at all for a tier without caps."""
    if tier.guarded_caps:
        out.line("cap: int | None = None" if tier.cap is None else f"cap = {tier.cap}")
        out.first(
            [
                (guards(guard), functools.partial(out.line, f"cap = {number}"))
                for number, guard in tier.guarded_caps
            ]
        )
        test = f"cap is not None and {value} > cap" if tier.cap is None else f"{value} > cap"
        with out.block(f"if {test}"):
            out.line(f"{value} = cap")
            out.line(f"notes += (({lit(tier.id)}, 'cap', cap),)")
    elif tier.cap is not None:
        with out.block(f"if {value} > {tier.cap}"):
            out.line(f"{value} = {tier.cap}")
            out.line(f"notes += (({lit(tier.id)}, 'cap', {tier.cap}),)")
    out.line(f"total += {value}")
