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

from mjc.compiler import ir
from mjc.compiler.language.types import BOOL, INT, TILE, ListType
from mjc.frozen import Frozen, frozen

_MELD_LISTS = {"chows": "a chow", "pungs": "a pung or kong", "kongs": "a kong"}
_MELD_PLURALS = {"chows": "chows", "pungs": "pungs or kongs", "kongs": "kongs"}
_NUMBERS = ("no", "one", "two", "three", "four", "five")
# Situation flags a conjunct may be alone: the flag is then its own (cheap) guard.
_FLAGS = frozenset({"self_drawn", "concealed", "kong_bloom", "robbing_kong", "last_tile", "dealer"})
_HONOUR_ATTRS = frozenset({"is_honour", "is_wind", "is_dragon"})
# A count compared with k this way is at least one.
_AT_LEAST_ONE = {">=": 1, "==": 1, ">": 0}
# `k op count` as `count op' k`: the ones that can say at least one.
_MIRROR = {"<=": ">=", "<": ">", "==": "=="}


@frozen
class Need(Frozen):
    """What a fan needs (`key`, the same for fans that share the test), said in words, and
    the IR test of it; of a list of melds, `least` is how many it needs at the least (fans
    of one key share the test of one, and those of one `least` above it the test of that:
    `more`)."""

    key: str
    words: str
    guard: ir.Expr
    least: int = 1


def need_of(condition: ir.Expr | None) -> Need | None:
    """The need of the first conjunct of `condition` that has one (None: none has), needing
    as many melds as the conjunct of the same need that needs the most."""
    found: Need | None = None
    for conjunct in ir.conjuncts(condition):
        need = _need(conjunct)
        if need is None:
            continue
        if found is None or (need.key == found.key and need.least > found.least):
            found = need
    return found


def more(need: Need) -> Need:
    """The test of `need`'s `least` melds (`len(chows) >= 3`), for the fans that need as
    many: the test of one is `need` itself."""
    if need.least <= 1:
        return need
    assert isinstance(need.guard, ir.CompareE)  # `len(<list>) > 0`, as `_some` makes it
    guard = ir.CompareE(op=">=", left=need.guard.left, right=ir.IntE(value=need.least))
    count = _NUMBERS[need.least] if need.least < len(_NUMBERS) else str(need.least)
    return Need(need.key, f"{count} {_MELD_PLURALS[need.key]}", guard, need.least)


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
        case ir.QuantE(kind="any", domain=ir.FactE(fact=fact) as domain, body=body) if (
            fact in _MELD_LISTS
        ):
            inner = need_of(body)  # what the item's condition needs of the hand, as many
            more_inner = inner.least if inner is not None and inner.key == fact else 1
            return _some(domain, max(_distinct_items(expr, ()), more_inner))
        case ir.QuantE(kind="any", body=body):
            return need_of(body)  # some item: its condition holds, and what that needs
        case ir.CompareE(op=op, left=left, right=ir.IntE(value=k)):
            return _counted(left, op, k)
        case ir.CompareE(op=op, left=ir.IntE(value=k), right=right) if op in _MIRROR:
            return _counted(right, _MIRROR[op], k)
        case ir.QuantE(kind="all", domain=ir.FactE(fact="tiles")):
            # A bit of the tile summary: fans of such needs are written under one test of
            # their bits (`codeplan.need_runs`), which most hands fail at once.
            return Need("every_tile", "one property every tile has", expr)
        case ir.FactE(fact=fact) if fact in _FLAGS and expr.type == BOOL:
            return Need(fact, fact, expr)
        case ir.AttrE(obj=ir.FactE(fact="pair"), attr=attr) if attr in _HONOUR_ATTRS:
            return _honour()
    return None


def _counted(counted: ir.Expr, op: str, k: int) -> Need | None:
    """The need of `counted op k` when it says the count is at least one."""
    if op not in _AT_LEAST_ONE or k < _AT_LEAST_ONE[op]:
        return None
    least = k + 1 if op == ">" else k  # the count is at least this
    match counted:
        case ir.QuantE(kind="count", domain=ir.FactE(fact=fact) as domain) if fact in _MELD_LISTS:
            return _some(domain, least)
        case ir.QuantE(kind="count", body=body):
            return need_of(body)  # at least one item holds its condition
        case ir.CallE(func="len", args=(ir.FactE(fact=fact) as domain,)) if fact in _MELD_LISTS:
            return _some(domain, least)
    return None


def _some(domain: ir.FactE, least: int = 1) -> Need:
    """`len(<domain>) > 0`: the list holds a meld (and `least` of them at the least)."""
    length = ir.CallE(type=INT, func="len", args=(domain,))
    guard = ir.CompareE(op=">", left=length, right=ir.IntE(value=0))
    return Need(domain.fact, _MELD_LISTS[domain.fact], guard, least)


def _distinct_items(quant: ir.QuantE, around: tuple[str, ...]) -> int:
    """How many items of its list `any x in <list>: …` needs at the least: `x`, and those of
    the conjunct `any y in <list>: …` of its condition that needs the most, among those whose
    own condition tells `y` apart from `x` and from every item around (`y.suit != x.suit`,
    `y.rank == x.rank + 1`): each such `y` is another item."""
    inside = (*around, quant.var)
    most = 0
    for conjunct in ir.conjuncts(quant.body):
        if (
            isinstance(conjunct, ir.QuantE)
            and conjunct.kind == "any"
            and conjunct.domain == quant.domain
            and all(_told_apart(conjunct, name) for name in inside)
        ):
            most = max(most, _distinct_items(conjunct, inside))
    return 1 + most


def _told_apart(quant: ir.QuantE, name: str) -> bool:
    """Whether a conjunct of `quant`'s condition says its item is not the item `name`: an
    attribute of the two unequal, or one the other's plus or minus a number other than 0."""
    for conjunct in ir.conjuncts(quant.body):
        if not isinstance(conjunct, ir.CompareE) or conjunct.op not in ("!=", "=="):
            continue
        for mine, theirs in ((conjunct.left, conjunct.right), (conjunct.right, conjunct.left)):
            attr = _attr_of(mine, quant.var)
            if attr is None:
                continue
            if conjunct.op == "!=" and _attr_of(theirs, name) == attr:
                return True
            match theirs:
                case ir.ArithE(op="+" | "-", left=left, right=ir.IntE(value=k)) if k != 0:
                    if _attr_of(left, name) == attr:
                        return True
    return False


def _attr_of(expr: ir.Expr, name: str) -> str | None:
    """The attribute `expr` reads of the item `name` (`m.rank`: rank), else None."""
    match expr:
        case ir.AttrE(obj=ir.VarE(name=var), attr=attr) if var == name:
            return attr
    return None


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
