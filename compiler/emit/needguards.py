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

How many melds a need asks for (`least`) is read off the items the condition names that it
tells apart (`_further`): an attribute unequal to another's, or pinned to another's plus a
number or a multiple that is never 0, or two items pinned to different numbers (清龙's chows
of ranks 1, 4 and 7); one item per number of `all k in 1..3: any n in D: n.rank == m.rank +
k` (一色四节高: four pungs); the fewer of `a or b`; one meld per value of a count over distinct
values, each with `m.suit == s` (三同刻: three pungs).
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
    `more`). `counted`: read off a count of the melds that the condition compares itself
    (`len(kongs) == 3`), so the condition alone tests as much as its guard would."""

    key: str
    words: str
    guard: ir.Expr
    least: int = 1
    counted: bool = False


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
    if found is not None and condition is not None and found.key in _MELD_LISTS:
        # Items of the list in conjuncts of their own, told apart from each other, are as
        # many melds (老少副's `(any m in chows: … m.rank == 1) and (any m in chows: … m.rank
        # == 7)`).
        domain = _fact(found.guard)
        siblings = _further(condition, (), domain, frozenset())
        if siblings > found.least:
            found = _some(domain, siblings)
    return found


def more(need: Need) -> Need:
    """The test of `need`'s `least` melds (`len(chows) >= 3`), for the fans that need as
    many: the test of one is `need` itself."""
    if need.least <= 1:
        return need
    assert isinstance(need.guard, ir.CompareE)  # `len(<list>) > 0`, as `_some` makes it
    guard = ir.CompareE(op=">=", left=need.guard.left, right=ir.IntE(value=need.least))
    count = _NUMBERS[need.least] if need.least < len(_NUMBERS) else str(need.least)
    return Need(need.key, f"{count} {_MELD_PLURALS[need.key]}", guard, need.least, need.counted)


def worth_alone(need: Need) -> bool:
    """Whether a fan of this need alone is worth a test of it before its condition: a need of
    melds the condition does not count itself (it reads a board or loops over the melds,
    dearer than the count of them); a flag, a bit or a count is its own test."""
    return need.key in _MELD_LISTS and not need.counted


def need_of_count(per: ir.Expr | None) -> Need | None:
    """The need of a fan's `per` count that is 0 without it: a `count` over chows, pungs or
    kongs, or such a count less another `count` (never below 0, so the fan's count, cut at
    0, is 0 too)."""
    match per:
        case ir.QuantE(kind="count", domain=ir.FactE(fact=fact) as domain) if fact in _MELD_LISTS:
            # An item counts with the further items its condition asks for (连六's `count m in
            # chows: any n in chows: … n.rank == m.rank + 3`: two chows).
            return _some(domain, _distinct_items(per, ()))
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
            return _some(domain, max(least, _distinct_items(counted, ())), counted=True)
        case ir.QuantE(kind="count", var=var, domain=values, body=body):
            inner = need_of(body)  # at least one item holds its condition
            if inner is not None and _own_meld_each(body, var, values, inner.key):
                # `least` values, each with a meld of its own (三同刻's `(count s in
                # [characters, dots, bamboo]: any m in pungs: m.suit == s and …) == 3`)
                return _some(_fact(inner.guard), max(least, inner.least))
            return inner
        case ir.CallE(func="len", args=(ir.FactE(fact=fact) as domain,)) if fact in _MELD_LISTS:
            return _some(domain, least, counted=True)
    return None


def _own_meld_each(body: ir.Expr, var: str, values: ir.Expr, key: str) -> bool:
    """Whether a count over distinct values (`[characters, dots, bamboo]`, `1..9`) asks of
    each value counted a meld of list `key` of its own: the condition is `any m in <key>:
    …` with a conjunct `m.attr == <the value>`, so two values never share a meld."""
    match values:
        case ir.RangeE():
            pass
        case ir.ListE(items=items) if len(set(items)) == len(items) and all(
            isinstance(i, ir.SuitE | ir.IntE | ir.TileE) for i in items
        ):
            pass
        case _:
            return False
    if not (isinstance(body, ir.QuantE) and body.kind == "any" and key in _MELD_LISTS):
        return False
    if body.domain != ir.FactE(type=body.domain.type, fact=key):
        return False
    return any(
        isinstance(c, ir.CompareE)
        and c.op == "=="
        and any(
            _attr_of(mine, body.var) is not None and theirs == ir.VarE(type=theirs.type, name=var)
            for mine, theirs in ((c.left, c.right), (c.right, c.left))
        )
        for c in ir.conjuncts(body.body)
    )


def _fact(expr: ir.Expr) -> ir.FactE:
    """The list a need's test `len(<list>) > 0` reads, or the list itself."""
    if isinstance(expr, ir.CompareE) and isinstance(expr.left, ir.CallE):
        expr = expr.left.args[0]
    assert isinstance(expr, ir.FactE)
    return expr


def _some(domain: ir.FactE, least: int = 1, counted: bool = False) -> Need:
    """`len(<domain>) > 0`: the list holds a meld (and `least` of them at the least)."""
    length = ir.CallE(type=INT, func="len", args=(domain,))
    guard = ir.CompareE(op=">", left=length, right=ir.IntE(value=0))
    return Need(domain.fact, _MELD_LISTS[domain.fact], guard, least, counted)


def _distinct_items(quant: ir.QuantE, around: tuple[_Item, ...]) -> int:
    """How many items of its list `any x in <list>: …` (or `count x in <list>: …`, counting
    at least one) needs at the least: `x`, and the further items its condition asks for
    (`_further`)."""
    item = _Item(quant.var, _pins(quant.var, quant.body), quant.body)
    return 1 + _further(quant.body, (*around, item), quant.domain, frozenset())


@frozen
class _Item(Frozen):
    """An item quantified over a list of melds: its name, what its condition pins its
    attributes to (`_pins`) and the condition."""

    name: str
    pins: dict[str, tuple[_Pin, ...]]
    body: ir.Expr


@frozen
class _Pin(Frozen):
    """What a conjunct `x.attr == …` of an item's condition pins the attribute to: a number
    (`_Pin("is", 4)`), another item's plus a number (`_Pin("plus", "m", 3)`), or another
    item's plus a multiple of a quantified number (`_Pin("times", "m", 2, "k")`: `m.rank + 2 *
    k`)."""

    kind: str  # "is", "plus" or "times"
    to: str | int  # the number ("is") or the other item's name
    step: int = 0  # the number added ("plus") or the multiple ("times")
    number: str = ""  # the quantified number ("times")


def _further(
    expr: ir.Expr, inside: tuple[_Item, ...], domain: ir.Expr, nonzero: frozenset[str]
) -> int:
    """How many items of `domain` besides those `inside` the condition `expr` asks for at the
    least: an item `any y in <domain>: …` told apart from every item inside (`_apart`) is
    another, with those its own condition asks for; `a or b` asks for the fewer of the two;
    sibling items told apart from each other are as many; `all k in 1..3: any y in
    <domain>: y.rank == x.rank + k` asks for one item per `k` (`nonzero`: the quantified
    numbers never 0, over a range without 0)."""
    if isinstance(expr, ir.BoolOpE) and expr.op == "or":
        return min(_further(o, inside, domain, nonzero) for o in expr.operands)
    most = 0
    siblings: list[_Item] = []
    for conjunct in ir.conjuncts(expr):
        if isinstance(conjunct, ir.BoolOpE):  # an `or` among the conjuncts
            most = max(most, _further(conjunct, inside, domain, nonzero))
            continue
        if not isinstance(conjunct, ir.QuantE):
            continue
        if conjunct.kind == "any" and conjunct.domain == domain:
            item = _Item(conjunct.var, _pins(conjunct.var, conjunct.body), conjunct.body)
            if all(_apart(other, item, nonzero) for other in inside):
                siblings.append(item)
                deeper = _further(conjunct.body, (*inside, item), domain, nonzero)
                most = max(most, 1 + deeper)
            continue
        match conjunct.domain:
            case ir.RangeE(low=low, high=high) if low <= high and not low <= 0 <= high:
                numbers = nonzero | {conjunct.var}
                if conjunct.kind == "any":
                    most = max(most, _further(conjunct.body, inside, domain, numbers))
                elif conjunct.kind == "all" and _one_per_number(
                    conjunct.body, conjunct.var, inside, domain, numbers
                ):
                    most = max(most, high - low + 1)
    if len(siblings) > 1 and all(
        _apart(a, b, nonzero) for i, a in enumerate(siblings) for b in siblings[i + 1 :]
    ):
        most = max(most, len(siblings))
    return most


def _one_per_number(
    body: ir.Expr, number: str, inside: tuple[_Item, ...], domain: ir.Expr, nonzero: frozenset[str]
) -> bool:
    """Whether `all <number> in …: <body>` asks for another item for each number: the body is
    `any y in <domain>: …`, `y` told apart from every item inside, with an attribute pinned
    to another's plus a multiple (not 0) of the number, so no two numbers share an item."""
    if not isinstance(body, ir.QuantE) or body.kind != "any" or body.domain != domain:
        return False
    item = _Item(body.var, _pins(body.var, body.body), body.body)
    spread = any(
        pin.kind == "times" and pin.step != 0 and pin.number == number
        for pins in item.pins.values()
        for pin in pins
    )
    return spread and all(_apart(other, item, nonzero) for other in inside)


def _apart(first: _Item, second: _Item, nonzero: frozenset[str]) -> bool:
    """Whether the conditions of two items say they are not the same item: an attribute of
    the one unequal to the other's, or pinned to the other's plus a number or a multiple not
    0, or both pinned apart (two numbers, or one item's plus two numbers or multiples)."""
    if _unequal(second, first.name) or _unequal(first, second.name):
        return True
    for mine, theirs in ((second, first), (first, second)):
        for pins in mine.pins.values():
            for pin in pins:
                if pin.to == theirs.name and _never_zero(pin, nonzero):
                    return True
    for attr, pins in second.pins.items():
        for pin in pins:
            for other in first.pins.get(attr, ()):
                if pin.kind == other.kind == "is" and pin.to != other.to:
                    return True
                if pin.kind == other.kind and pin.kind != "is" and pin.to == other.to:
                    if pin.kind == "plus" and pin.step != other.step:
                        return True
                    if (
                        pin.number == other.number
                        and pin.step != other.step
                        and pin.number in nonzero
                    ):
                        return True
    return False


def _never_zero(pin: _Pin, nonzero: frozenset[str]) -> bool:
    """Whether what a pin adds to the other item's attribute is never 0."""
    if pin.kind == "plus":
        return pin.step != 0
    return pin.kind == "times" and pin.step != 0 and pin.number in nonzero


def _unequal(item: _Item, name: str) -> bool:
    """Whether a conjunct of the item's condition says an attribute of it differs from the
    same attribute of the item `name`."""
    for conjunct in ir.conjuncts(item.body):
        if isinstance(conjunct, ir.CompareE) and conjunct.op == "!=":
            for mine, theirs in ((conjunct.left, conjunct.right), (conjunct.right, conjunct.left)):
                attr = _attr_of(mine, item.name)
                if attr is not None and _attr_of(theirs, name) == attr:
                    return True
    return False


def _pins(var: str, body: ir.Expr) -> dict[str, tuple[_Pin, ...]]:
    """What the conjuncts `var.attr == …` of an item's condition pin its attributes to."""
    found: dict[str, tuple[_Pin, ...]] = {}
    for conjunct in ir.conjuncts(body):
        if not isinstance(conjunct, ir.CompareE) or conjunct.op != "==":
            continue
        for mine, theirs in ((conjunct.left, conjunct.right), (conjunct.right, conjunct.left)):
            attr = _attr_of(mine, var)
            pin = None if attr is None else _pin(theirs, attr)
            if attr is not None and pin is not None:
                found[attr] = (*found.get(attr, ()), pin)
    return found


def _pin(expr: ir.Expr, attr: str) -> _Pin | None:
    """What `expr`, the other side of `x.attr == expr`, pins the attribute to (None: no pin
    of the three kinds)."""
    match expr:
        case ir.IntE(value=value):
            return _Pin("is", value)
        case ir.AttrE(obj=ir.VarE(name=name), attr=other) if other == attr:
            return _Pin("plus", name)
        case ir.ArithE(
            op="+" | "-" as op, left=ir.AttrE(obj=ir.VarE(name=name), attr=other), right=right
        ) if other == attr:
            sign = 1 if op == "+" else -1
            match right:
                case ir.IntE(value=k):
                    return _Pin("plus", name, sign * k)
                case ir.VarE(name=number):
                    return _Pin("times", name, sign, number)
                case ir.ArithE(op="*", left=ir.IntE(value=k), right=ir.VarE(name=number)) | (
                    ir.ArithE(op="*", left=ir.VarE(name=number), right=ir.IntE(value=k))
                ):
                    return _Pin("times", name, sign * k, number)
    return None


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
