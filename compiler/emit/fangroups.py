"""Which group each fan of a scoring function belongs to, and the shape test that guards it.

Input is a fan's condition and count as the IR holds them (`codeplan._fan_plan` asks) and the
translator that compiled them; output is the group the fan went to by what it reads (the
winning situation only, the tile summary, chows by suit and rank, pungs and kongs by suit and
rank, the wait), how it was compiled (summary bits, board operations of
`compiler/conditions/meldboards.py`, or plain loops when no pattern matched), and the shape test it
starts with. The plan writes the group above each fan and orders fans so that those under
the same shape test stand together: `score_fans` then tests the shape once and skips the
whole run on a hand of another shape (a knitted-only test never runs on a standard hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mjc.compiler import ir
from mjc.compiler.conditions.pyexpr import PyExpr
from mjc.frozen import Frozen, frozen

SITUATION = "the winning situation only"
TILES = "the tile summary"
CHOWS = "chows by suit and rank"
PUNGS = "pungs and kongs by suit and rank"
WAIT = "the wait"

_WAIT_FACTS = frozenset(
    {"waits", "edge_wait", "closed_wait", "open_wait", "pair_wait", "winning_meld"}
)
_HAND_FACTS = frozenset(
    {"tiles", "melds", "pairs", "pair", "shape", "concealed", "wilds_substituted"}
)


def facts_read(exprs: Iterable[ir.Expr | None]) -> frozenset[str]:
    """Every fact the expressions read (a situation flag of the rulebook as `situation:`)."""
    found: set[str] = set()
    pending = [e for e in exprs if e is not None]
    while pending:
        expr = pending.pop()
        if isinstance(expr, ir.FactE):
            found.add(expr.fact)
            continue
        for name in ir.field_names(type(expr)):
            value = getattr(expr, name)
            for child in value if isinstance(value, tuple) else (value,):
                if isinstance(child, ir.Model) and not isinstance(child, ir.SourceRef):
                    pending.append(child)  # type: ignore[arg-type]
    return frozenset(found)


def group_of(facts: frozenset[str]) -> str:
    """The group of a fan that reads `facts`: the first of wait, chows, pungs and kongs, the
    tile summary that it reads, else the winning situation alone."""
    if facts & _WAIT_FACTS:
        return WAIT
    if "chows" in facts:
        return CHOWS
    if facts & {"pungs", "kongs"}:
        return PUNGS
    if facts & _HAND_FACTS:
        return TILES
    return SITUATION


# The boards of the sets an item-local part accepts (`compiler/conditions/meldcounts.py`), by their
# kind.
_KIND = {"by": "meld", "holding": "meld"}


def how_compiled(translator: PyExpr) -> str:
    """How the translator wrote what it was given: from what it used."""
    boards = sorted({_KIND.get(name.split("_")[0], name.split("_")[0])
                     for name in translator.boards})  # fmt: skip
    kinds = " and ".join(boards)
    spill = " (a plain loop if 16 copies of a kind could be held)" if translator.spills else ""
    if boards and not translator.loops:
        return f"compiled to bit operations on the {kinds} boards{spill}"
    if boards:
        loops = "loop" if translator.loops == 1 else "loops"
        return f"{kinds} board lookups inside {translator.loops} plain {loops}{spill}"
    if translator.loops:
        return "plain loops: no pattern matched"
    if translator.summaries:
        return "bits of the tile and meld summaries"
    return "read directly"


@frozen
class Guarded(Frozen):
    """A condition split into its leading shape test and the rest (None: nothing else)."""

    guard: ir.Expr | None
    shapes: frozenset[str]
    rest: ir.Expr | None


def _shapes(expr: ir.Expr) -> frozenset[str] | None:
    """The shapes `shape == X` or `shape == X or shape == Y ...` allows (None: not such)."""
    match expr:
        case ir.CompareE(op="==", left=ir.FactE(fact="shape"), right=ir.ShapeE(shape=shape)):
            return frozenset({shape})
        case ir.CompareE(op="==", left=ir.ShapeE(shape=shape), right=ir.FactE(fact="shape")):
            return frozenset({shape})
        case ir.BoolOpE(op="or", operands=operands):
            found = [_shapes(o) for o in operands]
            if all(f is not None for f in found):
                return frozenset().union(*(f for f in found if f is not None))
    return None


def split_guard(condition: ir.Expr | None) -> Guarded:
    """The shape test a condition starts with, if any, and what it guards."""
    if condition is None:
        return Guarded(None, frozenset(), None)
    shapes = _shapes(condition)
    if shapes is not None:
        return Guarded(condition, shapes, None)
    if isinstance(condition, ir.BoolOpE) and condition.op == "and":
        first, *rest = condition.operands
        shapes = _shapes(first)
        if shapes is not None:
            remaining = rest[0] if len(rest) == 1 else ir.BoolOpE(op="and", operands=tuple(rest))
            return Guarded(first, shapes, remaining)
    return Guarded(None, frozenset(), condition)


def grouped_order(
    order: Iterable[str],
    shapes: Mapping[str, frozenset[str]],
    uses: Mapping[str, Iterable[str]],
    needs: Mapping[str, str | None] | None = None,
    least: Mapping[str, int] | None = None,
) -> list[str]:
    """`order` rearranged so that fans under the same shape test stand together, and within
    them fans of the same need (`compiler/emit/needguards.py`), each fan still after the fans it
    uses: the next fan is the first ready one under the shapes and need of the fan before
    it (of those, the first needing as many melds as it, else the first needing fewest:
    `least`), else under its shapes, else the first ready one."""
    need = needs or {}
    most = least or {}
    pending = list(order)
    done: set[str] = set()
    found: list[str] = []
    last: tuple[frozenset[str], str | None] | None = None
    last_least = 1
    while pending:
        ready = [f for f in pending if all(u in done for u in uses.get(f, ()))]
        same = [f for f in ready if need.get(f) and (shapes[f], need.get(f)) == last]
        pick = (
            next(
                (f for f in same if most.get(f, 1) == last_least),
                min(same, key=lambda f: most.get(f, 1)),
            )
            if same
            else next(
                (f for f in ready if shapes[f] and last and shapes[f] == last[0]),
                ready[0],
            )
        )
        pending.remove(pick)
        done.add(pick)
        found.append(pick)
        last = (shapes[pick], need.get(pick))
        last_least = most.get(pick, 1)
    return found
