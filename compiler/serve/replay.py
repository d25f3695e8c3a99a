"""The replay viewer of `mjc serve`: a game log (`mjc.runtime.game.gamelog`, as `mjc play
--log` writes it or as the store keeps a finished round) played again into the list of its
states, each seen from one seat (`observation`) or with every hand open.

Input: the text of a log, uploaded by anybody, so untrusted: at most `MAX_LOG` bytes, UTF-8,
each line read and validated by `mjc.runtime.game.gamelog` (its JSON limits, its schema) and
every decision checked by the engine as `replay` plays it. The rulebook is the one the log
names, looked up in the server's `Library` (bundled or the served folder's) and nowhere else.
Whatever goes wrong is one `ReplayError` line for a refusal page, never a traceback; every
string taken from the log reaches the page through the templates' autoescape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjc.compiler.serve.tables import Library
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import LogError, read_start, replay
from mjc.runtime.game.observation import observation
from mjc.runtime.tiles.tile import tile_text

__all__ = ["MAX_LOG", "Replay", "ReplayError", "Step", "parse_view", "replay_log"]

MAX_LOG = 1_048_576  # a round's log is some tens of kilobytes
MAX_LINES = 5_000  # a round has some hundreds of lines
ALL = "all"  # the view with every hand open


class ReplayError(ValueError):
    """A log that cannot be shown: one line saying why (shown to the person)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One state: the decision that led to it (None for the deal) and what the view sees."""

    line: dict[str, Any] | None
    seen: dict[str, Any]


@dataclass(slots=True)
class Replay:
    """A log played again: its rulebook, the view it is seen from and every state."""

    rulebook: str
    title: str
    players: int
    view: str  # a seat's number as text, or `ALL`
    steps: list[Step] = field(default_factory=list)
    deltas: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def parse_view(text: object, players: int = 4) -> str:
    """The view a request names: "all" or a seat's number below `players` (else `ALL`)."""
    if isinstance(text, str) and text.isdigit() and len(text) == 1 and int(text) < players:
        return text
    return ALL


def _seen(game: Round, view: str) -> dict[str, Any]:
    """What `view` sees of `game`; the tile just drawn, when its seat's hand shows, is set
    apart from that hand (`drawn`, `drawn_by`) as the table page shows it."""
    if view != ALL:
        seen = observation(game, int(view))
    else:
        seen = observation(game, game.dealer)
        seen["seat"] = None  # no seat's view: every hand is open, none is "yours"
        seen["seats"] = [observation(game, s)["seats"][s] for s in range(game.players)]
        seen.pop("legal", None)
    seen.pop("drawn", None)
    if game.phase == "turn" and game.drew >= 0:
        hand = seen["seats"][game.turn].get("concealed")
        drawn = tile_text(game.drew)
        if hand is not None and drawn in hand:
            hand.remove(drawn)
            seen["drawn"], seen["drawn_by"] = drawn, game.turn
    return seen


def replay_log(library: Library, data: bytes, view: str) -> Replay:
    """Every state of the log `data` as `view` sees it; `ReplayError` saying why not."""
    if len(data) > MAX_LOG:
        raise ReplayError(f"a game log is at most {MAX_LOG} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("a game log is UTF-8 text, one JSON object a line") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise ReplayError(f"a game log has at most {MAX_LINES} lines")
    try:
        start = read_start(lines)
        ruleset = library.rulesets.get(start["rulebook"])
        if ruleset is None:
            name = start["rulebook"][:60]
            raise ReplayError(f"the log is of the rulebook {name}, which this server lacks")
        view = parse_view(view, start["players"])
        shown = Replay(ruleset.id, ruleset.title, start["players"], view)

        def step(game: Round, line: dict[str, Any] | None) -> None:
            shown.steps.append(Step(line, _seen(game, view)))

        game = replay(ruleset, lines, step)
    except LogError as exc:
        raise ReplayError(f"the log does not replay: {exc}") from None
    except RecursionError:
        raise ReplayError("the log does not replay: a line nests too deep") from None
    if game.settlement is not None:
        shown.deltas = list(game.settlement.deltas)
    if game.result is not None:
        shown.winners = [w["seat"] for w in game.result["outcome"].get("winners", [])]
    # The last state is the round as it ended, its result (horses turned up) included.
    if shown.steps:
        shown.steps[-1] = Step(shown.steps[-1].line, _seen(game, view))
    return shown
