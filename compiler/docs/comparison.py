"""Pages about all the bundled rulebooks together, generated from their IR.

Input is the checked `ir.Rulebook` of every bundled rulebook. Output is Markdown: the list of
rulebooks (a page, and a snippet for the home page), the comparison of all rulebooks side by
side (players, tiles, wilds, claims, play, shapes, options, tiers, caps, adjustments, and which fans
each has by Chinese name), and for each rulebook that `extends` another, what it changes from
its parent — section by section, so the page fills in as variants are added.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mjc.compiler import ir
from mjc.compiler.docs.docgen import (
    TILES_FOLDER,
    cap_words,
    claim_rules,
    option_choices,
    when_words,
    wild_context,
)
from mjc.compiler.docs.mdtext import Md, anchor, code, text
from mjc.compiler.docs.pagetemplates import render
from mjc.compiler.docs.play import rule_words
from mjc.compiler.docs.prose import condition_words, value_words
from mjc.compiler.docs.words import minimum_words
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language.vocabulary_play import PLAY_PARTS
from mjc.runtime.tiles.tile import tile_text

__all__ = [
    "Change",
    "generate_comparison_page",
    "generate_rulebooks_index",
    "generate_rulebooks_snippet",
    "generate_variants_page",
    "variant_changes",
]


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
    return render("rulebooks.md.j2", books=[_summary(b) for b in books], link="", snippet=False)


def generate_rulebooks_snippet(books: Sequence[ir.Rulebook], link: str) -> str:
    """The same list as a table to include in a hand-written page; `link` is the folder of
    the rulebook pages relative to that page."""
    return render("rulebooks.md.j2", books=[_summary(b) for b in books], link=link, snippet=True)


def _tier_words(tier: ir.Tier, book: ir.Rulebook) -> Md:
    cap = Md(", cap ") + cap_words(tier, book) if tier.caps else ""
    over = f", overrides {', '.join(tier.overrides)}" if tier.overrides else ""
    return Md("{} ({}): {}{}{}").format(tier.name, code(tier.id), tier.combine, cap, over)


def _adjustment_line(adjustment: ir.Adjustment, book: ir.Rulebook) -> Md:
    return Md("{} {}").format(adjustment.kind, value_words(adjustment.value, book)) + when_words(
        adjustment.condition, book
    )


def generate_comparison_page(books: Sequence[ir.Rulebook]) -> str:
    """Every rulebook side by side (`comparison.md`): players, tiles, shapes, options, fan
    count, tiers, caps and floors, and which fans each has, matched by Chinese name."""
    return render(
        "comparison.md.j2",
        books=[_summary(b) for b in books],
        rows=_overview_rows(books) + _scoring_rows(books),
        fan_rows=_fan_rows(books),
        link=_page_link,
    )


def _items(items: Sequence[object], empty: str = "—") -> Md:
    """A cell of several things: one is shown as it is, two or more as a list (a `<ul>` in
    the table cell, since a Markdown list cannot stand there), so a long cell wraps one thing
    per line instead of running on as a comma-separated line."""
    shown = [text(item) for item in items]
    if not shown:
        return text(empty)
    if len(shown) == 1:
        return shown[0]
    return (
        Md('<ul class="mj-list">')
        + Md("").join(Md("<li>{}</li>").format(item) for item in shown)
        + Md("</ul>")
    )


def _overview_rows(books: Sequence[ir.Rulebook]) -> list[tuple[str, list[Md | str]]]:
    """The rows about the table: players, tiles, wilds, claims, shapes, options, situations."""
    return [
        ("English", [b.english or "—" for b in books]),
        ("Players", [", ".join(str(p) for p in b.players) for b in books]),
        ("Tiles", [str(b.tiles.total) for b in books]),
        ("Tile groups", [_items([f"{g.name} ×{g.copies}" for g in b.tiles.groups]) for b in books]),
        ("Extends", [b.extends or "—" for b in books]),
        ("Wild tiles", [wild_context(b, TILES_FOLDER)["summary"] for b in books]),
        ("Claims", [_items([c["words"] for c in claim_rules(b)]) for b in books]),
        *_play_rows(books),
        (
            "Win shapes",
            [
                _items([(s.name or s.id) + (" (option)" if s.guard else "") for s in b.shapes])
                for b in books
            ],
        ),
        ("Options", [_items([o.label for o in b.options], "none") for b in books]),
        (
            "Presets",
            [_items([Md("{} ({})").format(p.label, code(p.id)) for p in b.presets]) for b in books],
        ),
        (
            "Own situations",
            [
                _items([Md("{} ({})").format(f.label, code(f.id)) for f in b.situations])
                for b in books
            ],
        ),
    ]


def _scoring_rows(books: Sequence[ir.Rulebook]) -> list[tuple[str, list[Md | str]]]:
    """The rows about scoring: unit, tiers, adjustments, rejects, the number of fans."""
    return [
        ("Unit", [b.scoring.unit for b in books]),
        ("Tiers", [_items([_tier_words(t, b) for t in b.scoring.tiers]) for b in books]),
        (
            "Floors, multipliers, ceilings",
            [
                _items([_adjustment_line(a, b) for a in b.scoring.adjustments], "none")
                for b in books
            ],
        ),
        (
            "Not a win when",
            [
                _items(
                    [
                        Md("{} ({})").format(condition_words(r.condition, b), r.reason)
                        for r in b.scoring.rejects
                    ]
                    + [
                        Md("worth less than {}").format(words)
                        for words in [minimum_words(b)]
                        if words is not None
                    ]
                )
                for b in books
            ],
        ),
        ("Fans", [str(len(b.fans)) for b in books]),
        (
            "Highest fan",
            [str(max((f.value for f in b.fans), default=0)) for b in books],
        ),
    ]


def _fan_rows(books: Sequence[ir.Rulebook]) -> list[dict[str, Any]]:
    """One row per fan name (the Chinese name matches fans across rulebooks): where each has it."""
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
                _items(
                    [
                        Md("[{}]({}#{}) {}").format(
                            f.value, _page_link(book.id), anchor(f.id), tiers[f.tier]
                        )
                        for f in found
                    ]
                )
            )
        fan_rows.append({"name": name, "english": english, "cells": cells})
    return fan_rows


def _page_link(book_id: str) -> Md:
    return Md(f"rulebooks/{anchor(book_id)}.md")


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between a variant and its parent: `what` changed (a section and an
    item), and how, in words."""

    section: str
    what: str
    change: str  # Markdown (`mdtext.Md`): the values changed, escaped, as code or text


def variant_changes(parent: ir.Rulebook, child: ir.Rulebook) -> list[Change]:
    """Everything `child` changes from `parent`, section by section (an empty list when the
    two say the same)."""
    out: list[Change] = []

    def differ(section: str, what: str, old: object, new: object) -> None:
        if old != new:
            out.append(Change(section, what, Md("{} → {}").format(_show(old), _show(new))))

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
    _diff_lists(
        out,
        "Options",
        [f"constraint {c.reason!r} when {pretty(c.condition)}" for c in parent.constraints],
        [f"constraint {c.reason!r} when {pretty(c.condition)}" for c in child.constraints],
    )
    _diff_items(
        out,
        "Presets",
        {p.id: {"label": p.label, "settings": dict(p.settings)} for p in parent.presets},
        {p.id: {"label": p.label, "settings": dict(p.settings)} for p in child.presets},
    )
    _diff_items(
        out,
        "Situations",
        {f.id: {"label": f.label} for f in parent.situations},
        {f.id: {"label": f.label} for f in child.situations},
    )
    differ("Scoring", "unit", parent.scoring.unit, child.scoring.unit)
    _diff_items(
        out,
        "Tiers",
        {t.id: _tier_facts(t) for t in parent.scoring.tiers},
        {t.id: _tier_facts(t) for t in child.scoring.tiers},
    )
    _diff_lists(
        out,
        "Scoring",
        [_adjustment_code(a) for a in parent.scoring.adjustments],
        [_adjustment_code(a) for a in child.scoring.adjustments],
    )
    _diff_lists(
        out,
        "Scoring",
        [_reject_code(r) for r in parent.scoring.rejects],
        [_reject_code(r) for r in child.scoring.rejects],
    )
    _diff_lists(out, "Scoring", _minimum_code(parent), _minimum_code(child))
    _diff_lists(out, "Wilds", _wild_lines(parent.wilds), _wild_lines(child.wilds))
    _diff_lists(
        out,
        "Claims",
        [_claim_code(c) for c in parent.claims],
        [_claim_code(c) for c in child.claims],
    )
    _diff_lists(
        out,
        "Play",
        [_play_code(r) for r in parent.play.rules],
        [_play_code(r) for r in child.play.rules],
    )
    _diff_items(
        out,
        "Fans",
        {f.id: _fan_facts(f) for f in parent.fans},
        {f.id: _fan_facts(f) for f in child.fans},
    )
    return out


def _play_rows(books: Sequence[ir.Rulebook]) -> list[tuple[str, list[Md | str]]]:
    """One row per part of the play section (行牌): each rule in words, when it applies."""
    return [
        (
            f"Play: {title}",
            [
                _items(
                    [
                        rule_words(r, b) + when_words(r.guard, b)
                        for r in b.play.rules
                        if r.part == part
                    ],
                    "common conventions",
                )
                for b in books
            ],
        )
        for part, title in PLAY_PARTS.items()
    ]


def _reject_code(reject: ir.Reject) -> str:
    """A reject as written, its reason the author's text (not a Python repr, which would show
    a line break in it as `\\n`)."""
    return f'reject "{reject.reason}" when {pretty(reject.condition)}'


def _play_code(rule: ir.PlayRule) -> str:
    return f"{rule.key} {', '.join(rule.words)}" + _if(rule.guard)


def _code(expr: ir.Expr | None) -> str | None:
    return pretty(expr) if expr is not None else None


def _if(guard: ir.Expr | None) -> str:
    return f" if {pretty(guard)}" if guard is not None else ""


def _adjustment_code(adjustment: ir.Adjustment) -> str:
    when = f" when {pretty(adjustment.condition)}" if adjustment.condition is not None else ""
    return f"{adjustment.kind} {pretty(adjustment.value)}{when}"


def _minimum_code(book: ir.Rulebook) -> list[str]:
    least = book.scoring.minimum
    if least is None:
        return []
    without = f" without {', '.join(least.without)}" if least.without else ""
    return [f"minimum {pretty(least.value)}{without}"]


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
        "choices": " / ".join(f"{c.id} {c.label or ''}".strip() for c in option.choices)
        if option.kind == "choice"
        else str(option_choices(option)),
        "default": option.default,
    }


def _tier_facts(tier: ir.Tier) -> dict[str, object]:
    return {
        "name": tier.name,
        "combine": tier.combine,
        "caps": "; ".join(f"{value}{_if(guard)}" for value, guard in tier.caps),
        "alternatives": "; ".join(f"{mode}{_if(guard)}" for mode, guard in tier.alternatives),
        "overrides": ", ".join(tier.overrides),
    }


def _fan_facts(fan: ir.Fan) -> dict[str, object]:
    return {
        "name": fan.name,
        "english": fan.english,
        "value": fan.value,
        "values": "; ".join(f"{pretty(value)} if {pretty(guard)}" for value, guard in fan.values),
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
                change = Md("{}: {} → {}").format(field, _show(old[key].get(field)), _show(value))
                out.append(Change(section, key, change))
    for key in old:
        if key not in new:
            out.append(Change(section, key, "removed"))


def _show(value: object) -> Md:
    if value is None or value == "":
        return Md("—")
    if isinstance(value, tuple):
        return text(", ".join(str(v) for v in value))
    if isinstance(value, dict):
        return text(", ".join(f"{k} ×{v}" for k, v in value.items()))
    return code(value) if isinstance(value, str) and " " not in value else text(value)


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
    return render("variants.md.j2", variants=variants, link=_page_link)
