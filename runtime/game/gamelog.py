"""The game log: a round as JSON lines, its published JSON Schema, and its replay.

A log is one `start` line (the rulebook, seed, seats, options and, when the caller gave one,
the `TurnRules` override; whether the dealer was drawn; the round's situations; the scenario
it was set up with, `mjc.runtime.game.scenario`), then every
event of `Round.events` in order: the wall, the deal, flowers, draws, each seat's decision
(`action`, marked `auto` when the system played it), the tiles a kind of kong turned up
(`turn_up`), 托管 switched on or off (`auto`), each claim served, the round abandoned by the
caller (`abandon`), and the `end` with the settlement's deltas and the round JSON it settled.
A match's log (`mjc play --match`) is a `match` line, each round's log in turn, `match_end`.
`replay` plays the log's decisions again from its seed and checks every line against what the
engine produces: the first line that disagrees is named (`LogError`, with its line number).
Logs are untrusted input: each line is read within `mjc.runtime.settle.jsoninput`'s limits and
validated by the models below, which are also the schema (`game_log_schema`,
docs/game-log.md).
"""

from __future__ import annotations

import dataclasses
import json
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from mjc.runtime.game.actions import KINDS, ActionError, IllegalAction, action_from_json
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.scenario import Scenario
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.score.options import OptionError
from mjc.runtime.settle.jsoninput import JSONInputError, load_json
from mjc.runtime.settle.roundtypes import OptionValue
from mjc.runtime.tableplay.abortive import AbortiveDraw
from mjc.runtime.tiles.tile import tile_index, tile_text

__all__ = [
    "LOG_FORMAT",
    "LogError",
    "game_log_schema",
    "log_lines",
    "match_end_line",
    "read_start",
    "replay",
    "rules_from_json",
    "start_line",
    "validate_line",
]

LOG_FORMAT = "mjc-game-log"
# A tile; a red five (赤ドラ) is written 0m, 0p or 0s where it is dealt, drawn or discarded.
_Tile = Annotated[StrictStr, Field(pattern=r"^([1-9][mpszf]|0[mps])$")]
_Seat = Annotated[StrictInt, Field(ge=0, le=3)]


class LogError(ValueError):
    """A log that does not replay: one line naming the log line (1-based) and why.
    `disagrees` is true when the line is well formed but the game disagrees with it (an
    edited tile, an illegal action), false when the log cannot be read (garbage, truncated)."""

    def __init__(self, message: str, disagrees: bool = False) -> None:
        super().__init__(message)
        self.disagrees = disagrees


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScenarioPart(_Line):
    """A round's scenario (`mjc.runtime.game.scenario.Scenario.to_json`): the parts it names."""

    hands: dict[Annotated[StrictStr, Field(pattern=r"^[0-3]$")], list[_Tile]] = {}
    head: list[_Tile] = []
    tail: list[_Tile] = []
    indicator: _Tile | None = None
    dora: list[_Tile] = []  # added: the dead wall's indicators, then their ura
    ura: list[_Tile] = []
    last: _Tile | None = None
    dice: list[Annotated[StrictInt, Field(ge=1, le=6)]] | None = None
    dealer: _Seat | None = None
    streak: StrictInt | None = Field(default=None, ge=0)


class Start(_Line):
    """The first line: what the round was set up with."""

    type: Literal["start"]
    format: Literal["mjc-game-log"]
    version: Literal[1]
    rulebook: StrictStr
    rulebook_version: StrictStr
    seed: StrictInt = Field(ge=0)
    players: StrictInt = Field(ge=2, le=4)
    dealer: _Seat
    round_wind: Literal["E", "S", "W", "N"]
    streak: StrictInt = Field(ge=0)
    options: dict[StrictStr, OptionValue]
    rules: dict[StrictStr, Any] | None = None
    stacked: list[_Tile] = []
    # Added after version 1 was published; absent means false / none.
    dealer_drawn: StrictBool = False  # the dealer was drawn from the seed (first_dealer random)
    situations: list[StrictStr] = []  # the rulebook situations of the round (荒番, 開寶)
    scenario: ScenarioPart | None = None  # what the round was set up with (Round(scenario=))
    honba: StrictInt = Field(default=0, ge=0, le=10_000)  # the round's 本場 (a match's)
    points: list[StrictInt] | None = None  # each seat's points before the round (a match's, 立直)
    deposits: StrictInt = Field(default=0, ge=0)  # the deposits carried in (供託)


class WallLine(_Line):
    type: Literal["wall"]
    dice: list[Annotated[StrictInt, Field(ge=1, le=6)]]
    start: StrictInt = Field(ge=0)


class DealLine(_Line):
    type: Literal["deal"]
    seat: _Seat
    tiles: list[_Tile]


class IndicatorLine(_Line):
    type: Literal["indicator"]
    tile: _Tile


class DoraIndicatorLine(_Line):
    """An indicator turned up in the dead wall (ドラ表示牌; 槓ドラ after a kong)."""

    type: Literal["dora_indicator"]
    tile: _Tile


class HorsesLine(_Line):
    type: Literal["horses"]
    seat: _Seat
    tiles: list[_Tile]


class FlowerLine(_Line):
    type: Literal["flower"]
    seat: _Seat
    tile: _Tile


class DrawLine(_Line):
    type: Literal["draw"]
    seat: _Seat
    tile: _Tile
    from_: Literal["head", "tail"] = Field(alias="from")


class ActionLine(_Line):
    """A seat's decision: `mjc.runtime.game.actions.Action` in JSON."""

    type: Literal["action"]
    seat: _Seat
    kind: Literal[KINDS]  # type: ignore[valid-type]
    tile: _Tile | None = None
    low: _Tile | None = None
    # A kong's kind of kong (the rulebook's `kongs` section); none: the first kind.
    as_: Annotated[StrictStr, Field(min_length=1, max_length=64)] | None = Field(
        default=None, alias="as"
    )
    tiles: list[_Tile] | None = Field(default=None, min_length=1, max_length=4)  # 换三张
    auto: StrictBool = False  # played by the system for a seat under 托管


class TurnUpLine(_Line):
    """The tiles a kind of kong turned up (开杠), drawn from the replacement end just before:
    the konger may win on one, else they are his discards (`mjc.runtime.game.sidewins`)."""

    type: Literal["turn_up"]
    seat: _Seat
    tiles: list[_Tile] = Field(min_length=2, max_length=4)


class AutoLine(_Line):
    """A seat put under 托管 (`on`) or taken back: a caller's decision, like an action."""

    type: Literal["auto"]
    seat: _Seat
    on: StrictBool


class AbandonLine(_Line):
    """The round ended before its end by the caller (`Round.abandon`): a draw follows."""

    type: Literal["abandon"]


class DealWinLine(_Line):
    """A win at the deal shown (起手胡): the seat, the ids of its wins and the hand it showed;
    written when every seat asked has answered, before the dealer's first discard."""

    type: Literal["deal_win"]
    seat: _Seat
    wins: list[StrictStr] = Field(min_length=1)
    hand: StrictStr


class DeclareLine(_Line):
    """What a seat declared before the first discard (the rulebook's `declarations`, 定缺):
    declaration id → word chosen; written for every seat, in the order of the seats from the
    dealer, once every seat has answered every declaration."""

    type: Literal["declare"]
    seat: _Seat
    declared: dict[StrictStr, StrictStr] = Field(min_length=1)


class ExchangeLine(_Line):
    """The tiles of the exchange before play passed (换三张): the exchange's id and the way
    they went; `dice` the two dice rolled for it when the rulebook lets the dice decide.
    Written once every seat has picked (each pick is its `exchange` action line)."""

    type: Literal["exchange"]
    id: StrictStr
    direction: Literal["next", "previous", "opposite"]
    dice: list[Annotated[StrictInt, Field(ge=1, le=6)]] | None = Field(
        default=None, min_length=2, max_length=2
    )


class WinLine(_Line):
    """A win event after which play goes on (`TurnRules.after_win` leave or stay, 血战到底,
    血流成河): the round JSON's event (its winners with their hands, and the discarder, the
    robbed kong or the kong bloom's feeder), written when the event is won."""

    type: Literal["win"]
    winners: list[dict[StrictStr, Any]] = Field(min_length=1)
    discarder: _Seat | None = None
    robbed_from: _Seat | None = None
    robbed_kong: Literal["exposed", "concealed", "added"] | None = None
    kong_fed_by: _Seat | None = None
    bloom_kong: Literal["exposed", "added"] | None = None


class ClaimLine(_Line):
    type: Literal["claim"]
    seat: _Seat
    kind: Literal["chow", "pong", "kong"]
    tile: _Tile
    from_: _Seat = Field(alias="from")


class EndLine(_Line):
    """The end: the winners, the settlement's deltas, the next dealer and the round JSON
    (`mjc settle --schema`) that was settled."""

    type: Literal["end"]
    winners: list[_Seat]
    exhaustive_draw: StrictBool
    deltas: list[StrictInt]
    next_dealer: _Seat
    outcome: dict[StrictStr, Any]
    abandoned: StrictBool = False  # added after version 1: the round was abandoned midway
    win_events: list[list[_Seat]] = []  # added: each win event's winners (after_win leave, stay)
    deposits: dict[StrictStr, StrictInt] | None = None  # added: on the table before and after
    # added: the round ended in an abortive draw (途中流局), of this kind (四家立直: all_ready)
    abortive_draw: AbortiveDraw | None = None


class MatchLine(_Line):
    """The first line of a match's log (`mjc play --match`): what the match was set up
    with; each round follows as a log of its own (its `start` line to its `end`), then
    `match_end`."""

    type: Literal["match"]
    format: Literal["mjc-game-log"]
    version: Literal[1]
    rulebook: StrictStr
    rulebook_version: StrictStr
    seed: StrictInt = Field(ge=0)
    players: StrictInt = Field(ge=2, le=4)
    dealer: _Seat  # the first dealer
    options: dict[StrictStr, OptionValue]


class MatchEndLine(_Line):
    """The last line of a match's log: the rounds played, each seat's points and the
    placement (seats, first place first); `deposits`, the deposits left on the table that
    went to the first-placed seat (counted in its points); `final`, each seat's final score
    in points where the rules give one (`Match.final_scores`)."""

    type: Literal["match_end"]
    rounds: StrictInt = Field(ge=0)
    points: list[StrictInt]
    placement: list[_Seat]
    deposits: StrictInt = Field(default=0, ge=0)  # 供託 left at the end: to placement[0]
    final: list[StrictInt] | None = None  # added: the final scores (返し点, ウマ, オカ)


LogLine = Annotated[
    Start
    | MatchLine
    | MatchEndLine
    | WallLine
    | DealLine
    | IndicatorLine
    | DoraIndicatorLine
    | HorsesLine
    | FlowerLine
    | DrawLine
    | ActionLine
    | TurnUpLine
    | AutoLine
    | AbandonLine
    | DealWinLine
    | DeclareLine
    | ExchangeLine
    | WinLine
    | ClaimLine
    | EndLine,
    Field(discriminator="type"),
]
_LINE: TypeAdapter[Any] = TypeAdapter(LogLine)


def game_log_schema() -> dict[str, Any]:
    """The JSON Schema every line of a game log validates against (one of the line kinds,
    told apart by `type`)."""
    return _LINE.json_schema(by_alias=True)


def validate_line(text: str, number: int = 1) -> dict[str, Any]:
    """One log line checked against the schema (`LogError` naming line `number` when it is
    bad)."""
    return _parse(text, number)


def rules_json(rules: TurnRules) -> dict[str, Any]:
    data = dataclasses.asdict(rules)
    data["priority"] = list(rules.priority)
    return data


def rules_from_json(data: Mapping[str, Any]) -> TurnRules:
    """A `TurnRules` from its JSON object; `ValueError` (one line) for a bad one."""
    fields = {f.name for f in dataclasses.fields(TurnRules)}
    unknown = sorted(set(data) - fields)
    if unknown:
        raise ValueError(f"rules: TurnRules has no field {unknown[0]!r}")
    try:
        return TypeAdapter(TurnRules).validate_python(dict(data), strict=False)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"rules.{where}: {first['msg']}") from None


def start_line(game: Round, explicit_rules: bool) -> dict[str, Any]:
    """The log's first line for `game` (`explicit_rules`: record its TurnRules override)."""
    line: dict[str, Any] = {
        "type": "start",
        "format": LOG_FORMAT,
        "version": 1,
        "rulebook": game.ruleset.id,
        "rulebook_version": game.ruleset.version,
        "seed": game.seed,
        "players": game.players,
        "dealer": game.dealer,
        "round_wind": game.round_wind,
        "streak": game.streak,
        "options": dict(game.given_options),
        "rules": rules_json(game.rules) if explicit_rules else None,
        "stacked": [tile_text(t) for t in game.stacked],
    }
    if game.dealer_drawn:
        line["dealer_drawn"] = True
    if game.table_situations:
        line["situations"] = list(game.table_situations)
    if game.scenario is not None:
        line["scenario"] = game.scenario.to_json()
    if game.honba:
        line["honba"] = game.honba
    if game.points is not None:
        line["points"] = list(game.points)
    if game.ready.carried:
        line["deposits"] = game.ready.carried
    return line


def log_lines(game: Round, explicit_rules: bool = False) -> list[str]:
    """The log of `game` so far, one JSON text per line."""
    lines = [start_line(game, explicit_rules), *game.events]
    return [json.dumps(line, ensure_ascii=False, separators=(",", ":")) for line in lines]


def match_end_line(match: Match) -> dict[str, Any]:
    """The `match_end` line of a match (`MatchEndLine`), as its log ends: what `mjc play
    --match` writes and `mjc serve` shows at a match's end."""
    line: dict[str, Any] = {
        "type": "match_end",
        "rounds": len(match.results),
        "points": list(match.scores),
        "placement": match.placement(),
    }
    if match.deposits_awarded is not None:  # 供託 left at the end, in the first seat's points
        line["deposits"] = match.deposits_awarded[1]
    final = match.final_scores()
    if final is not None:  # 返し点, ウマ, オカ
        line["final"] = final
    return line


def _parse(text: str, number: int) -> dict[str, Any]:
    try:
        data = load_json(text)
    except JSONInputError as exc:
        raise LogError(f"line {number}: {exc}") from None
    try:
        _LINE.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "the line"
        raise LogError(f"line {number}: {where}: {first['msg']}") from None
    assert isinstance(data, dict)
    return data


def read_start(lines: list[str]) -> dict[str, Any]:
    """The validated first line of a log (`LogError` when there is none or it is bad)."""
    if not lines or not lines[0].strip():
        raise LogError("line 1: the log is empty; it starts with a start line")
    start = _parse(lines[0], 1)
    if start["type"] not in ("start", "match"):
        raise LogError(f"line 1: a log starts with a start line, not a {start['type']} line")
    return start


def replay(
    ruleset: Ruleset,
    lines: Iterable[str],
    step: Callable[[Round, dict[str, Any] | None], None] | None = None,
) -> Round:
    """Play a log again and check every line; the finished round, or `LogError` naming the
    first line that disagrees (an edited tile, an illegal action, a missing end ...).
    `step`, when given, sees the round once dealt (with None) and after each decision the
    log makes (with that line), as a replay viewer steps through it."""
    texts = [line for line in lines if line.strip()]
    start = read_start(texts)
    if start["type"] != "start":
        raise LogError("line 1: a match's log: each of its rounds is a log of its own")
    if start["rulebook"] != ruleset.id:
        raise LogError(f"line 1: the log is of {start['rulebook']}, not {ruleset.id}")
    try:
        # `rules` and `stacked` have defaults: a log may leave them out (`Start`).
        rules = rules_from_json(start["rules"]) if start.get("rules") is not None else None
        scenario = start.get("scenario")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # an old log's `stacked`
            game = Round(
                ruleset,
                seed=start["seed"],
                options=start["options"],
                players=start["players"],
                dealer=None if start.get("dealer_drawn") else start["dealer"],
                round_wind=start["round_wind"],
                streak=start["streak"],
                rules=rules,
                stacked=[tile_index(t) for t in start.get("stacked", [])],
                situations=start.get("situations", []),
                scenario=Scenario.from_json(scenario) if scenario is not None else None,
                honba=start.get("honba", 0),
                points=start.get("points"),
                deposits=start.get("deposits", 0),
            )
    except (GameSetupError, OptionError, ValueError) as exc:
        raise LogError(f"line 1: {exc}") from None
    if game.dealer != start["dealer"]:
        raise LogError(
            f"line 1: the dealer drawn from seed {start['seed']} is seat {game.dealer}, "
            f"but the log has seat {start['dealer']}",
            disagrees=True,
        )
    made = 0  # how many of the game's events the log has matched
    if step is not None:
        step(game, None)
    for number, text in enumerate(texts[1:], start=2):
        line = _parse(text, number)
        if made == len(game.events):
            _decide(game, line, number)
            if step is not None:
                step(game, line)
        expected = _normal(game.events[made])
        if line != expected:
            raise LogError(f"line {number}: {_difference(line, expected)}", disagrees=True)
        made += 1
    if made < len(game.events) or not game.over:
        raise LogError(
            f"line {len(texts) + 1}: the log ends but the round goes on "
            f"({_next(game, made)}): a truncated log"
        )
    return game


def _decide(game: Round, line: dict[str, Any], number: int) -> None:
    """Apply the caller's decision on this line: a seat's action, or 托管 on or off."""
    if line["type"] not in ("action", "auto", "abandon") or line.get("auto"):
        what = "an action of 托管" if line.get("auto") else f"a {line['type']} line"
        raise LogError(
            f"line {number}: the game waits for a decision of seat(s) "
            f"{_seats(game)}, but the log has {what}",
            disagrees=True,
        )
    try:
        if line["type"] == "auto":
            game.set_auto(line["seat"], line["on"])
            return
        if line["type"] == "abandon":
            game.abandon()
            return
        game.apply(action_from_json({k: v for k, v in line.items() if k != "type"}))
    except (ActionError, IllegalAction) as exc:
        raise LogError(f"line {number}: {exc}", disagrees=True) from None


def _seats(game: Round) -> str:
    return ", ".join(str(s) for s in game.to_act()) or "none"


def _next(game: Round, made: int) -> str:
    if made < len(game.events):
        return f"next: a {game.events[made]['type']} line"
    return f"waiting for seat(s) {_seats(game)}"


def _normal(event: dict[str, Any]) -> Any:
    loaded = json.loads(json.dumps(event, ensure_ascii=False))
    return loaded


def _difference(line: dict[str, Any], expected: dict[str, Any]) -> str:
    if line.get("type") != expected.get("type"):
        return f"the log has a {line.get('type')} line, the game a {expected.get('type')} line"
    for key in sorted(set(line) | set(expected)):
        if line.get(key) != expected.get(key):
            got, want = json.dumps(line.get(key)), json.dumps(expected.get(key))
            if len(got) > 60:
                got = got[:57] + "..."
            if len(want) > 60:
                want = want[:57] + "..."
            return f"{line['type']}.{key} is {got} in the log, but the game gives {want}"
    return "the line differs from the game"  # pragma: no cover - some key differs above
