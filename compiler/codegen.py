"""IR to a Python module: the rulebook's rules engine, rendered with jinja2.

Input is a checked `ir.Rulebook`; output is the source of one module that imports only the
public names of `runtime` and exports `RULESET`. Fan conditions become straight-line Python in
one `evaluate` function (no tree walking or eval at scoring time). Output is deterministic:
the same IR always gives byte-identical source.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any

import jinja2

from compiler import ir
from compiler.graphs import topological_order
from compiler.pyexpr import FACT_SOURCE, Predicates, PyExpr, tile_constant
from compiler.pywriter import CodeWriter
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
    fan_code = {
        f: dataclasses.replace(code, code=_inline_single_reads(code.code, conditions))
        for f, code in fan_code.items()
    }
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
    for f in floors:
        f["code"] = _inline_single_reads(str(f["code"]), floor_expr)
    runtime_names |= floor_expr.runtime_names
    tiles |= floor_expr.tiles

    guard_expr = PyExpr(fan_ref=lambda fan: "False", predicates=predicates)
    shapes = [
        {"id": s.id, "guard": guard_expr(s.guard) if s.guard is not None else None}
        for s in book.shapes
    ]
    runtime_names |= guard_expr.runtime_names
    tiles |= guard_expr.tiles

    if "pair" in {*conditions.facts, *floor_expr.facts}:
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
        "combine_body": _combine_body(book),
        "evaluate_prelude": evaluate_prelude,
        "floor_prelude": floor_prelude,
        "floors": floors,
        "shapes": shapes,
        "examples": examples,
    }
    return _environment().get_template("module.py.j2").render(context)


def _simple(fact: str) -> bool:
    """Facts that are one attribute read, cheap enough to read in place."""
    return re.fullmatch(r"[as]\.\w+", FACT_SOURCE[fact]) is not None


def _inline_single_reads(code: str, translator: PyExpr) -> str:
    """Replace the local of a simple fact read only once by the read itself."""
    for fact, reads in translator.facts.items():
        if reads == 1 and _simple(fact):
            code = re.sub(rf"\bx_{fact}\b", FACT_SOURCE[fact], code)
    return code


_SUMMARY_SOURCE = {
    "tile": "summarize_tiles(a.tiles, TILE_MASKS, TILE_COUNTS)",
    "meld": "summarize_melds(a.melds, MELD_MASKS, MELD_COUNTS)",
    "pair": "summarize_melds(a.pairs, MELD_MASKS, MELD_COUNTS)",
}


def _combine_body(book: ir.Rulebook) -> list[str]:
    """The body of the generated `combine(c)`: relations, then each tier combined and capped,
    straight-line over one local per fan."""
    fans = book.fans
    index = {fan.id: i for i, fan in enumerate(fans)}
    out = CodeWriter(indent=1)
    out.line(f"({', '.join(f'f_{fan.id}' for fan in fans)},) = c")
    relations = [
        (fan_id, target)
        for fan_id in book.relation_order
        for target in (*fans[index[fan_id]].excludes, *fans[index[fan_id]].replaces)
    ]
    if relations:
        out.line("# Relations: a fan that counts removes the fans it excludes or replaces.")
        for fan_id, target in relations:
            with out.block(f"if f_{fan_id}"):
                out.line(f"f_{target} = 0")
    out.line("total = 0")
    out.line("kept: list[tuple[int, int]] = []")
    out.line("capped = False")
    tiers = {tier.id: tier for tier in book.scoring.tiers}
    overridden_by: dict[str, list[str]] = {t: [] for t in tiers}
    for tier in book.scoring.tiers:
        for target in tier.overrides:
            overridden_by[target].append(tier.id)
    order = topological_order(list(tiers), overridden_by)
    for tier_id in order:
        tier = tiers[tier_id]
        members = [fan for fan in fans if fan.tier == tier_id]
        words = {
            "add": "fans add up",
            "max": "the highest fan counts alone",
            "multiply": "fans multiply",
        }[tier.combine]
        cap = f", capped at {tier.cap}" if tier.cap is not None else ""
        out.line(f"# {safe_text(tier.name)} ({tier_id}): {words}{cap}.")
        out.line(f"on_{tier_id} = False")
        if not members:
            continue
        guard = " or ".join(f"on_{t}" for t in overridden_by[tier_id])
        with out.block(f"if not ({guard})") if guard else _nothing():
            _tier_code(out, tier, members, index)
    out.line("if len(kept) > 1:")
    out.line("    kept.sort()")
    out.line("return total, tuple(kept), capped")
    return out.lines()


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _tier_code(
    out: CodeWriter, tier: ir.Tier, members: list[ir.Fan], index: dict[str, int]
) -> None:
    if tier.combine == "max":
        out.line("best = 0")
        out.line("pick = -1")
        out.line("count = 0")
        for fan in members:
            with out.block(f"if f_{fan.id} and {fan.value} * f_{fan.id} > best"):
                out.line(f"best = {fan.value} * f_{fan.id}")
                out.line(f"pick = {index[fan.id]}")
                out.line(f"count = f_{fan.id}")
        with out.block("if pick >= 0"):
            out.line(f"on_{tier.id} = True")
            out.line("kept.append((pick, count))")
            _capped_total(out, tier, "best")
        return
    out.line("value = 1" if tier.combine == "multiply" else "value = 0")
    for fan in members:
        with out.block(f"if f_{fan.id}"):
            out.line(f"on_{tier.id} = True")
            out.line(f"kept.append(({index[fan.id]}, f_{fan.id}))")
            if tier.combine == "multiply":
                out.line(f"value *= {fan.value} ** f_{fan.id}")
            else:
                out.line(
                    f"value += {fan.value} * f_{fan.id}"
                    if fan.value != 1
                    else f"value += f_{fan.id}"
                )
    with out.block(f"if on_{tier.id}"):
        _capped_total(out, tier, "value")


def _capped_total(out: CodeWriter, tier: ir.Tier, value: str) -> None:
    if tier.cap is not None:
        with out.block(f"if {value} > {tier.cap}"):
            out.line(f"{value} = {tier.cap}")
            out.line("capped = True")
    out.line(f"total += {value}")


def _prelude(translator: PyExpr) -> list[str]:
    """Bind each fact read more than once, and each predicate summary, in a fixed order
    (a fact read once is put in place by `_inline_single_reads`)."""
    lines = [
        f"x_{fact} = {FACT_SOURCE[fact]}"
        for fact in FACT_SOURCE
        if translator.facts.get(fact, 0) > 1 or (fact in translator.facts and not _simple(fact))
    ]
    for summary, source in _SUMMARY_SOURCE.items():
        if summary in translator.summaries:
            lines.append(f"x_{summary}_any, x_{summary}_all, x_{summary}_count = {source}")
    return lines
