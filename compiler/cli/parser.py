"""The grammar of the `mjc` command line: the argparse parser, one small function per
subcommand, and `UsageError`, what a bad command line (or any other bad user input) raises.

The command handlers live in `mjc.compiler.cli.commands` and come in as `Handlers`;
`commands.build_parser()` passes them. `UsageError` is defined here, not in `commands`, so that it
is one class even if `commands` runs as `__main__` (`python -m mjc.compiler.cli` runs it through
`cli/__main__.py`, which imports it). The CLI reference page is generated from this parser
(`refdocs.generate_cli_page`), so every help text here is documentation."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeAlias

from mjc.compiler.cli import helptexts
from mjc.compiler.diagnostics.suggest import did_you_mean
from mjc.compiler.version import MJC_VERSION
from mjc.frozen import Frozen, frozen

COMPLETION_SHELLS = ("bash", "zsh", "fish")

Handler = Callable[[argparse.Namespace], int]
_Commands: TypeAlias = "argparse._SubParsersAction[Any]"  # subscriptable only to mypy


class UsageError(Exception):
    """Bad input from the user: reported as one line on stderr, exit 2. `code` is the error's
    code when it has one (`mjc explain CODE` says more): `mjc: error[E0601]: …`."""

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code

    @classmethod
    def of(cls, exc: BaseException, prefix: str = "") -> UsageError:
        """The error `exc` (a runtime input error) as the user sees it, keeping its code."""
        return cls(prefix + str(exc), getattr(exc, "code", None))


@frozen
class Handlers(Frozen):
    """What each subcommand runs (`args.run(args)`), one field per subcommand but `fmt`."""

    check: Handler
    build: Handler
    score: Handler
    waits: Handler
    settle: Handler
    simulate: Handler
    options: Handler
    new: Handler
    explain: Handler
    docs: Handler
    dump_ir: Handler
    lsp: Handler
    play: Handler
    replay: Handler
    serve: Handler


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise UsageError(message)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        # argparse reports a mistyped flag (`--gmes`) from the top parser, which knows none of
        # the subcommand's flags: the suggestion is looked up in the subcommand named on the
        # command line.
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            argv = list(sys.argv[1:] if args is None else args)
            self.error(self._unrecognized(extras, argv))
        return parsed

    def _unrecognized(self, extras: list[str], argv: list[str]) -> str:
        parser: argparse.ArgumentParser = self
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                command = next((word for word in argv if word in action.choices), None)
                if command is not None:
                    parser = action.choices[command]
        flags = [flag for action in parser._actions for flag in action.option_strings]
        message = f"unrecognized arguments: {' '.join(extras)}"
        for extra in extras:
            if extra.startswith("-"):
                hint = did_you_mean(extra.split("=", 1)[0], flags)
                if hint is not None:
                    return f"{message}; {hint}"
        return message

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # A value outside an argument's choices (a mistyped command, `--format jsn`) gets the
        # closest choice as a suggestion; the choices come from the parser itself, so a
        # command added later is suggested too.
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as exc:
            choices = [str(c) for c in action.choices or ()]
            hint = did_you_mean(str(value), choices) if isinstance(value, str) else None
            if hint is None:
                raise
            raise argparse.ArgumentError(
                action, f"invalid choice: {value!r}; {hint} (choose from {', '.join(choices)})"
            ) from exc


class _Completion(argparse.Action):
    """`mjc --completion SHELL`: print the shell's completion script, made by shtab from the
    whole parser (every command and option, the choices of each, files where a file goes)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        import shtab  # only here: its import (importlib.metadata) is no part of other commands

        _complete_files(parser, shtab.FILE)
        print(shtab.complete(parser, shell=str(values)))
        parser.exit()


def _complete_files(parser: argparse.ArgumentParser, files: object) -> None:
    """Mark every argument that takes a file (its type is `_file_name`) for shtab, in every
    subcommand, so the completion scripts offer file names there (`files` is `shtab.FILE`)."""
    for action in parser._actions:
        if action.type is _file_name:
            action.complete = files  # type: ignore[attr-defined]  # shtab reads it
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _complete_files(sub, files)


def _file_name(text: str) -> str:
    """A file name (or bundled rulebook name) from the command line. The OS refuses a NUL in
    a file name, and Python says so with a ValueError no file operation here expects."""
    if "\x00" in text:
        raise argparse.ArgumentTypeError("a file name cannot hold a NUL character")
    return text


def build_parser(handlers: Handlers, only: str | None = None) -> argparse.ArgumentParser:
    """The `mjc` parser; the subcommands appear in `mjc --help` in the order added here. With
    `only` (a command's name, `command_named` of the command line), the parser holds that
    command alone: it parses that command's line as the whole parser does, and a process that
    runs one command does not build the others (argparse looks for a translation of its
    messages on disk for every parser it makes: a twentieth of `mjc check`'s start)."""
    parser = _Parser(
        prog="mjc",
        description="mjc compiles mahjong rulebooks: check them, generate their rules engines "
        "and documentation, and score hands.",
    )
    parser.add_argument("--version", action="version", version=f"mjc {MJC_VERSION}")
    parser.add_argument(
        "--completion",
        action=_Completion,
        choices=COMPLETION_SHELLS,
        metavar="SHELL",
        help=f"print the shell completion script ({', '.join(COMPLETION_SHELLS)}) and exit",
    )
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)
    for name, add in _ADDERS:
        if only is None or name == only:
            add(commands, handlers)
    if only is None or only == "fmt":
        from mjc.compiler import fmt  # here: the formatter is loaded by `mjc fmt` and `--help` only

        fmt.add_command(commands, UsageError)
    return parser


def command_named(argv: Sequence[str]) -> str | None:
    """The command a command line runs when its first word names one (not an option, which
    the whole parser reads), else None."""
    if argv and (argv[0] == "fmt" or any(argv[0] == name for name, _ in _ADDERS)):
        return argv[0]
    return None


def _add_check(commands: _Commands, handlers: Handlers) -> None:
    check = commands.add_parser("check", help="type-check rulebooks and report every problem")
    check.add_argument(
        "paths",
        nargs="+",
        type=_file_name,
        metavar="PATH",
        help="rulebook files, folders (every *.mjr below them) or bundled names",
    )
    check.add_argument(
        "--format",
        choices=("text", "json", "github", "sarif"),
        default="text",
        help="text for people (default), json, github (workflow annotations) or sarif",
    )
    check.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour text output"
    )
    check.set_defaults(run=handlers.check)


def _add_build(commands: _Commands, handlers: Handlers) -> None:
    build = commands.add_parser(
        "build", help="generate the Python module and docs page of each rulebook"
    )
    build.add_argument(
        "paths",
        nargs="*",
        type=_file_name,
        metavar="PATH",
        help="rulebooks or folders of them (default: every bundled one)",
    )
    build.add_argument(
        "-o", "--output", default="build", type=_file_name, help="output folder (default: build)"
    )
    build.add_argument(
        "--docs-dir",
        default=None,
        type=_file_name,
        help="where the docs pages go: rulebooks/ and reference/ below it (default: OUTPUT/docs)",
    )
    build.add_argument(
        "--check",
        action="store_true",
        help="write nothing; fail listing the generated files that are missing or out of date",
    )
    build.add_argument(
        "--native",
        action="store_true",
        help="also compile the modules and the runtime's scoring path to C with mypyc, into "
        "OUTPUT/native (run with PYTHONPATH=OUTPUT/native python -P; needs a C compiler)",
    )
    build.set_defaults(run=handlers.build)


def _add_score(commands: _Commands, handlers: Handlers) -> None:
    score = commands.add_parser(
        "score",
        help="score a hand under a rulebook",
        description=helptexts.SCORE_DESCRIPTION,
    )
    score.add_argument(
        "rulebook", type=_file_name, metavar="RULEBOOK", help="a bundled name or a rulebook file"
    )
    score.add_argument(
        "hand", metavar="HAND", nargs="?", help="the hand in mpsz notation, e.g. 123m456p…"
    )
    score.add_argument("--win", metavar="TILE", help=helptexts.WIN_HELP)
    score.add_argument("--self-drawn", action="store_true", help="won by self-draw (自摸)")
    score.add_argument("--seat-wind", default="E", metavar="E|S|W|N", help="the winner's seat")
    score.add_argument("--round-wind", default="E", metavar="E|S|W|N", help="the round wind")
    score.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    score.add_argument("--players", type=int, metavar="N", help="players at the table")
    for flag, metavar, text in (  # the counts, each 0 unless given
        ("--dealer-streak", "N", helptexts.STREAK_HELP),
        ("--set-aside", "N", helptexts.SET_ASIDE_HELP),
        ("--honba", "N", helptexts.HONBA_HELP),
        ("--deposits", "POINTS", helptexts.DEPOSITS_HELP),
    ):
        score.add_argument(flag, type=int, default=0, metavar=metavar, help=text)
    score.add_argument("--wild", action="append", default=[], metavar="TILE", help="a wild tile")
    score.add_argument("--indicator", metavar="TILE", help="the flipped wild indicator")
    for flag, text in (("--dora", helptexts.DORA_HELP), ("--ura", helptexts.URA_HELP)):
        score.add_argument(flag, action="append", default=[], metavar="TILE", help=text)
    score.add_argument(
        "--situation", action="append", default=[], metavar="NAME", help=helptexts.SITUATION_HELP
    )
    score.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="set an option"
    )
    score.add_argument(
        "--declare", action="append", default=[], metavar="ID=WORD", help=helptexts.DECLARE_HELP
    )
    score.add_argument("--preset", metavar="NAME", help="start from a preset of the rulebook")
    score.add_argument("--json", action="store_true", help="print one JSON document")
    score.add_argument(
        "--explain", action="store_true", help="also list the fans that held but were dropped"
    )
    score.add_argument(
        "--batch", metavar="FILE", help="score the JSON lines of FILE ('-': stdin) instead"
    )
    score.set_defaults(run=handlers.score)


def _add_waits(commands: _Commands, handlers: Handlers) -> None:
    waits = commands.add_parser(
        "waits",
        help="the tiles a hand waits on, each with its score",
        description=helptexts.WAITS_DESCRIPTION,
    )
    waits.add_argument(
        "rulebook", type=_file_name, metavar="RULEBOOK", help="a bundled name or a rulebook file"
    )
    waits.add_argument(
        "hand", metavar="HAND", help="13 tiles (16 under hand 16) in mpsz notation, e.g. 123m…"
    )
    waits.add_argument(
        "--win",
        metavar="TILE",
        help="only this tile: the hand with TILE added, as `mjc score HAND --win TILE` scores "
        "it, or that TILE completes nothing",
    )
    waits.add_argument(
        "--discards",
        metavar="TILES",
        help="the seat's own discards (159m77z): say whether the hand is 振聴 (furiten)",
    )
    waits.add_argument("--self-drawn", action="store_true", help="score the wins as self-drawn")
    waits.add_argument("--seat-wind", default="E", metavar="E|S|W|N", help="the seat's wind")
    waits.add_argument("--round-wind", default="E", metavar="E|S|W|N", help="the round wind")
    waits.add_argument("--dealer", action="store_true", help="the seat is the dealer")
    waits.add_argument("--players", type=int, metavar="N", help="players at the table")
    waits.add_argument("--wild", action="append", default=[], metavar="TILE", help="a wild tile")
    waits.add_argument("--indicator", metavar="TILE", help="the flipped wild indicator")
    waits.add_argument(
        "--situation", action="append", default=[], metavar="NAME", help=helptexts.SITUATION_HELP
    )
    waits.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="set an option"
    )
    waits.add_argument("--preset", metavar="NAME", help="start from a preset of the rulebook")
    waits.add_argument("--json", action="store_true", help="print one JSON document")
    waits.set_defaults(run=handlers.waits)


def _add_settle(commands: _Commands, handlers: Handlers) -> None:
    settle = commands.add_parser(
        "settle",
        help="settle a finished round: who pays whom, how much, for what",
        description=helptexts.SETTLE_DESCRIPTION,
    )
    settle.add_argument(
        "rulebook", type=_file_name, metavar="RULEBOOK", nargs="?", help="a bundled name or a file"
    )
    settle.add_argument(
        "round", type=_file_name, metavar="ROUND.json", nargs="?", help="the round ('-': stdin)"
    )
    settle.add_argument("--json", action="store_true", help="print one JSON document")
    settle.add_argument(
        "--schema", action="store_true", help="print the JSON Schema of ROUND.json instead"
    )
    settle.set_defaults(run=handlers.settle)


def _add_simulate(commands: _Commands, handlers: Handlers) -> None:
    simulate = commands.add_parser(
        "simulate",
        help="play whole rounds with bots and report how a variant plays",
        description=helptexts.SIMULATE_DESCRIPTION,
    )
    simulate.add_argument(
        "rulebooks",
        nargs="*",
        type=_file_name,
        metavar="RULEBOOK",
        help="a bundled name or a rulebook file; a second one is compared with the first",
    )
    simulate.add_argument("--games", type=int, metavar="N", help="rounds to play (default 1000)")
    simulate.add_argument(
        "--matches", type=int, metavar="N", help="whole matches to play instead (match_winds)"
    )
    simulate.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    simulate.add_argument("--players", type=int, metavar="N", help="players at the table")
    simulate.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="set an option"
    )
    simulate.add_argument(
        "--bots",
        default="random",
        metavar="random|greedy|MIX",
        help="the bots: one name, or a comma-separated mix turned one seat each game",
    )
    simulate.add_argument(
        "--workers", type=int, metavar="N", help="local worker processes (default: all cores)"
    )
    simulate.add_argument(
        "--cluster", metavar="ray[://ADDRESS]", help="run on Ray (the ray extra): here or there"
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON document")
    simulate.add_argument(
        "--out",
        type=_file_name,
        metavar="DIR",
        help="also write report.json, report.txt, report.md and its SVG charts into DIR",
    )
    simulate.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="KEY=VALUE|PRESET",
        help="also play the same games with this option changed (K=V,K2=V2: several at once; "
        "a preset's id or name: its settings), and report the differences",
    )
    simulate.add_argument(
        "--resume",
        type=_file_name,
        metavar="DIR",
        help="checkpoint finished games into DIR; run again to go on after an interruption",
    )
    simulate.add_argument(
        "--schema", action="store_true", help="print the JSON Schema of the report instead"
    )
    simulate.set_defaults(run=handlers.simulate)


def _add_play(commands: _Commands, handlers: Handlers) -> None:
    play = commands.add_parser(
        "play",
        help="play a round against bots in the terminal, or let bots play it",
        description=helptexts.PLAY_DESCRIPTION,
    )
    play.add_argument(
        "rulebook", type=_file_name, metavar="RULEBOOK", help="a bundled name or a file"
    )
    play.add_argument("--bots-only", action="store_true", help="bots play every seat")
    play.add_argument("--seed", type=int, metavar="S", help="the seed (default: a random one)")
    play.add_argument("--log", type=_file_name, metavar="FILE", help="write the log here")
    play.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="set an option"
    )
    play.add_argument("--players", type=int, metavar="N", help="players at the table")
    play.add_argument("--seat", type=int, default=0, metavar="N", help="your seat (default 0)")
    play.add_argument(
        "--dealer",
        type=int,
        metavar="N",
        help="the dealer's seat (default: the rulebook's first dealer: seat 0, or drawn from "
        "the seed under first_dealer random)",
    )
    play.add_argument(
        "--bot",
        choices=("random", "greedy", "auto"),
        default="random",
        help="random legal moves (default), greedy (shanten and effective tiles) or 托管 "
        "(摸什么打什么, 不吃不碰不杠, 自动胡)",
    )
    play.add_argument(
        "--match",
        action="store_true",
        help="play a whole match (東風戦, 半荘戦: the rulebook's match_winds) round after round",
    )
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    play.set_defaults(run=handlers.play)


def _add_serve(commands: _Commands, handlers: Handlers) -> None:
    serve = commands.add_parser(
        "serve",
        help="host tables in the browser: a lobby, a link per seat, bots in the others",
        description="Serve a lobby of rulebooks (the bundled ones and RULEBOOK, or every "
        "rulebook of FOLDER) where people open tables, choose options and bots, and play in "
        "the browser, each seat by its own secret link. Every move is written to --db "
        "(SQLite); a restarted server resumes every table. Needs mjc[serve].",
    )
    serve.add_argument("rulebook", nargs="?", type=_file_name, metavar="RULEBOOK|FOLDER")
    serve.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--db", type=_file_name, default="tables.sqlite", metavar="FILE")
    serve.set_defaults(run=handlers.serve)


def _add_replay(commands: _Commands, handlers: Handlers) -> None:
    replay = commands.add_parser(
        "replay",
        help="play a game log again, checking every line",
        description="Re-run a log written by mjc play from its seed and decisions, check "
        "every line against the engine and print the result. Exit 1 naming the first line "
        "that disagrees; 2 for a log that cannot be read (garbage, truncated).",
    )
    replay.add_argument("log", type=_file_name, metavar="LOG", help="the log (JSON lines)")
    replay.add_argument(
        "--rulebook",
        type=_file_name,
        metavar="RULEBOOK",
        help="the rulebook file (default: the bundled one the log names)",
    )
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.set_defaults(run=handlers.replay)


def _add_options(commands: _Commands, handlers: Handlers) -> None:
    options = commands.add_parser("options", help="list a rulebook's options")
    options.add_argument("rulebook", type=_file_name, metavar="RULEBOOK")
    options.add_argument("--json", action="store_true", help="print one JSON document")
    options.set_defaults(run=handlers.options)


def _add_new(commands: _Commands, handlers: Handlers) -> None:
    new = commands.add_parser("new", help="scaffold a variant that extends another rulebook")
    new.add_argument("name", metavar="NAME", help="the new rulebook's id (letters, digits, _)")
    new.add_argument(
        "--from",
        dest="parent",
        required=True,
        type=_file_name,
        metavar="RULEBOOK",
        help="the rulebook it extends (a bundled name or a path), or 108 for a 108-tile "
        "rulebook of its own (万筒条 only: no honours, no flowers)",
    )
    new.add_argument(
        "-o", "--output", type=_file_name, metavar="FILE", help="where to write (default NAME.mjr)"
    )
    new.set_defaults(run=handlers.new)


def _add_explain(commands: _Commands, handlers: Handlers) -> None:
    explain = commands.add_parser("explain", help="explain a diagnostic code, e.g. E0101")
    explain.add_argument("code", metavar="CODE")
    explain.set_defaults(run=handlers.explain)


def _add_docs(commands: _Commands, handlers: Handlers) -> None:
    docs = commands.add_parser(
        "docs",
        help="build (or serve) the documentation site",
        description="In the mjc source tree (a mkdocs.yml here, or --config): write the "
        "generated pages into docs/generated/, then build the site with mkdocs build --strict. "
        "Given a FOLDER, or run in a folder of rulebooks with no mkdocs.yml: build the site of "
        "every rulebook (*.mjr) below it into FOLDER/site. --serve serves the site and rebuilds "
        "the pages when a rulebook changes. Beside each rulebook's page goes its balance page: "
        "its defaults simulated with greedy bots (--games), with charts. Needs the docs "
        "extra: pip install 'mjc[docs]'.",
    )
    docs.add_argument(
        "folder",
        nargs="?",
        type=_file_name,
        metavar="FOLDER",
        help="a folder of rulebooks to build the site of (default: the mjc site, or this folder)",
    )
    docs.add_argument("--serve", action="store_true", help="serve the site with live reload")
    docs.add_argument(
        "-o",
        "--output",
        default=None,
        type=_file_name,
        metavar="DIR",
        help="site folder (default: site, beside the config or in FOLDER)",
    )
    docs.add_argument(
        "--config",
        default=None,
        type=_file_name,
        metavar="FILE",
        help="the mkdocs config (default: mkdocs.yml, when there is one here)",
    )
    docs.add_argument("--address", default="127.0.0.1:8000", help="where --serve listens")
    docs.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        # The default is `sitebalance.BALANCE_GAMES` (not imported: this module stays light).
        help="games each rulebook's balance page simulates, from a fixed seed (default 120; "
        "0: no balance pages)",
    )
    docs.set_defaults(run=handlers.docs)


def _add_dump_ir(commands: _Commands, handlers: Handlers) -> None:
    dump = commands.add_parser("dump-ir", help="print a rulebook's checked IR as JSON")
    dump.add_argument("rulebook", type=_file_name, metavar="RULEBOOK", nargs="?")
    dump.add_argument("--schema", action="store_true", help="print the IR's JSON Schema instead")
    dump.set_defaults(run=handlers.dump_ir)


def _add_lsp(commands: _Commands, handlers: Handlers) -> None:
    lsp = commands.add_parser("lsp", help="run the language server (for editors) over stdio")
    lsp.add_argument("--tcp", metavar="HOST:PORT", help="listen on TCP instead of stdio")
    lsp.set_defaults(run=handlers.lsp)


# Each command's name and the function that adds it, in the order of `mjc --help` (`fmt`, the
# formatter's own, comes last).
_ADDERS: tuple[tuple[str, Callable[[_Commands, Handlers], None]], ...] = (
    ("check", _add_check),
    ("build", _add_build),
    ("score", _add_score),
    ("waits", _add_waits),
    ("settle", _add_settle),
    ("simulate", _add_simulate),
    ("play", _add_play),
    ("replay", _add_replay),
    ("serve", _add_serve),
    ("options", _add_options),
    ("new", _add_new),
    ("explain", _add_explain),
    ("docs", _add_docs),
    ("dump-ir", _add_dump_ir),
    ("lsp", _add_lsp),
)
