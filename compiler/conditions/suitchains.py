"""Chains of melds of different suits, lowered to one table lookup per outer meld.

Input is a quantifier the board lowering (`compiler/conditions/meldboards.py`) meets: `any a in
chows: any b in chows: b.rank == a.rank + 1 and b.suit != a.suit and (any c in chows: c.rank ==
a.rank + 2 and c.suit != a.suit and c.suit != b.suit)` (三色三步高; 三色三同顺, 花龙, 三色三节高
have the same form). Each link of the chain is a meld of a board at a rank, of a suit no earlier
link has; so the chain holds when one slot can be taken from each link's suit-set, all different:
`DISTINCT_SLOTS_3` of the three suit-sets side by side, 4 bits each (`mjc.runtime.wins.meldboards`;
a chain of two melds puts every slot in the third set). A fixed outer rank (`a.rank == 1`) is one
lookup. Links all at the outer meld's own rank, on one board, need as many of the board's suit
planes at a rank as there are links: the ORs of ANDs of the planes (`x_chow_board & x_chow_board >>
1 & x_chow_board >> 2 & EVERY_RANK`, 三色三同顺). Otherwise, when each link's rank is a constant
once the outer rank is, one lookup per rank the outer board can hold, joined by `or` (三色三步高);
only a link's rank that reads more (`pair.rank`) leaves a loop over the outer melds.

What a link may say of its meld: its rank equal to a value that is never negative and reads
the outer meld through its rank alone (the loop tests the whole suit-set at that rank, any
meld there standing for the outer one) and no middle link, `is_suited` or `is_honour`, and
`!=` the suit of every earlier link (no fewer: a link that may share a suit with one earlier
is not this pattern). Anything else leaves the quantifier to the other patterns or to the
plain loop (correctness first).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mjc.compiler import ir
from mjc.compiler.conditions.meldboards import (
    ALL_SLOTS,
    BOARD_OF,
    joined,
    key_of,
    linear_in,
    never_negative,
    own_attr,
    rank_shift,
    used_name,
)
from mjc.compiler.conditions.scopes import mentions
from mjc.compiler.language.types import INT, MELD
from mjc.compiler.pysource.layout import Break, Doc, Nest, group

if TYPE_CHECKING:
    from mjc.compiler.conditions.pyexpr import Py, PyExpr

_TABLE = "DISTINCT_SLOTS_3"
_LINKS = (2, 3)  # a chain of two reads the table with every slot in the third set


@dataclass(frozen=True, slots=True)
class Link:
    """One meld of the chain: its variable, its board, its rank (None: the outer meld's own,
    read in the loop) and the suit slots it allows."""

    var: str
    board: str
    rank: ir.Expr | None
    slots: int


def _own_rank(var: str) -> ir.Expr:
    return ir.AttrE(type=INT, obj=ir.VarE(type=MELD, name=var), attr="rank", on="meld")


def _put_rank(expr: ir.Expr, var: str, rank: ir.Expr) -> ir.Expr:
    """`expr` with `var.rank` replaced by `rank` (the outer meld's fixed rank)."""
    if own_attr(expr, var, "rank"):
        return rank
    update: dict[str, Any] = {}
    for name in ir.field_names(type(expr)):
        child = getattr(expr, name)
        if isinstance(child, ir.Model) and not isinstance(child, ir.SourceRef):
            update[name] = _put_rank(child, var, rank)  # type: ignore[arg-type]
    return replace(expr, **update) if update else expr


def _split(var: str, body: ir.Expr) -> tuple[list[ir.Expr], ir.QuantE | None]:
    """The body's own conditions on `var`, and the next link (an `any` over a board)."""
    own: list[ir.Expr] = []
    links: list[ir.QuantE] = []
    for part in ir.conjuncts(body):
        if (
            isinstance(part, ir.QuantE)
            and part.kind == "any"
            and isinstance(part.domain, ir.FactE)
            and part.domain.fact in BOARD_OF
        ):
            links.append(part)
        else:
            own.append(part)
    if len(links) > 1:
        return own, None  # a fork, not a chain
    return own, links[0] if links else None


def _link(var: str, fact: str, own: list[ir.Expr], earlier: list[str]) -> Link | None:
    """The link's rank and slots from its own conditions, or None when they say more, or
    when its suit is not said to differ from each earlier link's."""
    slots = ALL_SLOTS
    rest: list[ir.Expr] = []
    for part in own:
        if own_attr(part, var, "is_suited"):
            slots &= 7
        elif own_attr(part, var, "is_honour"):
            slots &= 8
        else:
            rest.append(part)
    rank: ir.Expr | None = None
    if rest:
        body = rest[0] if len(rest) == 1 else ir.BoolOpE(op="and", operands=tuple(rest))
        key = key_of(var, body)
        if key is None or key.same or key.tile is not None:
            return None
        differs = sorted(
            e.obj.name for e in key.other
            if isinstance(e, ir.AttrE) and e.attr == "suit" and e.on == "meld"
            and isinstance(e.obj, ir.VarE)
        )  # fmt: skip
        if len(differs) != len(key.other) or differs != sorted(earlier):
            return None
        if key.slots != ALL_SLOTS:
            return None  # a literal suit in a chain of different suits: not this pattern
        rank = key.rank
        if rank is not None and any(mentions(rank, v) for v in earlier[1:]):
            return None  # a rank that reads a middle link: no table
    elif earlier:
        return None  # a later link must differ in suit from the earlier ones
    return Link(var, BOARD_OF[fact], rank, slots)


def chain_of(expr: ir.QuantE) -> list[Link] | None:
    """The chain `expr` is, outermost link first, or None."""
    links: list[Link] = []
    current: ir.QuantE | None = expr
    while current is not None:
        if not isinstance(current.domain, ir.FactE) or current.domain.fact not in BOARD_OF:
            return None
        own, following = _split(current.var, current.body)
        if len(links) == max(_LINKS):
            return None  # longer than a table answers
        link = _link(current.var, current.domain.fact, own, [k.var for k in links])
        if link is None:
            return None
        if link.rank is None and links:
            return None  # a later link's rank must be said
        links.append(link)
        current = following
    return links if len(links) in _LINKS else None


def lower(py: PyExpr, expr: ir.QuantE) -> Py | None:
    """`any`/`none` of a chain as a lookup in the table of different slots, or None."""
    from mjc.compiler.conditions.pyexpr import NOT, OR, PRIMARY, Py, generator

    if expr.kind not in ("any", "none"):
        return None
    links = chain_of(expr)
    if links is None:
        return None
    outer = links[0]
    ranks: list[ir.Expr] = []
    fixed = outer.rank
    for link in links:
        rank = link.rank if link.rank is not None else _own_rank(outer.var)
        if mentions(_put_rank(rank, outer.var, ir.IntE(value=0)), outer.var):
            return None  # reads the outer meld beyond its rank: its suit-set would not do
        if fixed is not None:
            rank = _put_rank(rank, outer.var, fixed)
        if not never_negative(rank, py.lows):
            return None
        ranks.append(rank)
    if fixed is None:
        free = _loop_free(py, links, ranks)
        if free is not None:
            return free if expr.kind == "any" else Py(("not ", py.operand(free, NOT)), NOT)
    py.runtime_names.add(_TABLE)
    if fixed is None:
        py.scope.append(outer.var)
    try:
        lookup = group(_TABLE, "[", Nest((Break(""), _key(py, links, ranks))), Break(""), "]")
        if fixed is not None:
            found = Py(lookup, PRIMARY)
        else:
            domain = py.py(expr.domain)
            py.loops += 1
            loop: tuple[Doc, ...] = (
                lookup, Break(" "), f"for v_{outer.var} in ", py.operand(domain, OR),
            )  # fmt: skip
            found = Py(generator("any", loop), PRIMARY)
    finally:
        if fixed is None:
            py.scope.pop()
    if expr.kind == "none":
        return Py(("not ", py.operand(found, NOT)), NOT)
    return found


def _loop_free(py: PyExpr, links: list[Link], ranks: list[ir.Expr]) -> Py | None:
    """The chain with no loop over the outer melds, or None: at the outer meld's own rank
    on one board, a rank where the board holds as many of the links' suits as there are
    links (an AND of the suit planes, `x_chow_board & x_chow_board >> 1 & ...`); else, when
    every link's rank is a constant once the outer rank is, a lookup at each rank the outer
    board can hold, joined by `or`."""
    from mjc.compiler.conditions.keyfields import KEYS, constant
    from mjc.compiler.conditions.pyexpr import COMPARE, OR, PRIMARY, Py

    outer = links[0].var
    boards = {link.board for link in links}
    slots = {link.slots & sum(1 << s for s in {s for s, _ in KEYS[link.board]}) for link in links}
    if len(boards) == 1 and len(slots) == 1 and all(linear_in(r, outer) == (1, 0) for r in ranks):
        board, allowed = used_name(py, f"{boards.pop()}_board"), slots.pop()
        planes = [board if slot == 0 else f"{board} >> {slot}"
                  for slot in range(4) if allowed >> slot & 1]  # fmt: skip
        if len(planes) < len(links):
            return Py("False", PRIMARY)
        terms: list[Doc] = []
        for chosen in itertools.combinations(planes, len(links)):
            parts: list[Doc] = [chosen[0]]
            for plane in chosen[1:]:
                parts += [" & ", plane]
            terms.append(group(*parts))
        py.runtime_names.add("EVERY_RANK")
        held = terms[0] if len(terms) == 1 else joined("|", terms)
        return Py(group(held, " & EVERY_RANK != 0"), COMPARE)
    lookups: list[Doc] = []
    for rank in sorted({r for _, r in KEYS[links[0].board]}):
        values: list[int] = []
        for expr in ranks:
            value = constant(_put_rank(expr, outer, ir.IntE(value=rank)))
            if not isinstance(value, int) or isinstance(value, bool):
                return None  # a rank that reads more than the outer rank: the loop
            values.append(value)
        boards_ranks = [{r for _, r in KEYS[link.board]} for link in links]
        if all(v in h for v, h in zip(values, boards_ranks, strict=True)):  # else a link is empty
            key = _key(py, links, [ir.IntE(value=v) for v in values])
            lookups.append(group(_TABLE, "[", Nest((Break(""), key)), Break(""), "]"))
    if not lookups:
        return Py("False", PRIMARY)
    py.runtime_names.add(_TABLE)
    parts = [lookups[0]]
    for lookup in lookups[1:]:
        parts += [Break(" "), "or ", lookup]
    return Py(group(*parts), OR if len(lookups) > 1 else PRIMARY)


def _key(py: PyExpr, links: list[Link], ranks: list[ir.Expr]) -> Doc:
    """The links' suit-sets side by side, 4 bits each: one mask of the board when the links
    are of one board at one rank (the set repeated) or at ranks one apart (adjacent fields),
    else one shifted field per link; a chain of two has every slot in the third field."""
    key = _fields(py, links, ranks)
    return key if len(links) == max(_LINKS) else group(key, Break(" "), "| 0xF00")


def _fields(py: PyExpr, links: list[Link], ranks: list[ir.Expr]) -> Doc:
    outer = links[0].var
    found = [linear_in(rank, outer) for rank in ranks]
    lines = [line for line in found if line is not None]
    one_board = len({link.board for link in links}) == 1
    if one_board and len(lines) == len(links) and len({a for a, _ in lines}) == 1:
        offsets = [b - lines[0][1] for _, b in lines]
        board = used_name(py, f"{links[0].board}_board")
        if offsets == list(range(len(links))):
            mask = sum(link.slots << 4 * i for i, link in enumerate(links))
            return group(board, " >> ", rank_shift(py, ranks[0], 4), f" & {mask}")
        slots = {link.slots for link in links}
        if not any(offsets) and len(slots) == 1:
            repeat = sum(1 << 4 * i for i in range(len(links)))
            shift = rank_shift(py, ranks[0], 4)
            return group("(", board, " >> ", shift, f" & {slots.pop()}) * {repeat}")
    parts: list[Doc] = []
    for i, (link, rank) in enumerate(zip(links, ranks, strict=True)):
        board = used_name(py, f"{link.board}_board")
        piece = group(board, " >> ", rank_shift(py, rank, 4), f" & {link.slots}")
        parts += [piece] if i == 0 else [Break(" "), "| ", group("(", piece, f") << {4 * i}")]
    return group(*parts)
