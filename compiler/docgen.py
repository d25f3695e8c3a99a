"""IR to a Markdown page per rulebook, rendered with jinja2, for the mkdocs site.

Input is a checked `ir.Rulebook`; output is plain Markdown (so the site builder can be
swapped): the overview, the options, the scoring frame, the fan table with each condition,
value and tier, and for every rule whether it is the source document's word or a convention.
Deterministic: the same IR gives the same page.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Any

import jinja2

from compiler import codes, ir
from compiler.pretty import pretty
from compiler.tilesets import group_tiles
from runtime.tiles import tile_name_zh

_PROVENANCE_WORDS = {
    "source": "Source",
    "reference": "Reference",
    "convention": "Convention",
    "note": "Note",
}


def md_cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


@functools.cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: (
                resources.files("compiler").joinpath("templates", name).read_text(encoding="utf-8")
            )
        ),
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["cell"] = md_cell
    env.filters["pretty"] = pretty
    return env


def _provenance(items: tuple[ir.Provenance, ...]) -> list[dict[str, str]]:
    return [
        {"kind": _PROVENANCE_WORDS[p.kind], "text": p.text, "at": f"{p.at.file}:{p.at.line}"}
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


def generate_page(book: ir.Rulebook) -> str:
    tiers = {t.id: t for t in book.scoring.tiers}
    fans: list[dict[str, Any]] = []
    for fan in book.fans:
        condition = pretty(fan.condition)
        if fan.per is not None:
            per = pretty(fan.per)
            condition = f"once per: {per}" if condition == "true" else f"{condition}; per {per}"
        fans.append(
            {
                "id": fan.id,
                "name": fan.name,
                "english": fan.english or "",
                "value": fan.value,
                "tier": tiers[fan.tier].name,
                "condition": condition,
                "relations": ", ".join(
                    [f"excludes {x}" for x in fan.excludes]
                    + [f"replaces {x}" for x in fan.replaces]
                    + [f"implies {x}" for x in fan.implies]
                ),
                "examples": [e.hand for e in fan.examples if e.positive],
                "origin": _origin(fan.provenance),
                "provenance": _provenance(fan.provenance),
            }
        )
    groups = [
        {
            "name": g.name,
            "tiles": " ".join(tile_name_zh(t) for t in group_tiles(g.name)),
            "copies": g.copies,
            "count": len(g.tiles) * g.copies,
        }
        for g in book.tiles.groups
    ]
    context = {
        "book": book,
        "groups": groups,
        "fans": fans,
        "tiers": [
            {
                "id": t.id,
                "name": t.name,
                "combine": {
                    "add": "fans add up",
                    "max": "the highest fan counts alone",
                    "multiply": "fans multiply",
                }[t.combine],
                "cap": t.cap,
                "overrides": ", ".join(tiers[o].name for o in t.overrides),
                "provenance": _provenance(t.provenance),
            }
            for t in book.scoring.tiers
        ],
        "floors": [
            {
                "value": f.value,
                "condition": pretty(f.condition),
                "provenance": _provenance(f.provenance),
            }
            for f in book.scoring.floors
        ],
        "shapes": [
            {
                "id": s.id,
                "name": s.name or s.id,
                "guard": pretty(s.guard) if s.guard is not None else "",
                "provenance": _provenance(s.provenance),
            }
            for s in book.shapes
        ],
        "options": [
            {
                "id": o.id,
                "label": o.label,
                "choices": " / ".join(
                    f"`{c.id}` {c.label}" if c.label and c.label != c.id else f"`{c.id}`"
                    for c in o.choices
                )
                if o.kind == "choice"
                else ("on / off" if o.kind == "toggle" else f"{o.low}–{o.high}"),
                "default": o.default,
                "origin": _origin(o.provenance),
                "provenance": _provenance(o.provenance),
            }
            for o in book.options
        ],
        "provenance": _provenance(book.provenance),
        "players": ", ".join(str(p) for p in book.players),
    }
    return _environment().get_template("page.md.j2").render(context)


def generate_diagnostics_page() -> str:
    """The diagnostics reference: every code with its meaning, an example and the fix."""
    return _environment().get_template("diagnostics.md.j2").render(codes=codes.CODES)
