"""Running simulations (`mjc.runtime.sim.run`, `mjc.runtime.sim.cluster`,
`mjc.runtime.sim.simulation`): the same report whatever the workers, checkpoints that survive an
interruption or a killed worker, failed games reported with their seed and log. Rounds come from the
test double `sim_double.fake_round` (real settlements of the rulebooks' example hands)."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest
import sim_double
from sim_double import failing_round, fake_round, killing_round, load_ruleset

from mjc.runtime.sim.report import BalanceReport, CompareReport, Report
from mjc.runtime.sim.rounds import PlayRound, game_seed
from mjc.runtime.sim.run import (
    Job,
    SimulationError,
    Store,
    Variant,
    chunk_size,
    chunks,
    run_chunk,
)
from mjc.runtime.sim.simulation import simulate

BOTS = ("random", "greedy")


def _job(
    games: int = 240,
    play: PlayRound = fake_round,
    variants: tuple[Variant, ...] = (Variant("base", "guangdong"),),
    seed: int = 1,
) -> Job:
    return Job(variants, 4, seed, games, BOTS, load_ruleset, play)


def _json(report: Report) -> str:
    return json.dumps(report.model_dump(mode="json"), ensure_ascii=False, sort_keys=True)


def test_chunks_cover_every_game_once_in_index_order() -> None:
    for games in (1, 99, 100, 101, 10_000, 1_000_003):
        cut = chunks(games)
        assert cut[0][0] == 0 and cut[-1][1] == games
        assert all(a[1] == b[0] for a, b in itertools.pairwise(cut))
        assert all(0 < stop - start <= chunk_size(games) for start, stop in cut)


def test_report_is_byte_identical_for_one_and_two_workers() -> None:
    one = simulate(_job(), workers=1)
    two = simulate(_job(), workers=2)
    assert _json(one) == _json(two)


def test_report_depends_on_the_seed() -> None:
    assert _json(simulate(_job(games=60, seed=1))) != _json(simulate(_job(games=60, seed=2)))


def test_chunks_played_in_any_order_merge_to_the_same_report() -> None:
    from mjc.runtime.sim.run import ChunkResult
    from mjc.runtime.sim.simulation import report_of

    job = _job()
    total = ChunkResult.empty(1)
    for start, stop in reversed(chunks(job.games)):
        total.merge(run_chunk(job, start, stop))
    assert _json(report_of(job, total)) == _json(simulate(job))


def test_interrupted_run_resumes_to_the_uninterrupted_report(tmp_path: Path) -> None:
    job = _job()
    calls = []

    def interrupt(done: int, games: int) -> None:
        calls.append(done)
        if done >= games // 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(job, store=Store(tmp_path, job), progress=interrupt)
    kept = list((tmp_path / "chunks").glob("*.json"))
    assert 0 < len(kept) < len(chunks(job.games))
    seen: list[int] = []
    resumed = simulate(job, store=Store(tmp_path, job), progress=lambda d, g: seen.append(d))
    assert seen[0] == calls[-1]  # the kept games count as done at once
    assert _json(resumed) == _json(simulate(_job()))


def test_killed_worker_keeps_finished_chunks_and_resume_completes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = _job(play=killing_round)
    size = chunk_size(job.games)
    monkeypatch.setenv(sim_double.KILL_SEED, str(game_seed(job.seed, 5 * size + 1)))
    with pytest.raises(SimulationError, match="worker process died"):
        simulate(job, workers=2, store=Store(tmp_path, job))
    kept = sorted(p.name for p in (tmp_path / "chunks").glob("*.json"))
    assert kept and f"{5 * size:012d}-{6 * size:012d}.json" not in kept
    assert not list(tmp_path.glob("**/.tmp-*"))  # no half-written checkpoint
    monkeypatch.delenv(sim_double.KILL_SEED)
    resumed = simulate(job, workers=2, store=Store(tmp_path, job))
    assert _json(resumed) == _json(simulate(_job()))


def test_a_checkpoint_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    simulate(_job(games=20), store=Store(tmp_path, _job(games=20)))
    other = _job(games=20, seed=5)
    with pytest.raises(SimulationError, match="holds another run"):
        simulate(other, store=Store(tmp_path, other))


def test_a_failed_game_is_reported_with_its_seed_and_log() -> None:
    report = simulate(_job(games=200, play=failing_round), workers=2)
    assert isinstance(report, BalanceReport)
    failing = [i for i in range(200) if game_seed(1, i) % 16 == 0]
    assert report.failed == len(failing) > 0
    assert report.rounds == 200 - len(failing)
    first = report.failures[0]
    assert (first.index, first.seed) == (failing[0], game_seed(1, failing[0]))
    assert first.error == "GameLogError: no tile left to draw"
    assert first.log == f"log of the game of seed {first.seed}"


def test_a_comparison_plays_the_same_games_under_each_setting() -> None:
    variants = (
        Variant("base", "guangdong"),
        Variant("same", "guangdong", (("seven_pairs", True),)),
    )
    report = simulate(_job(games=120, variants=variants), workers=2)
    assert isinstance(report, CompareReport)
    base, same = report.variants
    # The option does not change which example hands the double deals: identical games.
    assert base.report.outcomes == same.report.outcomes
    assert all(d.difference == 0 and not d.supported for d in same.differences if d.paired)


def test_ray_report_is_byte_identical_to_the_local_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ray's workers import the test double by name: they find it on PYTHONPATH.
    here = str(Path(sim_double.__file__).parent)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    job = _job(games=120)
    assert _json(simulate(job, cluster="ray", workers=1)) == _json(simulate(job, workers=1))
