"""Horses and payments as functions of a generated module: which horse kinds a game draws and
which payment lines hold. Input is the checked `ir.Rulebook` (through `emitbase.ModuleState`);
output is each function's body as lines. A payment line's `when` reads the win situation `s`,
the winners `w`, or the round facts `r` in place: nothing is bound before its test, because
`s` may be None where a horse line is asked about a game rather than a win.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from mjc.compiler import ir
from mjc.compiler.conditions.facts import FACT_SOURCE
from mjc.compiler.conditions.pyexpr import AND, Py, PyExpr
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.emit.play import KONG_FACT_SOURCE
from mjc.compiler.emit.slotreader import Held
from mjc.compiler.ir.consteval import reads_only_options
from mjc.compiler.language.types import ChoiceType
from mjc.compiler.pysource.layout import Break, Doc, Group
from mjc.compiler.pysource.pysafe import lit
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.runtime.tiles.tile import tile_text

_ROUND_FACTS = {f: f"r.{f}" for f in ("won", "drawn", "winners", "players")}


def _tests(py: PyExpr, tests: list[Py]) -> Doc:
    """`a and b ...` of translated tests."""
    if len(tests) == 1:
        return tests[0].doc
    parts: list[Doc] = [py.operand(tests[0], AND + 1)]
    for test in tests[1:]:
        parts += [Break(" "), "and ", py.operand(test, AND + 1)]
    return Group(tuple(parts))


def _lines(out: CodeWriter, py: PyExpr, tests: list[Py], write: Callable[[], None]) -> None:
    """`write()` under the tests, or alone when there are none."""
    out.first([(_tests(py, tests) if tests else None, write)])


def horses_body(state: ModuleState) -> list[str]:
    """The horse kinds a game draws: each kind whose options guard holds, with its count
    (a choice option read as a count is its chosen id as a number), and, given the win
    situation `s`, only when the kind's `when` holds for it."""
    py = state.translator(inline=None)
    out = CodeWriter(indent=1)
    out.line("found: list[tuple[HorseKind, int]] = []")
    for index, kind in enumerate(state.book.horses.kinds):
        held = state.slots.held(kind)
        assert held.number is not None, "every horse line has a count"
        tests = [] if held.guard is None else [py.py(held.guard)]
        if held.when is not None:
            when = py.operand(py.py(held.when), AND + 1)
            tests.append(Py(Group(("(s is None or ", when, ")")), AND + 1))
        count = py(held.number)
        if isinstance(held.number.type, ChoiceType):
            count = ("int(", count, ")")
        out.comment(f"{kind.name} {kind.kind} ({kind.at.file}:{kind.at.line})")
        write = functools.partial(out.stmt, f"found.append((HORSE_KINDS[{index}], ", count, "))")
        _lines(out, py, tests, write)
    out.line("return tuple(found)")
    return state.function(py, out)


def horse_tables(book: ir.Rulebook) -> list[tuple[int, list[str]]]:
    """Each horse table as lines of seat offsets, one line per suit."""
    tables: list[tuple[int, list[str]]] = []
    for table in book.horses.tables:
        lines = []
        for start, end in ((0, 9), (9, 18), (18, 27), (27, 34), (34, len(table.seats))):
            values = ", ".join(str(v) for v in table.seats[start:end])
            where = f"{tile_text(start)}-{tile_text(end - 1)}"
            lines.append(f"{values},  # {where}")
        tables.append((table.players, lines))
    return tables


# One payment line: its expressions (its amount is None for a win line, which has none) and
# the comment above it.
_Line = tuple[Held, str]


def _payment_lines(
    state: ModuleState, lines: list[_Line], facts: dict[str, str], found: str
) -> list[str]:
    """The lines whose options guard and `when` hold, by index (and amount), in order."""
    py = state.translator(facts={**FACT_SOURCE, **facts}, inline=None)
    out = CodeWriter(indent=1)
    out.line(f"found: list[{found}] = []")
    for index, (held, comment) in enumerate(lines):
        tests = [py.py(e) for e in held.tests]
        out.comment(comment)
        if held.number is not None:
            amount = py(held.number)
            write = functools.partial(out.stmt, f"found.append(({index}, ", amount, "))")
        else:
            write = functools.partial(out.line, f"found.append({index})")
        _lines(out, py, tests, write)
    out.line("return tuple(found)")
    return state.function(py, out)


def _where(at: ir.SourceRef) -> str:
    return f"{at.file}:{at.line}"


def payment_wins_body(state: ModuleState) -> list[str]:
    """The win lines whose options guard and condition hold, by index, in order."""
    lines: list[_Line] = [
        (state.slots.held(r), f"win {r.payer} pays ({_where(r.at)})")
        for r in state.book.payments.wins
    ]
    return _payment_lines(state, lines, {"winners": "w"}, "int")


def payment_kong_transfers_body(state: ModuleState) -> list[str]:
    """The `kong_transfer` lines (呼叫转移) whose options guard and condition hold for a
    winner in situation `s` among `w` winners, by index (a rulebook writes one)."""
    lines: list[_Line] = [
        (state.slots.held(t), f"kong_transfer ({_where(t.at)})")
        for t in state.book.payments.transfers
    ]
    return _payment_lines(state, lines, {"winners": "w"}, "int")


def payment_kongs_body(state: ModuleState) -> list[str]:
    """The kong lines whose options guard and condition hold, with their amounts."""
    lines: list[_Line] = [
        (state.slots.held(r), f"kong {r.kind} {r.payer} pays ({_where(r.at)})")
        for r in state.book.payments.kongs
    ]
    return _payment_lines(state, lines, _ROUND_FACTS, "tuple[int, int]")


def payment_bonuses_body(state: ModuleState) -> list[str]:
    """The horse, 跟庄 and 连庄 lines whose options guard and condition hold for the round,
    with their amounts."""
    lines: list[_Line] = [
        (
            state.slots.held(r),
            f"{r.item}_payment {r.kind or ''}".rstrip() + f" ({_where(r.at)})",
        )
        for r in state.book.payments.bonuses
    ]
    return _payment_lines(state, lines, _ROUND_FACTS, "tuple[int, int]")


def payment_relations_body(state: ModuleState) -> list[str]:
    """The relation lines whose options guard and condition hold for a winner, with their
    amounts; the condition reads the situation `s`, the winners `w`, `related` (the
    discarder is related to the winner) and `ready` (the discarder was ready)."""
    facts = {"winners": "w", "discarder_related": "related", "discarder_ready": "ready"}
    lines: list[_Line] = [
        (state.slots.held(r), f"relation_payment {r.payer} ({_where(r.at)})")
        for r in state.book.payments.relation_lines
    ]
    return _payment_lines(state, lines, facts, "tuple[int, int]")


def payment_loss_cap_body(state: ModuleState) -> list[str]:
    """The first `loss_cap` whose guard holds, and, when its value reads `hand_ceiling`,
    whose hand has a ceiling (`ceiling` is not None)."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    branches: list[tuple[Doc | None, Callable[[], None]]] = []
    for item in state.book.payments.loss_caps:
        held = state.slots.held(item)
        assert held.number is not None, "every loss cap has a value"
        value = state.translator(facts={**FACT_SOURCE, "hand_ceiling": "ceiling"}, inline=None)
        amount = value(held.number)
        state.finish(value)
        tests = [] if held.guard is None else [guards.py(held.guard)]
        if "hand_ceiling" in value.facts:
            tests.append(Py("ceiling is not None", AND + 1))
        rule = ir.line_id("loss_cap", item.at, [i.at for i in state.book.payments.loss_caps])
        write = functools.partial(_return_where, out, amount, rule)
        branches.append((_tests(guards, tests) if tests else None, write))
    if not out.first(branches):
        out.line("return None")
    return state.function(guards, out)


def _return_where(out: CodeWriter, value: Doc, rule: str) -> None:
    out.stmt("return (", value, f", {lit(rule)})")


def reads_streak(items: tuple[ir.Stake, ...]) -> bool:
    """Whether a `stake` or `dealer_bonus` value reads the round's `dealer_streak`: its
    function then takes the streak (`Payments.streak_stake`, `streak_dealer_bonus`)."""
    return any(
        isinstance(n, ir.FactE) and n.fact == "dealer_streak"
        for n in ir.subnodes([i.value for i in items])
    )


def first_value(
    state: ModuleState, items: tuple[ir.Stake, ...], default: str, keyword: str
) -> list[str]:
    """The first stake or cap (written `keyword`) whose guard holds, with its line's id
    (`ir.line_id`), which settlement's reasons cite. A `stake` or `dealer_bonus` value may
    read `dealer_streak`, the function's argument of that name."""
    guards = state.guards()
    values = state.translator(facts={"dealer_streak": "dealer_streak"}, inline=None)
    out = CodeWriter(indent=1)
    branches: list[tuple[Doc | None, Callable[[], None]]] = []
    for item in items:
        held = state.slots.held(item)
        assert held.number is not None, "every stake and cap has a value"
        test = None if held.guard is None else guards(held.guard)
        rule = ir.line_id(keyword, item.at, [i.at for i in items])
        write = functools.partial(_return_where, out, values(held.number), rule)
        branches.append((test, write))
    if not out.first(branches):
        out.line(f"return {default}")
    state.finish(values)
    return state.function(guards, out)


def payment_draws_body(state: ModuleState) -> list[str]:
    """The draw lines whose options guard and `when` hold for the seat holding `h` at an
    exhaustive draw, with their amounts (0 where the line's word gives it: `best_hand`,
    `cap`, a refund); the `when` reads the hand whole and, as `ready`, its wait set
    `s.waits`, as a kind of kong's does."""
    draws = state.book.payments.draws
    held = [state.slots.held(d) for d in draws]
    py = state.planned([e for h in held for e in h.tests], facts=KONG_FACT_SOURCE)
    out = CodeWriter(indent=1)
    out.line("found: list[tuple[int, int]] = []")
    for index, (line, h) in enumerate(zip(draws, held, strict=True)):
        tests = [py.py(e) for e in h.tests]
        keyword = "draw_payment" if line.item == "payment" else "draw_refund"
        out.comment(f"{keyword} {line.payer} ({_where(line.at)})")
        amount: Doc = "0" if h.number is None else py(h.number)
        write = functools.partial(out.stmt, f"found.append(({index}, ", amount, "))")
        _lines(out, py, tests, write)
    out.line("return tuple(found)")
    return state.function(py, out)


def draws_by_options(state: ModuleState) -> bool:
    """Whether every draw line's guard, `when` and amount read nothing but option values and
    constants (Riichi's 聴牌料: `draw_payment unready pays ready split 3000`): `payment_draws`
    then answers the same for every hand, and the game engine leaves a seat's hand unmade at
    the draw when the seat waits on nothing (`Payments.draws_by_options`). False without
    draw lines: there is nothing to answer."""
    if not state.book.payments.draws:
        return False
    for line in state.book.payments.draws:
        held = state.slots.held(line)
        if not all(reads_only_options(e) for e in held.tests):
            return False
        if held.number is not None and not reads_only_options(held.number):
            return False
    return True


def draw_rule_id(line: ir.DrawPayment, draws: tuple[ir.DrawPayment, ...]) -> str:
    """A draw line's id: `draw_payment@<file>#n` or `draw_refund@<file>#n`, counting the
    lines of its own keyword."""
    keyword = "draw_payment" if line.item == "payment" else "draw_refund"
    return ir.line_id(keyword, line.at, [d.at for d in draws if d.item == line.item])
