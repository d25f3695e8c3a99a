"""Settling a finished round: who pays whom, how much, for what, citing the rulebook line.

Input is a `RoundOutcome` and what the rulebook says about it, passed in by `Ruleset.settle`
(which checks the player count and resolves the options first): the option values, the
`RoundRules` its claims are checked against, its `Payments`, its unit, and a function that
scores one winner's hand (`Ruleset.score`). Nothing here calls back into the `Ruleset`.
Output is a `Settlement`: itemised `Line`s and per-seat deltas. Every line moves an amount
from one payer to one payee, so the deltas sum to zero by construction. Each winner is scored
and paid separately (several winners of one discard).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from mjc.runtime.ready.deposits import round_deposits
from mjc.runtime.score.options import OptionError
from mjc.runtime.score.scoring import SITUATION_FLAGS, Score, Situation
from mjc.runtime.settle.claimcheck import RoundRules, round_problems
from mjc.runtime.settle.dealwinlines import DealWinRules, deal_win_lines
from mjc.runtime.settle.drawlines import DrawSeat, draw_lines
from mjc.runtime.settle.horselines import horse_lines
from mjc.runtime.settle.liability import claim_relations, meld_feeders, pattern_feeders
from mjc.runtime.settle.lines import (
    DealerTerms,
    Line,
    PaymentKind,
    SettledHand,
    capped,
    honba_lines,
    loss_capped,
    rounded_up,
    staked,
)
from mjc.runtime.settle.payments import BonusRule, HeldAtDraw, Payments, RoundFacts, WinRule
from mjc.runtime.settle.round import RoundError, RoundOutcome
from mjc.runtime.settle.tilecount import copy_problems
from mjc.runtime.settle.winevents import event_problem, event_views, gone_before, left_before
from mjc.runtime.tiles.hand import Hand, HandError
from mjc.runtime.tiles.tile import NotationError, tile_index

__all__ = ["Line", "PaymentKind", "ScoreHand", "Settlement", "settle"]

_DEFAULT_WHERE = "default"


@dataclass(slots=True)
class Settlement:
    rulebook: str
    unit: str
    players: int
    stake: int
    lines: list[Line] = field(default_factory=list)
    scores: dict[int, Score] = field(default_factory=dict)
    # The scores of the later win events (after_win leave or stay), event by event.
    later_scores: list[dict[int, Score]] = field(default_factory=list)
    # The deposits on the table (供託) before and after (`mjc.runtime.ready.deposits`).
    table_before: int = 0
    table_after: int = 0

    @property
    def deltas(self) -> list[int]:
        deltas = [0] * (self.players + 1)  # the last: the table's, left out
        for line in self.lines:
            deltas[line.payer] -= line.amount
            deltas[line.payee] += line.amount
        return deltas[:-1]

    def as_dict(self) -> dict[str, Any]:
        data = {
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
                    # with a points section (Riichi): the fu and the points the hand is paid on
                    **({"fu": score.fu} if score.fu is not None else {}),
                    **(
                        {"points": score.points, "limit": score.limit}
                        if score.points is not None
                        else {}
                    ),
                }
                for seat, score in self.scores.items()
            ],
        }
        if self.table_before or self.table_after or any(x.kind == "deposit" for x in self.lines):
            data["table"] = {"before": self.table_before, "after": self.table_after}
        if self.later_scores:
            data["later_winners"] = [
                [{"seat": seat, "total": score.total} for seat, score in scores.items()]
                for scores in self.later_scores
            ]
        return data


class ScoreHand(Protocol):
    """Scores one winner's hand as `Ruleset.score` does (`win=False` with a reason when the
    hand is no win); raises `HandError`, `NotationError`, `OptionError` or `ValueError`."""

    def __call__(
        self,
        hand: Hand,
        *,
        self_drawn: bool,
        seat_wind: str,
        round_wind: str,
        dealer: bool,
        situations: Iterable[str],
        players: int | None,
        options: Mapping[str, object] | None,
        indicator: str | None,
        declared: Mapping[str, str] | None = None,
        dealer_streak: int = 0,
        dora_indicators: Iterable[str] = (),
        ura_indicators: Iterable[str] = (),
        set_aside: int = 0,
    ) -> Score: ...


def settle(
    outcome: RoundOutcome,
    *,
    options: dict[str, Any],
    rules: RoundRules,
    payments: Payments,
    unit: str,
    score_hand: ScoreHand,
    deal_wins: DealWinRules | None = None,
    after_win: str = "end",
    draw_seat: DrawSeat | None = None,
    checked: bool = False,
    held: Mapping[int, HeldAtDraw] | None = None,
) -> Settlement:
    """Settle one round under the resolved option values `options`; raises `RoundError` for a
    round the rulebook cannot settle (a winner's hand that is not a win, a claim, kong, robbed
    kong or use of a wild it does not allow: `mjc.runtime.settle.claimcheck`; more copies of a
    tile than the game has: `tilecount`; a win at the deal its hand does not hold: `deal_wins`;
    win events its `after_win` forbids: `mjc.runtime.settle.winevents`).

    Every win event is paid (`later_wins` where play goes on after a win), each checked as a
    round of that one win and its winners scored and paid as a one-win round's, lines of later
    events naming their win (`win 2: ...`); under `after_win` leave the seats that left before
    an event pay nothing of it. Kongs, the deal's wins and the bonuses (horses, 跟庄, 连庄,
    counted on the first event's winners) are paid once a round, and a kong's earnings are paid
    on to the winner of its 杠上炮 where a `kong_transfer` line holds (呼叫转移); at an
    exhaustive draw with `hands`, the draw lines (`drawlines`, by `draw_seat`). `stake` and
    `dealer_bonus` are read in the round's dealer streak. `checked`: the game engine's own round
    (`Ruleset.settle(played=True)`, `settle_played` with its hands at the draw `held`), whose
    play held it to the rulebook's claims and copies: those two checks are not made again."""
    n = outcome.players
    o = options
    problem = event_problem(outcome, after_win, rules.rulebook)
    if problem is not None:
        raise RoundError(problem)
    try:
        views = event_views(outcome) or [outcome]
    except ValueError as exc:  # pragma: no cover - a parsed round's events were checked
        raise RoundError(str(exc)) from None
    for where, view in enumerate(() if checked else views):
        problems = round_problems(rules, view)
        problems = problems or copy_problems(view, rules.copies)  # whole-round copies
        if problems:
            raise RoundError(f"later_wins.{where - 1}: " * (where > 0) + problems[0])
    stake, _ = payments.stake_in(o, outcome.streak)
    stake = max(stake, 0)
    result = Settlement(rules.rulebook, payments.unit or unit, n, stake)
    count = len(outcome.winners)
    dealer_factor, dealer_where = payments.dealer(o)
    bonus, bonus_where = payments.dealer_bonus_in(o, outcome.streak)
    dealer = DealerTerms(max(dealer_factor, 1), max(bonus, 0), dealer_where, bonus_where)
    firsts: list[SettledHand] = []
    for number, (view, left) in enumerate(zip(views, left_before(outcome, after_win), strict=True)):
        scores: dict[int, Score] = result.scores if number == 0 else {}
        hands = _event_lines(
            score_hand, rules.rulebook, payments, o, view, dealer, result, scores, left, number
        )
        if number == 0:
            firsts = hands
        else:
            result.later_scores.append(scores)
    # A round with a win is a won round for the kong and bonus lines, its wall run out or not;
    # they are paid once, the bonuses (horses, 跟庄, 连庄) on the first win event's hands.
    facts = RoundFacts(bool(outcome.winners), outcome.exhaustive_draw and not count, count, n)
    result.lines += _bonus_lines(payments, o, views[0], facts, firsts, stake)
    by_kong = _kong_lines(outcome, payments.kongs(o, facts), payments, rules, after_win, stake)
    result.lines += [line for lines in by_kong.values() for line in lines]
    moved, transfers = _transfer_lines(payments, o, views, by_kong)
    result.lines += transfers
    result.lines += deal_win_lines(outcome, deal_wins, stake)
    # A kong whose earnings were paid on (呼叫转移) has nothing left to refund at a draw.
    kong_lines = [line for k, lines in by_kong.items() if k not in moved for line in lines]
    result.lines += draw_lines(outcome, payments, o, draw_seat, after_win, kong_lines, stake, held)
    moves, result.table_before, result.table_after = round_deposits(outcome)
    result.lines += [Line(*move, "deposit", "deposit") for move in moves]
    return result


def _kong_lines(
    outcome: RoundOutcome,
    holding: tuple[tuple[int, int], ...],
    payments: Payments,
    rules: RoundRules,
    after_win: str,
    stake: int,
) -> dict[int, list[Line]]:
    """What each kong earned its konger (by index in `outcome.kongs`), by the first kong
    line of its kind that holds for the round and whose payer exists."""
    n = outcome.players
    unscored = {kind for kind, scored in rules.kong_kinds if not scored}
    first = rules.kong_kinds[0][0] if rules.kong_kinds else None
    found: dict[int, list[Line]] = {}
    for number, kong in enumerate(outcome.kongs):
        if (kong.as_ or first) in unscored:
            continue  # a kind of kong that earns no kong payment (补张)
        for rule_index, amount in holding:
            kong_rule = payments.kong_rules[rule_index]
            if kong_rule.kind != kong.kind:
                continue
            if kong_rule.payer == "each":  # the seats still playing when it was made
                gone = gone_before(outcome, after_win, kong.wins_before)
                payers = [s for s in range(n) if s != kong.seat and s not in gone]
            elif kong.fed_by is not None:
                payers = [kong.fed_by]
            else:
                continue
            reason = f"kong {number + 1}: {kong.kind} kong of seat {kong.seat}"
            lines = [
                Line(seat, kong.seat, amount * stake, reason, kong_rule.where, "kong")
                for seat in payers
            ]
            found[number] = [line for line in lines if line.amount]
            break
    return found


def _transfer_lines(
    payments: Payments, o: dict[str, Any], views: list[RoundOutcome], by_kong: dict[int, list[Line]]
) -> tuple[set[int], list[Line]]:
    """呼叫转移 (`kong_transfer`): on a win event whose winners won 杠上炮 (`kong_discard`), what
    the discarder earned from his kong whose replacement led to the discard (his last kong
    made before that win) is paid on to the winner, when a `kong_transfer` line holds for
    him. Of several winners of that discard, the first in turn order after the discarder
    takes it all (convention: 呼叫转移 moves one kong's money once, and 四川 tables that split
    it differ on the odd point); the line's `when` is read for that winner. Returns the
    kongs paid on (by index) and the lines."""
    moved: set[int] = set()
    lines: list[Line] = []
    if not payments.kong_transfer_rules:
        return moved, lines
    for number, view in enumerate(views):
        discarder = view.discarder
        takers = [i for i, w in enumerate(view.winners) if "kong_discard" in w.situations]
        if discarder is None or not takers:
            continue
        index = min(takers, key=lambda i: (view.winners[i].seat - discarder) % view.players)
        holding = payments.kong_transfers(o, _situation(view, index), len(view.winners))
        if not holding:
            continue
        event = f"later_wins.{number - 1}." if number else ""
        kongs = [
            k
            for k, kong in enumerate(view.kongs)
            if kong.seat == discarder and kong.wins_before <= number
        ]
        if not kongs:
            raise RoundError(
                f"{event}winners.{index}.situations: kong_discard (杠上炮), but the discarder "
                f"(seat {discarder}) made no kong before this win"
            )
        kong, winner = kongs[-1], view.winners[index].seat
        earned = sum(line.amount for line in by_kong.get(kong, ()) if line.payee == discarder)
        if kong in moved or not earned:
            continue
        moved.add(kong)
        reason = f"win {number + 1}: " if number else ""
        reason += (
            f"kong transfer (呼叫转移): what kong {kong + 1} earned seat {discarder}, "
            f"to seat {winner} (杠上炮)"
        )
        where = payments.kong_transfer_rules[holding[0]]
        lines.append(Line(discarder, winner, earned, reason, where, "kong_transfer"))
    return moved, lines


def _event_lines(
    score_hand: ScoreHand,
    rulebook: str,
    payments: Payments,
    o: dict[str, Any],
    outcome: RoundOutcome,
    dealer: DealerTerms,
    result: Settlement,
    scores: dict[int, Score],
    left: frozenset[int],
    number: int,
) -> list[SettledHand]:
    """Score and pay the winners of one win event (`outcome`: the round with that event's
    winners), each separately; the seats in `left` (gone before it, after_win leave) pay
    nothing of it. Later events' lines say which win they pay."""
    n, count = outcome.players, len(outcome.winners)
    if not count:
        return []  # a round drawn with no win: nothing below is read
    stake = result.stake
    cap = payments.cap(o)
    rounding = payments.round_up(o)
    honba = payments.honba(o) if outcome.honba else None
    # 本場 go to one winner of a discard, the nearest after the discarder (頭ハネ).
    first = min(
        outcome.winners, key=lambda w: (w.seat - (outcome.discarder or 0)) % n, default=None
    )
    feeders = meld_feeders(outcome)
    patterns = pattern_feeders(outcome)
    threshold = payments.relation(o)
    relations = (
        claim_relations(outcome, max(threshold[0], 1), payments.relation_mutual_twice)
        if threshold
        else {}
    )
    hands: list[SettledHand] = []
    for index, winner in enumerate(outcome.winners):
        score = _score(score_hand, rulebook, outcome, index, number)
        scores[winner.seat] = score
        situation = _situation(outcome, index)
        rule, payer = _win_rule(
            payments, o, situation, outcome, winner.seat, count, feeders, patterns
        )
        if payer in left:  # a liable seat gone before this win (血战到底): the others pay
            rule, payer = WinRule("each", False, _DEFAULT_WHERE), None
        # With a points section (Riichi) a hand is paid on its points, else on its value.
        value = score.points if score.points is not None else score.total
        lines = _hand_lines(value, rule, payer, winner.seat, outcome, dealer, left)
        if relations:
            related = _relation_lines(
                payments, o, situation, outcome, winner.seat, value, dealer, relations
            )
            lines = related or lines
        lines = [line for line in lines if line.payer not in left]
        hands.append(SettledHand(winner.seat, value, situation, rule, payer, dealer, lines))
        loss = payments.loss_cap(o, score.ceiling)
        if loss is not None:
            lines = loss_capped(lines, max(loss[0], 0), loss[1])
        if cap is not None:
            lines = capped(lines, cap[0], cap[1], winner.seat, n)
        if number:
            lines = [replace(line, reason=f"win {number + 1}: {line.reason}") for line in lines]
        lines = [staked(line, stake) for line in lines if line.amount]
        if rounding is not None and rounding[0] > 0:
            lines = [rounded_up(line, rounding[0]) for line in lines]
        if honba is not None and honba[0] > 0 and winner is first:
            losers = n - 1 - len(left)
            lines += honba_lines(lines, honba[0], outcome.honba, honba[1], losers)
        result.lines += lines
    return hands


def _bonus_lines(
    payments: Payments,
    o: dict[str, Any],
    outcome: RoundOutcome,
    facts: RoundFacts,
    hands: list[SettledHand],
    stake: int,
) -> list[Line]:
    """Horse hits (买马, 罚马, 奖马, 抓马), 跟庄 and 连庄, by the rulebook's `horse_payment`,
    `follow_payment` and `streak_payment` lines that hold for the round: the first line of
    each item (and kind of horse) is used. Horse tiles the options do not deal are refused."""
    chosen: dict[tuple[str, str | None], tuple[BonusRule, int]] = {}
    for index, amount in payments.bonuses(o, facts):
        rule = payments.bonus_rules[index]
        chosen.setdefault((rule.item, rule.kind), (rule, amount))
    lines: list[Line] = []
    lines += horse_lines(payments, o, outcome, hands, chosen)
    follow = chosen.get(("follow", None))
    rounds = outcome.follow_rounds
    if follow is not None and rounds and follow[1] > 0:
        rule, amount = follow
        total = amount * rounds * (rounds + 1) // 2
        steps = "+".join(str(amount * x) for x in range(1, rounds + 1))
        counted = " (from the opening discards)" if outcome.opening is not None else ""
        reason = f"follow the dealer (跟庄): {rounds} rounds{counted}, {steps} to each"
        for seat in range(outcome.players):
            if seat != outcome.dealer:
                lines.append(Line(outcome.dealer, seat, total, reason, rule.where, "follow"))
    streak = chosen.get(("streak", None))
    if streak is not None and outcome.streak and streak[1] > 0:
        rule, amount = streak
        extra = amount * outcome.streak
        for hand in hands:
            # The streak is multiplied like the hand, but the dealer's bonus is paid once.
            terms = DealerTerms(hand.dealer.factor, 0, None, None)
            for line in _hand_lines(extra, hand.rule, hand.payer, hand.seat, outcome, terms):
                reason = f"streak (连庄 {outcome.streak}) on the hand of seat {hand.seat}"
                lines.append(
                    Line(line.payer, line.payee, line.amount, reason, rule.where, "streak")
                )
    return [staked(line, stake) for line in lines if line.amount > 0]


def _score(
    score_hand: ScoreHand, rulebook: str, outcome: RoundOutcome, index: int, number: int = 0
) -> Score:
    winner = outcome.winners[index]
    event = f"later_wins.{number - 1}." if number else ""
    try:
        score = score_hand(
            winner.parsed,
            self_drawn=winner.self_drawn,
            **outcome.seat_facts(winner.seat),
            situations=_flags(outcome, index),
            declared=outcome.declarations.get(winner.seat),  # 定缺
            dealer_streak=outcome.streak,  # 连庄, which fans may read
            dora_indicators=outcome.dora_indicators,  # ドラ表示牌, 裏ドラ表示牌 (Riichi)
            ura_indicators=outcome.ura_indicators,
            set_aside=outcome.set_aside_count(winner.seat),  # 北抜き: 抜きドラ
        )
    except (HandError, NotationError, OptionError, ValueError) as exc:
        raise RoundError(f"{event}winners.{index}: {exc}", getattr(exc, "code", None)) from None
    if not score.win:
        raise RoundError(f"{event}winners.{index}.hand: not a win under {rulebook}: {score.reason}")
    return score


def _flags(outcome: RoundOutcome, index: int) -> tuple[str, ...]:
    flags = tuple(outcome.winners[index].situations)
    triple = len(outcome.winners) == 3 and "triple_win" not in flags
    return (*flags, "triple_win") if triple else flags


def _situation(outcome: RoundOutcome, index: int) -> Situation:
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
        kong_discard="kong_discard" in flags,
        flower_robbed="flower_robbed" in flags,
        extra=frozenset(flags - set(SITUATION_FLAGS)),
    )


def _payer_seat(
    rule: WinRule,
    outcome: RoundOutcome,
    winner: int,
    feeders: dict[int, int],
    patterns: dict[tuple[str, int], int],
) -> int | None:
    """The seat a one-payer rule names in this round, or None when there is none."""
    seat = {
        "discarder": outcome.discarder,
        "robbed": outcome.robbed_from,
        # `feeder`: 点杠者 of a 明杠 only (广东 杠上开花包杠（明杠）); `any_feeder` also the
        # feeder of the pong a 补杠 grew from (百色 点杠（或点碰后杠）).
        "feeder": outcome.kong_fed_by if outcome.fed_kong == "exposed" else None,
        "any_feeder": outcome.kong_fed_by,
        "meld_feeder": feeders.get(winner),
        "winds_feeder": patterns.get(("winds_feeder", winner)),
        "dragons_feeder": patterns.get(("dragons_feeder", winner)),
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
    patterns: dict[tuple[str, int], int],
) -> tuple[WinRule, int | None]:
    """The first win line that holds and whose payer exists; without one, the default: every
    loser pays a self-draw, the robbed seat alone a robbed kong, the discarder a discard."""
    for index in payments.wins(o, s, count):
        rule = payments.win_rules[index]
        if rule.payer == "each":
            return rule, None
        seat = _payer_seat(rule, outcome, winner, feeders, patterns)
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
    terms: DealerTerms,
    left: frozenset[int] = frozenset(),
) -> list[Line]:
    n = outcome.players
    dealer = outcome.dealer

    def share(loser: int) -> int:
        if dealer in (winner, loser):
            return terms.share(value)
        return value

    def said(loser: int | None) -> str:
        return terms.note() if dealer in (winner, loser) else ""

    note = said(payer)
    losers = [seat for seat in range(n) if seat != winner and seat not in left]
    if payer is None:
        hand = f"hand of seat {winner}"
        return [
            Line(loser, winner, share(loser), hand + said(loser), rule.where, "hand")
            for loser in losers
        ]
    if rule.for_all:
        total = sum(share(loser) for loser in losers)
        reason = f"hand of seat {winner}: seat {payer} pays for all ({rule.payer})"
        return [Line(payer, winner, total, reason + note, rule.where, "liability")]
    reason = f"hand of seat {winner} ({rule.payer})"
    return [Line(payer, winner, share(payer), reason + note, rule.where, "hand")]


def _relation_lines(
    payments: Payments,
    o: dict[str, Any],
    s: Situation,
    outcome: RoundOutcome,
    winner: int,
    value: int,
    terms: DealerTerms,
    relations: dict[tuple[int, int], int],
) -> list[Line] | None:
    """A related winner's hand (承包, 三包): every relation line that holds is paid, by the
    partners (each related seat that did not win too, once per relation: mutual relations
    count twice), the discarder or the robbed seat (once, or once per relation when he is a
    partner). None when the winner has no relation or no relation line applies."""
    n = outcome.players
    partners = {p: relations[(winner, p)] for p in range(n) if (winner, p) in relations}
    if not partners:
        return None
    won = {w.seat for w in outcome.winners}
    discarder = None if s.self_drawn else outcome.discarder
    holding = payments.relations(o, s, len(won), discarder in partners, discarder in outcome.ready)

    def share(loser: int) -> int:
        if outcome.dealer in (winner, loser):
            return terms.share(value)
        return value

    lines: list[Line] = []
    for index, amount in holding:
        rule = payments.relation_rules[index]
        if rule.payer == "partner":
            targets = [(p, times) for p, times in partners.items() if p not in won]
        else:
            seat = discarder if rule.payer == "discarder" else outcome.robbed_from
            if seat is None or seat in won or (rule.payer == "robbed" and not s.robbing_kong):
                continue
            targets = [(seat, partners.get(seat, 1))]
        for seat, times in targets:
            if rule.for_others:
                others = sum(share(x) for x in range(n) if x not in (winner, seat))
                total = (share(seat) + amount * others) * times
                what = f"own share + {amount}× the others'"
            else:
                total = amount * share(seat) * times
                what = f"{amount} shares"
            twice = f" ×{times} (mutual relation)" if times > 1 else ""
            reason = (
                f"relation (claims between seats {winner} and "
                f"{', '.join(str(p) for p in partners)}): hand of seat {winner}, "
                f"{rule.payer} {seat} pays {what}{twice}"
            )
            lines.append(Line(seat, winner, total, reason, rule.where, "liability"))
    return [line for line in lines if line.amount] or None
