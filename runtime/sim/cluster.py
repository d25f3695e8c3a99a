"""Running a simulation on a Ray cluster: the same chunks as local processes, the same result.

`run_ray` sends the chunks of a `Job` (`mjc.runtime.sim.run`) to Ray as tasks of `run_chunk`,
keeps a bounded number in flight, and merges and checkpoints each as it finishes, exactly as
`run_local` does; since the aggregates are exact sums, the report is byte-identical to a
local run's. Ray retries a task whose worker or node is lost (`max_retries`), and a run that
stops anyway keeps its finished chunks in the checkpoint folder for `--resume`.

Ray is an optional extra (`pip install mjc[ray]`): it is imported only here, when a run asks
for it, and its absence is a one-line `SimulationError`. `address` is None for a Ray
instance started here on this machine, or a cluster's address (`ray://HOST:PORT`, `auto`).
The workers import mjc by name, so the cluster's machines need mjc installed.
"""

from __future__ import annotations

import importlib
from typing import Any

from mjc.runtime.sim.run import (
    ChunkResult,
    Job,
    Progress,
    SimulationError,
    Store,
    finish,
    pending,
    run_chunk,
)

__all__ = ["RAY_MISSING", "TASK_RETRIES", "parse_cluster", "run_ray"]

TASK_RETRIES = 3  # times Ray plays a chunk again whose worker or node was lost
RAY_MISSING = "--cluster ray needs Ray: pip install 'mjc[ray]'"


def parse_cluster(text: str) -> str | None:
    """The Ray address of `--cluster ray` (None: start Ray here) or `ray://ADDRESS`; raises
    `ValueError` for any other engine."""
    if text == "ray":
        return None
    if text.startswith("ray://") and len(text) > len("ray://"):
        return text
    raise ValueError(f"--cluster takes ray or ray://ADDRESS, not {text!r}")


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError(RAY_MISSING) from None


def run_ray(
    job: Job,
    address: str | None,
    store: Store | None = None,
    progress: Progress | None = None,
    cpus: int | None = None,
) -> ChunkResult:
    """Play the job on Ray (a local instance with `cpus` CPUs when `address` is None) and
    return its aggregate; Ray is shut down afterwards if it was started here."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(
                address=address,
                num_cpus=cpus if address is None else None,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        except Exception as exc:  # Ray reports an unreachable cluster in many ways
            raise SimulationError(f"cannot start or reach Ray: {exc}".splitlines()[0]) from None
    try:
        return _run(ray, job, store, progress)
    finally:
        if started:
            ray.shutdown()


def _run(ray: Any, job: Job, store: Store | None, progress: Progress | None) -> ChunkResult:
    total = ChunkResult.empty(len(job.variants), job.matches)
    queue = list(reversed(list(pending(job, store, total))))
    report = progress or (lambda done, games: None)
    report(total.stop, job.games)
    task = ray.remote(max_retries=TASK_RETRIES)(run_chunk)
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    running: list[Any] = []
    while queue or running:
        while queue and len(running) < window:
            start, stop = queue.pop()
            running.append(task.remote(job, start, stop))
        done, running = ray.wait(running, num_returns=1)
        for ref in done:
            try:
                result = ray.get(ref)
            except ray.exceptions.RayError as exc:
                kept = f"; {total.stop} of {job.games} games kept" if store is not None else ""
                message = f"{exc}".splitlines()[0] if str(exc) else type(exc).__name__
                raise SimulationError(f"a Ray task failed ({message}){kept}") from None
            finish(result, total, store)
        report(total.stop, job.games)
    return total
