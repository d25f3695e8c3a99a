"""The wins of a round, event by event: `Winner`, `WinEvent` and the views settlement pays.

A round ends at its first win under every bundled rulebook (`TurnRules.after_win` end). Where
play goes on after a win (血战到底 `leave`, 血流成河 `stay`), a round holds several **win
events**: a self-draw, the winners on one discard (一炮多响), or the robbers of one kong. The
round JSON (`mjc.runtime.settle.round.RoundOutcome`) keeps its first event where a one-win
round has it (`winners`, `discarder`, `robbed_from`, `robbed_kong`, `kong_fed_by`,
`bloom_kong`) and lists the later ones in `later_wins`, in the order they happened, each a
`WinEvent` with the same fields; an old round JSON has none and reads as before.

`event_views` turns a round into one `RoundOutcome` per event (the round with that event's
winners in the place of the first), each validated like a one-win round, so every check of
a win applies to each event alone; `event_problem` says what a rulebook's `after_win` forbids
of the events together (later wins at all under `end`; a seat that left winning, paying or
feeding a kong again under `leave`). Settlement (`mjc.runtime.settle.settlement`) scores and
pays every event's winners as it pays a one-win round's, and the seats that left before an
event (under `leave`) pay nothing of it.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from mjc.runtime.tiles.hand import LARGEST_TILES, MAX_TILES, Hand, parse_hand
from mjc.runtime.tiles.tile import NotationError

if TYPE_CHECKING:
    from mjc.runtime.settle.round import RoundOutcome

__all__ = [
    "EVENT_FIELDS",
    "Model",
    "WinEvent",
    "Winner",
    "event_problem",
    "event_views",
    "gone_before",
    "left_before",
]

# The fields of one win event, at the top of a round (its first event) and in `later_wins`.
EVENT_FIELDS = ("winners", "discarder", "robbed_from", "robbed_kong", "kong_fed_by", "bloom_kong")


class Model(BaseModel):
    """Every field is strict about its type: "4" is not 4, 4.0 is not 4, true is not 1 (the
    JSON Schema says integer); a JSON array stands for a tuple, as JSON has no tuples."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Winner(Model):
    """One winner: the seat, the hand in mpsz notation (the winning tile among the concealed
    tiles), the winning tile (default: the last concealed tile written), whether it was
    self-drawn, and the situations of the win (kong_bloom, robbing_kong, last_tile, heavenly,
    earthly, human, or a rulebook's own)."""

    seat: StrictInt = Field(ge=0)
    hand: StrictStr
    win_tile: StrictStr | None = None
    self_drawn: StrictBool = False
    situations: tuple[StrictStr, ...] = ()

    @cached_property
    def parsed(self) -> Hand:
        """The hand, parsed once for every check and for the score (raises `HandError`);
        `check_sizes` holds it to the rulebook's size."""
        return parse_hand(self.hand, self.win_tile, tiles=LARGEST_TILES)


class WinEvent(Model):
    """A win after the first where play goes on after a win (`after_win` leave or stay): its
    winners (one self-drawer, the winners on one discard, or the robbers of one kong) with
    their hands as they won, and the fields a round's first event has at its top, meaning
    the same: `discarder`, `robbed_from` and `robbed_kong`, `kong_fed_by` and `bloom_kong`."""

    winners: tuple[Winner, ...] = Field(min_length=1)
    discarder: StrictInt | None = Field(default=None, ge=0)
    robbed_from: StrictInt | None = Field(default=None, ge=0)
    robbed_kong: Literal["exposed", "concealed", "added"] = "added"
    kong_fed_by: StrictInt | None = Field(default=None, ge=0)
    bloom_kong: Literal["exposed", "added"] | None = None


def event_views(outcome: RoundOutcome) -> list[RoundOutcome]:
    """One round per win event, first to last: the round itself for the first (or the only
    one), and for each later event the round with that event's fields in the place of the
    first's, validated as a one-win round (`ValueError` naming `later_wins.<i>` when one is
    not). A round without a win has no event."""
    if not outcome.winners:
        return []
    if not outcome.later_wins:
        return [outcome]
    base = outcome.model_dump(exclude_unset=True, exclude={*EVENT_FIELDS, "later_wins"})
    base["exhaustive_draw"] = False
    views = [outcome.model_copy(update={"later_wins": (), "exhaustive_draw": False})]
    for i, event in enumerate(outcome.later_wins):
        data = {**base, **event.model_dump(exclude_unset=True)}
        try:
            views.append(type(outcome).model_validate(data, context={"tiles": outcome._tiles}))
        except ValueError as exc:
            raise ValueError(f"later_wins.{i}.{_first_error(exc)}") from None
    return views


def win_size(context: object) -> int:
    """The tiles of a win a round is parsed for: the validation context's `tiles` (what
    `parse_round` passes, the rulebook's), 14 by default."""
    tiles = context.get("tiles") if isinstance(context, dict) else None
    return tiles if isinstance(tiles, int) and MAX_TILES <= tiles <= LARGEST_TILES else MAX_TILES


def check_sizes(outcome: RoundOutcome) -> None:
    """Each winner's hand is no larger than a win of the rulebook (`outcome._tiles`), and no
    seat declares more sets than a hand holds: its claims and concealed kongs, and its kongs
    (a `ValueError` naming the field)."""
    tiles = outcome._tiles
    most = (tiles - 2) // 3
    for i, winner in enumerate(outcome.winners):
        try:
            parse_hand(winner.hand, winner.win_tile, tiles=tiles)
        except NotationError as exc:
            raise ValueError(f"winners.{i}.hand: {exc}") from None
    sets = {k.seat: 0 for k in outcome.kongs}
    for k in outcome.kongs:
        if k.kind == "concealed":
            sets[k.seat] += 1
    for i, c in enumerate(outcome.claims):
        sets[c.seat] = sets.get(c.seat, 0) + 1
        if sets[c.seat] > most:
            made = sum(1 for x in outcome.claims[: i + 1] if x.seat == c.seat)
            hidden = sets[c.seat] - made
            also = f" beside {hidden} concealed kong(s) in kongs" if hidden else ""
            raise ValueError(
                f"claims.{i}: seat {c.seat}'s claim number {made}{also} makes more than "
                f"{most} sets, and a hand holds at most {most}"
            )
    konged: dict[int, int] = {}
    for i, k in enumerate(outcome.kongs):
        konged[k.seat] = konged.get(k.seat, 0) + 1
        if konged[k.seat] > most:
            raise ValueError(
                f"kongs.{i}: seat {k.seat}'s kong number {konged[k.seat]}: a hand holds "
                f"at most {most} kongs"
            )


def _first_error(exc: ValueError) -> str:
    """The first problem of a view, as `parse_round` words it (`field: message`)."""
    errors = getattr(exc, "errors", None)
    if errors is None:
        return str(exc)
    first = errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def event_problem(outcome: RoundOutcome, after_win: str, rulebook: str) -> str | None:
    """What the rulebook's `after_win` (under the round's options) forbids of the round's win
    events, or None: under `end`, a later win or an exhaustive draw with winners (the round
    ends at its first win); under `leave`, a seat that won and left winning again, paying a
    later win (the discarder, the robbed seat) or feeding its kong bloom, or every seat
    winning; under `stay`, nothing more than each event's own checks."""
    kongs = _kong_problem(outcome, after_win)
    if kongs is not None:
        return kongs
    if after_win == "end":
        if outcome.later_wins:
            return (
                f"later_wins: {rulebook} ends a round at its first win (after_win end under "
                "these options): a round has no later wins"
            )
        if outcome.exhaustive_draw and outcome.winners:
            return "winners: a round with an exhaustive draw has no winners"
        return None
    if after_win != "leave":
        return None
    left: set[int] = set()
    events = [outcome.winners, *(e.winners for e in outcome.later_wins)]
    origins = [
        (outcome.discarder, outcome.robbed_from, outcome.kong_fed_by),
        *((e.discarder, e.robbed_from, e.kong_fed_by) for e in outcome.later_wins),
    ]
    for i, (winners, seats) in enumerate(zip(events, origins, strict=True)):
        where = "winners" if i == 0 else f"later_wins.{i - 1}"
        for winner in winners:
            if winner.seat in left:
                return (
                    f"{where}: seat {winner.seat} won before and left the round (after_win "
                    "leave, 血战到底): it wins no more"
                )
        for name, seat in zip(("discarder", "robbed_from", "kong_fed_by"), seats, strict=True):
            if seat is not None and seat in left:
                return (
                    f"{where}.{name}: seat {seat} won before and left the round (after_win "
                    "leave, 血战到底): it discards, kongs and pays no more"
                )
        left.update(w.seat for w in winners)
    if len(left) >= outcome.players:
        return (
            f"later_wins: every seat won, but under after_win leave (血战到底) the round ends "
            f"once all but one of the {outcome.players} players have won"
        )
    return None


def _kong_problem(outcome: RoundOutcome, after_win: str) -> str | None:
    """A kong said to come after more win events than the round has, after a win where the
    round ended at it, or made or fed under `leave` by a seat that had left."""
    events = (1 + len(outcome.later_wins)) if outcome.winners else 0
    for i, kong in enumerate(outcome.kongs):
        if kong.wins_before > events or (kong.wins_before and after_win == "end"):
            return (
                f"kongs.{i}.wins_before: a kong after {kong.wins_before} win events, in a round "
                f"that plays on after {events if after_win != 'end' else 0} of them"
            )
        gone = gone_before(outcome, after_win, kong.wins_before)
        for name, seat in (("seat", kong.seat), ("fed_by", kong.fed_by)):
            if seat is not None and seat in gone:
                return (
                    f"kongs.{i}.{name}: seat {seat} won before and left the round (after_win "
                    "leave, 血战到底): it makes and feeds no kong"
                )
    return None


def gone_before(outcome: RoundOutcome, after_win: str, events: int) -> frozenset[int]:
    """The seats that left the round in its first `events` win events (after_win leave: their
    winners); nobody leaves otherwise."""
    if after_win != "leave" or events <= 0:
        return frozenset()
    winners = [outcome.winners, *(e.winners for e in outcome.later_wins)][:events]
    return frozenset(w.seat for group in winners for w in group)


def left_before(outcome: RoundOutcome, after_win: str) -> list[frozenset[int]]:
    """For each win event, the seats that left the round before it (after_win leave: the
    winners of the earlier events), who pay nothing of it; nobody leaves otherwise."""
    found: list[frozenset[int]] = []
    gone: set[int] = set()
    for winners in [outcome.winners, *(e.winners for e in outcome.later_wins)]:
        found.append(frozenset(gone))
        if after_win == "leave":
            gone.update(w.seat for w in winners)
    return found
