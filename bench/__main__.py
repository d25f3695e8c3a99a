"""`python -m bench [--quick] [--json] [--hands N] [--seed S] [--repeats R]`.

Runs the three benchmarks of `bench.suites` in one process and prints the table (or one JSON
document with `--json`). Exit status: 0 when done; 1 when the two libraries disagree on the
corpus (a figure measured on hands judged differently means nothing); 2 for a usage error.
Missing a performance target is reported in the table, not in the exit status.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from bench import DEFAULT_HANDS, DEFAULT_SEED, QUICK_HANDS
from bench.corpus import OPEN_SHARE, Corpus, WinAgreement, build_corpus
from bench.report import Row, format_seconds, render_table, row_json
from bench.suites import (
    CompileSetup,
    ScoringCheck,
    compile_benchmark,
    load_ruleset,
    scoring_benchmark,
    scoring_check,
    win_benchmark,
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
            "scoring, and compile time of every bundled rulebook. Figures are medians of "
            "several passes in one process (one core)."
        ),
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"a smoke run: {QUICK_HANDS} hands, fewer repeats"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--hands",
        type=_positive,
        help=f"corpus size (default {DEFAULT_HANDS}; --quick {QUICK_HANDS})",
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"corpus seed (default {DEFAULT_SEED})"
    )
    parser.add_argument(
        "--repeats", type=_positive, help="timed passes per figure (default 5; --quick 3)"
    )
    return parser


def _versions() -> dict[str, str]:
    from compiler.version import MJC_VERSION

    try:
        mahjong_version = version("mahjong")
    except PackageNotFoundError:  # pragma: no cover - the import above would have failed
        mahjong_version = "unknown"
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": f"{platform.system()} {platform.machine()}",
        "mahjong": mahjong_version,
        "mjc": MJC_VERSION,
    }


def _progress(message: str, quiet: bool) -> None:
    if not quiet and sys.stderr.isatty():
        print(f"bench: {message}", file=sys.stderr, flush=True)


def _text(
    rows: list[Row],
    corpus: Corpus,
    agreement: WinAgreement,
    check: ScoringCheck,
    setup: CompileSetup,
    versions: dict[str, str],
    repeats: int,
) -> str:
    built = sum(1 for c in corpus.win_cases if c.deal.built_to_win)
    errors = ", ".join(f"{k} {v:,}" for k, v in check.theirs_errors.items()) or "none"
    first = ", ".join(f"{name} {format_seconds(s)}" for name, s in setup.first_compile.items())
    lines = [
        f"mjc {versions['mjc']} vs mahjong {versions['mahjong']} — "
        f"{versions['implementation']} {versions['python']} on {versions['platform']}",
        f"corpus: {corpus.size:,} hands, seed {corpus.seed}: {built:,} built to win (4 sets + "
        f"pair), {corpus.size - built:,} random 14-tile draws; all concealed; "
        f"{corpus.excluded:,} seven-pairs/thirteen-orphans-shaped draws left out",
        f"win/no-win agreement (standard shape): {agreement.agree:,}/{agreement.hands:,} hands "
        f"(wins: mjc {agreement.ours_win:,}, mahjong {agreement.theirs_win:,})",
        f"scoring: {check.hands:,} winning hands ({check.open_hands:,} with 1-2 exposed sets), "
        f"self-drawn, seat S, round E; mjc scored {check.ours_scored:,}; mahjong scored "
        f"{check.theirs_scored:,}, errors: {errors}",
        "",
        render_table(rows),
        "",
        f"Figures are medians of {repeats} timed passes (after one warm-up pass) in one process "
        "on one core; the ratio is mjc / mahjong.",
        f"Not in the compile figures (one-time): Lark parser construction "
        f"{format_seconds(setup.lark_parser.median)}; first (cold) compile: {first}.",
    ]
    for problem in (*agreement.disagreements, *check.problems):
        lines.append(f"DISAGREEMENT: {problem}")
    return "\n".join(lines)


def _json(
    rows: list[Row],
    corpus: Corpus,
    agreement: WinAgreement,
    check: ScoringCheck,
    setup: CompileSetup,
    versions: dict[str, str],
    repeats: int,
) -> dict[str, Any]:
    return {
        "versions": versions,
        "note": "medians of timed passes in one process on one core; ratio is mjc / mahjong",
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
        "results": [row_json(row) for row in rows],
    }


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    hands = args.hands or (QUICK_HANDS if args.quick else DEFAULT_HANDS)
    repeats = args.repeats or (3 if args.quick else 5)
    if hands < 2:
        print("python -m bench: --hands must be at least 2", file=sys.stderr)
        return 2
    quiet = bool(args.json)

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
    score_rows = scoring_benchmark(corpus, ruleset, repeats)

    rows = [*win_rows, *score_rows, *compile_rows]
    versions = _versions()
    if args.json:
        doc = _json(rows, corpus, agreement, check, setup, versions, repeats)
        print(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        print(_text(rows, corpus, agreement, check, setup, versions, repeats))
    return 0 if agreement.ok and check.ok else 1


if __name__ == "__main__":
    sys.exit(main())
