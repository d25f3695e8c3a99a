"""台灣十六張麻將 settlement (rulebooks/taiwan.mjr, issue 23 §2): one test per payment clause,
named after it — a hand is paid 底 + 台 × the worth of a 台 (the value counts 台, the 底 among
them), a self-draw by each of the three, a discard by the discarder alone, 莊家 one 台 more
and 連n拉n (a dealer with streak n adds 2n + 1 台, won or paid); every settlement is zero-sum.
"""

from __future__ import annotations

from settlement_helpers import paid, settle

# A 17-tile win: five chows and a pair, two suits, no honour; on 1s a single wait (獨聽).
PLAIN = "123m456m789m123p456p11s"


def test_a_hand_is_paid_di_plus_tai_times_the_worth_of_a_tai() -> None:
    # 門清 1 + 獨聽 1 + 底 5 = 7 台, each worth 20 by default: the discarder pays 140
    result = settle("taiwan", winners=[{"seat": 1, "hand": PLAIN, "win_tile": "1s"}], discarder=2)
    assert paid(result) == {(2, 1): 140}
    dearer = settle(
        "taiwan",
        winners=[{"seat": 1, "hand": PLAIN, "win_tile": "1s"}],
        discarder=2,
        options={"per_tai": 50},
    )
    assert paid(dearer) == {(2, 1): 350}


def test_zimo_each_of_the_three_pays() -> None:
    result = settle("taiwan", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    # 門清自摸 3 + 獨聽 1 + 底 5 = 9 台 from each; the dealer (seat 0) pays one 台 more
    assert paid(result) == {(0, 1): 200, (2, 1): 180, (3, 1): 180}


def test_zhuangjia_the_dealer_wins_one_tai_more_from_each() -> None:
    result = settle("taiwan", winners=[{"seat": 0, "hand": PLAIN, "self_drawn": True}])
    assert paid(result) == {(1, 0): 200, (2, 0): 200, (3, 0): 200}


def test_lian_n_la_n_a_dealer_with_streak_n_adds_2n_plus_1_tai() -> None:
    result = settle("taiwan", winners=[{"seat": 0, "hand": PLAIN, "self_drawn": True}], streak=2)
    # 9 台 + 2·2 + 1 = 14 台 from each seat
    assert paid(result) == {(1, 0): 280, (2, 0): 280, (3, 0): 280}
    la = settle(
        "taiwan", winners=[{"seat": 1, "hand": PLAIN, "win_tile": "1s"}], discarder=0, streak=2
    )
    # 拉莊: the dealer in his streak pays 5 台 more on a discard he feeds
    assert paid(la) == {(0, 1): 140 + 100}
