"""The AST's and the IR's nodes (`mjc.frozen`) behave as the frozen slotted
dataclasses they replace: built by position or keyword with defaults, equal and hashed by
their compared fields, shown by their shown ones, immutable, copied by `dataclasses.replace`,
pickled and copied whole."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from mjc.compiler import ir
from mjc.compiler.diagnostics import Span
from mjc.compiler.syntax import ast

HERE = Span("book.mjr", 3, 5, 3, 9)


def test_an_ast_node_takes_its_fields_in_order_or_by_name_with_their_defaults() -> None:
    assert ast.Ident("x", HERE) == ast.Ident(text="x", span=HERE)
    assert ast.Ident("x").span == ast.NO_SPAN
    with pytest.raises(TypeError):
        ast.Ident()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ast.Ident("x", HERE, "more")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ast.Ident("x", text="y")  # type: ignore[misc]


def test_a_span_takes_no_part_in_an_ast_node_s_equality_hash_or_repr() -> None:
    placed, bare = ast.Ident("x", HERE), ast.Ident("x")
    assert placed == bare and hash(placed) == hash(bare)
    assert repr(placed) == "Ident(text='x')"
    assert ast.Ident("x") != ast.Ident("y")
    match placed:
        case ast.Ident(text):
            assert text == "x"


def test_an_ir_node_takes_keywords_only_and_fills_in_its_defaults() -> None:
    node = ir.IntE(value=3)
    assert node.node == "int" and node.value == 3
    with pytest.raises(TypeError):
        ir.IntE(3)  # type: ignore[misc]
    with pytest.raises(TypeError):
        ir.IntE()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="valu"):
        ir.IntE(value=3, valu=4)  # type: ignore[call-arg]


def test_ir_nodes_are_equal_and_hashed_by_their_fields_and_their_class() -> None:
    left = ir.ArithE(op="+", left=ir.IntE(value=1), right=ir.IntE(value=2))
    same = ir.ArithE(op="+", left=ir.IntE(value=1), right=ir.IntE(value=2))
    assert left == same and hash(left) == hash(same) and {left: 1}[same] == 1
    assert left != dataclasses.replace(left, op="-")
    assert ir.IntE(value=1) != ir.BoolE(value=True)
    assert repr(ir.IntE(value=1)) == "IntE(node='int', type=<type int>, value=1)"


def test_nodes_are_immutable_and_copied_by_replace() -> None:
    node = ir.SourceRef(file="book.mjr", line=1, column=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.line = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del node.line  # type: ignore[misc]
    moved = dataclasses.replace(node, line=3)
    assert (moved.line, node.line) == (3, 1)
    assert dataclasses.is_dataclass(node) and ir.field_names(ir.SourceRef) == (
        "file",
        "line",
        "column",
    )
    assert not hasattr(node, "__dict__")


def test_nodes_pickle_and_copy_whole() -> None:
    node = ir.SourceRef(file="book.mjr", line=1, column=2)
    name = ast.Ident("x", HERE)
    for value in (node, name):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(name)).span == HERE
