"""Running a simulation: games in chunks, on local processes, checkpointed, resumable.

A `Job` says what to play: one or more `Variant`s (a rulebook and options; a comparison has
several, the first its baseline), the table, the run's seed, the number of games, the bots,
and two functions passed by reference to every worker: `load` (a rulebook name or path to
its `Ruleset`, since a ruleset built in memory cannot be sent between processes) and `play`
(the `PlayRound` of `mjc.runtime.sim.rounds`). Games are cut into chunks of consecutive
indices whose size depends only on the number of games; each chunk is played by
`run_chunk`, anywhere, into exact aggregates (`mjc.runtime.sim.stats`), which are merged as
chunks finish: integer sums, so the result is identical whatever the number of workers or
the order chunks finish in. Every game is seeded from the run's seed and its index.

A job of `matches` plays whole matches instead of single rounds (`play` is then a `PlayMatch`
of `mjc.runtime.sim.matches`): a game is a match, each variant aggregates the rounds of its
matches in its `Tally` and the matches themselves in a `MatchTally`, and variants are compared
match by match (`match_metrics`).

With a checkpoint folder (`Store`), each finished chunk is written there atomically as it
comes in; a run interrupted (Ctrl-C, a killed worker) keeps those, and the same job run
again on the folder plays only the chunks that are missing. A game that raises is not lost
in silence: its index, seed, error and log (what the round player raised) are counted in the
aggregate and reported. Ray runs the same chunks: `mjc.runtime.sim.cluster`.
"""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjc.runtime.sim.matches import MatchSummary, MatchTally, PlayMatch, match_metrics
from mjc.runtime.sim.rounds import PlayRound, RoundSummary, game_seed, seat_bots
from mjc.runtime.sim.stats import Failure, Paired, Tally, game_metrics

if TYPE_CHECKING:
    from mjc.runtime.rules.ruleset import Ruleset

__all__ = [
    "ChunkResult",
    "Job",
    "SimulationError",
    "Store",
    "Variant",
    "chunk_size",
    "chunks",
    "run_chunk",
    "run_local",
]

CHECKPOINT_FORMAT = 1
MAX_CHUNK = 500  # games per chunk at most: a lost chunk costs little to play again
TARGET_CHUNKS = 100  # chunks per run at least, when there are games enough


class SimulationError(Exception):
    """A run that cannot go on (a worker died, a checkpoint folder of another run): one
    line for the user."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One setting played: a rulebook (name or path, as `Job.load` takes it) and option
    values by id or label, with the label a report gives it."""

    label: str
    rulebook: str
    options: tuple[tuple[str, str | int | bool], ...] = ()


@dataclass(frozen=True, slots=True)
class Job:
    """What a run plays (see the module's docstring); `load` and `play` must be importable
    module-level functions, since they cross to workers by name. With `matches`, a game is
    a whole match and `play` a `PlayMatch`."""

    variants: tuple[Variant, ...]
    players: int
    seed: int
    games: int
    bots: tuple[str, ...]
    load: Callable[[str], Ruleset]
    play: PlayRound | PlayMatch
    matches: bool = False

    def key(self) -> dict[str, Any]:
        """What identifies the run in a checkpoint folder (the functions aside)."""
        return {
            "variants": [
                [v.label, v.rulebook, [list(o) for o in v.options]] for v in self.variants
            ],
            "players": self.players,
            "seed": self.seed,
            "games": self.games,
            "bots": list(self.bots),
            "chunk": chunk_size(self.games),
            **({"matches": True} if self.matches else {}),
        }


@dataclass(slots=True)
class ChunkResult:
    """The aggregate of games `start` to `stop - 1`: a `Tally` per variant, and a `Paired`
    per variant after the first (its game-by-game differences from the baseline); for a job
    of matches, a `MatchTally` per variant too."""

    start: int
    stop: int
    tallies: list[Tally]
    paired: list[Paired] = field(default_factory=list)
    matches: list[MatchTally] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.stop - self.start

    def merge(self, other: ChunkResult) -> None:
        """Add another chunk's aggregates (the covered range is not tracked)."""
        for mine, theirs in zip(self.tallies, other.tallies, strict=True):
            mine.merge(theirs)
        for mine_p, theirs_p in zip(self.paired, other.paired, strict=True):
            mine_p.merge(theirs_p)
        for mine_m, theirs_m in zip(self.matches, other.matches, strict=True):
            mine_m.merge(theirs_m)

    def state(self) -> dict[str, Any]:
        return {
            "start": self.start,
            "stop": self.stop,
            "tallies": [t.state() for t in self.tallies],
            "paired": [p.state() for p in self.paired],
            "matches": [m.state() for m in self.matches],
        }

    @classmethod
    def of(cls, state: Mapping[str, Any]) -> ChunkResult:
        return cls(
            int(state["start"]),
            int(state["stop"]),
            [Tally.of(t) for t in state["tallies"]],
            [Paired.of(p) for p in state["paired"]],
            [MatchTally.of(m) for m in state.get("matches", [])],
        )

    @classmethod
    def empty(cls, variants: int, matches: bool = False) -> ChunkResult:
        """No games yet: the aggregates of `variants` variants (of matches, or of rounds)."""
        tallies = [Tally() for _ in range(variants)]
        paired = [Paired() for _ in range(variants - 1)]
        return cls(0, 0, tallies, paired, [MatchTally() for _ in range(variants if matches else 0)])


def chunk_size(games: int) -> int:
    """Games per chunk: about `TARGET_CHUNKS` chunks, at most `MAX_CHUNK` games each; it
    depends on the number of games only, so a resumed run cuts the same chunks."""
    return max(1, min(MAX_CHUNK, -(-games // TARGET_CHUNKS)))


def chunks(games: int) -> list[tuple[int, int]]:
    """The chunks of a run of `games` games, as (start, stop) in index order."""
    size = chunk_size(games)
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _failure(index: int, seed: int, variant: int, exc: BaseException) -> Failure:
    """A failed game: the error in one line, and its log: what the round player attached to
    the error (`exc.log`, e.g. the engine's event log) or else the traceback."""
    error = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    log = getattr(exc, "log", None)
    text = str(log) if log is not None else "".join(traceback.format_exception(exc))
    return Failure(index, seed, variant, error, text)


def run_chunk(job: Job, start: int, stop: int) -> ChunkResult:
    """Play games `start` to `stop - 1` of the job under every variant: game `i` with seed
    `game_seed(job.seed, i)` and the bots of `seat_bots`. A game that raises under any
    variant counts as failed (under the first variant that raised) and is left out of
    every variant's figures, so the variants stay paired game by game. A game of a job of
    `matches` is a whole match: its rounds go to the variant's `Tally`, the match to its
    `MatchTally`."""
    n = len(job.variants)
    result = ChunkResult.empty(n, job.matches)
    result.start, result.stop = start, stop
    rulesets = [job.load(v.rulebook) for v in job.variants]
    options = [ruleset.resolve_options(dict(v.options), players=job.players)
               for ruleset, v in zip(rulesets, job.variants, strict=True)]  # fmt: skip
    for index in range(start, stop):
        seed = game_seed(job.seed, index)
        bots = seat_bots(job.bots, job.players, index)
        summaries: list[RoundSummary | MatchSummary] = []
        for number, ruleset in enumerate(rulesets):
            try:
                summaries.append(job.play(ruleset, options[number], job.players, seed, bots))
            except Exception as exc:  # any failure of a game is reported, with its seed
                result.tallies[number].fail(_failure(index, seed, number, exc))
                break
        if len(summaries) < n:
            continue
        for number, summary in enumerate(summaries):
            _count(result, number, summary)
        if n > 1:
            base = _metrics(summaries[0])
            for paired, summary in zip(result.paired, summaries[1:], strict=True):
                paired.add(base, _metrics(summary))
    return result


def _count(result: ChunkResult, variant: int, summary: RoundSummary | MatchSummary) -> None:
    """Count a game of a variant: a round, or a match and each of its rounds."""
    if isinstance(summary, MatchSummary):
        for played in summary.rounds:
            result.tallies[variant].add(played)
        result.matches[variant].add(summary)
    else:
        result.tallies[variant].add(summary)


def _metrics(summary: RoundSummary | MatchSummary) -> dict[str, int]:
    if isinstance(summary, MatchSummary):
        return match_metrics(summary)
    return game_metrics(summary)


class Store:
    """A checkpoint folder: `run.json` names the job, `chunks/START-STOP.json` holds each
    finished chunk, every file written whole or not at all (a temporary file, then an atomic
    rename), so a run killed at any moment leaves only complete chunks behind."""

    def __init__(self, folder: Path, job: Job) -> None:
        self.folder = folder
        self.key = {"format": CHECKPOINT_FORMAT, "job": job.key()}
        self.variants = len(job.variants)
        self._chunks = folder / "chunks"

    def open(self) -> None:
        """Create the folder for the job, or check that it holds the same job; raises
        `SimulationError` when it holds another run or cannot be written."""
        run = self.folder / "run.json"
        try:
            self._chunks.mkdir(parents=True, exist_ok=True)
            if run.exists():
                if json.loads(run.read_text(encoding="utf-8")) != self.key:
                    raise SimulationError(
                        f"{self.folder} holds another run (other rulebook, options, seed, games "
                        "or bots): resume it with the same command, or use another folder"
                    )
            else:
                _atomic_write(run, json.dumps(self.key, ensure_ascii=False, sort_keys=True))
        except (OSError, ValueError) as exc:
            raise SimulationError(f"cannot use {self.folder} for checkpoints: {exc}") from None

    def _path(self, start: int, stop: int) -> Path:
        return self._chunks / f"{start:012d}-{stop:012d}.json"

    def load(self, start: int, stop: int) -> ChunkResult | None:
        """The chunk's result when it was written (None when it is missing or unreadable:
        then it is played again)."""
        path = self._path(start, stop)
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
            result = ChunkResult.of(state)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if (result.start, result.stop) != (start, stop) or len(result.tallies) != self.variants:
            return None
        return result

    def save(self, result: ChunkResult) -> None:
        text = json.dumps(result.state(), ensure_ascii=False, sort_keys=True)
        try:
            _atomic_write(self._path(result.start, result.stop), text)
        except OSError as exc:
            raise SimulationError(f"cannot write a checkpoint to {self.folder}: {exc}") from None


def _atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` whole: into a temporary file beside it, then renamed over it."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


Progress = Callable[[int, int], None]  # (games done, games in all)


def pending(job: Job, store: Store | None, total: ChunkResult) -> Iterator[tuple[int, int]]:
    """The chunks still to play; those already in the store are merged into `total`."""
    for start, stop in chunks(job.games):
        done = store.load(start, stop) if store is not None else None
        if done is not None:
            total.merge(done)
            total.stop += done.games
        else:
            yield start, stop


def finish(result: ChunkResult, total: ChunkResult, store: Store | None) -> None:
    """Keep a finished chunk: checkpoint it, then merge it into the run's total (whose
    `stop` counts the games done)."""
    if store is not None:
        store.save(result)
    total.merge(result)
    total.stop += result.games


def run_local(
    job: Job,
    workers: int,
    store: Store | None = None,
    progress: Progress | None = None,
) -> ChunkResult:
    """Play the job on `workers` local processes (1: in this process) and return its
    aggregate; finished chunks are checkpointed to `store` as they come in. Raises
    `SimulationError` when a worker process dies; `KeyboardInterrupt` passes through, with
    the finished chunks kept."""
    total = ChunkResult.empty(len(job.variants), job.matches)
    todo = list(pending(job, store, total))
    report = progress or (lambda done, games: None)
    report(total.stop, job.games)
    if workers <= 1 or len(todo) <= 1:
        for start, stop in todo:
            finish(run_chunk(job, start, stop), total, store)
            report(total.stop, job.games)
        return total
    for variant in job.variants:  # compiled here once: forked workers start with them
        job.load(variant.rulebook)
    # No more processes than chunks: a forked pool starts all of its workers at once.
    workers = min(workers, len(todo))
    with ProcessPoolExecutor(max_workers=workers, mp_context=_context()) as pool:
        try:
            _drain(pool, job, todo, workers, total, store, report)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return total


def _context() -> BaseContext:
    """How worker processes start: forked where the system can (they inherit the compiled
    rulesets instead of compiling each its own, seconds on a busy machine; a simulation
    runs no threads of its own to be forked mid-way), else spawned afresh."""
    return get_context("fork" if "fork" in get_all_start_methods() else "spawn")


def _drain(
    pool: ProcessPoolExecutor,
    job: Job,
    todo: Sequence[tuple[int, int]],
    workers: int,
    total: ChunkResult,
    store: Store | None,
    report: Progress,
) -> None:
    """Keep at most two chunks per worker in flight (memory stays flat however many chunks
    there are) and keep each result as it finishes."""
    queue = list(reversed(todo))
    running: set[Future[ChunkResult]] = set()
    play = partial(run_chunk, job)
    try:
        while queue or running:
            while queue and len(running) < 2 * workers:
                start, stop = queue.pop()
                running.add(pool.submit(play, start, stop))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            # Keep every chunk that finished before looking at one that failed.
            for future in sorted(done, key=lambda f: f.exception() is not None):
                finish(future.result(), total, store)
            report(total.stop, job.games)
    except BrokenProcessPool:  # on a result, or on a submit after the pool broke
        kept = f"; {total.stop} of {job.games} games kept" if store is not None else ""
        raise SimulationError(f"a worker process died{kept}") from None
