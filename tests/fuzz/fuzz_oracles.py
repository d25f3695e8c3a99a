"""The rules every fuzzed input must keep, one function per kind of input.

* A rulebook ends in error diagnostics with codes (what `mjc check` prints, exit 1), or in a
  generated module that Python compiles, that imports, and that scores a sample of hands (one
  of its own examples, and `SAMPLE_HANDS`) within the budget of work its cost bound allows
  (`work_meter`), every number it returns within the bound on numbers.
* A hand, a round or a command line given to the CLI (`mjc.compiler.cli.commands.main`, in process)
  exits 0, 1 or 2 and leaves no traceback on stderr.
* The API (`parse_hand`, `Ruleset.score`, `Ruleset.settle`, `parse_round`) returns a result or
  raises one of its documented errors (`ALLOWED`): anything else is a crash.
* A game log replays or fails with a `LogError`, and `mjc replay` exits 0, 1 or 2
  (`check_log`); a round driven move by move refuses a bad move with a documented error that
  leaves it unchanged, and its log replays to the same result (`check_moves`); a log
  `mjc play` writes replays (`check_play`).
* `mjc score --batch` answers every line (`check_batch`); a command on an odd file or path
  exits 0, 1 or 2, and a file `mjc fmt` laid out passes `fmt --check` (`check_file`); the
  language server's features answer any request on any text (`check_lsp`). The app of
  `mjc serve` has its own rule (`serve_oracle`).

Identical inputs are checked once per process.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import io
import json
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from fuzz_budget import STATS
from input_gen import bundled_rulesets
from work_meter import OverBudget, metered

from mjc.compiler import driver, loader as rulebook_loader
from mjc.compiler.check.cost import MAX_RULEBOOK_STEPS, MAX_STEPS, MAX_VALUE, Cost, rulebook_cost
from mjc.compiler.cli import commands as cli
from mjc.compiler.diagnostics import render_text
from mjc.compiler.driver import compile_source
from mjc.compiler.loader import Loaded, load
from mjc.compiler.syntax.sources import rulebook_text
from mjc.runtime import (
    HandError,
    NotationError,
    OptionError,
    RoundError,
    Ruleset,
    parse_hand,
    parse_round,
)
from mjc.runtime.game.actions import Action, action_from_json
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay

# The documented errors of the API: each is a ValueError (NotationError, HandError,
# OptionError, RoundError, HorseError, WildIndicatorMissing are its subclasses).
ALLOWED: tuple[type[BaseException], ...] = (
    NotationError,
    HandError,
    OptionError,
    RoundError,
    ValueError,
)
CODE = re.compile(r"[EW]\d{4}")
# An argument of the wrong type is the API's plain TypeError naming it ("hand must be a Hand
# or a notation string, not dict"), raised at the boundary: any other TypeError is a crash.
PLAIN_TYPE_ERROR = re.compile(r"^\w+ must be .+, not \w+")
STANDARD_HAND = "123m456m789m345m55m"  # characters only: every generated rulebook has them
# Hands every accepted rulebook scores, characters only too: a standard hand, one of four
# pungs, and one that reads as seven pairs and as standard hands (several readings).
SAMPLE_HANDS = (STANDARD_HAND, "111m222m333m444m55m", "11223344556677m")

_seen: set[str] = set()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def first_time(key: str) -> bool:
    """Whether `key` was not yet checked (and passed) in this process."""
    return key not in _seen


def passed(key: str) -> None:
    _seen.add(key)


# ------------------------------------------------------------------------------ rulebooks


def check_rulebook(text: str, file: str = "fuzz.mjr") -> str:
    """Compile `text`; it must end in coded diagnostics or in a module that scores a sample
    of hands within the budget of its cost bound. Returns the outcome (`diagnostics`,
    `scored`, `refused`, `duplicate`)."""
    key = "rulebook:" + _digest(text)
    if not first_time(key):
        STATS["rulebook duplicate"] += 1
        return "duplicate"
    compilation = compile_source(text, file)
    if not compilation.ok:
        errors = [d for d in compilation.diagnostics if d.severity == "error"]
        assert errors, "a rulebook that does not compile must say why"
        for d in compilation.diagnostics:
            assert CODE.fullmatch(d.code) and d.message, d
            assert d.code != "E0901", d.message  # a module mjc generated and Python refused
        rendered = render_text(compilation.diagnostics, compilation.sources, color=False)
        assert "Traceback" not in rendered
        outcome = "diagnostics"
    else:
        assert compilation.rulebook is not None
        cost = static_cost(text, file)
        # What the check promises of every rulebook it accepts (E0415).
        assert cost.steps <= MAX_RULEBOOK_STEPS and cost.costliest <= MAX_STEPS, cost
        assert cost.largest <= MAX_VALUE, cost
        assert compilation.ruleset is not None
        outcome = _score_ruleset(compilation.ruleset, cost)
    STATS[f"rulebook {outcome}"] += 1
    passed(key)
    return outcome


def static_cost(text: str, file: str) -> Cost:
    """The rulebook's static cost bound, as the cost check computed it."""
    decls, problems = driver._declarations(rulebook_text(text), file, None, {}, stack=())
    assert decls is not None, problems
    return rulebook_cost(decls, driver._type_expressions(decls))


def _score_ruleset(ruleset: Ruleset, cost: Cost) -> str:
    """Score a sample of hands with the ruleset of the generated module (which
    `compile_source` compiled and imported, as `mjc build` would write it), each within the
    work `cost` allows, every number it returns within `cost.largest`."""
    example = ruleset.examples[0] if ruleset.examples else None
    hands = [(example.hand, example.win)] if example else []
    hands += [(hand, None) for hand in SAMPLE_HANDS]
    outcome = "refused"
    for hand, win in hands:
        try:
            with metered(cost) as work:
                score = ruleset.score(hand, win=win, self_drawn=True)
        except OverBudget as exc:
            raise AssertionError(f"scoring {hand} passed its budget: {exc}") from None
        except ALLOWED:
            continue
        assert score.win in (True, False)
        too_large = [n for n in [*work.numbers, score.total] if abs(n) > cost.largest]
        assert not too_large, f"{hand}: {too_large[0]} passes the bound {cost.largest}"
        outcome = "scored"
    return outcome


# ------------------------------------------------------------------------------ the API

T = TypeVar("T")


def check_api(call: Callable[[], T]) -> T | BaseException:
    """Run one API call: a result or a documented error (returned), anything else raises."""
    try:
        result = call()
    except ALLOWED as exc:
        assert str(exc), f"{type(exc).__name__} without a message"
        STATS[f"api {type(exc).__name__}"] += 1
        return exc
    except TypeError as exc:
        if not PLAIN_TYPE_ERROR.match(str(exc)):
            raise
        STATS["api TypeError"] += 1
        return exc
    STATS["api result"] += 1
    return result


# ------------------------------------------------------------------------------ the CLI


@functools.cache
def _load_once(name: str) -> Loaded:
    return load(name)


@contextlib.contextmanager
def cached_rulebooks() -> Any:
    """The CLI's rulebook loading, cached: the fuzz tests feed it hands and rounds, not
    rulebooks, and compiling a bundled rulebook per call would be most of the time."""
    # (the command line imports `load` from the loader as it loads a rulebook)
    original = rulebook_loader.load
    rulebook_loader.load = _load_once  # type: ignore[assignment]
    try:
        yield
    finally:
        rulebook_loader.load = original  # type: ignore[assignment]


def run_cli(argv: Sequence[str], stdin: str | None = None) -> tuple[int, str, str]:
    """`mjc ARGV` in process: (exit code, stdout, stderr). It must exit 0, 1 or 2 and print
    no traceback."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(list(argv))
    except SystemExit as exc:  # argparse's --help and --version
        code = exc.code if isinstance(exc.code, int) else 2
    finally:
        sys.stdin = saved
    stderr = err.getvalue()
    assert code in (0, 1, 2), (code, stderr)
    assert "Traceback" not in stderr, stderr
    if code == 2:  # (bare `mjc` prints its help on stdout)
        assert stderr.strip() or out.getvalue().strip(), "a usage error says what is wrong"
    STATS[f"cli exit {code}"] += 1
    return code, out.getvalue(), stderr


# ------------------------------------------------------------------------------ per kind


def check_hand(text: str) -> None:
    check_api(lambda: parse_hand(text))


def check_score(case: dict[str, Any]) -> None:
    book = bundled_rulesets()[case["rulebook"]]
    check_api(lambda: book.score(case["hand"], **case["kwargs"]))


def check_round(case: tuple[str, Any] | list[Any]) -> None:
    rulebook, data = case
    check_api(lambda: parse_round(data))
    if isinstance(data, dict):
        check_api(lambda: bundled_rulesets()[rulebook].settle(data))


def check_command(argv: list[str]) -> None:
    run_cli(argv)


def check_settle_command(case: tuple[str, str] | list[str]) -> None:
    rulebook, text = case
    run_cli(["settle", rulebook, "-"], stdin=text)
    if len(text) % 3 == 0:
        run_cli(["settle", rulebook, "-", "--json"], stdin=text)


# ------------------------------------------------------------------------------ game logs


@functools.cache
def _scratch() -> Path:
    """A folder for the files the CLI reads (logs, batches), removed when the process ends."""
    folder = Path(tempfile.mkdtemp(prefix="mjc-fuzz-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def scratch_file(name: str, text: str) -> str:
    path = _scratch() / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
    return str(path)


def check_log(case: tuple[str, list[str]] | list[Any]) -> None:
    """A game log replays to its end or fails with a `LogError` (the API), and `mjc replay`
    reads it and exits 0 (it agrees), 1 (a line disagrees) or 2 (it cannot be read)."""
    rulebook, lines = case
    check_api(lambda: replay(bundled_rulesets()[rulebook], lines))
    path = scratch_file("fuzz.jsonl", "\n".join(lines) + "\n")
    as_json = ["--json"] if len(lines) % 2 else []
    run_cli(["replay", path, *as_json])
    if len(lines) % 3 == 0:
        run_cli(["replay", path, "--rulebook", rulebook])


# ------------------------------------------------------------------------------ moves


def check_moves(case: dict[str, Any]) -> None:
    """A round driven move by move (`log_gen.moves`): each step is played or refused with a
    documented error that leaves the round as it was (the same events); played to its end
    (legal moves), the round's log replays to the same result."""
    ruleset = bundled_rulesets()[case["rulebook"]]
    game = check_api(
        lambda: Round(
            ruleset,
            seed=case["seed"],
            players=case.get("players"),
            options=case.get("options"),
            **case.get("setup", {}),
        )
    )
    if isinstance(game, BaseException):
        return
    for step in case["steps"]:
        before = len(game.events)
        outcome = check_api(lambda step=step: _play_step(game, step))
        if isinstance(outcome, BaseException):
            assert len(game.events) == before, f"{outcome!r} changed the round"
    for _ in range(5000):  # the rest with legal moves: a round ends in far fewer
        if game.over:
            break
        _play_step(game, {"pick": len(game.events)})
    assert game.over
    again = replay(ruleset, log_lines(game))
    assert again.result == game.result, "the log of the round replays to another result"


def _play_step(game: Round, step: dict[str, Any]) -> object:
    if "pick" in step:
        seats = game.to_act()
        if not seats:
            return None
        seat = seats[step["pick"] % len(seats)]
        legal = game.legal_actions(seat)
        return game.apply(legal[step["pick"] % len(legal)]) if legal else None
    if "action" in step:
        return game.apply(action_from_json(step["action"]))
    if "raw" in step:
        seat, kind, tile, low, named, tiles = step["raw"]
        return game.apply(Action(seat, kind, tile, low, named, tuple(tiles)))
    call, seat = step["call"], step["seat"]
    if call == "set_auto":
        return game.set_auto(seat, step["on"])
    if call == "abandon":
        return game.abandon()
    if call in ("state", "to_act"):
        return getattr(game, call)()
    return getattr(game, call)(seat)


# ------------------------------------------------------------------------------ batches


def check_batch(case: dict[str, Any]) -> None:
    """`mjc score --batch`: exit 0 (every line scored), 1 (some line could not be) or 2 (a
    flag is wrong), one JSON object per line that is not blank, no traceback."""
    lines = case["lines"]
    path = scratch_file("batch.jsonl", "\n".join(lines) + "\n")
    code, out, _ = run_cli(["score", case["rulebook"], "--batch", path, *case["flags"]])
    if code == 2:
        return
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == sum(1 for line in lines if line.strip()), out
    assert all(isinstance(r, dict) for r in records)
    assert code == (1 if any("error" in r for r in records) else 0), (code, out)


def check_play(argv: list[str]) -> None:
    """`mjc play --bots-only`: exit 0, 1 or 2 without a traceback, and a log it wrote (exit
    0) replays: `mjc replay` agrees with every line (exit 0)."""
    log = str(_scratch() / "played.jsonl")
    code, _, _ = run_cli([*argv, "--log", log])
    if code == 0:
        replayed, _, why = run_cli(["replay", log])
        assert replayed == 0, f"the log of {argv} does not replay: {why}"


# ------------------------------------------------------------------------------ the LSP


def check_lsp(case: dict[str, Any]) -> None:
    """The language server's features, called as its handlers call them (without the guard
    that logs what they raise: a raise is a crash here), answer every request on a text
    opened and edited into anything."""
    from lsprotocol import types

    from mjc.compiler.lsp import completion, formatting, hover, navigation, outline, tokens
    from mjc.compiler.lsp.diagnostics import lsp_diagnostics
    from mjc.compiler.lsp.state import DocumentState

    state = DocumentState(case["uri"])
    for text in [case["text"], *case["edits"]]:
        state.update(text)
    for request in case["requests"]:
        name = request["name"]
        at = types.Position(request["line"], request["character"])
        if name == "hover":
            symbol = navigation.symbol_at(state, at)
            if symbol is not None:
                hover.symbol_hover(state, symbol)
        elif name == "definition":
            navigation.definition(state, at)
        elif name == "references":
            navigation.references(state, at, request["line"] % 2 == 0)
        elif name == "prepare_rename":
            navigation.prepare_rename(state, at)
        elif name == "rename":
            navigation.rename(state, at, request["new_name"])
        elif name == "completion":
            completion.completions(state, at)
        elif name == "symbols":
            outline.document_symbols(state)
        elif name == "tokens":
            tokens.semantic_tokens(state.text, state.index)
        elif name == "formatting":
            formatting.formatting_edits(state.text, state.file)
        else:
            lsp_diagnostics(state)
    STATS["lsp session"] += 1


# ------------------------------------------------------------------------------ files


def check_file(case: dict[str, Any]) -> None:
    """A command on a rulebook file that is odd (any bytes), a folder, a link or missing:
    exit 0, 1 or 2 without a traceback; a file `mjc fmt` laid out (exit 0) is then laid out
    already (`mjc fmt --check` exits 0)."""
    folder = Path(tempfile.mkdtemp(dir=_scratch()))
    path = folder / case["name"]
    content = case["bytes"].encode("latin-1")
    kind = case["kind"]
    if kind.startswith("file"):
        path = folder / (case["name"] + "/" if kind.endswith("/") else case["name"])
        path.write_bytes(content)
    elif kind.startswith("folder"):
        path.mkdir()
        if kind.endswith("files"):
            (path / "inner.mjr").write_bytes(content)
    elif kind == "dangling link":
        path.symlink_to(folder / "nowhere.mjr")
    elif kind.startswith("link"):
        target = folder / ("target.mjr" if kind.endswith("file") else "target")
        if kind.endswith("file"):
            target.write_bytes(content)
        else:
            target.mkdir()
        path.symlink_to(target)
    argv = [str(path) if word == "@" else word.replace("@", str(path)) for word in case["command"]]
    if "@" not in case["command"] and case["command"][0] != "new":
        argv.append(str(path))
    with contextlib.chdir(folder):  # what a shrunk command writes by default lands here
        code, _, _ = run_cli(argv)
        if argv[:1] == ["fmt"] and "--check" not in argv and code == 0 and path.is_file():
            again, out, _ = run_cli(["fmt", "--check", str(path)])
            assert again == 0, f"mjc fmt left a file that fmt --check would change:\n{out}"
    shutil.rmtree(folder, ignore_errors=True)
