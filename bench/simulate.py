"""`python -m bench.simulate`: whole rounds per second of `mjc simulate`, and its memory.

Plays one rulebook's defaults with random bots through the same `PlayRound` the CLI uses
(the game engine, `mjc.compiler.cli.simulate.engine_play_round`) on 1 and 2 local worker
processes and on a local Ray instance (2 CPUs), and reports rounds per second for each
(wall time of the whole run: process start, compilation in each worker, play and merging;
Ray's own start, seconds once per session, is left out by a warm-up run).
Memory: the aggregate a run keeps is the same size after N and 4N games (its JSON state is
measured), and the peak Python allocation of a one-process run of N and 4N games
(tracemalloc) shows that the run does not hold its games. `--play MODULE:FUNCTION` measures
another `PlayRound` (the tests' double, say) while the engine is not there; `--json` prints
one document. Nothing here is a test: timings are never asserted.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
import time
import tracemalloc
from typing import Any, cast

from mjc.compiler.cli.parser import UsageError
from mjc.compiler.cli.simulate import engine_play_round, load_ruleset
from mjc.runtime.sim.rounds import PlayRound
from mjc.runtime.sim.run import ChunkResult, Job, Variant, chunks, run_chunk
from mjc.runtime.sim.simulation import simulate


def _player(spec: str | None) -> PlayRound:
    if spec is None:
        return engine_play_round()
    module, _, name = spec.partition(":")
    return cast(PlayRound, getattr(importlib.import_module(module), name))


def _job(rulebook: str, games: int, play: PlayRound) -> Job:
    return Job((Variant("base", rulebook),), 4, 1, games, ("random",), load_ruleset, play)


def _rate(job: Job, **where: Any) -> float:
    start = time.perf_counter()
    simulate(job, **where)
    return job.games / (time.perf_counter() - start)


def _ray_rate(job: Job, warm_up: Job) -> float:
    """Rounds per second on a local Ray instance already started and warmed up (its workers
    up, the rulebook compiled in them): Ray's start takes seconds, once per session."""
    ray: Any = importlib.import_module("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        simulate(warm_up, cluster="ray")
        return _rate(job, cluster="ray")
    finally:
        ray.shutdown()


def _state_bytes(job: Job) -> int:
    """The size of the aggregate of every game of the job (its checkpoint JSON)."""
    total = ChunkResult.empty(1)
    for start, stop in chunks(job.games):
        total.merge(run_chunk(job, start, stop))
    return len(json.dumps(total.state()))


def _peak_kib(job: Job) -> int:
    tracemalloc.start()
    simulate(job, workers=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak // 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.simulate", description=__doc__)
    parser.add_argument("--rulebook", default="guangdong")
    parser.add_argument("--games", type=int, default=2000, help="games per timed run")
    parser.add_argument("--play", metavar="MODULE:FUNCTION", help="another PlayRound to time")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    try:
        play = _player(args.play)
    except UsageError as exc:
        print(f"bench.simulate: {exc}", file=sys.stderr)
        return 2
    load_ruleset(args.rulebook)
    job = _job(args.rulebook, args.games, play)
    small = _job(args.rulebook, max(1, args.games // 4), play)
    rows: dict[str, float | None] = {
        "1 worker": _rate(job, workers=1),
        "2 workers": _rate(job, workers=2),
        "ray (local, 2 CPUs)": None,
    }
    if importlib.util.find_spec("ray") is not None:
        rows["ray (local, 2 CPUs)"] = _ray_rate(job, small)
    memory = {
        "aggregate bytes": [_state_bytes(small), _state_bytes(job)],
        "peak KiB": [_peak_kib(small), _peak_kib(job)],
    }
    if args.json:
        doc = {"rulebook": args.rulebook, "games": args.games, "rounds_per_second": rows,
               "memory": {"games": [small.games, job.games], **memory}}  # fmt: skip
        print(json.dumps(doc, indent=2))
        return 0
    print(f"mjc simulate {args.rulebook}, {args.games} games, random bots (whole runs, wall time)")
    for name, rate in rows.items():
        shown = "ray not installed" if rate is None else f"{rate:,.0f} rounds/s"
        print(f"  {name:<22} {shown}")
    for name, (few, many) in memory.items():
        print(f"  {name:<22} {few:,} after {small.games:,} games, {many:,} after {job.games:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
