"""The table of expression slots (`mjc.compiler.resolve.slots`) and the language's types
(`mjc.compiler.language.types`): every expression a rulebook holds is in one slot, the driver types
each in its slot's context, and types are values that keep their spelling in the IR's JSON."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from mjc.compiler import driver, ir
from mjc.compiler.diagnostics import Diagnostic
from mjc.compiler.docs.mdtext import text
from mjc.compiler.docs.refdocs import generate_words_snippet
from mjc.compiler.docs.settlement import payments_context
from mjc.compiler.driver import compile_source
from mjc.compiler.emit import codegen
from mjc.compiler.emit.emitbase import ModuleState
from mjc.compiler.emit.slotreader import SlotReader
from mjc.compiler.ir.jsonio import from_json, json_data, to_json
from mjc.compiler.language.types import BOOL, INT, TILE, ChoiceType, ListType, describe, parse_type
from mjc.compiler.language.vocabulary import KONG_PAYERS, RELATION_PAYERS, WIN_PAYERS, PayerWord
from mjc.compiler.loader import bundled_rulebooks, resolve_rulebook
from mjc.compiler.lower.rulebook import lower
from mjc.compiler.lower.sources import lowered
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.slots import SLOTS, Place, Slot, untyped
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from tests.helpers.small_rulebooks import (
    DEAL_WINS_RULEBOOK,
    DORA_RULEBOOK,
    EXCHANGE_RULEBOOK,
    KONG_KINDS_RULEBOOK,
    RIICHI_POINTS_RULEBOOK,
)

EXPRESSIONS = typing.get_args(ast.Expr)


def _declarations(name: str) -> Declarations:
    path, display = resolve_rulebook(name)
    decls, _ = _with_parents(path.read_text(encoding="utf-8"), display)
    return decls


def _with_parents(source: str, file: str) -> tuple[Declarations, list[Diagnostic]]:
    """The declarations of a rulebook as the driver collects them: a variant's (三麻's) over
    its parent's."""
    decls, problems = driver._declarations(source, file, None, {file: source}, stack=())
    assert decls is not None, problems
    return decls, problems


def _every_expression(node: object, found: dict[int, ast.Expr]) -> None:
    """Every expression reachable in the declarations, outermost only."""
    if isinstance(node, EXPRESSIONS):
        found[id(node)] = node
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            if f.name not in ("parent", "removed", "span"):
                _every_expression(getattr(node, f.name), found)
    elif isinstance(node, tuple | list):
        for item in node:
            _every_expression(item, found)
    elif isinstance(node, dict):
        for item in node.values():
            _every_expression(item, found)


@pytest.mark.parametrize("name", bundled_rulebooks())
def test_every_expression_but_a_literal_count_or_tile_is_in_a_slot(name: str) -> None:
    decls = _declarations(name)
    found: dict[int, ast.Expr] = {}
    _every_expression(decls, found)
    in_slots = {id(e) for slot in SLOTS for _, e in slot.find(decls) if e is not None}
    outside = [e for key, e in found.items() if key not in in_slots]
    # What no slot holds are literal numbers and tiles (player counts, copies, totals, caps,
    # horse ranks and tiles, wild tiles): the grammar allows nothing else there.
    assert all(isinstance(e, ast.IntLit | ast.TileLit) for e in outside), outside
    assert in_slots <= set(found)


def test_the_driver_types_every_slot_of_a_bundled_rulebook() -> None:
    for name in bundled_rulebooks():
        path, display = resolve_rulebook(name)
        compilation = compile_source(path.read_text(encoding="utf-8"), display)
        assert compilation.ok, name


def test_a_slot_that_did_not_type_is_named_by_untyped() -> None:
    decls = _declarations("guangdong")
    missing = untyped(decls, {})
    assert {slot.clause for slot, _ in missing} >= {"when", "value"}
    assert "pure_one_suit" in {owner for slot, owner in missing if slot.section == "fan"}


def test_a_slot_types_its_expression_in_its_context() -> None:
    # A payments `loss_cap` value may read `hand_ceiling`; a stake value, which reads the
    # options and `dealer_streak`, may not: the slot's context decides.
    mini = Path(__file__).parents[1] / "diagnostics" / "E0505_invalid_example_hand.mjr"
    base = mini.read_text(encoding="utf-8").replace("22x", "22z")  # a valid example now
    ok = compile_source(base + "\npayments {\n  loss_cap hand_ceiling\n}\n", "ok.mjr")
    assert ok.ok, [d.message for d in ok.diagnostics]
    bad = compile_source(base + "\npayments {\n  stake hand_ceiling\n}\n", "bad.mjr")
    assert [d.code for d in bad.diagnostics] == ["E0204"]
    message = "a payments `stake` or `dealer_bonus` value cannot use `hand_ceiling`"
    assert bad.diagnostics[0].message == message


def test_the_language_reference_lists_every_slot() -> None:
    snippet = generate_words_snippet()
    for slot in SLOTS:
        assert f"| `{slot.section}` | {slot.clause} |" in snippet, slot.clause


# ------------------------------------------------------------------------------ types


def test_types_are_values_compared_by_structure() -> None:
    assert ListType(TILE) == ListType(TILE) and ListType(TILE) != ListType(INT)
    assert ChoiceType("cap") == ChoiceType("cap") and ChoiceType("cap") != ChoiceType("wang")
    assert len({ListType(TILE), ListType(TILE), BOOL}) == 2
    with pytest.raises(AttributeError):
        ListType(TILE).item = INT  # type: ignore[misc]


@pytest.mark.parametrize("spelling", ["bool", "int", "list[tile]", "list[meld]", "choice:cap"])
def test_a_type_reads_back_from_its_spelling(spelling: str) -> None:
    assert parse_type(spelling).spelling == spelling
    assert str(parse_type(spelling)) == spelling
    assert parse_type(spelling) != spelling  # compared with types only, never a spelling
    assert spelling not in {parse_type(spelling): 1}


def test_a_type_is_described_in_words() -> None:
    assert describe(ListType(TILE)) == "a list of tiles"
    assert describe(ChoiceType("cap")) == "a choice of option `cap`"
    assert describe(BOOL) == "a true/false fact"


def test_the_ir_holds_types_and_writes_their_spelling() -> None:
    expr = ir.ListE(type=ListType(TILE), items=(ir.TileE(tile=0, text="1m"),))
    assert isinstance(expr.type, ListType) and expr.type.item == TILE
    assert json_data(expr)["type"] == "list[tile]"
    assert json_data(ir.IntE(value=1))["type"] == "int"
    loaded = from_json(ir.ListE, to_json(expr))
    assert loaded.type == ListType(TILE) and isinstance(loaded.type, ListType)


def test_a_bad_type_spelling_is_refused() -> None:
    with pytest.raises(ValueError, match="not a type"):
        parse_type("list[")


# ------------------------------------------------- the table drives lowering, codegen, docs

# Every kind of payments line with an options guard (`if`), and a tier cap with one, which no
# bundled rulebook has for some: with the bundled rulebooks, every place of the table holds
# an expression.
_GUARDED_PAYMENTS = """
option big "大": toggle = off

payments {
  stake 2 if option.big
  win discarder pays if option.big
  kong_payment exposed feeder pays 1 when won if option.big
  relation_payment discarder pays 1 when discarder_related if option.big
  claim_relation 3 if option.big
  dealer_factor 2 if option.big
  dealer_bonus 1 if option.big
  cap 10 if option.big
  loss_cap 5 if option.big
  draw_payment unready pays ready 2 when suits(tiles) <= 2 if option.big
  kong_transfer when not self_drawn if option.big
}
"""


def _mini_with_guarded_payments() -> str:
    mini = Path(__file__).parents[1] / "diagnostics" / "E0505_invalid_example_hand.mjr"
    source = mini.read_text(encoding="utf-8").replace("22x", "22z")
    source = source.replace('tier base "番内" add', 'tier base "番内" add cap 8 if option.big')
    return source + _GUARDED_PAYMENTS


def _sources() -> list[typing.Any]:
    """(source, file) of each rulebook these tests compile, as test parameters."""
    found = []
    for name in bundled_rulebooks():
        path, display = resolve_rulebook(name)
        found.append(pytest.param(path.read_text(encoding="utf-8"), display, id=name))
    kongs = KONG_KINDS_RULEBOOK
    dealt = DEAL_WINS_RULEBOOK.read_text(encoding="utf-8")
    return [
        *found,
        pytest.param(_mini_with_guarded_payments(), "guarded.mjr", id="guarded"),
        pytest.param(dealt, "deal_wins.mjr", id="deal_wins"),
        pytest.param(kongs.read_text(encoding="utf-8"), "kong_kinds.mjr", id="kong_kinds"),
        pytest.param(EXCHANGE_RULEBOOK.read_text(encoding="utf-8"), "exchange.mjr", id="exchange"),
        pytest.param(
            RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8"), "riichi_points.mjr", id="points"
        ),
        pytest.param(DORA_RULEBOOK.read_text(encoding="utf-8"), "dora.mjr", id="dora"),
    ]


def _front_and_middle(source: str, file: str) -> tuple[Declarations, Typed, ir.Rulebook]:
    """The declarations, typed expressions and IR of a rulebook (over its parent's), as the
    driver makes them (its typing pass is what types every slot)."""
    decls, _ = _with_parents(source, file)
    typed = driver._type_expressions(decls)
    assert not typed.problems, [d.message for d in typed.problems]
    return decls, typed, lower(decls, typed, source)


def _walk(node: object) -> typing.Iterator[object]:
    """Every AST dataclass or IR model under `node` (itself included), through tuples."""
    if isinstance(node, ir.Model) or (
        dataclasses.is_dataclass(node) and not isinstance(node, type)
    ):
        yield node
        names = (
            ir.field_names(type(node))
            if isinstance(node, ir.Model)
            else [f.name for f in dataclasses.fields(node)]  # type: ignore[arg-type]
        )
        for name in names:
            if name not in ("parent", "removed", "span"):
                yield from _walk(getattr(node, name))
    elif isinstance(node, tuple | list):
        for item in node:
            yield from _walk(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _walk(item)


def _at(root: object, node_class: type, field: str, pair: int | None) -> list[object]:
    """What every `node_class` under `root` holds in `field` (element `pair` of each of its
    pairs), flattened: the expressions of a place."""
    found: list[object] = []
    for node in _walk(root):
        if type(node) is not node_class:
            continue
        value = getattr(node, field)
        items = list(value) if isinstance(value, tuple) else [value]
        if pair is not None:
            items = [item[pair] for item in items]
        found += [item for item in items if item is not None]
    return found


def test_every_slot_has_a_place_in_the_ast_and_in_the_ir() -> None:
    for slot in SLOTS:
        assert slot.places, slot.key
        for place in slot.places:
            assert place.field in {f.name for f in dataclasses.fields(place.node)}, slot.key
            assert place.ir_field in ir.field_names(place.ir_node), slot.key
    assert len({slot.key for slot in SLOTS}) == len(SLOTS)


@pytest.mark.parametrize(("source", "file"), _sources())
def test_the_places_of_the_slots_hold_exactly_the_expressions_they_find(
    source: str, file: str
) -> None:
    # Slots may share a place (a `cap` and a `dealer_factor` line are both `PayCap`s), and a
    # slot may have several (the `if` of a tile group and of a keep): what a slot finds is in
    # its places, and what a place holds is found by the slots placed there.
    decls, _, _ = _front_and_middle(source, file)

    def held(place: Place) -> set[int]:
        # A tier's combines are (mode, expression) pairs in the AST as well.
        pair = 1 if place.node is ast.TierDecl else None
        return {id(e) for e in _at(decls, place.node, place.field, pair)}

    finds = {slot.key: {id(e) for _, e in slot.find(decls) if e is not None} for slot in SLOTS}
    for slot in SLOTS:
        assert finds[slot.key] <= set().union(*map(held, slot.places)), slot.key
        for place in slot.places:
            sharing = [s for s in SLOTS if (place.node, place.field) in _ast_places(s)]
            assert held(place) <= set().union(*(finds[s.key] for s in sharing)), slot.key


def _ast_places(slot: Slot) -> set[tuple[type, str]]:
    return {(place.node, place.field) for place in slot.places}


@pytest.mark.parametrize(("source", "file"), _sources())
def test_every_slot_is_lowered_to_its_place_in_the_ir(source: str, file: str) -> None:
    decls, typed, book = _front_and_middle(source, file)
    for slot in SLOTS:
        lowered_to = {
            id(part)
            for place in slot.places
            for e in _at(book, place.ir_node, place.ir_field, place.pair)
            for part in _walk(e)  # a fan's `when` lines are joined by `and`
        }
        for owner, expr in slot.find(decls):
            typed_expr = typed.get(expr)
            if typed_expr is None or id(typed_expr) in lowered_to:
                continue
            # Only a fan's plain number is not kept as an expression: it is the fan's value.
            fan = next(f for f in book.fans if f.id == owner) if slot.section == "fan" else None
            assert slot.key == "fan value" and fan is not None, (slot.key, owner)
            assert not fan.values and typed_expr == ir.IntE(value=fan.value), owner


def test_the_emitters_read_every_place_of_the_table() -> None:
    read: set[tuple[type, str]] = set()
    for param in _sources():
        source, file = param.values
        _, _, book = _front_and_middle(source, file)
        state = ModuleState(book)
        codegen._bodies(state)
        holding = {
            (place.ir_node, place.ir_field)
            for slot in SLOTS
            for place in slot.places
            if _at(book, place.ir_node, place.ir_field, place.pair)
        }
        assert holding <= state.slots.read, holding - state.slots.read
        read |= state.slots.read
    every = {(place.ir_node, place.ir_field) for slot in SLOTS for place in slot.places}
    assert read == every, every - read


def test_every_slot_holds_an_expression_in_the_rulebooks_these_tests_compile() -> None:
    used = set()
    for param in _sources():
        source, file = param.values
        decls, _, _ = _front_and_middle(source, file)
        used |= {slot.key for slot in SLOTS for _, e in slot.find(decls) if e is not None}
    assert used == {slot.key for slot in SLOTS}


def test_the_guarded_payment_lines_compile() -> None:
    compilation = compile_source(_mini_with_guarded_payments(), "guarded.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]


def test_a_lowered_declaration_is_keyed_by_the_ir_fields_of_its_slots() -> None:
    decls, typed, book = _front_and_middle(_mini_with_guarded_payments(), "guarded.mjr")
    assert decls.payments is not None
    kong = decls.payments.kongs[0]
    exprs = lowered(kong, typed)
    assert set(exprs) == {"amount", "condition", "guard"}
    assert exprs["guard"] is typed.get(kong.guard)
    assert book.payments.kongs[0].guard is exprs["guard"]


def test_held_gives_a_declarations_expressions_by_role() -> None:
    _, _, book = _front_and_middle(_mini_with_guarded_payments(), "guarded.mjr")
    kong = book.payments.kongs[0]
    held = SlotReader().held(kong)
    assert (held.guard, held.when, held.number) == (kong.guard, kong.condition, kong.amount)
    assert held.tests == (kong.guard, kong.condition)


_ONE = ir.IntE(value=1)


@pytest.mark.parametrize(
    ("table", "line"),
    [
        (WIN_PAYERS, lambda p, at: ir.WinPayment(payer=p, at=at)),
        (KONG_PAYERS, lambda p, at: ir.KongPayment(kind="added", payer=p, amount=_ONE, at=at)),
        (RELATION_PAYERS, lambda p, at: ir.RelationPayment(payer=p, amount=_ONE, at=at)),
    ],
    ids=["win", "kong", "relation"],
)  # fmt: skip
def test_every_payer_of_the_vocabulary_is_named_on_a_page(
    table: dict[str, PayerWord], line: typing.Callable[[str, ir.SourceRef], ir.Model]
) -> None:
    _, _, book = _front_and_middle(_mini_with_guarded_payments(), "guarded.mjr")
    at = ir.SourceRef(file="guarded.mjr", line=1, column=1)
    field = {ir.WinPayment: "wins", ir.KongPayment: "kongs", ir.RelationPayment: "relation_lines"}
    for payer, word in table.items():
        item = line(payer, at)
        payments = dataclasses.replace(book.payments, **{field[type(item)]: (item,)})
        context = payments_context(dataclasses.replace(book, payments=payments))
        shown = [str(x["words"]) for part in context.values() if isinstance(part, list)
                 for x in part if isinstance(x, dict) and "words" in x]  # fmt: skip
        assert any(f"{text(word.subject)} pays" in s or f"from {text(word.subject)}" in s
                   for s in shown), payer  # fmt: skip
