"""The Chinese Official rulebook (`rulebooks/mcr.mjr`) beside PyMahjongGB on the same hands.

The hands come from the differential test's generator (`bench.mcr_hands.mcr_case`, every MCR
form: ordinary hands with claimed melds and kongs, seven pairs, knitted shapes, nine gates,
thirteen orphans, with flowers, situation flags and winds) from the benchmark's fixed seed.
Scoring times `RULESET.score(hand, ...)` on parsed hands (and, on a second row, on notation
text) against `MahjongGB.MahjongFanCalculator(...)` on its own tuples, after checking both
sides agree on every hand's total. Win checks time `RULESET.is_win(hand)` against the only
14-tile win test PyMahjongGB offers, its fan calculator (which raises `ERROR_NOT_WIN` for a
hand that is not complete; its shanten functions take 13 tiles), on the winning hands and
as many made from them by changing one concealed tile (mostly not winning).

Both sides are timed in CPU time of this one process (`bench.timing`), interleaved pass by pass;
the scoring passes are fresh (each scores its own slice of the hands, so no memo of the
scorer's has met them: the situation of a hand, keyed by its flowers and winds, its suits'
words and the fans it scored would otherwise be remembered from the pass before). So the
agreement is checked after the scoring is timed, and the row from notation text scores the
other half of the hands (the same generator's, beside PyMahjongGB's figure on the first).
Targets are the issue's (issue 13): scoring at least a quarter of PyMahjongGB's hands per
second, win checks at least as fast.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from bench.mcr_hands import McrCase, mcr_case
from bench.report import Row, format_rate, render_table
from bench.timing import Contestant, time_interleaved
from mjc.runtime import Hand, Ruleset, parse_hand, tile_text

__all__ = [
    "MCR_SCORE_TARGET",
    "MCR_WIN_TARGET",
    "McrAgreement",
    "McrCorpus",
    "McrResults",
    "build_mcr_corpus",
    "check_mcr_agreement",
    "mcr_benchmark",
    "mcr_context",
    "mcr_json",
    "mcr_notes",
    "mcr_text",
    "measure_interpreted",
]

MCR_SCORE_TARGET = 0.5  # of PyMahjongGB's hands per second, interpreted (issue 26)
MCR_WIN_TARGET = 1.0
_MINIMUM = 8  # 8 番起和, flowers not counted
_BASELINE = "PyMahjongGB"
_CHILD = "MJC_BENCH_INTERPRETED_RUN"  # set for the process `measure_interpreted` starts


@dataclass(frozen=True, slots=True)
class McrCorpus:
    """The winning cases, the changed ones (one concealed tile swapped), and both sides'
    inputs: parsed hands with `score` keywords for mjc, calculator keywords for PyMahjongGB."""

    seed: int
    cases: tuple[McrCase, ...]
    changed: tuple[McrCase, ...]

    @property
    def size(self) -> int:
        return len(self.cases)


def _changed(case: McrCase, rng: random.Random) -> McrCase:
    """`case` with one concealed tile other than the winning one swapped for another kind
    (within four copies), and no situation flag that the new tiles could contradict."""
    held = [*case.concealed, *(t for m in case.melds for t in m.tiles)]
    spares = [i for i, t in enumerate(case.concealed) if t != case.win]
    for _ in range(20):
        if not spares:
            break
        i, new = rng.choice(spares), rng.randrange(34)
        if new != case.concealed[i] and held.count(new) < 4:
            concealed = (*case.concealed[:i], new, *case.concealed[i + 1 :])
            return replace(
                case, concealed=concealed, last_of_kind=False, about_kong=False, wall_last=False
            )
    return case


def build_mcr_corpus(size: int, seed: int) -> McrCorpus:
    rng = random.Random(seed)
    cases = tuple(mcr_case(rng) for _ in range(size))
    changed = tuple(_changed(c, rng) for c in cases)
    return McrCorpus(seed, cases, changed)


def _score_args(case: McrCase) -> dict[str, Any]:
    args = case.score_args()
    del args["win"]
    return args


def _hand(case: McrCase) -> Hand:
    return parse_hand(case.notation(), tile_text(case.win))


def _reference_total(found: tuple[tuple[int, int, str, str], ...]) -> int:
    """PyMahjongGB's total read through the rulebook's convention on 明暗杠 (see the
    differential test): 明杠 1 + 暗杠 2 instead of its 5."""
    total = sum(points * count for points, count, _, _ in found)
    if any(en == "Concealed Kong and Melded Kong" for _, _, _, en in found):
        total -= 2
    return total


def _reference_is_win(args: dict[str, Any], _calc: Callable[..., object]) -> bool:
    try:
        _calc(**args)
    except TypeError:  # ERROR_NOT_WIN (and the other input errors) come as TypeError
        return False
    return True


@dataclass(frozen=True, slots=True)
class McrAgreement:
    """Scoring: hands both sides value alike (mjc wins exactly when PyMahjongGB gives 8 fans
    or more without flowers, with the same total). Win checks: hands both call complete or
    not (`wins`: how many mjc calls complete)."""

    scored: int
    score_agree: int
    checked: int
    win_agree: int
    wins: int
    disagreements: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.score_agree == self.scored and self.win_agree == self.checked


def check_mcr_agreement(corpus: McrCorpus, ruleset: Ruleset) -> McrAgreement:
    import MahjongGB

    calc = MahjongGB.MahjongFanCalculator
    problems: list[str] = []
    score_agree = 0
    for case in corpus.cases:
        score = ruleset.score(_hand(case), **_score_args(case))
        theirs = _reference_total(calc(**case.reference_args()))
        expected = theirs if theirs - case.flowers >= _MINIMUM else None
        if (score.total if score.win else None) == expected:
            score_agree += 1
        elif len(problems) < 10:
            problems.append(f"score {case.notation()}: mjc {score.total}, PyMahjongGB {theirs}")
    win_agree = wins = 0
    checked = (*corpus.cases, *corpus.changed)
    for case in checked:
        ours = ruleset.is_win(_hand(case))
        wins += ours
        if ours == _reference_is_win(case.reference_args(), calc):
            win_agree += 1
        elif len(problems) < 20:
            problems.append(f"win {case.notation()}: mjc {ours}")
    return McrAgreement(
        len(corpus.cases), score_agree, len(checked), win_agree, wins, tuple(problems)
    )


@dataclass(frozen=True, slots=True)
class McrResults:
    """The rows measured here, and, when this process runs the native build, the same rows
    measured by the interpreted package in a process of its own (`row_json` dicts)."""

    corpus: McrCorpus
    agreement: McrAgreement
    rows: list[Row]
    interpreted: list[dict[str, Any]] | None = None


def measure_interpreted(
    hands: int, seed: int, repeats: int, section: str = "mcr"
) -> list[dict[str, Any]] | None:
    """When this process runs a native build (`make native`): the rows of
    `python -P -m bench --only SECTION` (mcr, or riichi: `bench.riichi`) on the same corpus,
    run by the checkout's interpreted package in another process, so that the report shows
    what compiling gained; None when this process is interpreted itself or runs outside a
    checkout."""
    from mjc.compiler.emit.native import build_in_use

    root = Path(__file__).resolve().parent.parent
    if not build_in_use().startswith("native") or not (root / "mjc" / "runtime").is_dir():
        return None
    if os.environ.get(_CHILD):
        return None  # the other process itself: it measures once, whatever it imported
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(root)
    env[_CHILD] = "1"
    command = [sys.executable, "-P", "-m", "bench", "--only", section, "--json"]
    command += ["--hands", str(hands), "--seed", str(seed), "--repeats", str(repeats)]
    done = subprocess.run(
        command, cwd=root, env=env, capture_output=True, text=True, timeout=3600, check=False
    )
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the interpreted {section} run failed: {reason}")
    doc = json.loads(done.stdout)
    if doc["versions"]["build"] != "interpreted":
        return None  # the checkout beside the bench is a native build itself: nothing to add
    found: list[dict[str, Any]] = doc["results"]
    return found


def _call(fn: Callable[[], object]) -> object:
    return fn()


def mcr_benchmark(corpus: McrCorpus, ruleset: Ruleset, repeats: int) -> McrResults:
    """Time scoring on both sides, interleaved, on fresh passes; then check agreement (on
    every hand: checked first, it would have scored the timed hands before their passes); then
    time win checks."""
    import MahjongGB

    calc = MahjongGB.MahjongFanCalculator
    cases = corpus.cases
    # Fresh passes: each scores hands no earlier pass scored, on both sides alike. The row from
    # notation text scores the other half of the hands, so that neither of our rows meets a
    # hand the other scored (every second pass of one would follow the other's on its hands).
    scored, written = cases[0::2], cases[1::2]
    ours = [partial(ruleset.score, _hand(c), **_score_args(c)) for c in scored]
    texts = [partial(ruleset.score, c.notation(), **c.score_args()) for c in written]
    theirs = [partial(calc, **c.reference_args()) for c in scored]
    their_score, our_score, our_text = time_interleaved(
        [
            Contestant(_call, theirs, fresh=True),
            Contestant(_call, ours, fresh=True),
            Contestant(_call, texts, fresh=True),
        ],
        repeats,
    )
    agreement = check_mcr_agreement(corpus, ruleset)
    checked = (*cases, *corpus.changed)
    hands = [_hand(c) for c in checked]
    reference = [c.reference_args() for c in checked]
    their_win, our_win = time_interleaved(
        [
            Contestant(_reference_is_win, reference, (calc,)),
            Contestant(ruleset.is_win, hands),
        ],
        repeats,
    )
    rows = [
        Row.rate(
            "MCR scored hands / s",
            our_score,
            their_score,
            target_ratio=MCR_SCORE_TARGET,
            what="mcr RULESET.score(hand, win=..., situation) vs PyMahjongGB "
            "MahjongFanCalculator(pack, hand, winTile, ...)",
            baseline=_BASELINE,
        ),
        Row.rate(
            "  from notation text",
            our_text,
            their_score,
            what="mcr RULESET.score(notation, ...): parsing the hand included",
            baseline=_BASELINE,
        ),
        Row.rate(
            "MCR win checks / s",
            our_win,
            their_win,
            target_ratio=MCR_WIN_TARGET,
            what="mcr RULESET.is_win(hand) vs PyMahjongGB MahjongFanCalculator raising "
            "ERROR_NOT_WIN (its only 14-tile win test)",
            baseline=_BASELINE,
        ),
    ]
    return McrResults(corpus, agreement, rows)


def mcr_text(results: McrResults) -> list[str]:
    """The section as `--only mcr` prints it: what was measured, its table, the notes."""
    from mjc.compiler.emit.native import build_in_use

    return [
        f"mjc build: {build_in_use()} (make native; PYTHONPATH=build/native python -P)",
        *mcr_context(results),
        "",
        render_table(results.rows, baseline=_BASELINE),
        "",
        *mcr_notes(results),
    ]


def mcr_context(results: McrResults) -> list[str]:
    """The lines that say what the MCR rows measured: the hands and the agreement."""
    corpus, a = results.corpus, results.agreement
    forms: dict[str, int] = {}
    for case in corpus.cases:
        forms[case.form] = forms.get(case.form, 0) + 1
    drawn = ", ".join(f"{form} {n:,}" for form, n in sorted(forms.items()))
    return [
        f"MCR (rulebooks/mcr.mjr) vs PyMahjongGB: {corpus.size:,} winning hands, seed "
        f"{corpus.seed} (bench.mcr_hands): {drawn}; win checks also on {corpus.size:,} "
        "with one concealed tile changed",
        f"MCR agreement: totals {a.score_agree:,}/{a.scored:,} hands; win/no-win "
        f"{a.win_agree:,}/{a.checked:,} (mjc wins {a.wins:,})",
    ]


def mcr_notes(results: McrResults) -> list[str]:
    """The lines after the MCR rows: what the ratio is, the interpreted package's figures
    (beside a native build) and any disagreement."""
    lines = [
        "The MCR ratio is mjc / PyMahjongGB (a C++ calculator); both in CPU time of this "
        "process (time.process_time), measured in the same passes.",
    ]
    if results.interpreted:
        lines.append(
            "The same hands in the interpreted package (python -P -m bench --only mcr in another "
            "process, without the native build):"
        )
        for row in results.interpreted:
            lines.append(
                f"  {row['name']:<22} {format_rate(row['mjc']):>8} vs "
                f"{format_rate(row[_BASELINE]):>8}  {row['ratio']:.2g}x"
            )
    lines.extend(f"DISAGREEMENT: {p}" for p in results.agreement.disagreements)
    return lines


def mcr_json(results: McrResults) -> dict[str, Any]:
    corpus, a = results.corpus, results.agreement
    return {
        "seed": corpus.seed,
        "hands": corpus.size,
        "win_check_hands": a.checked,
        "agreement": {
            "scored": a.scored,
            "score_agree": a.score_agree,
            "checked": a.checked,
            "win_agree": a.win_agree,
            "mjc_wins": a.wins,
            "disagreements": list(a.disagreements),
        },
        "interpreted": results.interpreted,
    }
