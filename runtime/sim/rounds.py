"""What a simulation needs from one finished round: `RoundSummary`, and how a round is played.

The game engine plays a round and hands back, through `summarize`, exactly what the balance
report reads: each winner's fans, total and scoring steps (from the `Score` of
`mjc.runtime.score.scoring`, its steps from `mjc.runtime.score.explain`), the round's `Settlement`
(`mjc.runtime.settle.settlement`: per-seat deltas and itemised lines, from which horse and liability
payments are told apart by `payment_kind`), and the facts of the round (`RoundInfo`). A
`PlayRound` is the one function a simulation calls: `play_round(ruleset, options, players,
seed, bots) -> RoundSummary`; it must be deterministic in its arguments and importable by
name (it crosses process and machine boundaries by reference).

Seeds and seats are fixed here too, so that every runner (one process, many, a Ray cluster)
plays the same games: game `i` of a run with seed `s` is played with `game_seed(s, i)`, and
its bots sit by `seat_bots`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from mjc.runtime.score.explain import Step
from mjc.runtime.score.scoring import FanScore, Score

if TYPE_CHECKING:
    from mjc.runtime.rules.ruleset import Ruleset
    from mjc.runtime.settle.settlement import Line, Settlement

__all__ = [
    "BOT_NAMES",
    "PAYMENT_KINDS",
    "PlayRound",
    "RoundInfo",
    "RoundSummary",
    "WinnerSummary",
    "game_seed",
    "payment_kind",
    "seat_bots",
    "summarize",
]

# The bots a simulation may seat (`--bots`); the engine provides them.
BOT_NAMES: tuple[str, ...] = ("random", "greedy")

# What a settlement line pays for (`settle.PaymentKind`, in its order; `payment_kind` reads
# it): the hand itself, a liability (包: one seat pays for all, or a claim relation 承包/三包),
# horses (马), kongs, 跟庄, 连庄, the wins at the deal (起手胡), the draw lines, and a kong's
# earnings paid on to the winner of its 杠上炮 (呼叫转移), the 本場 (Riichi's honba), and the
# deposits of ready declarations (供託), listed in a report only where some round paid one.
PAYMENT_KINDS: tuple[str, ...] = (
    "hand",
    "liability",
    "horse",
    "kong",
    "follow",
    "streak",
    "deal_win",
    "draw",
    "kong_transfer",
    "honba",
    "deposit",
)


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """The facts of a finished round that neither the scores nor the settlement hold.

    `drawn` is an exhaustive draw (no winner); `self_drawn` a win by self-draw; `discarder`
    the seat whose discard won (None for a self-draw or a draw); `bots` the bot name of each
    seat; `turns` the number of turns played; `win_events` how many win events the round
    had (0 or 1 where a round ends at its first win; more where play goes on after a win,
    `after_win` leave or stay)."""

    players: int
    dealer: int
    drawn: bool
    self_drawn: bool
    discarder: int | None
    bots: tuple[str, ...]
    turns: int
    win_events: int = 0


@dataclass(frozen=True, slots=True)
class WinnerSummary:
    """One winner's hand as the report reads it: its seat, total, the fans that counted and
    the steps from the fans to the total (each with its kind and rule id)."""

    seat: int
    total: int
    fans: tuple[FanScore, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """Everything the balance report needs from one finished round: the winners in seat
    order, the per-seat deltas and the settlement's lines, and the round's facts."""

    info: RoundInfo
    winners: tuple[WinnerSummary, ...]
    deltas: tuple[int, ...]
    lines: tuple[Line, ...]

    @property
    def dealer_won(self) -> bool:
        return any(w.seat == self.info.dealer for w in self.winners)


def summarize(
    score_by_winner: Mapping[int, Score],
    settlement: Settlement,
    facts: RoundInfo,
    later: Sequence[Mapping[int, Score]] = (),
) -> RoundSummary:
    """The summary of a round from each winner's `Score` (by seat), its `Settlement` and its
    facts, the winners of its later win events (`later`, by event) after the first's;
    raises `ValueError` when they disagree (a score that is no win, a seat out of range,
    deltas of another table size), since a report built on them would be wrong."""
    n = facts.players
    if len(facts.bots) != n or settlement.players != n:
        raise ValueError(f"a round of {n} players needs {n} bots and deltas")
    if facts.drawn and score_by_winner:
        raise ValueError("a drawn round has no winner")
    winners: list[WinnerSummary] = []
    won = [(seat, event[seat]) for event in (score_by_winner, *later) for seat in sorted(event)]
    for seat, score in won:
        if not 0 <= seat < n:
            raise ValueError(f"winner seat {seat} is not a seat of {n} players")
        if not score.win:
            raise ValueError(f"the hand of winner {seat} is no win: {score.reason}")
        winners.append(WinnerSummary(seat, score.total, score.fans, score.steps))
    return RoundSummary(facts, tuple(winners), tuple(settlement.deltas), tuple(settlement.lines))


def payment_kind(line: Line) -> str:
    """Which of `PAYMENT_KINDS` a settlement line pays: the kind `settle` gave it where it
    made the line."""
    return line.kind


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `run_seed`: a 64-bit number from a hash, the
    same on every machine and independent of which worker plays the game."""
    digest = hashlib.sha256(f"mjc-simulate:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot of each seat in game `index`: one name seats it everywhere; a mix turns one
    seat further each game, so that every bot sits in every seat equally often."""
    if not bots:
        raise ValueError("a simulation needs at least one bot")
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


class PlayRound(Protocol):
    """Plays one whole round with the given bots (one per seat) and summarises it; the same
    arguments always give the same summary. `options` are the rulebook's resolved values."""

    def __call__(
        self,
        ruleset: Ruleset,
        options: Mapping[str, object],
        players: int,
        seed: int,
        bots: tuple[str, ...],
    ) -> RoundSummary: ...
