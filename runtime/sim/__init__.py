"""Simulation: whole rounds with bots, aggregated into a rulebook's balance report.

`simulation.simulate` plays a job and reports; `play` plays one round for it, `rounds`
summarises a finished round, `run` runs games in chunks on local processes (checkpointed)
and `cluster` on Ray, `stats` aggregates exactly, `interval` gives 95 % intervals, `report`
is the report's models and `text` its terminal form. Reads the engine, the bots and the
ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.sim.cluster import (
        RAY_MISSING,
        TASK_RETRIES,
        parse_cluster,
        run_ray,
    )
    from mjc.runtime.sim.interval import (
        CONFIDENCE,
        Estimate,
        mean,
        paired_mean,
        rate,
        standard_deviation,
        t_quantile,
        welch,
    )
    from mjc.runtime.sim.play import (
        make_bot,
        play_round,
    )
    from mjc.runtime.sim.report import (
        QUANTILES,
        BalanceReport,
        CompareReport,
        Difference,
        Report,
        RulebookInfo,
        RunInfo,
        balance_report,
        compare_report,
        report_json_schema,
    )
    from mjc.runtime.sim.rounds import (
        BOT_NAMES,
        PAYMENT_KINDS,
        PlayRound,
        RoundInfo,
        RoundSummary,
        WinnerSummary,
        game_seed,
        payment_kind,
        seat_bots,
        summarize,
    )
    from mjc.runtime.sim.run import (
        ChunkResult,
        Job,
        SimulationError,
        Store,
        chunk_size,
        chunks,
        run_chunk,
        run_local,
    )
    from mjc.runtime.sim.simulation import (
        report_of,
        simulate,
    )
    from mjc.runtime.sim.stats import (
        MAX_FAILURES,
        Failure,
        Paired,
        SumStat,
        Tally,
        game_metrics,
    )
    from mjc.runtime.sim.text import (
        compare_text,
        report_text,
        table,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "BOT_NAMES": "mjc.runtime.sim.rounds",
    "BalanceReport": "mjc.runtime.sim.report",
    "CONFIDENCE": "mjc.runtime.sim.interval",
    "ChunkResult": "mjc.runtime.sim.run",
    "CompareReport": "mjc.runtime.sim.report",
    "Difference": "mjc.runtime.sim.report",
    "Estimate": "mjc.runtime.sim.interval",
    "Failure": "mjc.runtime.sim.stats",
    "Job": "mjc.runtime.sim.run",
    "MAX_FAILURES": "mjc.runtime.sim.stats",
    "PAYMENT_KINDS": "mjc.runtime.sim.rounds",
    "Paired": "mjc.runtime.sim.stats",
    "PlayRound": "mjc.runtime.sim.rounds",
    "QUANTILES": "mjc.runtime.sim.report",
    "RAY_MISSING": "mjc.runtime.sim.cluster",
    "Report": "mjc.runtime.sim.report",
    "RoundInfo": "mjc.runtime.sim.rounds",
    "RoundSummary": "mjc.runtime.sim.rounds",
    "RulebookInfo": "mjc.runtime.sim.report",
    "RunInfo": "mjc.runtime.sim.report",
    "SimulationError": "mjc.runtime.sim.run",
    "Store": "mjc.runtime.sim.run",
    "SumStat": "mjc.runtime.sim.stats",
    "TASK_RETRIES": "mjc.runtime.sim.cluster",
    "Tally": "mjc.runtime.sim.stats",
    "WinnerSummary": "mjc.runtime.sim.rounds",
    "balance_report": "mjc.runtime.sim.report",
    "chunk_size": "mjc.runtime.sim.run",
    "chunks": "mjc.runtime.sim.run",
    "compare_report": "mjc.runtime.sim.report",
    "compare_text": "mjc.runtime.sim.text",
    "game_metrics": "mjc.runtime.sim.stats",
    "game_seed": "mjc.runtime.sim.rounds",
    "make_bot": "mjc.runtime.sim.play",
    "mean": "mjc.runtime.sim.interval",
    "paired_mean": "mjc.runtime.sim.interval",
    "parse_cluster": "mjc.runtime.sim.cluster",
    "payment_kind": "mjc.runtime.sim.rounds",
    "play_round": "mjc.runtime.sim.play",
    "rate": "mjc.runtime.sim.interval",
    "report_json_schema": "mjc.runtime.sim.report",
    "report_of": "mjc.runtime.sim.simulation",
    "report_text": "mjc.runtime.sim.text",
    "run_chunk": "mjc.runtime.sim.run",
    "run_local": "mjc.runtime.sim.run",
    "run_ray": "mjc.runtime.sim.cluster",
    "seat_bots": "mjc.runtime.sim.rounds",
    "simulate": "mjc.runtime.sim.simulation",
    "standard_deviation": "mjc.runtime.sim.interval",
    "summarize": "mjc.runtime.sim.rounds",
    "t_quantile": "mjc.runtime.sim.interval",
    "table": "mjc.runtime.sim.text",
    "welch": "mjc.runtime.sim.interval",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "BOT_NAMES",
    "CONFIDENCE",
    "MAX_FAILURES",
    "PAYMENT_KINDS",
    "QUANTILES",
    "RAY_MISSING",
    "TASK_RETRIES",
    "BalanceReport",
    "ChunkResult",
    "CompareReport",
    "Difference",
    "Estimate",
    "Failure",
    "Job",
    "Paired",
    "PlayRound",
    "Report",
    "RoundInfo",
    "RoundSummary",
    "RulebookInfo",
    "RunInfo",
    "SimulationError",
    "Store",
    "SumStat",
    "Tally",
    "WinnerSummary",
    "balance_report",
    "chunk_size",
    "chunks",
    "compare_report",
    "compare_text",
    "game_metrics",
    "game_seed",
    "make_bot",
    "mean",
    "paired_mean",
    "parse_cluster",
    "payment_kind",
    "play_round",
    "rate",
    "report_json_schema",
    "report_of",
    "report_text",
    "run_chunk",
    "run_local",
    "run_ray",
    "seat_bots",
    "simulate",
    "standard_deviation",
    "summarize",
    "t_quantile",
    "table",
    "welch",
]
