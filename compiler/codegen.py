"""IR to a Python module: the rulebook's rules engine, rendered with jinja2.

Input is a checked `ir.Rulebook`; output is the source of one module that imports only the
public names of `runtime` and exports `RULESET`. Fan conditions become straight-line Python in
one `evaluate` function (no tree walking or eval at scoring time). Output is deterministic:
the same IR always gives byte-identical source.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from typing import Any

import jinja2

from compiler import ir
from compiler.pyexpr import FACT_SOURCE, Predicates, PyExpr, tile_constant
from compiler.version import MJC_VERSION
from runtime import API_VERSION

# Names of `runtime` that every generated module imports; conditions may add table names.
_BASE_IMPORTS = {
    "Arrangement",
    "ChoiceSpec",
    "ExampleSpec",
    "FanInfo",
    "OptionSpec",
    "Ruleset",
    "Situation",
    "TierInfo",
    "require_api",
}


def lit(value: object) -> str:
    """A Python literal for a value from the rulebook. Only plain data is allowed through, and
    only as `repr`, so no rulebook text can turn into code."""
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(lit(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    raise TypeError(f"not a safe literal: {type(value).__name__}")


def safe_text(text: str) -> str:
    """Rulebook text for a comment or docstring: one line, no quotes or backslashes."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return cleaned.replace("\\", "/").replace('"', "'")


@functools.cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: (
                resources.files("compiler").joinpath("templates", name).read_text(encoding="utf-8")
            )
        ),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


@dataclass(frozen=True, slots=True)
class _FanCode:
    id: str
    local: str
    code: str
    comment: str


def generate_module(book: ir.Rulebook) -> str:
    fan_index = {fan.id: i for i, fan in enumerate(book.fans)}
    tier_index = {tier.id: i for i, tier in enumerate(book.scoring.tiers)}
    runtime_names = set(_BASE_IMPORTS)
    tiles: dict[str, int] = {}

    predicates = Predicates()
    # evaluate(): one local per fan, computed in evaluation order.
    conditions = PyExpr(fan_ref=lambda fan: f"f_{fan} > 0", predicates=predicates)
    fan_code: dict[str, _FanCode] = {}
    for fan_id in book.evaluation_order:
        fan = book.fans[fan_index[fan_id]]
        condition = conditions(fan.condition)
        if fan.per is None:
            code = "1" if condition == "True" else f"1 if {condition} else 0"
        else:
            per = conditions(fan.per)
            code = per if condition == "True" else f"{per} if {condition} else 0"
        where = f"{fan.at.file}:{fan.at.line}"
        fan_code[fan_id] = _FanCode(
            fan_id, f"f_{fan_id}", code, safe_text(f"{fan.name} {fan_id} ({where})")
        )
    evaluate_prelude = _prelude(conditions)
    runtime_names |= conditions.runtime_names
    tiles |= conditions.tiles

    # floor(): fans are read from the counts tuple `c`.
    floor_expr = PyExpr(fan_ref=lambda fan: f"c[{fan_index[fan]}] > 0", predicates=predicates)
    floors = [
        {
            "code": floor_expr(f.condition),
            "value": f.value,
            "comment": safe_text(f"at least {f.value} ({f.at.file}:{f.at.line})"),
        }
        for f in book.scoring.floors
    ]
    floor_prelude = _prelude(floor_expr)
    runtime_names |= floor_expr.runtime_names
    tiles |= floor_expr.tiles

    guard_expr = PyExpr(fan_ref=lambda fan: "False", predicates=predicates)
    shapes = [
        {"id": s.id, "guard": guard_expr(s.guard) if s.guard is not None else None}
        for s in book.shapes
    ]
    runtime_names |= guard_expr.runtime_names
    tiles |= guard_expr.tiles

    if "pair" in conditions.facts | floor_expr.facts:
        runtime_names.add("NO_PAIR")
    if predicates.tile:
        runtime_names |= {"summarize_tiles", "tile_masks"}
    if predicates.meld:
        runtime_names |= {"Meld", "meld_masks", "summarize_melds"}

    fans = [
        {
            "id": fan.id,
            "name": fan.name,
            "english": fan.english,
            "value": fan.value,
            "tier": tier_index[fan.tier],
            "where": f"{fan.at.file}:{fan.at.line}",
            "excludes": tuple(sorted(fan_index[f] for f in (*fan.excludes, *fan.replaces))),
            "local": fan_code[fan.id].local,
        }
        for fan in book.fans
    ]
    examples = [
        {
            "fan": fan.id,
            "hand": ex.hand,
            "positive": ex.positive,
            "win": ex.win,
            "situation": ex.situation,
            "where": f"{ex.at.file}:{ex.at.line}",
        }
        for fan in book.fans
        for ex in fan.examples
    ]
    title_line = safe_text(
        f"{book.title} ({book.english}) — rules engine"
        if book.english
        else f"{book.title} — rules engine"
    )
    context: dict[str, Any] = {
        "lit": lit,
        "title_line": title_line,
        "mjc_version": MJC_VERSION,
        "api_version": API_VERSION,
        "source_file": safe_text(book.source_file),
        "source_sha256": book.source_sha256,
        "rulebook_id": book.id,
        "title": book.title,
        "english": book.english,
        "version": book.version,
        "unit": book.scoring.unit,
        "players": book.players,
        "imports": sorted(runtime_names),
        "tile_constants": [(tile_constant(t), i) for t, i in sorted(tiles.items())],
        "tiers": [
            {
                "id": t.id,
                "name": t.name,
                "combine": t.combine,
                "cap": t.cap,
                "overrides": tuple(tier_index[o] for o in t.overrides),
            }
            for t in book.scoring.tiers
        ],
        "fans": fans,
        "fans_in_evaluation_order": [fan_code[f] for f in book.evaluation_order],
        "relation_order": tuple(fan_index[f] for f in book.relation_order),
        "options": book.options,
        "tile_predicates": list(predicates.tile),
        "meld_predicates": list(predicates.meld),
        "evaluate_prelude": evaluate_prelude,
        "floor_prelude": floor_prelude,
        "floors": floors,
        "shapes": shapes,
        "examples": examples,
    }
    return _environment().get_template("module.py.j2").render(context)


_SUMMARY_SOURCE = {
    "tile": "summarize_tiles(a.tiles, TILE_MASKS, TILE_COUNTS)",
    "meld": "summarize_melds(a.melds, MELD_MASKS, MELD_COUNTS)",
    "pair": "summarize_melds(a.pairs, MELD_MASKS, MELD_COUNTS)",
}


def _prelude(translator: PyExpr) -> list[str]:
    """Bind each fact and predicate summary a function reads once, in a fixed order."""
    lines = [f"x_{fact} = {FACT_SOURCE[fact]}" for fact in FACT_SOURCE if fact in translator.facts]
    for summary, source in _SUMMARY_SOURCE.items():
        if summary in translator.summaries:
            lines.append(f"x_{summary}_any, x_{summary}_all, x_{summary}_count = {source}")
    return lines
