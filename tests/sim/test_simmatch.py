"""Whole matches in a simulation (`mjc simulate --matches N`; `mjc.runtime.sim.matches`,
`mjc.runtime.sim.matchreport`, `mjc.runtime.sim.play.play_match`): the same report on one and
two workers (and, under make test-all, on Ray), how matches ended and the standing from the
first dealer, the comparison of two settings match by match, the usage errors, and
docs/simulate.md's example. A few 東風戦 of rulebooks/riichi.mjr keep it fast; random bots
never win a riichi hand, so their matches are all draws and end where the rules alone say."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from pathlib import Path

import jsonschema
import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.cli.simulate import load_ruleset
from mjc.compiler.site import simpage
from mjc.runtime import Ruleset
from mjc.runtime.sim.matches import ENDINGS, MatchSummary, MatchTally
from mjc.runtime.sim.matchreport import MatchCompareReport, MatchReport
from mjc.runtime.sim.play import play_match, play_round
from mjc.runtime.sim.report import report_json_schema
from mjc.runtime.sim.rounds import game_seed
from mjc.runtime.sim.run import ChunkResult, Job, SimulationError, Store, Variant, run_chunk
from mjc.runtime.sim.simulation import simulate

DOCS = Path(__file__).resolve().parents[2] / "docs"
TONPUUSEN = (("length", "tonpuusen"),)
EXAMPLE = ["riichi", "--matches", "3", "--option", "length=tonpuusen"]
EXAMPLE += ["--bots", "greedy,random", "--seed", "1"]


def _job(matches: int, bots: tuple[str, ...], *variants: tuple[tuple[str, str], ...]) -> Job:
    settings = tuple(
        Variant("base" if i == 0 else f"v{i}", "riichi", options)
        for i, options in enumerate(variants or (TONPUUSEN,))
    )
    return Job(settings, 4, 1, matches, bots, load_ruleset, play_match, matches=True)


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs' example run on one worker, written with --out (its text and JSON; the page
    without its charts, which test_simpage tests and matplotlib takes seconds to draw)."""
    out = tmp_path_factory.mktemp("example")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simpage, "charts_available", lambda: False)
        assert main(["simulate", *EXAMPLE, "--workers", "1", "--out", str(out)]) == 0
    return out


def test_a_match_report_is_the_same_on_one_and_two_workers_and_valid(
    example: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["simulate", *EXAMPLE, "--workers", "2", "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    one = json.loads((example / "report.json").read_text(encoding="utf-8"))
    assert one == two
    jsonschema.validate(one, report_json_schema())
    assert one["kind"] == "match" and one["matches"] == 3 and one["run"]["games"] == 3


def test_each_match_ends_one_way_and_its_rounds_are_the_rounds_report(example: Path) -> None:
    report = MatchReport.model_validate_json((example / "report.json").read_text("utf-8"))
    assert sum(getattr(report.endings, e).count for e in ENDINGS) == report.matches
    lengths = report.lengths
    assert sum(b.count for b in lengths.histogram) == report.matches
    assert lengths.mean.mean is not None
    rounds = report.rounds.rounds
    assert round(lengths.mean.mean * report.matches) == rounds == report.rounds.run.games
    assert lengths.min is not None and lengths.max is not None
    assert 4 <= lengths.min <= lengths.mean.mean <= lengths.max  # 東風戦: four dealers at least
    assert report.points_per_round.n == rounds


def test_the_standing_by_seat_counts_from_the_first_dealer(example: Path) -> None:
    report = MatchReport.model_validate_json((example / "report.json").read_text("utf-8"))
    assert [row.seat for row in report.seats] == [0, 1, 2, 3]
    places = [row.place.mean for row in report.seats]
    assert all(p is not None for p in places)
    assert sum(p for p in places if p is not None) == pytest.approx(10)  # 1 + 2 + 3 + 4 each
    assert sum(row.first.count for row in report.seats) == report.matches
    finals = [row.final.mean for row in report.seats]
    assert sum(f for f in finals if f is not None) == pytest.approx(
        0, abs=1
    )  # ウマ, オカ: zero-sum
    assert [row.bot for row in report.bots] == ["greedy", "random"]


def test_the_text_report_says_how_matches_ended_and_the_standing(example: Path) -> None:
    text = (example / "report.txt").read_text(encoding="utf-8")
    assert text.startswith("matches of riichi (")
    assert ": 3 matches, " in text.splitlines()[0]
    for words in ("rounds per match: mean", "by 飛び", "in its extra winds (西入)", "和了止め",
                  "went into extra winds (西入)", "points changing hands per round",
                  "0 (起家)", "== the "):  # fmt: skip
        assert words in text
    page = (example / "report.md").read_text(encoding="utf-8")
    assert page.startswith("# Match report") and "## The rounds of these matches" in page


def test_the_docs_example_prints_what_docs_simulate_md_shows(example: Path) -> None:
    page = (DOCS / "simulate.md").read_text(encoding="utf-8")
    command = "$ mjc simulate " + " ".join(EXAMPLE)
    block = re.search(re.escape(command) + r"\n(.*?)\n…\n```", page, re.S)
    assert block is not None, "docs/simulate.md shows the example's first lines, then …"
    shown = block.group(1).splitlines()
    printed = (example / "report.txt").read_text(encoding="utf-8").splitlines()
    assert printed[: len(shown)] == shown, "the example prints something else now: update it"


def test_west_entry_sends_drawn_tonpuusen_into_the_west_and_off_ends_them_after_east() -> None:
    # Random bots draw every round: nobody reaches 30,000, so 西入 plays the west wind out.
    report = simulate(_job(3, ("random",), TONPUUSEN, (*TONPUUSEN, ("west_entry", "off"))))
    assert isinstance(report, MatchCompareReport)
    base, off = (v.report for v in report.variants)
    assert base.endings.extra_winds.count == 3 and base.extra_winds.count == 3
    assert base.lengths.min == base.lengths.max == 8 and base.extra_rounds.mean == 4
    assert off.endings.length.count == 3 and off.lengths.max == 4 and off.extra_winds.count == 0
    diffs = {d.metric: d for d in report.variants[1].differences}
    assert diffs["rounds"].difference == -4 and diffs["rounds"].paired
    assert diffs["extra_winds"].difference == -1
    assert {"place 0", "final 3", "ended negative", "points_per_round"} <= set(diffs)


def test_a_match_tally_merges_in_any_order_and_reads_back_from_its_state() -> None:
    job = _job(2, ("greedy", "random"))
    a, b = run_chunk(job, 0, 1), run_chunk(job, 1, 2)
    ab, ba = ChunkResult.empty(1, True), ChunkResult.empty(1, True)
    for total, parts in ((ab, (a, b)), (ba, (b, a))):
        for part in parts:
            total.merge(part)
    assert ab.matches[0].state() == ba.matches[0].state()
    back = ChunkResult.of(json.loads(json.dumps(ab.state())))
    assert back.matches[0] == ab.matches[0] and isinstance(back.matches[0], MatchTally)
    assert ab.matches[0].matches == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["guangdong", "--matches", "2"], "plays none of fixed length (its play section has no"),
        (["riichi", "--matches", "2", "--games", "5"], "give one of them"),
        (["riichi", "--matches", "0"], "--matches must be at least 1"),
    ],
)
def test_matches_need_a_rulebook_with_match_winds_and_exclude_games(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["simulate", *args, "--workers", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


@pytest.mark.slow  # Ray starts in seconds: make test-all runs it
def test_a_match_report_on_ray_is_the_local_one(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ray")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    job = _job(3, ("random",), TONPUUSEN, (*TONPUUSEN, ("west_entry", "off")))
    local = simulate(job, workers=1).model_dump(mode="json")
    assert simulate(job, cluster="ray", workers=1).model_dump(mode="json") == local


def _failing_match(
    ruleset: Ruleset, options: Mapping[str, object], players: int, seed: int, bots: tuple[str, ...]
) -> MatchSummary:
    if seed % 3 == 2:
        raise RuntimeError("the table fell over")
    return play_match(ruleset, options, players, seed, bots)


def test_a_failed_match_is_left_out_and_reported_with_its_seed() -> None:
    job = dataclasses.replace(_job(6, ("random",)), play=_failing_match)
    report = simulate(job)
    assert isinstance(report, MatchReport)
    failing = [i for i in range(6) if game_seed(1, i) % 3 == 2]
    assert 0 < report.failed == len(failing) < 6 and report.matches == 6 - len(failing)
    assert [f.index for f in report.rounds.failures] == failing
    assert report.rounds.failures[0].error == "RuntimeError: the table fell over"


def test_finished_matches_are_checkpointed_and_a_rounds_run_is_refused_there(
    tmp_path: Path,
) -> None:
    job = _job(3, ("random",))
    first = simulate(job, store=Store(tmp_path, job)).model_dump(mode="json")
    assert simulate(job, store=Store(tmp_path, job)).model_dump(mode="json") == first
    rounds = dataclasses.replace(job, matches=False, play=play_round)
    with pytest.raises(SimulationError, match="holds another run"):
        simulate(rounds, store=Store(tmp_path, rounds))


def _within(shown: object, actual: object) -> bool:
    """Whether `shown` is part of `actual`: a dict's keys some of its keys, a list a prefix."""
    if isinstance(shown, dict) and isinstance(actual, dict):
        return all(k in actual and _within(v, actual[k]) for k, v in shown.items())
    if isinstance(shown, list) and isinstance(actual, list):
        return len(shown) <= len(actual) and all(map(_within, shown, actual))
    return shown == actual


def test_the_docs_json_excerpt_is_part_of_the_examples_report(example: Path) -> None:
    page = (DOCS / "simulate.md").read_text(encoding="utf-8")
    (excerpt,) = re.findall(r"```json\n(.*?)\n```", page, re.S)
    report = json.loads((example / "report.json").read_text(encoding="utf-8"))
    assert _within(json.loads(excerpt), report), "docs/simulate.md's JSON excerpt is stale"
