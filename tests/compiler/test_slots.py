"""The table of expression slots (`mjc.compiler.slots`) and the language's types
(`mjc.compiler.types`): every expression a rulebook holds is in one slot, the driver types
each in its slot's context, and types are values that keep their spelling in the IR's JSON."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from mjc.compiler import ast, ir
from mjc.compiler.declarations import Declarations, collect
from mjc.compiler.driver import compile_source
from mjc.compiler.loader import bundled_rulebooks, resolve_rulebook
from mjc.compiler.parse import parse
from mjc.compiler.refdocs import generate_words_snippet
from mjc.compiler.slots import SLOTS, untyped
from mjc.compiler.types import BOOL, INT, TILE, ChoiceType, ListType, describe, parse_type

EXPRESSIONS = typing.get_args(ast.Expr)


def _declarations(name: str) -> Declarations:
    path, _ = resolve_rulebook(name)
    book, _ = parse(path.read_text(encoding="utf-8"), name)
    assert book is not None
    decls, _ = collect(book, None)
    return decls


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
    # A payments `loss_cap` value may read `hand_ceiling`; a stake value, an options guard,
    # may not: the slot's context decides.
    mini = Path(__file__).parents[1] / "diagnostics" / "E0505_invalid_example_hand.mjr"
    base = mini.read_text(encoding="utf-8").replace("22x", "22z")  # a valid example now
    ok = compile_source(base + "\npayments {\n  loss_cap hand_ceiling\n}\n", "ok.mjr")
    assert ok.ok, [d.message for d in ok.diagnostics]
    bad = compile_source(base + "\npayments {\n  stake hand_ceiling\n}\n", "bad.mjr")
    assert [d.code for d in bad.diagnostics] == ["E0204"]
    assert bad.diagnostics[0].message == "an option guard (`if …`) cannot use `hand_ceiling`"


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


def test_a_type_is_described_in_words() -> None:
    assert describe(ListType(TILE)) == "a list of tiles"
    assert describe(ChoiceType("cap")) == "a choice of option `cap`"
    assert describe(BOOL) == "a true/false fact"


def test_the_ir_holds_types_and_writes_their_spelling() -> None:
    expr = ir.ListE(type=ListType(TILE), items=(ir.TileE(tile=0, text="1m"),))
    assert isinstance(expr.type, ListType) and expr.type.item == TILE
    assert expr.model_dump(mode="json")["type"] == "list[tile]"
    assert ir.IntE(value=1).model_dump(mode="json")["type"] == "int"
    loaded = ir.ListE.model_validate_json(expr.model_dump_json())
    assert loaded.type == ListType(TILE) and isinstance(loaded.type, ListType)


def test_a_bad_type_spelling_is_refused() -> None:
    with pytest.raises(ValueError, match="not a type"):
        parse_type("list[")
