"""`simulate`: play a job anywhere and turn its aggregate into the report.

The one entry point of a simulation from Python (the CLI, the docs build and the bench call
it): it runs the `Job` (`mjc.runtime.sim.run`) in this process, on local worker processes or
on Ray (`mjc.runtime.sim.cluster`), then builds a `BalanceReport` for one variant or a
`CompareReport` for several (`mjc.runtime.sim.report`), reading each variant's fan table from
its ruleset; for a job of whole matches, a `MatchReport` or a `MatchCompareReport`
(`mjc.runtime.sim.matchreport`), each with the balance report of the rounds its matches dealt.
"""

from __future__ import annotations

from mjc.runtime.sim.matchreport import (
    MatchReport,
    SimReport,
    match_compare_report,
    match_report,
)
from mjc.runtime.sim.report import (
    BalanceReport,
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
) -> SimReport:
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


def report_of(job: Job, total: ChunkResult) -> SimReport:
    """The report of a job's aggregate: its variant's, or the comparison of its variants (of
    rounds, or of whole matches)."""
    reports: list[BalanceReport] = []
    runs: list[RunInfo] = []
    fan_names: dict[str, str] = {}
    for variant, tally in zip(job.variants, total.tallies, strict=True):
        ruleset = job.load(variant.rulebook)
        run = RunInfo(
            rulebook=RulebookInfo(id=ruleset.id, title=ruleset.title, version=ruleset.version),
            options=dict(variant.options),
            players=job.players,
            seed=job.seed,
            games=tally.rounds if job.matches else job.games,  # of matches: the rounds dealt
            bots=list(job.bots),
        )
        runs.append(run.model_copy(update={"games": job.games}))
        reports.append(balance_report(run, tally, ruleset.fans, ruleset.tiers, ruleset.unit))
        for fan in ruleset.fans:
            fan_names.setdefault(fan.id, fan.name)
    labels = [v.label for v in job.variants]
    if job.matches:
        matches: list[MatchReport] = [
            match_report(run, tally, rounds, rounds.failed)
            for run, tally, rounds in zip(runs, total.matches, reports, strict=True)
        ]
        if len(matches) == 1:
            return matches[0]
        return match_compare_report(
            job.games, job.seed, labels, matches, total.matches, total.paired
        )
    if len(reports) == 1:
        return reports[0]
    return compare_report(
        job.games, job.seed, labels, reports, total.tallies, total.paired, fan_names
    )
