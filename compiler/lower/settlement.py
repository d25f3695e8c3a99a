"""Lowering of the settlement sections: the `horses` tables and kinds, and the `payments` lines,
to the IR's `Horses` and `Payments`.

Input is those sections of the `Declarations` table and their typed expressions (`Typed`, found
through the slots table by `lowered`); `mjc.compiler.lower.rulebook` calls these while it lowers
the whole rulebook, giving the horse tables the tiles ever in play.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.language.vocabulary import HORSE_KINDS, horse_seat_offset
from mjc.compiler.lower.horsetables import row_tiles
from mjc.compiler.lower.sources import at, lowered, provenance, word
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.runtime.tiles.tile import NUM_TILES, tile_index

__all__ = ["lower_horses", "lower_payments"]


def lower_horses(horses: ast.Horses | None, in_play: frozenset[int], typed: Typed) -> ir.Horses:
    """The horse tables (each tile's seat, and the tiles `in_play` no row names) and kinds."""
    if horses is None:
        return ir.Horses()
    tables: list[ir.HorseTable] = []
    for table in horses.tables:
        players = table.players.value
        seats = [-1] * NUM_TILES
        rows: list[ir.HorseRow] = []
        named: set[int] = set()
        for row in table.rows:
            offset = horse_seat_offset(row.seat.text, players)
            assert offset is not None, "the checks reject seats absent at this player count"
            for tile, _ in row_tiles(row):
                seats[tile] = offset
                named.add(tile)
            rows.append(
                ir.HorseRow(
                    seat=word(row.seat.text),
                    offset=offset,
                    ranks=tuple(r.value for r in row.ranks),
                    tiles=tuple(tile_index(t.text) for t in row.tiles),
                    provenance=provenance(row.provenance),
                    at=at(row.span),
                )
            )
        tables.append(
            ir.HorseTable(
                players=players,
                rows=tuple(rows),
                seats=tuple(seats),
                unlisted=tuple(sorted(in_play - named)),
                provenance=provenance(table.provenance),
                at=at(table.span),
                counted_from=word(table.counted_from.text if table.counted_from else "dealer"),
            )
        )
    kinds = tuple(
        ir.HorseKind(
            kind=word(k.kind.text),
            name=HORSE_KINDS[k.kind.text].name,
            drawn_by=word(HORSE_KINDS[k.kind.text].drawn_by),
            drawn_from=word(HORSE_KINDS[k.kind.text].drawn_from),
            per_player=k.per is not None,
            **lowered(k, typed),
            provenance=provenance(k.provenance),
            at=at(k.span),
        )
        for k in horses.kinds
    )
    return ir.Horses(tables=tuple(tables), kinds=kinds)


def lower_payments(payments: ast.Payments | None, typed: Typed) -> ir.Payments:
    if payments is None:
        return ir.Payments()
    return ir.Payments(
        declared=True,
        unit=payments.unit,
        unit_provenance=provenance(payments.unit_provenance),
        stakes=tuple(_stake(s, typed) for s in payments.stakes),
        wins=_win_payments(payments, typed),
        kongs=_kong_payments(payments, typed),
        dealer_factors=tuple(_stake(d, typed) for d in payments.dealer_factors),
        caps=tuple(_stake(c, typed) for c in payments.caps),
        winners=tuple(_payment_setting(w) for w in payments.words),
        bonuses=_bonus_payments(payments, typed),
        relations=tuple(
            ir.Stake(
                **lowered(r, typed),
                provenance=provenance(r.provenance),
                at=at(r.span),
            )
            for r in payments.relations
        ),
        relation_mutual_twice=any(r.word is not None for r in payments.relations),
        relation_lines=_relation_payments(payments, typed),
        loss_caps=tuple(_stake(c, typed) for c in payments.loss_caps),
        dealer_bonuses=tuple(_stake(b, typed) for b in payments.dealer_bonuses),
        rounds=tuple(_stake(r, typed) for r in payments.rounds),
        honbas=tuple(_stake(h, typed) for h in payments.honbas),
        draws=tuple(
            ir.DrawPayment(
                item=word(d.item),
                payer=word(d.payer.text),
                payee=word(d.payee.text),
                amount_word=word(d.amount_word),
                **lowered(d, typed),
                provenance=provenance(d.provenance),
                at=at(d.span),
            )
            for d in payments.draws
        ),
        transfers=tuple(
            ir.KongTransfer(**lowered(t, typed), provenance=provenance(t.provenance), at=at(t.span))
            for t in payments.transfers
        ),
    )


def _payment_setting(w: ast.PayWord) -> ir.PaymentSetting:
    return ir.PaymentSetting(
        word=w.word.text,
        provenance=provenance(w.provenance),
        at=at(w.span),
    )


def _stake(
    s: ast.PayStake
    | ast.PayCap
    | ast.PayLossCap
    | ast.PayDealerBonus
    | ast.PayRound
    | ast.PayHonba,
    typed: Typed,
) -> ir.Stake:
    return ir.Stake(
        **lowered(s, typed),
        provenance=provenance(s.provenance),
        at=at(s.span),
    )


def _win_payments(payments: ast.Payments, typed: Typed) -> tuple[ir.WinPayment, ...]:
    return tuple(
        ir.WinPayment(
            payer=word(w.payer.text),
            for_all=w.for_all,
            **lowered(w, typed),
            provenance=provenance(w.provenance),
            at=at(w.span),
        )
        for w in payments.wins
    )


def _kong_payments(payments: ast.Payments, typed: Typed) -> tuple[ir.KongPayment, ...]:
    return tuple(
        ir.KongPayment(
            kind=word(k.kind.text),
            payer=word(k.payer.text),
            **lowered(k, typed),
            provenance=provenance(k.provenance),
            at=at(k.span),
        )
        for k in payments.kongs
    )


def _bonus_payments(payments: ast.Payments, typed: Typed) -> tuple[ir.BonusPayment, ...]:
    return tuple(
        ir.BonusPayment(
            item=word(b.item),
            kind=b.kind.text if b.kind is not None else None,
            **lowered(b, typed),
            provenance=provenance(b.provenance),
            at=at(b.span),
        )
        for b in payments.bonuses
    )


def _relation_payments(payments: ast.Payments, typed: Typed) -> tuple[ir.RelationPayment, ...]:
    return tuple(
        ir.RelationPayment(
            payer=word(r.payer.text),
            for_others=r.others is not None,
            **lowered(r, typed),
            provenance=provenance(r.provenance),
            at=at(r.span),
        )
        for r in payments.relation_lines
    )
