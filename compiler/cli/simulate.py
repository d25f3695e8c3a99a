"""`mjc simulate`: whole rounds (or whole matches) with bots, and the report of a rulebook's
variant.

`compiler/cli/commands.py` parses the command line and checks that the rulebooks compile; this
module builds the `Job` (`mjc.runtime.sim.run`), runs it (`mjc.runtime.sim.simulation.simulate`:
here, on local processes or on Ray), shows a progress bar on a terminal and prints the report as
text or JSON, or writes it with its charts to `--out DIR`. Rounds are played by the game engine
through one function, `engine_play_round`, which imports it: without the engine the command says so
in one line. Each worker compiles the rulebook itself (`load_ruleset`), since a ruleset built in
memory cannot be sent between processes. `--matches N` plays N whole matches instead of
`--games N` rounds (the two exclude each other), for a rulebook whose play rules give a match
its length (`match_winds`): `engine_play_match` plays one, and the report is a match report
(`mjc.runtime.sim.matchreport`)."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import IO, Any, cast

from mjc.compiler.cli.parser import UsageError
from mjc.compiler.loader import RulebookNotFound, load
from mjc.runtime import OptionError, Ruleset
from mjc.runtime.sim.matches import PlayMatch
from mjc.runtime.sim.matchreport import MatchCompareReport, MatchReport, SimReport
from mjc.runtime.sim.report import CompareReport, report_json_schema
from mjc.runtime.sim.rounds import BOT_NAMES, PlayRound
from mjc.runtime.sim.run import Job, SimulationError, Store, Variant
from mjc.runtime.sim.text import sim_text

__all__ = [
    "ENGINE_MISSING",
    "ENGINE_MODULE",
    "Progress",
    "build_job",
    "engine_play_match",
    "engine_play_round",
    "load_ruleset",
    "run",
    "write_outputs",
]

# The module that plays one round for a simulation: the game engine's `PlayRound`.
ENGINE_MODULE = "mjc.runtime.sim.play"
ENGINE_MISSING = "the game engine is not available"

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
DEFAULT_GAMES = 1000  # rounds played when neither --games nor --matches says
# Local worker processes at most: a forked pool starts all of its workers at once, and a
# mistyped --workers 99999 would fork that many.
MAX_WORKERS = 256


def _engine(name: str) -> Any:
    try:
        module = importlib.import_module(ENGINE_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name is not None and ENGINE_MODULE.startswith(exc.name):
            raise UsageError(ENGINE_MISSING) from None
        raise
    play = getattr(module, name, None)
    if not callable(play):
        raise UsageError(ENGINE_MISSING)
    return play


def engine_play_round() -> PlayRound:
    """The game engine's round player (`play_round` of `ENGINE_MODULE`); raises
    `UsageError` when the engine is not installed."""
    return cast(PlayRound, _engine("play_round"))


def engine_play_match() -> PlayMatch:
    """The game engine's match player (`play_match` of `ENGINE_MODULE`); raises
    `UsageError` when the engine is not installed."""
    return cast(PlayMatch, _engine("play_match"))


@cache
def load_ruleset(name: str) -> Ruleset:
    """A rulebook's ruleset, compiled once per process (workers each compile their own);
    raises `ValueError` for one that does not compile (the CLI checks them first)."""
    try:
        ruleset = load(name).ruleset
    except RulebookNotFound as exc:
        raise ValueError(str(exc)) from None
    if ruleset is None:
        raise ValueError(f"rulebook {name} does not compile: run mjc check {name}")
    return ruleset


def _pairs(flag: str, pairs: list[str]) -> list[tuple[str, str]]:
    out = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"{flag} takes KEY=VALUE, not {pair!r}")
        out.append((key.strip(), value.strip()))
    return out


def _settings(text: str) -> list[str]:
    """The KEY=VALUE settings of one `--compare` variant: `K=V,K2=V2` changes both at once.
    A part with no `=` belongs to the value before it, so a value with a comma in it (a
    choice's label) still reads as one setting."""
    settings: list[str] = []
    for part in text.split(","):
        if settings and "=" not in part:
            settings[-1] += "," + part
        else:
            settings.append(part)
    return settings


def _bots(text: str) -> tuple[str, ...]:
    bots = tuple(b.strip() for b in text.split(","))
    for bot in bots:
        if bot not in BOT_NAMES:
            names = ", ".join(BOT_NAMES)
            raise UsageError(f"--bots takes {names} or a comma-separated mix, not {bot!r}")
    return bots


def _players(ruleset: Ruleset, players: int | None) -> int:
    if players is None:
        return 4 if 4 in ruleset.players else max(ruleset.players)
    if players not in ruleset.players:
        counts = ", ".join(str(p) for p in ruleset.players)
        raise UsageError(f"{ruleset.id} is played by {counts} players, not {players}")
    return players


def _games(args: argparse.Namespace) -> tuple[int, bool]:
    """The games a command line asks for, and whether they are whole matches."""
    matches = getattr(args, "matches", None)
    if matches is not None and args.games is not None:
        raise UsageError("--games plays rounds and --matches whole matches: give one of them")
    if matches is not None:
        if matches < 1:
            raise UsageError(f"--matches must be at least 1, not {matches}")
        return matches, True
    games = DEFAULT_GAMES if args.games is None else args.games
    if games < 1:
        raise UsageError(f"--games must be at least 1, not {games}")
    return games, False


def _match_length(ruleset: Ruleset, options: dict[str, str | int | bool], players: int) -> None:
    """Check that a setting plays matches of fixed length (`match_winds`)."""
    rules = ruleset.turn_rules(ruleset.resolve_options(options, players=players))
    if not rules.match_winds:
        raise UsageError(
            f"--matches plays whole matches, and {ruleset.id} (with these options) plays "
            "none of fixed length (its play section has no match_winds): use --games"
        )


def build_job(
    args: argparse.Namespace,
    player: Callable[[], PlayRound] = engine_play_round,
    match_player: Callable[[], PlayMatch] = engine_play_match,
) -> Job:
    """The job of a command line: the rulebook with its `--option`s as the baseline, then one
    variant per `--compare K=V[,K2=V2...]` (the baseline's options with each K set to V; a
    preset's id or name instead sets the preset's) or
    the second rulebook; every option setting is checked here, before any game is played, and only
    then is the round player asked for (`player`), or under `--matches` the match player
    (`match_player`; every setting must play matches of fixed length)."""
    games, matches = _games(args)
    base = load_ruleset(args.rulebooks[0])
    players = _players(base, args.players)
    options = _pairs("--option", args.option)
    variants = [Variant("base", args.rulebooks[0], tuple(options))]
    if len(args.rulebooks) > 2:
        raise UsageError("simulate compares at most two rulebooks")
    if len(args.rulebooks) == 2:
        if args.compare:
            raise UsageError("compare two rulebooks or --compare settings, not both")
        variants = [Variant(name, name, tuple(options)) for name in args.rulebooks]
    for setting in args.compare:
        preset = base.presets.get(setting.strip()) if "=" not in setting else None
        if preset is not None:  # a preset by id or name (血流成河): its settings
            pairs = list(preset[2])
            label = preset[1] or preset[0]
        else:
            pairs = _pairs("--compare", _settings(setting))
            label = ",".join(f"{key}={value}" for key, value in pairs)
        changed = dict(options) | dict(pairs)
        variants.append(Variant(label, args.rulebooks[0], tuple(changed.items())))
    for number, variant in enumerate(variants):
        ruleset = load_ruleset(variant.rulebook)
        _players(ruleset, players)
        try:
            ruleset.resolve_options(dict(variant.options), players=players)
        except OptionError as exc:
            where = "--option" if number == 0 else variant.label
            raise UsageError(f"{where}: {exc}") from None
        if matches:
            _match_length(ruleset, dict(variant.options), players)
    bots = _bots(args.bots)
    play = match_player() if matches else player()
    return Job(tuple(variants), players, args.seed, games, bots, load_ruleset, play, matches)


class Progress:
    """The progress bar on a terminal: games done, rounds per second, time left; it draws
    nothing when `stream` is not a terminal, and at most ten times a second. Of whole
    matches (`unit` "matches"): matches done, and matches per second."""

    def __init__(self, stream: IO[str], rounds_per_game: int, unit: str = "games") -> None:
        self.stream = stream
        self.on = bool(getattr(stream, "isatty", lambda: False)())
        self.rounds_per_game = rounds_per_game
        self.unit = unit
        self.done = 0
        self._first: int | None = None
        self._start = time.monotonic()
        self._drawn = 0.0

    def __call__(self, done: int, games: int) -> None:
        self.done = done
        if self._first is None:
            self._first, self._start = done, time.monotonic()  # resumed games are not timed
        now = time.monotonic()
        if not self.on or (now - self._drawn < 0.1 and done < games):
            return
        self._drawn = now
        played = done - self._first
        elapsed = max(now - self._start, 1e-9)
        speed = played * self.rounds_per_game / elapsed
        left = (games - done) * elapsed / played if played else None
        width = 24
        filled = width * done // max(games, 1)
        eta = "–" if left is None else time.strftime("%H:%M:%S", time.gmtime(left))
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{games} {self.unit}  "
            f"{speed:,.0f} {'matches' if self.unit == 'matches' else 'rounds'}/s  {eta} left "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.on and self._first is not None:
            self.stream.write("\n")
            self.stream.flush()


def write_outputs(folder: Path, report: SimReport) -> list[str]:
    """Write report.json, report.txt and report.md with its charts (charts/*.svg) into
    `folder`; returns the names written. Without matplotlib the page has no charts and a
    note says how to get them."""
    from mjc.compiler.site.simpage import report_page

    folder.mkdir(parents=True, exist_ok=True)
    page, svgs = report_page(report)
    files = {
        "report.json": json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=2),
        "report.txt": sim_text(report),
        "report.md": page,
        **{f"charts/{name}": svg for name, svg in svgs.items()},
    }
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    return list(files)


def _failures(report: SimReport, out: Path | None) -> int:
    """Each failed game on stderr in one line (its seed replays it), its log written to
    `--out` when given; the number of failed games (a failed match is one, named a match)."""
    ones: list[Any] = (
        [v.report for v in report.variants]
        if isinstance(report, CompareReport | MatchCompareReport)
        else [report]
    )
    noun = "match" if any(isinstance(one, MatchReport) for one in ones) else "game"
    reports = [one.rounds if isinstance(one, MatchReport) else one for one in ones]
    failed = 0
    for one in reports:
        failed += one.failed
        for f in one.failures:
            where = ""
            if out is not None:
                log = out / "failures" / f"{noun}-{f.index}.log"
                log.parent.mkdir(parents=True, exist_ok=True)
                log.write_text(f.log, encoding="utf-8")
                where = f"; log in {log}"
            print(
                f"mjc: {noun} {f.index} (seed {f.seed}) failed: {f.error}{where}", file=sys.stderr
            )
    return failed


def run(args: argparse.Namespace) -> int:
    """`mjc simulate` once the rulebooks are known to compile."""
    if args.schema:
        print(json.dumps(report_json_schema(), ensure_ascii=False, indent=2))
        return EXIT_OK
    from mjc.runtime.sim.simulation import simulate

    job = build_job(args, engine_play_round)
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be at least 1 and at most {MAX_WORKERS}, not {workers}")
    if args.cluster is not None and not args.cluster.startswith("ray"):
        raise UsageError(f"--cluster takes ray or ray://ADDRESS, not {args.cluster!r}")
    store = Store(Path(args.resume), job) if args.resume else None
    unit = "matches" if job.matches else "games"
    progress = Progress(sys.stderr, len(job.variants), unit)
    try:
        report = simulate(
            job, workers=workers, cluster=args.cluster, store=store, progress=progress
        )
    except KeyboardInterrupt:
        progress.close()
        kept = (
            f"; {progress.done} of {job.games} {unit} kept in {args.resume}: run the same "
            f"command to go on"
            if args.resume
            else f"; rerun with --resume DIR to keep finished {unit}"
        )
        print(f"mjc: interrupted{kept}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (SimulationError, ValueError) as exc:
        progress.close()
        print(f"mjc: error: {exc}", file=sys.stderr)
        return EXIT_FAILED
    progress.close()
    return _print(args, report)


def _print(args: argparse.Namespace, report: SimReport) -> int:
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            write_outputs(out, report)
        except OSError as exc:
            raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    if args.json:
        data: dict[str, Any] = report.model_dump(mode="json")
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(sim_text(report))
    return EXIT_FAILED if _failures(report, out) else EXIT_OK
