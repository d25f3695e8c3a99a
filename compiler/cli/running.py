"""The `mjc` commands that run a compiled rulebook: `score`, `waits`, `settle`, `play`,
`replay` and `simulate`.

`commands` (the console script's `main`) imports this module only when one of these commands
runs, so that `mjc check` and the other commands that only compile never load what these
need; and each command here imports what it alone needs when it runs (`settle` the
settlement input's pydantic models, `play` and `replay` the game engine, the bots and the
log, `simulate` the simulator), so that `mjc score` starts without any of them.
The rulebook is loaded through `commands._load_ruleset`, as every command loads it; each
command's exit codes and messages are those `commands` documents.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mjc.compiler.cli.commands import (
    EXIT_FAILED,
    EXIT_OK,
    _load_ruleset,
    _parse_options,
    _RulebookFailed,
)
from mjc.compiler.cli.parser import UsageError
from mjc.compiler.cli.score import score_json, score_text, win_payments, write_batch
from mjc.compiler.cli.waits import (
    discard_tiles,
    furiten_document,
    furiten_text,
    waits_document,
    waits_text,
)
from mjc.compiler.syntax.sources import rulebook_argument
from mjc.runtime import NotationError, OptionError, Ruleset
from mjc.runtime.ready.deposits import seat_or_table
from mjc.runtime.settle.jsoninput import MAX_JSON_BYTES
from mjc.runtime.tiles.hand import hand_won_on

__all__ = ["play", "replay", "score", "settle", "simulate", "waits"]


def score(args: argparse.Namespace) -> int:
    if (args.hand is None) == (args.batch is None):
        raise UsageError("score takes a HAND or --batch FILE (one of the two)")
    try:
        ruleset = _load_ruleset(args.rulebook)
    except _RulebookFailed:
        return EXIT_FAILED
    if (args.wild or args.indicator) and not ruleset.has_wilds:
        raise UsageError(f"rulebook {ruleset.id} has no wild tiles; drop --wild and --indicator")
    request: dict[str, Any] = {
        "win": args.win,
        "self_drawn": args.self_drawn,
        "seat_wind": args.seat_wind,
        "round_wind": args.round_wind,
        "dealer": args.dealer,
        "dealer_streak": args.dealer_streak,
        "set_aside": args.set_aside,
        "situations": tuple(args.situation),
        "players": args.players,
        "options": _parse_options(args.option),
        "indicator": args.indicator,
        "dora_indicators": tuple(args.dora),
        "ura_indicators": tuple(args.ura),
        "wilds": args.wild or None,
        "preset": args.preset,
        "declared": _parse_declares(args.declare),
    }
    if args.honba < 0 or args.deposits < 0:
        raise UsageError("--honba and --deposits cannot be negative")
    if args.batch is not None:
        return _score_batch(ruleset, args.batch, request, args.explain)
    try:  # the hand `--win` names is read here, as a batch line's is
        hand = hand_won_on(args.hand, request.pop("win"), tiles=ruleset.hand_size + 1)
        score = ruleset.score(hand, explain=args.explain, **request)
    except (NotationError, OptionError, ValueError) as exc:
        raise UsageError.of(exc) from None
    paid = win_payments(ruleset, score, request, honba=args.honba, deposits=args.deposits)
    if args.json:
        print(json.dumps(score_json(score, paid), ensure_ascii=False, indent=2))
    else:
        print(score_text(ruleset, score, args.explain, paid))
    return EXIT_OK


def _parse_declares(pairs: list[str]) -> dict[str, str] | None:
    """`--declare ID=WORD` pairs (定缺: `missing_suit=m`); None when none is given."""
    declared: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--declare takes ID=WORD, not {pair!r}")
        declared[key.strip()] = value.strip()
    return declared or None


def _score_batch(ruleset: Ruleset, path: str, defaults: dict[str, Any], explain: bool) -> int:
    if defaults["win"] is not None:
        raise UsageError("--win names one hand's winning tile; give it per line in --batch")
    del defaults["win"]
    try:
        if path == "-":
            errors = write_batch(ruleset, sys.stdin, sys.stdout, defaults, explain)
        else:
            with open(path, encoding="utf-8") as source:
                errors = write_batch(ruleset, source, sys.stdout, defaults, explain)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    return EXIT_FAILED if errors else EXIT_OK


def waits(args: argparse.Namespace) -> int:
    try:
        ruleset = _load_ruleset(args.rulebook)
    except _RulebookFailed:
        return EXIT_FAILED
    if (args.wild or args.indicator) and not ruleset.has_wilds:
        raise UsageError(f"rulebook {ruleset.id} has no wild tiles; drop --wild and --indicator")
    try:
        discards = discard_tiles(args.discards) if args.discards is not None else None
        waits = ruleset.waits(
            args.hand,
            options=_parse_options(args.option),
            preset=args.preset,
            players=args.players,
            indicator=args.indicator,
            wilds=args.wild or None,
            self_drawn=args.self_drawn,
            seat_wind=args.seat_wind,
            round_wind=args.round_wind,
            dealer=args.dealer,
            situations=tuple(args.situation),
            visible="".join(discards) if discards else None,  # seen: no longer to come
        )
        tiles = ruleset.hand_size + 1  # the hand is one short of a win (13 tiles, or `hand`)
        win = hand_won_on(args.hand, args.win, tiles=tiles).win_tile if args.win else None
    except (NotationError, OptionError, ValueError) as exc:
        raise UsageError.of(exc) from None
    document = waits_document(waits, win)
    text = waits_text(ruleset, waits, win)
    if discards is not None:  # 振聴: a wait among the seat's own discards
        document["furiten"] = furiten_document(waits, discards)
        text += "\n" + furiten_text(waits, discards)
    print(json.dumps(document, ensure_ascii=False, indent=2) if args.json else text)
    return EXIT_OK


def settle(args: argparse.Namespace) -> int:
    from mjc.runtime import RoundError, parse_round_json, round_json_schema  # pydantic models

    if args.schema:
        print(json.dumps(round_json_schema(), ensure_ascii=False, indent=2))
        return EXIT_OK
    if not args.rulebook or not args.round:
        raise UsageError("name a rulebook and a ROUND.json, or pass --schema")
    text = _read_json_input(args.round)
    try:
        ruleset = _load_ruleset(args.rulebook)
    except _RulebookFailed:
        return EXIT_FAILED
    try:  # the hands as large as the rulebook's wins (17 tiles under `hand 16`)
        outcome = parse_round_json(text, ruleset.hand_size + 1, ruleset.round_players)
    except RoundError as exc:
        raise UsageError(f"{args.round}: {exc}") from None
    try:
        settlement = ruleset.settle(outcome)
    except RoundError as exc:
        raise UsageError.of(exc, f"{args.round}: ") from None
    if args.json:
        print(json.dumps(settlement.as_dict(), ensure_ascii=False, indent=2))
        return EXIT_OK
    unit = settlement.unit
    print(f"{ruleset.title} ({ruleset.id}): settlement of {outcome.players} players")
    for seat, score in settlement.scores.items():
        fans = ", ".join(f.name for f in score.fans)
        print(f"  seat {seat} wins: {score.total} {score.unit} ({fans})")
    for number, scores in enumerate(settlement.later_scores, start=2):  # later_wins
        for seat, score in scores.items():
            fans = ", ".join(f.name for f in score.fans)
            print(f"  seat {seat} wins (win {number}): {score.total} {score.unit} ({fans})")
    if not settlement.lines:
        print("  no payments")
    for line in settlement.lines:
        print(
            f"  {seat_or_table(line.payer)} pays {seat_or_table(line.payee)} {line.amount} {unit}: "
            f"{line.reason} [{line.rule}]"
        )
    deltas = ", ".join(f"seat {i} {d:+d}" for i, d in enumerate(settlement.deltas))
    print(f"deltas: {deltas}")
    table = settlement.as_dict().get("table")
    if table is not None:  # the deposits (供託): sum(deltas) + after - before == 0
        print(f"on the table: {table['before']} {unit} before, {table['after']} {unit} after")
    return EXIT_OK


def play(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import play as cli_play  # the game engine and the bots

    options = _parse_options(args.option)
    try:
        ruleset = _load_ruleset(args.rulebook)
    except _RulebookFailed:
        return EXIT_FAILED
    return cli_play.play(args, ruleset, options, sys.stdout)


def replay(args: argparse.Namespace) -> int:
    from mjc.compiler.cli import play as cli_play  # the game engine and the log's models

    lines = cli_play.read_log(args.log)
    name = args.rulebook or cli_play.log_rulebook(args.log, lines)
    try:
        ruleset = _load_ruleset(name)
    except _RulebookFailed:
        return EXIT_FAILED
    return cli_play.replay_log(args.log, lines, ruleset, args.json, sys.stdout)


def _read_json_input(name: str) -> bytes | str:
    """The bytes of a JSON input file (or stdin for `-`): at most one byte more than
    `load_json` accepts, so that a huge file is refused without being read whole."""
    try:
        if name == "-":
            binary = getattr(sys.stdin, "buffer", None)  # absent when a test swaps stdin
            if binary is None:
                return sys.stdin.read(MAX_JSON_BYTES + 1)
            return bytes(binary.read(MAX_JSON_BYTES + 1))
        with Path(name).open("rb") as stream:
            return stream.read(MAX_JSON_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or type(exc).__name__}") from None


def simulate(args: argparse.Namespace) -> int:
    """`mjc simulate` (`cli_simulate`), once every rulebook it names compiles."""
    from mjc.compiler.cli import simulate as cli_simulate  # the simulator and its report

    if not args.schema:
        if not args.rulebooks:
            raise UsageError("simulate takes a RULEBOOK (or --schema)")
        # The workers load the rulebooks by name: the names as the resolver reads them.
        args.rulebooks = [rulebook_argument(name)[0] for name in args.rulebooks]
        try:
            for name in args.rulebooks:
                _load_ruleset(name)
        except _RulebookFailed:
            return EXIT_FAILED
    return cli_simulate.run(args)
