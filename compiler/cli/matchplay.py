"""`mjc play --match` and the replay of a match's log: a whole match (東風戦, 半荘戦) played
round after round, and its log checked.

A match is `mjc.runtime.game.match.Match` under the rulebook's `match_winds` (its length in
round winds), `start_points`, `honba_rises`, `end_on_negative`, `extra_winds` and
`last_dealer_stops`. Its log is a `match` line
(the match's seed, options and first dealer), then the log of each round in turn (its
`start` line, with the round's `honba` and each seat's `points`, to its `end`), then
`match_end` with the rounds played, the points and the placement (and `deposits`, the
deposits left on the table that went to the first-placed seat, and `final`, the final
scores after 返し点, ウマ and オカ where the rules give them). Each start line carries the
points the round was dealt with and the deposits carried in. The replay builds the
match again from its seed: each round's start line must be the round the match deals next,
each round replays (`mjc.runtime.game.gamelog.replay`), and `match_end` must be the match's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import IO, Any

from mjc.compiler.cli.parser import UsageError
from mjc.compiler.cli.play import bot_for, play_out, print_result, write_log
from mjc.runtime import OptionError, Ruleset
from mjc.runtime.bots.simple import Bot
from mjc.runtime.game.engine import GameSetupError
from mjc.runtime.game.gamelog import (
    LOG_FORMAT,
    LogError,
    log_lines,
    match_end_line,
    replay,
    validate_line,
)
from mjc.runtime.game.match import Match

__all__ = ["play_match", "replay_match"]

_JSON = {"ensure_ascii": False, "separators": (",", ":")}


def _match(ruleset: Ruleset, seed: int, options: Mapping[str, Any], players: int | None,
           dealer: int | None) -> Match:  # fmt: skip
    try:
        match = Match(ruleset, seed=seed, options=options, players=players, dealer=dealer)
    except (OptionError, GameSetupError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    if not match.played_rules.match_winds:
        raise UsageError(
            f"{ruleset.id} plays no match of fixed length (its play section has no "
            "match_winds): play its rounds one by one"
        )
    return match


def _first_line(match: Match, seed: int) -> dict[str, Any]:
    return {
        "type": "match",
        "format": LOG_FORMAT,
        "version": 1,
        "rulebook": match.ruleset.id,
        "rulebook_version": match.ruleset.version,
        "seed": seed,
        "players": match.players,
        "dealer": match.first_dealer,
        "options": dict(match.options),
    }


def play_match(args: Any, ruleset: Ruleset, options: Mapping[str, str], out: IO[str]) -> int:
    """Play a whole match (see the module docstring); 0 when it is over."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    match = _match(ruleset, seed, options, args.players, args.dealer)
    human = None if args.bots_only else args.seat
    if human is not None and not 0 <= human < match.players:
        raise UsageError(f"--seat: seat 0 to {match.players - 1}, not {human}")
    lines = [json.dumps(_first_line(match, seed), **_JSON)]  # type: ignore[arg-type]
    bots: list[Bot | None] = []
    while not match.over:
        game = match.next_round()
        if not bots:
            bots = [bot_for(args.bot, seed * 8 + s + 1, game) for s in range(game.players)]
            if human is not None:
                bots[human] = None
        if not args.json:
            wind, honba = game.round_wind, game.honba
            table = f", {match.deposits} on the table" if match.deposits else ""
            print(
                f"-- round {len(match.results) + 1}: {wind} wind, seat {game.dealer} deals, "
                f"{honba} 本場; points {', '.join(map(str, match.scores))}{table}",
                file=out,
            )
        play_out(game, bots, human, out)
        match.finish(game)
        lines += log_lines(game)
        if not args.json:
            print_result(game, out, False, None)
    end = match_end_line(match)
    lines.append(json.dumps(end, **_JSON))  # type: ignore[arg-type]
    log = args.log or (None if args.bots_only else f"mjc-{ruleset.id}-match-{seed}.jsonl")
    if log:
        write_log(log, lines)
    _print_match(match, end, seed, out, args.json, log)
    return 0


def _print_match(
    match: Match, end: dict[str, Any], seed: int, out: IO[str], as_json: bool, log: str | None
) -> None:
    """The match's end (`end`, its `match_end` line) in words, or as JSON."""
    if as_json:
        data = {"seed": seed, "match": end, "results": match.results, "log": log}
        print(json.dumps(data, ensure_ascii=False, indent=2), file=out)
        return
    ranks = ", ".join(
        f"{place}. seat {seat} {match.scores[seat]}"
        for place, seat in enumerate(end["placement"], start=1)
    )
    print(f"{match.ruleset.id}: the match is over after {end['rounds']} rounds: {ranks}", file=out)
    if match.deposits_awarded is not None:
        seat, deposits = match.deposits_awarded
        print(f"the {deposits} deposits left on the table went to seat {seat}", file=out)
    if "final" in end:  # in thousands, as score sheets write them: +45.0
        scores = ", ".join(
            f"seat {seat} {end['final'][seat] / 1000:+.1f}" for seat in end["placement"]
        )
        print(f"final scores: {scores}", file=out)
    if log:
        print(f"log: {log}", file=out)


def _segments(texts: list[str]) -> tuple[list[list[tuple[int, str]]], tuple[int, str] | None]:
    """The rounds of a match's log (each its numbered lines, from its start line) and its
    `match_end` line, each line checked against the schema (`LogError` for one that is not
    a log line: the replay reads the start and end lines it compares as JSON)."""
    rounds: list[list[tuple[int, str]]] = []
    end: tuple[int, str] | None = None
    for number, text in enumerate(texts[1:], start=2):
        kind = validate_line(text, number)["type"]
        if kind == "match_end":
            end = (number, text)
            break
        if kind == "start" or not rounds:
            rounds.append([])
        rounds[-1].append((number, text))
    return rounds, end


def replay_match(ruleset: Ruleset, texts: list[str]) -> Match:
    """Play a match's log again (see the module docstring): the match, or `LogError` naming
    the first line that disagrees."""
    first = validate_line(texts[0])
    if first["rulebook"] != ruleset.id:
        raise LogError(f"line 1: the log is of {first['rulebook']}, not {ruleset.id}")
    try:
        match = Match(
            ruleset,
            seed=first["seed"],
            options=first["options"],
            players=first["players"],
            dealer=first["dealer"],
        )
    except (OptionError, GameSetupError, ValueError) as exc:
        raise LogError(f"line 1: {exc}") from None
    rounds, end = _segments(texts)
    for segment in rounds:
        number, text = segment[0]
        if match.over:
            raise LogError(f"line {number}: the match is over; a round follows", disagrees=True)
        expected = log_lines(match.next_round())[0]
        if json.loads(text) != json.loads(expected):
            raise LogError(
                f"line {number}: the match deals the round {expected}, not this one",
                disagrees=True,
            )
        try:
            game = replay(ruleset, [t for _, t in segment])
        except LogError as exc:
            where, _, why = str(exc).partition(": ")
            line = int(where.removeprefix("line ")) + number - 1 if where[5:].isdigit() else 0
            raise LogError(f"line {line}: {why}", exc.disagrees) from None
        match.finish(game)
    if end is None:
        raise LogError(f"line {len(texts) + 1}: the log ends before match_end: a truncated log")
    if not match.over or json.loads(end[1]) != match_end_line(match):
        raise LogError(f"line {end[0]}: the match ends {match_end_line(match)}", disagrees=True)
    return match


def print_replayed(path: str, match: Match, texts: list[str], as_json: bool, out: IO[str]) -> None:
    """What `mjc replay` prints for a match's log that agrees."""
    if not as_json:
        print(f"{path}: {len(texts)} lines, {len(match.results)} rounds: all agree", file=out)
    _print_match(match, match_end_line(match), match.seed, out, as_json, None)
