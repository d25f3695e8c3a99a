"""The game's rules as small functions of a generated module: shapes, tiles, wilds, claims,
constraints, wins at the deal. Input is the checked `ir.Rulebook` (through
`emitbase.ModuleState`); output is each function's body as lines. Each function reads only the
options `o` (and, for custom shapes and wins at the deal, the hand); nothing here is read per
scored arrangement except `custom_shapes`. The
expressions of each declaration are found through the table of slots (`state.slots`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from mjc.compiler import ir
from mjc.compiler.conditions.facts import FACT_SOURCE, HAND_FACT_SOURCE
from mjc.compiler.conditions.pyexpr import AND, OR, Py, PyExpr
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.ir.consteval import option_conjuncts
from mjc.compiler.pysource.layout import Break, Doc, Group, Nest
from mjc.compiler.pysource.pysafe import lit
from mjc.compiler.pysource.pywriter import CodeWriter


def shapes_body(state: ModuleState) -> list[str]:
    """The builtin win shapes this game allows, given its options."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    out.line("enabled: set[str] = set()")
    for shape in state.book.shapes:
        held = state.slots.held(shape)
        if held.when is not None:  # a custom shape: `custom_shapes` tests it
            continue
        add = functools.partial(out.line, f"enabled.add({lit(shape.id)})")
        out.first([(_guard(guards, held.guard), add)])
    out.line("return frozenset(enabled)")
    return state.function(guards, out)


def custom_shapes_body(state: ModuleState) -> list[str]:
    """The custom win shapes the whole hand `h` completes."""
    shapes = [(s, state.slots.held(s)) for s in state.book.shapes]
    custom = [(s, held) for s, held in shapes if held.when is not None]
    py = state.planned([e for _, held in custom for e in held.tests], facts=HAND_FACT_SOURCE)
    body = CodeWriter(indent=1)
    body.line("found: list[str] = []")
    for shape, held in custom:
        with body.when(_all(py, [py.py(e) for e in held.tests]).doc):
            body.line(f"found.append({lit(shape.id)})")
    body.line("return tuple(found)")
    return state.function(py, body)


def deal_wins_body(state: ModuleState) -> list[str]:
    """The wins at the deal (起手胡) the dealt hand `h` of the seat `s` holds, by id, in the
    order the rulebook writes them: each line's guard, then its condition."""
    book = state.book
    held = [(w, state.slots.held(w)) for w in book.deal_wins]
    py = state.planned([e for _, h in held for e in h.tests], facts=HAND_FACT_SOURCE)
    body = CodeWriter(indent=1)
    body.line("found: list[str] = []")
    for win, h in held:
        body.comment(f"{win.at.file}:{win.at.line}")
        with body.when(_all(py, [py.py(e) for e in h.tests]).doc):
            body.line(f"found.append({lit(win.id)})")
    body.line("return tuple(found)")
    return state.function(py, body)


def custom_shapes_on_body(state: ModuleState) -> list[str]:
    """Whether any custom shape is enabled by the options: a win check skips the custom
    shapes (and the situation they read) in games where none can complete."""
    guards = state.guards()
    tests: list[Doc] = []
    always = False
    for shape in state.book.shapes:
        held = state.slots.held(shape)
        if held.when is None:
            continue
        # The guard, and the options-only parts of the condition (`option.x and ...`).
        parts = [held.guard] if held.guard is not None else []
        parts += option_conjuncts(held.when)
        if not parts:
            always = True
            break
        tests.append(guards.operand(_all(guards, [guards.py(p) for p in parts]), OR + 1))
    out = CodeWriter(indent=1)
    if always or not tests:
        out.line(f"return {always}")
    else:  # option values are typed Any: bool() keeps the generated module mypy-clean
        out.stmt("return bool(", _chain("or", tests), ")")
    return state.function(guards, out)


def _all(py: PyExpr, tests: list[Py]) -> Py:
    """`a and b ...` of translated tests (the one test alone)."""
    if len(tests) == 1:
        return tests[0]
    return Py(_chain("and", [py.operand(t, AND + 1) for t in tests]), AND)


def _chain(op: str, docs: list[Doc]) -> Doc:
    parts: list[Doc] = [docs[0]]
    for doc in docs[1:]:
        parts += [Break(" "), f"{op} ", doc]
    return Group(tuple(parts))


def tile_copies_body(state: ModuleState) -> list[str]:
    """How many copies of each tile are in play, given the options."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    tiles = state.book.tiles
    out.line(f"copies = [0] * {len(state.book.wilds.successor) or 42}")
    for tile_group in tiles.groups:
        copies = tile_group.copies

        def fill(group_tiles: tuple[int, ...] = tile_group.tiles, n: int = copies) -> None:
            with out.block(f"for t in {lit(group_tiles)}"):
                out.line(f"copies[t] = {n}")

        out.first([(_guard(guards, state.slots.held(tile_group).guard), fill)])
    for keep in tiles.keeps:

        def kept(keep_tiles: tuple[int, ...] = keep.tiles) -> None:
            with out.block(f"for t in {lit(keep_tiles)}"):
                out.line("copies[t] = max(copies[t], 4)")

        out.first([(_guard(guards, state.slots.held(keep).guard), kept)])
    out.line("return tuple(copies)")
    return state.function(guards, out)


def wild_tiles_body(state: ModuleState) -> list[str]:
    """The wild tiles of a game with these options and this flipped indicator."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    always = False
    for mode in state.book.wilds.modes:
        write = functools.partial(_wild, out, mode.kind, mode.tiles)
        always = out.first([(_guard(guards, state.slots.held(mode).guard), write)])
        if always:
            break
    if not always:
        out.line("return ()")
    if any(m.kind != "fixed" for m in state.book.wilds.modes):
        state.runtime_names.add("WildIndicatorMissing")
    return state.function(guards, out)


def _wild(out: CodeWriter, kind: str, tiles: tuple[int, ...]) -> None:
    if kind == "fixed":
        out.line(f"return {lit(tiles)}")
        return
    with out.block("if indicator is None"):
        out.line("raise WildIndicatorMissing(RULEBOOK_ID)")
    flipped = "SUCCESSOR[indicator]" if kind == "next" else "indicator"
    out.line(f"return ({flipped},)")


def wild_copies_body(state: ModuleState) -> list[str]:
    """The live wild tiles: none without an active wild mode; else the first `copies` line
    whose guard holds, else 4 (3 when the active mode is `indicator self`)."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    wilds = state.book.wilds
    if not wilds.modes:
        out.line("return 0")
        return state.function(guards, out)
    # With an `indicator self` mode the active mode is kept (its default is 3 copies, not
    # 4); otherwise only whether some mode is active matters.
    tracked = any(mode.kind == "self" for mode in wilds.modes)
    mode_guards = [state.slots.held(mode).guard for mode in wilds.modes]
    if tracked:
        branches: list[tuple[Doc | None, Callable[[], None]]] = [
            (_guard(guards, guard), functools.partial(out.line, f"mode = {lit(mode.kind)}"))
            for mode, guard in zip(wilds.modes, mode_guards, strict=True)
        ]
        if not out.first(branches):
            with out.block("else"):
                out.line("return 0")
    elif all(guard is not None for guard in mode_guards):
        tests = [guards.operand(guards.py(g), OR + 1) for g in mode_guards if g is not None]
        with out.when(("not ", _parens(_chain("or", tests)))):
            out.line("return 0")
    for held in state.slots.pairs(wilds, "copies"):
        assert held.number is not None, "every copies line has a value"
        write = functools.partial(out.stmt, "return ", guards(held.number))
        if out.first([(_guard(guards, held.guard), write)]):
            return state.function(guards, out)
    out.line("return 3 if mode == 'self' else 4" if tracked else "return 4")
    return state.function(guards, out)


def _guard(guards: PyExpr, guard: ir.Expr | None) -> Doc | None:
    return None if guard is None else guards(guard)


def _parens(doc: Doc) -> Doc:
    return Group(("(", Nest((Break(""), doc)), Break(""), ")"))


def permissions_body(state: ModuleState) -> list[str]:
    """What a wild tile may do in this game (see mjc.runtime.WILD_ACTIONS)."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    out.line("allowed = set(WILD_ACTIONS)")
    for p in state.book.wilds.permissions:
        change = "add" if p.allow else "discard"
        write = functools.partial(out.line, f"allowed.{change}({lit(p.action)})")
        out.first([(_guard(guards, state.slots.held(p).guard), write)])
    out.line("return frozenset(allowed)")
    state.runtime_names.add("WILD_ACTIONS")
    return state.function(guards, out)


def claims_body(state: ModuleState) -> list[str]:
    """The claims this game allows: chow, pong, `kong <kind>`, `rob <kind>`."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    out.line("allowed: set[str] = set()")
    for rule in state.book.claims:
        words: list[str] = [f"{rule.verb} {k}" for k in rule.kinds] or [rule.verb]

        def add(words: list[str] = words) -> None:
            for word in words:
                out.line(f"allowed.add({lit(word)})")

        out.first([(_guard(guards, state.slots.held(rule).guard), add)])
    out.line("return frozenset(allowed)")
    return state.function(guards, out)


def constraints_body(state: ModuleState) -> list[str]:
    """The constraint these options break at a table of `players`, or None."""
    constraints = [(c, state.slots.held(c).tests) for c in state.book.constraints]
    facts = {**FACT_SOURCE, "players": "players"}
    py = state.planned([e for _, tests in constraints for e in tests], facts=facts)
    body = CodeWriter(indent=1)
    for constraint, tests in constraints:
        with body.when(_all(py, [py.py(e) for e in tests]).doc):
            body.line(f"return {lit(constraint.reason)}")
    body.line("return None")
    return state.function(py, body)
