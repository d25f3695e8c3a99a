"""What a custom shape's condition says a hand needs (`mjc.compiler.emit.shapeneeds`): read only off
conjuncts whose meaning is plain, so every row is a necessary condition."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from mjc.compiler import ir
from mjc.compiler.driver import compile_file
from mjc.compiler.emit.shapeneeds import shape_needs, tiles_notation
from mjc.compiler.language.types import BOOL, INT, TILE, ListType

ROOT = Path(__file__).resolve().parents[2]
AT = ir.SourceRef(file="t.mjr", line=1, column=1)
TILES = ir.FactE(type=ListType(TILE), fact="tiles")
FLOWERS = ir.FactE(type=ListType(TILE), fact="flowers")


def _book() -> ir.Rulebook:
    book = compile_file(ROOT / "rulebooks" / "shanghai.mjr").rulebook
    assert book is not None
    return book


def _needs(*conditions: ir.Expr) -> list[tuple[str, int, str | None, int]]:
    shapes = tuple(
        ir.Shape(id=f"s{i}", name=None, guard=None, custom=c, at=AT)
        for i, c in enumerate(conditions)
    )
    return shape_needs(dataclasses.replace(_book(), shapes=shapes))


def _attr(name: str) -> ir.Expr:
    return ir.AttrE(type=BOOL, obj=ir.VarE(type=TILE, name="t"), attr=name, on="tile")


def _flowers(op: str, n: int) -> ir.Expr:
    size = ir.CallE(type=INT, func="len", args=(FLOWERS,))
    return ir.CompareE(op=op, left=size, right=ir.IntE(value=n))


def _quant(kind: str, body: ir.Expr) -> ir.Expr:
    return ir.QuantE(type=BOOL, kind=kind, var="t", domain=TILES, body=body)


def test_shanghai_eight_flowers_and_luan_feng() -> None:
    """上海: 八花 needs eight flowers and any tiles, 乱风 only honours."""
    assert shape_needs(_book()) == [
        ("eight_flowers", 8, None, 0),
        ("luan_feng", 0, "1234567z", 0),
    ]


def test_flower_counts_are_read_from_equal_at_least_and_more_than() -> None:
    assert [n for _, n, _, _ in _needs(_flowers("==", 8), _flowers(">=", 4), _flowers(">", 3))] == [
        8,
        4,
        4,
    ]
    assert _needs(_flowers("<", 3)) == [("s0", 0, None, 0)]  # at most: no need


def test_all_and_none_over_the_tiles_restrict_the_tiles_held() -> None:
    terminal = _attr("is_terminal")
    assert _needs(_quant("all", terminal)) == [("s0", 0, "19m19p19s", 0)]
    no_honour = _needs(_quant("none", _attr("is_honour")))
    assert no_honour == [("s0", 0, "123456789m123456789p123456789s", 0)]
    suit_p = ir.CompareE(
        op="==",
        left=ir.AttrE(type=BOOL, obj=ir.VarE(type=TILE, name="t"), attr="suit", on="tile"),
        right=ir.SuitE(suit="p"),
    )
    both = ir.BoolOpE(op="and", operands=(_quant("all", suit_p), _quant("all", terminal)))
    assert _needs(both) == [("s0", 0, "19p", 0)]


def test_a_conjunct_of_another_form_adds_no_need() -> None:
    """`any`, a quantifier over melds, a body reading an option: nothing is read off them."""
    reads_option = ir.BoolOpE(
        op="or", operands=(_attr("is_honour"), ir.OptionE(type=BOOL, option="seven_pairs"))
    )
    assert _needs(_quant("any", _attr("is_honour"))) == [("s0", 0, None, 0)]
    assert _needs(_quant("all", reads_option)) == [("s0", 0, None, 0)]
    either = ir.BoolOpE(op="or", operands=(_flowers("==", 8), _quant("all", _attr("is_honour"))))
    assert _needs(either) == [("s0", 0, None, 0)]


def test_wild_counts_are_read_from_equal_at_least_and_more_than() -> None:
    """潮州 四鬼胡牌 (`wilds == 4`): four wilds at least; `wilds < 2` asks for none."""
    book = compile_file(ROOT / "rulebooks" / "chaozhou.mjr").rulebook
    assert book is not None
    assert shape_needs(book) == [("four_ghosts", 0, None, 4)]
    wilds = ir.FactE(type=INT, fact="wilds")
    held = [
        ir.CompareE(op=op, left=wilds, right=ir.IntE(value=n))
        for op, n in (("==", 4), (">=", 3), (">", 2), ("<", 2))
    ]
    assert [n for _, _, _, n in _needs(*held)] == [4, 3, 3, 0]


def test_tiles_are_written_suit_by_suit() -> None:
    assert tiles_notation({0, 1, 9, 27, 33}) == "12m1p17z"
    assert tiles_notation(set()) == ""
