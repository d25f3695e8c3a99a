"""IR to the Markdown pages of the docs site, rendered with jinja2 templates.

Input is checked `ir.Rulebook`s (and, for the reference pages, the compiler's own tables:
`compiler.codes`, `compiler.vocabulary`, the CLI's argparse parser). Output is plain Markdown
with a little inline HTML (so the site builder can be swapped):

- a page per rulebook that reads like a rules booklet: the overview, the options, the scoring
  frame, the fan table with each condition in plain words and an example hand drawn as tiles,
  then every fan in detail, with whether each rule is the source document's word or a
  convention;
- the list of rulebooks, the comparison of all rulebooks side by side, and what each variant
  changes from the rulebook it extends;
- the diagnostics, CLI, builtin-words and tile-notation references.

Deterministic: the same input gives the same pages. Pages that link to each other assume the
layout `site_files` returns (rulebook pages in `rulebooks/`, tile pictures in `tiles/`).
"""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import jinja2

from compiler import codes, ir, vocabulary
from compiler.ir import json_schema
from compiler.pretty import pretty
from compiler.prose import condition_words, per_words, value_words
from compiler.tilesets import group_tiles
from compiler.tilesvg import all_tile_files, hand_markdown, tile_label, tile_markdown
from runtime.tiles import NUM_TILES, tile_name_en, tile_name_zh, tile_text

_PROVENANCE_WORDS = {
    "source": "Source",
    "reference": "Reference",
    "convention": "Convention",
    "note": "Note",
}

_COMBINE_WORDS = {
    "add": "the fans add up",
    "max": "only the highest fan counts",
    "multiply": "the fans multiply",
}

_SITUATION_WORDS = {
    "self_drawn": "self-drawn",
    "dealer": "by the dealer",
    "kong_bloom": "on a kong replacement tile",
    "robbing_kong": "robbing a kong",
    "last_tile": "on the last tile",
    "heavenly": "天胡",
    "earthly": "地胡",
    "human": "人胡",
    "triple_win": "one of three winners",
}
_WIND_WORDS = {"E": "东 East", "S": "南 South", "W": "西 West", "N": "北 North"}

TILES_FOLDER = "tiles"
"""Where the tile pictures go, relative to the generated pages' root."""


def md_cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _indent(text: str, width: int = 4) -> str:
    return "\n".join((" " * width + line) if line else "" for line in text.splitlines())


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
    env.filters["block"] = _indent
    env.filters["sentence"] = lambda text: text[:1].upper() + text[1:]
    return env


def _render(template: str, **context: Any) -> str:
    return _environment().get_template(template).render(context)


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


def origin_badges(items: tuple[ir.Provenance, ...]) -> str:
    """Inline badges saying where a rule comes from: the source document, a convention."""
    kinds = [k for k in ("source", "reference", "convention") if any(p.kind == k for p in items)]
    if not kinds:
        return '<span class="mj-badge mj-unstated">unstated</span>'
    return " ".join(f'<span class="mj-badge mj-{k}">{k}</span>' for k in kinds)


# --------------------------------------------------------------------------- the rulebook page


def _situation_text(example: ir.Example) -> str:
    words: list[str] = []
    for name, value in example.situation:
        if name in ("seat_wind", "round_wind"):
            words.append(f"{name.replace('_', ' ')} {_WIND_WORDS.get(value, value)}")
        elif name == "players":
            words.append(f"{value} players")
        elif name in _SITUATION_WORDS:
            words.append(_SITUATION_WORDS[name])
        else:
            words.append(f"option `{name}` = `{value}`" if value else f"option `{name}`")
    return ", ".join(words)


def _example(example: ir.Example, tiles: str) -> dict[str, Any]:
    return {
        "hand": example.hand,
        "picture": hand_markdown(example.hand, tiles, example.win),
        "win": example.win or "",
        "situation": _situation_text(example),
    }


def _fan_context(book: ir.Rulebook, tiles: str) -> list[dict[str, Any]]:
    tiers = {t.id: t for t in book.scoring.tiers}
    names = {f.id: f.name for f in book.fans}
    fans: list[dict[str, Any]] = []
    for fan in book.fans:
        words = condition_words(fan.condition, book)
        if fan.per is not None:
            times = per_words(fan.per, book)
            words = times if words == "any winning hand" else f"{words}; {times}"
        code = [f"when {pretty(fan.condition)}"] if not _is_true(fan.condition) else []
        if fan.per is not None:
            code.append(f"per {pretty(fan.per)}")
        relations = (
            [("replaces", r, f"when {fan.name} counts, {names[r]} does not") for r in fan.replaces]
            + [("excludes", r, f"{names[r]} does not count with it") for r in fan.excludes]
            + [("implies", r, f"it always comes with {names[r]}") for r in fan.implies]
        )
        examples = [_example(e, tiles) for e in fan.examples if e.positive]
        values = "; ".join(
            f"{value} {book.scoring.unit}{_when(guard, book)}" for value, guard in fan.values
        )
        fans.append(
            {
                "id": fan.id,
                "name": fan.name,
                "english": fan.english or "",
                "value": fan.value,
                "value_note": values,
                "tier": tiers[fan.tier].name,
                "tier_id": fan.tier,
                "condition": words,
                "code": code,
                "relations": [
                    {"kind": kind, "id": target, "name": names[target], "words": text}
                    for kind, target, text in relations
                ],
                "examples": examples,
                "counterexamples": [_example(e, tiles) for e in fan.examples if not e.positive],
                "picture": examples[0]["picture"] if examples else "",
                "origin": _origin(fan.provenance),
                "badges": origin_badges(fan.provenance),
                "provenance": _provenance(fan.provenance),
            }
        )
    return fans


def _is_true(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.BoolE) and expr.value


def _option_choices(option: ir.Option) -> str:
    if option.kind == "toggle":
        return "on / off"
    if option.kind == "number":
        return f"{option.low}–{option.high}"
    return " / ".join(
        f"`{c.id}` {c.label}" if c.label and c.label != c.id else f"`{c.id}`"
        for c in option.choices
    )


def _when(guard: ir.Expr | None, book: ir.Rulebook) -> str:
    """" when <condition>" for a guarded rule, or nothing."""
    return f" when {condition_words(guard, book)}" if guard is not None else ""


def _cap_words(tier: ir.Tier, book: ir.Rulebook) -> str:
    unit = book.scoring.unit
    return "; ".join(f"{value} {unit}{_when(guard, book)}" for value, guard in tier.caps)


_ADJUSTMENT_WORDS = {
    "floor": "At least **{value}**{when}",
    "multiply": "Multiplied by **{value}**{when}",
    "ceiling": "At most **{value}**{when}",
    "fix": "Exactly **{value}**{when}",
}


def _adjustments(book: ir.Rulebook) -> list[dict[str, Any]]:
    out = []
    for a in book.scoring.adjustments:
        value = value_words(a.value, book)
        unit = "" if a.kind == "multiply" else f" {book.scoring.unit}"
        out.append(
            {
                "kind": a.kind,
                "words": _ADJUSTMENT_WORDS[a.kind].format(
                    value=f"{value}{unit}", when=_when(a.condition, book)
                ),
                "badges": origin_badges(a.provenance),
                "provenance": _provenance(a.provenance),
            }
        )
    return out


def _wild_context(book: ir.Rulebook, tiles: str) -> dict[str, Any]:
    wilds = book.wilds
    modes = []
    for mode in wilds.modes:
        if mode.kind == "fixed":
            what = "fixed: " + " ".join(tile_markdown(t, tiles) for t in mode.tiles)
        else:
            what = vocabulary.INDICATOR_KINDS.get(mode.kind, mode.kind)
        modes.append(
            {
                "words": what + _when(mode.guard, book),
                "badges": origin_badges(mode.provenance),
                "provenance": _provenance(mode.provenance),
            }
        )
    permissions = [
        {
            "words": ("may " if p.allow else "may not ")
            + vocabulary.WILD_ACTIONS.get(p.action, p.action)
            + _when(p.guard, book),
            "badges": origin_badges(p.provenance),
            "provenance": _provenance(p.provenance),
        }
        for p in wilds.permissions
    ]
    indicator = any(m.kind != "fixed" for m in wilds.modes)
    successors = []
    if indicator:
        for first in (0, 27, 31):
            t = first
            ring = [t]
            while (t := wilds.successor[t]) != first and len(ring) < 10:
                ring.append(t)
            successors.append(" → ".join(tile_markdown(x, tiles) for x in [*ring, first]))
    return {
        "modes": modes,
        "permissions": permissions,
        "successors": successors,
        "summary": "; ".join(m["words"] for m in modes) if modes else "none",
        "provenance": _provenance(wilds.provenance),
    }


def _claims(book: ir.Rulebook) -> list[dict[str, Any]]:
    return [
        {
            "words": f"**{c.verb}**"
            + (f" ({', '.join(c.kinds)})" if c.kinds else "")
            + _when(c.guard, book),
            "badges": origin_badges(c.provenance),
            "provenance": _provenance(c.provenance),
        }
        for c in book.claims
    ]


def generate_page(book: ir.Rulebook) -> str:
    """The rulebook's page (`rulebooks/<id>.md`): a rules booklet generated from the IR."""
    tiles = f"../{TILES_FOLDER}"
    tiers = {t.id: t for t in book.scoring.tiers}
    groups = [
        {
            "name": g.name,
            "meaning": vocabulary.TILE_GROUPS.get(g.name, ("", g.name))[1],
            "pictures": "".join(tile_markdown(t, tiles) for t in g.tiles),
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
            "pictures": "".join(tile_markdown(t, tiles) for t in k.tiles),
            "when": condition_words(k.guard, book) if k.guard is not None else "",
            "badges": origin_badges(k.provenance),
            "provenance": _provenance(k.provenance),
        }
        for k in book.tiles.keeps
    ]
    context = {
        "book": book,
        "parent": book.extends,
        "groups": groups,
        "keeps": keeps,
        "wilds": _wild_context(book, tiles),
        "claims": _claims(book),
        "fans": _fan_context(book, tiles),
        "tiers": [
            {
                "id": t.id,
                "name": t.name,
                "combine": _COMBINE_WORDS[t.combine],
                "cap": _cap_words(t, book),
                "overrides": ", ".join(tiers[o].name for o in t.overrides),
                "badges": origin_badges(t.provenance),
                "provenance": _provenance(t.provenance),
                "fans": [f.name for f in book.fans if f.tier == t.id],
            }
            for t in book.scoring.tiers
        ],
        "adjustments": _adjustments(book),
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
        "options": [
            {
                "id": o.id,
                "label": o.label,
                "choices": _option_choices(o),
                "default": o.default,
                "origin": _origin(o.provenance),
                "badges": origin_badges(o.provenance),
                "provenance": _provenance(o.provenance),
            }
            for o in book.options
        ],
        "provenance": _provenance(book.provenance),
        "players": ", ".join(str(p) for p in book.players),
        "players_badges": origin_badges(book.players_provenance),
        "players_provenance": _provenance(book.players_provenance),
        "unit_provenance": _provenance(book.scoring.provenance),
    }
    return _render("page.md.j2", **context)


# --------------------------------------------------------------------------- all rulebooks


def _summary(book: ir.Rulebook) -> dict[str, Any]:
    return {
        "id": book.id,
        "title": book.title,
        "english": book.english or "",
        "players": ", ".join(str(p) for p in book.players),
        "tiles": book.tiles.total,
        "fans": len(book.fans),
        "options": len(book.options),
        "unit": book.scoring.unit,
    }


def generate_rulebooks_index(books: Sequence[ir.Rulebook]) -> str:
    """The list of rulebooks (`rulebooks/index.md`), linking each page."""
    return _render("rulebooks.md.j2", books=[_summary(b) for b in books], link="", snippet=False)


def generate_rulebooks_snippet(books: Sequence[ir.Rulebook], link: str) -> str:
    """The same list as a table to include in a hand-written page; `link` is the folder of
    the rulebook pages relative to that page."""
    return _render("rulebooks.md.j2", books=[_summary(b) for b in books], link=link, snippet=True)


def _tier_words(tier: ir.Tier, book: ir.Rulebook) -> str:
    cap = f", cap {_cap_words(tier, book)}" if tier.caps else ""
    over = f", overrides {', '.join(tier.overrides)}" if tier.overrides else ""
    return f"{tier.name} (`{tier.id}`): {tier.combine}{cap}{over}"


def _adjustment_line(adjustment: ir.Adjustment, book: ir.Rulebook) -> str:
    return f"{adjustment.kind} {value_words(adjustment.value, book)}" + _when(
        adjustment.condition, book
    )


def generate_comparison_page(books: Sequence[ir.Rulebook]) -> str:
    """Every rulebook side by side (`comparison.md`): players, tiles, shapes, options, fan
    count, tiers, caps and floors, and which fans each has, matched by Chinese name."""
    rows: list[tuple[str, list[str]]] = [
        ("中文", [b.title for b in books]),
        ("English", [b.english or "—" for b in books]),
        ("Players", [", ".join(str(p) for p in b.players) for b in books]),
        ("Tiles", [str(b.tiles.total) for b in books]),
        (
            "Tile groups",
            [", ".join(f"{g.name} ×{g.copies}" for g in b.tiles.groups) for b in books],
        ),
        ("Extends", [b.extends or "—" for b in books]),
        ("Wild tiles", [_wild_context(b, f"../{TILES_FOLDER}")["summary"] for b in books]),
        ("Claims", ["<br>".join(c["words"] for c in _claims(b)) or "—" for b in books]),
        (
            "Win shapes",
            [
                ", ".join(
                    (s.name or s.id) + (" (option)" if s.guard is not None else "")
                    for s in b.shapes
                )
                for b in books
            ],
        ),
        (
            "Options",
            [
                ", ".join(f"{o.label} (`{o.id}`, default `{o.default}`)" for o in b.options)
                or "none"
                for b in books
            ],
        ),
        ("Unit", [b.scoring.unit for b in books]),
        ("Tiers", ["<br>".join(_tier_words(t, b) for t in b.scoring.tiers) for b in books]),
        (
            "Floors, multipliers, ceilings",
            [
                "<br>".join(_adjustment_line(a, b) for a in b.scoring.adjustments) or "none"
                for b in books
            ],
        ),
        (
            "Not a win when",
            [
                "<br>".join(
                    f"{condition_words(r.condition, b)} ({r.reason})" for r in b.scoring.rejects
                )
                or "—"
                for b in books
            ],
        ),
        ("Fans", [str(len(b.fans)) for b in books]),
        (
            "Highest fan",
            [str(max((f.value for f in b.fans), default=0)) for b in books],
        ),
    ]
    names: dict[str, str] = {}
    for book in books:
        for fan in book.fans:
            names.setdefault(fan.name, fan.english or "")
    fan_rows = []
    for name, english in names.items():
        cells = []
        for book in books:
            tiers = {t.id: t.name for t in book.scoring.tiers}
            found = [f for f in book.fans if f.name == name]
            cells.append(
                "<br>".join(
                    f"[{f.value}]({_page_link(book.id)}#{f.id}) {tiers[f.tier]}" for f in found
                )
                or "—"
            )
        fan_rows.append({"name": name, "english": english, "cells": cells})
    return _render(
        "comparison.md.j2",
        books=[_summary(b) for b in books],
        rows=rows,
        fan_rows=fan_rows,
        link=_page_link,
    )


def _page_link(book_id: str) -> str:
    return f"rulebooks/{book_id}.md"


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between a variant and its parent: `what` changed (a section and an
    item), and how, in words."""

    section: str
    what: str
    change: str


def variant_changes(parent: ir.Rulebook, child: ir.Rulebook) -> list[Change]:
    """Everything `child` changes from `parent`, section by section (an empty list when the
    two say the same)."""
    out: list[Change] = []

    def differ(section: str, what: str, old: object, new: object) -> None:
        if old != new:
            out.append(Change(section, what, f"{_show(old)} → {_show(new)}"))

    for field in ("title", "english", "version"):
        differ("Header", field, getattr(parent, field), getattr(child, field))
    differ("Players", "counts", parent.players, child.players)
    _diff_lists(out, "Tiles", _tile_lines(parent.tiles), _tile_lines(child.tiles))
    differ("Tiles", "total", parent.tiles.total, child.tiles.total)
    _diff_items(
        out,
        "Win shapes",
        {s.id: _shape_facts(s) for s in parent.shapes},
        {s.id: _shape_facts(s) for s in child.shapes},
    )
    _diff_items(
        out,
        "Options",
        {o.id: _option_facts(o) for o in parent.options},
        {o.id: _option_facts(o) for o in child.options},
    )
    differ("Scoring", "unit", parent.scoring.unit, child.scoring.unit)
    _diff_items(
        out,
        "Tiers",
        {t.id: _tier_facts(t) for t in parent.scoring.tiers},
        {t.id: _tier_facts(t) for t in child.scoring.tiers},
    )
    _diff_lists(
        out, "Scoring", [_adjustment_code(a) for a in parent.scoring.adjustments],
        [_adjustment_code(a) for a in child.scoring.adjustments],
    )
    _diff_lists(
        out, "Scoring", [f"reject {r.reason!r} when {pretty(r.condition)}" for r in
                         parent.scoring.rejects],
        [f"reject {r.reason!r} when {pretty(r.condition)}" for r in child.scoring.rejects],
    )
    _diff_lists(
        out, "Wilds", _wild_lines(parent.wilds), _wild_lines(child.wilds)
    )
    _diff_lists(
        out, "Claims", [_claim_code(c) for c in parent.claims],
        [_claim_code(c) for c in child.claims],
    )
    _diff_items(
        out,
        "Fans",
        {f.id: _fan_facts(f) for f in parent.fans},
        {f.id: _fan_facts(f) for f in child.fans},
    )
    return out


def _code(expr: ir.Expr | None) -> str | None:
    return pretty(expr) if expr is not None else None


def _if(guard: ir.Expr | None) -> str:
    return f" if {pretty(guard)}" if guard is not None else ""


def _adjustment_code(adjustment: ir.Adjustment) -> str:
    when = f" when {pretty(adjustment.condition)}" if adjustment.condition is not None else ""
    return f"{adjustment.kind} {pretty(adjustment.value)}{when}"


def _claim_code(claim: ir.ClaimRule) -> str:
    return ", ".join((claim.verb, *claim.kinds)) + _if(claim.guard)


def _tile_lines(tiles: ir.TileSet) -> list[str]:
    return [f"{g.name} copies {g.copies}{_if(g.guard)}" for g in tiles.groups] + [
        "keep " + ", ".join(tile_text(t) for t in k.tiles) + _if(k.guard) for k in tiles.keeps
    ]


def _wild_lines(wilds: ir.Wilds) -> list[str]:
    lines = []
    for mode in wilds.modes:
        if mode.kind == "fixed":
            lines.append("fixed " + ", ".join(tile_text(t) for t in mode.tiles) + _if(mode.guard))
        else:
            lines.append(f"indicator {mode.kind}{_if(mode.guard)}")
    lines += [
        f"{'allow' if p.allow else 'forbid'} {p.action}{_if(p.guard)}" for p in wilds.permissions
    ]
    if any(m.kind != "fixed" for m in wilds.modes):
        lines.append("successors " + " ".join(tile_text(t) for t in wilds.successor))
    return lines


def _diff_lists(out: list[Change], section: str, old: list[str], new: list[str]) -> None:
    """Rules without an id: each line the child adds or drops."""
    out.extend(Change(section, line, "added") for line in new if line not in old)
    out.extend(Change(section, line, "removed") for line in old if line not in new)


def _shape_facts(shape: ir.Shape) -> dict[str, object]:
    return {"name": shape.name, "guard": _code(shape.guard), "custom": _code(shape.custom)}


def _option_facts(option: ir.Option) -> dict[str, object]:
    return {
        "label": option.label,
        "kind": option.kind,
        "choices": _option_choices(option),
        "default": option.default,
    }


def _tier_facts(tier: ir.Tier) -> dict[str, object]:
    return {
        "name": tier.name,
        "combine": tier.combine,
        "caps": "; ".join(f"{value}{_if(guard)}" for value, guard in tier.caps),
        "overrides": ", ".join(tier.overrides),
    }


def _fan_facts(fan: ir.Fan) -> dict[str, object]:
    return {
        "name": fan.name,
        "english": fan.english,
        "value": fan.value,
        "values": "; ".join(f"{value} if {pretty(guard)}" for value, guard in fan.values),
        "tier": fan.tier,
        "condition": pretty(fan.condition),
        "per": _code(fan.per),
        "excludes": ", ".join(fan.excludes),
        "implies": ", ".join(fan.implies),
        "replaces": ", ".join(fan.replaces),
    }


def _diff_items(
    out: list[Change],
    section: str,
    old: Mapping[str, Mapping[str, object]],
    new: Mapping[str, Mapping[str, object]],
) -> None:
    for key, facts in new.items():
        if key not in old:
            out.append(Change(section, key, "added"))
            continue
        for field, value in facts.items():
            if old[key].get(field) != value:
                out.append(
                    Change(section, key, f"{field}: {_show(old[key].get(field))} → {_show(value)}")
                )
    for key in old:
        if key not in new:
            out.append(Change(section, key, "removed"))


def _show(value: object) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} ×{v}" for k, v in value.items())
    return f"`{value}`" if isinstance(value, str) and " " not in value else str(value)


def generate_variants_page(
    books: Sequence[ir.Rulebook], parents: Mapping[str, str] | None = None
) -> str:
    """What each variant changes from its parent (`variants.md`). `parents` maps a rulebook id
    to the id it extends; by default it is read from the IR."""
    by_id = {b.id: b for b in books}
    if parents is None:
        parents = {b.id: b.extends for b in books if b.extends}
    variants = []
    for book in books:
        parent_id = parents.get(book.id)
        if parent_id is None:
            continue
        parent = by_id.get(parent_id)
        variants.append(
            {
                "book": _summary(book),
                "parent": _summary(parent) if parent is not None else {"id": parent_id},
                "bundled": parent is not None,
                "changes": [
                    {"section": c.section, "what": c.what, "change": c.change}
                    for c in (variant_changes(parent, book) if parent is not None else [])
                ],
            }
        )
    return _render("variants.md.j2", variants=variants, link=_page_link)


# --------------------------------------------------------------------------- references


def generate_diagnostics_page() -> str:
    """The diagnostics reference: every code with its meaning, an example and the fix."""
    return _render("diagnostics.md.j2", codes=codes.CODES)


def generate_words_snippet() -> str:
    """The builtin words of conditions, as tables, from `compiler.vocabulary`: included in
    the language reference so that it can never drift from what the type checker accepts."""

    def rows(table: Mapping[str, vocabulary.Word]) -> list[dict[str, str]]:
        return [
            {"name": n, "type": vocabulary.describe(w.type), "meaning": w.meaning}
            for n, w in table.items()
        ]

    functions = [
        {
            "name": name,
            "takes": " or ".join(
                ", ".join(vocabulary.describe(t) for t in overload) for overload in f.overloads
            ),
            "result": vocabulary.describe(f.result),
            "meaning": f.meaning,
        }
        for name, f in vocabulary.FUNCTIONS.items()
    ]
    return _render(
        "words.md.j2",
        arrangement=rows(vocabulary.ARRANGEMENT_FACTS),
        situation=rows(vocabulary.SITUATION_FACTS),
        tile_attributes=rows(vocabulary.TILE_ATTRIBUTES),
        meld_attributes=rows(vocabulary.MELD_ATTRIBUTES),
        functions=functions,
        suits=vocabulary.SUIT_CONSTANTS,
        tile_lists=vocabulary.TILE_LIST_CONSTANTS,
        shapes=vocabulary.BUILTIN_SHAPES,
        groups=vocabulary.TILE_GROUPS,
        settings=vocabulary.EXAMPLE_SETTINGS,
    )


def generate_tiles_page() -> str:
    """The tile notation (`reference/tiles.md`): every tile's picture, notation and names,
    and a few hands drawn the way rulebook pages draw them."""
    tiles = f"../{TILES_FOLDER}"
    suits = []
    for letter, name in (
        ("m", "万 characters"),
        ("p", "筒 dots"),
        ("s", "条 bamboo"),
        ("z", "字 honours"),
        ("f", "花 flowers and seasons"),
    ):
        suits.append(
            {
                "letter": letter,
                "name": name,
                "tiles": [
                    {
                        "text": tile_text(t),
                        "picture": tile_markdown(t, tiles),
                        "zh": tile_name_zh(t),
                        "en": tile_name_en(t),
                    }
                    for t in range(NUM_TILES)
                    if tile_text(t).endswith(letter)
                ],
            }
        )
    hands = [
        ("234m567p11z55s [888s] (9999m)", None),
        ("123m456p789s345s22z", "3s"),
        ("19m19p19s12345677z", None),
    ]
    return _render(
        "tiles.md.j2",
        suits=suits,
        hands=[
            {"hand": h, "win": w or "", "picture": hand_markdown(h, tiles, w)} for h, w in hands
        ],
    )


@dataclass(frozen=True, slots=True)
class _Argument:
    names: str
    meaning: str
    default: str


def _arguments(parser: argparse.ArgumentParser) -> list[_Argument]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction | argparse._HelpAction):
            continue
        if action.option_strings:
            metavar = action.metavar or (action.dest.upper() if action.nargs != 0 else "")
            if action.choices is not None and not action.metavar:
                metavar = "{" + ",".join(str(c) for c in action.choices) + "}"
            names = ", ".join(f"`{o}`" for o in action.option_strings)
            if metavar and action.nargs != 0:
                names += f" `{metavar}`"
        else:
            names = f"`{action.metavar or action.dest}`"
        extra = []
        if action.nargs in ("*", "+") or isinstance(action, argparse._AppendAction):
            extra.append("repeatable" if action.option_strings else "one or more")
        default = action.default
        shown = (
            ""
            if default in (None, False, [], argparse.SUPPRESS) or action.nargs == 0
            else f"`{default}`"
        )
        meaning = action.help or ""
        if action.choices is not None and action.metavar:
            meaning += f" (one of {', '.join(str(c) for c in action.choices)})"
        if extra and action.option_strings:
            meaning += f" ({extra[0]})"
        found.append(_Argument(names, meaning, shown))
    return found


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=88)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def generate_cli_page(parser: argparse.ArgumentParser) -> str:
    """The CLI reference, read from the CLI's own argparse parser (`compiler.cli`)."""
    commands = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {a.dest: a.help or "" for a in action._choices_actions}
        for name, sub in action.choices.items():
            commands.append(
                {
                    "name": name,
                    "help": helps.get(name, ""),
                    "description": sub.description or "",
                    "usage": _usage(sub),
                    "arguments": _arguments(sub),
                }
            )
    return _render(
        "cli.md.j2",
        description=parser.description or "",
        usage=_usage(parser),
        arguments=_arguments(parser),
        commands=commands,
    )


# --------------------------------------------------------------------------- the whole set


def site_files(
    books: Sequence[ir.Rulebook], parser: argparse.ArgumentParser
) -> dict[str, str]:
    """Every generated file of the docs site by path relative to the generated folder:
    the pages `mjc build` writes (rulebooks, diagnostics), the site-wide pages, the
    snippets hand-written pages include, and the tile pictures."""
    files: dict[str, str] = {}
    for book in books:
        files[f"rulebooks/{book.id}.md"] = generate_page(book)
    files["rulebooks/index.md"] = generate_rulebooks_index(books)
    files["comparison.md"] = generate_comparison_page(books)
    files["variants.md"] = generate_variants_page(books)
    files["reference/diagnostics.md"] = generate_diagnostics_page()
    files["reference/ir.schema.json"] = json.dumps(json_schema(), ensure_ascii=False, indent=2) + "\n"
    files["reference/cli.md"] = generate_cli_page(parser)
    files["reference/tiles.md"] = generate_tiles_page()
    files["snippets/words.md"] = generate_words_snippet()
    files["snippets/rulebooks.md"] = generate_rulebooks_snippet(books, "generated/rulebooks/")
    for name, svg in all_tile_files().items():
        files[f"{TILES_FOLDER}/{name}"] = svg
    return files


def tile_alts(tiles: Iterable[int]) -> list[str]:
    """The alt texts of tiles, as the pages write them (for tests and checks)."""
    return [tile_label(t) for t in tiles]
