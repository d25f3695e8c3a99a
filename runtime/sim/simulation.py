"""`simulate`: play a job anywhere and turn its aggregate into the report.

The one entry point of a simulation from Python (the CLI, the docs build and the bench call
it): it runs the `Job` (`mjc.runtime.sim.run`) in this process, on local worker processes or
on Ray (`mjc.runtime.sim.cluster`), then builds a `BalanceReport` for one variant or a
`CompareReport` for several (`mjc.runtime.sim.report`), reading each variant's fan table from
its ruleset.
"""

from __future__ import annotations

from mjc.runtime.sim.report import (
    BalanceReport,
    Report,
    RulebookInfo,
    RunInfo,
    balance_report,
    compare_report,
)
from mjc.runtime.sim.run import ChunkResult, Job, Progress, Store, run_local

__all__ = ["report_of", "simulate"]


def simulate(
    job: Job,
    *,
    workers: int = 1,
    cluster: str | None = None,
    store: Store | None = None,
    progress: Progress | None = None,
) -> Report:
    """Play every game of `job` and report: on `workers` local processes, or on Ray when
    `cluster` is given (`ray` for a local instance, `ray://ADDRESS` for a cluster), with
    finished chunks checkpointed to `store`. Raises `SimulationError` for a run that cannot
    go on; `KeyboardInterrupt` passes through, the finished chunks kept in `store`."""
    if store is not None:
        store.open()
    if cluster is not None:
        from mjc.runtime.sim.cluster import parse_cluster, run_ray

        total = run_ray(job, parse_cluster(cluster), store, progress, cpus=max(1, workers))
    else:
        total = run_local(job, workers, store, progress)
    return report_of(job, total)


def report_of(job: Job, total: ChunkResult) -> Report:
    """The report of a job's aggregate: its variant's, or the comparison of its variants."""
    reports: list[BalanceReport] = []
    fan_names: dict[str, str] = {}
    for variant, tally in zip(job.variants, total.tallies, strict=True):
        ruleset = job.load(variant.rulebook)
        run = RunInfo(
            rulebook=RulebookInfo(id=ruleset.id, title=ruleset.title, version=ruleset.version),
            options=dict(variant.options),
            players=job.players,
            seed=job.seed,
            games=job.games,
            bots=list(job.bots),
        )
        reports.append(balance_report(run, tally, ruleset.fans, ruleset.tiers, ruleset.unit))
        for fan in ruleset.fans:
            fan_names.setdefault(fan.id, fan.name)
    if len(reports) == 1:
        return reports[0]
    labels = [v.label for v in job.variants]
    return compare_report(
        job.games, job.seed, labels, reports, total.tallies, total.paired, fan_names
    )
