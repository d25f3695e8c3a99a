"""The play section as a function of a generated module: `turn_rules(o) -> TurnRules`; and
the kinds of kong (`kongs` section) as its `KONG_KINDS` table and `kong_allowed` function.

Input is the checked `ir.Rulebook` (through `emitbase.ModuleState`); output is the body of
`turn_rules`, which reads only the options `o`. Each rule of the section becomes one
assignment to a local named after the `TurnRules` field it sets, under an `if` when the rule
has a guard, in rulebook order, so that a later rule whose guard holds overrides an earlier
one (`lower_play.effective` says the same in the compiler). A field whose first rule has a
guard starts at `TurnRules()`'s default; fields no rule sets are left to the default. Each
local is annotated with its field's type where it is first set (`Literal['tail', 'head']`),
so that mypy --strict reads a word as the `Literal` the field takes.
"""

from __future__ import annotations

import dataclasses
import functools
import typing

from mjc.compiler import ir
from mjc.compiler.conditions.facts import HAND_FACT_SOURCE
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.language.types import ChoiceType
from mjc.compiler.language.vocabulary_play import PLAY_WORDS, TURN_RULES_TYPES, default_value
from mjc.compiler.pysource.layout import Doc, Group, bracketed, parenthesized, tuple_of
from mjc.compiler.pysource.pysafe import lit
from mjc.compiler.pysource.pywriter import CodeWriter
from mjc.runtime.rules.turnrules import TurnRules

_FIELD_ORDER = {f.name: i for i, f in enumerate(dataclasses.fields(TurnRules))}


def _spelled(hint: object) -> Doc:
    """A field's type as Python source: `Literal['tail', 'head']` for a word field (so a
    generated module needs nothing from `turnrules` but `TurnRules`; a long one breaks one
    word per line inside its brackets), `int`, `bool`, and `tuple[…, ...]` of those."""
    if typing.get_origin(hint) is typing.Literal:
        return bracketed("Literal[", [lit(a) for a in typing.get_args(hint)], "]")
    if typing.get_origin(hint) is tuple:
        return Group(("tuple[", _spelled(typing.get_args(hint)[0]), ", ...]"))
    assert isinstance(hint, type), hint
    return hint.__name__


# Each field's type as a generated module annotates its local.
_FIELD_TYPES = {name: _spelled(hint) for name, hint in TURN_RULES_TYPES.items()}


def turn_rules_body(state: ModuleState) -> list[str]:
    """How a round is played under the options `o`: the play section's rules in order."""
    py = state.translator(inline=None)
    out = CodeWriter(indent=1)
    rules = state.book.play.rules
    fields = _fields(rules)
    declared: set[str] = set()

    def target(field: str) -> Doc:
        """`field: <its TurnRules type>` the first time (a top-level line), then `field`:
        the type keeps a word such as "tail" the `Literal` the field wants."""
        if field in declared:
            return field
        declared.add(field)
        return Group((f"{field}: ", _FIELD_TYPES[field]))

    starts = [f for f in fields if next(r for r in rules if f in _sets(r)).guard is not None]
    if starts:
        out.line("# Set only under an `if` below: they start at the TurnRules() default.")
    for field in starts:
        out.stmt(target(field), " = ", _value(default_value(field)))
    for rule in rules:
        out.comment(_comment(rule))
        held = state.slots.held(rule)

        def assign(rule: ir.PlayRule = rule, number: ir.Expr | None = held.number) -> None:
            if number is not None:
                count = py(number)
                if isinstance(number.type, ChoiceType):
                    count = ("int(", count, ")")
                out.stmt(target(PLAY_WORDS[rule.key].fields[0]), " = ", count)
            for field, value in rule.settings:
                out.stmt(target(field), " = ", _value(value))

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


# A kind of kong's `when` reads the hand after the kong (`h`) and, as `ready`, the tiles it
# waits on, which the engine puts in the situation's wait set (`s.waits`).
KONG_FACT_SOURCE = {**HAND_FACT_SOURCE, "ready": "bool(s.waits)"}


def kong_allowed_body(state: ModuleState) -> list[str]:
    """Whether the kind of kong `k` may be made: each kind's `when`, in rulebook order (a
    kind without one may always be made)."""
    kinds = state.book.kongs
    conditions = [state.slots.held(kind).when for kind in kinds]
    py = state.planned([c for c in conditions if c is not None], facts=KONG_FACT_SOURCE)
    out = CodeWriter(indent=1)
    for index, (kind, condition) in enumerate(zip(kinds, conditions, strict=True)):
        if condition is not None:
            out.comment(f"{kind.id} ({kind.at.file}:{kind.at.line}): when {kind.text}")
            with out.when(f"k == {index}"):
                out.stmt("return ", parenthesized(py(condition)))
    out.line("return True")
    state.runtime_names.add("KongKindSpec")
    return state.function(py, out)


def kong_kind_rows(book: ir.Rulebook) -> list[str]:
    """`KongKindSpec(id, name, replacement, scored, conditional),` per kind of kong."""
    return [
        f"    KongKindSpec({lit(k.id)}, {lit(k.label or k.id)}, {lit(k.replacement)}, "
        f"{lit(k.scored)}, {lit(k.condition is not None)}),"
        for k in book.kongs
    ]


def declare_rows(book: ir.Rulebook) -> list[str]:
    """`DeclareSpec(id, name, words, discard_first[, no_claims=True]),` per seat declaration
    (定缺)."""
    return [
        f"    DeclareSpec({lit(d.id)}, {lit(d.name or d.id)}, {lit(d.words)}, "
        f"{lit(d.discard_first)}{', no_claims=True' if d.no_claims else ''}),"
        for d in book.declares
    ]


def exchange_rows(book: ir.Rulebook) -> list[str]:
    """`ExchangeSpec(id, name, count, same_suit, direction),` per exchange before play
    (换三张)."""
    return [
        f"    ExchangeSpec({lit(e.id)}, {lit(e.name or e.id)}, {lit(e.count)}, "
        f"{lit(e.same_suit)}, {lit(e.direction)}),"
        for e in book.exchanges
    ]


def declarations_guarded(state: ModuleState) -> bool:
    """Whether an option switches some declaration or exchange (`if`)."""
    lines: list[ir.Declare | ir.Exchange] = [*state.book.exchanges, *state.book.declares]
    return any(state.slots.held(line).guard is not None for line in lines)


def declarations_on_body(state: ModuleState) -> list[str]:
    """The ids of the declarations and exchanges the options switch on, in rulebook order."""
    guards = state.guards()
    out = CodeWriter(indent=1)
    out.line("on: list[str] = []")
    lines: list[ir.Declare | ir.Exchange] = [*state.book.exchanges, *state.book.declares]
    for line in lines:
        guard = state.slots.held(line).guard
        add = f"on.append({lit(line.id)})"
        if guard is None:
            out.line(add)
            continue
        with out.when(guards(guard)):
            out.line(add)
    out.line("return frozenset(on)")
    return state.function(guards, out)


def _value(value: object) -> Doc:
    """A field's value as source: a tuple of words breaks one word per line when long."""
    if isinstance(value, tuple):
        return tuple_of([lit(v) for v in value])
    return lit(value)


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
