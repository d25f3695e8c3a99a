"""`mjc play` and `mjc replay`: a round in the terminal, with bots, and a log played again.

`compiler/cli/commands.py` parses the command line and loads the rulebook; this module runs the game
engine (`mjc.runtime.game.engine`) and prints. `mjc play` asks the person at `--seat` for each
decision on standard input (the legal actions numbered, or for the exchange before play,
换三张, the tiles typed; so it can be driven by a pipe), with
bots in the other seats; `--bots-only` lets bots play every seat. The log is written as JSON
lines (`mjc.runtime.game.gamelog`). `mjc replay` checks a log line by line.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from mjc.compiler.cli.parser import UsageError
from mjc.runtime import OptionError, Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, Bot, RandomBot
from mjc.runtime.game.actions import Action, action_text, exchange_pick
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.gamelog import LogError, log_lines, read_start, replay
from mjc.runtime.game.observation import observation
from mjc.runtime.ready.deposits import seat_or_table
from mjc.runtime.tiles.hand import parse_hand
from mjc.runtime.tiles.tile import NotationError

__all__ = [
    "MAX_LOG_BYTES",
    "bot_for",
    "log_rulebook",
    "play",
    "play_out",
    "print_result",
    "read_log",
    "replay_log",
    "write_log",
]

MAX_LOG_BYTES = 20_000_000  # a round's log is some tens of kilobytes


def bot_for(kind: str, seed: int, game: Round) -> Bot:
    """The bot `--bot` names, for a seat of `game`."""
    return _bot(kind, seed, game)


def print_result(game: Round, out: IO[str], as_json: bool, log: str | None) -> None:
    """A round's result as `mjc play` prints it."""
    _print_result(game, out, as_json, log)


def _bot(kind: str, seed: int, game: Round) -> Bot:
    if kind == "greedy":
        return GreedyBot(game.ruleset, game.given_options)
    return AutoBot() if kind == "auto" else RandomBot(seed)


def _new_round(ruleset: Ruleset, args: Any, options: Mapping[str, str], seed: int) -> Round:
    try:
        return Round(ruleset, seed=seed, options=options, players=args.players, dealer=args.dealer)
    except (OptionError, GameSetupError) as exc:
        raise UsageError(str(exc)) from None


def play(args: Any, ruleset: Ruleset, options: Mapping[str, str], out: IO[str]) -> int:
    """Play one round (see the module docstring); 0 when it reached its settlement. With
    `--match`, a whole match (`mjc.compiler.cli.matchplay`)."""
    if getattr(args, "match", False):
        from mjc.compiler.cli.matchplay import play_match

        return play_match(args, ruleset, options, out)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = _new_round(ruleset, args, options, seed)
    bots: list[Bot | None] = [
        _bot(args.bot, seed * 8 + seat + 1, game) for seat in range(game.players)
    ]
    human = None if args.bots_only else args.seat
    if human is not None:
        if not 0 <= human < game.players:
            raise UsageError(f"--seat: seat 0 to {game.players - 1}, not {human}")
        bots[human] = None
        print(
            f"{ruleset.title} ({ruleset.id}), seed {seed}: you are seat {human}, "
            f"seat {game.dealer} deals",
            file=out,
        )
    play_out(game, bots, human, out)
    log = args.log or (None if args.bots_only else f"mjc-{ruleset.id}-{seed}.jsonl")
    if log:
        _write_log(log, log_lines(game))
    _print_result(game, out, args.json, log)
    return 0


def play_out(game: Round, bots: list[Bot | None], human: int | None, out: IO[str]) -> None:
    """Play `game` to its end: the bots in their seats, the person (a None bot) asked."""
    while not game.over:
        for seat in game.to_act():
            bot = bots[seat]
            legal = game.legal_actions(seat)
            if bot is None:
                action = _ask(game, seat, legal, out)
                if action is None:
                    print("input ended: 托管 plays your seat to the end", file=out)
                    if game.rules.auto_play:
                        game.set_auto(seat)  # the rulebook's own 托管: the log records it
                    else:
                        bots[seat] = AutoBot()
                    break
            else:
                seen = None if getattr(bot, "blind", False) else observation(game, seat)
                action = bot.choose(seen, legal)
                if human is not None and action.kind != "pass":
                    answers = "answers" if game.phase != "turn" else "plays"
                    print(f"  seat {seat} {answers}: {action_text(action)}", file=out)
            game.apply(action)
            if game.over:
                break


def write_log(path: str, lines: Sequence[str]) -> None:
    """Write a log's lines, or a `UsageError`."""
    _write_log(path, lines)


def _write_log(path: str, lines: Sequence[str]) -> None:
    try:
        Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or type(exc).__name__}") from None


def _tiles(texts: Sequence[str]) -> str:
    """Tiles in the docs' notation, one suit letter per run of a suit: 147m25p."""
    if not texts:
        return "-"
    out: list[str] = []
    for i, text in enumerate(texts):
        out.append(text[0])
        if i + 1 == len(texts) or texts[i + 1][1] != text[1]:
            out.append(text[1])
    return "".join(out)


def _show(game: Round, seat: int, out: IO[str]) -> None:
    seen = observation(game, seat)
    print(f"-- wall {seen['wall_drawable']} left", file=out)
    for other in seen["seats"]:
        melds = " ".join(_meld_text(m) for m in other["melds"]) or "-"
        who = "you" if other["seat"] == seat else f"seat {other['seat']}"
        print(
            f"  {who} ({other['wind']}): {other['concealed_count']} in hand, melds {melds}, "
            f"flowers {_tiles(other['flowers'])}, river {_tiles(other['river'])}",
            file=out,
        )
    print(f"  your hand: {_tiles(seen['seats'][seat]['concealed'])}", file=out)
    if "drawn" in seen:
        print(f"  you drew {seen['drawn']}", file=out)
    if "question" in seen:
        print(f"  seat {game.turn} offers {seen['question']}", file=out)
    for shown in seen.get("deal_wins", ()):
        wins = ", ".join(shown["wins"])
        print(f"  seat {shown['seat']} showed {shown['hand']} at the deal: {wins}", file=out)
    exchanged = seen.get("exchange", {})
    if "picked" in exchanged:
        print(f"  you pass {_tiles(exchanged['picked'])}", file=out)
    if "direction" in exchanged:
        dice = f" (dice {exchanged['dice']})" if "dice" in exchanged else ""
        received = _tiles(exchanged["received"])
        print(f"  the tiles went {exchanged['direction']}{dice}: you received {received}", file=out)
    for who, chosen in seen.get("declared", {}).items():
        words = ", ".join(f"{d} {w}" for d, w in chosen.items())
        print(f"  seat {who} declared {words}", file=out)
    if "deal_offer" in seen:
        wins = ", ".join(f"{w['name']} ({w['pays']} from each)" for w in seen["deal_offer"])
        print(f"  your hand as dealt wins at the deal: {wins}", file=out)


def _meld_text(meld: dict[str, Any]) -> str:
    if "tiles" in meld:
        shown: list[str] = meld["tiles"]
        return "[" + "".join(t[0] for t in shown) + shown[0][1] + "]"
    if "shown" in meld:
        return f"(kong {meld['shown']})"
    return "(hidden kong)"


def _ask(game: Round, seat: int, legal: Sequence[Action], out: IO[str]) -> Action | None:
    _show(game, seat, out)
    if legal and legal[0].kind == "exchange":
        return _ask_exchange(seat, legal, game.seats[seat].counts, out)
    for i, action in enumerate(legal, start=1):
        print(f"  {i}. {action_text(action)}", file=out)
    while True:
        print(f"your choice (1-{len(legal)}): ", end="", file=out, flush=True)
        line = sys.stdin.readline()
        if not line:
            print(file=out)
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= len(legal):
            return legal[int(text) - 1]
        print(f"  enter a number from 1 to {len(legal)}", file=out)


def _ask_exchange(
    seat: int, legal: Sequence[Action], counts: Sequence[int], out: IO[str]
) -> Action | None:
    """The tiles the person passes (换三张), typed like 159s; an empty line takes the bots'
    choice (the loosest tiles of the suit held fewest of)."""
    count = len(legal[0].tiles)
    suggested = exchange_pick(legal, counts)
    assert suggested is not None
    hint = action_text(suggested).removeprefix("exchange ")
    while True:
        print(
            f"pass {count} tiles, typed like 159s (enter: {hint}): ", end="", file=out, flush=True
        )
        line = sys.stdin.readline()
        if not line:
            print(file=out)
            return None
        text = line.strip()
        if not text:
            return suggested
        try:
            tiles = tuple(sorted(parse_hand(text).tiles))
        except NotationError as exc:
            print(f"  {exc}", file=out)
            continue
        chosen = Action(seat, "exchange", tiles=tiles)
        if chosen in legal:
            return chosen
        print(f"  you may not pass {text}: {count} tiles you hold, as the rules say", file=out)


def _print_result(game: Round, out: IO[str], as_json: bool, log: str | None) -> None:
    result = game.result
    assert result is not None and game.settlement is not None
    settlement = game.settlement
    if as_json:
        data = {
            "seed": game.seed,
            "result": result,
            "settlement": settlement.as_dict(),
            "log": log,
        }
        print(json.dumps(data, ensure_ascii=False, indent=2), file=out)
        return
    ruleset = game.ruleset
    outcome = result["outcome"]
    if result["exhaustive_draw"] and not result["winners"]:
        print(f"{ruleset.id}: exhaustive draw (流局)", file=out)
    events = [outcome.get("winners", []), *(e["winners"] for e in outcome.get("later_wins", []))]
    for number, winners in enumerate(events):
        scores = settlement.scores if number == 0 else settlement.later_scores[number - 1]
        first = f"win {number + 1}: " if len(events) > 1 else ""
        for winner in winners:
            how = "self-drawn" if winner["self_drawn"] else "on a discard"
            score = scores.get(winner["seat"])
            worth = f": {score.total} {score.unit}" if score is not None else ""
            print(
                f"{ruleset.id}: {first}seat {winner['seat']} wins {how} with {winner['hand']} "
                f"(on {winner['win_tile']}){worth}",
                file=out,
            )
    if result["exhaustive_draw"] and result["winners"]:  # play went on after the wins
        print(f"{ruleset.id}: the wall is exhausted: a draw (流局) for the others", file=out)
    for line in settlement.lines:
        print(
            f"  {seat_or_table(line.payer)} pays {seat_or_table(line.payee)} {line.amount} "
            f"{settlement.unit}: {line.reason}",
            file=out,
        )
    deltas = ", ".join(f"seat {i} {d:+d}" for i, d in enumerate(result["deltas"]))
    print(f"deltas: {deltas}; next dealer: seat {result['next_dealer']}", file=out)
    table = result.get("deposits")
    if table is not None and (table["before"] or table["after"]):  # 供託
        print(f"on the table: {table['before']} before, {table['after']} after", file=out)
    if "abortive_draw" in result:
        print(f"{ruleset.id}: an abortive draw ({result['abortive_draw']})", file=out)
    if log:
        print(f"log: {log}", file=out)


def read_log(path: str) -> list[str]:
    """The lines of a log file (at most `MAX_LOG_BYTES`), or a `UsageError`."""
    try:
        with Path(path).open("rb") as stream:
            data = stream.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or type(exc).__name__}") from None
    if len(data) > MAX_LOG_BYTES:
        raise UsageError(f"{path}: a log of over {MAX_LOG_BYTES} bytes is not read")
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None


def log_rulebook(path: str, lines: list[str]) -> str:
    """The rulebook id a log names on its first line."""
    try:
        return str(read_start(lines)["rulebook"])
    except LogError as exc:
        raise UsageError(f"{path}: {exc}") from None


def replay_log(path: str, lines: list[str], ruleset: Ruleset, as_json: bool, out: IO[str]) -> int:
    """Replay a log: 0 when every line agrees, 1 at the first that disagrees (named on
    stderr); an unreadable or truncated log is a `UsageError` (exit 2)."""
    try:
        if read_start(lines)["type"] == "match":
            from mjc.compiler.cli.matchplay import print_replayed, replay_match

            texts = [line for line in lines if line.strip()]
            print_replayed(path, replay_match(ruleset, texts), texts, as_json, out)
            return 0
        game = replay(ruleset, lines)
    except LogError as exc:
        if exc.disagrees:
            print(f"mjc: {path}: {exc}", file=sys.stderr)
            return 1
        raise UsageError(f"{path}: {exc}") from None
    if not as_json:
        steps = sum(1 for e in game.events if e["type"] == "action")
        print(f"{path}: {len(game.events) + 1} lines, {steps} decisions: all agree", file=out)
    _print_result(game, out, as_json, None)
    return 0


def serve(args: Any) -> int:
    """`mjc serve`: the web server of `mjc.compiler.serve` (imported here: only `serve` needs
    Starlette and uvicorn, the `mjc[serve]` extra)."""
    try:
        from mjc.compiler.serve.app import run
    except ImportError as exc:
        raise UsageError(
            f"mjc serve needs Starlette and uvicorn: pip install 'mjc[serve]' ({exc})"
        ) from None
    return run(args.rulebook, args.host, args.port, args.db)
