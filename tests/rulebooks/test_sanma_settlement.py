"""三人麻雀 settlement (rulebooks/sanma.mjr): ツモ損, a self-draw paid by the two others only
(the 北家's share is paid by nobody), and ノーテン罰符 of 2,000 in all at an exhaustive draw.
Every settlement is zero-sum (`settle` checks it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from tests.helpers.settlement_helpers import paid, settle

CHINITSU = {"hand": "123456789p11122p", "win_tile": "1p"}  # 清一色 一気通貫: 8 han, 倍満
# At the draw: seat 0 ready on 5s (単騎); then the others not ready, or seat 1 ready on 6z.
ONE_READY = {"0": "123p456p789p123s5s", "1": "13579p2468s1235z", "2": "13579p13579s123z"}
TWO_READY = {"0": "123p456p789p123s5s", "1": "111z222z333z555z6z", "2": "13579p13579s123z"}


def test_tsumo_son_the_dealers_self_draw_is_paid_by_the_two_others_only() -> None:
    # 倍満: 8,000 from each of the two (24,000 at four players, 16,000 here)
    result = settle("sanma", players=3, winners=[{"seat": 0, **CHINITSU, "self_drawn": True}])
    assert paid(result) == {(1, 0): 8000, (2, 0): 8000}


def test_tsumo_son_a_non_dealers_self_draw_is_paid_by_the_dealer_and_the_other() -> None:
    result = settle("sanma", players=3, winners=[{"seat": 1, **CHINITSU, "self_drawn": True}])
    assert paid(result) == {(0, 1): 8000, (2, 1): 4000}


def test_noten_bappu_one_ready_seat_is_paid_1000_by_each_of_the_two() -> None:
    result = settle("sanma", players=3, exhaustive_draw=True, hands=ONE_READY)
    assert paid(result) == {(1, 0): 1000, (2, 0): 1000}


def test_noten_bappu_two_ready_seats_are_paid_1000_each_by_the_one() -> None:
    result = settle("sanma", players=3, exhaustive_draw=True, hands=TWO_READY)
    assert paid(result) == {(2, 0): 1000, (2, 1): 1000}


def test_a_round_that_does_not_say_how_many_play_is_played_by_three() -> None:
    # 三麻 is played by three alone: a round JSON without `players` is a round of three
    result = settle("sanma", winners=[{"seat": 1, **CHINITSU, "self_drawn": True}])
    assert paid(result) == {(0, 1): 8000, (2, 1): 4000}


def test_mjc_settle_reads_a_round_without_players_as_a_round_of_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"winners": [{"seat": 1, **CHINITSU, "self_drawn": True}]}))
    assert main(["settle", "sanma", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deltas"] == [-8000, 12000, -4000]
    path.write_text(json.dumps({"players": 4, "exhaustive_draw": True}))
    assert main(["settle", "sanma", str(path)]) == 2
    assert "sanma is played by 3 players, not 4" in capsys.readouterr().err
