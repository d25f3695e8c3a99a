"""`mjc score` under a rulebook with a points section (Riichi, 三麻) prints what the win is
paid (`paid:`, JSON `"paid"`), as the rulebook's own settlement pays a round of this one win:
its points are base points, which are not what changes hands (compiler/cli/score.py,
`win_payments`)."""

from __future__ import annotations

import io
import json

import pytest

from mjc.compiler.cli.commands import main

# 立直 平和 断么九, ドラ 3 (4p shows 5p), 赤ドラ, 裏ドラ (1m shows 2m): 8 翻 30 符, 倍満 (4000)
BAIMAN = ["234m0p67p234s678s55p", "--win", "8s", "--situation", "riichi", "--dora", "4p"]
BAIMAN += ["--ura", "1m"]


def score(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["score", *args]) == 0
    return capsys.readouterr().out


def paid_line(out: str) -> str | None:
    return next((line for line in out.splitlines() if line.startswith("paid:")), None)


def test_a_ron_is_paid_by_the_discarder_four_times_the_base(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = score(capsys, "riichi", *BAIMAN, "--seat-wind", "S")
    assert "points: 4000 点 (倍満)" in out
    assert paid_line(out) == "paid: 16000 点 (the discarder 16000)"


def test_the_dealers_ron_is_paid_six_times_the_base(capsys: pytest.CaptureFixture[str]) -> None:
    out = score(capsys, "riichi", *BAIMAN, "--dealer")
    assert paid_line(out) == "paid: 24000 点 (the discarder 24000)"


def test_a_tsumo_is_paid_twice_the_base_by_the_dealer_and_the_base_by_each_other(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = score(capsys, "riichi", *BAIMAN, "--seat-wind", "W", "--self-drawn")
    assert paid_line(out) == "paid: 16000 点 (the dealer 8000, seat S 4000, seat N 4000)"


def test_the_dealers_tsumo_is_paid_twice_the_base_by_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = score(capsys, "riichi", *BAIMAN, "--dealer", "--self-drawn")
    assert paid_line(out) == "paid: 24000 点 (seat S 8000, seat W 8000, seat N 8000)"


def test_a_winner_who_is_not_the_dealer_but_gave_no_seat_wind_is_paid_as_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The seat wind defaults to East, the dealer's; without --dealer the win is a
    non-dealer's, settled at the seat after the dealer's (the score is the same there)."""
    out = score(capsys, "riichi", "234m567p11s345s78m", "--win", "9m", "--self-drawn")
    assert "points: 320 点" in out  # 門前清自摸和 平和: 2 翻 20 符
    assert paid_line(out) == "paid: 1500 点 (the dealer 700, seat W 400, seat N 400)"


def test_chankan_is_paid_by_the_robbed_player(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["234m0p67p234s678s55p", "--win", "8s", "--situation", "robbing_kong"]
    out = score(capsys, "riichi", *args, "--seat-wind", "S")
    assert paid_line(out) == "paid: 7700 点 (the robbed player 7700)"


def test_sanma_tsumo_son_the_missing_seat_pays_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """三麻 (ツモ損): three players; a non-dealer's self-draw of 1280 base points is paid 2600
    by the dealer and 1300 by the other, no one paying for the empty North seat."""
    args = ["234p067p111s678s9m", "--win", "9m", "--situation", "riichi", "--self-drawn"]
    out = score(capsys, "sanma", *args, "--seat-wind", "S")
    assert "points: 1280 点" in out
    assert paid_line(out) == "paid: 3900 点 (the dealer 2600, seat W 1300)"


def test_json_gives_the_payments_too(capsys: pytest.CaptureFixture[str]) -> None:
    out = score(capsys, "riichi", *BAIMAN, "--seat-wind", "W", "--self-drawn", "--json")
    assert json.loads(out)["paid"] == [
        {"by": "the dealer", "amount": 8000},
        {"by": "seat S", "amount": 4000},
        {"by": "seat N", "amount": 4000},
    ]


def test_no_payments_where_the_dealer_does_not_sit_east(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = score(capsys, "riichi", *BAIMAN, "--seat-wind", "S", "--dealer")
    assert "points: 4000 点 (倍満)" in out and paid_line(out) is None
    assert "paid" not in json.loads(
        score(capsys, "riichi", *BAIMAN, "--seat-wind", "S", "--dealer", "--json")
    )


def test_no_payments_where_the_seat_they_would_be_settled_at_scores_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """East's pung is a 自風 役牌 for an East seat that is not the dealer; settled at the seat
    after the dealer's it would not be, so no payments are printed rather than others'."""
    out = score(capsys, "riichi", "111z234m567p789s5p", "--win", "5p")
    assert "自風" in out or "Seat Wind" in out
    assert paid_line(out) is None


def test_no_payments_under_a_rulebook_whose_total_is_what_is_paid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = score(capsys, "guangdong", "222m345m666m789m55m")
    assert paid_line(out) is None
    assert "paid" not in json.loads(score(capsys, "guangdong", "222m345m666m789m55m", "--json"))


def test_honba_and_deposits_are_paid_with_the_win(capsys: pytest.CaptureFixture[str]) -> None:
    """本場: 300 more from the discarder a counter (100 from each on a self-draw); 供託: the
    table's deposits to the winner."""
    out = score(capsys, "riichi", *BAIMAN, "--seat-wind", "S", "--honba", "2", "--deposits", "2000")
    assert paid_line(out) == "paid: 18600 点 (the discarder 16600, the table 2000)"
    args = ["234m0p67p234s678s55p", "--win", "8s", "--self-drawn", "--seat-wind", "S"]
    out = score(capsys, "riichi", *args, "--honba", "1", "--deposits", "1000")
    # 門前清自摸和 平和 断么九 赤ドラ: 4 翻 20 符, 1280 base: 2600 and 1300, 100 more each
    assert (
        paid_line(out)
        == "paid: 6500 点 (the dealer 2700, seat W 1400, seat N 1400, the table 1000)"
    )


def test_negative_honba_or_deposits_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "riichi", *BAIMAN, "--honba", "-1"]) != 0
    assert "cannot be negative" in capsys.readouterr().err


def test_a_batch_gives_no_payments(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settling every line's win would cost several times scoring it: a batch scores."""
    line = {"hand": "234m0p67p234s678s55p", "win": "8s", "seat_wind": "W"}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(line) + "\n"))
    assert main(["score", "riichi", "--batch", "-"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["points"] == 960 and "paid" not in record
