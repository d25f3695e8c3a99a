"""Quantifiers that relate melds by suit and rank, lowered to bit operations on meld boards.

Input is a quantifier the expression translator (`compiler/conditions/pyexpr.py`) meets; output is
its Python over the arrangement's boards (`mjc.runtime.wins.meldboards`: one int per kind of meld,
bit `4 * rank + slot` for each suit slot m p s z, and 4-bit counts at `20 * rank + COUNT_SHIFT`), or
None when no pattern matches (the translator then writes its plain loop: correctness first). Three
patterns, each a general construct of the language, none a fan of one table:

- a key lookup, `any n in chows: n.suit == S and n.rank == R` (also `n.tile == T`, `n.suit
  != S`, `n.is_suited`): one shift and mask, `x_chow_board >> 4 * R & SUIT_BIT[S]`;
  `count` reads the key's count field instead (two identical chows need counts, not bits);
- a count over a list of suits, `count s in [m, p, s]: any n in pungs: n.suit == s and n.rank
  == R`: the suit-set at rank R, `(x_pung_board >> 4 * R & 7).bit_count()`;
- a shift pattern, `any m in chows: all k in 1..2: any n in chows: n.suit == m.suit and
  n.rank == m.rank + k`: the outer meld's board against shifted boards, `x_chow_board &
  x_chow_board >> 4 & x_chow_board >> 8 != 0`, small constant ranges unrolled.

What these leave goes on to other modules by its form: chains of different suits to
`suitchains`, bodies about the meld's key alone (counts at a key, neighbours, its own suit
and rank) to `keyfields`, combined lookups over a list of suits to `suitsets`.

A rank must be known not to be negative (a shift by a negative count raises): ranks, literals
at least 0, and variables of ranges that start at 0 or more, added or multiplied.
"""

from __future__ import annotations

from dataclasses import field, replace
from typing import TYPE_CHECKING, Any, cast

from mjc.compiler import ir
from mjc.compiler.conditions.scopes import is_local, mentions
from mjc.compiler.language.types import INT, SUIT, SuitLetter
from mjc.compiler.pysource.layout import Break, Doc, Nest, flat, group
from mjc.frozen import slotted
from mjc.runtime.tiles.tile import RANK_OF, SUIT_OF
from mjc.runtime.wins.meldboards import SUIT_BIT, TILE_FIELD, TILE_SLOT

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

# The meld lists that have boards, and the board's name in generated code.
BOARD_OF = {"chows": "chow", "pungs": "pung", "kongs": "kong"}
_UNROLL = 9  # a constant range this long or shorter is unrolled in a shift pattern
# `Key.slots` when the body allows every suit slot (m p s z): nothing to mask.
ALL_SLOTS = 15


@slotted
class Key:
    """What a body `n.suit == S and n.rank == R and ...` asks of the meld `n`."""

    rank: ir.Expr | None = None
    same: list[ir.Expr] = field(default_factory=list)  # n.suit == each
    other: list[ir.Expr] = field(default_factory=list)  # n.suit != each
    slots: int = ALL_SLOTS  # the suit slots the literal parts allow
    tile: ir.Expr | None = None  # `n.tile == T` gave the rank and the suit: T


def own_attr(expr: ir.Expr, var: str, attr: str) -> bool:
    """Whether `expr` is `var.attr`, an attribute of the meld the quantifier binds."""
    return (
        isinstance(expr, ir.AttrE)
        and expr.on == "meld"
        and expr.attr == attr
        and isinstance(expr.obj, ir.VarE)
        and expr.obj.name == var
    )


def key_of(var: str, body: ir.Expr) -> Key | None:
    """The key a body asks of `var`'s meld, or None when the body asks anything else."""
    key = Key()
    parts = ir.conjuncts(body)
    for part in parts:
        if own_attr(part, var, "is_suited"):
            key.slots &= 7
            continue
        if own_attr(part, var, "is_honour"):
            key.slots &= 8
            continue
        if not isinstance(part, ir.CompareE) or part.op not in ("==", "!="):
            return None
        sides = [(part.left, part.right), (part.right, part.left)]
        found = [(attr, other) for mine, other in sides for attr in ("rank", "suit", "tile")
                 if own_attr(mine, var, attr) and not mentions(other, var)]  # fmt: skip
        if not found:
            return None
        attr, other = found[0]
        if attr == "suit":
            _add_suit(key, other, part.op == "==")
            continue
        if part.op != "==" or key.rank is not None:
            return None
        if attr == "rank":
            key.rank = other
            continue
        rank: ir.Expr  # `n.tile == T`: T's rank and T's suit
        if isinstance(other, ir.TileE):
            rank = ir.IntE(value=RANK_OF[other.tile])
            suit: ir.Expr = ir.SuitE(suit=cast(SuitLetter, SUIT_OF[other.tile]))
        else:
            rank = ir.AttrE(type=INT, obj=other, attr="rank", on="tile")
            suit = ir.AttrE(type=SUIT, obj=other, attr="suit", on="tile")
        key.rank = rank
        key.tile = other
        _add_suit(key, suit, True)
    if len(parts) != 1:
        key.tile = None  # the tables by tile answer `n.tile == T` alone
    return key if key.rank is not None else None


def _add_suit(key: Key, suit: ir.Expr, same: bool) -> None:
    if isinstance(suit, ir.SuitE):
        bit = SUIT_BIT.get(suit.suit, 0)
        key.slots &= bit if same else ALL_SLOTS & ~bit
    else:
        (key.same if same else key.other).append(suit)


def never_negative(expr: ir.Expr, lows: dict[str, int]) -> bool:
    """Whether an int expression is never below zero (`lows`: range variables' lower ends)."""
    match expr:
        case ir.IntE(value=value):
            return value >= 0
        case ir.AttrE(attr="rank"):
            return True
        case ir.VarE(name=name):
            return lows.get(name, -1) >= 0
        case ir.ArithE(op="+" | "*", left=left, right=right):
            return never_negative(left, lows) and never_negative(right, lows)
        case ir.QuantE(kind="count"):
            return True
    return False


def substitute(expr: ir.Expr, var: str, value: int | ir.Expr) -> ir.Expr:
    """`expr` with the variable `var` replaced by `value` (a constant: an int is a literal)."""
    if isinstance(expr, ir.VarE):
        if expr.name != var:
            return expr
        return ir.IntE(value=value) if isinstance(value, int) else value
    if isinstance(expr, ir.QuantE) and expr.var == var:
        return replace(expr, domain=substitute(expr.domain, var, value))
    update: dict[str, Any] = {}
    for name in ir.field_names(type(expr)):
        child = getattr(expr, name)
        if isinstance(child, tuple):
            update[name] = tuple(substitute(c, var, value) if ir.is_node(c) else c for c in child)
        elif ir.is_node(child):
            update[name] = substitute(child, var, value)
    return replace(expr, **update) if update else expr


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The quantifier over boards, or None when no pattern matches it."""
    domain = expr.domain
    if isinstance(domain, ir.FactE) and domain.fact in BOARD_OF:
        from mjc.compiler.conditions import suitchains

        chain = suitchains.lower(py, expr)  # melds of different suits (三色): a table
        if chain is not None:
            return chain
        board = BOARD_OF[domain.fact]
        key = key_of(expr.var, expr.body)  # a key first: one shift, no formula
        found = None
        if key is not None and key.rank is not None and never_negative(key.rank, py.lows):
            found = _lookup(py, board, expr.kind, key)
        if found is None:
            found = _shifted(py, board, expr)
        if found is None:
            from mjc.compiler.conditions import keyfields

            found = keyfields.lower(py, expr)  # a body about the meld's key: a field mask
        return found
    if isinstance(domain, ir.ListE) and isinstance(expr.body, ir.QuantE):
        return _over_suits(py, expr)
    if isinstance(domain, ir.ListE):
        from mjc.compiler.conditions import suitsets

        return suitsets.lower(py, expr)  # lookups and suit tests combined: one suit-set
    if isinstance(domain, ir.RangeE):
        from mjc.compiler.conditions import rankcounts

        return rankcounts.lower(py, expr)  # ranks by how many suits the board holds there
    return None


def rank_shift(py: PyExpr, rank: ir.Expr, per: int) -> Doc:
    """`per * rank` as a document, the shift to a rank's fields on a board (`per` bits a
    rank: 4 on a suit-set board, 20 on a count board); a literal when the rank is one."""
    from mjc.compiler.conditions.pyexpr import UNARY

    if isinstance(rank, ir.IntE):
        return str(per * rank.value)
    return (f"{per} * ", py.operand(py.py(rank), UNARY))


def suit_get(py: PyExpr, table: str, suit: ir.Expr) -> Doc:
    """`table[suit]`, a runtime table by suit (`SUIT_BIT`, `COUNT_SHIFT`) read at a suit
    known only when the hand is scored; the table is recorded as a name the module imports."""
    from mjc.compiler.conditions.pyexpr import TERNARY

    py.runtime_names.add(table)
    return (f"{table}[", py.operand(py.py(suit), TERNARY), "]")


def used_name(py: PyExpr, name: str) -> str:
    """The generated local of board `name`, recorded as read (the prelude then makes it)."""
    py.summaries.add("boards")
    py.boards.add(name)
    return f"x_{name}"


def _lookup(py: PyExpr, board: str, kind: str, key: Key) -> Py | None:
    """A key lookup: the key's bits at its rank (any, none) or its count field (count)."""
    from mjc.compiler.conditions.pyexpr import BITAND, COMPARE, Py

    assert key.rank is not None
    if key.tile is not None:
        return _tile_lookup(py, board, kind, key.tile)
    if kind == "count":
        if key.other or len(key.same) + (key.slots != ALL_SLOTS) != 1:
            return None
        if key.same:
            where: Doc = (" + ", suit_get(py, "COUNT_SHIFT", key.same[0]))
        elif key.slots in (1, 2, 4, 8):
            where = f" + {4 * (key.slots.bit_length() - 1)}"
        else:
            return None  # no suit the key allows: `count` of nothing, left to the loop
        shift = rank_shift(py, key.rank, 20)
        if where == " + 0":
            where = ""
        doc = group(used_name(py, f"{board}_count"), " >> ", shift, where, " & 15")
        return Py(doc, BITAND)
    if kind not in ("any", "none"):
        return None
    parts: list[Doc] = [used_name(py, f"{board}_board"), " >> ", rank_shift(py, key.rank, 4)]
    if key.slots != ALL_SLOTS or not key.same:
        parts.append(f" & {key.slots}")
    for suit in key.same:
        parts += [Break(" "), "& ", suit_get(py, "SUIT_BIT", suit)]
    for suit in key.other:
        parts += [Break(" "), "& ~", suit_get(py, "SUIT_BIT", suit)]
    parts.append(" != 0" if kind == "any" else " == 0")
    return Py(group(*parts), COMPARE)


def _tile_lookup(py: PyExpr, board: str, kind: str, tile: ir.Expr) -> Py | None:
    """`n.tile == T` alone: T's board bit or count field, from the tables by tile int."""
    from mjc.compiler.conditions.pyexpr import BITAND, COMPARE, LAMBDA, Py

    if kind not in ("any", "none", "count"):
        return None
    table, name, width = (
        ("TILE_FIELD", "count", 15) if kind == "count" else ("TILE_SLOT", "board", 1)
    )
    at: Doc
    if isinstance(tile, ir.TileE):
        at = str(TILE_FIELD[tile.tile] if kind == "count" else TILE_SLOT[tile.tile])
    else:
        py.runtime_names.add(table)
        at = (f"{table}[", py.operand(py.py(tile), LAMBDA), "]")
    doc = group(used_name(py, f"{board}_{name}"), " >> ", at, f" & {width}")
    if kind == "count":
        return Py(doc, BITAND)
    return Py(group(doc, " != 0" if kind == "any" else " == 0"), COMPARE)


def _over_suits(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """`count s in [m, p, s]: any n in pungs: n.suit == s and n.rank == R`: the suit-set of
    the board at rank R, masked to the listed suits and counted (any: not empty, all: full)."""
    from mjc.compiler.conditions.pyexpr import COMPARE, PRIMARY, Py

    assert isinstance(expr.domain, ir.ListE) and isinstance(expr.body, ir.QuantE)
    inner = expr.body
    if inner.kind != "any" or not (
        isinstance(inner.domain, ir.FactE) and inner.domain.fact in BOARD_OF
    ):
        return None
    suits = [item.suit for item in expr.domain.items if isinstance(item, ir.SuitE)]
    if len(suits) != len(expr.domain.items) or len(set(suits)) != len(suits):
        return None  # not distinct suit literals: a count would count one suit twice
    if not all(s in SUIT_BIT for s in suits):
        return None
    key = key_of(inner.var, inner.body)
    if key is None or key.rank is None or not never_negative(key.rank, py.lows):
        return None
    mine = [s for s in key.same if isinstance(s, ir.VarE) and s.name == expr.var]
    others = [s for s in key.same if s not in mine]
    if len(mine) != 1 or any(mentions(e, expr.var) for e in (key.rank, *key.other, *others)):
        return None
    listed = sum(SUIT_BIT[s] for s in suits) & key.slots
    parts: list[Doc] = [
        used_name(py, f"{BOARD_OF[inner.domain.fact]}_board"), " >> ", rank_shift(py, key.rank, 4),
        f" & {listed}",
    ]  # fmt: skip
    for suit in others:
        parts += [Break(" "), "& ", suit_get(py, "SUIT_BIT", suit)]
    for suit in key.other:
        parts += [Break(" "), "& ~", suit_get(py, "SUIT_BIT", suit)]
    if expr.kind == "count":
        return Py(group("(", *parts, ").bit_count()"), PRIMARY)
    if expr.kind == "all":
        if listed != sum(SUIT_BIT[s] for s in suits):
            return Py("False", PRIMARY)  # a listed suit the key never allows
        return Py(group(*parts, f" == {listed}"), COMPARE)
    return Py(group(*parts, " != 0" if expr.kind == "any" else " == 0"), COMPARE)


def linear_in(expr: ir.Expr, var: str) -> tuple[int, int] | None:
    """`expr` as `a * var.rank + b` with constants a and b, or None."""
    match expr:
        case ir.IntE(value=value):
            return 0, value
        case ir.AttrE() if own_attr(expr, var, "rank"):
            return 1, 0
        case ir.ArithE(op="+" | "-" | "*" as op, left=left, right=right):
            lhs, rhs = linear_in(left, var), linear_in(right, var)
            if lhs is None or rhs is None:
                return None
            if op == "+":
                return lhs[0] + rhs[0], lhs[1] + rhs[1]
            if op == "-":
                return lhs[0] - rhs[0], lhs[1] - rhs[1]
            if lhs[0] and rhs[0]:
                return None
            return lhs[0] * rhs[1] + rhs[0] * lhs[1], lhs[1] * rhs[1]
    return None


def _shifted(py: PyExpr, board: str, expr: ir.QuantE) -> Py | None:
    """The shift pattern: `any`/`all`/`none` of the melds of `board` whose body is a board
    formula of the outer meld (`_formula`)."""
    from mjc.compiler.conditions.pyexpr import COMPARE, Py

    if expr.kind == "count" or is_local(expr.body, expr.var):
        return None
    names: set[str] = set()
    formula = _formula(expr.body, expr.var, names, py)
    if formula is None:
        return None
    own = used_name(py, f"{board}_board")
    for name in sorted(names):
        if name.isupper():  # a runtime constant
            py.runtime_names.add(name)
        else:
            used_name(py, name)
    if expr.kind == "all":
        return Py(group(own, " & ~", wrapped(formula), " == 0"), COMPARE)
    return Py(group(own, " & ", formula, " != 0" if expr.kind == "any" else " == 0"), COMPARE)


def wrapped(doc: Doc) -> Doc:
    """`doc` in parentheses unless it is one name or already in them."""
    text = flat(doc)
    if text.isidentifier() or (text.startswith("(") and text.endswith(")")):
        return doc
    return group("(", doc, ")")


def joined(op: str, parts: list[Doc]) -> Doc:
    """`(a op b op c)`, always bracketed (`&` and `|` mix), one operand a line when long."""
    inner: list[Doc] = [Break(""), parts[0]]
    for part in parts[1:]:
        inner += [Break(" "), f"{op} ", part]
    return group("(", Nest(tuple(inner)), Break(""), ")")


def _formula(body: ir.Expr, var: str, names: set[str], py: PyExpr) -> Doc | None:
    """`body` about the meld `var` as a board: bit `4 * rank + slot` set where a meld of that
    suit and rank would make it hold (None: the body reads what no board says). Shifts bind
    tighter than `&` and `|`, so only joined parts need brackets."""
    match body:
        case ir.BoolOpE(op=op, operands=operands):
            parts = [_formula(o, var, names, py) for o in operands]
            found = [p for p in parts if p is not None]
            if len(found) != len(parts):
                return None
            return joined("&" if op == "and" else "|", found)
        case ir.NotE(operand=operand):
            inner = _formula(operand, var, names, py)
            return None if inner is None else ("~", wrapped(inner))
        case ir.AttrE() if own_attr(body, var, "is_suited"):
            names.add("SUITED_SLOTS")
            return "SUITED_SLOTS"
        case ir.CompareE(op="==" | "!=", left=left, right=right):
            return _own_test(body.op, left, right, var, names, py)
        case ir.QuantE(kind="any" | "all", var=k, domain=ir.RangeE(low=low, high=high)) if (
            high - low < _UNROLL
        ):
            if low > high:
                return "0" if body.kind == "any" else "-1"
            parts = [_formula(substitute(body.body, k, v), var, names, py)
                     for v in range(low, high + 1)]  # fmt: skip
            found = [p for p in parts if p is not None]
            if len(found) != len(parts):
                return None
            return (
                found[0] if len(found) == 1 else joined("|" if body.kind == "any" else "&", found)
            )
        case ir.QuantE(kind="any", var=n, domain=ir.FactE(fact=fact), body=inner) if (
            fact in BOARD_OF
        ):
            return _related(var, n, BOARD_OF[fact], inner, names, py)
    return None


def _own_test(
    op: str, left: ir.Expr, right: ir.Expr, var: str, names: set[str], py: PyExpr
) -> Doc | None:
    """`var.rank == R` (every slot at rank R) or `var.suit == S` / `!= S` (slot S at every
    rank, or every slot but S), R and S not reading `var`."""
    from mjc.compiler.conditions.pyexpr import UNARY

    for mine, other in ((left, right), (right, left)):
        if mentions(other, var):
            continue
        if own_attr(mine, var, "rank") and op == "==":
            if isinstance(other, ir.IntE):
                return f"15 << {4 * other.value}" if other.value >= 0 else "0"
            if never_negative(other, py.lows):
                return group("15 << 4 * ", py.operand(py.py(other), UNARY))
        if own_attr(mine, var, "suit"):
            names.add("EVERY_RANK")
            if isinstance(other, ir.SuitE):
                slots: Doc = str(SUIT_BIT.get(other.suit, 0))
            else:
                slots = suit_get(py, "SUIT_BIT", other)
            every = group(slots, " * EVERY_RANK")
            return every if op == "==" else ("~(", every, ")")
    return None


def _related(
    var: str, n: str, board: str, body: ir.Expr, names: set[str], py: PyExpr
) -> Doc | None:
    """`any n in <board>: n.suit == var.suit and n.rank == var.rank + c` as the board shifted
    by c ranks; with `n.rank == R` (R not reading `var`), the suit-set at R at every rank."""
    key = key_of(n, body)
    if key is not None and key.rank is not None and not key.same and not key.other:
        return _spread(var, board, key, names)
    if key is None or key.rank is None or key.other or len(key.same) != 1:
        return None
    if not own_attr(key.same[0], var, "suit"):
        return None
    name = f"{board}_board"
    linear = linear_in(key.rank, var)
    if linear is not None and linear[0] == 1:
        names.add(name)
        c = linear[1]
        shifted = f"x_{name}"
        if c:
            shifted += f" >> {4 * c}" if c > 0 else f" << {-4 * c}"
        if key.slots == ALL_SLOTS:
            return shifted
        names.add("EVERY_RANK")
        return f"({shifted} & {key.slots} * EVERY_RANK)"
    if mentions(key.rank, var) or not never_negative(key.rank, py.lows):
        return None
    names.add(name)
    names.add("EVERY_RANK")
    return group("(x_", name, " >> ", rank_shift(py, key.rank, 4), f" & {key.slots}) * EVERY_RANK")


def _spread(var: str, board: str, key: Key, names: set[str]) -> Doc | None:
    """`any n in <board>: n.suit == S and n.rank == var.rank + c`, S one literal suit (三色:
    the same rank in another suit): the board's slot S moved to rank `var.rank`, then spread
    to every slot of that rank (`* 15`: a field of 0 or 1 becomes 0 or 15), so the outer meld
    holds there whatever its own suit. None for any other key."""
    linear = linear_in(key.rank, var) if key.rank is not None else None
    slots = key.slots
    if linear is None or linear[0] != 1 or slots == 0 or slots & (slots - 1):
        return None
    name = f"{board}_board"
    names.add(name)
    names.add("EVERY_RANK")
    shift = 4 * linear[1] + slots.bit_length() - 1
    moved = (
        f"x_{name} >> {shift}" if shift > 0 else f"x_{name} << {-shift}" if shift else f"x_{name}"
    )
    return f"({moved} & EVERY_RANK) * 15"
