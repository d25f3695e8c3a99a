"""百色麻将 (seed 001) settlement: 杠上花全包, 封顶, 一炮多响 and the conventions for ordinary
wins and kongs (research §10–§12)."""

from __future__ import annotations

from settlement_helpers import paid, settle

PLAIN = "123m456p789s345s22z"
PURE = "123m456m789m345m22m"
BLOOM = {"seat": 1, "hand": PLAIN, "self_drawn": True, "situations": ["kong_bloom"]}


def test_gang_shang_hua_quan_bao_the_feeder_pays_for_the_other_losers() -> None:
    result = settle("baise", options={"kong_bloom_pays_all": "on"}, winners=[BLOOM], kong_fed_by=3)
    assert list(paid(result)) == [(3, 1)]


def test_gang_shang_hua_quan_bao_kong_points_are_not_included() -> None:
    result = settle(
        "baise",
        options={"kong_bloom_pays_all": "on"},
        winners=[BLOOM],
        kong_fed_by=3,
        kongs=[{"seat": 1, "kind": "added"}],
    )
    kong = [line for line in result.lines if line.reason.startswith("kong")]
    assert sorted(line.payer for line in kong) == [0, 2, 3]


def test_feng_ding_16_each_seat_wins_at_most_16_from_hands_in_a_round() -> None:
    result = settle(
        "baise", options={"cap": "16"}, winners=[{"seat": 1, "hand": PURE, "self_drawn": True}]
    )
    assert result.deltas[1] == 16 and sum(result.deltas) == 0


def test_feng_ding_none_by_default() -> None:
    result = settle("baise", winners=[{"seat": 1, "hand": PURE, "self_drawn": True}])
    assert result.deltas[1] == 24


def test_convention_discard_win_the_discarder_pays() -> None:
    result = settle("baise", winners=[{"seat": 1, "hand": PLAIN}], discarder=0)
    assert list(paid(result)) == [(0, 1)]


def test_convention_kongs_settle_only_when_someone_wins() -> None:
    assert (
        settle("baise", exhaustive_draw=True, kongs=[{"seat": 0, "kind": "concealed"}]).lines == []
    )
