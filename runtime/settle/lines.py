"""Settlement lines: what one payment is (`Line`), the terms of the dealer's share and a
winner's hand as settled, and the cap, loss cap and stake that cut or scale lines.

Shared by `mjc.runtime.settle.settlement` (which settles a round) and
`mjc.runtime.settle.horselines` (the horse payments), so that neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from mjc.frozen import Frozen, frozen_fast
from mjc.runtime.score.scoring import Situation
from mjc.runtime.settle.payments import WinRule

__all__ = [
    "DealerTerms",
    "Line",
    "PaymentKind",
    "SettledHand",
    "capped",
    "honba_lines",
    "loss_capped",
    "staked",
]


PaymentKind = Literal[
    "hand", "liability", "horse", "kong", "follow", "streak", "deal_win", "draw", "kong_transfer",
    "honba", "deposit",
]  # fmt: skip
"""What a line pays for: the hand itself; a liability (包: one seat pays for all, or a claim
relation 承包/三包); horses (马); a kong; 跟庄 (following the dealer's discard); 连庄 (a
streak); a win at the deal (起手胡); the hands at an exhaustive draw (查大叫, 查花猪, 退税);
a kong's earnings paid on to the winner of its 杠上炮 (呼叫转移, `kong_transfer`); the 本場 a
hand is paid more (`honba`, Riichi); a ready declaration's deposit (供託) to the table, or the
table's deposits to a winner (`deposit`: the table is the payer or payee -1,
`mjc.runtime.ready.deposits.TABLE`).
Set where each line is made, so that no reader has to tell them apart by words."""


@frozen_fast  # made on every settled round's path: each payment a line
class Line(Frozen):
    """`payer` pays `payee` `amount` for `reason`, by the rulebook line `rule` (its id,
    `win@guangdong.mjr#6`: keyword, file, which line of that keyword in the payments
    section); `kind` says what the line pays for."""

    payer: int
    payee: int
    amount: int
    reason: str
    rule: str
    kind: PaymentKind

    def as_dict(self) -> dict[str, Any]:
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "rule": self.rule,
            "kind": self.kind,
        }


@frozen_fast  # one a settled round, one more a hand paid on a streak
class DealerTerms(Frozen):
    """What the dealer wins or pays on a hand: `factor` times the share, plus `bonus`
    (庄家多输多赢一底), with the lines that say so."""

    factor: int
    bonus: int
    factor_where: str | None
    bonus_where: str | None

    def share(self, value: int) -> int:
        return value * self.factor + self.bonus

    def note(self) -> str:
        """The reason's note for a hand the dealer wins or pays (empty when no line says)."""
        parts = []
        if self.factor != 1 and self.factor_where:
            parts.append(f"dealer ×{self.factor}: {self.factor_where}")
        if self.bonus and self.bonus_where:
            parts.append(f"dealer +{self.bonus}: {self.bonus_where}")
        return f" ({'; '.join(parts)})" if parts else ""


@dataclass(frozen=True, slots=True)
class SettledHand:
    """One winner's hand as settled: its value, situation, the win line and payer used, the
    dealer's terms and its lines before the cap and the stake."""

    seat: int
    value: int
    situation: Situation
    rule: WinRule
    payer: int | None
    dealer: DealerTerms
    lines: list[Line]


def _cut_in_proportion(amounts: list[int], cap: int, order: list[int]) -> list[int]:
    """`amounts` cut in proportion to total `cap`, the points the rounding leaves over going
    one by one to the amounts at the positions in `order` (each at most its own amount)."""
    total = sum(amounts)
    cut = [amount * cap // total for amount in amounts]
    left = cap - sum(cut)
    for i in order:
        if left == 0:
            break
        if cut[i] < amounts[i]:
            cut[i] += 1
            left -= 1
    return cut


def loss_capped(lines: list[Line], cap: int, where: str) -> list[Line]:
    """At most `cap` from each payer for this hand, all his shares together (勒子: 輸分的封頂值):
    a payer's lines cut in proportion, the points left over going one by one to his first
    lines; other payers' lines untouched."""
    amounts = [line.amount for line in lines]
    for payer in dict.fromkeys(line.payer for line in lines):
        mine = [i for i, line in enumerate(lines) if line.payer == payer]
        if sum(amounts[i] for i in mine) <= cap:
            continue
        cut = _cut_in_proportion([amounts[i] for i in mine], cap, list(range(len(mine))))
        for i, amount in zip(mine, cut, strict=True):
            amounts[i] = amount
    note = f"loses at most {cap} ({where})"
    return [
        line
        if amount == line.amount
        else replace(line, amount=amount, reason=f"{line.reason}, seat {line.payer} {note}")
        for line, amount in zip(lines, amounts, strict=True)
    ]


def capped(lines: list[Line], cap: int, where: str, winner: int, n: int) -> list[Line]:
    """At most `cap` to the winner from this hand: each payer's part cut in proportion, the
    points left over going one by one to the payers next in turn after the winner."""
    if sum(line.amount for line in lines) <= cap:
        return lines
    order = sorted(range(len(lines)), key=lambda i: (lines[i].payer - winner) % n)
    cut = _cut_in_proportion([line.amount for line in lines], cap, order)
    return [
        replace(line, amount=amount, reason=f"{line.reason}, capped at {cap} ({where})")
        for line, amount in zip(lines, cut, strict=True)
    ]


def rounded_up(line: Line, multiple: int) -> Line:
    """`line` with its amount rounded up to a multiple of `multiple` (> 0; `round up 100`,
    Riichi's points), the reason saying so when it changed."""
    amount = -(-line.amount // multiple) * multiple
    if amount == line.amount:
        return line
    return replace(line, amount=amount, reason=f"{line.reason}, rounded up to {multiple}s")


def staked(line: Line, stake: int) -> Line:
    if stake == 1:
        return line
    return replace(line, amount=line.amount * stake)


def honba_lines(lines: list[Line], per: int, honba: int, rule: str, losers: int) -> list[Line]:
    """What the payers of a hand's `lines` pay more for the round's `honba` 本場, `per` each
    per share: one share for a payment of a hand, one per loser (`losers`) for a payment for
    all (Riichi: 300 a 本場 on a discard, 100 from each seat on a self-draw)."""
    found: list[Line] = []
    for line in lines:
        if line.kind not in ("hand", "liability"):
            continue
        shares = losers if line.kind == "liability" else 1
        reason = f"{honba} 本場 × {per} for seat {line.payee}'s hand"
        if shares > 1:
            reason += f", for {shares} seats"
        found.append(Line(line.payer, line.payee, per * honba * shares, reason, rule, "honba"))
    return found
