"""The words, badges and small contexts that every generated page shares.

Input is a checked `ir.Rulebook` (or a part of one); output is `Md` and plain dicts for the
jinja2 templates: where a rule comes from (provenance and its badges), guards in words, the
choices of an option, a tier's caps, the scoring minimum, the wild tiles and the claims,
tiles as pictures. Used by the rulebook page (`mjc.compiler.docs.docgen` and its parts) and by
`mjc.compiler.docs.comparison`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, code, text
from mjc.compiler.docs.prose import condition_words, value_words
from mjc.compiler.docs.tilesvg import tile_markdown
from mjc.compiler.language import vocabulary
from mjc.runtime.tiles.tile import HONOUR_BASE, SUIT_OF

_PROVENANCE_WORDS = {
    "source": "Source",
    "reference": "Reference",
    "convention": "Convention",
    "note": "Note",
}

TILES_FOLDER = "tiles"
"""Where the tile pictures go, relative to the generated pages' root."""


# --------------------------------------------------------------------------- provenance


def _provenance(items: tuple[ir.Provenance, ...]) -> list[dict[str, str]]:
    return [
        {
            "kind": p.kind,
            "title": _PROVENANCE_WORDS[p.kind],
            "text": p.text,
            "at": f"{p.at.file}:{p.at.line}",
        }
        for p in items
    ]


def _origin(items: tuple[ir.Provenance, ...]) -> str:
    kinds = {p.kind for p in items}
    if "convention" in kinds and "source" in kinds:
        return "source + convention"
    if "convention" in kinds:
        return "convention"
    if "source" in kinds:
        return "source"
    if "reference" in kinds:
        return "reference"
    return "—"


def origin_badges(items: tuple[ir.Provenance, ...]) -> Md:
    """Inline badges saying where a rule comes from: the source document, a convention."""
    kinds = [k for k in ("source", "reference", "convention") if any(p.kind == k for p in items)]
    if not kinds:
        return Md('<span class="mj-badge mj-unstated">unstated</span>')
    return Md(" ".join(f'<span class="mj-badge mj-{k}">{k}</span>' for k in kinds))


def inherited_badge(at: ir.SourceRef, book: ir.Rulebook) -> Md:
    """For an item a variant keeps from its parent: where the parent says it."""
    if book.extends is None or at.file == book.source_file:
        return Md("")
    where = f"{book.extends}:{at.line}"
    return Md(' <span class="mj-badge mj-inherited">inherited from {}</span>').format(where)


def _is_true(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.BoolE) and expr.value


def option_choices(option: ir.Option) -> Md:
    if option.kind == "toggle":
        return Md("on / off")
    if option.kind == "number":
        return text(f"{option.low}–{option.high}")
    return Md(" / ").join(
        Md("{} {}").format(code(c.id), c.label) if c.label and c.label != c.id else code(c.id)
        for c in option.choices
    )


def when_words(guard: ir.Expr | None, book: ir.Rulebook) -> Md:
    """ " when <condition>" for a guarded rule, or nothing."""
    if guard is None:
        return Md("")
    return Md(" when ") + condition_words(guard, book, " and ")


def cap_words(tier: ir.Tier, book: ir.Rulebook) -> Md:
    unit = book.scoring.unit
    return Md("; ").join(
        Md("{} {}").format(value, unit) + when_words(guard, book) for value, guard in tier.caps
    )


def minimum_words(book: ir.Rulebook) -> Md | None:
    """The scoring `minimum` in plain words ("8 番, not counting 花牌"), or None when the
    rulebook has none."""
    least = book.scoring.minimum
    if least is None:
        return None
    names = {fan.id: fan.name for fan in book.fans}
    words = Md("{} {}").format(value_words(least.value, book), book.scoring.unit)
    if least.without:
        fans = Md(", ").join(Md("{}").format(names[fan]) for fan in least.without)
        words += Md(", not counting {}").format(fans)
    return words


def wild_context(book: ir.Rulebook, tiles: str) -> dict[str, Any]:
    wilds = book.wilds
    modes: list[dict[str, Any]] = []
    for mode in wilds.modes:
        if mode.kind == "fixed":
            what = Md("fixed: ") + Md(" ").join(tile_markdown(t, tiles) for t in mode.tiles)
        else:
            what = text(vocabulary.INDICATOR_KINDS.get(mode.kind, mode.kind))
        modes.append(
            {
                "words": what + when_words(mode.guard, book),
                "badges": origin_badges(mode.provenance),
                "provenance": _provenance(mode.provenance),
            }
        )
    permissions = [
        {
            "words": Md("may " if p.allow else "may not ")
            + vocabulary.WILD_ACTIONS.get(p.action, p.action)
            + when_words(p.guard, book),
            "badges": origin_badges(p.provenance),
            "provenance": _provenance(p.provenance),
        }
        for p in wilds.permissions
    ]
    indicator = any(m.kind != "fixed" for m in wilds.modes)
    successors = []
    if indicator and len(wilds.successor) >= HONOUR_BASE + 7:
        # One suit stands for all three; then the honours, ring by ring.
        seen: set[int] = set()
        for first in (0, *range(HONOUR_BASE, HONOUR_BASE + 7)):
            if first in seen:
                continue
            ring = [first]
            t = wilds.successor[first]
            while t != first and t not in ring and len(ring) < 9:
                ring.append(t)
                t = wilds.successor[t]
            seen.update(ring)
            successors.append(Md(" → ").join(tile_markdown(x, tiles) for x in [*ring, t]))
    return {
        "modes": modes,
        "permissions": permissions,
        "successors": successors,
        "summary": Md("; ").join(m["words"] for m in modes) if modes else Md("none"),
        "provenance": _provenance(wilds.provenance),
    }


def claim_rules(book: ir.Rulebook) -> list[dict[str, Any]]:
    return [
        {
            "words": Md("**{}**").format(c.verb)
            + (f" ({', '.join(c.kinds)})" if c.kinds else "")
            + when_words(c.guard, book),
            "badges": origin_badges(c.provenance),
            "provenance": _provenance(c.provenance),
        }
        for c in book.claims
    ]


def tile_pictures(tiles: Iterable[int], base: str) -> Md:
    """Tiles as pictures, one group per suit (万, 筒, 条, honours, flowers)."""
    by_suit: dict[str, list[int]] = {}
    for t in sorted(tiles):
        by_suit.setdefault(SUIT_OF[t], []).append(t)
    return Md("").join(
        Md('<span class="mj-group">{}</span>').format(
            Md("").join(tile_markdown(t, base) for t in group)
        )
        for group in by_suit.values()
    )
