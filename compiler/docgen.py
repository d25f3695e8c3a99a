"""IR to a Markdown page per rulebook, rendered with jinja2, for the mkdocs site.

Input is a checked `ir.Rulebook`; output is plain Markdown with a little inline HTML (so the
site builder can be swapped) that reads like a rules booklet: the overview (players, tiles,
wilds, claims, shapes), the options, the scoring frame, the fan table with each condition in
plain words and an example hand drawn as tile pictures, the horse tables with their tiles as
pictures, then every fan in detail; and for every rule whether it is the source document's
word or a convention. Also the diagnostics
reference, from `mjc.compiler.codes`. Deterministic: the same IR gives the same page.

The page sits in `rulebooks/` of the generated folder and draws tiles from `tiles/` beside it
(`mjc.compiler.site` writes both); the helpers here are shared with `mjc.compiler.comparison`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mjc.compiler import codes, consteval, ir, vocabulary
from mjc.compiler.horsetables import compact, rank_tiles
from mjc.compiler.mdtext import Md, anchor, code, text, verbatim
from mjc.compiler.pagetemplates import md_cell, render, render_reference
from mjc.compiler.pretty import pretty
from mjc.compiler.prose import condition_words, per_words, value_words
from mjc.compiler.tilesvg import hand_markdown, tile_markdown
from mjc.runtime.tiles import HONOUR_BASE, SUIT_OF, tile_name_zh

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


# --------------------------------------------------------------------------- the rulebook page


def _situation_text(example: ir.Example, book: ir.Rulebook) -> Md:
    own = {s.id: s.label for s in book.situations}
    words: list[Md] = []
    for name, value in example.situation:
        if name in ("seat_wind", "round_wind"):
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
    situation = _situation_text(example, book)
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
        values = Md("; ").join(
            value_words(value, book) + " " + text(book.scoring.unit) + when_words(guard, book)
            for value, guard in fan.values
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


_SEAT_WORDS = {
    "dealer": "the dealer",
    "next": "the seat after the dealer",
    "opposite": "the seat opposite the dealer",
    "previous": "the seat before the dealer",
}
_DRAWN_WORDS = {
    "bought": "every player is dealt {n} horse tile{s} before the first discard",
    "penalty": "the dealer alone is dealt {n} horse tile{s} before the first discard",
    "bonus": "the winner turns up {n} tile{s} from the end of the wall",
    "grabbed": "the winner takes {n} tile{s} from the end of the wall",
}


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


def _tile_words(ranks: Iterable[int], tiles: Iterable[int]) -> str:
    parts = []
    ranks = list(ranks)
    if ranks:
        parts.append("、".join(str(r) for r in ranks) + " (万 筒 条)")
    names = [tile_name_zh(t) for t in tiles]
    if names:
        parts.append("、".join(names))
    return "; ".join(parts)


_PAYER_WORDS = {
    "each": "every other player",
    "discarder": "the discarder",
    "robbed": "the player whose kong was robbed",
    "feeder": "the player who fed the exposed kong (点杠者)",
    "any_feeder": "the player who fed the kong, or the pong it was added to",
    "meld_feeder": "the player whose discard completed the winner's fourth claimed meld",
    "winds_feeder": "the player whose discard the winner claimed as his fourth wind",
    "dragons_feeder": "the player whose discard the winner claimed as his third dragon",
}
_RELATION_WORDS = {
    "partner": "the player he is related to",
    "discarder": "the discarder",
    "robbed": "the player whose kong was robbed",
}
_KONG_WORDS = {"exposed": "an exposed kong (明杠)", "concealed": "a concealed kong (暗杠)",
               "added": "an added kong (补杠)"}  # fmt: skip


def _settle_holds(expr: ir.Expr | None, facts: dict[str, object], book: ir.Rulebook) -> bool:
    """Whether a payments condition holds for the worked example: facts from `facts`,
    options at their defaults; anything else does not hold."""
    if expr is None:
        return True
    defaults = {o.id: consteval.default_value(o) for o in book.options}

    def value(e: ir.Expr) -> object:
        match e:
            case ir.BoolE(value=v) | ir.IntE(value=v):
                return v
            case ir.FactE(fact=f):
                return facts.get(f, False)
            case ir.NotE(operand=o):
                return not value(o)
            case ir.BoolOpE(op=op, operands=ops):
                results = [value(o) for o in ops]
                return all(results) if op == "and" else any(results)
        return consteval.evaluate(e, defaults)

    try:
        return bool(value(expr))
    except Exception:  # anything the example cannot decide does not hold
        return False


def _settle_number(items: tuple[ir.Stake, ...], book: ir.Rulebook) -> int:
    defaults = {o.id: consteval.default_value(o) for o in book.options}
    for item in items:
        if item.guard is None or consteval.holds(item.guard, defaults):
            try:
                found = consteval.evaluate(item.value, defaults)
            except consteval.NotConstant:
                return 1
            return found if isinstance(found, int) else 1
    return 1


def _shown_value(value: ir.Expr, book: ir.Rulebook) -> str:
    """A payment item's number for the page, whatever guard it sits under (the guard is
    described in its own words): the number itself, or the expression when it reads options."""
    defaults = {o.id: consteval.default_value(o) for o in book.options}
    try:
        found = consteval.evaluate(value, defaults)
    except (consteval.NotConstant, KeyError):
        return pretty(value)
    return str(found) if isinstance(found, int) and not _reads_options(value) else pretty(value)


def _loss_value(value: ir.Expr, book: ir.Rulebook) -> str:
    """A `loss_cap` value for the page: `hand_ceiling` in words."""
    if isinstance(value, ir.FactE) and value.fact == "hand_ceiling":
        return "the hand's ceiling (the first scoring ceiling that holds for it)"
    shown = _shown_value(value, book)
    return shown.replace("hand_ceiling", "the hand's ceiling")


def _reads_options(value: ir.Expr) -> bool:
    return bool(consteval.options_read([value]))


def payments_context(book: ir.Rulebook) -> dict[str, Any]:
    """The payments in plain words, and a worked example settled from the IR: seat 1 wins a
    hand worth the value of the rulebook's first fan above 1, at a table of the most players,
    the dealer in seat 0, by self-draw, on seat 2's discard and by robbing seat 2's kong."""
    pay = book.payments

    def when(guard: ir.Expr | None, condition: ir.Expr | None, lead: str = " when ") -> Md:
        words = when_words(guard, book)
        return words + (Md(lead) + condition_words(condition, book) if condition else "")

    def shown(value: ir.Expr) -> Md:
        return text(_shown_value(value, book))

    wins = [
        {
            "words": Md(f"{_PAYER_WORDS[w.payer]} pays ")
            + Md("every loser's share" if w.for_all else "one share")
            + when(w.guard, w.condition),
            "badges": origin_badges(w.provenance),
            "provenance": _provenance(w.provenance),
        }
        for w in pay.wins
    ]
    kongs = [
        {
            "words": Md(f"{_KONG_WORDS[k.kind]} earns the konger ")
            + (str(k.amount.value) if isinstance(k.amount, ir.IntE) else "an amount")
            + Md(f" from {_PAYER_WORDS[k.payer]}")
            + when(k.guard, k.condition, ", when "),
            "badges": origin_badges(k.provenance),
            "provenance": _provenance(k.provenance),
        }
        for k in pay.kongs
    ]
    relation_lines = [
        {
            "words": Md(f"for a winner in a relation, {_RELATION_WORDS[r.payer]} pays ")
            + (str(r.amount.value) if isinstance(r.amount, ir.IntE) else "some")
            + Md(" times every other loser's share, and his own" if r.for_others
                 else " share(s)")
            + when(r.guard, r.condition),
            "badges": origin_badges(r.provenance),
            "provenance": _provenance(r.provenance),
        }
        for r in pay.relation_lines
    ]  # fmt: skip
    described: tuple[tuple[Md, ir.Stake | ir.PaymentSetting], ...] = (
            *((Md("one point of a hand's value is paid as ") + shown(s.value)
               + when(s.guard, None), s) for s in pay.stakes),
            *((Md("what the dealer wins or pays on a hand is multiplied by ") + shown(d.value)
               + when(d.guard, None), d) for d in pay.dealer_factors),
            *((Md("one seat wins at most {} from hands in a round").format(shown(c.value))
               + when(c.guard, None), c) for c in pay.caps),
            *((Md("one payer pays one winner at most {} for a hand, all his shares together")
               .format(_loss_value(c.value, book)) + when(c.guard, None), c)
              for c in pay.loss_caps),
            *((Md("each winner of one discard is paid separately, as if alone"), w)
              for w in pay.winners),
            *((Md(f"{r.value.value if isinstance(r.value, ir.IntE) else 'enough'} or more claims "
               "between two players, either "
               "direction, make them liable for each other (承包, 三包)")
               + Md("; a relation both ways counts twice" if pay.relation_mutual_twice else "")
               + when(r.guard, None), r) for r in pay.relations),
    )  # fmt: skip
    settings = [
        {
            "words": words,
            "badges": origin_badges(item.provenance),
            "provenance": _provenance(item.provenance),
        }
        for words, item in described
    ]
    return {
        "declared": pay.declared,
        "unit": pay.unit or book.scoring.unit,
        "wins": wins + relation_lines,
        "kongs": kongs,
        "settings": settings,
        "example": _worked_example(book),
    }


def _worked_example(book: ir.Rulebook) -> dict[str, Any] | None:
    fan = next((f for f in book.fans if f.value > 1), None)
    if fan is None or not book.payments.wins:
        return None
    players = max(book.players)
    stake = _settle_number(book.payments.stakes, book)
    factor = _settle_number(book.payments.dealer_factors, book)
    cases = []
    situations: tuple[tuple[str, dict[str, object], dict[str, int]], ...] = (
        ("self-draw", {"self_drawn": True}, {}),
        ("on seat 2's discard", {}, {"discarder": 2}),
        ("robbing seat 2's kong", {"robbing_kong": True}, {"robbed": 2}),
    )
    for title, given, seats in situations:
        facts = {**given, "players": players, "winners": 1}
        rule = next(
            (
                w
                for w in book.payments.wins
                if _settle_holds(w.guard, facts, book)
                and _settle_holds(w.condition, facts, book)
                and (w.payer == "each" or w.payer in seats)
            ),
            None,
        )
        if rule is None:
            continue
        losers = [s for s in range(players) if s != 1]
        share = {s: fan.value * stake * (factor if s == 0 else 1) for s in losers}
        if rule.payer == "each":
            lines = [(s, share[s]) for s in losers]
        else:
            payer = seats[rule.payer]
            lines = [(payer, sum(share.values()) if rule.for_all else share[payer])]
        cases.append(
            {
                "title": title,
                "rule": f"{rule.at.file}:{rule.at.line}",
                "lines": [f"seat {p} pays seat 1 {a}" for p, a in lines],
                "total": sum(a for _, a in lines),
            }
        )
    if not cases:
        return None
    return {"fan": fan.name, "value": fan.value, "players": players, "cases": cases}


def horse_context(book: ir.Rulebook, tiles: str) -> dict[str, Any]:
    """The horse tables, seat by seat with their tiles as pictures, and the horse kinds."""
    tables = []
    for table in book.horses.tables:
        seats = []
        for seat in vocabulary.horse_seats_at(table.players):
            rows = [r for r in table.rows if r.seat == seat]
            offset = vocabulary.horse_seat_offset(seat, table.players)
            hit = [t for t, o in enumerate(table.seats) if o == offset]
            provenance = tuple(p for r in rows for p in r.provenance)
            seats.append(
                {
                    "seat": seat,
                    "name": vocabulary.HORSE_SEAT_NAMES[seat],
                    "meaning": _SEAT_WORDS[seat]
                    if table.players > 2 or seat == "dealer"
                    else "the other seat",
                    "pictures": tile_pictures(hit, tiles) if hit else "—",
                    "words": "; ".join(_tile_words(r.ranks, r.tiles) for r in rows) or "none",
                    "badges": origin_badges(provenance) if rows else "",
                    "provenance": _provenance(provenance),
                }
            )
        stated = [r for r in table.rows if r.seat == "nobody"]
        stated_tiles = {t for r in stated for t in r.tiles}
        stated_tiles |= {t for r in stated for n in r.ranks for t in rank_tiles(n)}
        stated_provenance = tuple(p for r in stated for p in r.provenance)
        tables.append(
            {
                "players": table.players,
                "seats": seats,
                "nobody": tile_pictures(stated_tiles, tiles) if stated else "",
                "nobody_words": "; ".join(_tile_words(r.ranks, r.tiles) for r in stated),
                "nobody_badges": origin_badges(stated_provenance) if stated else "",
                "nobody_provenance": _provenance(stated_provenance),
                "unlisted": tile_pictures(table.unlisted, tiles) if table.unlisted else "",
                "unlisted_words": compact(table.unlisted),
                "badges": origin_badges(table.provenance) if table.provenance else "",
                "provenance": _provenance(table.provenance),
            }
        )
    kinds = []
    for kind in book.horses.kinds:
        count = value_words(kind.count, book)
        plural = "" if isinstance(kind.count, ir.IntE) and kind.count.value == 1 else "s"
        drawn = _DRAWN_WORDS[kind.kind]
        words = Md(drawn).format(n=count, s=plural)
        if kind.condition is not None:
            words += Md(", only when ") + condition_words(kind.condition, book, " and ")
        if kind.guard is not None:
            words += Md(";") + when_words(kind.guard, book)
        kinds.append(
            {
                "kind": kind.kind,
                "name": kind.name,
                "words": words,
                "badges": origin_badges(kind.provenance),
                "provenance": _provenance(kind.provenance),
            }
        )
    return {"tables": tables, "kinds": kinds}


def generate_page(book: ir.Rulebook) -> str:
    """The rulebook's page (`rulebooks/<id>.md`): a rules booklet generated from the IR."""
    tiles = f"../{TILES_FOLDER}"
    tiers = {t.id: t for t in book.scoring.tiers}
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
        "wilds": wild_context(book, tiles),
        "claims": claim_rules(book),
        "horses": horse_context(book, tiles),
        "payments": payments_context(book),
        "fans": _fan_context(book, tiles),
        "tiers": [
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
                    Md("[{}](#{})").format(f.name, anchor(f.id))
                    for f in book.fans
                    if f.tier == t.id
                ],
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
        "situations": [
            {
                "id": f.id,
                "label": f.label,
                "badges": origin_badges(f.provenance),
                "provenance": _provenance(f.provenance),
            }
            for f in book.situations
        ],
        "provenance": _provenance(book.provenance),
        "players": ", ".join(str(p) for p in book.players),
        "players_badges": origin_badges(book.players_provenance),
        "players_provenance": _provenance(book.players_provenance),
        "unit_provenance": _provenance(book.scoring.provenance),
    }
    return render("page.md.j2", **context)


def generate_diagnostics_page() -> str:
    """The diagnostics reference: every code with its meaning, an example and the fix."""
    return render_reference("diagnostics.md.j2", codes=codes.CODES)
