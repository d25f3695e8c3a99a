"""日本麻将 settlement (rulebooks/riichi.mjr, issue 24 §1): a hand is paid on its points, the
base points of its han and fu (fu × 2^(han + 2)) or its limit (満貫 2,000 and above). One test per
payment rule, named after it: a ロン is paid by the discarder alone, 4 × the base (6 × to the
dealer) in one payment; a ツモ by each other seat, the base from each and twice from the
dealer (twice from each to a dealer); every payment rounded up to 100; 槍槓 paid by the robbed
player as a discarder. Every settlement is zero-sum (`settle` checks it)."""

from __future__ import annotations

import pytest
from settlement_helpers import paid, settle

from mjc.runtime.settle.round import RoundError

# 平和 断么九: 2 han, 30 fu closed on a discard, 20 fu self-drawn (with 門前清自摸和 3 han).
PINFU_TANYAO = {"hand": "234m567p234s678s55p", "win_tile": "8s"}


def test_ron_the_discarder_pays_four_times_the_base_rounded_up_to_100() -> None:
    # 30 fu × 2^(2 + 2) = 480; 4 × 480 = 1,920 → 2,000
    result = settle("riichi", winners=[{"seat": 1, **PINFU_TANYAO}], discarder=2)
    assert paid(result) == {(2, 1): 2000}


def test_ron_the_dealer_is_paid_six_times_the_base() -> None:
    # 6 × 480 = 2,880 → 2,900
    result = settle("riichi", winners=[{"seat": 0, **PINFU_TANYAO}], discarder=2)
    assert paid(result) == {(2, 0): 2900}


def test_tsumo_each_pays_the_base_and_the_dealer_twice_each_rounded_up() -> None:
    # 3 han 20 fu: 20 × 2^5 = 640; the dealer pays 1,280 → 1,300, the others 640 → 700
    result = settle("riichi", winners=[{"seat": 1, **PINFU_TANYAO, "self_drawn": True}])
    assert paid(result) == {(0, 1): 1300, (2, 1): 700, (3, 1): 700}


def test_the_dealers_tsumo_is_paid_twice_the_base_by_each() -> None:
    result = settle("riichi", winners=[{"seat": 0, **PINFU_TANYAO, "self_drawn": True}])
    assert paid(result) == {(1, 0): 1300, (2, 0): 1300, (3, 0): 1300}


def test_a_limit_hand_is_paid_on_its_limit_not_its_fu() -> None:
    # 清一色 6 + 一気通貫 2 = 8 han, 倍満: 4,000 base points, 16,000 on a discard
    hand = {"hand": "123456789m11122m", "win_tile": "1m"}
    result = settle("riichi", winners=[{"seat": 1, **hand}], discarder=3)
    assert paid(result) == {(3, 1): 16000}


def test_a_mangan_is_2000_base_points_8000_on_a_discard() -> None:
    # 混一色 3 + 一気通貫 2 = 5 han: 満貫
    hand = {"hand": "123456789m11z222z", "win_tile": "1m"}  # 南: no yakuhai for 東 and 東
    result = settle("riichi", winners=[{"seat": 2, **hand}], discarder=1)
    assert paid(result) == {(1, 2): 8000}


def test_chankan_the_robbed_player_pays_as_a_discarder() -> None:
    won = {"seat": 1, **PINFU_TANYAO, "situations": ["robbing_kong"]}
    robbed = settle("riichi", winners=[won], robbed_from=3, kongs=[])
    # 槍槓 1 more han: 3 han 30 fu = 960, 4 × 960 = 3,840 → 3,900
    assert paid(robbed) == {(3, 1): 3900}


def test_honba_a_discarder_pays_300_more_a_honba() -> None:
    result = settle("riichi", winners=[{"seat": 1, **PINFU_TANYAO}], discarder=2, honba=2)
    assert paid(result) == {(2, 1): 2000 + 600}


def test_honba_each_seat_pays_100_more_a_honba_on_a_self_draw() -> None:
    result = settle("riichi", winners=[{"seat": 1, **PINFU_TANYAO, "self_drawn": True}], honba=1)
    assert paid(result) == {(0, 1): 1300 + 100, (2, 1): 700 + 100, (3, 1): 700 + 100}


def test_honba_go_to_the_winner_nearest_after_the_discarder_of_a_double_ron() -> None:
    second = {"seat": 3, "hand": "234m567p234s678s88s", "win_tile": "8s"}
    result = settle("riichi", winners=[{"seat": 1, **PINFU_TANYAO}, second], discarder=2, honba=1)
    # seat 3 sits right after the discarder (seat 2): its hand and the 本場; seat 1 its hand
    assert paid(result) == {(2, 3): 2000 + 300, (2, 1): 2000}


def test_a_round_is_scored_with_the_dora_and_ura_indicators_it_turned_up() -> None:
    riichi_win = {"seat": 1, **PINFU_TANYAO, "situations": ["riichi"]}
    plain = settle("riichi", winners=[riichi_win], discarder=2)
    assert paid(plain) == {(2, 1): 3900}  # 立直 平和 断么九: 3 han 30 fu
    # 4p points to 5p (three held), 1m to 2m (one): 3 + 1 = 4 more han, 7 han: 跳満 12,000
    dora = settle(
        "riichi",
        winners=[riichi_win],
        discarder=2,
        dora_indicators=["4p"],
        ura_indicators=["1m"],
    )
    assert paid(dora) == {(2, 1): 12000}
    assert {f["id"] for f in dora.as_dict()["winners"][0]["fans"]} >= {"dora", "ura_dora"}


def test_a_round_whose_indicators_show_a_fifth_copy_is_refused() -> None:
    # the hand holds three 5p; two 5p indicators make five
    with pytest.raises(RoundError, match="dora_indicators"):
        settle(
            "riichi",
            winners=[{"seat": 1, **PINFU_TANYAO}],
            discarder=2,
            dora_indicators=["5p", "5p"],
        )
