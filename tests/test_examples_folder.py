"""The round files in examples/ settle as the README says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_meizhou_robbed_kong_example_charges_the_robbed_seat_24(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["settle", "meizhou", str(EXAMPLES / "meizhou-robbed-kong.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    deltas = result["deltas"]
    assert deltas == [0, 24, -24, 0]


def test_sichuan_xuezhan_example_pays_three_win_events_and_a_later_kong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """血战到底: seat 1 self-draws, seat 2 wins on seat 3's discard, seat 0 self-draws last;
    the 暗杠 seat 3 makes after the first win is not paid by seat 1, who left."""
    assert main(["settle", "sichuan", str(EXAMPLES / "sichuan-xuezhan.json"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["deltas"] == [-1, 6, -3, -2]
    assert [[w["seat"] for w in event] for event in result["later_winners"]] == [[2], [0]]


def test_riichi_example_pays_the_ron_its_honba_and_the_table_to_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """立直 平和 断么九 ドラ3 裏ドラ1 (7 翻, 跳満 12,000) on seat 3's discard, one 本場 (300), and
    the deposits: 1,000 carried and two declarations' 2,000, all to the winner."""
    path = str(EXAMPLES / "riichi-ron-with-deposits.json")
    assert main(["settle", "riichi", path, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["deltas"] == [0, 14300, -1000, -12300]
    assert result["table"] == {"before": 1000, "after": 0}


def test_sanma_example_is_a_mangan_tsumo_paid_by_the_two_others_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """三麻: 立直 門前清自摸和 ドラ3 (the dora after the indicator 1m is 9m): 満貫 self-drawn by a
    non-dealer, 4,000 from the dealer and 2,000 from the other; no 北家 pays (ツモ損)."""
    path = str(EXAMPLES / "sanma-tsumo-son.json")
    assert main(["settle", "sanma", path, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["deltas"] == [-4000, 6000, -2000]
