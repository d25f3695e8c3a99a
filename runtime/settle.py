"""Settling a finished round: who pays whom, how much, for what, citing the rulebook line.

Input is a `Ruleset` (its scoring and its `Payments`) and a `RoundOutcome`; output is a
`Settlement`: itemised `Line`s and per-seat deltas. Every line moves an amount from one payer
to one payee, so the deltas sum to zero by construction. Each winner is scored with the
rulebook's own `Ruleset.score` and paid separately (several winners of one discard).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from runtime.hand import HandError
from runtime.options import OptionError
from runtime.payments import DEFAULT_PAYMENTS, Payments, RoundFacts, WinRule
from runtime.round import RoundError, RoundOutcome
from runtime.scoring import SITUATION_FLAGS, Score, Situation
from runtime.tiles import NotationError, tile_index

if TYPE_CHECKING:
    from runtime.ruleset import Ruleset

__all__ = ["Line", "Settlement", "settle"]

WINDS = ("E", "S", "W", "N")
_DEFAULT_WHERE = "default"


@dataclass(frozen=True, slots=True)
class Line:
    """`payer` pays `payee` `amount` for `reason`, by the rulebook line `rule` (file:line)."""

    payer: int
    payee: int
    amount: int
    reason: str
    rule: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "rule": self.rule,
        }


@dataclass(slots=True)
class Settlement:
    rulebook: str
    unit: str
    players: int
    stake: int
    lines: list[Line] = field(default_factory=list)
    scores: dict[int, Score] = field(default_factory=dict)

    @property
    def deltas(self) -> list[int]:
        deltas = [0] * self.players
        for line in self.lines:
            deltas[line.payer] -= line.amount
            deltas[line.payee] += line.amount
        return deltas

    def as_dict(self) -> dict[str, Any]:
        return {
            "rulebook": self.rulebook,
            "unit": self.unit,
            "stake": self.stake,
            "deltas": self.deltas,
            "lines": [line.as_dict() for line in self.lines],
            "winners": [
                {
                    "seat": seat,
                    "total": score.total,
                    "fans": [{"id": f.id, "name": f.name, "value": f.value} for f in score.fans],
                }
                for seat, score in self.scores.items()
            ],
        }


def meld_feeders(outcome: RoundOutcome) -> dict[int, int]:
    """包自摸 (十二张落地): for each player whose fourth claimed meld was completed by a discard,
    the seat that discarded it — only for the first player that seat did this to (包先不包后)."""
    counts: dict[int, int] = {}
    liable: dict[int, int] = {}
    used: set[int] = set()
    for claim in outcome.claims:
        counts[claim.seat] = counts.get(claim.seat, 0) + 1
        if counts[claim.seat] == 4 and claim.from_seat not in used:
            liable[claim.seat] = claim.from_seat
            used.add(claim.from_seat)
    return liable


def settle(ruleset: Ruleset, outcome: RoundOutcome) -> Settlement:
    """Settle one round; raises `RoundError` for a round the rulebook cannot settle (a winner's
    hand that is not a win, a player count or option it does not have)."""
    n = outcome.players
    if n not in ruleset.players:
        counts = ", ".join(str(p) for p in ruleset.players)
        raise RoundError(f"players: {ruleset.id} is played by {counts} players, not {n}")
    try:
        o = ruleset.resolve_options(outcome.options, players=n)
    except OptionError as exc:
        raise RoundError(f"options: {exc}") from None
    payments: Payments = getattr(ruleset, "payments", None) or DEFAULT_PAYMENTS
    stake, _ = payments.stake(o)
    stake = max(stake, 0)
    result = Settlement(ruleset.id, payments.unit or ruleset.unit, n, stake)
    count = len(outcome.winners)
    dealer_factor, dealer_where = payments.dealer(o)
    cap = payments.cap(o)
    feeders = meld_feeders(outcome)
    for index, winner in enumerate(outcome.winners):
        score = _score(ruleset, outcome, index)
        result.scores[winner.seat] = score
        situation = _situation(ruleset, outcome, index, count)
        rule, payer = _win_rule(payments, o, situation, outcome, winner.seat, count, feeders)
        lines = _hand_lines(
            score.total, rule, payer, winner.seat, outcome, max(dealer_factor, 1), dealer_where
        )
        if cap is not None:
            lines = _capped(lines, cap[0], cap[1], winner.seat, n)
        result.lines += [_staked(line, stake) for line in lines if line.amount]
    facts = RoundFacts(bool(outcome.winners), outcome.exhaustive_draw, count, n)
    holding = payments.kongs(o, facts)
    for number, kong in enumerate(outcome.kongs):
        for rule_index, amount in holding:
            kong_rule = payments.kong_rules[rule_index]
            if kong_rule.kind != kong.kind:
                continue
            if kong_rule.payer == "each":
                payers = [s for s in range(n) if s != kong.seat]
            elif kong.fed_by is not None:
                payers = [kong.fed_by]
            else:
                continue
            reason = f"kong {number + 1}: {kong.kind} kong of seat {kong.seat}"
            for seat in payers:
                line = Line(seat, kong.seat, amount * stake, reason, kong_rule.where)
                if line.amount:
                    result.lines.append(line)
            break
    return result


def _score(ruleset: Ruleset, outcome: RoundOutcome, index: int) -> Score:
    winner = outcome.winners[index]
    n = outcome.players
    try:
        score = ruleset.score(
            winner.hand,
            win=winner.win_tile,
            self_drawn=winner.self_drawn,
            seat_wind=WINDS[(winner.seat - outcome.dealer) % n],
            round_wind=outcome.round_wind,
            dealer=winner.seat == outcome.dealer,
            situations=_flags(outcome, index),
            players=n,
            options=outcome.options or None,
            indicator=outcome.indicator,
        )
    except (HandError, NotationError, OptionError, ValueError) as exc:
        raise RoundError(f"winners.{index}: {exc}") from None
    if not score.win:
        raise RoundError(f"winners.{index}.hand: not a win under {ruleset.id}: {score.reason}")
    return score


def _flags(outcome: RoundOutcome, index: int) -> tuple[str, ...]:
    flags = tuple(outcome.winners[index].situations)
    if len(outcome.winners) == 3 and "triple_win" not in flags:
        flags += ("triple_win",)
    return flags


def _situation(ruleset: Ruleset, outcome: RoundOutcome, index: int, count: int) -> Situation:
    winner = outcome.winners[index]
    flags = set(_flags(outcome, index))
    try:
        tile = tile_index(winner.win_tile) if winner.win_tile else 0
    except NotationError as exc:
        raise RoundError(f"winners.{index}.win_tile: {exc}") from None
    return Situation(
        winning_tile=tile,
        self_drawn=winner.self_drawn,
        dealer=winner.seat == outcome.dealer,
        players=outcome.players,
        kong_bloom="kong_bloom" in flags,
        robbing_kong="robbing_kong" in flags,
        last_tile="last_tile" in flags,
        heavenly="heavenly" in flags,
        earthly="earthly" in flags,
        human="human" in flags,
        triple_win="triple_win" in flags,
        extra=frozenset(flags - set(SITUATION_FLAGS)),
    )


def _payer_seat(
    rule: WinRule, outcome: RoundOutcome, winner: int, feeders: dict[int, int]
) -> int | None:
    """The seat a one-payer rule names in this round, or None when there is none."""
    seat = {
        "discarder": outcome.discarder,
        "robbed": outcome.robbed_from,
        "feeder": outcome.kong_fed_by,
        "meld_feeder": feeders.get(winner),
    }.get(rule.payer)
    return seat if seat is not None and seat != winner else None


def _win_rule(
    payments: Payments,
    o: dict[str, Any],
    s: Situation,
    outcome: RoundOutcome,
    winner: int,
    count: int,
    feeders: dict[int, int],
) -> tuple[WinRule, int | None]:
    """The first win line that holds and whose payer exists; without one, the default: every
    loser pays a self-draw, the robbed seat alone a robbed kong, the discarder a discard."""
    for index in payments.wins(o, s, count):
        rule = payments.win_rules[index]
        if rule.payer == "each":
            return rule, None
        seat = _payer_seat(rule, outcome, winner, feeders)
        if seat is not None:
            return rule, seat
    if s.self_drawn or s.kong_bloom:
        return WinRule("each", False, _DEFAULT_WHERE), None
    if s.robbing_kong and outcome.robbed_from is not None:
        return WinRule("robbed", True, _DEFAULT_WHERE), outcome.robbed_from
    if outcome.discarder is not None:
        return WinRule("discarder", False, _DEFAULT_WHERE), outcome.discarder
    return WinRule("each", False, _DEFAULT_WHERE), None


def _hand_lines(
    value: int,
    rule: WinRule,
    payer: int | None,
    winner: int,
    outcome: RoundOutcome,
    dealer_factor: int,
    dealer_where: str | None,
) -> list[Line]:
    n = outcome.players
    dealer = outcome.dealer

    def share(loser: int) -> int:
        if dealer in (winner, loser):
            return value * dealer_factor
        return value

    multiplied = dealer_factor != 1 and (winner == dealer or payer == dealer)
    note = f" (dealer ×{dealer_factor}: {dealer_where})" if multiplied and dealer_where else ""
    losers = [seat for seat in range(n) if seat != winner]
    if payer is None:
        return [
            Line(loser, winner, share(loser), f"hand of seat {winner}", rule.where)
            for loser in losers
        ]
    if rule.for_all:
        total = sum(share(loser) for loser in losers)
        reason = f"hand of seat {winner}: seat {payer} pays for all ({rule.payer})"
        return [Line(payer, winner, total, reason + note, rule.where)]
    reason = f"hand of seat {winner} ({rule.payer})"
    return [Line(payer, winner, share(payer), reason + note, rule.where)]


def _capped(lines: list[Line], cap: int, where: str, winner: int, n: int) -> list[Line]:
    """At most `cap` to the winner from this hand: each payer's part cut in proportion, the
    points left over going one by one to the payers next in turn after the winner."""
    total = sum(line.amount for line in lines)
    if total <= cap:
        return lines
    cut = [line.amount * cap // total for line in lines]
    order = sorted(range(len(lines)), key=lambda i: (lines[i].payer - winner) % n)
    left = cap - sum(cut)
    for i in order:
        if left == 0:
            break
        if cut[i] < lines[i].amount:
            cut[i] += 1
            left -= 1
    return [
        Line(line.payer, line.payee, amount, f"{line.reason}, capped at {cap} ({where})", line.rule)
        for line, amount in zip(lines, cut, strict=True)
    ]


def _staked(line: Line, stake: int) -> Line:
    if stake == 1:
        return line
    return Line(line.payer, line.payee, line.amount * stake, line.reason, line.rule)
