"""IR to a Markdown page per rulebook, rendered with jinja2, for the mkdocs site.

Input is a checked `ir.Rulebook`; output is plain Markdown with a little inline HTML (so the
site builder can be swapped) that reads like a rules booklet: the overview (players, tiles,
wilds, claims, shapes), how a round is played (行牌), the options, the scoring frame, the fan
table with each condition in plain words and an example hand drawn as tile pictures, the
horse tables with their tiles as pictures, then every fan in detail; and for every rule
whether it is the source document's word or a convention. Also the diagnostics
reference, from `mjc.compiler.diagnostics.codes`. Deterministic: the same IR gives the same page.

The page sits in `rulebooks/` of the generated folder and draws tiles from `tiles/` beside it
(`mjc.compiler.site.build` writes both). The parts of the page are built in `docgen_words` (shared
with `mjc.compiler.docs.comparison`), `docgen_fans` (the scoring) and `docgen_settlement` (payments
and horses); this module puts them together.
"""

from __future__ import annotations

from typing import Any

from mjc.compiler import ir
from mjc.compiler.check import explain_listing
from mjc.compiler.diagnostics import codes
from mjc.compiler.docs.fans import _adjustments, _fan_context, _tier_context
from mjc.compiler.docs.mdtext import Md, code
from mjc.compiler.docs.pagetemplates import (
    md_cell as md_cell,
    render as render,
    render_reference as render_reference,
)
from mjc.compiler.docs.play import kong_kinds_context, play_context
from mjc.compiler.docs.points import points_context
from mjc.compiler.docs.prose import condition_words
from mjc.compiler.docs.settlement import horse_context as horse_context, payments_context
from mjc.compiler.docs.tilesvg import tile_markdown
from mjc.compiler.docs.words import (
    TILES_FOLDER as TILES_FOLDER,
    _origin,
    _provenance,
    cap_words as cap_words,
    claim_rules as claim_rules,
    inherited_badge,
    minimum_words,
    option_choices as option_choices,
    origin_badges as origin_badges,
    tile_pictures as tile_pictures,
    when_words as when_words,
    wild_context as wild_context,
)
from mjc.compiler.language import vocabulary
from mjc.runtime.tiles.tile import TEXTS

__all__ = [
    "TILES_FOLDER",
    "cap_words",
    "claim_rules",
    "generate_diagnostics_page",
    "generate_page",
    "horse_context",
    "md_cell",
    "option_choices",
    "origin_badges",
    "render",
    "render_reference",
    "tile_pictures",
    "when_words",
    "wild_context",
]


def _tile_context(book: ir.Rulebook, tiles: str) -> dict[str, Any]:
    """The tile groups of the set, and the tiles kept out of it."""
    groups = [
        {
            "name": g.name,
            "meaning": vocabulary.TILE_GROUPS.get(g.name, ("", g.name))[1],
            "pictures": Md("").join(tile_markdown(t, tiles) for t in g.tiles),
            "copies": g.copies,
            "count": len(g.tiles) * g.copies,
            "when": condition_words(g.guard, book) if g.guard is not None else "",
            "badges": origin_badges(g.provenance) if g.provenance else "",
            "provenance": _provenance(g.provenance),
        }
        for g in book.tiles.groups
    ]
    keeps = [
        {
            "pictures": Md("").join(tile_markdown(t, tiles) for t in k.tiles),
            "text": ", ".join(TEXTS[t] for t in k.tiles),
            "when": condition_words(k.guard, book) if k.guard is not None else "",
            "badges": origin_badges(k.provenance),
            "provenance": _provenance(k.provenance),
        }
        for k in book.tiles.keeps
    ]
    return {"groups": groups, "keeps": keeps}


def _scoring_rules_context(book: ir.Rulebook) -> dict[str, Any]:
    """The minimum, the rejects and the shapes of a winning hand."""
    least = book.scoring.minimum
    return {
        "minimum": (
            {
                "words": minimum_words(book),
                "badges": origin_badges(least.provenance),
                "provenance": _provenance(least.provenance),
            }
            if least is not None
            else None
        ),
        "rejects": [
            {
                "reason": r.reason,
                "condition": condition_words(r.condition, book),
                "badges": origin_badges(r.provenance),
                "provenance": _provenance(r.provenance),
            }
            for r in book.scoring.rejects
        ],
        "shapes": [
            {
                "id": s.id,
                "name": s.name or s.id,
                "meaning": (
                    condition_words(s.custom, book)
                    if s.custom is not None
                    else vocabulary.BUILTIN_SHAPES.get(s.id, "")
                ),
                "guard": condition_words(s.guard, book) if s.guard is not None else "",
                "badges": origin_badges(s.provenance),
                "provenance": _provenance(s.provenance),
            }
            for s in book.shapes
        ],
        "deal_wins": [
            {
                "id": w.id,
                "name": w.name or w.id,
                "pays": w.pays,
                "condition": condition_words(w.condition, book),
                "guard": condition_words(w.guard, book) if w.guard is not None else "",
                "badges": origin_badges(w.provenance),
                "provenance": _provenance(w.provenance),
            }
            for w in book.deal_wins
        ],
        "declares": [
            {
                "id": d.id,
                "name": d.name or d.id,
                "words": ", ".join(d.words),
                "discard_first": d.discard_first,
                "guard": condition_words(d.guard, book) if d.guard is not None else "",
                "provenance": _provenance(d.provenance),
            }
            for d in book.declares
        ],
        "exchanges": [
            {
                "id": e.id,
                "name": e.name or e.id,
                "count": e.count,
                "same_suit": e.same_suit,
                "direction": e.direction,
                "guard": condition_words(e.guard, book) if e.guard is not None else "",
                "provenance": _provenance(e.provenance),
            }
            for e in book.exchanges
        ],
    }


def _options_context(book: ir.Rulebook) -> dict[str, Any]:
    """The options, the constraints between them, the presets and the situations."""
    return {
        "options": [
            {
                "id": o.id,
                "label": o.label,
                "choices": option_choices(o),
                "default": o.default,
                "origin": _origin(o.provenance),
                "badges": origin_badges(o.provenance) + inherited_badge(o.at, book),
                "provenance": _provenance(o.provenance),
            }
            for o in book.options
        ],
        "constraints": [
            {
                "reason": c.reason,
                "condition": condition_words(c.condition, book),
                "badges": origin_badges(c.provenance),
                "provenance": _provenance(c.provenance),
            }
            for c in book.constraints
        ],
        "presets": [
            {
                "id": p.id,
                "label": p.label,
                "settings": Md(", ").join(
                    Md("{} = {}").format(code(k), code(v)) for k, v in p.settings
                ),
                "badges": origin_badges(p.provenance),
                "provenance": _provenance(p.provenance),
            }
            for p in book.presets
        ],
        "situations": [_situation(f, book) for f in (*book.builtin_situations, *book.situations)],
    }


def _situation(flag: ir.SituationFlag, book: ir.Rulebook) -> dict[str, Any]:
    """A situation with what it presumes (in words, as written, and why) and the situations
    it excludes, by their names."""
    labels = {f.id: f.label for f in (*book.builtin_situations, *book.situations)}
    return {
        "id": flag.id,
        "label": flag.label,
        "builtin": flag.builtin,
        "presumes": [
            {
                "words": condition_words(p.condition, book),
                "text": code(p.text),
                "because": Md("{}").format(p.because) if p.because else Md(""),
            }
            for p in flag.presumes
        ],
        "excludes": Md(", ").join(
            Md("{} ({})").format(labels.get(other, other), code(other)) for other in flag.excludes
        ),
        "badges": origin_badges(flag.provenance),
        "provenance": _provenance(flag.provenance),
    }


def generate_page(book: ir.Rulebook) -> str:
    """The rulebook's page (`rulebooks/<id>.md`): a rules booklet generated from the IR."""
    tiles = f"../{TILES_FOLDER}"
    context = {
        "book": book,
        "parent": book.extends,
        **_tile_context(book, tiles),
        "wilds": wild_context(book, tiles),
        "claims": claim_rules(book),
        "play": play_context(book),
        "kong_kinds": kong_kinds_context(book),
        "horses": horse_context(book, tiles),
        "payments": payments_context(book),
        "fans": _fan_context(book, tiles),
        "tiers": _tier_context(book),
        "adjustments": _adjustments(book),
        "fu_points": points_context(book),
        **_scoring_rules_context(book),
        **_options_context(book),
        "provenance": _provenance(book.provenance),
        "players": ", ".join(str(p) for p in book.players),
        "players_badges": origin_badges(book.players_provenance),
        "players_provenance": _provenance(book.players_provenance),
        "unit_provenance": _provenance(book.scoring.provenance),
    }
    return render("page.md.j2", **context)


def generate_diagnostics_page() -> str:
    """The diagnostics reference: every code with its meaning, an example and the fix."""
    listings = {c.code: explain_listing(c.code) for c in codes.CODES}
    return render_reference("diagnostics.md.j2", codes=codes.CODES, listings=listings)
