"""潮州麻将 (seed 000) settlement: the options 吃杠爆杠全包 and 流局算杠, and the conventions for
the payments the seed's missing 计分规定 leaves out (research §11, §12)."""

from __future__ import annotations

from settlement_helpers import paid, settle

PLAIN = "123m456p789s345s22z"
BLOOM = {"seat": 1, "hand": PLAIN, "self_drawn": True, "situations": ["kong_bloom"]}


def test_chi_gang_bao_gang_quan_bao_the_feeder_pays_all_three_shares() -> None:
    result = settle(
        "chaozhou",
        options={"kong_bloom_pays_all": "on"},
        winners=[BLOOM],
        kong_fed_by=2,
        kongs=[{"seat": 1, "kind": "exposed", "fed_by": 2}],
    )
    hand = {k: v for k, v in paid(result).items() if k[1] == 1}
    assert list(hand) == [(2, 1)]


def test_chi_gang_bao_gang_quan_bao_off_the_three_pay_as_a_self_draw() -> None:
    result = settle("chaozhou", winners=[BLOOM], kong_fed_by=2)
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_liu_ju_suan_gang_off_no_kong_score_on_a_draw() -> None:
    result = settle("chaozhou", exhaustive_draw=True, kongs=[{"seat": 0, "kind": "concealed"}])
    assert result.lines == []


def test_liu_ju_suan_gang_on_kong_scores_count_on_a_draw() -> None:
    result = settle(
        "chaozhou",
        options={"draw_kong_score": "on"},
        exhaustive_draw=True,
        kongs=[{"seat": 0, "kind": "concealed"}, {"seat": 1, "kind": "exposed", "fed_by": 3}],
    )
    assert result.deltas == [6, 1, -2, -5]


def test_convention_self_draw_every_other_player_pays_the_hand_score() -> None:
    result = settle("chaozhou", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert result.deltas == [-2, 6, -2, -2]


def test_convention_discard_win_the_discarder_alone_pays() -> None:
    result = settle("chaozhou", winners=[{"seat": 1, "hand": PLAIN}], discarder=3)
    assert list(paid(result)) == [(3, 1)]


def test_yi_pao_duo_each_winner_is_paid_by_the_discarder() -> None:
    result = settle("chaozhou", winners=[{"seat": s, "hand": PLAIN} for s in (1, 2)], discarder=0)
    assert set(paid(result)) == {(0, 1), (0, 2)}
