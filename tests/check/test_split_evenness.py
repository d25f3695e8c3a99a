"""A draw line's `split N` (聴牌料, `compiler/check/payments.py`, W0536): a warning where some
count of ready seats cannot share N evenly, as the settlement counts payers and payees; none
for Riichi's 3000 at four or three players, nor for a line whose `when` makes the payers
unknown."""

from __future__ import annotations

import pytest

from mjc.compiler.driver import compile_source

HEAD = """rulebook mini { title "迷你" }
players <players>
tiles { characters copies 4 dots copies 4 bamboo copies 4 total 108 }
shapes { standard }
claims { pong }
payments {
  win discarder pays
  draw_payment <line>
}
scoring { unit "番" tier fan "番" add }
fan chicken "鸡胡" { value 1 }
"""


def codes(players: str, line: str) -> list[str]:
    text = HEAD.replace("<players>", players).replace("<line>", line)
    return [d.code for d in compile_source(text, "split.mjr").diagnostics]


@pytest.mark.parametrize(
    ("players", "line"),
    [
        ("4", "unready pays ready split 3000"),
        ("3", "unready pays ready split 3000"),
        ("3", "unready pays ready split 2000"),
        ("4, 3, 2", "unready pays ready split 6000"),
        ("4", "unready pays ready split 1000 when suits(tiles) <= 2"),
    ],
)
def test_a_split_every_count_of_ready_seats_shares_evenly_is_not_warned(
    players: str, line: str
) -> None:
    assert codes(players, line) == []


@pytest.mark.parametrize(
    ("players", "line"),
    [
        ("4", "unready pays ready split 1000"),  # 3 payers, 1 ready
        ("4", "unready pays ready split 2000"),  # 1 payer, 3 ready: 666
        ("4", "each pays ready split 1000"),  # 4 payers, 3 ready: 83
        ("3, 4", "ready pays unready split 1000"),  # at 4: 1 payer, 3 unready: 333
    ],
)
def test_a_split_some_count_of_ready_seats_cannot_share_is_warned(players: str, line: str) -> None:
    assert codes(players, line) == ["W0536"]
