"""Quantifiers over a meld board whose body asks only about the meld's key (its suit and
rank), lowered to one mask over the board's count fields instead of a loop over the melds.

Input is a quantifier the board lowering (`compiler/conditions/meldboards.py`) leaves: `count m in
chows: any n in chows: n.suit == m.suit and n.rank == m.rank + 3` (连六), `any m in chows:
(count c in chows: c.suit == m.suit and c.rank == m.rank) == 4` (一色四同顺), or a boolean
combination of such tests (the count of a `limit`). Output is its Python over the count
fields of `mjc.runtime.wins.meldboards` (a 4-bit field per key at `20 * rank + COUNT_SHIFT`), or
None when the body asks anything else (the loop it was stays: correctness first).

The body becomes a mask F with the low bit of a key's field set where the body holds for a
meld of that key; it needs to be right only at the keys the board holds (every use below
reads F there alone). The parts of a body:

- a comparison of a count at the meld's own key, or a key a constant number of ranks away,
  with a constant: `>= k` a carry into each field's bit 3 (`(c + 6 * ONES) >> 3` for `>= 2`),
  else the fields' bits combined (a minimal sum of products of the bits, the counts above
  what an arrangement holds left free: `== 4` is `c >> 2`);
- a meld of another board in the same suit at ranks that the meld's rank decides (`n.rank
  == m.rank + 3 or n.rank * m.rank == 7`): the board's held keys (`x_chow_held`, one bit per
  key with a meld, computed once) shifted by each rank offset, masked to the ranks where
  the offset holds; in another suit or any suit: the number of suits held at the rank;
- a test of the meld's own suit and rank (`m.rank == 1`, `m.is_suited`): a constant mask,
  decided at compile time for every key; `m.suit == pair.suit`: the suit's fields.

Then `count` is the sum of the fields under F: `(x_chow_count & F * 7) % 15` (16 is 1 modulo
15, so the fields' sum is the board modulo 15: exact, as an arrangement holds fewer than 15
melds); `any` is `x_chow_count & F * 7 != 0`, or `F != 0` when F holds only at held keys;
`all` is `x_chow_count & ~(F * 7) == 0`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import (
    ALL_SLOTS,
    BOARD_OF,
    joined,
    key_of,
    linear_in,
    own_attr,
    used_name,
)
from mjc.compiler.conditions.scopes import is_local, mentions
from mjc.compiler.ir import consteval
from mjc.compiler.language.types import SuitLetter
from mjc.compiler.pysource.layout import Break, Doc, flat, group
from mjc.runtime.tiles.hand import MAX_TILES
from mjc.runtime.tiles.melds import all_melds

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

_MOST = MAX_TILES // 3  # melds an arrangement holds at most (a kong counts as three tiles)
_BITS = _MOST.bit_length()  # the bits of a count field any count uses
_WIDTH = (1 << _BITS) - 1  # those bits' mask, in one field
_CARRY_COST = 3  # operations of a test `count >= k` by a carry (`_at_least`)
assert _MOST + 7 < 16 and _BITS <= 3, "a field plus 7 stays within its 4 bits"
_TESTS: dict[str, Callable[[int, int], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}  # fmt: skip
_SLOT_SUIT = "mpsz"
_SLOT_SUITS: tuple[SuitLetter, ...] = ("m", "p", "s", "z")  # `_SLOT_SUIT` as the IR types it
_MOST_OFFSETS = 4  # rank offsets a neighbour test may shift by before it is left to the loop
_OWN_ATTRS = {"rank", "suit", "is_suited", "is_honour"}  # decided by the key alone


def _keys() -> dict[str, frozenset[tuple[int, int]]]:
    """By board: the keys (slot, rank) a meld of that board can have."""
    found: dict[str, set[tuple[int, int]]] = {board: set() for board in BOARD_OF.values()}
    for m in all_melds():
        if m.suit not in _SLOT_SUIT:
            continue
        key = (_SLOT_SUIT.index(m.suit), m.rank)
        for board, held in (("chow", m.is_chow), ("pung", m.is_pung), ("kong", m.is_kong)):
            if held:
                found[board].add(key)
    return {board: frozenset(keys) for board, keys in found.items()}


KEYS = _keys()


def _fields(keys: Iterable[tuple[int, int]]) -> int:
    """The low bits of the fields of `keys` (pairs slot, rank)."""
    return sum(1 << 20 * rank + 4 * slot for slot, rank in keys)


def _ranks(board: str) -> frozenset[int]:
    return frozenset(rank for _, rank in KEYS[board])


def _rank_fields(ranks: Iterable[int], slots: range = range(4)) -> int:
    """The low bits of the fields of `slots` at each of `ranks`."""
    return _fields((slot, rank) for rank in ranks for slot in slots)


def _enclosed(text: str) -> bool:
    """Whether `text` is one name, one number or wholly inside one pair of brackets."""
    if text.isidentifier() or text.isalnum():
        return True
    if not text.startswith("("):
        return False
    depth = 0
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0:
            return i == len(text) - 1
    return False


def _paren(doc: Doc) -> Doc:
    """`doc` bracketed unless it is one operand already."""
    return doc if _enclosed(flat(doc)) else group("(", doc, ")")


@dataclass(frozen=True, slots=True)
class Mask:
    """A mask of key fields; `held`: set only at keys the outer board holds (so `any` needs
    no test that a meld is there)."""

    doc: Doc
    held: bool = False


def _is_number(doc: Doc) -> bool:
    text = flat(doc)
    return text == "0" or (text.startswith("0x") and text[2:].isalnum())


def _shift(doc: Doc, bits: int) -> Doc:
    """`doc` shifted right by `bits` (left when negative)."""
    if bits == 0:
        return doc
    return group(_paren(doc), f" >> {bits}" if bits > 0 else f" << {-bits}")


@functools.cache
def _cover(wanted: frozenset[int]) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """The cheapest sum of products of a count field's bits that holds for the counts in
    `wanted` and for no other count an arrangement can have: its cost in operations and its
    terms, each a tuple of (bit, value) literals."""
    held = range(_MOST + 1)
    refused = {v for v in held if v not in wanted}
    terms = []
    for values in itertools.product((None, 0, 1), repeat=_BITS):
        literals = tuple((bit, v) for bit, v in enumerate(values) if v is not None)
        covers = {n for n in range(1 << _BITS) if all(n >> b & 1 == v for b, v in literals)}
        if literals and not covers & refused and covers & wanted:
            cost = sum((bit > 0) + (v == 0) for bit, v in literals) + len(literals) - 1
            terms.append((cost, literals, frozenset(covers & wanted)))
    terms.sort(key=lambda t: (t[0], t[1]))
    best: tuple[int, tuple[tuple[tuple[int, int], ...], ...]] | None = None
    for size in range(1, min(len(wanted), _MOST) + 1):
        for choice in itertools.combinations(terms, size):
            if frozenset().union(*(c[2] for c in choice)) != wanted:
                continue
            cost = sum(c[0] for c in choice) + size - 1
            if best is None or cost < best[0]:
                best = (cost, tuple(c[1] for c in choice))
    assert best is not None, "every count is one term"
    return best


def _counts_where(board_count: str, offset: int, op: str, n: int, keys: int) -> Doc:
    """The fields of `keys` whose count `offset` ranks above compares with n, from the
    count board's bits: bit i of each field is the board shifted right by `20 * offset + i`."""
    wanted = frozenset(v for v in range(_MOST + 1) if _TESTS[op](v, n))
    if not wanted:
        return "0"
    if len(wanted) == _MOST + 1:
        return hex(keys)
    refused = frozenset(range(_MOST + 1)) - wanted
    on, terms_on = _cover(wanted)
    least = min(wanted)
    if wanted == frozenset(range(least, _MOST + 1)) and on + 1 > _CARRY_COST:
        return _at_least(_shift(board_count, 20 * offset), least, keys)
    negated = bool(refused) and _cover(refused)[0] + 1 < on
    _, terms = _cover(refused) if negated else (on, terms_on)

    def literal(bit: int, value: int) -> Doc:
        plane = _shift(board_count, 20 * offset + bit)
        return plane if value else group("~", _paren(plane))

    products: list[Doc] = []
    for literals in terms:
        parts: list[Doc] = []
        for i, (bit, value) in enumerate(literals):
            parts += [literal(bit, value)] if i == 0 else [Break(" "), "& ", literal(bit, value)]
        products.append(group(*parts))
    found: Doc = products[0] if len(products) == 1 else joined("|", products)
    if negated:
        return group(hex(keys), " & ~", _paren(found))
    return group(found if len(products) == 1 else _paren(found), Break(" "), f"& {hex(keys)}")


def _at_least(fields: Doc, k: int, keys: int) -> Doc:
    """The fields of `keys` holding k or more (fields of at most `_MOST`, k from 1 up): `8 -
    k` added to each carries into its bit 3 exactly then, and no field carries further."""
    return group("(", _paren(fields), Break(" "), f"+ {hex(keys * (8 - k))})", Break(" "),
                 f">> 3 & {hex(keys)}")  # fmt: skip


def _held(py: PyExpr, board: str) -> str:
    """The local with one bit per key the board holds a meld of, computed once a call."""
    keys = _fields(KEYS[board])
    doc = _at_least(used_name(py, f"{board}_count"), 1, keys)
    name, _ = py.hoisted.setdefault(flat(doc), (f"x_{board}_held", doc))
    return name


def _put(expr: ir.Expr, values: dict[tuple[str, str], ir.Expr]) -> ir.Expr:
    """`expr` with each `var.attr` of `values` (meld attributes) replaced by its value."""
    if isinstance(expr, ir.AttrE) and isinstance(expr.obj, ir.VarE) and expr.on == "meld":
        found = values.get((expr.obj.name, expr.attr))
        if found is not None:
            return found
    update: dict[str, Any] = {}
    for name in ir.field_names(type(expr)):
        child = getattr(expr, name)
        if isinstance(child, tuple):
            update[name] = tuple(_put(c, values) if ir.is_node(c) else c for c in child)
        elif ir.is_node(child):
            update[name] = _put(child, values)
    return replace(expr, **update) if update else expr


def constant(expr: ir.Expr) -> object | None:
    """`expr`'s value when it reads nothing but constants, else None."""
    if not consteval.reads_only_options(expr) or not is_local(expr, ""):
        return None  # `is_local` with no variable: no option either
    return consteval.evaluate(expr, {})


def _key_values(var: str, slot: int, rank: int) -> dict[tuple[str, str], ir.Expr]:
    suit = _SLOT_SUITS[slot]
    return {
        (var, "rank"): ir.IntE(value=rank),
        (var, "suit"): ir.SuitE(suit=suit),
        (var, "is_suited"): ir.BoolE(value=suit != "z"),
        (var, "is_honour"): ir.BoolE(value=suit == "z"),
    }


@dataclass(slots=True)
class _Body:
    """Translates the body about the outer meld `var` of `board` into a mask."""

    py: PyExpr
    var: str
    board: str

    def mask(self, expr: ir.Expr) -> Mask | None:
        own = self._key_test(expr)
        if own is not None:
            return own
        match expr:
            case ir.BoolOpE(op=op, operands=operands):
                parts = [self.mask(o) for o in operands]
                found = [p for p in parts if p is not None]
                if len(found) != len(parts):
                    return None
                held = any(p.held for p in found) if op == "and" else all(p.held for p in found)
                docs = [p.doc for p in found if not _is_number(p.doc)]
                numbers = [int(flat(p.doc), 16) for p in found if _is_number(p.doc)]
                if numbers:  # constant masks folded into one
                    fold = functools.reduce(int.__and__ if op == "and" else int.__or__, numbers)
                    docs.append(hex(fold) if fold else "0")
                if len(docs) == 1:
                    return Mask(docs[0], held)
                return Mask(joined("&" if op == "and" else "|", docs), held)
            case ir.NotE(operand=operand):
                inner = self.mask(operand)
                if inner is None:
                    return None
                return Mask(group(hex(_fields(KEYS[self.board])), " & ~", _paren(inner.doc)))
            case ir.CompareE(op=written, left=left, right=right) if written in ir.SWAPPED:
                test: str = written
                if isinstance(left, ir.IntE):
                    test, left, right = ir.SWAPPED[test], right, left
                if isinstance(right, ir.IntE) and isinstance(left, ir.QuantE):
                    return self._count(left, test, right.value)
                return self._suit_test(expr)
            case ir.QuantE(kind="any", var=n, domain=ir.FactE(fact=fact), body=body) if (
                fact in BOARD_OF
            ):
                return self._neighbour(n, BOARD_OF[fact], body)
        return None

    def _key_test(self, expr: ir.Expr) -> Mask | None:
        """A test of the meld's own key alone: the keys where it holds, decided here."""
        if not mentions(expr, self.var) or not self._reads_key_only(expr):
            return None
        keys = []
        for slot, rank in KEYS[self.board]:
            value = constant(_put(expr, _key_values(self.var, slot, rank)))
            if value is None:
                return None
            if value:
                keys.append((slot, rank))
        found = _fields(keys)
        return Mask(hex(found) if found else "0")

    def _reads_key_only(self, expr: ir.Expr) -> bool:
        if isinstance(expr, ir.VarE):
            return expr.name != self.var
        if isinstance(expr, ir.AttrE) and isinstance(expr.obj, ir.VarE):
            return expr.obj.name != self.var or (expr.on == "meld" and expr.attr in _OWN_ATTRS)
        if isinstance(expr, ir.QuantE):
            return False
        return all(
            self._reads_key_only(c)
            for name in ir.field_names(type(expr))
            for c in (getattr(expr, name) if isinstance(getattr(expr, name), tuple)
                      else (getattr(expr, name),))
            if ir.is_node(c)
        )  # fmt: skip

    def _count(self, quant: ir.QuantE, op: str, n: int) -> Mask | None:
        """`(count c in <board>: c.suit == m.suit and c.rank == m.rank + d) <op> n`, or
        `c.tile == m.tile` (a meld's tile is its lowest: the same suit and rank, d = 0)."""
        if quant.kind != "count" or not isinstance(quant.domain, ir.FactE):
            return None
        board = BOARD_OF.get(quant.domain.fact)
        key = key_of(quant.var, quant.body)
        if board is None or key is None or key.rank is None or key.other:
            return None
        if key.tile is not None:
            if not own_attr(key.tile, self.var, "tile"):
                return None
            offset = 0
        else:
            if key.slots != ALL_SLOTS or len(key.same) != 1:
                return None
            if not own_attr(key.same[0], self.var, "suit"):
                return None
            line = linear_in(key.rank, self.var)
            if line is None or line[0] != 1:
                return None
            offset = line[1]
        count = used_name(self.py, f"{board}_count")
        doc = _counts_where(count, offset, op, n, _fields(KEYS[self.board]))
        held = board == self.board and offset == 0 and not _TESTS[op](0, n)
        return Mask(doc, held)

    def _suit_test(self, expr: ir.CompareE) -> Mask | None:
        """`m.suit == S` (or `!=`), S not the meld's: the fields of S's slot at every rank."""
        from mjc.compiler.conditions.pyexpr import TERNARY

        if expr.op not in ("==", "!="):
            return None
        for mine, other in ((expr.left, expr.right), (expr.right, expr.left)):
            if own_attr(mine, self.var, "suit") and not mentions(other, self.var):
                self.py.runtime_names.add("COUNT_SHIFT")
                firsts = _rank_fields(_ranks(self.board), range(1))
                shift = group("COUNT_SHIFT[", self.py.operand(self.py.py(other), TERNARY), "]")
                slot: Doc = group(hex(firsts), " << ", shift)
                if expr.op == "==":
                    return Mask(slot)
                return Mask(group(hex(_fields(KEYS[self.board])), " & ~(", slot, ")"))
        return None

    def _neighbour(self, n: str, board: str, body: ir.Expr) -> Mask | None:
        """`any n in <board>: n.suit == m.suit and <ranks>`: held keys at each rank offset
        the rank test allows (`!=`: another suit at that rank; no suit test: any suit)."""
        relation = "any"
        ranks: list[ir.Expr] = []
        for part in ir.conjuncts(body):
            suit = self._suit_relation(n, part)
            if suit is not None and relation == "any":
                relation = suit
            elif suit is not None:
                return None
            else:
                ranks.append(part)
        test: ir.Expr = (
            ir.BoolE(value=True) if not ranks
            else ranks[0] if len(ranks) == 1
            else ir.BoolOpE(op="and", operands=tuple(ranks))
        )  # fmt: skip
        outer, inner = _ranks(self.board), _ranks(board)
        by_offset: dict[int, tuple[set[int], set[int]]] = {}
        for rank in sorted(outer):
            for other in sorted(inner):
                values: dict[tuple[str, str], ir.Expr] = {
                    (self.var, "rank"): ir.IntE(value=rank), (n, "rank"): ir.IntE(value=other),
                }  # fmt: skip
                fixed = _put(test, values)
                if mentions(fixed, n) or mentions(fixed, self.var):
                    return None
                value = constant(fixed)
                if value is None:
                    return None
                where = by_offset.setdefault(other - rank, (set(), set()))
                where[1].add(rank)
                if value:
                    where[0].add(rank)
        offsets = {d: ranks_ for d, ranks_ in by_offset.items() if ranks_[0]}
        if len(offsets) > _MOST_OFFSETS:
            return None
        if not offsets:
            return Mask("0", held=True)
        source = self._source(board, relation, same_rank=set(offsets) == {0})
        terms: list[Doc] = []
        for d, (holds, possible) in sorted(offsets.items()):
            term = _shift(source, 20 * d)
            if holds != possible:
                term = group(term, f" & {hex(_rank_fields(holds))}")
            terms.append(term)
        return Mask(terms[0] if len(terms) == 1 else joined("|", terms))

    def _suit_relation(self, n: str, part: ir.Expr) -> str | None:
        """`same` or `other` when `part` is `n.suit == m.suit` or `n.suit != m.suit`."""
        if not isinstance(part, ir.CompareE) or part.op not in ("==", "!="):
            return None
        for a, b in ((part.left, part.right), (part.right, part.left)):
            if own_attr(a, n, "suit") and own_attr(b, self.var, "suit"):
                return "same" if part.op == "==" else "other"
        return None

    def _source(self, board: str, relation: str, same_rank: bool) -> Doc:
        """By key: whether `board` holds a meld in the same suit at its rank ("same"), in
        another suit ("other"), or in any suit ("any")."""
        held = _held(self.py, board)
        if relation == "same":
            return held
        slots = sorted({slot for slot, _ in KEYS[board]})
        firsts = _rank_fields(_ranks(board), range(1))
        # How many suits the rank holds, in its slot-0 field.
        suits = joined("+", [held, *(f"({held} >> {4 * slot})" for slot in slots[1:])])
        every_slot = sum(1 << 4 * slot for slot in range(4))
        # At least k suits: k below 8 added to a field of at most 4 carries into its bit 3.
        if relation == "any" or (board == self.board and same_rank):
            # Another suit at the meld's own rank: two suits there, the meld's and another.
            least = 1 if relation == "any" else 2
            at_least = group(
                "(", suits, Break(" "), f"+ {hex(firsts * (8 - least))})", Break(" "),
                f">> 3 & {hex(firsts)}",
            )  # fmt: skip
            return group("(", at_least, ")", Break(" "), f"* {hex(every_slot)}")
        # Another suit than the key's: the rank's suits on each slot, less the key's own.
        spread = group("(", suits, Break(" "), f"& {hex(firsts * _WIDTH)})", Break(" "),
                       f"* {hex(every_slot)}")  # fmt: skip
        every = _rank_fields(_ranks(board))
        return group(
            "(", spread, Break(" "), f"- {held}", Break(" "), f"+ {hex(every * 7)})", Break(" "),
            f">> 3 & {hex(every)}",
        )  # fmt: skip


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """The quantifier as one mask over the count fields, or None when its body asks more."""
    from mjc.compiler.conditions.pyexpr import COMPARE, PRIMARY, TERM, Py

    if not isinstance(expr.domain, ir.FactE) or expr.domain.fact not in BOARD_OF:
        return None
    if expr.kind not in ("any", "all", "none", "count"):
        return None
    board = BOARD_OF[expr.domain.fact]
    found = _Body(py, expr.var, board).mask(expr.body)
    if found is None:
        return None
    count = used_name(py, f"{board}_count")
    if flat(found.doc) == "0":  # never holds
        never = {"count": "0", "any": "False", "none": "True", "all": f"{count} == 0"}
        return Py(never[expr.kind], COMPARE if expr.kind == "all" else PRIMARY)
    spread = group(_paren(found.doc), f" * {_WIDTH}")  # the whole of each field F marks
    if expr.kind == "count":
        return Py(group("(", count, " & ", spread, ") % 15"), TERM)
    if expr.kind == "all":
        return Py(group(count, " & ~(", spread, ") == 0"), COMPARE)
    test = " != 0" if expr.kind == "any" else " == 0"
    if found.held:
        return Py(group(found.doc, test), COMPARE)
    return Py(group(count, " & ", spread, test), COMPARE)
