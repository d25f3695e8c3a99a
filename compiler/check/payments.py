"""Checks of the payments section: words mjc knows, and lines that keep a round zero-sum.

Input: the `payments` section from the `Declarations` table (`mjc.compiler.resolve.declarations`).
Who pays, the kinds of kong and horse, the relation words and how several winners are paid are words
of mjc's vocabulary; and no line makes the one paid pay himself, or pays for a concealed kong nobody
fed, since settlement moves every point from a payer to a payee; a `dealer_bonus` is never
below zero under any options it applies to (it is added to what the dealer pays or wins); and
a `split` sum at a draw shares out evenly at every count of ready seats."""

from __future__ import annotations

from collections.abc import Mapping

from mjc.compiler.check.common import ir_options, unknown_word
from mjc.compiler.diagnostics import Diagnostic, error, warning
from mjc.compiler.ir import consteval
from mjc.compiler.language.vocabulary import (
    HORSE_KINDS,
    KONG_KINDS,
    KONG_PAYERS,
    PAYEE_WORDS,
    RELATION_PAYERS,
    WIN_PAYERS,
    WINNERS_MODES,
)
from mjc.compiler.resolve.declarations import Declarations
from mjc.compiler.resolve.typed import Typed
from mjc.compiler.syntax import ast
from mjc.frozen import Frozen, frozen
from mjc.runtime.settle.payments import line_parties


def _unknown_word(word: ast.Ident, what: str, known: Mapping[str, str], example: str) -> Diagnostic:
    """E0121 for a word of the payments section; `known` maps each word to what it means."""
    return unknown_word(
        "E0121",
        what,
        word,
        known,
        f"one of {', '.join(f'`{k}`' for k in known)}, e.g. `{example}`",
        label=f"not a {what}",
        describe=lambda k: known[k],
    )


def _horses_never_drawn(kind: ast.Ident) -> Diagnostic:
    """E0123: a `horse_payment` for a kind of horse the horses section never draws."""
    word = kind.text
    return error(
        "E0123",
        f"`horse_payment {word}` pays for {HORSE_KINDS[word].name} horses, but the horses "
        f"section draws no `{word}` horses",
        kind.span,
        label="never drawn: this payment is never made",
        help=f"declare them in the horses section (`horses {{ {word} 1 ... }}`), or remove "
        "the payment line",
    )


def check_payment_words(decls: Declarations) -> list[Diagnostic]:
    """The words of the payments section are ones mjc knows: who pays (`each`, `discarder`,
    `robbed`, `feeder`, `meld_feeder` for a win; `each`, `feeder` for a kong), the kinds of
    kong and how several winners are paid (`separately`). Words that name the one who is
    paid are left to the zero-sum check."""
    problems: list[Diagnostic] = []
    payments = decls.payments
    if payments is None:
        return problems
    win_payers = {k: w.meaning for k, w in WIN_PAYERS.items()}
    kong_payers = {k: w.meaning for k, w in KONG_PAYERS.items()}
    for win in payments.wins:
        if win.payer.text not in WIN_PAYERS and win.payer.text not in PAYEE_WORDS:
            problems.append(_unknown_word(win.payer, "payer", win_payers, "win each pays"))
    for kong in payments.kongs:
        if kong.kind.text not in KONG_KINDS:
            problems.append(
                _unknown_word(
                    kong.kind, "kind of kong", KONG_KINDS, "kong_payment concealed each pays 2"
                )
            )
        if kong.payer.text not in KONG_PAYERS and kong.payer.text not in PAYEE_WORDS:
            problems.append(
                _unknown_word(
                    kong.payer, "payer", kong_payers, "kong_payment exposed feeder pays 3"
                )
            )
    horse_kinds = {k: w.name for k, w in HORSE_KINDS.items()}
    # The kinds the horses section draws: a payment for any other kind is never paid.
    drawn = {k.kind.text for k in decls.horses.kinds} if decls.horses is not None else set()
    for bonus in payments.bonuses:
        if bonus.kind is not None and bonus.kind.text not in HORSE_KINDS:
            problems.append(
                _unknown_word(bonus.kind, "kind of horse", horse_kinds, "horse_payment bought 1")
            )
        elif (
            bonus.kind is not None
            and bonus.item == "horse_payer"
            and (wrong_kind := _horse_on_payer_kind(bonus.kind))
        ):
            problems += wrong_kind  # a kind that cannot hit a payer: whether it is drawn is moot
        elif bonus.kind is not None and bonus.kind.text not in drawn:
            problems.append(_horses_never_drawn(bonus.kind))
    for relation in payments.relations:
        if relation.word is not None and relation.word.text != "mutual_twice":
            problems.append(
                _unknown_word(
                    relation.word,
                    "relation word",
                    {"mutual_twice": "a relation formed in both directions counts twice"},
                    "claim_relation 3 mutual_twice",
                )
            )
    relation_payers = {k: w.meaning for k, w in RELATION_PAYERS.items()}
    for line in payments.relation_lines:
        if line.payer.text not in RELATION_PAYERS and line.payer.text not in PAYEE_WORDS:
            problems.append(
                _unknown_word(
                    line.payer, "payer", relation_payers, "relation_payment partner pays 5"
                )
            )
        if line.others is not None and line.others.text != "others":
            problems.append(
                _unknown_word(
                    line.others,
                    "word after `for`",
                    {"others": "his own share and N times every other loser's share"},
                    "relation_payment partner pays 2 for others",
                )
            )
    for word in payments.words:
        if word.word.text not in WINNERS_MODES:
            problems.append(
                _unknown_word(
                    word.word,
                    "way of paying several winners",
                    WINNERS_MODES,
                    "several_winners separately",
                )
            )
    return problems


def _horse_on_payer_kind(kind: ast.Ident) -> list[Diagnostic]:
    """E0120 for `horse_payer_payment` of a kind dealt to players (买马, 罚马): those horses
    already settle a hit on a loser between their owner and the winner."""
    if HORSE_KINDS[kind.text].drawn_from == "wall_end":
        return []
    ends = [k for k, w in HORSE_KINDS.items() if w.drawn_from == "wall_end"]
    return [
        error(
            "E0120",
            f"`horse_payer_payment` counts horses turned up at the end, not `{kind.text}` horses",
            kind.span,
            label=f"{HORSE_KINDS[kind.text].name} is dealt to a player, who bets with it",
            help=f"name a kind turned up at the end ({', '.join(f'`{k}`' for k in ends)}); "
            f"a {kind.text} horse on a loser is already paid by `horse_payment {kind.text}`",
        )
    ]


def check_payments_zero_sum(decls: Declarations) -> list[Diagnostic]:
    """Every payment moves points from a payer to the one paid, so a round always sums to
    zero; these lines could not: the one paid would pay himself (`win winner pays`, `kong …
    konger pays`), `for all` with every player paying (each would pay every loser's share:
    nobody is left to be paid for), or a kong feeder of a concealed kong (nobody fed it)."""
    problems: list[Diagnostic] = []
    payments = decls.payments
    if payments is None:
        return problems
    for win in payments.wins:
        if win.payer.text in PAYEE_WORDS:
            problems.append(
                _winner_pays_himself(win.payer, "`each`, `discarder`, `robbed`, `feeder`")
            )
        elif win.for_all and win.payer.text == "each":
            problems.append(
                error(
                    "E0509",
                    "`each pays for all` has no one to pay for: every loser would pay every "
                    "loser's share",
                    win.span,
                    label="`for all` needs a single payer",
                    help="write `win each pays` (one share each), or name one payer: "
                    "`win discarder pays for all`",
                )
            )
    for line in payments.relation_lines:
        if line.payer.text in PAYEE_WORDS:
            problems.append(_winner_pays_himself(line.payer, "`partner`, `discarder`, `robbed`"))
    for kong in payments.kongs:
        if kong.payer.text in PAYEE_WORDS:
            problems.append(
                error(
                    "E0509",
                    f"a kong is paid by `{kong.payer.text}`: the konger would pay himself",
                    kong.payer.span,
                    label="this is the one who is paid",
                    help="name who pays the konger: `each` or `feeder`",
                )
            )
        elif kong.payer.text == "feeder" and kong.kind.text == "concealed":
            problems.append(
                error(
                    "E0509",
                    "a concealed kong has no feeder: nobody would pay for it",
                    kong.payer.span,
                    label="nobody fed a concealed kong",
                    help="write `kong concealed each pays N`",
                )
            )
    return problems


def _winner_pays_himself(payer: ast.Ident, payers: str) -> Diagnostic:
    """E0509 for a win or relation line whose payer is the one it pays; `payers` are the words
    that line may name instead."""
    return error(
        "E0509",
        f"a winner is paid by `{payer.text}`: the {payer.text} would pay himself",
        payer.span,
        label="this is the one who is paid",
        help=f"name who pays the winner: {payers}",
    )


def check_dealer_bonus(decls: Declarations, typed: Typed) -> list[Diagnostic]:
    """Wherever a `dealer_bonus` line applies (its `if` holds), its value is a whole number of
    at least zero: a negative bonus would take from the dealer's share until it could turn
    round and make a winner pay the loser (E0511)."""
    problems: list[Diagnostic] = []
    if decls.payments is None:
        return problems
    options = ir_options(decls)
    for line in decls.payments.dealer_bonuses:
        value_expr = typed.get(line.value)
        guard = typed.get(line.guard)
        if value_expr is None:
            continue
        for setting in consteval.settings(options, consteval.options_read([value_expr, guard])):
            if not consteval.holds(guard, setting):
                continue
            try:
                value = consteval.evaluate(value_expr, setting)
            except consteval.NotConstant:
                break  # the type checker has said what a payments value may read
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                continue
            where = consteval.describe(setting, options)
            problems.append(
                error(
                    "E0511",
                    f"under {where} the dealer bonus is {value}, not a number of points to add",
                    line.value.span,
                    label="must be at least 0 wherever the line applies",
                    help="write how many points more the dealer wins or pays, e.g. "
                    "`dealer_bonus 1`, or guard the line so it applies only where it is 0 or more",
                )
            )
            break
    return problems


# The words of a draw line: who pays, who is paid, what a refund returns.
DRAW_PAYERS = {
    "each": "every seat still playing at the draw",
    "ready": "every seat still playing that is ready (聽牌)",
    "unready": "every seat still playing that is not ready",
}
DRAW_PAYEES = {
    "ready": "each ready seat still playing",
    "unready": "each seat still playing that is not ready",
    "others": "each seat still playing that this line does not charge",
}
DRAW_REFUNDS = {"kong": "what the seat's kongs earned (退税)"}


def _draw_word(word: ast.Ident, what: str, known: Mapping[str, str], example: str) -> Diagnostic:
    """E0530 for a word of a draw line mjc does not know."""
    return unknown_word(
        "E0530",
        what,
        word,
        known,
        f"one of {', '.join(f'`{k}`' for k in known)}, e.g. `{example}`",
        label=f"not a {what}",
        describe=lambda k: known[k],
    )


def check_draw_payments(decls: Declarations) -> list[Diagnostic]:
    """The draw lines (查大叫, 查花猪, 退税) use words mjc knows (E0530), and each can be
    computed: `best_hand` is paid only to ready seats, which alone have a best hand (E0531);
    `cap` needs a `cap` line (E0532); a refund of kongs needs a `kong_payment` line (E0533)."""
    problems: list[Diagnostic] = []
    payments = decls.payments
    if payments is None:
        return problems
    example = "draw_payment unready pays ready best_hand"
    for line in payments.draws:
        if line.payer.text not in DRAW_PAYERS:
            problems.append(_draw_word(line.payer, "draw payer", DRAW_PAYERS, example))
        if line.item == "refund":
            if line.payee.text not in DRAW_REFUNDS:
                known = DRAW_REFUNDS
                problems.append(
                    _draw_word(line.payee, "draw refund", known, "draw_refund kong unready")
                )
            elif not payments.kongs:
                problems.append(
                    error(
                        "E0533",
                        "`draw_refund kong` returns kong payments, but this rulebook pays none",
                        line.span,
                        label="nothing to refund",
                        help="add the `kong_payment` lines the refund returns, or remove this line",
                    )
                )
            continue
        if line.payee.text not in DRAW_PAYEES:
            problems.append(_draw_word(line.payee, "draw payee", DRAW_PAYEES, example))
        elif line.amount_word == "best_hand" and line.payee.text != "ready":
            problems.append(
                error(
                    "E0531",
                    f"`best_hand` is paid to `{line.payee.text}` seats, which may not be ready",
                    line.payee.span,
                    label="may have no hand to be paid for",
                    help="pay `best_hand` to `ready` seats, or pay these seats a number",
                )
            )
        if line.amount_word == "cap" and not payments.caps:
            problems.append(
                error(
                    "E0532",
                    "a draw payment of `cap`, but the payments section has no `cap` line",
                    line.span,
                    label="the cap is unknown",
                    help="add a `cap N` line to the payments section, or pay a number",
                )
            )
    return problems


def check_kong_transfer(decls: Declarations) -> list[Diagnostic]:
    """A `kong_transfer` line (呼叫转移) pays kong earnings on, so the rulebook pays kongs
    (E0534), and it is written once (E0535)."""
    problems: list[Diagnostic] = []
    payments = decls.payments
    if payments is None or not payments.transfers:
        return problems
    first, *more = payments.transfers
    if not payments.kongs:
        problems.append(
            error(
                "E0534",
                "`kong_transfer` pays kong earnings on, but this rulebook pays no kong",
                first.span,
                label="nothing to transfer",
                help="add the `kong_payment` lines the transfer pays on, or remove this line",
            )
        )
    for line in more:
        problems.append(
            error(
                "E0535",
                "`kong_transfer` is written twice; a kong's earnings are paid on once",
                line.span,
                label="second kong_transfer line",
                help="join the lines' `when` and `if` into one `kong_transfer` line",
            )
        )
    return problems


def check_split_evenness(decls: Declarations) -> list[Diagnostic]:
    """W0536: a draw line's `split N` (聴牌料) with a number N that some count of ready seats
    cannot share evenly, which settlement rounds down (the payers then pay less than N). Only
    lines whose payers are known from the ready seats alone (no `when`) can be counted."""
    payments = decls.payments
    if payments is None or decls.players is None:
        return []
    problems: list[Diagnostic] = []
    for line in payments.draws:
        amount = line.amount
        if line.amount_word != "split" or line.condition is not None:
            continue
        if not isinstance(amount, ast.IntLit) or amount.value <= 0:
            continue
        uneven = _uneven_split(amount.value, line.payer.text, line.payee.text, decls)
        if uneven is not None:
            players, ready, payers, payees = uneven
            share = amount.value // (payers * payees)
            lost = amount.value - share * payers * payees
            problems.append(
                warning(
                    "W0536",
                    f"`split {amount.value}` does not share out evenly with {players} players, "
                    f"{ready} of them ready: {_count(payers, 'payer')} paying "
                    f"{_count(payees, 'seat')} pay {share} each, {lost} less in all",
                    amount.span,
                    label="rounded down at some counts of ready seats",
                    help="pick a sum every count of payers and payees divides (聴牌料: 3000 at "
                    "4 players; 2000 or 3000 at 3)",
                )
            )
    return problems


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


@frozen
class _Seat(Frozen):
    """A seat at a draw as `line_parties` reads it: its number and whether it is ready."""

    seat: int
    ready: bool


def _uneven_split(
    whole: int, payer: str, payee: str, decls: Declarations
) -> tuple[int, int, int, int] | None:
    """The first (players, ready seats, payers, payees each) at which `whole` does not divide
    evenly, counted by the settlement's own `line_parties`, or None."""
    assert decls.players is not None
    for players in sorted(c.value for c in decls.players.counts):
        for ready in range(players + 1):
            seats = [_Seat(s, s < ready) for s in range(players)]
            parties = line_parties(payer, payee, seats, seats)
            for _, payees in parties:
                if payees and whole % (len(parties) * len(payees)):
                    return players, ready, len(parties), len(payees)
    return None
