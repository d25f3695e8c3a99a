"""IR to a Python module: the rulebook's rules engine, rendered with jinja2.

Input is a checked `ir.Rulebook`; output is the source of one module that imports only the
public names of `runtime` and exports `RULESET`. Fan conditions become straight-line Python in
one `evaluate` function, relations and tiers in `combine`, and every other rule (floors,
multipliers, ceilings, rejections, shapes, wilds, the tile set) in a small function of its own:
no tree walking or eval at scoring time. Output is deterministic: the same IR always gives
byte-identical source.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any

import jinja2

from mjc.compiler import ir
from mjc.compiler.consteval import option_conjuncts
from mjc.compiler.graphs import topological_order
from mjc.compiler.pyexpr import (
    FACT_SOURCE,
    HAND_FACT_SOURCE,
    Predicates,
    PyExpr,
    tile_constant,
)
from mjc.compiler.pywriter import CodeWriter
from mjc.compiler.version import MJC_VERSION
from mjc.runtime import API_VERSION, exported
from mjc.runtime.tiles import tile_text

# Names of `mjc.runtime.exported` that every generated module imports; conditions add more.
_BASE_IMPORTS = frozenset(exported.ALWAYS)

_COMBINE_WORDS = {
    "add": "fans add up",
    "max": "the highest fan counts alone",
    "multiply": "fans multiply",
}


def _imports(names: set[str]) -> list[str]:
    """The import list of a module: `names`, sorted, each one `mjc.runtime.exported` lists."""
    unknown = names - set(exported.__all__)
    if unknown:
        raise AssertionError(f"not in mjc.runtime.exported: {', '.join(sorted(unknown))}")
    return sorted(names)


def lit(value: object) -> str:
    """A Python literal for a value from the rulebook. Only plain data is allowed through, and
    only as `repr`, so no rulebook text can turn into code."""
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(f"not a safe literal: {type(value).__name__}")


def safe_text(text: str) -> str:
    """Rulebook text for a comment or docstring: one line, no quotes or backslashes."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return cleaned.replace("\\", "/").replace('"', "'")


@functools.cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: (
                resources.files("mjc.compiler.templates")
                .joinpath(name)
                .read_text(encoding="utf-8")
            )
        ),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def generate_module(book: ir.Rulebook) -> str:
    return _Module(book).render()


class _Module:
    """Builds one generated module; remembers which runtime names and tile constants the
    functions use so the module imports and defines exactly those."""

    def __init__(self, book: ir.Rulebook) -> None:
        self.book = book
        self.fan_index = {fan.id: i for i, fan in enumerate(book.fans)}
        self.predicates = Predicates()
        self.runtime_names = set(_BASE_IMPORTS)
        self.tiles: dict[str, int] = {}

    def translator(self, fan_ref: str, facts: dict[str, str] = FACT_SOURCE) -> PyExpr:
        """`fan_ref` is a format string for reading another fan's count, e.g. `c[{index}]`."""
        return PyExpr(
            fan_ref=lambda fan: fan_ref.format(id=fan, index=self.fan_index[fan]),
            predicates=self.predicates,
            fact_source=facts,
        )

    def finish(self, translator: PyExpr) -> None:
        self.runtime_names |= translator.runtime_names
        self.tiles |= translator.tiles
        if "pair" in translator.facts:
            self.runtime_names.add("NO_PAIR")

    # ------------------------------------------------------------------ evaluate()

    def evaluate_body(self) -> list[str]:
        book = self.book
        py = self.translator("f_{id} > 0")
        lines: list[tuple[str, str]] = []
        for fan_id in book.evaluation_order:
            fan = book.fans[self.fan_index[fan_id]]
            condition = py(fan.condition)
            if fan.per is None:
                code = "1" if condition == "True" else f"1 if {condition} else 0"
            else:
                per = py(fan.per)
                if not _never_negative(fan.per):  # a count below zero is zero: not at all
                    per = f"max({per}, 0)"
                code = per if condition == "True" else f"{per} if {condition} else 0"
            where = f"{fan.at.file}:{fan.at.line}"
            lines.append((safe_text(f"{fan.name} {fan_id} ({where})"), f"f_{fan_id} = {code}"))
        self.finish(py)
        out = CodeWriter(indent=1)
        for line in _prelude(py):
            out.line(line)
        for comment, code in lines:
            out.line(f"# {comment}")
            out.line(_inline_single_reads(code, py))
        out.line("return (")
        for fan in book.fans:
            out.line(f"    f_{fan.id},")
        out.line(")")
        return out.lines()

    # ------------------------------------------------------------------ combine()

    def combine_body(self) -> list[str]:
        """Relations, then each tier combined and capped, over one local per fan."""
        book = self.book
        fans = book.fans
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        if fans:
            out.line(f"({', '.join(f'f_{fan.id}' for fan in fans)},) = c")
        relations = [
            (fan_id, target)
            for fan_id in book.relation_order
            for target in (
                *fans[self.fan_index[fan_id]].excludes,
                *fans[self.fan_index[fan_id]].replaces,
            )
        ]
        if relations:
            out.line("# Relations: a fan that counts removes the fans it excludes or replaces.")
            for fan_id, target in relations:
                with out.block(f"if f_{fan_id}"):
                    out.line(f"f_{target} = 0")
        values: dict[str, str] = {}
        for fan in fans:
            if not fan.values:
                values[fan.id] = str(fan.value)
                continue
            out.line(f"# {safe_text(fan.name)}: its value depends on the options.")
            (base, _), *guarded = fan.values
            out.line(f"value_{fan.id} = {guards(base)}")
            for expr, guard in guarded:
                with out.block(f"if {guards(guard)}"):
                    out.line(f"value_{fan.id} = {guards(expr)}")
            values[fan.id] = f"value_{fan.id}"
        out.line("total = 0")
        out.line("kept: list[tuple[int, int, int]] = []")
        # What the explanation cannot read from `kept`: caps that cut, modes chosen by options.
        out.line("notes: tuple[tuple[str, str, int], ...] = ()")
        tiers = {tier.id: tier for tier in book.scoring.tiers}
        overridden_by: dict[str, list[str]] = {t: [] for t in tiers}
        for tier in book.scoring.tiers:
            for target in tier.overrides:
                overridden_by[target].append(tier.id)
        order = topological_order(list(tiers), overridden_by)
        for tier_id in order:
            tier = tiers[tier_id]
            members = [fan for fan in fans if fan.tier == tier_id]
            out.line(f"# {safe_text(tier.name)} ({tier_id}): {_COMBINE_WORDS[tier.combine]}.")
            out.line(f"on_{tier_id} = False")
            if not members:
                continue
            overriders = " or ".join(f"on_{t}" for t in overridden_by[tier_id])
            with out.block(f"if not ({overriders})") if overriders else _nothing():
                for i, (mode, guard) in enumerate(tier.alternatives):
                    with out.block(f"{'el' if i else ''}if {guards(guard)}"):
                        out.line(f"notes += (({lit(tier.id)}, {lit(mode)}, 0),)")
                        self._tier(out, tier, members, values, guards, mode)
                with out.block("else") if tier.alternatives else _nothing():
                    self._tier(out, tier, members, values, guards, tier.combine)
        self.finish(guards)
        if not self._kept_in_order(order, overridden_by):
            with out.block("if len(kept) > 1"):
                out.line("kept.sort()")
        out.line("return total, tuple(kept), notes")
        return out.lines()

    def _kept_in_order(self, order: list[str], overridden_by: dict[str, list[str]]) -> bool:
        """Whether `kept` is built in table order (so needs no sort): each tier appends its
        fans in table order, so it is when every two tiers that can both count are emitted
        lowest fans first. A tier overridden by another never counts beside it."""
        indexes = {
            tier: [self.fan_index[f.id] for f in self.book.fans if f.tier == tier]
            for tier in order
        }
        for i, first in enumerate(order):
            for later in order[i + 1 :]:
                if first in overridden_by[later] or later in overridden_by[first]:
                    continue
                if indexes[first] and indexes[later] and max(indexes[first]) > min(indexes[later]):
                    return False
        return True

    def _tier(
        self,
        out: CodeWriter,
        tier: ir.Tier,
        members: list[ir.Fan],
        values: dict[str, str],
        guards: PyExpr,
        combine: str,
    ) -> None:
        if combine == "max":
            out.line("best = 0")
            out.line("pick = -1")
            out.line("count = 0")
            for fan in members:
                worth = f"{values[fan.id]} * f_{fan.id}"
                with out.block(f"if f_{fan.id} and {worth} > best"):
                    out.line(f"best = {worth}")
                    out.line(f"pick = {self.fan_index[fan.id]}")
                    out.line(f"count = f_{fan.id}")
            with out.block("if pick >= 0"):
                out.line(f"on_{tier.id} = True")
                out.line("kept.append((pick, count, best))")
                self._capped_total(out, tier, "best", guards)
            return
        out.line("value = 1" if combine == "multiply" else "value = 0")
        for fan in members:
            value = values[fan.id]
            with out.block(f"if f_{fan.id}"):
                out.line(f"on_{tier.id} = True")
                if combine == "multiply":
                    out.line(f"value *= {value} ** f_{fan.id}")
                    worth = f"{value} ** f_{fan.id}"
                else:
                    worth = f"{value} * f_{fan.id}" if value != "1" else f"f_{fan.id}"
                    out.line(f"value += {worth}")
                out.line(f"kept.append(({self.fan_index[fan.id]}, f_{fan.id}, {worth}))")
        with out.block(f"if on_{tier.id}"):
            self._capped_total(out, tier, "value", guards)

    @staticmethod
    def _capped_total(out: CodeWriter, tier: ir.Tier, value: str, guards: PyExpr) -> None:
        """Add the tier's value to the total; a cap that cuts it is noted as (tier id, "cap",
        the cap), on the rare path only, so that the explanation can show it as a step."""
        if tier.caps:
            guarded = [(n, g) for n, g in tier.caps if g is not None]
            default = next((n for n, g in tier.caps if g is None), None)
            out.line(f"cap = {default}")
            for i, (number, guard) in enumerate(guarded):
                with out.block(f"{'el' if i else ''}if {guards(guard)}"):
                    out.line(f"cap = {number}")
            with out.block(f"if cap is not None and {value} > cap"):
                out.line(f"{value} = cap")
                out.line(f"notes += (({lit(tier.id)}, 'cap', cap),)")
        out.line(f"total += {value}")

    # ------------------------------------------------------------------ adjust(), reject()

    def counted_translator(self) -> tuple[PyExpr, list[str]]:
        """A translator for rules read after `combine`: a fan reference there means the fan
        counts in the final score. The returned list fills with the binding it needs."""
        needs: list[str] = []

        def fan_ref(fan: str) -> str:
            if not needs:
                needs.append("counted = {i for i, _, _ in k}")
            return f"{self.fan_index[fan]} in counted"

        return PyExpr(fan_ref=fan_ref, predicates=self.predicates), needs

    def adjust_body(self) -> list[str]:
        """Floors, multipliers, ceilings, fixes, in that order (see `ir.Adjustment`). Besides
        the value, it returns the steps that changed it, as (kind, value, total after, rule
        id) with the rule id `<keyword>@<file name>:<line>` (see `_rule_id`); a step's tuple is
        built only when the step fires, so the common hand pays for one empty tuple."""
        py, needs = self.counted_translator()
        body = CodeWriter(indent=1)
        adjustments = self.book.scoring.adjustments
        by_kind = {
            k: [a for a in adjustments if a.kind == k]
            for k in ("floor", "multiply", "ceiling", "fix")
        }
        body.line("steps: tuple[tuple[str, int, int, str], ...] = ()")
        body.line("least = 0")
        if by_kind["floor"]:
            body.line("floor_rule = ''")
        for a in by_kind["floor"]:
            body.line(f"# {_where(a)}")
            condition = f"{py(a.condition)} and " if a.condition else ""
            with body.block(f"if {condition}({py(a.value)}) > least"):
                body.line(f"least = {py(a.value)}")
                body.line(f"floor_rule = {lit(_rule_id(a))}")
        if by_kind["floor"]:
            with body.block("if least > total"):
                body.line("total = least")
                body.line("steps = (('floor', least, total, floor_rule),)")
            with body.block("else"):
                body.line("least = 0")
        for a in by_kind["multiply"]:
            body.line(f"# {_where(a)}")
            with body.block(f"if {py(a.condition) if a.condition else 'True'}"):
                body.line(f"factor = {py(a.value)}")
                body.line("total *= factor")
                body.line(f"steps += (('multiply', factor, total, {lit(_rule_id(a))}),)")
        body.line("capped = False")
        # The first ceiling that holds, kept whether or not it cuts (settlement's loss cap).
        body.line("ceiling: int | None = None")
        if by_kind["ceiling"]:
            body.line("ceiling_rule = ''")
        for i, a in enumerate(by_kind["ceiling"]):
            body.line(f"# {_where(a)}")
            keyword = "elif" if i else "if"
            with body.block(f"{keyword} {py(a.condition) if a.condition else 'True'}"):
                body.line(f"ceiling = {py(a.value)}")
                body.line(f"ceiling_rule = {lit(_rule_id(a))}")
        if by_kind["ceiling"]:
            with body.block("if ceiling is not None and total > ceiling"):
                body.line("total = ceiling")
                body.line("capped = True")
                body.line("steps += (('ceiling', ceiling, total, ceiling_rule),)")
        for i, a in enumerate(by_kind["fix"]):
            body.line(f"# {_where(a)}")
            keyword = "elif" if i else "if"
            with body.block(f"{keyword} {py(a.condition) if a.condition else 'True'}"):
                body.line(f"total = {py(a.value)}")
                body.line(f"steps += (('fixed', total, total, {lit(_rule_id(a))}),)")
        body.line("return total, least, capped, ceiling, steps")
        self.finish(py)
        return _with_prelude(py, needs, body)

    def reject_body(self) -> list[str]:
        py, needs = self.counted_translator()
        body = CodeWriter(indent=1)
        for r in self.book.scoring.rejects:
            body.line(f"# {safe_text(f'{r.at.file}:{r.at.line}')}")
            with body.block(f"if {py(r.condition)}"):
                body.line(f"return {lit(r.reason)}")
        body.line("return None")
        self.finish(py)
        return _with_prelude(py, needs, body)

    # ------------------------------------------------------------------ shapes, tiles, wilds

    def shapes_body(self) -> list[str]:
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("enabled: set[str] = set()")
        for shape in self.book.shapes:
            if shape.custom is not None:
                continue
            if shape.guard is None:
                out.line(f"enabled.add({lit(shape.id)})")
            else:
                with out.block(f"if {guards(shape.guard)}"):
                    out.line(f"enabled.add({lit(shape.id)})")
        out.line("return frozenset(enabled)")
        self.finish(guards)
        return out.lines()

    def custom_shapes_body(self) -> list[str]:
        py = self.translator("False", HAND_FACT_SOURCE)
        body = CodeWriter(indent=1)
        body.line("found: list[str] = []")
        for shape in self.book.shapes:
            if shape.custom is None:
                continue
            condition = py(shape.custom)
            if shape.guard is not None:
                condition = f"({py(shape.guard)}) and {condition}"
            with body.block(f"if {condition}"):
                body.line(f"found.append({lit(shape.id)})")
        body.line("return tuple(found)")
        self.finish(py)
        out = CodeWriter(indent=1)
        for line in _prelude(py, hand=True):
            out.line(line)
        return out.lines() + [_inline_single_reads(line, py) for line in body.lines()]

    def custom_shapes_on_body(self) -> list[str]:
        """Whether any custom shape is enabled by the options: a win check skips the custom
        shapes (and the situation they read) in games where none can complete."""
        guards = self.translator("False")
        tests: list[str] = []
        for shape in self.book.shapes:
            if shape.custom is None:
                continue
            # The guard, and the options-only parts of the condition (`option.x and ...`).
            parts = [shape.guard] if shape.guard is not None else []
            parts += option_conjuncts(shape.custom)
            if not parts:
                tests = ["True"]
                break
            sources = [_grouped(guards(p)) for p in parts]
            tests.append(sources[0] if len(sources) == 1 else f"({' and '.join(sources)})")
        out = CodeWriter(indent=1)
        if not tests or tests == ["True"]:
            out.line(f"return {bool(tests)}")
        else:  # option values are typed Any: bool() keeps the generated module mypy-clean
            out.line(f"return bool({' or '.join(tests)})")
        self.finish(guards)
        return out.lines()

    def tile_copies_body(self) -> list[str]:
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        tiles = self.book.tiles
        out.line(f"copies = [0] * {len(self.book.wilds.successor) or 42}")
        for group in tiles.groups:
            with (
                out.block(f"if {guards(group.guard)}") if group.guard else _nothing(),
                out.block(f"for t in {lit(group.tiles)}"),
            ):
                out.line(f"copies[t] = {group.copies}")
        for keep in tiles.keeps:
            with (
                out.block(f"if {guards(keep.guard)}") if keep.guard else _nothing(),
                out.block(f"for t in {lit(keep.tiles)}"),
            ):
                out.line("copies[t] = max(copies[t], 4)")
        out.line("return tuple(copies)")
        self.finish(guards)
        return out.lines()

    def wild_tiles_body(self) -> list[str]:
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        for mode in self.book.wilds.modes:
            with out.block(f"if {guards(mode.guard)}") if mode.guard else _nothing():
                if mode.kind == "fixed":
                    out.line(f"return {lit(mode.tiles)}")
                else:
                    with out.block("if indicator is None"):
                        out.line("raise WildIndicatorMissing(RULEBOOK_ID)")
                    flipped = "SUCCESSOR[indicator]" if mode.kind == "next" else "indicator"
                    out.line(f"return ({flipped},)")
        out.line("return ()")
        self.finish(guards)
        if any(m.kind != "fixed" for m in self.book.wilds.modes):
            self.runtime_names.add("WildIndicatorMissing")
        return out.lines()

    def wild_copies_body(self) -> list[str]:
        """The live wild tiles: none without an active wild mode; else the first `copies` line
        whose guard holds, else 4 (3 when the active mode is `indicator self`)."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("mode = ''")
        for i, mode in enumerate(self.book.wilds.modes):
            condition = guards(mode.guard) if mode.guard else "True"
            with out.block(f"{'elif' if i else 'if'} {condition}"):
                out.line(f"mode = {lit(mode.kind)}")
        with out.block("if not mode"):
            out.line("return 0")
        for value, guard in self.book.wilds.copies:
            with out.block(f"if {guards(guard)}") if guard else _nothing():
                out.line(f"return {guards(value)}")
        out.line("return 3 if mode == 'self' else 4")
        self.finish(guards)
        return out.lines()

    def permissions_body(self) -> list[str]:
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("allowed = set(WILD_ACTIONS)")
        for p in self.book.wilds.permissions:
            change = "add" if p.allow else "discard"
            with out.block(f"if {guards(p.guard)}") if p.guard else _nothing():
                out.line(f"allowed.{change}({lit(p.action)})")
        out.line("return frozenset(allowed)")
        self.finish(guards)
        self.runtime_names.add("WILD_ACTIONS")
        return out.lines()

    def claims_body(self) -> list[str]:
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("allowed: set[str] = set()")
        for rule in self.book.claims:
            words = [rule.verb] if not rule.kinds else [f"{rule.verb} {k}" for k in rule.kinds]
            with out.block(f"if {guards(rule.guard)}") if rule.guard else _nothing():
                for word in words:
                    out.line(f"allowed.add({lit(word)})")
        out.line("return frozenset(allowed)")
        self.finish(guards)
        return out.lines()

    def constraints_body(self) -> list[str]:
        py = self.translator("False", {**FACT_SOURCE, "players": "players"})
        body = CodeWriter(indent=1)
        for constraint in self.book.constraints:
            with body.block(f"if {py(constraint.condition)}"):
                body.line(f"return {lit(constraint.reason)}")
        body.line("return None")
        self.finish(py)
        out = CodeWriter(indent=1)
        for line in _prelude(py):
            out.line(line)
        return out.lines() + [_inline_single_reads(line, py) for line in body.lines()]

    # ------------------------------------------------------------------ horses

    def horses_body(self) -> list[str]:
        """The horse kinds a game draws: each kind whose options guard holds, with its count
        (a choice option read as a count is its chosen id as a number), and, given the win
        situation `s`, only when the kind's `when` holds for it."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("found: list[tuple[HorseKind, int]] = []")
        for index, kind in enumerate(self.book.horses.kinds):
            tests = []
            if kind.guard is not None:
                tests.append(guards(kind.guard))
            if kind.condition is not None:
                tests.append(f"(s is None or {self._round_condition(kind.condition)})")
            count = guards(kind.count)
            if kind.count.type.startswith("choice:"):
                count = f"int({count})"
            out.line(f"# {safe_text(kind.name)} {kind.kind} ({kind.at.file}:{kind.at.line})")
            with out.block(f"if {' and '.join(tests)}") if tests else _nothing():
                out.line(f"found.append((HORSE_KINDS[{index}], {count}))")
        out.line("return tuple(found)")
        self.finish(guards)
        return out.lines()

    def _round_condition(self, condition: ir.Expr) -> str:
        """A horse line's `when`, reading the win situation `s` in place (it may be None, so
        nothing is bound before the test)."""
        py = self.translator("False")
        code = py(condition)
        for fact in py.facts:
            code = re.sub(rf"\bx_{fact}\b", FACT_SOURCE[fact], code)
        self.finish(py)
        return code

    def horse_tables(self) -> list[tuple[int, list[str]]]:
        """Each horse table as lines of seat offsets, one line per suit."""
        tables: list[tuple[int, list[str]]] = []
        for table in self.book.horses.tables:
            lines = []
            for start, end in ((0, 9), (9, 18), (18, 27), (27, 34), (34, len(table.seats))):
                values = ", ".join(str(v) for v in table.seats[start:end])
                where = f"{tile_text(start)}-{tile_text(end - 1)}"
                lines.append(f"{values},  # {where}")
            tables.append((table.players, lines))
        return tables

    # ------------------------------------------------------------------ payments

    def _settle_condition(self, condition: ir.Expr, facts: dict[str, str]) -> str:
        """A payments `when`, reading the win situation `s` and the winners `w` (win lines)
        or the round facts `r` (kong lines) in place."""
        py = self.translator("False", {**FACT_SOURCE, **facts})
        code = py(condition)
        for fact in py.facts:
            code = re.sub(rf"\bx_{fact}\b", py.fact_source[fact], code)
        self.finish(py)
        return code

    def payment_wins_body(self) -> list[str]:
        """The win lines whose options guard and condition hold, by index, in order."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("found: list[int] = []")
        for index, rule in enumerate(self.book.payments.wins):
            tests = []
            if rule.guard is not None:
                tests.append(guards(rule.guard))
            if rule.condition is not None:
                tests.append(self._settle_condition(rule.condition, {"winners": "w"}))
            out.line(f"# win {rule.payer} pays ({rule.at.file}:{rule.at.line})")
            with out.block(f"if {' and '.join(tests)}") if tests else _nothing():
                out.line(f"found.append({index})")
        out.line("return tuple(found)")
        self.finish(guards)
        return out.lines()

    def payment_kongs_body(self) -> list[str]:
        """The kong lines whose options guard and condition hold, with their amounts."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("found: list[tuple[int, int]] = []")
        round_facts = {f: f"r.{f}" for f in ("won", "drawn", "winners", "players")}
        for index, rule in enumerate(self.book.payments.kongs):
            tests = []
            if rule.guard is not None:
                tests.append(guards(rule.guard))
            if rule.condition is not None:
                tests.append(self._settle_condition(rule.condition, round_facts))
            out.line(f"# kong {rule.kind} {rule.payer} pays ({rule.at.file}:{rule.at.line})")
            with out.block(f"if {' and '.join(tests)}") if tests else _nothing():
                out.line(f"found.append(({index}, {guards(rule.amount)}))")
        out.line("return tuple(found)")
        self.finish(guards)
        return out.lines()

    def payment_bonuses_body(self) -> list[str]:
        """The horse, 跟庄 and 连庄 lines whose options guard and condition hold for the round,
        with their amounts."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("found: list[tuple[int, int]] = []")
        round_facts = {f: f"r.{f}" for f in ("won", "drawn", "winners", "players")}
        for index, rule in enumerate(self.book.payments.bonuses):
            tests = []
            if rule.guard is not None:
                tests.append(guards(rule.guard))
            if rule.condition is not None:
                tests.append(self._settle_condition(rule.condition, round_facts))
            what = f"{rule.item}_payment {rule.kind or ''}".rstrip()
            out.line(f"# {what} ({rule.at.file}:{rule.at.line})")
            with out.block(f"if {' and '.join(tests)}") if tests else _nothing():
                out.line(f"found.append(({index}, {guards(rule.amount)}))")
        out.line("return tuple(found)")
        self.finish(guards)
        return out.lines()

    def payment_relations_body(self) -> list[str]:
        """The relation lines whose options guard and condition hold for a winner, with their
        amounts; the condition reads the situation `s`, the winners `w`, `related` (the
        discarder is related to the winner) and `ready` (the discarder was ready)."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        out.line("found: list[tuple[int, int]] = []")
        facts = {"winners": "w", "discarder_related": "related", "discarder_ready": "ready"}
        for index, rule in enumerate(self.book.payments.relation_lines):
            tests = []
            if rule.guard is not None:
                tests.append(guards(rule.guard))
            if rule.condition is not None:
                tests.append(self._settle_condition(rule.condition, facts))
            out.line(f"# relation_payment {rule.payer} ({rule.at.file}:{rule.at.line})")
            with out.block(f"if {' and '.join(tests)}") if tests else _nothing():
                out.line(f"found.append(({index}, {guards(rule.amount)}))")
        out.line("return tuple(found)")
        self.finish(guards)
        return out.lines()

    def payment_loss_cap_body(self) -> list[str]:
        """The first `loss_cap` whose guard holds, and, when its value reads `hand_ceiling`,
        whose hand has a ceiling (`ceiling` is not None)."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        for item in self.book.payments.loss_caps:
            where = lit(f"{item.at.file}:{item.at.line}")
            value = self._settle_condition(item.value, {"hand_ceiling": "ceiling"})
            tests = [guards(item.guard)] if item.guard is not None else []
            if re.search(r"\bceiling\b", value):
                tests.append("ceiling is not None")
            with out.block(f"if {' and '.join(tests)}") if tests else _nothing():
                out.line(f"return ({value}, {where})")
            if not tests:
                break
        else:
            out.line("return None")
        self.finish(guards)
        return out.lines()

    def _first_value(self, items: tuple[ir.Stake, ...], default: str) -> list[str]:
        """The first stake or cap whose guard holds, with its rulebook line."""
        guards = self.translator("False")
        out = CodeWriter(indent=1)
        for item in items:
            where = lit(f"{item.at.file}:{item.at.line}")
            with out.block(f"if {guards(item.guard)}") if item.guard else _nothing():
                out.line(f"return ({guards(item.value)}, {where})")
            if item.guard is None:
                break
        else:
            out.line(f"return {default}")
        self.finish(guards)
        return out.lines()

    # ------------------------------------------------------------------ the module

    def render(self) -> str:
        book = self.book
        evaluate = self.evaluate_body()
        combine = self.combine_body()
        fan_count = len(book.fans)
        blocks = {
            "evaluate_body": evaluate,
            "combine_body": combine,
            # evaluate() then combine() as one function: no counts tuple built and unpacked.
            "fused_body": (
                (evaluate[: -(fan_count + 2)] + combine[1:]) if fan_count else combine
            ),
            "adjust_body": self.adjust_body(),
            "reject_body": self.reject_body(),
            "shapes_body": self.shapes_body(),
            "custom_shapes_body": self.custom_shapes_body(),
            "custom_shapes_on_body": self.custom_shapes_on_body(),
            "tile_copies_body": self.tile_copies_body(),
            "wild_tiles_body": self.wild_tiles_body(),
            "permissions_body": self.permissions_body(),
            "wild_copies_body": self.wild_copies_body(),
            "claims_body": self.claims_body(),
            "constraints_body": self.constraints_body(),
            "horses_body": self.horses_body(),
            "payment_wins_body": self.payment_wins_body(),
            "payment_kongs_body": self.payment_kongs_body(),
            "payment_bonuses_body": self.payment_bonuses_body(),
            "payment_relations_body": self.payment_relations_body(),
            "payment_relation_body": self._first_value(self.book.payments.relations, "None"),
            "payment_stake_body": self._first_value(book.payments.stakes, "(1, None)"),
            "payment_cap_body": self._first_value(book.payments.caps, "None"),
            "payment_loss_cap_body": self.payment_loss_cap_body(),
            "payment_dealer_body": self._first_value(book.payments.dealer_factors, "(1, None)"),
        }
        summary = bool(self.predicates.tile or self.predicates.members)
        if summary:
            self.runtime_names |= {
                "TILE_COUNT_WIDTH",
                "meld_masks",
                "summarize",
                "summarize_tiles",
                "summary_tables",
                "tile_masks",
            }
        if self.predicates.meld or self.predicates.members:
            self.runtime_names |= {"Meld", "meld_masks", "summarize_melds"}
        tier_index = {tier.id: i for i, tier in enumerate(book.scoring.tiers)}
        fans = [
            {
                "id": fan.id,
                "name": fan.name,
                "english": fan.english,
                "value": fan.value,
                "tier": tier_index[fan.tier],
                "where": f"{fan.at.file}:{fan.at.line}",
                "excludes": tuple(
                    sorted(self.fan_index[f] for f in (*fan.excludes, *fan.replaces))
                ),
            }
            for fan in book.fans
        ]
        examples = [
            {
                "fan": fan.id,
                "hand": ex.hand,
                "positive": ex.positive,
                "win": ex.win,
                "situation": ex.situation,
                "where": f"{ex.at.file}:{ex.at.line}",
            }
            for fan in book.fans
            for ex in fan.examples
        ]
        title_line = safe_text(
            f"{book.title} ({book.english}) — rules engine"
            if book.english
            else f"{book.title} — rules engine"
        )
        context: dict[str, Any] = {
            **blocks,
            "lit": lit,
            "title_line": title_line,
            "mjc_version": MJC_VERSION,
            "api_version": API_VERSION,
            "source_file": safe_text(book.source_file),
            "source_sha256": book.source_sha256,
            "rulebook_id": book.id,
            "extends": book.extends,
            "title": book.title,
            "english": book.english,
            "version": book.version,
            "unit": book.scoring.unit,
            "players": book.players,
            "imports": _imports(self.runtime_names),
            "tile_constants": [(tile_constant(t), i) for t, i in sorted(self.tiles.items())],
            "successor": book.wilds.successor,
            "tiers": [
                {
                    "id": t.id,
                    "name": t.name,
                    "combine": t.combine,
                    "cap": next((n for n, g in t.caps if g is None), None),
                    "overrides": tuple(tier_index[o] for o in t.overrides),
                }
                for t in book.scoring.tiers
            ],
            "fans": fans,
            "relation_order": tuple(self.fan_index[f] for f in book.relation_order),
            "options": book.options,
            "tile_predicates": list(self.predicates.tile),
            "meld_predicates": list(self.predicates.meld),
            # Counter fields, in field order: the bit of the predicate each counts.
            "tile_counted": tuple(self.predicates.tile_counted),
            "meld_counted": tuple(self.predicates.meld_counted),
            "member_predicates": list(self.predicates.members),
            "summary": summary,
            "examples": examples,
            "has_custom_shapes": any(s.custom is not None for s in book.shapes),
            "has_wilds": bool(book.wilds.modes),
            "situation_flags": tuple(f.id for f in book.situations),
            "has_rejects": bool(book.scoring.rejects),
            "presets": [(p.id, p.label, p.settings) for p in book.presets],
            "horse_tables": self.horse_tables(),
            "payments": book.payments,
            "win_rules": [
                (w.payer, w.for_all, f"{w.at.file}:{w.at.line}") for w in book.payments.wins
            ],
            "kong_rules": [
                (k.kind, k.payer, f"{k.at.file}:{k.at.line}") for k in book.payments.kongs
            ],
            "bonus_rules": [
                (b.item, b.kind, f"{b.at.file}:{b.at.line}") for b in book.payments.bonuses
            ],
            "relation_rules": [
                (r.payer, r.for_others, f"{r.at.file}:{r.at.line}")
                for r in book.payments.relation_lines
            ],
            "horse_kinds": [
                (k.kind, k.name, k.drawn_by, k.drawn_from, f"{k.at.file}:{k.at.line}")
                for k in book.horses.kinds
            ],
        }
        return _environment().get_template("module.py.j2").render(context)


def _with_prelude(py: PyExpr, needs: list[str], body: CodeWriter) -> list[str]:
    """A function body: the facts and summaries its conditions read, then `body`."""
    out = CodeWriter(indent=1)
    for line in [*_prelude(py), *needs]:
        out.line(line)
    return out.lines() + [_inline_single_reads(line, py) for line in body.lines()]


def _never_negative(expr: ir.Expr) -> bool:
    """Whether a `per` count is never below zero as written (a `count`, a length, a literal),
    so that it needs no `max(…, 0)`."""
    if isinstance(expr, ir.IntE):
        return expr.value >= 0
    if isinstance(expr, ir.QuantE):
        return expr.kind == "count"
    return isinstance(expr, ir.CallE) and expr.func in ("len", "suits", "copies")


def _where(adjustment: ir.Adjustment) -> str:
    return safe_text(f"{adjustment.kind} ({adjustment.at.file}:{adjustment.at.line})")


def _rule_id(adjustment: ir.Adjustment) -> str:
    """A scoring line's stable id in score explanations: `floor@guangdong.mjr:91` (the
    keyword, the rulebook's file name without its folder, the line)."""
    name = adjustment.at.file.replace("\\", "/").rsplit("/", 1)[-1]
    return safe_text(f"{adjustment.kind}@{name}:{adjustment.at.line}")


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _grouped(source: str) -> str:
    """`source` in parentheses unless it is one name, subscript or call."""
    return source if re.fullmatch(r"[\w.]+(\[[^\]]*\])?", source) else f"({source})"


def _simple(source: str) -> bool:
    """Facts that are one attribute read, cheap enough to read in place."""
    return re.fullmatch(r"[ash]\.\w+|total|players", source) is not None


def _inline_single_reads(code: str, translator: PyExpr) -> str:
    """Replace the local of a simple fact read only once by the read itself."""
    for fact, reads in translator.facts.items():
        source = translator.fact_source[fact]
        if reads == 1 and _simple(source):
            code = re.sub(rf"\bx_{fact}\b", source, code)
    return code


def _prelude(translator: PyExpr, hand: bool = False) -> list[str]:
    """Bind each fact read more than once, and each predicate summary, in a fixed order
    (a fact read once is put in place by `_inline_single_reads`)."""
    sources = translator.fact_source
    lines = [
        f"x_{fact} = {sources[fact]}"
        for fact in sources
        if translator.facts.get(fact, 0) > 1
        or (fact in translator.facts and not _simple(sources[fact]))
    ]
    tiles = sources["tiles"]
    summary_source = {
        "tile": f"summarize_tiles({tiles}, TILE_MASKS, TILE_COUNTS)",
        "meld": "summarize_melds(a.melds, MELD_MASKS, MELD_COUNTS)",
        "pair": "summarize_melds(a.pairs, MELD_MASKS, MELD_COUNTS)",
    }
    summaries = set(translator.summaries)
    if tiles == "a.tiles" and summaries & {"tile", "members"}:
        # One pass over the arrangement's melds gives the tile and the meld summaries and the
        # membership bits; the meld predicates' bits sit above the tile predicates' bits.
        lines.append("x_some, x_every, x_count, x_members = summarize(a, SUMMARY)")
        if "tile" in summaries:
            lines.append("x_tile_any, x_tile_all, x_tile_count = x_some, x_every, x_count")
        if "meld" in summaries:
            lines += [
                "x_meld_any = x_some >> MELD_SHIFT",
                "x_meld_all = x_every >> MELD_SHIFT",
                "x_meld_count = x_count >> MELD_COUNT_SHIFT",
            ]
        summaries -= {"tile", "meld", "members"}
    for summary, source in summary_source.items():
        if summary in summaries:
            lines.append(f"x_{summary}_any, x_{summary}_all, x_{summary}_count = {source}")
    lines += [f"{name} = {source}" for source, name in translator.hoisted.items()]
    return lines
