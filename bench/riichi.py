"""The Riichi rulebook (`rulebooks/riichi.mjr`) beside `mahjong`'s HandCalculator on the same hands.

The hands come from the agreement harness's generator (`bench.riichi_hands.riichi_case`: every
yaku and yakuman aimed at, open and closed, 七対子, 国士無双, 九蓮宝燈, every situation, wind,
option, dora and ura-dora indicators, red fives, 本場 and 供託, and hands with no yaku, which
neither side lets win) from the benchmark's fixed seed. Both sides must agree on every hand,
by the harness's own comparison (`bench.riichi_agreement.compare`: win, yaku, han, fu, limit
and payments), and the parsed hand the timing scores must score as its notation does: checked
after the timing, which would otherwise meet only hands the check had scored.

Each side's inputs are built before timing: for mjc a parsed `Hand` and the keywords of
`RULESET.score` (winds, dealer, situations, indicators, options); for `mahjong` the keywords
of `HandCalculator.estimate_hand_value` (`bench.riichi_reference.reference_args`: the 136-tile
hand, the winning tile, its `Meld`s, the indicators and the `HandConfig`). Only the scoring
calls are timed, in CPU time of this one process (`bench.timing`), interleaved pass by pass;
the passes are fresh (each scores its own slice of the hands, so no memo has met them: mjc
remembers a hand's situation and the fans it scored, `mahjong` its last 128 hand divisions).
A second row scores the notation text, parsing included, of the other half of the hands (so
that neither row meets a hand the other scored; the same generator's); a third times a
function that takes `RULESET.score`'s arguments and does nothing, the ceiling of any scorer
called this way. The target is the issue's (issue 24): scoring at least 20 times as many
hands a second as `mahjong`, interpreted.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from bench.mcr import measure_interpreted
from bench.report import Row, format_rate, render_table
from bench.riichi_agreement import compare, rulebook_ids
from bench.riichi_hands import RiichiCase, riichi_case
from bench.riichi_reference import reference, reference_args
from bench.timing import Contestant, time_interleaved
from mjc.runtime import Ruleset, parse_hand

__all__ = [
    "RIICHI_SCORE_TARGET",
    "RiichiAgreement",
    "RiichiCorpus",
    "RiichiResults",
    "build_riichi_corpus",
    "check_riichi_agreement",
    "riichi_benchmark",
    "riichi_context",
    "riichi_json",
    "riichi_notes",
    "riichi_section",
    "riichi_text",
]

RIICHI_SCORE_TARGET = 20.0  # times mahjong's hands per second, interpreted (issue 24)
_BASELINE = "mahjong"


@dataclass(frozen=True, slots=True)
class RiichiCorpus:
    """The cases, drawn from `seed` by `riichi_case` in order."""

    seed: int
    cases: tuple[RiichiCase, ...]

    @property
    def size(self) -> int:
        return len(self.cases)


def build_riichi_corpus(size: int, seed: int) -> RiichiCorpus:
    rng = random.Random(seed)
    return RiichiCorpus(seed, tuple(riichi_case(rng) for _ in range(size)))


def _inputs(case: RiichiCase, ids: dict[str, str]) -> tuple[str, str, dict[str, Any]]:
    """mjc's inputs: the notation, the winning tile and `score`'s other keywords."""
    args: dict[str, Any] = case.score_args(ids)
    win = args.pop("win")
    return case.notation(), win, args


@dataclass(frozen=True, slots=True)
class RiichiAgreement:
    """`hands` compared, `agree` of them alike on every field, `no_yaku` that neither side lets
    win (役なし), `problems` (the first few differences, one line each)."""

    hands: int
    agree: int
    no_yaku: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.agree == self.hands


def check_riichi_agreement(corpus: RiichiCorpus, ruleset: Ruleset) -> RiichiAgreement:
    """Compare both sides on every case (`compare`), and the parsed hand's score (what the
    timing scores) with the notation's (what `compare` scores)."""
    ids = rulebook_ids(ruleset)
    problems: list[str] = []
    agree = no_yaku = 0
    for case in corpus.cases:
        answer = reference(case)
        no_yaku += not answer.wins
        found = [f"{d.field} [{d.key}]" for d in compare(ruleset, case, answer, ids)]
        if not found:
            text, win, args = _inputs(case, ids)
            timed = ruleset.score(parse_hand(text, win), **args)
            if timed.as_dict() != ruleset.score(text, win=win, **args).as_dict():
                found.append("the parsed hand scores otherwise than its notation")
        agree += not found
        if found and len(problems) < 10:
            problems.append(f"{case.describe()}: {found[0]}")
    return RiichiAgreement(corpus.size, agree, no_yaku, tuple(problems))


@dataclass(frozen=True, slots=True)
class RiichiResults:
    """The rows measured here, and, when this process runs the native build, the same rows
    measured by the interpreted package in a process of its own (`row_json` dicts)."""

    corpus: RiichiCorpus
    agreement: RiichiAgreement
    rows: list[Row]
    interpreted: list[dict[str, Any]] | None = None


def _call(fn: Callable[[], object]) -> object:
    return fn()


def _scores_nothing(hand: object, **settings: object) -> None:
    """Takes what `RULESET.score` takes and does nothing: the cost of the call alone."""
    del hand, settings


def riichi_benchmark(corpus: RiichiCorpus, ruleset: Ruleset, repeats: int) -> RiichiResults:
    """Time scoring on both sides, interleaved, on fresh passes; then check agreement (on
    every hand: checked first, it would have scored the timed hands before their passes)."""
    from mahjong.hand_calculating.hand import HandCalculator

    ids = rulebook_ids(ruleset)
    cases = corpus.cases
    # The row from notation text scores the other half of the hands, so that neither of our
    # rows meets a hand the other scored (every second pass of one would follow the other's).
    scored, written = cases[0::2], cases[1::2]
    inputs = [_inputs(c, ids) for c in scored]
    ours = [partial(ruleset.score, parse_hand(text, win), **args) for text, win, args in inputs]
    texts = [
        partial(ruleset.score, text, win=win, **args)
        for text, win, args in (_inputs(c, ids) for c in written)
    ]
    nothing = [
        partial(_scores_nothing, parse_hand(text, win), **args) for text, win, args in inputs
    ]
    calc = HandCalculator.estimate_hand_value
    theirs = [partial(calc, **reference_args(c)) for c in scored]
    their_score, our_score, our_text, call_alone = time_interleaved(
        [
            Contestant(_call, theirs, fresh=True),
            Contestant(_call, ours, fresh=True),
            Contestant(_call, texts, fresh=True),
            Contestant(_call, nothing, fresh=True),
        ],
        repeats,
    )
    agreement = check_riichi_agreement(corpus, ruleset)
    rows = [
        Row.rate(
            "Riichi scored hands / s",
            our_score,
            their_score,
            target_ratio=RIICHI_SCORE_TARGET,
            what="riichi RULESET.score(hand, self_drawn=..., seat_wind=..., situations=..., "
            "dora_indicators=..., ...) vs mahjong HandCalculator.estimate_hand_value(tiles, "
            "win_tile, melds, dora_indicators, config, ura_dora_indicators)",
        ),
        Row.rate(
            "  from notation text",
            our_text,
            their_score,
            what="riichi RULESET.score(notation, win=..., ...): parsing the hand included",
        ),
        Row.rate(
            "  the call alone",
            call_alone,
            their_score,
            what="a Python function that takes RULESET.score's arguments and does nothing: "
            "the most any scorer called this way could reach",
        ),
    ]
    return RiichiResults(corpus, agreement, rows)


def riichi_section(
    hands: int, seed: int, repeats: int, progress: Callable[[str], None]
) -> RiichiResults:
    """The Riichi section as `python -m bench` runs it: `hands` cases from `seed`; beside a
    native build, the same rows measured by the interpreted package (`measure_interpreted`)."""
    from bench.suites import load_ruleset
    from mjc.compiler.emit.native import build_in_use

    progress(f"Riichi beside mahjong's HandCalculator ({hands:,} hands)")
    results = riichi_benchmark(build_riichi_corpus(hands, seed), load_ruleset("riichi"), repeats)
    if build_in_use().startswith("native"):
        progress("Riichi again in the interpreted package (another process)")
        interpreted = measure_interpreted(hands, seed, repeats, section="riichi")
        results = RiichiResults(results.corpus, results.agreement, results.rows, interpreted)
    return results


def riichi_text(results: RiichiResults) -> list[str]:
    """The section as `--only riichi` prints it: what was measured, its table, the notes."""
    from mjc.compiler.emit.native import build_in_use

    return [
        f"mjc build: {build_in_use()} (make native; PYTHONPATH=build/native python -P)",
        *riichi_context(results),
        "",
        render_table(results.rows, baseline=_BASELINE),
        "",
        *riichi_notes(results),
    ]


def _counts(corpus: RiichiCorpus) -> dict[str, int]:
    forms = Counter(case.form for case in corpus.cases)
    return {
        **dict(sorted(forms.items())),
        "open": sum(not case.closed for case in corpus.cases),
        "with options changed": sum(bool(case.options) for case in corpus.cases),
    }


def riichi_context(results: RiichiResults) -> list[str]:
    """The lines that say what the Riichi rows measured: the hands and the agreement."""
    corpus, a = results.corpus, results.agreement
    drawn = ", ".join(f"{name} {n:,}" for name, n in _counts(corpus).items())
    return [
        f"Riichi (rulebooks/riichi.mjr) vs mahjong's HandCalculator: {corpus.size:,} complete "
        f"hands, seed {corpus.seed} (bench.riichi_hands): {drawn}; {a.no_yaku:,} with no yaku "
        "(役なし: neither side lets them win)",
        f"Riichi agreement (bench.riichi_agreement.compare: win, yaku, han, fu, limit, "
        f"payments): {a.agree:,}/{a.hands:,} hands",
    ]


def riichi_notes(results: RiichiResults) -> list[str]:
    """The lines after the Riichi rows: what the ratio is, the interpreted package's figures
    (beside a native build) and any disagreement."""
    lines = [
        "The Riichi ratio is mjc / mahjong (HandCalculator.estimate_hand_value, pure Python); "
        "both in CPU time of this process (time.process_time), measured in the same fresh "
        "passes, each side's inputs built before timing.",
    ]
    if results.interpreted:
        lines.append(
            "The same hands in the interpreted package (python -P -m bench --only riichi in "
            "another process, without the native build):"
        )
        for row in results.interpreted:
            lines.append(
                f"  {row['name']:<23} {format_rate(row['mjc']):>8} vs "
                f"{format_rate(row[_BASELINE]):>8}  {row['ratio']:.2g}x"
            )
    lines.extend(f"DISAGREEMENT: {p}" for p in results.agreement.problems)
    return lines


def riichi_json(results: RiichiResults) -> dict[str, Any]:
    corpus, a = results.corpus, results.agreement
    return {
        "seed": corpus.seed,
        "hands": corpus.size,
        "drawn": _counts(corpus),
        "agreement": {
            "hands": a.hands,
            "agree": a.agree,
            "no_yaku": a.no_yaku,
            "disagreements": list(a.problems),
        },
        "interpreted": results.interpreted,
    }
