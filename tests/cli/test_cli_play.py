"""`mjc play` and `mjc replay`: a bot round to its settlement, an interactive round driven
through standard input, a replay that agrees, and one-line errors (never a traceback) for an
edited, truncated or garbage log and for an unknown option."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from tests.helpers.small_rulebooks import DEAL_WINS_RULEBOOK, EXCHANGE_RULEBOOK

SEED_2_PICK = "246s"  # seat 0's bamboo in the exchange test rulebook's round of seed 2


def _play(tmp_path: Path, *extra: str, name: str = "guangdong", seed: str = "5") -> Path:
    log = tmp_path / "game.jsonl"
    assert main(["play", name, "--bots-only", "--seed", seed, "--log", str(log), *extra]) == 0
    return log


@pytest.mark.parametrize("name", ["guangdong", "baise", "chaozhou", "meizhou", "shanghai"])
def test_bots_only_round_settles_and_replays(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _play(tmp_path, "--json", name=name)
    played = json.loads(capsys.readouterr().out)
    assert sum(played["result"]["deltas"]) == 0
    assert main(["replay", str(log), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["result"] == played["result"]


def test_bots_only_with_options_and_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _play(tmp_path, "--option", "王牌=大转", "--players", "3", name="baise")
    assert "deltas: seat 0" in capsys.readouterr().out
    start = json.loads((tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert start["players"] == 3 and start["options"] == {"王牌": "大转"}


def test_interactive_round_reads_choices_from_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Numbers on standard input choose the numbered actions; a bad line is asked again; when
    input ends, 托管 plays the seat to the settlement."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nnonsense\n99\n2\n"))
    log = tmp_path / "mine.jsonl"
    assert main(["play", "guangdong", "--seed", "2", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "your hand:" in out and "1. discard" in out
    assert "enter a number from 1 to" in out
    assert "input ended: 托管 plays your seat" in out
    assert "deltas:" in out
    assert main(["replay", str(log)]) == 0


def test_replay_names_the_first_line_that_disagrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _play(tmp_path)
    capsys.readouterr()
    lines = log.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"type":"draw"' in line)
    draw = json.loads(lines[at])
    draw["tile"] = "1z" if draw["tile"] != "1z" else "2z"
    lines[at] = json.dumps(draw)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    err = capsys.readouterr().err
    assert f"line {at + 1}: draw.tile" in err and "Traceback" not in err


def test_replay_refuses_an_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = _play(tmp_path)
    capsys.readouterr()
    lines = log.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if '"kind":"discard"' in line)
    action = json.loads(lines[at])
    action["seat"] = (action["seat"] + 1) % 4
    lines[at] = json.dumps(action)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    assert f"line {at + 1}: seat" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (lambda lines: lines[:-3], "truncated"),
        (lambda lines: ["not json at all"], "line 1: not JSON"),
        (lambda lines: [], "the log is empty"),
        (lambda lines: [lines[0], '{"type":"draw","seat":9,"tile":"1m","from":"head"}'], "line 2"),
    ],
)
def test_replay_of_an_unreadable_log_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cut: object, message: str
) -> None:
    log = _play(tmp_path)
    capsys.readouterr()
    lines = log.read_text(encoding="utf-8").splitlines()
    log.write_text("\n".join(cut(lines)) + "\n", encoding="utf-8")  # type: ignore[operator]
    assert main(["replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_unknown_option_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "guangdong", "--bots-only", "--seed", "1", "--option", "bogus=1"]) == 2
    err = capsys.readouterr().err
    assert "unknown option 'bogus'" in err and len(err.strip().splitlines()) == 1


def test_a_missing_log_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nowhere.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_interactive_round_where_the_rulebook_has_托管_the_engine_plays_the_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """潮州 托管: when input ends the rulebook's own 托管 takes the seat, and the log says so."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    log = tmp_path / "auto.jsonl"
    assert main(["play", "chaozhou", "--seed", "3", "--log", str(log)]) == 0
    assert "input ended: 托管 plays your seat" in capsys.readouterr().out
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert {"type": "auto", "seat": 0, "on": True} in lines
    assert main(["replay", str(log)]) == 0


def test_a_person_is_told_what_the_hand_as_dealt_wins_and_may_show_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test rulebook with wins at the deal, seed 108: seat 0's dealt hand holds one."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    log = tmp_path / "dealt.jsonl"
    path = str(DEAL_WINS_RULEBOOK)
    assert main(["play", path, "--seed", "108", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "your hand as dealt wins at the deal:" in out and "1. deal win" in out
    assert "seat 0 showed" in out  # the next question shows the hand shown to everyone
    assert "at the deal (起手胡) of seat 0" in out  # and the settlement pays it
    assert main(["replay", "--rulebook", path, str(log)]) == 0


def test_a_person_types_the_tiles_to_exchange_and_sees_what_came_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test rulebook with 换三张, seed 2 (the dice pass to the next seat): a pick of two
    suits is asked again, the typed tiles are passed, then input ends and 托管 plays on."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1m1p1s\n(\n" + SEED_2_PICK + "\n"))
    log = tmp_path / "swap.jsonl"
    path = str(EXCHANGE_RULEBOOK)
    assert main(["play", path, "--seed", "2", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "pass 3 tiles, typed like 159s" in out and "you may not pass 1m1p1s" in out
    assert f"you pass {SEED_2_PICK}" in out
    assert "the tiles went next (dice [3, 1]): you received" in out
    assert main(["replay", "--rulebook", path, str(log)]) == 0
