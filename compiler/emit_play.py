"""The play section as a function of a generated module: `turn_rules(o) -> TurnRules`.

Input is the checked `ir.Rulebook` (through `emitbase.ModuleState`); output is the body of
`turn_rules`, which reads only the options `o`. Each rule of the section becomes one
assignment to a local named after the `TurnRules` field it sets, under an `if` when the rule
has a guard, in rulebook order, so that a later rule whose guard holds overrides an earlier
one (`lower_play.effective` says the same in the compiler). A field whose first rule has a
guard starts at `TurnRules()`'s default; fields no rule sets are left to the default. Each
local is annotated with its field's type where it is first set, so that mypy --strict reads
a word as the `Literal` the field takes.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from mjc.compiler import ir
from mjc.compiler.emitbase import ModuleState
from mjc.compiler.pysafe import lit
from mjc.compiler.pywriter import CodeWriter
from mjc.compiler.types import ChoiceType
from mjc.compiler.vocabulary_play import PLAY_WORDS, default_value
from mjc.runtime import turnrules
from mjc.runtime.turnrules import TurnRules

_FIELD_ORDER = {f.name: i for i, f in enumerate(dataclasses.fields(TurnRules))}
# Each field's type as `mjc.runtime.turnrules` writes it ("BreakStart", "tuple[ClaimKind,
# ...]"), and the names of those types a generated module imports to annotate its locals.
_FIELD_TYPES = {f.name: str(f.type) for f in dataclasses.fields(TurnRules)}
_TYPE_NAMES = frozenset(turnrules.__all__)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def turn_rules_body(state: ModuleState) -> list[str]:
    """How a round is played under the options `o`: the play section's rules in order."""
    py = state.translator(inline=None)
    out = CodeWriter(indent=1)
    rules = state.book.play.rules
    fields = _fields(rules)
    declared: set[str] = set()

    def target(field: str) -> str:
        """`field: <its TurnRules type>` the first time (a top-level line), then `field`:
        the type keeps a word such as "tail" the `Literal` the field wants."""
        if field in declared:
            return field
        declared.add(field)
        annotation = _FIELD_TYPES[field]
        state.runtime_names.update(n for n in _NAME.findall(annotation) if n in _TYPE_NAMES)
        return f"{field}: {annotation}"

    for field in fields:
        first = next(r for r in rules if field in _sets(r))
        if first.guard is not None:
            out.line(f"{target(field)} = {lit(default_value(field))}  # TurnRules() default")
    for rule in rules:
        out.comment(_comment(rule))
        held = state.slots.held(rule)

        def assign(rule: ir.PlayRule = rule, number: ir.Expr | None = held.number) -> None:
            if number is not None:
                count = py(number)
                if isinstance(number.type, ChoiceType):
                    count = ("int(", count, ")")
                out.stmt(f"{target(PLAY_WORDS[rule.key].fields[0])} = ", count)
            for field, value in rule.settings:
                out.line(f"{target(field)} = {lit(value)}")

        guard = held.guard
        out.first([(None if guard is None else py(guard), functools.partial(assign))])
    if not fields:
        out.line("return TurnRules()")
    else:
        out.line("return TurnRules(")
        for field in sorted(fields, key=_FIELD_ORDER.__getitem__):
            out.line(f"    {field}={field},")
        out.line(")")
    state.runtime_names.add("TurnRules")
    return state.function(py, out)


def _sets(rule: ir.PlayRule) -> list[str]:
    """The fields one rule sets."""
    if rule.count is not None:
        return [PLAY_WORDS[rule.key].fields[0]]
    return [field for field, _ in rule.settings]


def _fields(rules: tuple[ir.PlayRule, ...]) -> list[str]:
    """Every field some rule sets, in the order of their first rule."""
    found: dict[str, None] = {}
    for rule in rules:
        for field in _sets(rule):
            found[field] = None
    return list(found)


def _comment(rule: ir.PlayRule) -> str:
    """`key words (file:line): the first source or convention`, for the reader of the
    module (made safe by the writer)."""
    said = next((p for p in rule.provenance if p.kind in ("source", "convention")), None)
    head = f"{rule.key} {', '.join(rule.words)} ({rule.at.file}:{rule.at.line})"
    return f"{head}: {said.text}" if said is not None else head
