"""The three benchmarks: win checks, scoring and compilation, each against its target.

Win checks and scoring run our Guangdong module (`RULESET`, compiled in memory by
`compiler.loader.load`, the same source `mjc build` writes) and the `mahjong` package on the
same corpus (`bench.corpus`). Compilation times every bundled rulebook from file to generated
source. Each function returns report rows (`bench.report.Row`) and what it checked on the way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mahjong.agari import Agari
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from bench.corpus import Corpus, ScoringCase, WinAgreement, check_win_agreement, notation
from bench.report import Row
from bench.timing import Contestant, Timing, time_call, time_interleaved
from runtime import Ruleset, Score
from runtime.arrange import is_standard_win, is_win

__all__ = [
    "COMPILE_TARGET_S",
    "SCORE_TARGET_PER_S",
    "SCORE_TARGET_RATIO",
    "WIN_TARGET_PER_S",
    "WIN_TARGET_RATIO",
    "CompileSetup",
    "ScoringCheck",
    "compile_benchmark",
    "load_ruleset",
    "scoring_benchmark",
    "scoring_check",
    "win_benchmark",
]

# DESIGN.md, "Performance", and the ratios asked of this benchmark.
WIN_TARGET_PER_S = 3_000_000
WIN_TARGET_RATIO = 12.0
SCORE_TARGET_PER_S = 200_000
SCORE_TARGET_RATIO = 10.0
COMPILE_TARGET_S = 0.5

BENCH_RULEBOOK = "guangdong"
# Both sides score a self-drawn win by a non-dealer in the East round: 自摸 for us, menzen
# tsumo for `mahjong` (so every concealed hand has a yaku); open tanyao allowed.
SEAT_WIND = "S"
ROUND_WIND = "E"
MAHJONG_CONFIG = HandConfig(
    is_tsumo=True,
    player_wind=SOUTH,
    round_wind=EAST,
    options=OptionalRules(has_open_tanyao=True, has_aka_dora=False),
)
# Errors that would mean `mahjong` does not see a winning hand at all (a corpus bug).
_NOT_A_WIN = {HandCalculator.ERR_HAND_NOT_WINNING, HandCalculator.ERR_NO_WINNING_TILE}


def load_ruleset(name: str = BENCH_RULEBOOK) -> Ruleset:
    """Compile a bundled rulebook and import its generated module in memory."""
    from compiler.loader import load

    loaded = load(name)
    if loaded.ruleset is None:
        messages = "; ".join(d.message for d in loaded.compilation.diagnostics)
        raise RuntimeError(f"rulebook {name} does not compile: {messages}")
    return loaded.ruleset


# --------------------------------------------------------------------------- win checks


def win_benchmark(corpus: Corpus, ruleset: Ruleset, repeats: int) -> tuple[list[Row], WinAgreement]:
    """`RULESET.is_win` against `Agari.is_agari`, plus our raw runtime checks for reference."""
    agari = Agari()
    shapes = ruleset.shapes(ruleset.resolve_options(None))
    agreement = check_win_agreement(corpus.win_cases, ruleset.is_win, agari.is_agari)
    hands = [c.hand for c in corpus.win_cases]
    arrays = [c.tiles34 for c in corpus.win_cases]

    theirs, ours, raw, raw_standard = time_interleaved(
        [
            Contestant(agari.is_agari, arrays),
            Contestant(ruleset.is_win, hands),
            Contestant(is_win, hands, (shapes,)),
            Contestant(is_standard_win, hands),
        ],
        repeats,
    )
    rows = [
        Row.rate(
            "win checks / s",
            ours,
            theirs,
            target_ratio=WIN_TARGET_RATIO,
            target_value=WIN_TARGET_PER_S,
            what=f"{ruleset.id} RULESET.is_win(hand) vs mahjong Agari.is_agari(tiles_34)",
        ),
        Row.rate(
            "  runtime arrange.is_win",
            raw,
            theirs,
            what="runtime.arrange.is_win(hand, shapes): no Ruleset layer",
        ),
        Row.rate(
            "  runtime is_standard_win",
            raw_standard,
            theirs,
            what="runtime.arrange.is_standard_win(hand): the four table lookups alone",
        ),
    ]
    return rows, agreement


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True, slots=True)
class ScoringCheck:
    """What each side made of the scoring hands (untimed pass)."""

    hands: int
    open_hands: int
    ours_scored: int
    ours_totals: dict[int, int]
    theirs_scored: int
    theirs_errors: dict[str, int]
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def _ours_score(ruleset: Ruleset) -> Callable[[ScoringCase], Score]:
    score = ruleset.score

    def run(case: ScoringCase) -> Score:
        return score(case.hand, self_drawn=True, seat_wind=SEAT_WIND, round_wind=ROUND_WIND)

    return run


def _theirs_score() -> Callable[[ScoringCase], Any]:
    estimate = HandCalculator().estimate_hand_value
    config = MAHJONG_CONFIG

    def run(case: ScoringCase) -> Any:
        return estimate(case.tiles136, case.win136, case.melds, None, config)

    return run


def scoring_check(corpus: Corpus, ruleset: Ruleset, keep: int = 5) -> ScoringCheck:
    """Score every hand once on both sides; both must see every hand as a win."""
    ours, theirs = _ours_score(ruleset), _theirs_score()
    totals: Counter[int] = Counter()
    errors: Counter[str] = Counter()
    ours_scored = theirs_scored = 0
    problems: list[str] = []
    for case in corpus.scoring_cases:
        mine = ours(case)
        if mine.win:
            ours_scored += 1
            totals[mine.total] += 1
        elif len(problems) < keep:
            problems.append(f"mjc does not score {notation(case.deal)}")
        result = theirs(case)
        if result.error is None:
            theirs_scored += 1
        else:
            errors[str(result.error)] += 1
            if result.error in _NOT_A_WIN and len(problems) < keep:
                problems.append(f"mahjong: {result.error} for {notation(case.deal)}")
    return ScoringCheck(
        hands=len(corpus.scoring_cases),
        open_hands=corpus.open_hands,
        ours_scored=ours_scored,
        ours_totals=dict(sorted(totals.items())),
        theirs_scored=theirs_scored,
        theirs_errors=dict(sorted(errors.items())),
        problems=tuple(problems),
    )


def scoring_benchmark(corpus: Corpus, ruleset: Ruleset, repeats: int) -> list[Row]:
    """`RULESET.score` against `HandCalculator.estimate_hand_value` on the same hands."""
    cases = corpus.scoring_cases
    theirs, ours = time_interleaved(
        [Contestant(_theirs_score(), cases), Contestant(_ours_score(ruleset), cases)], repeats
    )
    return [
        Row.rate(
            "scored hands / s",
            ours,
            theirs,
            target_ratio=SCORE_TARGET_RATIO,
            target_value=SCORE_TARGET_PER_S,
            what=(
                f"{ruleset.id} RULESET.score(hand, self_drawn=True) vs mahjong "
                "HandCalculator.estimate_hand_value(tiles_136, win_tile, melds, config)"
            ),
        )
    ]


# --------------------------------------------------------------------------- compilation


@dataclass(frozen=True, slots=True)
class CompileSetup:
    """One-time costs left out of the compile figures: building the Lark LALR parser, and
    each rulebook's first (cold) compilation, which also compiles the jinja2 template."""

    lark_parser: Timing
    first_compile: dict[str, float]


def compile_benchmark(runs: int) -> tuple[list[Row], CompileSetup]:
    """Every bundled rulebook, file to generated module source, median of `runs` (warm)."""
    from compiler.codegen import generate_module
    from compiler.driver import compile_file
    from compiler.loader import bundled_rulebooks, resolve_rulebook
    from compiler.parse import parser

    # Rebuilt from scratch `runs` times; the last build stays cached for what follows.
    lark = time_call(parser, runs, before=parser.cache_clear)

    def compile_one(name: str) -> Callable[[], object]:
        path, display = resolve_rulebook(name)

        def run() -> object:
            compilation = compile_file(path, display)
            if compilation.rulebook is None or not compilation.ok:
                raise RuntimeError(f"rulebook {name} does not compile")
            return generate_module(compilation.rulebook)

        return run

    rows: list[Row] = []
    first: dict[str, float] = {}
    for name in bundled_rulebooks():
        run = compile_one(name)
        first[name] = time_call(run, 1).median
        timing = time_call(run, runs)
        rows.append(
            Row.seconds(
                f"compile {name}",
                timing,
                target_value=COMPILE_TARGET_S,
                what="compiler.driver.compile_file + compiler.codegen.generate_module",
            )
        )
    return rows, CompileSetup(lark, first)
