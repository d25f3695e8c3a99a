"""The tables of `mjc serve`: a `Match` of one rulebook, its seats (people or bots) and the
moves made so far.

Input: the rulebooks `mjc serve` loaded (`Library`: the bundled ones and those of the folder
it was given), the settings a lobby form or the JSON API sent (`TableSpec`, checked here:
untrusted), and the moves the table's sockets send (`mjc.compiler.serve.app` checks their
shape; `Table.act` checks that they are legal now). A table never trusts a move: the engine's
`legal_actions(seat)` decides, and a refused move changes nothing.

What a seat is shown (`Table.view`) is its own `observation` and what every seat may know
(the seats' names, the match's scores, who is under 托管, the seconds left on the clock, at
a round's end its settlement, and at the match's end its `match_end` line with how it
ended): never another seat's concealed tiles or anybody's token.

The move clock: each person asked to decide has `TableSpec.clock` seconds (`Table.wind`); a
seat whose time runs out (`Table.time_out`) gets 托管's move (`AutoBot`: win when it may,
else pass a claim, else discard the tile just drawn) and stays under 托管 (`Table.away`),
played at once like a bot, until its person takes it back. Those moves are moves like any
other: checked, counted and logged.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjc.compiler.loader import bundled_rulebooks, load
from mjc.compiler.syntax.sources import RulebookNotFound, rulebooks_in
from mjc.runtime import OptionError, Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, Bot, RandomBot
from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.gamelog import match_end_line
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation

__all__ = [
    "BOT_KINDS",
    "DEFAULT_CLOCK",
    "MAX_CLOCK",
    "MIN_CLOCK",
    "Library",
    "SeatSpec",
    "SetupError",
    "Table",
    "TableSpec",
]

BOT_KINDS = ("greedy", "random")
MAX_NAME = 40  # a player's name, in characters
DEFAULT_CLOCK = 30.0  # seconds a person has for each decision, unless the table says
MIN_CLOCK = 0.05  # a shorter clock (but 0, none) is refused: the tests use the shortest
MAX_CLOCK = 3600.0


class SetupError(ValueError):
    """Settings a table cannot be made with: one line saying why (shown to the person)."""


class Library:
    """The rulebooks a server offers, by id: the bundled ones, then those of `folder` (a
    rulebook of the folder with a bundled id replaces the bundled one). A rulebook that does
    not compile is left out and named in `broken`."""

    def __init__(self, folder: str | None = None, names: Sequence[str] | None = None) -> None:
        self.rulesets: dict[str, Ruleset] = {}
        self.broken: list[str] = []
        chosen = list(bundled_rulebooks()) if names is None else list(names)
        if folder is not None:
            path = Path(folder)
            chosen += [str(p) for p in rulebooks_in(path)] if path.is_dir() else [folder]
        for name in chosen:
            try:
                loaded = load(name)
            except RulebookNotFound:
                self.broken.append(name)
                continue
            if loaded.ruleset is None:
                self.broken.append(name)
            else:
                self.rulesets[loaded.ruleset.id] = loaded.ruleset

    def get(self, rulebook: str) -> Ruleset:
        ruleset = self.rulesets.get(rulebook)
        if ruleset is None:
            raise SetupError("no such rulebook on this server")
        return ruleset


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat: `bot` is a `BOT_KINDS` word, or None for a person; `token` its secret."""

    name: str
    bot: str | None
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "token": self.token}


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a table is made of; stored with the table, so a restart makes the same one."""

    rulebook: str
    options: dict[str, str]
    seed: int
    seats: tuple[SeatSpec, ...]
    clock: float = DEFAULT_CLOCK  # seconds for each decision of a person; 0: no clock

    @classmethod
    def new(
        cls,
        library: Library,
        rulebook: object,
        options: object,
        seats: object,
        seed: object = None,
        clock: object = DEFAULT_CLOCK,
    ) -> TableSpec:
        """Settings from a form or the JSON API, checked; `SetupError` says what is wrong.
        `seats` is a list of {"name", "bot"} (bot: a `BOT_KINDS` word or null); `seed` the
        match's (a whole number from 0 to 2**31 - 1; None: a random one); `clock` the
        seconds a person has for each decision (0 for no clock)."""
        if not isinstance(rulebook, str):
            raise SetupError("rulebook: the id of a rulebook")
        ruleset = library.get(rulebook)
        if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()
        ):
            raise SetupError("options: a map of option ids to values (text)")
        known = {o.id for o in ruleset.options}
        given = {k: v for k, v in options.items() if v != ""}
        unknown = sorted(set(given) - known)
        if unknown:
            raise SetupError(f"{ruleset.id} has no option {unknown[0][:40]!r}")
        if not isinstance(seats, list) or len(seats) not in ruleset.players:
            counts = " or ".join(str(n) for n in ruleset.players)
            raise SetupError(f"seats: {counts} seats at a {ruleset.id} table")
        specs = tuple(_seat(i, s) for i, s in enumerate(seats))
        chosen = secrets.randbelow(_SEEDS) if seed is None else _seed(seed)
        spec = cls(ruleset.id, given, chosen, specs, _clock(clock))
        try:  # the options are checked by the rulebook itself (constraints included)
            Match(ruleset, seed=chosen, options=given, players=len(specs)).next_round()
        except (OptionError, GameSetupError, ValueError) as exc:
            raise SetupError(str(exc)) from None
        return spec

    def to_json(self) -> dict[str, Any]:
        return {
            "rulebook": self.rulebook,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "clock": self.clock,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSpec:
        """A stored spec (one stored before tables had a clock gets the default)."""
        seats = tuple(SeatSpec(s["name"], s["bot"], s["token"]) for s in data["seats"])
        clock = _clock(data.get("clock", DEFAULT_CLOCK))
        return cls(data["rulebook"], dict(data["options"]), int(data["seed"]), seats, clock)


_SEEDS = 2**31  # a table's seed is below this (as the random ones are)


def _seed(value: object) -> int:
    """A seed given to the JSON API (a table played again the same way), checked."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < _SEEDS:
        raise SetupError(f"seed: a whole number from 0 to {_SEEDS - 1}")
    return value


def _clock(value: object) -> float:
    """A table's clock from the settings: 0 (none), or seconds from `MIN_CLOCK` to
    `MAX_CLOCK`; a form sends it as text."""
    if isinstance(value, str):
        try:
            value = float(value) if value.strip() else DEFAULT_CLOCK
        except ValueError:
            value = None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SetupError("clock: the seconds a person has for each decision (a number)")
    try:
        seconds = float(value)
    except OverflowError:  # an integer of hundreds of digits
        seconds = math.inf
    if not math.isfinite(seconds) or (seconds != 0 and not MIN_CLOCK <= seconds <= MAX_CLOCK):
        raise SetupError(f"clock: 0 (no clock) or {MIN_CLOCK:g} to {MAX_CLOCK:g} seconds")
    return seconds


def _seat(index: int, data: object) -> SeatSpec:
    if not isinstance(data, dict):
        raise SetupError(f"seat {index}: an object with a name and a bot (or null)")
    bot = data.get("bot")
    if bot is not None and bot not in BOT_KINDS:
        raise SetupError(f"seat {index}: bot is one of {', '.join(BOT_KINDS)}, or null")
    name = data.get("name") or (f"{bot} bot {index}" if bot else f"seat {index}")
    if not isinstance(name, str):
        raise SetupError(f"seat {index}: a name is text")
    name = " ".join(name.split())[:MAX_NAME]  # one line, no control characters' layout
    return SeatSpec(name, bot, secrets.token_urlsafe(24))


@dataclass(slots=True)
class Table:
    """A live table: its match, the round being played (`game`), the rounds dealt so far
    (`round_no`, from 0) and the moves of this round (`move`, the number every message
    names). `asked[seat]` is the move at which the seat was last asked to decide: a move
    naming an earlier one is stale or replayed, while one naming any move since is still
    an answer to the question (two people answering the same discard both count).

    `away` holds the seats under 托管 (played by `auto` at once, like bots); `deadlines[seat]`
    is (the move the seat was asked at, the `time.monotonic()` its clock runs out) for each
    person the table waits for, while the table has a clock."""

    id: str
    spec: TableSpec
    ruleset: Ruleset
    match: Match
    game: Round
    bots: list[Bot | None]
    round_no: int = 0
    move: int = 0
    asked: dict[int, int] = field(default_factory=dict)
    on_move: Callable[[Table, Action], None] | None = field(default=None, repr=False)
    away: set[int] = field(default_factory=set)
    deadlines: dict[int, tuple[int, float]] = field(default_factory=dict)
    auto: AutoBot = field(default_factory=AutoBot, repr=False)

    @classmethod
    def start(cls, table_id: str, spec: TableSpec, ruleset: Ruleset) -> Table:
        """The table as `spec` sets it up, its first round dealt (bots not yet moved)."""
        match = Match(ruleset, seed=spec.seed, options=spec.options, players=len(spec.seats))
        game = match.next_round()
        bots: list[Bot | None] = []
        for seat, s in enumerate(spec.seats):
            if s.bot == "greedy":
                bots.append(GreedyBot(ruleset, spec.options))
            elif s.bot == "random":
                bots.append(RandomBot(spec.seed * 8 + seat + 1))
            else:
                bots.append(None)
        return cls(table_id, spec, ruleset, match, game, bots, asked=_asked({}, game, 0, -1))

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), or None."""
        found = None
        for seat, s in enumerate(self.spec.seats):
            if secrets.compare_digest(s.token.encode(), token.encode()):
                found = seat
        return found

    def act(self, seat: int, action: Action) -> None:
        """Play `seat`'s move; `IllegalAction` (nothing changed) when it is not legal now."""
        if self.game.over:
            raise IllegalAction("the round is over")
        if action not in self.game.legal_actions(seat):
            raise IllegalAction(f"seat {seat} may not do that now")
        before = self.game.to_act()
        self.game.apply(action)
        self.move += 1
        self.asked = _asked(self.asked, self.game, self.move, seat, before)
        if self.on_move is not None:
            self.on_move(self, action)
        if self.game.over:
            self.match.finish(self.game)

    def bot_step(self) -> bool:
        """One move of a bot or of 托管 for a seat under it, when one is to act; False when
        the round waits for a person or is over."""
        if self.game.over:
            return False
        for seat in self.game.to_act():
            bot = self.auto if seat in self.away else self.bots[seat]
            if bot is not None:
                self._play_for(seat, bot)
                return True
        return False

    def _play_for(self, seat: int, bot: Bot) -> None:
        seen = None if getattr(bot, "blind", False) else observation(self.game, seat)
        self.act(seat, bot.choose(seen, self.game.legal_actions(seat)))

    def waiting(self) -> list[int]:
        """The people the table waits for now (none under 托管, none once the round is over)."""
        if self.game.over:
            return []
        return [s for s in self.game.to_act() if self.bots[s] is None and s not in self.away]

    def wind(self, now: float) -> float | None:
        """Start the clock of each person newly asked to decide (a person still deciding
        keeps the time it had); the seconds until the first clock runs out, or None when no
        clock runs."""
        if self.spec.clock <= 0:
            return None
        kept = {}
        for seat in self.waiting():
            asked = self.asked.get(seat, self.move)
            old = self.deadlines.get(seat)
            kept[seat] = (
                old if old is not None and old[0] == asked else (asked, now + self.spec.clock)
            )
        self.deadlines = kept
        return max(0.0, min(d for _, d in kept.values()) - now) if kept else None

    def time_out(self, now: float) -> list[int]:
        """托管's move for each person whose clock has run out (they stay under 托管); the
        seats played for."""
        played = []
        for seat, (asked, deadline) in sorted(self.deadlines.items()):
            if deadline <= now and seat in self.waiting() and self.asked.get(seat) == asked:
                self.away.add(seat)
                self._play_for(seat, self.auto)
                played.append(seat)
        self.deadlines = {s: d for s, d in self.deadlines.items() if s not in played}
        return played

    def set_away(self, seat: int, away: bool) -> None:
        """Put a person's seat under 托管 (the server plays it) or take it back."""
        if away:
            self.away.add(seat)
        else:
            self.away.discard(seat)

    @property
    def match_over(self) -> bool:
        """Whether the table's match is over: its round is over and the match's rules end it
        there (a match of fixed length played out, 飛び, 和了止め). A match without a length
        never ends: its table deals rounds for as long as people ask."""
        return self.game.over and self.match.over

    def next_round(self) -> None:
        """Deal the next round of the match (the current one must be over, the match not)."""
        if not self.game.over:
            raise IllegalAction("the round is still being played")
        if self.match_over:
            raise IllegalAction("the match is over")
        self.game = self.match.next_round()
        self.round_no += 1
        self.move = 0
        self.asked = _asked({}, self.game, 0, -1)

    def answers(self, seat: int, move: object) -> bool:
        """Whether a message of `seat` naming `move` answers the question it is asked now."""
        return type(move) is int and self.asked.get(seat, self.move) <= move <= self.move

    def view(self, seat: int, now: float | None = None) -> dict[str, Any]:
        """All `seat` may see (see the module docstring): plain JSON data. `left[s]` is the
        seconds seat `s` has left to decide (None: not asked, or no clock), at `now`."""
        left: list[float | None] = [None] * len(self.spec.seats)
        if now is not None:
            for s, (_, deadline) in self.deadlines.items():
                left[s] = round(max(0.0, deadline - now), 1)
        data: dict[str, Any] = {
            "table": self.id,
            "title": self.ruleset.title,
            "round": self.round_no,
            "move": self.move,
            "names": [s.name for s in self.spec.seats],
            "bots": [s.bot for s in self.spec.seats],
            "scores": list(self.match.scores),
            "clock": self.spec.clock,
            "left": left,
            "away": [s in self.away for s in range(len(self.spec.seats))],
            "seen": observation(self.game, seat),
        }
        if self.game.over and self.game.settlement is not None:
            data["settlement"] = _settlement(self.game)
        if self.match_over:
            data["match_end"] = {**match_end_line(self.match), "ended_by": self.match.ended_by}
        return data


def _asked(
    asked: dict[int, int], game: Round, move: int, mover: int, before: Sequence[int] = ()
) -> dict[int, int]:
    """`Table.asked` after a move of `mover`: a seat newly to act (or the mover, asked again)
    is asked at `move`; a seat still deciding keeps the move it was asked at."""
    now = game.to_act()
    return {s: asked[s] if s in before and s != mover and s in asked else move for s in now}


def _settlement(game: Round) -> dict[str, Any]:
    """The round's end for people: each winner's fans, the payments and the deltas."""
    settlement = game.settlement
    assert settlement is not None
    assert game.result is not None
    outcome = game.result["outcome"]
    events = [outcome.get("winners", []), *(e["winners"] for e in outcome.get("later_wins", []))]
    scores = []
    for number, (event, scored) in enumerate(
        zip(events, [settlement.scores, *settlement.later_scores], strict=False)
    ):
        winners = {w["seat"]: w for w in event}
        for seat, score in sorted(scored.items()):
            won = winners.get(seat, {})
            fans = [
                {"name": f.name, "english": f.english, "value": f.value, "count": f.count}
                for f in score.fans
            ]
            row = {
                "seat": seat,
                "total": score.total,
                "unit": score.unit,
                "fans": fans,
                "hand": won.get("hand"),
                "win_tile": won.get("win_tile"),
                "self_drawn": won.get("self_drawn"),
            }
            if number:  # a later win event where play goes on after a win (after_win)
                row["event"] = number + 1
            scores.append(row)
    return {
        "unit": settlement.unit,
        "scores": scores,
        "lines": [
            {"payer": x.payer, "payee": x.payee, "amount": x.amount, "reason": x.reason}
            for x in settlement.lines
        ],
        "deltas": list(settlement.deltas),
    }
