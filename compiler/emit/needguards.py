"""Need guards: a cheap test that a fan's condition cannot hold without, found from the IR.

Input is what remains of a fan's condition after its shape test (`fangroups.split_guard`);
output is what the fan needs (a chow, a pung, a kong, an honour tile, a situation flag) and
the IR test of it. The test is necessary by construction: it is read off one conjunct of the
condition (`any m in chows: …` needs a chow, `(count m in pungs: …) >= 1` a pung, `pair.
is_dragon` an honour, a bare `self_drawn` itself), so when it is false the whole condition
is. `codeplan` orders fans that need the same thing together and `emit_scoring` writes them
under one `if` with an else that sets them to 0, as it does for a shape test. A condition
with no such conjunct has no need and is written as before. A conjunct `any x in D: …` or
`(count x in D: …) >= 1` over other items needs what its own condition needs (`(count s in
suits: any m in pungs: …) == 2` a pung): a need is a fact of the hand, never of `x`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjc.compiler import ir
from mjc.compiler.language.types import BOOL, INT, TILE, ListType

_MELD_LISTS = {"chows": "a chow", "pungs": "a pung or kong", "kongs": "a kong"}
# Situation flags a conjunct may be alone: the flag is then its own (cheap) guard.
_FLAGS = frozenset({"self_drawn", "concealed", "kong_bloom", "robbing_kong", "last_tile", "dealer"})
_HONOUR_ATTRS = frozenset({"is_honour", "is_wind", "is_dragon"})
# A count compared with k this way is at least one.
_AT_LEAST_ONE = {">=": 1, "==": 1, ">": 0}
# `k op count` as `count op' k`: the ones that can say at least one.
_MIRROR = {"<=": ">=", "<": ">", "==": "=="}


@dataclass(frozen=True, slots=True)
class Need:
    """What a fan needs (`key`, the same for fans that share the test), said in words, and
    the IR test of it."""

    key: str
    words: str
    guard: ir.Expr


def need_of(condition: ir.Expr | None) -> Need | None:
    """The need of the first conjunct of `condition` that has one (None: none has)."""
    for conjunct in ir.conjuncts(condition):
        need = _need(conjunct)
        if need is not None:
            return need
    return None


def need_of_count(per: ir.Expr | None) -> Need | None:
    """The need of a fan's `per` count that is 0 without it: a `count` over chows, pungs or
    kongs, or such a count less another `count` (never below 0, so the fan's count, cut at
    0, is 0 too)."""
    match per:
        case ir.QuantE(kind="count", domain=ir.FactE(fact=fact) as domain) if fact in _MELD_LISTS:
            return _some(domain)
        case ir.QuantE(kind="count", body=body):
            return need_of(body)  # no item counts where its condition cannot hold
        case ir.ArithE(op="-", left=left, right=ir.QuantE(kind="count")):
            return need_of_count(left)
    return None


def _need(expr: ir.Expr) -> Need | None:
    match expr:
        case ir.QuantE(kind="any", domain=ir.FactE(fact=fact) as domain) if fact in _MELD_LISTS:
            return _some(domain)
        case ir.QuantE(kind="any", body=body):
            return need_of(body)  # some item: its condition holds, and what that needs
        case ir.CompareE(op=op, left=left, right=ir.IntE(value=k)):
            return _counted(left, op, k)
        case ir.CompareE(op=op, left=ir.IntE(value=k), right=right) if op in _MIRROR:
            return _counted(right, _MIRROR[op], k)
        case ir.FactE(fact=fact) if fact in _FLAGS and expr.type == BOOL:
            return Need(fact, fact, expr)
        case ir.AttrE(obj=ir.FactE(fact="pair"), attr=attr) if attr in _HONOUR_ATTRS:
            return _honour()
    return None


def _counted(counted: ir.Expr, op: str, k: int) -> Need | None:
    """The need of `counted op k` when it says the count is at least one."""
    if op not in _AT_LEAST_ONE or k < _AT_LEAST_ONE[op]:
        return None
    match counted:
        case ir.QuantE(kind="count", domain=ir.FactE(fact=fact) as domain) if fact in _MELD_LISTS:
            return _some(domain)
        case ir.QuantE(kind="count", body=body):
            return need_of(body)  # at least one item holds its condition
        case ir.CallE(func="len", args=(ir.FactE(fact=fact) as domain,)) if fact in _MELD_LISTS:
            return _some(domain)
    return None


def _some(domain: ir.FactE) -> Need:
    """`len(<domain>) > 0`: the list holds a meld."""
    length = ir.CallE(type=INT, func="len", args=(domain,))
    guard = ir.CompareE(op=">", left=length, right=ir.IntE(value=0))
    return Need(domain.fact, _MELD_LISTS[domain.fact], guard)


def _honour() -> Need:
    """`any t in tiles: t.is_honour`: a bit of the tile summary."""
    tile = ir.VarE(type=TILE, name="t")
    guard = ir.QuantE(
        type=BOOL,
        kind="any",
        var="t",
        domain=ir.FactE(type=ListType(TILE), fact="tiles"),
        body=ir.AttrE(type=BOOL, obj=tile, attr="is_honour", on="tile"),
    )
    return Need("honours", "an honour tile", guard)
