"""上海麻将 (seed 003) settlement: 點炮者輸分, 搶杠 (the konger pays 3 shares), 一炮多響."""

from __future__ import annotations

from settlement_helpers import paid, settle

PLAIN = "123m456p789s345s22z"
CLAIMED = "123m22z [555p] [777s] [999m]"  # three exposed pongs: the claims of a relation


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


def _claims(seat: int, from_seat: int, times: int = 3) -> list[dict[str, object]]:
    return [{"seat": seat, "from_seat": from_seat, "kind": "pong"}] * times


def _share(result: object, seat: int) -> int:
    return result.scores[seat].total  # type: ignore[attr-defined, no-any-return]


def test_cheng_bao_three_claims_form_a_relation_two_do_not() -> None:
    two = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                 claims=_claims(1, 2, 2) + _claims(1, 0, 1))  # fmt: skip
    assert paid(two) == {(2, 1): _share(two, 1)}
    three = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                   claims=_claims(1, 2))  # fmt: skip
    assert paid(three) == {(2, 1): 2 * _share(three, 1)}


def test_cheng_bao_dian_pao_the_partner_discarding_pays_two_shares() -> None:
    # 包含反承包在內: the discarder claimed three times from the winner
    result = settle("shanghai", winners=[{"seat": 1, "hand": PLAIN}], discarder=2,
                    claims=_claims(2, 1))  # fmt: skip
    assert paid(result) == {(2, 1): 2 * _share(result, 1)}


def test_cheng_bao_zi_mo_the_partner_pays_five_shares_the_others_nothing() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}],
                    claims=_claims(1, 3))  # fmt: skip
    assert paid(result) == {(3, 1): 5 * _share(result, 1)}


def test_cheng_bao_qiang_gang_the_konger_and_the_partner_pay_three_shares_each() -> None:
    result = settle(
        "shanghai",
        winners=[{"seat": 1, "hand": CLAIMED, "situations": ["robbing_kong"]}],
        robbed_from=2,
        claims=_claims(1, 0),
    )
    share = _share(result, 1)
    assert paid(result) == {(2, 1): 3 * share, (0, 1): 3 * share}


def test_cheng_bao_chong_fu_ji_suan_a_mutual_relation_counts_twice() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}],
                    claims=_claims(1, 3) + _claims(3, 1))  # fmt: skip
    assert paid(result) == {(3, 1): 10 * _share(result, 1)}


def test_cheng_bao_unrelated_discarder_not_ready_pays_two_shares() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                    claims=_claims(1, 3))  # fmt: skip
    assert paid(result) == {(2, 1): 2 * _share(result, 1)}


def test_cheng_bao_unrelated_discarder_ready_he_and_the_partner_pay_one_share_each() -> None:
    result = settle("shanghai", winners=[{"seat": 1, "hand": CLAIMED}], discarder=2,
                    claims=_claims(1, 3), ready=[2])  # fmt: skip
    share = _share(result, 1)
    assert paid(result) == {(2, 1): share, (3, 1): share}


def test_cheng_bao_yi_pao_liang_xiang_ready_discarder_pays_each_one_share() -> None:
    winners = [{"seat": 1, "hand": CLAIMED}, {"seat": 3, "hand": PLAIN}]
    ready = settle("shanghai", winners=winners, discarder=2, claims=_claims(1, 3), ready=[2])
    assert paid(ready) == {(2, 1): _share(ready, 1), (2, 3): _share(ready, 3)}
    not_ready = settle("shanghai", winners=winners, discarder=2, claims=_claims(1, 3))
    assert paid(not_ready) == {(2, 1): 2 * _share(not_ready, 1), (2, 3): 2 * _share(not_ready, 3)}


PURE = "123m456m789m345m22m"  # 清一色 (門清): above any small 勒子


def test_le_zi_shu_fen_de_feng_ding_zhi_a_discarder_loses_at_most_the_hands_le_zi() -> None:
    small = settle("shanghai", options={"lezi": 3}, winners=[{"seat": 1, "hand": PURE}],
                   discarder=2)  # fmt: skip
    large = settle("shanghai", options={"lezi": 30}, winners=[{"seat": 1, "hand": PURE}],
                   discarder=2)  # fmt: skip
    assert small.scores[1].capped
    assert paid(small) == {(2, 1): 2 * 3}  # 清一色 and 門清 may reach 2 勒子
    assert paid(large)[(2, 1)] > paid(small)[(2, 1)]


def test_le_zi_each_payer_of_a_self_draw_loses_at_most_the_hands_le_zi() -> None:
    result = settle("shanghai", options={"lezi": 3},
                    winners=[{"seat": 1, "hand": PURE, "self_drawn": True}])  # fmt: skip
    assert all(amount <= 2 * 3 for amount in paid(result).values())


def test_cheng_bao_convention_each_share_is_capped_by_le_zi_not_the_five_shares() -> None:
    winner = {"seat": 1, "hand": "123m22m [555m] [777m] [999m]", "self_drawn": True}
    result = settle("shanghai", options={"lezi": 3}, winners=[winner], claims=_claims(1, 3))
    assert paid(result) == {(3, 1): 5 * result.scores[1].total}
