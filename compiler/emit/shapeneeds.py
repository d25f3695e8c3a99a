"""What a custom win shape's condition says a hand must hold, for the engine's cheap test.

Input: the custom shapes of a checked rulebook (`ir.Shape.custom`, lowered and typed).
Output: per custom shape, in declaration order, the fewest flowers a hand it completes holds,
the tiles such a hand may hold (None: any) and the fewest wild tiles it holds, written as the
generated module's
`CUSTOM_SHAPE_NEEDS` rows (`mjc.compiler.emit.codegen`) and read by the game engine
(`mjc.runtime.wins.waitsets`), which then skips the real win check of the many hands that lack
them: a rulebook with custom shapes (上海 八花, 乱风) otherwise checks every seat's whole hand
on every discard.

Each need is read off one conjunct of the condition (`a and b and ...`), and only from forms
whose meaning is plain:
- `len(flowers) == n`, `len(flowers) >= n`, `len(flowers) > n`: at least n (n + 1) flowers;
- `wilds == n`, `wilds >= n`, `wilds > n`: at least n (n + 1) wild tiles (潮州 四鬼胡牌);
- `all t in tiles: P(t)` and `none t in tiles: P(t)`, where `P` reads nothing but the tile
  `t` (its attributes, tile, suit and number constants): every tile held satisfies P (or
  none does), decided here for each of the 34 playing tiles with the runtime's own tile
  tables (`mjc.runtime.tiles.tile`), as the generated predicates read them.

A conjunct of any other form adds no need, so a row is always a necessary condition: the
engine never skips a hand the condition accepts (tested against the real check).
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.conditions.facts import TILE_TABLES
from mjc.runtime.tiles import tile as tile_tables
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text

__all__ = ["ShapeNeeds", "shape_needs", "tiles_notation"]

# (shape id, the fewest flowers, the tiles a hand may hold in notation or None for any,
# the fewest wild tiles)
ShapeNeeds = tuple[str, int, str | None, int]


class _Unknown(Exception):
    """The expression reads something besides the quantified tile and constants."""


def shape_needs(book: ir.Rulebook) -> list[ShapeNeeds]:
    """One row per custom shape of `book`, in declaration order (none without custom
    shapes)."""
    rows: list[ShapeNeeds] = []
    for shape in book.shapes:
        if shape.custom is None:
            continue
        flowers, wilds, allowed = 0, 0, set(range(NUM_PLAYING))
        for part in ir.conjuncts(shape.custom):
            flowers = max(flowers, _fewest(part, "flowers"))
            wilds = max(wilds, _fewest(part, "wilds"))
            held = _tiles_allowed(part)
            if held is not None:
                allowed &= held
        everything = len(allowed) == NUM_PLAYING
        rows.append((shape.id, flowers, None if everything else tiles_notation(allowed), wilds))
    return rows


def tiles_notation(found: set[int] | frozenset[int]) -> str:
    """Tiles in the docs' notation, suit by suit (`1234567z`); "" for none."""
    text, suit = "", ""
    for t in sorted(found):
        name = tile_text(t)
        if suit and name[1] != suit:
            text += suit
        text, suit = text + name[0], name[1]
    return text + suit


def _counted(expr: ir.Expr) -> str | None:
    """What `expr` counts, if it is a count a need is read of: "flowers" or "wilds"."""
    match expr:
        case ir.CallE(func="len", args=(ir.FactE(fact="flowers"),)):
            return "flowers"
        case ir.FactE(fact="wilds"):
            return "wilds"
    return None


def _fewest(expr: ir.Expr, what: str) -> int:
    """The least count of `what` ("flowers", "wilds") this conjunct allows."""
    match expr:
        case ir.CompareE(op=("==" | ">=" | ">") as op, left=left, right=ir.IntE(value=n)) if (
            _counted(left) == what
        ):
            return n + 1 if op == ">" else n
    return 0


def _tiles_allowed(expr: ir.Expr) -> set[int] | None:
    """The tiles a hand may hold by this conjunct, or None when it says nothing of them."""
    match expr:
        case ir.QuantE(kind=("all" | "none") as kind, var=var, domain=ir.FactE(fact="tiles")):
            try:
                holds = {t for t in range(NUM_PLAYING) if _value(expr.body, var, t)}
            except _Unknown:
                return None
            return holds if kind == "all" else set(range(NUM_PLAYING)) - holds
    return None


def _value(expr: ir.Expr, var: str, t: int) -> object:
    """`expr` with the quantified variable `var` standing for tile `t`."""
    match expr:
        case ir.VarE(name=name) if name == var:
            return t
        case ir.AttrE(on="tile", obj=ir.VarE(name=name), attr=attr) if (
            name == var and attr in TILE_TABLES
        ):
            return getattr(tile_tables, TILE_TABLES[attr])[t]
        case ir.IntE(value=value) | ir.BoolE(value=value):
            return value
        case ir.TileE(tile=tile):
            return tile
        case ir.SuitE(suit=suit):
            return suit
        case ir.NotE(operand=operand):
            return not _value(operand, var, t)
        case ir.BoolOpE(op=op, operands=operands):
            values = (bool(_value(o, var, t)) for o in operands)
            return all(values) if op == "and" else any(values)
        case ir.ListE(items=items):
            return [_value(i, var, t) for i in items]
        case ir.RangeE(low=low, high=high):
            return list(range(low, high + 1))
        case ir.CompareE(op=op, left=left, right=right):
            return _compare(op, _value(left, var, t), _value(right, var, t))
    raise _Unknown(expr.node)


def _compare(op: str, a: object, b: object) -> bool:
    if op == "in":
        if not isinstance(b, list):
            raise _Unknown("in")
        return a in b
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    if not isinstance(a, int) or not isinstance(b, int):
        raise _Unknown(op)
    return a < b if op == "<" else a <= b if op == "<=" else a > b if op == ">" else a >= b
