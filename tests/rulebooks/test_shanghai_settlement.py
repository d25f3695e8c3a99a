"""上海麻将 (seed 003) settlement: 點炮者輸分, 搶杠 (the konger pays 3 shares), 一炮多響."""

from __future__ import annotations

from settlement_helpers import paid, settle

PLAIN = "123m456p789s345s22z"


def test_dian_pao_zhe_shu_fen_he_qi_ta_ren_wu_guan() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN}], discarder=2)
    assert list(paid(result)) == [(2, 1)]


def test_qiang_gang_the_konger_pays_three_shares() -> None:
    robbed = settle(
        "shanghai",
        winners=[{"seat": 1, "hand": PLAIN, "situations": ["robbing_kong"]}],
        robbed_from=3,
    )
    drawn = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert paid(robbed) == {(3, 1): drawn.deltas[1]}


def test_convention_self_draw_each_of_the_three_pays_one_share() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_yi_pao_duo_xiang_each_winner_is_paid_by_the_discarder() -> None:
    result = settle("shanghai", winners=[{"seat": s, "hand": PLAIN} for s in (1, 3)], discarder=2)
    assert set(paid(result)) == {(2, 1), (2, 3)}
