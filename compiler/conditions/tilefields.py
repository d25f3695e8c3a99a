"""`count t in [tiles]: copies(t) == 4 and (none m in kongs: m.tile == t)` as bit operations
on count boards, not a loop over the list.

Input is a quantifier the list rewrites (`compiler/conditions/listquant.py`) meet; output is its
Python, or None for the plain loop. The count boards (`runtime/wins/meldboards.py`: the melds of a
kind by tile, and `tile_copies`, the copies the arrangement holds of each kind) hold a 4-bit field
per tile at `TILE_FIELD[t]`; the listed tiles' fields make a mask M of each field's low bit. The
body is an `and` of tests of one field each: `copies(t) == K` or `!= K`, `(count m in <melds>:
m.tile == t) == K` or `!= K`, and `any`/`none m in <melds>: m.tile == t` (the count `!= 0`, `== 0`).
XOR with K in every listed field leaves zero exactly where the field is K; adding 7 to the field's
three low bits and OR-ing the field in sets its top bit exactly where it is not zero: one bit per
listed tile whose field is not K, kept by 8 * M. The tests combine bit by bit (`== K` tests clear
the bits where a field is not K, `!= K` tests keep only those), and `count` is the bits left (`any`:
some, `none`: none, `all`: all of 8 * M). Exact for any K from 0 to 15 and any list of distinct
tiles whose fields are distinct (flowers share the one field that is never filled: a list that holds
two, or a tile twice, is left to the loop; `copies` asks every listed tile to have a field). A field
of copies holds 15: an arrangement that could hold 16 copies of one kind takes the plain loop, so
that no field can spill into the next. Its n tiles of d kinds hold at most n - d + 1 of one kind:
below 16 tiles, or with more than n - 15 kinds (every hand of two kongs or more: three kinds do),
the board is exact."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import BOARD_OF, key_of, used_name
from mjc.compiler.pysource.layout import Break, Doc, Nest, group
from mjc.frozen import Frozen, frozen
from mjc.runtime.wins.meldboards import COUNT_BITS, TILE_FIELD

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

_FIELD = 15  # a count field's width in bits is 4: its largest count
_SPILL = _FIELD + 1  # copies of one kind that spill a field into the next


@frozen  # not a NamedTuple: typing makes one at three times the cost, on every start
class Test(Frozen):
    """One `and` part of the body: the field of `board` is `want` (or is not, `equal` false)."""

    board: str
    want: int
    equal: bool


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The listed tiles whose fields pass the tests, counted or tested, or None when the
    form differs."""
    from mjc.compiler.conditions.facts import FACT_SOURCE
    from mjc.compiler.conditions.pyexpr import COMPARE, PRIMARY, TERNARY, Py

    if py.fact_source is not FACT_SOURCE:
        return None  # the boards are the arrangement's, read where scoring reads it
    found = _form(expr)
    if found is None:
        return None
    fields, tests = found
    mask = sum(1 << f for f in fields)
    wrong = [_not_wanted(used_name(py, t.board), t.want, mask) for t in tests if t.equal]
    right = [_not_wanted(used_name(py, t.board), t.want, mask) for t in tests if not t.equal]
    top = hex(8 * mask)  # the top bit of each listed field: where its answer lands
    parts: list[Doc] = [top]
    if wrong:
        parts += [Break(" "), "& ~", wrong[0] if len(wrong) == 1 else _any_of(wrong)]
    for doc in right:
        parts += [Break(" "), "& ", doc]
    kept = group("(", Nest((Break(""), *parts)), Break(""), ")")
    held = next((t for t in tests if t.equal and t.want), None)
    if expr.kind == "count" and held is not None:
        # A field that is K (not 0) has one of K's bits: no such bit on the board, no tile
        # counts, found with one `&` before the sum (most hands hold no tile four times).
        some = f"{used_name(py, held.board)} & {hex(held.want * mask)}"
        counted = (group(kept, ".bit_count()"), Break(" "), f"if {some}", Break(" "), "else 0")
        result = Py(group(*counted), TERNARY)
    elif expr.kind == "count":
        result = Py(group(kept, ".bit_count()"), PRIMARY)
    elif expr.kind == "all":
        result = Py(group(kept, f" == {top}"), COMPARE)
    else:
        result = Py(group(kept, " != 0" if expr.kind == "any" else " == 0"), COMPARE)
    if not any(t.board == "tile_copies" for t in tests):
        return result
    tiles = py.py(ir.FactE(type=expr.domain.type, fact="tiles"))
    loops = py.loops
    plain = py._plain(expr)  # what a spilled field would get wrong: rare, and exact
    py.spills += py.loops - loops
    py.loops = loops
    # The count of kinds only past 15 tiles: a set of the tiles costs less than the loop.
    exact = (
        "len(", tiles.doc, f") < {_SPILL} or len(set(", tiles.doc, ")) > len(", tiles.doc,
        f") - {_SPILL - 1}",
    )  # fmt: skip
    doc = group(
        py.operand(result, TERNARY + 1), Break(" "), "if ", *exact,
        Break(" "), "else ", py.operand(plain, TERNARY),
    )  # fmt: skip
    return Py(doc, TERNARY, plain.depth + 1)


def _not_wanted(name: str, want: int, mask: int) -> Doc:
    """The top bit of each listed field set where the field is not `want` (other bits
    anything): with v the field XOR `want`, `(v & 7) + 7` reaches 8 unless v's low bits are
    all clear, and stays below 16, so nothing carries into the next field; `| v` adds v's
    own top bit."""
    held = f"({name} ^ {hex(want * mask)})" if want else name
    low = hex(7 * mask)
    inner = ("(", held, Break(" "), f"& {low})", Break(" "), f"+ {low}", Break(" "), "| ", held)
    return group("(", Nest((Break(""), *inner)), Break(""), ")")


def _any_of(docs: list[Doc]) -> Doc:
    parts: list[Doc] = [docs[0]]
    for doc in docs[1:]:
        parts += [Break(" "), "| ", doc]
    return group("(", Nest((Break(""), *parts)), Break(""), ")")


def _form(expr: ir.QuantE) -> tuple[list[int], list[Test]] | None:
    """(the listed tiles' fields, the body's tests) when `expr` has the form, else None."""
    if not isinstance(expr.domain, ir.ListE):
        return None
    tiles = [i.tile for i in expr.domain.items if isinstance(i, ir.TileE)]
    if not tiles or len(tiles) != len(expr.domain.items):
        return None
    fields = [TILE_FIELD[t] for t in tiles]
    if len(set(fields)) != len(fields):
        return None  # a tile listed twice (or two honours) would count one field twice
    tests = [_test(part, expr.var) for part in ir.conjuncts(expr.body)]
    found = [t for t in tests if t is not None]
    if len(found) != len(tests):
        return None
    if any(t.board == "tile_copies" for t in found) and max(fields) >= COUNT_BITS:
        return None  # a tile of no field (a flower): its copies are not on the board
    return fields, found


def _test(part: ir.Expr, var: str) -> Test | None:
    """The one-field test `part` is about the listed tile `var`, or None."""
    if isinstance(part, ir.QuantE) and part.kind in ("any", "none"):
        board = _meld_count(part, var)
        return None if board is None else Test(board, 0, part.kind == "none")
    if not isinstance(part, ir.CompareE) or part.op not in ("==", "!="):
        return None
    for side, other in ((part.left, part.right), (part.right, part.left)):
        if not (isinstance(other, ir.IntE) and 0 <= other.value <= _FIELD):
            continue
        if (
            isinstance(side, ir.CallE)
            and side.func == "copies"
            and len(side.args) == 1
            and isinstance(side.args[0], ir.VarE)
            and side.args[0].name == var
        ):
            return Test("tile_copies", other.value, part.op == "==")
        if isinstance(side, ir.QuantE) and side.kind == "count":
            board = _meld_count(side, var)
            if board is not None:
                return Test(board, other.value, part.op == "==")
    return None


def _meld_count(inner: ir.QuantE, var: str) -> str | None:
    """The count board of `<q> m in <melds>: m.tile == var`, or None for another form."""
    if not (isinstance(inner.domain, ir.FactE) and inner.domain.fact in BOARD_OF):
        return None
    key = key_of(inner.var, inner.body)
    if key is None or not (isinstance(key.tile, ir.VarE) and key.tile.name == var):
        return None  # the inner body must be `m.tile == t` alone
    return f"{BOARD_OF[inner.domain.fact]}_count"
