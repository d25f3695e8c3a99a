"""The scoring part of a rulebook page: the fan table, the fans' example hands, the tiers and
the adjustments.

Input is a checked `ir.Rulebook` and where the tile pictures are; output is the `fans`, `tiers`
and `adjustments` parts of the context of `page.md.j2` (built by
`mjc.compiler.docs.docgen.generate_page`): each fan's condition in plain words and as code, its
relations to other fans, and its example hands drawn as tile pictures.
"""

from __future__ import annotations

from typing import Any

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, anchor, code, text, verbatim
from mjc.compiler.docs.prose import condition_words, per_words, value_words
from mjc.compiler.docs.tilesvg import hand_markdown, tile_markdown
from mjc.compiler.docs.words import (
    _is_true,
    _origin,
    _provenance,
    cap_words,
    inherited_badge,
    origin_badges,
    when_words,
)
from mjc.compiler.ir.pretty import pretty
from mjc.runtime.tiles.tile import tile_or_red_five

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
    "kong_discard": "on the discard after a kong (杠上炮)",
    "flower_robbed": "on a flower robbed from its drawer (搶花)",
}
_WIND_WORDS = {"E": "东 East", "S": "南 South", "W": "西 West", "N": "北 North"}
# The `with` items that name a tile beside the hand, drawn as its picture.
_TILE_WORDS = {
    "dora": "dora indicator",
    "ura": "ura dora indicator",
    "wild": "wild",
    "indicator": "wild indicator",
}


def _tile_picture(value: str, tiles: str) -> Md:
    """The picture of a tile named beside a hand (a red five too), or its text if it is none."""
    try:
        tile = tile_or_red_five(value)
    except ValueError:
        return code(value)
    return tile_markdown(tile, tiles, red=value[:1] == "0")


def _situation_text(example: ir.Example, book: ir.Rulebook, tiles: str) -> Md:
    own = {s.id: s.label for s in book.situations}
    words: list[Md] = []
    for name, value in example.situation:
        if name in _TILE_WORDS and value:
            words.append(Md("{} {}").format(_TILE_WORDS[name], _tile_picture(value, tiles)))
        elif name in ("seat_wind", "round_wind"):
            words.append(text(f"{name.replace('_', ' ')} {_WIND_WORDS.get(value, value)}"))
        elif name == "players":
            words.append(text(f"{value} players"))
        elif name in _SITUATION_WORDS:
            words.append(text(_SITUATION_WORDS[name]))
        elif name in own:
            words.append(text(own[name]))
        elif value:
            words.append(Md("option {} = {}").format(code(name), code(value)))
        else:
            words.append(Md("option {}").format(code(name)))
    return Md(", ").join(words)


def _example(example: ir.Example, tiles: str, fan: str, book: ir.Rulebook) -> dict[str, Any]:
    picture = hand_markdown(example.hand, tiles, example.win)
    notes: list[Md] = []
    if example.win:
        notes.append(Md("wins on {}").format(example.win))
    situation = _situation_text(example, book, tiles)
    if situation:
        notes.append(situation)
    note = Md(' <span class="mj-note">{}</span>').format(Md("; ").join(notes)) if notes else ""
    lead = Md("") if example.positive else Md('<span class="mj-not">Not {}:</span> ').format(fan)
    return {
        "hand": example.hand,
        "picture": picture,
        "line": lead + picture + note,
        "win": example.win or "",
        "situation": situation,
    }


def _fan_context(book: ir.Rulebook, tiles: str) -> list[dict[str, Any]]:
    tiers = {t.id: t for t in book.scoring.tiers}
    names = {f.id: f.name for f in book.fans}
    fans: list[dict[str, Any]] = []
    for fan in book.fans:
        words = condition_words(fan.condition, book)
        if fan.per is not None:
            times = per_words(fan.per, book)
            words = times if words == "any winning hand" else words + "; " + times
        lines = [f"when {pretty(fan.condition)}"] if not _is_true(fan.condition) else []
        if fan.per is not None:
            lines.append(f"per {pretty(fan.per)}")
        relations = (
            [
                ("replaces", r, Md("when {} counts, {} does not").format(fan.name, names[r]))
                for r in fan.replaces
            ]
            + [("excludes", r, Md("{} does not count with it").format(names[r]))
               for r in fan.excludes]
            + [("implies", r, Md("it always comes with {}").format(names[r]))
               for r in fan.implies]
        )  # fmt: skip
        examples = [_example(e, tiles, fan.name, book) for e in fan.examples if e.positive]
        values = _values_words(fan.values, book)
        # 食い下がり: what it is worth on an open hand (a meld claimed), for each setting.
        opened = _values_words(fan.open_values, book)
        fans.append(
            {
                "id": fan.id,
                "name": fan.name,
                "english": fan.english or "",
                "value": fan.value,
                "value_note": values,
                "open_note": opened,
                "tier": tiers[fan.tier].name,
                "tier_id": fan.tier,
                "condition": words,
                "code": [verbatim(line) for line in lines],
                "relations": [
                    {"kind": kind, "id": target, "name": names[target], "words": text}
                    for kind, target, text in relations
                ],
                "examples": examples,
                "counterexamples": [
                    _example(e, tiles, fan.name, book) for e in fan.examples if not e.positive
                ],
                "picture": examples[0]["picture"] if examples else Md(""),
                "origin": _origin(fan.provenance),
                "badges": origin_badges(fan.provenance) + inherited_badge(fan.at, book),
                "provenance": _provenance(fan.provenance),
            }
        )
    return fans


def _tier_context(book: ir.Rulebook) -> list[dict[str, Any]]:
    tiers = {t.id: t for t in book.scoring.tiers}
    return [
        {
            "id": t.id,
            "name": t.name,
            "combine": Md(_COMBINE_WORDS[t.combine])
            + Md("").join(
                Md(f"; {_COMBINE_WORDS[mode]}") + when_words(guard, book)
                for mode, guard in t.alternatives
            ),
            "cap": cap_words(t, book),
            "overrides": ", ".join(tiers[o].name for o in t.overrides),
            "badges": origin_badges(t.provenance),
            "provenance": _provenance(t.provenance),
            "fans": [
                Md("[{}](#{})").format(f.name, anchor(f.id)) for f in book.fans if f.tier == t.id
            ],
        }
        for t in book.scoring.tiers
    ]


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
                "words": Md(_ADJUSTMENT_WORDS[a.kind]).format(
                    value=value + unit, when=when_words(a.condition, book)
                ),
                "badges": origin_badges(a.provenance),
                "provenance": _provenance(a.provenance),
            }
        )
    return out


def _values_words(values: tuple[tuple[ir.Expr, ir.Expr | None], ...], book: ir.Rulebook) -> Md:
    """A fan's values under their guards, in words: "2 番; 4 番 when 番数加倍 is on"."""
    unit = text(book.scoring.unit)
    return Md("; ").join(
        value_words(value, book) + " " + unit + when_words(guard, book) for value, guard in values
    )
