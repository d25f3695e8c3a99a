"""`extend scoring { … }`: a variant's lines added to its parent's section.

Input is the table of declarations being collected (`mjc.compiler.resolve.declarations`), which
holds the parent's sections, and one `ast.Extend`. Output is the table's section replaced by the
parent's, its lines first, with the added lines after them, as if one section held both; and the
problems found on the way:

- a setting that is given once (a scoring `unit` or `minimum`, a play rule stated without `if`,
  the payments' `unit` or `round up`, the points' `base`) or an item whose id or key the parent's
  section already has (a tier, a win shape, a kind of kong, a win at the deal, a declaration, an
  exchange, a horse table for a player count) that the added lines give again (E0124): the added
  one is left out, and the message names both places and the two ways to change the parent's:
  the section written whole, or `override` for a fan or an option;
- a section that cannot be added to (E0125): `players` is one setting, the tile set states its
  `total` (a set with tiles added needs a new total, so the section is written whole), the fu
  lines are worked out in order up to their rounding, and a fan or an option is changed with
  `override`.

A play rule given again under an `if` is no repeat: the language's rule that a later line
whose `if` holds overrides an earlier one applies to the parent's and the added lines alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from mjc.compiler.diagnostics import Diagnostic, Label, Span, error
from mjc.compiler.syntax import ast

S = TypeVar("S", bound=ast.Extendable)
Item = TypeVar("Item")


CANNOT: dict[type, tuple[str, str]] = {
    ast.Players: (
        "`players` is one setting, the player counts the variant is played at",
        "write `players …` to replace the parent's",
    ),
    ast.Tiles: (
        "the tile set states its `total`, which a set with tiles added must state anew",
        "write the whole `tiles { … }` section, with its new total",
    ),
    ast.FuSection: (
        "the fu lines are worked out in order up to their `round up`, so lines added after "
        "the parent's would come after its rounding",
        'write the whole `fu "…" { … }` section',
    ),
    ast.FanDecl: (
        "a fan is changed with `override`, which keeps every line of the parent's fan that it "
        "does not write again",
        "write `override fan …`",
    ),
    ast.OptionDecl: (
        "an option is changed with `override`",
        "write `override option …`",
    ),
}
"""Why a section cannot be added to, and what to write instead."""


def keyword(section: ast.Extendable) -> str:
    return ast.SECTION_KEYWORDS[type(section)]


def words(extend: ast.Extend) -> Span:
    """The span of `extend scoring`: the two words a diagnostic about the whole block marks."""
    start, inner = extend.span, extend.section.span
    end = inner.column + len(keyword(extend.section))
    return Span(start.file, start.line, start.column, inner.line, end)


def cannot_extend(extend: ast.Extend) -> Diagnostic | None:
    """E0125 when `extend` names a section that cannot be added to."""
    why = CANNOT.get(type(extend.section))
    if why is None:
        return None
    word = keyword(extend.section)
    return error(
        "E0125",
        f"`extend {word}`: {why[0]}",
        words(extend),
        label="cannot be added to",
        help=why[1],
    )


def merged(parent: S | None, added: S, problems: list[Diagnostic]) -> S:
    """The parent's section with the added lines after its own (the added section alone when
    the parent has none); a setting given again is reported and left out."""
    if parent is None:
        return added
    kept = _without_repeats(parent, added, problems)
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(parent):
        mine, theirs = getattr(parent, f.name), getattr(kept, f.name)
        if isinstance(mine, tuple):
            changes[f.name] = mine + theirs
        elif not f.compare:  # where a line stands (its spans), not what it says
            if f.name != "span" and mine == ast.NO_SPAN:
                changes[f.name] = theirs  # a line the parent lacks stands in the block
            continue
        elif mine is None:
            changes[f.name] = theirs
        elif theirs is not None and theirs != mine:
            # A heading the grammar makes every block restate (the points' label): the same
            # words are no change, other words would be silently dropped.
            word = keyword(added)
            what = f"its {f.name} as {theirs!r} (the parent's is {mine!r})"
            problems.append(_again(word, what, added.span.head(), parent.span.head()))
    return dataclasses.replace(parent, **changes)


def _without_repeats(
    parent: ast.Extendable, added: ast.Extendable, problems: list[Diagnostic]
) -> ast.Extendable:
    """`added` less its lines that give again what the parent's section gives once (E0124)."""
    word = keyword(added)
    match parent, added:
        case ast.Scoring(), ast.Scoring():
            return dataclasses.replace(
                added,
                units=_once(parent.units, added.units, word, "its unit", problems),
                minimums=_once(parent.minimums, added.minimums, word, "its minimum", problems),
                tiers=_by_key(parent.tiers, added.tiers, _id, word, "the tier", problems),
            )
        case ast.Play(), ast.Play():
            return dataclasses.replace(added, items=_play_items(parent, added, problems))
        case ast.Payments(), ast.Payments():
            return _payments(parent, added, problems)
        case ast.PointsSection(), ast.PointsSection():
            bases = _once(parent.bases, added.bases, word, "its `base`", problems)
            return dataclasses.replace(added, bases=bases)
        case ast.Shapes(), ast.Shapes():
            items = _by_key(parent.items, added.items, _id, word, "the win shape", problems)
            return dataclasses.replace(added, items=items)
        case ast.Kongs(), ast.Kongs():
            kinds = _by_key(parent.kinds, added.kinds, _id, word, "the kind of kong", problems)
            return dataclasses.replace(added, kinds=kinds)
        case ast.DealWins(), ast.DealWins():
            wins = _by_key(parent.items, added.items, _id, word, "the win at the deal", problems)
            return dataclasses.replace(added, items=wins)
        case ast.DeclareSection(), ast.DeclareSection():
            return dataclasses.replace(
                added,
                items=_by_key(parent.items, added.items, _id, word, "the declaration", problems),
                exchanges=_by_key(
                    parent.exchanges, added.exchanges, _id, word, "the exchange", problems
                ),
            )
        case ast.Horses(), ast.Horses():
            tables = _by_key(
                parent.tables, added.tables, _players, word, "the horse table for", problems
            )
            return dataclasses.replace(added, tables=tables)
    return added


def _id(item: Any) -> tuple[str, Span]:
    return item.id.text, item.id.span


def _players(table: ast.HorseTable) -> tuple[str, Span]:
    return f"{table.players.value} players", table.players.span


def _play_items(parent: ast.Play, added: ast.Play, problems: list[Diagnostic]) -> tuple[Any, ...]:
    """The added play lines, less those stated without `if` for a rule the parent's section
    states without `if` (a line under an `if` overrides an earlier one where it holds)."""
    unguarded = {i.keyword.text: i for i in parent.items if i.guard is None}
    kept = []
    for item in added.items:
        first = unguarded.get(item.keyword.text) if item.guard is None else None
        if first is None:
            kept.append(item)
            continue
        problems.append(
            _again(
                "play", f"`{item.keyword.text}`", item.keyword.span, first.keyword.span, guard=True
            )
        )
    return tuple(kept)


def _payments(
    parent: ast.Payments, added: ast.Payments, problems: list[Diagnostic]
) -> ast.Payments:
    changes: dict[str, Any] = {
        "rounds": _once(parent.rounds, added.rounds, "payments", "`round up`", problems),
        "transfers": _once(
            parent.transfers, added.transfers, "payments", "`kong_transfer`", problems
        ),
    }
    if parent.unit is not None and added.unit is not None:
        here, there = added.unit_span, parent.unit_span
        problems.append(_again("payments", "its unit", here, there))
        changes.update(unit=None, unit_provenance=())
    return dataclasses.replace(added, **changes)


def _once(
    parent: tuple[Any, ...],
    added: tuple[Any, ...],
    word: str,
    what: str,
    problems: list[Diagnostic],
) -> tuple[Any, ...]:
    """`added`, or nothing when the parent already gives this once-only setting."""
    if not parent or not added:
        return added
    problems.extend(_again(word, what, extra.span, parent[0].span) for extra in added)
    return ()


def _by_key(
    parent: Iterable[Item],
    added: tuple[Item, ...],
    key: Callable[[Any], tuple[str, Span]],
    word: str,
    what: str,
    problems: list[Diagnostic],
) -> tuple[Item, ...]:
    """The added items whose key the parent's section has not declared."""
    first = dict(key(item) for item in parent)
    kept = []
    for item in added:
        name, span = key(item)
        if name in first:
            problems.append(_again(word, f"{what} `{name}`", span, first[name]))
        else:
            kept.append(item)
    return tuple(kept)


def _again(word: str, what: str, here: Span, there: Span, *, guard: bool = False) -> Diagnostic:
    """E0124: the added lines of `word` give again `what` the parent's section gives."""
    help_text = (
        f"write the whole `{word} {{ … }}` section to replace the parent's"
        + (", or give the added line an `if` saying when it applies" if guard else "")
        + "; a fan or an option is changed with `override`"
    )
    return error(
        "E0124",
        f"`extend {word}` states {what} again: the parent's `{word}` section already does",
        here,
        label="given again here",
        labels=(Label(there, "the parent's"),),
        help=help_text,
    )
