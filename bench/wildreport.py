"""The "win checks with wilds" section of `python -m bench`: run it, and say what it measured.

`wild_section` builds the wild corpus (`bench.wilds`), checks the 潮州 rulebook on it and times
the prepared wild check beside the recursive search (`bench.suites.wild_benchmark`); the other
functions write what the rows stand on for the full report and for `--only wilds`, which runs
this section alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.report import Row, render_table
from bench.suites import RulebookWilds, rulebook_wilds, wild_benchmark
from bench.wilds import WILD_COUNTS, WildAgreement, WildCorpus, build_wild_corpus

__all__ = [
    "WildResults",
    "wild_context",
    "wild_json",
    "wild_notes",
    "wild_section",
    "wild_text",
]


@dataclass(frozen=True, slots=True)
class WildResults:
    """What the "win checks with wilds" group measured and checked."""

    corpus: WildCorpus
    agreement: WildAgreement
    rulebook: RulebookWilds
    rows: list[Row]


def wild_context(wild: WildResults) -> list[str]:
    """What the wild-tile rows stand on: the wild corpus, the agreement, the rulebook."""
    corpus, agreement, rulebook = wild.corpus, wild.agreement, wild.rulebook
    counts = sorted({len(corpus.cases[k]) for k in WILD_COUNTS})
    each = " to ".join(f"{n:,}" for n in counts)
    built = agreement.built_to_win
    if rulebook.ruleset is not None and rulebook.options is not None:
        rulebook_line = (
            f"{rulebook.name} RULESET.is_win with {rulebook.note}: {rulebook.wins:,} wins "
            f"({rulebook.other_shapes:,} by its shapes besides the standard one; "
            f"{rulebook.refused:,} standard-shape wins refused)"
        )
    else:
        rulebook_line = f"{rulebook.name}: {rulebook.note}"
    return [
        "win checks with wilds: 5z (白板) wild, as in 潮州 白板做鬼; standard shape only",
        f"wild corpus: {corpus.size:,} hands, seed {corpus.seed}: {each} each with 1, 2, 3 and "
        f"4 wilds; {built:,} built to win (4 sets + pair, then k tiles made 5z), "
        f"{corpus.size - built:,} random draws of 14 - k tiles + k 5z; all concealed",
        f"wild win/no-win agreement (mjc vs recursive search): {agreement.agree:,}/"
        f"{agreement.hands:,} hands (wins: mjc {agreement.ours_win:,}, recursive "
        f"{agreement.theirs_win:,}; built to win and lost by mjc: {agreement.built_lost:,})",
        rulebook_line,
    ]


def wild_notes(wild: WildResults) -> list[str]:
    rulebook = wild.rulebook
    lines = [
        "The wild rows' peer is bench/recursive.py, a plain recursive search (lowest tile as "
        "pung, pair or chow, wilds filling missing tiles; no tables, no memo).",
    ]
    if rulebook.ruleset is not None and rulebook.refused:
        lines.append(
            f"NOTE: {rulebook.name} refuses {rulebook.refused:,} hands the standard shape wins"
        )
    return lines


def wild_json(wild: WildResults) -> dict[str, Any]:
    corpus, agreement, rulebook = wild.corpus, wild.agreement, wild.rulebook
    return {
        "wild_tile": "5z",
        "shapes": ["standard"],
        "corpus": {
            "seed": corpus.seed,
            "hands": corpus.size,
            "hands_per_wild_count": {str(k): len(corpus.cases[k]) for k in WILD_COUNTS},
            "built_to_win": agreement.built_to_win,
        },
        "agreement": {
            "hands": agreement.hands,
            "agree": agreement.agree,
            "mjc_wins": agreement.ours_win,
            "recursive_wins": agreement.theirs_win,
            "built_to_win_lost": agreement.built_lost,
            "disagreements": list(agreement.disagreements),
        },
        "rulebook": {
            "name": rulebook.name,
            "timed": rulebook.ruleset is not None and rulebook.options is not None,
            "options": rulebook.options,
            "note": rulebook.note,
            "wins": rulebook.wins,
            "other_shape_wins": rulebook.other_shapes,
            "standard_wins_refused": rulebook.refused,
        },
    }


def wild_section(
    hands: int, seed: int, repeats: int, progress: Callable[[str], None]
) -> WildResults:
    """The section as `python -m bench` runs it: `hands` hands with 1-4 wilds from `seed`."""
    progress(f"win checks with wilds ({hands:,} hands)")
    corpus = build_wild_corpus(hands, seed)
    rulebook = rulebook_wilds(corpus)
    rows, agreement = wild_benchmark(corpus, repeats, rulebook)
    return WildResults(corpus, agreement, rulebook, rows)


def wild_text(results: WildResults) -> list[str]:
    """The section as `--only wilds` prints it: what was measured, its table, the notes, and
    every disagreement."""
    return [
        *wild_context(results),
        "",
        render_table(results.rows, baseline="recursive"),
        "",
        *wild_notes(results),
        *(f"DISAGREEMENT: {problem}" for problem in results.agreement.disagreements),
    ]
