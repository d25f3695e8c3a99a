"""`mjc simulate` (`mjc.compiler.cli.simulate`): its errors, its report as text, JSON and a
page with charts, the progress bar, and the one place the game engine plugs in. Until the
engine is merged, the rounds come from the test double `sim_double.fake_round`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from sim_double import fake_round

from mjc.compiler.cli import simulate as cli_simulate
from mjc.compiler.cli.commands import main
from mjc.runtime.sim.report import report_json_schema


@pytest.fixture
def with_double(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test double plays the rounds in place of the engine."""
    monkeypatch.setattr(cli_simulate, "engine_play_round", lambda: fake_round)


def test_without_the_engine_simulate_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_simulate, "ENGINE_MODULE", "mjc.runtime.no_such_engine")
    assert main(["simulate", "guangdong", "--games", "10"]) == 2
    err = capsys.readouterr().err
    assert err == "mjc: error: the game engine is not available\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "clever"], "--bots takes random, greedy or a comma-separated mix"),
        (["--option", "nope=1"], "unknown option 'nope'"),
        (["--compare", "nope"], "--compare takes KEY=VALUE"),
        (["--players", "7"], "is played by"),
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--workers", "99999"], "at most 256"),  # a forked pool starts them all at once
        (["--cluster", "spark"], "--cluster takes ray or ray://ADDRESS"),
    ],
)
def test_bad_arguments_are_one_line_errors_with_exit_2(
    with_double: None, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["simulate", "guangdong", "--games", "10", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_an_unknown_rulebook_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "no_such_rulebook", "--games", "10"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_schema_is_the_published_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--schema"]) == 0
    assert json.loads(capsys.readouterr().out) == report_json_schema()


def test_text_report_lists_every_fan(with_double: None, capsys: pytest.CaptureFixture[str]) -> None:
    from mjc.compiler.cli.simulate import load_ruleset

    assert main(["simulate", "guangdong", "--games", "200", "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    for fan in load_ruleset("guangdong").fans:
        assert fan.id in out
    assert out.startswith("balance of guangdong")
    # A game is one round: "200 games (one round each)", never "200 rounds of 200 games".
    assert ": 200 games (one round each), seed 1," in out.splitlines()[0]


def test_json_report_is_the_same_for_one_and_two_workers_and_valid(
    with_double: None, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["simulate", "guangdong", "--games", "200", "--seed", "1", "--json"]
    assert main([*base, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*base, "--workers", "2"]) == 0
    assert capsys.readouterr().out == one
    jsonschema.validate(json.loads(one), report_json_schema())


def test_compare_reports_differences_with_intervals(
    with_double: None, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "chaozhou", "--games", "100", "--compare", "鬼牌=无鬼", "--workers", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "鬼牌=无鬼 beside base:" in out and "95% interval" in out


def test_two_rulebooks_are_compared(with_double: None, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "guangdong", "shanghai", "--games", "60", "--json", "--workers", "1"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "compare"
    assert [v["label"] for v in data["variants"]] == ["guangdong", "shanghai"]


def test_out_writes_the_report_its_page_and_its_charts(
    with_double: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    args = ["simulate", "guangdong", "--games", "80", "--workers", "1", "--out", str(out)]
    assert main(args) == 0
    page = (out / "report.md").read_text(encoding="utf-8")
    for chart in ("fans.svg", "values.svg", "seats.svg"):
        assert f"](charts/{chart})" in page
        assert (out / "charts" / chart).read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["kind"] == "balance"
    assert (out / "report.txt").read_text(encoding="utf-8") == capsys.readouterr().out


def test_resume_folder_keeps_the_run_and_gives_the_same_report(
    with_double: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "guangdong", "--games", "120", "--workers", "1", "--json"]
    assert main([*args, "--resume", str(tmp_path)]) == 0
    first = capsys.readouterr().out
    assert (tmp_path / "run.json").is_file() and list((tmp_path / "chunks").iterdir())
    assert main([*args, "--resume", str(tmp_path)]) == 0  # every chunk is read back
    assert capsys.readouterr().out == first
    assert main(args) == 0
    assert capsys.readouterr().out == first


def test_a_failed_game_prints_its_seed_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sim_double import failing_round

    monkeypatch.setattr(cli_simulate, "engine_play_round", lambda: failing_round)
    args = ["simulate", "guangdong", "--games", "100", "--workers", "1", "--out", str(tmp_path)]
    assert main(args) == 1
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith("mjc: game ") and "(seed " in line for line in err)
    logs = list((tmp_path / "failures").glob("game-*.log"))
    assert logs and logs[0].read_text(encoding="utf-8").startswith("log of the game of seed")


def test_progress_bar_draws_on_a_terminal_and_not_when_piped() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        bar = cli_simulate.Progress(stream, 1)
        for done in (0, 50, 100):
            bar(done, 100)
        bar.close()
    assert pipe.getvalue() == ""
    shown = terminal.getvalue()
    assert "100/100 games" in shown and "rounds/s" in shown and "left" in shown


def test_ctrl_c_keeps_the_finished_games_and_says_how_to_go_on(
    with_double: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import mjc.runtime.sim.simulation as simulation

    real = simulation.simulate

    def interrupted(job: object, **kwargs: object) -> object:
        def stop(done: int, games: int) -> None:
            if done >= games // 2:
                raise KeyboardInterrupt

        return real(job, **{**kwargs, "progress": stop})  # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "simulate", interrupted)
    args = ["simulate", "guangdong", "--games", "120", "--workers", "1", "--json"]
    assert main([*args, "--resume", str(tmp_path)]) == 130
    err = capsys.readouterr().err
    assert err.startswith("mjc: interrupted; ") and f"kept in {tmp_path}" in err
    assert list((tmp_path / "chunks").iterdir())
    monkeypatch.setattr(simulation, "simulate", real)
    assert main([*args, "--resume", str(tmp_path)]) == 0
    resumed = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == resumed


def _job(*argv: str) -> object:
    from mjc.compiler.cli.commands import build_parser

    args = build_parser().parse_args(["simulate", *argv])
    return cli_simulate.build_job(args, lambda: fake_round)


def test_one_compare_changes_several_options_at_once() -> None:
    from mjc.runtime.sim.run import Job

    job = _job("chaozhou", "--option", "cap=16", "--compare", "鬼牌=白板做鬼,无鬼加倍=on")
    assert isinstance(job, Job)
    base, variant = job.variants
    assert variant.label == "鬼牌=白板做鬼,无鬼加倍=on"
    assert dict(variant.options) == {"cap": "16", "鬼牌": "白板做鬼", "无鬼加倍": "on"}
    assert dict(base.options) == {"cap": "16"}


def test_each_setting_of_a_several_option_compare_is_checked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "chaozhou", "--games", "5", "--compare", "鬼牌=白板做鬼,nope=1"]) == 2
    err = capsys.readouterr().err
    assert "鬼牌=白板做鬼,nope=1" in err and "unknown option 'nope'" in err


def test_a_part_without_an_equals_sign_belongs_to_the_value_before_it() -> None:
    assert cli_simulate._settings("a=x,y,b=z") == ["a=x,y", "b=z"]
    assert cli_simulate._settings("鬼牌=无鬼") == ["鬼牌=无鬼"]


def test_compare_of_several_options_reports_them_as_one_variant(
    with_double: None, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "chaozhou", "--games", "60", "--workers", "1"]
    assert main([*args, "--compare", "鬼牌=白板做鬼,无鬼加倍=on", "--compare", "cap=16"]) == 0
    out = capsys.readouterr().out
    assert "鬼牌=白板做鬼,无鬼加倍=on beside base:" in out and "cap=16 beside base:" in out


def test_games_played_counts_a_game_once_as_its_round() -> None:
    from mjc.runtime.sim.text import games_played

    assert games_played(300, 300) == "300 games (one round each)"
    assert games_played(1, 1) == "1 game (one round each)"
    assert games_played(298, 300) == "298 of 300 games played (one round each)"
