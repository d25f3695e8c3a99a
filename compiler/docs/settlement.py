"""The payments and the horses of a rulebook page, and the worked settlement example.

Input is a checked `ir.Rulebook`; output is the `payments` and `horses` parts of the context of
`page.md.j2` (built by `mjc.compiler.docs.docgen.generate_page`): each payment rule and setting in
plain words, a worked example settled from the IR at the options' defaults, and the horse
tables seat by seat with their tiles as pictures.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, text
from mjc.compiler.docs.prose import condition_words, value_words
from mjc.compiler.docs.words import _provenance, origin_badges, tile_pictures, when_words
from mjc.compiler.ir import consteval
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.language import vocabulary
from mjc.compiler.lower.horsetables import compact, rank_tiles
from mjc.runtime.tiles.tile import tile_name_zh

_SEAT_WORDS = {
    "dealer": "the dealer",
    "next": "the seat after the dealer",
    "opposite": "the seat opposite the dealer",
    "previous": "the seat before the dealer",
}
# The seats of a table counted from the winner or discarder (`table 4 from winner`).
_OTHER_SEAT_NAMES = {"self": "本家", "next": "下家", "opposite": "对家", "previous": "上家"}
_OTHER_SEAT_WORDS = {
    "self": "the {a} himself",
    "next": "the seat after the {a}",
    "opposite": "the seat opposite the {a}",
    "previous": "the seat before the {a}",
}
_DRAWN_WORDS = {
    "bought": "every player is dealt {n} horse tile{s} before the first discard",
    "penalty": "the dealer alone is dealt {n} horse tile{s} before the first discard",
    "bonus": "the winner turns up {n} tile{s} from the end of the wall",
    "grabbed": "the winner takes {n} tile{s} from the end of the wall",
}


def _tile_words(ranks: Iterable[int], tiles: Iterable[int]) -> str:
    parts = []
    ranks = list(ranks)
    if ranks:
        parts.append("、".join(str(r) for r in ranks) + " (万 筒 条)")
    names = [tile_name_zh(t) for t in tiles]
    if names:
        parts.append("、".join(names))
    return "; ".join(parts)


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


def _settle_number(items: tuple[ir.Stake, ...], book: ir.Rulebook, default: int = 1) -> int:
    defaults = {o.id: consteval.default_value(o) for o in book.options}
    for item in items:
        if item.guard is None or consteval.holds(item.guard, defaults):
            try:
                found = consteval.evaluate(item.value, defaults)
            except consteval.NotConstant:
                return default
            return found if isinstance(found, int) else default
    return default


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
            "words": Md(f"{vocabulary.WIN_PAYERS[w.payer].subject} pays ")
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
            + Md(f" from {vocabulary.KONG_PAYERS[k.payer].subject}")
            + when(k.guard, k.condition, ", when "),
            "badges": origin_badges(k.provenance),
            "provenance": _provenance(k.provenance),
        }
        for k in pay.kongs
    ] + [
        {
            "words": Md(
                "on a win on the discard made right after a kong's replacement (杠上炮), what "
                "that kong earned the discarder is paid on to the winner (呼叫转移; of several "
                "winners, to the first in turn order after the discarder)"
            )
            + when(t.guard, t.condition, ", when "),
            "badges": origin_badges(t.provenance),
            "provenance": _provenance(t.provenance),
        }
        for t in pay.transfers
    ]
    relation_lines = [
        {
            "words": Md("for a winner in a relation, ")
            + Md(f"{vocabulary.RELATION_PAYERS[r.payer].subject} pays ")
            + (str(r.amount.value) if isinstance(r.amount, ir.IntE) else "some")
            + Md(" times every other loser's share, and his own" if r.for_others
                 else " share(s)")
            + when(r.guard, r.condition),
            "badges": origin_badges(r.provenance),
            "provenance": _provenance(r.provenance),
        }
        for r in pay.relation_lines
    ]  # fmt: skip
    described: tuple[tuple[Md, ir.Stake | ir.PaymentSetting | ir.BonusPayment], ...] = (
            *((Md("one point of a hand's value is paid as ") + shown(s.value)
               + when(s.guard, None), s) for s in pay.stakes),
            *((Md("what the dealer wins or pays on a hand is multiplied by ") + shown(d.value)
               + when(d.guard, None), d) for d in pay.dealer_factors),
            *((Md("what the dealer wins or pays on a hand is {} more, after any factor")
               .format(shown(b.value)) + when(b.guard, None), b) for b in pay.dealer_bonuses),
            *((Md("each {} horse on a paying seat's row makes that seat pay the winner {} more "
                  "share(s)").format(vocabulary.HORSE_KINDS[b.kind].name, shown(b.amount))
               + when(b.guard, b.condition), b)
              for b in pay.bonuses if b.item == "horse_payer" and b.kind in vocabulary.HORSE_KINDS),
            *((Md("one seat wins at most {} from hands in a round").format(shown(c.value))
               + when(c.guard, None), c) for c in pay.caps),
            *((Md("one payer pays one winner at most {} for a hand, all his shares together")
               .format(_loss_value(c.value, book)) + when(c.guard, None), c)
              for c in pay.loss_caps),
            *((Md("each winner of one discard is paid separately, as if alone"), w)
              for w in pay.winners),
            *((Md("every payment of a hand is rounded up to a multiple of {}")
               .format(shown(r.value)) + when(r.guard, None), r) for r in pay.rounds),
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
    draws = [
        {
            "words": _draw_words(d) + when(d.guard, d.condition, ", when in the payer's hand "),
            "badges": origin_badges(d.provenance),
            "provenance": _provenance(d.provenance),
        }
        for d in pay.draws
    ]
    return {
        "declared": pay.declared,
        "unit": pay.unit or (book.points.label if book.points is not None else book.scoring.unit),
        "wins": wins + relation_lines,
        "kongs": kongs,
        "draws": draws,
        "settings": settings,
        "example": _worked_example(book),
    }


_DRAW_SEATS = {
    "each": "every seat still playing",
    "ready": "every ready seat",
    "unready": "every seat not ready",
}
_DRAW_PAID = {
    "ready": "each ready seat",
    "unready": "each seat not ready",
    "others": "each other seat still playing that this line does not charge",
}


def _draw_words(line: ir.DrawPayment) -> Md:
    """A draw line in plain words (`draw_payment unready pays ready best_hand`: every seat
    not ready pays each ready seat the best hand it is ready for)."""
    payer = _DRAW_SEATS[line.payer]
    if line.item == "refund":
        return Md(f"{payer} returns every kong payment it was paid (退税)")
    if line.amount_word == "best_hand":
        amount = "the best hand that seat is ready for"
    elif line.amount_word == "cap":
        amount = "the cap"
    elif line.amount_word == "split":
        whole = str(line.amount.value) if isinstance(line.amount, ir.IntE) else "an amount"
        paid = _DRAW_PAID[line.payee]
        return Md(
            f"{payer} pays an equal share of {whole} in all, split equally among the seats it "
            f"pays, {paid} (聴牌料: nothing when no seat pays or none is paid)"
        )
    elif isinstance(line.amount, ir.IntE):
        amount = str(line.amount.value)
    else:
        amount = "an amount the options set"
    return Md(f"{payer} pays {_DRAW_PAID[line.payee]} {amount}")


def _worked_example(book: ir.Rulebook) -> dict[str, Any] | None:
    fan = next((f for f in book.fans if f.value > 1), None)
    if fan is None or not book.payments.wins or book.points is not None:
        return None  # with a points section a hand is paid on points no one fan gives
    players = max(book.players)
    stake = _settle_number(book.payments.stakes, book)
    factor = _settle_number(book.payments.dealer_factors, book)
    bonus = max(_settle_number(book.payments.dealer_bonuses, book, default=0), 0)
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
        dealer_share = fan.value * factor + bonus
        share = {s: stake * (dealer_share if s == 0 else fan.value) for s in losers}
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
        anchor = table.counted_from
        for seat in vocabulary.horse_seats_at(table.players, anchor):
            rows = [r for r in table.rows if r.seat == seat]
            offset = vocabulary.horse_seat_offset(seat, table.players)
            hit = [t for t, o in enumerate(table.seats) if o == offset]
            provenance = tuple(p for r in rows for p in r.provenance)
            dealers = anchor == "dealer"
            first = seat == vocabulary.anchor_seat(anchor)
            seats.append(
                {
                    "seat": seat,
                    "name": vocabulary.HORSE_SEAT_NAMES[seat]
                    if dealers
                    else _OTHER_SEAT_NAMES[seat],
                    "meaning": (
                        _SEAT_WORDS[seat] if dealers else _OTHER_SEAT_WORDS[seat].format(a=anchor)
                    )
                    if table.players > 2 or first
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
                "counted": ""
                if table.counted_from == "dealer"
                else f"Seats are counted from the {table.counted_from} of each hand, not the "
                "dealer: " + vocabulary.HORSE_ANCHORS[table.counted_from] + ".",
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
