"""`python -m bench [--quick] [--json [PATH]] [--hands N] [--seed S] [--repeats R]`.

Runs the benchmarks of `bench.suites` in one process and prints one table: every figure beside
its peer's with their ratio and the goal, under the machine and the number of timed runs
(`bench.report.render_report`). `--json PATH` also writes the same rows, the machine and the
runs as one JSON document to PATH (`make bench` writes build/bench.json); `--json` alone, or
`--json -`, prints that document instead of the table. Exit status: 0 when done; 1 when the
two sides of a comparison disagree on their corpus (a figure measured on hands judged
differently means nothing); 2 for a usage error. Missing a performance target is reported in
the table, not in the exit status.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from dataclasses import dataclass, replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from bench import DEFAULT_HANDS, DEFAULT_SEED, QUICK_HANDS
from bench.batch import batch_benchmark
from bench.corpus import OPEN_SHARE, Corpus, WinAgreement, build_corpus
from bench.mcr import (
    McrResults,
    build_mcr_corpus,
    mcr_benchmark,
    mcr_context,
    mcr_json,
    mcr_notes,
    mcr_text,
    measure_interpreted,
)
from bench.report import (
    Group,
    Row,
    format_seconds,
    machine,
    machine_text,
    render_report,
    report_rows_json,
    row_json,
)
from bench.riichi import (
    RiichiResults,
    riichi_context,
    riichi_json,
    riichi_notes,
    riichi_section,
    riichi_text,
)
from bench.rounds import (
    OTHER_RULEBOOKS,
    RoundsResult,
    rounds_benchmark,
    rounds_json,
    rounds_rows,
    rounds_text,
)
from bench.shanten import ShantenAgreement, shanten_benchmark
from bench.startup import startup_benchmark
from bench.suites import (
    CompileSetup,
    ScoringCheck,
    compile_benchmark,
    load_ruleset,
    scoring_benchmark,
    scoring_check,
    win_benchmark,
)
from bench.wildreport import (
    WildResults,
    wild_context,
    wild_json,
    wild_notes,
    wild_section,
    wild_text,
)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=(
            "Benchmark mjc beside the `mahjong` package on one fixed-seed corpus: win checks, "
            "scoring, and compile time of every bundled rulebook; win checks with 1-4 wild "
            "tiles beside a recursive search; mjc score --batch beside one process per hand; "
            "shanten beside the `mahjong` package and waits; whole rounds with random "
            "bots beside RLCard and riichienv; the Chinese Official rulebook (MCR) "
            "beside PyMahjongGB, scoring and win checks; and the Riichi rulebook's scoring "
            "beside mahjong's HandCalculator. "
            "Figures are medians of several passes in one "
            "process (one core), in CPU time (time.process_time); rows that start other "
            "processes (cold start, --batch) are wall time."
        ),
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"a smoke run: {QUICK_HANDS} hands, fewer repeats"
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="PATH",
        help="also write the report as one JSON document to PATH (make bench: "
        "build/bench.json); alone, or with -, print that document instead of the table",
    )
    parser.add_argument(
        "--hands",
        type=_positive,
        help=(
            f"corpus size, and the wild corpus's (default {DEFAULT_HANDS}; --quick {QUICK_HANDS})"
        ),
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"corpus seed (default {DEFAULT_SEED})"
    )
    parser.add_argument(
        "--repeats", type=_positive, help="timed passes per figure (default 5; --quick 3)"
    )
    parser.add_argument(
        "--rounds",
        type=_positive,
        help="whole rounds per timed pass (RLCard: a fifth) (default 100; --quick 20)",
    )
    parser.add_argument(
        "--only",
        choices=("rounds", "mcr", "riichi", "startup", "wilds"),
        help="run one section alone: rounds (whole rounds with random bots beside the peers), "
        "mcr (the Chinese Official rulebook scored and win-checked beside PyMahjongGB), "
        "riichi (the Riichi rulebook scored beside mahjong's HandCalculator), startup (new "
        "processes: `mjc check`, `mjc score`, importing a generated module) or wilds (win "
        "checks with 1-4 wild tiles beside the recursive search)",
    )
    return parser


def _versions() -> dict[str, str]:
    from mjc.compiler.version import MJC_VERSION

    try:
        mahjong_version = version("mahjong")
    except PackageNotFoundError:  # pragma: no cover - the import above would have failed
        mahjong_version = "unknown"
    try:
        reference_version = version("PyMahjongGB")
    except PackageNotFoundError:
        reference_version = "not installed"
    from mjc.compiler.emit.native import build_in_use

    return {
        "build": build_in_use(),
        "PyMahjongGB": reference_version,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": f"{platform.system()} {platform.machine()}",
        "mahjong": mahjong_version,
        "mjc": MJC_VERSION,
    }


@dataclass(frozen=True, slots=True)
class PlayResults:
    """What the play groups measured: shanten and waits, and whole rounds."""

    shanten: list[Row]
    agreement: ShantenAgreement
    rounds: list[RoundsResult]
    repeats: int


def _play_context(play: PlayResults) -> list[str]:
    """What the shanten and rounds rows stand on: the shanten agreement, and each engine that
    has no figure, with why."""
    a = play.agreement
    return [
        f"shanten agreement (mjc vs mahjong, 13-tile hands, standard shape): {a.agree:,}/"
        f"{a.hands:,} hands; {a.fifth_copy:,} differ only where mahjong counts on a fifth copy",
        *(
            f"whole rounds: {r.name} has no figure: {r.error}"
            for r in play.rounds
            if r.timing is None
        ),
    ]


def _play_json(play: PlayResults) -> dict[str, Any]:
    a = play.agreement
    return {
        "shanten_agreement": {
            "hands": a.hands,
            "agree": a.agree,
            "fifth_copy_only": a.fifth_copy,
            "ok": a.ok,
        },
        "rounds": rounds_json(play.rounds),
    }


def _progress(message: str, quiet: bool) -> None:
    if not quiet and sys.stderr.isatty():
        print(f"bench: {message}", file=sys.stderr, flush=True)


def _groups(
    scoring: list[Row],
    compiling: list[Row],
    startup: list[Row],
    wild: WildResults,
    batch: list[Row],
    play: PlayResults,
    mcr: McrResults | None,
    riichi: RiichiResults,
) -> list[Group]:
    """Every row of the run, in the order of the one table, under its group's title."""
    groups = [
        Group("win checks and scoring (the corpus; CPU time, one core)", scoring),
        Group("compile time (one compilation)", compiling),
        Group("cold start (new processes, wall time)", startup),
        Group("win checks with wilds (the wild corpus)", wild.rows),
        Group("mjc score --batch (wall time)", batch),
        Group("shanten and waits", play.shanten),
        Group("whole rounds with random bots", rounds_rows(play.rounds)),
    ]
    if mcr is not None:
        groups.append(Group("MCR (rulebooks/mcr.mjr)", mcr.rows))
    groups.append(Group("Riichi (rulebooks/riichi.mjr)", riichi.rows))
    return [group for group in groups if group.rows]


def _text(
    found: dict[str, Any],
    groups: list[Group],
    corpus: Corpus,
    agreement: WinAgreement,
    check: ScoringCheck,
    setup: CompileSetup,
    versions: dict[str, str],
    repeats: int,
    wild: WildResults,
    play: PlayResults,
    mcr: McrResults | None,
    riichi: RiichiResults,
) -> str:
    built = sum(1 for c in corpus.win_cases if c.deal.built_to_win)
    errors = ", ".join(f"{k} {v:,}" for k, v in check.theirs_errors.items()) or "none"
    first = ", ".join(f"{name} {format_seconds(s)}" for name, s in setup.first_compile.items())
    lines = [
        f"mjc {versions['mjc']} beside its peers (mahjong {versions['mahjong']}, "
        f"PyMahjongGB {versions['PyMahjongGB']}, RLCard, riichienv)",
        machine_text(found, repeats),
        f"mjc build: {versions['build']} (make native; PYTHONPATH=build/native python -P)",
        f"corpus: {corpus.size:,} hands, seed {corpus.seed}: {built:,} built to win (4 sets + "
        f"pair), {corpus.size - built:,} random 14-tile draws; all concealed; "
        f"{corpus.excluded:,} seven-pairs/thirteen-orphans-shaped draws left out",
        f"win/no-win agreement (standard shape): {agreement.agree:,}/{agreement.hands:,} hands "
        f"(wins: mjc {agreement.ours_win:,}, mahjong {agreement.theirs_win:,})",
        f"scoring: {check.hands:,} winning hands ({check.open_hands:,} with 1-2 exposed sets), "
        f"self-drawn, seat S, round E; mjc scored {check.ours_scored:,}; mahjong scored "
        f"{check.theirs_scored:,}, errors: {errors}",
        *wild_context(wild),
        *_play_context(play),
        *(mcr_context(mcr) if mcr is not None else ["MCR vs PyMahjongGB: skipped (no MahjongGB)"]),
        *riichi_context(riichi),
        "",
        render_report(groups),
        "",
        f"Figures are medians of {repeats} timed passes (after one warm-up pass) in one process "
        "on one core, in CPU time (time.process_time, both sides alike), but for the rows of "
        "new processes (cold start, --batch): medians of as many processes each (after one "
        "untimed), launch to exit, wall time. The ratio is how many times faster mjc is than "
        "the peer (for a rate mjc / peer).",
        f"Not in the compile figures (one-time): Lark parser construction "
        f"{format_seconds(setup.lark_parser.median)}; first (cold) compile: {first}.",
        *wild_notes(wild),
        "The --batch row's peer is one process per hand; both include process start and the "
        "rulebook's compilation.",
        *(mcr_notes(mcr) if mcr is not None else []),
        *riichi_notes(riichi),
    ]
    for problem in (*agreement.disagreements, *check.problems, *wild.agreement.disagreements):
        lines.append(f"DISAGREEMENT: {problem}")
    return "\n".join(lines)


def _json(
    found: dict[str, Any],
    groups: list[Group],
    corpus: Corpus,
    agreement: WinAgreement,
    check: ScoringCheck,
    setup: CompileSetup,
    versions: dict[str, str],
    repeats: int,
    wild: WildResults,
    play: PlayResults,
    mcr: McrResults | None,
    riichi: RiichiResults,
) -> dict[str, Any]:
    return {
        "machine": found,
        "runs": repeats,
        "versions": versions,
        "note": (
            "medians of timed passes in one process on one core, CPU time "
            "(time.process_time); cold-start and batch rows wall time; ratio is how many "
            "times faster mjc is than the row's peer"
        ),
        "repeats": repeats,
        "corpus": {
            "seed": corpus.seed,
            "hands": corpus.size,
            "built_to_win": sum(1 for c in corpus.win_cases if c.deal.built_to_win),
            "excluded_special_shapes": corpus.excluded,
            "scoring_hands": check.hands,
            "scoring_open_hands": check.open_hands,
            "open_share": OPEN_SHARE,
        },
        "agreement": {
            "hands": agreement.hands,
            "agree": agreement.agree,
            "mjc_wins": agreement.ours_win,
            "mahjong_wins": agreement.theirs_win,
            "disagreements": list(agreement.disagreements),
        },
        "scoring_check": {
            "mjc_scored": check.ours_scored,
            "mjc_totals": {str(k): v for k, v in check.ours_totals.items()},
            "mahjong_scored": check.theirs_scored,
            "mahjong_errors": check.theirs_errors,
            "problems": list(check.problems),
        },
        "one_time": {
            "lark_parser_s": setup.lark_parser.median,
            "first_compile_s": setup.first_compile,
        },
        "wilds": wild_json(wild),
        "play": _play_json(play),
        "mcr": mcr_json(mcr) if mcr is not None else None,
        "riichi": riichi_json(riichi),
        "results": report_rows_json(groups),
    }


def _mcr(hands: int, seed: int, repeats: int, quiet: bool) -> McrResults | None:
    """The MCR group on half the corpus size (an MCR hand costs several of the seeds' to
    score; its passes are fresh, each on its own slice), or None when PyMahjongGB (a dev
    dependency) is not installed."""
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        return None
    size = max(2, hands // 2)
    _progress(f"MCR beside PyMahjongGB ({size:,} hands)", quiet)
    results = mcr_benchmark(build_mcr_corpus(size, seed), load_ruleset("mcr"), repeats)
    from mjc.compiler.emit.native import build_in_use

    if build_in_use().startswith("native"):
        _progress("MCR again in the interpreted package (another process)", quiet)
        results = replace(results, interpreted=measure_interpreted(hands, seed, repeats))
    return results


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    hands = args.hands or (QUICK_HANDS if args.quick else DEFAULT_HANDS)
    repeats = args.repeats or (3 if args.quick else 5)
    if hands < 2:
        print("python -m bench: --hands must be at least 2", file=sys.stderr)
        return 2
    quiet = args.json == "-"
    rounds = args.rounds or (20 if args.quick else 100)
    if args.only == "rounds":
        return _rounds_only(rounds, repeats, args.seed, args.json)
    if args.only == "mcr":
        return _mcr_only(hands, repeats, args.seed, args.json)
    if args.only == "riichi":
        return _riichi_only(hands, repeats, args.seed, args.json)
    if args.only == "startup":
        return _startup_only(repeats, args.json)
    if args.only == "wilds":
        return _wilds_only(hands, repeats, args.seed, args.json)

    # Compilation first: it measures the Lark parser build before anything else needs it.
    _progress("compiling the bundled rulebooks", quiet)
    compile_rows, setup = compile_benchmark(repeats)
    ruleset = load_ruleset()
    _progress(f"building the corpus ({hands:,} hands, seed {args.seed})", quiet)
    corpus = build_corpus(hands, args.seed)
    _progress("win checks", quiet)
    win_rows, agreement = win_benchmark(corpus, ruleset, repeats)
    _progress("scoring", quiet)
    check = scoring_check(corpus, ruleset)
    seeds = [load_ruleset(name) for name in OTHER_RULEBOOKS]  # the other four seeds' rows
    score_rows = scoring_benchmark(corpus, ruleset, repeats, seeds)
    wild = wild_section(hands, args.seed, repeats, lambda message: _progress(message, quiet))
    _progress("mjc score --batch against one process per hand", quiet)
    batch = batch_benchmark(corpus, repeats)

    _progress("cold start (new processes)", quiet)
    startup_rows = startup_benchmark(repeats)
    _progress("shanten and waits", quiet)
    shanten_rows, shanten_agreement = shanten_benchmark(corpus, ruleset, repeats)
    _progress(f"whole rounds with random bots ({rounds} a pass)", quiet)
    play = PlayResults(
        shanten_rows, shanten_agreement, rounds_benchmark(rounds, repeats, args.seed), repeats
    )

    mcr = _mcr(hands, args.seed, repeats, quiet)
    riichi = riichi_section(hands, args.seed, repeats, lambda message: _progress(message, quiet))

    groups = _groups(
        [*win_rows, *score_rows], compile_rows, startup_rows, wild, batch, play, mcr, riichi
    )
    versions = _versions()
    results = (groups, corpus, agreement, check, setup, versions, repeats, wild, play, mcr, riichi)
    found = machine()
    agreed = agreement.ok and check.ok and wild.agreement.ok and shanten_agreement.ok
    agreed = agreed and (mcr is None or mcr.agreement.ok) and riichi.agreement.ok
    document = _json(found, *results)
    return _print_and_write(_text(found, *results), document, args.json, 0 if agreed else 1)


def _write_json(path: Path, document: dict[str, Any]) -> str | None:
    """Write the report's JSON document to `path` (its folder made); why not, or None."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", "utf-8")
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None


def _rounds_only(rounds: int, repeats: int, seed: int, json_to: str | None) -> int:
    """`--only rounds`: the whole-rounds section alone (its figures and ratios, one run)."""
    _progress(f"whole rounds with random bots ({rounds} a pass)", json_to == "-")
    results = rounds_benchmark(rounds, repeats, seed)
    doc = {"versions": _versions(), "repeats": repeats, "rounds": rounds_json(results)}
    text = "\n".join(rounds_text(results, repeats))
    return _print_and_write(text, doc, json_to, 0)


def _mcr_only(hands: int, repeats: int, seed: int, json_to: str | None) -> int:
    """`--only mcr`: the MCR section alone; exit 1 when the two sides disagree on a hand,
    2 when PyMahjongGB is not installed (there is nothing to compare with)."""
    mcr = _mcr(hands, seed, repeats, json_to == "-")
    if mcr is None:
        print("python -m bench: --only mcr needs PyMahjongGB (the dev extra)", file=sys.stderr)
        return 2
    doc = {
        "versions": _versions(),
        "repeats": repeats,
        "mcr": mcr_json(mcr),
        "results": [row_json(row) for row in mcr.rows],
    }
    return _print_and_write("\n".join(mcr_text(mcr)), doc, json_to, 0 if mcr.agreement.ok else 1)


def _startup_only(repeats: int, json_to: str | None) -> int:
    """`--only startup`: the cold-start rows alone (issue 26's `mjc check` goal among them)."""
    _progress("cold start (new processes)", json_to == "-")
    group = Group("cold start (new processes, wall time)", startup_benchmark(repeats))
    found = machine()
    doc = {
        "machine": found,
        "versions": _versions(),
        "repeats": repeats,
        "results": report_rows_json([group]),
    }
    text = "\n".join((machine_text(found, repeats), "", render_report([group])))
    return _print_and_write(text, doc, json_to, 0)


def _riichi_only(hands: int, repeats: int, seed: int, json_to: str | None) -> int:
    """`--only riichi`: the Riichi section alone; exit 1 when the two sides disagree."""
    riichi = riichi_section(
        hands, seed, repeats, lambda message: _progress(message, json_to == "-")
    )
    doc = {
        "versions": _versions(),
        "repeats": repeats,
        "riichi": riichi_json(riichi),
        "results": [row_json(row) for row in riichi.rows],
    }
    text = "\n".join(riichi_text(riichi))
    return _print_and_write(text, doc, json_to, 0 if riichi.agreement.ok else 1)


def _wilds_only(hands: int, repeats: int, seed: int, json_to: str | None) -> int:
    """`--only wilds`: the wild-tile section alone; exit 1 when the two sides disagree."""
    wild = wild_section(hands, seed, repeats, lambda message: _progress(message, json_to == "-"))
    found = machine()
    doc = {
        "machine": found,
        "versions": _versions(),
        "repeats": repeats,
        "wilds": wild_json(wild),
        "results": [row_json(row) for row in wild.rows],
    }
    text = "\n".join((machine_text(found, repeats), *wild_text(wild)))
    return _print_and_write(text, doc, json_to, 0 if wild.agreement.ok else 1)


def _print_and_write(text: str, document: dict[str, Any], json_to: str | None, code: int) -> int:
    """Print the report (`json_to` "-": its JSON document instead of `text`), write the
    document to the file `json_to` names; `code`, or 2 when that file cannot be written."""
    if json_to == "-":
        print(json.dumps(document, indent=2, ensure_ascii=False))
        return code
    print(text)
    if json_to is not None:
        problem = _write_json(Path(json_to), document)
        if problem is not None:
            print(f"python -m bench: {problem}", file=sys.stderr)
            return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
