"""Settling a Chinese Official round: mcr has no payments section, so a win is paid by the
default rules (the discarder pays a discard win, everyone a self-draw), zero-sum."""

from __future__ import annotations

from settlement_helpers import paid, settle

# 清龙 16 + 门前清 2 + 平和 2 + 单钓将 1 = 21 番.
STRAIGHT = "123456789m123p55s"


def test_a_discard_win_is_paid_by_the_discarder() -> None:
    result = settle("mcr", winners=[{"seat": 1, "hand": STRAIGHT, "win_tile": "5s"}], discarder=0)
    assert set(paid(result)) == {(0, 1)}


def test_a_self_drawn_win_is_paid_by_every_other_player() -> None:
    winner = {"seat": 1, "hand": STRAIGHT, "win_tile": "5s", "self_drawn": True}
    result = settle("mcr", winners=[winner])
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}
