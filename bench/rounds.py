"""Whole rounds with random bots: the peers' engines beside ours, in rounds per second.

A round is one hand from the deal to a win or an exhaustive draw, every seat played by a bot
that picks uniformly among its legal actions (claims and wins included), as each engine
itself defines them: RLCard's mahjong environment (`rlcard.make("mahjong")`, its
`RandomAgent`, one `env.run()` per round, its state encoding included as every RLCard user
pays it) and riichienv's one-hand game (`RiichiEnv(game_mode=0)`, its `RandomAgent`, one
`reset()` and the steps to `done()`). Each engine is seeded once; a timed pass plays a fixed
number of rounds, and the figure is the median pass (`bench.timing`), one core, CPU time; the
engines' passes are interleaved, so the ratios hold even when the machine's speed wanders.

Ours: `mjc_rounds` plays guangdong rounds (and, in rows of their own, each other bundled
rulebook's; riichi's, the rules riichienv plays, with its own ratio to riichienv and issue 24's
target of twice its rounds) through the engine's `PlayRound`, the one `mjc simulate` uses
(`mjc.compiler.cli.simulate.engine_play_round`), four random bots, the round settled. Until
the engine lands there is nothing to time and the section says so; once it does, the rows get
their figures, their ratios to both peers and (guangdong's row, "mjc") DESIGN.md's target
(>= 1,000 rounds/s, twice riichienv's: issue 26) with no change here.

A peer that is not installed, or fails while playing, is reported with the exact error
instead of a figure: the section never stops the benchmark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from bench.report import Row
from bench.timing import Contestant, Timing, time_interleaved

__all__ = [
    "MJC_RULEBOOK",
    "OTHER_RULEBOOKS",
    "RIICHI_ROUNDS_TARGET_RATIO",
    "RIICHI_RULEBOOK",
    "ROUNDS_TARGET_PER_S",
    "RoundsResult",
    "mjc_rounds",
    "riichienv_rounds",
    "rlcard_rounds",
    "rounds_benchmark",
    "rounds_json",
    "rounds_rows",
    "rounds_text",
]

ROUNDS_TARGET_PER_S = 1_000  # DESIGN.md, "Performance": whole rounds with claims and scoring
ROUNDS_TARGET_RATIO = 2.0  # times riichienv's rounds with random bots (issue 26)
# Riichi's rounds beside riichienv's, the same rules on both sides (issue 24: twice as many).
RIICHI_RULEBOOK = "riichi"
RIICHI_ROUNDS_TARGET_RATIO = 2.0
MJC_RULEBOOK = "guangdong"
# RLCard plays some twenty rounds a second: its passes are shorter so the section stays quick.
_RLCARD_SHARE = 5

RoundFn = Callable[[int], object]  # plays one whole round; the argument is the round's number


@dataclass(frozen=True, slots=True)
class RoundsResult:
    """One engine's figure: `timing` over `rounds` per pass, or `error` saying why none."""

    name: str
    package: str
    version: str | None
    what: str
    timing: Timing | None
    error: str | None = None

    @property
    def per_second(self) -> float | None:
        return None if self.timing is None else self.timing.per_second


def _version(package: str) -> str | None:
    try:
        return version(package)
    except PackageNotFoundError:
        return None


def rlcard_rounds(seed: int) -> RoundFn:
    """One RLCard mahjong game per call, four `RandomAgent`s; raises ImportError when RLCard
    is not installed."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(_: int) -> object:
        return env.run(is_training=False)

    return play


def riichienv_rounds(seed: int) -> RoundFn:
    """One riichienv hand (game mode 0: one kyoku) per call, four `RandomAgent`s."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    env = RiichiEnv(game_mode=0, skip_mjai_logging=True, seed=seed)
    agents = [RandomAgent(seed + i) for i in range(4)]

    def play(_: int) -> object:
        observations: dict[int, Any] = env.reset()
        while not env.done():
            observations = env.step(
                {seat: agents[seat].act(obs) for seat, obs in observations.items()}
            )
        return env.scores()

    return play


def mjc_rounds(seed: int, rulebook: str = MJC_RULEBOOK) -> RoundFn | None:
    """mjc's own whole rounds: a function playing one round of `rulebook` (guangdong unless
    told) under its defaults (game `n` of the run seeded `seed`) with a random legal bot in
    every seat, claims, the win check and the settlement included; None while the game
    engine is not there."""
    from mjc.compiler.cli.parser import UsageError
    from mjc.compiler.cli.simulate import engine_play_round, load_ruleset
    from mjc.runtime.sim.rounds import game_seed

    try:
        play_round = engine_play_round()
    except UsageError:
        return None
    ruleset = load_ruleset(rulebook)
    options = ruleset.resolve_options(None)
    bots = ("random",) * 4

    def play(n: int) -> object:
        return play_round(ruleset, options, 4, game_seed(seed, n), bots)

    return play


def _mjc_of(rulebook: str) -> Callable[[int], RoundFn | None]:
    return lambda seed: mjc_rounds(seed, rulebook)


def _what(rulebook: str) -> str:
    if rulebook == RIICHI_RULEBOOK:
        return (
            "riichi: riichienv's rules (dead wall and dora, 立直 and 振聴, 聴牌料), random legal "
            "bots, claims and settlement"
        )
    return f"{rulebook}, the same"


# The other bundled rulebooks, timed beside guangdong (whose row, "mjc", meets the target or
# not): their wilds, flowers and custom shapes make rounds dearer.
OTHER_RULEBOOKS = ("meizhou", "chaozhou", "baise", "shanghai", RIICHI_RULEBOOK)

# (name, package, what one round is, how to build it); ours first.
_ENGINES: tuple[tuple[str, str, str, Callable[[int], RoundFn | None]], ...] = (
    ("mjc", "mjc", "guangdong, random legal bots, claims and settlement", mjc_rounds),
    *((f"mjc {name}", "mjc", _what(name), _mjc_of(name)) for name in OTHER_RULEBOOKS),
    ("RLCard", "rlcard", "rlcard.make('mahjong'), RandomAgent x4, env.run()", rlcard_rounds),
    ("riichienv", "riichienv", "RiichiEnv(game_mode=0), RandomAgent x4", riichienv_rounds),
)


class _Guarded:
    """An engine's round player that never raises: the first error is kept (`error`) and
    every later call does nothing, so one engine failing while the passes are interleaved
    stops neither the others nor the benchmark. Every engine goes through one, so its call
    (tens of nanoseconds, against a round's milliseconds) weighs on each alike."""

    __slots__ = ("error", "play")

    def __init__(self, play: RoundFn) -> None:
        self.play = play
        self.error: str | None = None

    def __call__(self, n: int) -> object:
        if self.error is not None:
            return None
        try:
            return self.play(n)
        except Exception as exc:  # a peer's failure is reported, never fatal to the benchmark
            self.error = f"{type(exc).__name__}: {exc}"
            return None


def _prepared(
    build: Callable[[int], RoundFn | None], seed: int
) -> tuple[_Guarded | None, str | None]:
    """The engine's round player, guarded, or why there is none."""
    try:
        play = build(seed)
    except Exception as exc:  # a peer that cannot be set up is reported, never fatal
        return None, f"{type(exc).__name__}: {exc}"
    if play is None:
        return None, "not measured yet: the game engine is not available"
    return _Guarded(play), None


def rounds_benchmark(rounds: int, repeats: int, seed: int) -> list[RoundsResult]:
    """Every engine's rounds per second: `rounds` rounds a pass (RLCard a fifth of them, at
    least two), the median of `repeats` passes after one warm-up pass. The engines' passes
    are interleaved (`bench.timing.time_interleaved`): a slow spell of the machine weighs on
    ours and the peers' alike, so the ratios hold steadier than the figures. An engine that
    fails, in its warm-up pass or a timed one, is reported with its error."""
    prepared: list[tuple[_Guarded | None, str | None, int]] = []
    for _, package, _, build in _ENGINES:
        count = max(2, rounds // _RLCARD_SHARE) if package == "rlcard" else rounds
        prepared.append((*_prepared(build, seed), count))
    playing = [(play, count) for play, _, count in prepared if play is not None]
    timings = iter(
        time_interleaved([Contestant(play, list(range(count))) for play, count in playing], repeats)
    )
    results: list[RoundsResult] = []
    for (name, package, what, _), (play, error, _) in zip(_ENGINES, prepared, strict=True):
        timing = next(timings) if play is not None else None
        if play is not None and play.error is not None:
            timing, error = None, play.error
        results.append(RoundsResult(name, package, _version(package), what, timing, error))
    return results


def _rate(per_second: float) -> str:
    return f"{per_second:,.0f}/s" if per_second >= 100 else f"{per_second:,.1f}/s"


def rounds_text(results: list[RoundsResult], repeats: int) -> list[str]:
    """The section's lines: one per engine, then what the figures are and the target."""
    ours = next((r for r in results if r.name == "mjc"), None)
    width = max(len(r.name) for r in results)
    lines = ["whole rounds with random bots (rounds per second, one core, CPU time)", ""]
    for r in results:
        named = f"{r.name} {r.version}" if r.version and r.package != "mjc" else r.name
        if r.per_second is None:
            lines.append(f"  {named:<{width + 10}}  -  {r.error}")
            continue
        figure = f"{_rate(r.per_second)} ({r.timing.items if r.timing else 0} rounds a pass)"
        ratio = ""
        if ours is not None and ours.per_second and r.package != "mjc":
            ratio = f"  mjc is {ours.per_second / r.per_second:.1f}x"
        riichienv = next((e for e in results if e.package == "riichienv"), None)
        if r.name == f"mjc {RIICHI_RULEBOOK}" and riichienv and riichienv.per_second:
            ratio = f"  {r.per_second / riichienv.per_second:.1f}x riichienv (the same rules)"
        lines.append(f"  {named:<{width + 10}}  {figure}{ratio}  [{r.what}]")
    met = "-"
    if ours is not None and ours.per_second is not None:
        riichi = next((r for r in results if r.package == "riichienv"), None)
        faster = (
            riichi is None
            or riichi.per_second is None
            or ours.per_second >= ROUNDS_TARGET_RATIO * riichi.per_second
        )
        met = "yes" if ours.per_second >= ROUNDS_TARGET_PER_S and faster else "NO"
    lines += [
        "",
        f"Medians of {repeats} timed passes after one warm-up pass, the engines' passes "
        "interleaved. Target for mjc: >= "
        f"{ROUNDS_TARGET_PER_S:,}/s and {ROUNDS_TARGET_RATIO:g}x riichienv; met: {met}.",
    ]
    return lines


def rounds_json(results: list[RoundsResult]) -> dict[str, Any]:
    """The section of `python -m bench --json`: per engine its figure or its error."""
    return {
        "target_per_s": ROUNDS_TARGET_PER_S,
        "engines": [
            {
                "name": r.name,
                "package": r.package,
                "version": r.version,
                "what": r.what,
                "rounds_per_s": r.per_second,
                "rounds_per_pass": r.timing.items if r.timing else None,
                "runs_s": list(r.timing.runs) if r.timing else None,
                "error": r.error,
            }
            for r in results
        ],
    }


def rounds_rows(results: list[RoundsResult]) -> list[Row]:
    """The section as report rows: guangdong's figure ("mjc") beside each peer's, riichienv's
    row carrying DESIGN.md's target (>= 1,000 rounds/s and faster), then each other bundled
    rulebook's figure on its own. A peer without a figure keeps its row, its error said; a
    rulebook of ours without one has none."""
    ours = next((r for r in results if r.name == "mjc"), None)
    if ours is None or ours.timing is None:
        return []
    rows: list[Row] = []
    for peer in (r for r in results if r.package != "mjc"):
        named = f"{peer.name} {peer.version}" if peer.version else peer.name
        target = peer.package == "riichienv"
        rows.append(
            Row.rate(
                "whole rounds / s",
                ours.timing,
                peer.timing,
                target_ratio=ROUNDS_TARGET_RATIO if target else None,
                target_value=ROUNDS_TARGET_PER_S if target else None,
                what=f"mjc: {ours.what}; {named}: {peer.error or peer.what}",
                baseline=peer.name,
            )
        )
    riichienv = next((r for r in results if r.package == "riichienv"), None)
    for other in results:
        if other.package != "mjc" or other is ours or other.timing is None:
            continue
        if other.name == f"mjc {RIICHI_RULEBOOK}" and riichienv is not None:
            rows.append(
                Row.rate(
                    f"  {other.name} (the same rules)",
                    other.timing,
                    riichienv.timing,
                    target_ratio=RIICHI_ROUNDS_TARGET_RATIO,
                    what=f"mjc: {other.what}; riichienv: {riichienv.error or riichienv.what}",
                    baseline=riichienv.name,
                )
            )
        else:
            rows.append(Row.rate(f"  {other.name}", other.timing, None, what=other.what))
    return rows
