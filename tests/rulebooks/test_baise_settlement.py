"""百色麻将 (seed 001) settlement: 杠上花全包, 封顶, 一炮多响 and the conventions for ordinary
wins and kongs (research §10–§12)."""

from __future__ import annotations

import pytest
from settlement_helpers import paid, settle

from runtime import RoundError
from runtime.settle import Settlement

PLAIN = "123m456p789s345s22z"
PURE = "123m456m789m345m22m"
CLAIMED = "123m22z [555p] [777s] [999m]"  # three exposed pongs: the claims of a relation
PURE_CLAIMED = "123m22m [555m] [777m] [999m]"
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


# ---------------------------------------------------------------- 抓马 (§13)

SELF = {"seat": 1, "hand": PLAIN, "self_drawn": True}  # worth 2: 2 from each loser
GRAB = {"horses": "any_win", "horse_count": "4"}


def _horse_lines(result: Settlement) -> list[tuple[int, int, int]]:
    return [(x.payer, x.payee, x.amount) for x in result.lines if x.reason.startswith("horse")]


def test_zhua_ma_hits_on_the_winner_s_row_add_horse_points() -> None:
    # at dealer 0, seat 1 is 庄家下家: 2、6、南、发
    result = settle("baise", options=GRAB, winners=[SELF], horse_tiles=["2m", "6z", "1m", "3p"])
    assert _horse_lines(result) == [(0, 1, 4), (2, 1, 4), (3, 1, 4)]
    assert result.lines[-1].rule.startswith("rulebooks/baise.mjr")


def test_zhua_ma_a_discard_win_the_discarder_pays_the_horse_points() -> None:
    result = settle(
        "baise", options=GRAB, winners=[{"seat": 1, "hand": PLAIN}], discarder=0,
        horse_tiles=["2s"],
    )  # fmt: skip
    assert _horse_lines(result) == [(0, 1, 2)]


def test_zhua_ma_yi_pao_duo_xiang_ye_bu_zhua_ma() -> None:
    result = settle(
        "baise",
        options=GRAB,
        winners=[{"seat": 1, "hand": PLAIN}, {"seat": 2, "hand": PLAIN}],
        discarder=0,
        horse_tiles=["2m", "3m"],
    )
    assert _horse_lines(result) == []


def test_zhua_ma_mei_you_sheng_yu_pai_shi_bu_zhua_ma() -> None:
    assert _horse_lines(settle("baise", options=GRAB, winners=[SELF])) == []


def test_zhua_ma_sheng_ji_zhang_suan_zhua_ji_ma() -> None:
    result = settle("baise", options=GRAB, winners=[SELF], horse_tiles=["2m"])
    assert _horse_lines(result) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]
    with pytest.raises(RoundError, match="horse_tiles: 5 tiles, at most 4 are taken"):
        settle("baise", options=GRAB, winners=[SELF], horse_tiles=["2m"] * 5)


def test_zi_mo_zhua_ma_only_a_self_draw_grabs_horses() -> None:
    options = {"horses": "zimo", "horse_count": "2"}
    discard = settle(
        "baise", options=options, winners=[{"seat": 1, "hand": PLAIN}], discarder=0,
        horse_tiles=["2m"],
    )  # fmt: skip
    assert _horse_lines(discard) == []
    drawn = settle("baise", options=options, winners=[SELF], horse_tiles=["2m"])
    assert _horse_lines(drawn) == [(0, 1, 2), (2, 1, 2), (3, 1, 2)]


def test_bu_zhua_ma_turned_up_tiles_are_refused() -> None:
    with pytest.raises(RoundError, match="horse_tiles: these options turn up no horses"):
        settle("baise", winners=[SELF], horse_tiles=["2m"])


def test_zhua_ma_no_horses_on_a_draw() -> None:
    result = settle("baise", options=GRAB, exhaustive_draw=True, horse_tiles=["2m"])
    assert result.lines == []


def _relation(seat: int, from_seat: int) -> list[dict[str, object]]:
    return [{"seat": seat, "from_seat": from_seat, "kind": "pong"}] * 3


def test_san_bao_hu_bao_guan_xi_no_relation_when_neither_option() -> None:
    result = settle("baise", options={"play": "neither"},
                    winners=[{"seat": 1, "hand": CLAIMED, "self_drawn": True}],
                    claims=_relation(1, 3))  # fmt: skip
    assert set(paid(result)) == {(0, 1), (2, 1), (3, 1)}


def test_san_bao_zi_mo_the_partner_pays_the_others_shares_doubled_the_others_nothing() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}],
                    claims=_relation(3, 1))  # fmt: skip
    share = result.scores[1].total
    assert paid(result) == {(3, 1): share + 2 * 2 * share}


def test_san_bao_pao_hu_the_partner_pays_what_the_discarder_pays() -> None:
    # under 三包四封 three pongs would seal the hand (四封): two chows and a pong from 上家 0
    claims = [{"seat": 1, "from_seat": 0, "kind": k} for k in ("chow", "chow", "pong")]
    result = settle("baise", options={"play": "mutual_seal"},
                    winners=[{"seat": 1, "hand": "789s22z [123m] [456p] [555s]"}], discarder=2,
                    claims=claims)  # fmt: skip
    share = result.scores[1].total
    assert paid(result) == {(2, 1): share, (0, 1): share}

def test_san_bao_liang_jia_tong_shi_hu_both_winning_is_settled_normally() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 1, "hand": CLAIMED}, {"seat": 3, "hand": PLAIN}], discarder=2,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(2, 1): result.scores[1].total, (2, 3): result.scores[3].total}


def test_san_bao_convention_the_partner_discarding_pays_twice() -> None:
    result = settle("baise", options={"play": "mutual"},
                    winners=[{"seat": 1, "hand": CLAIMED}], discarder=3,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(3, 1): 2 * result.scores[1].total}


def test_pao_hu_suan_1_fen_the_discarder_pays_1_whatever_the_hand() -> None:
    result = settle("baise", options={"pao1": "on"}, winners=[{"seat": 1, "hand": PURE}],
                    discarder=2)  # fmt: skip
    assert paid(result) == {(2, 1): 1}


def test_pao_hu_9_fen_qi_the_discarder_pays_9_whatever_the_hand() -> None:
    result = settle("baise", options={"pao9": "on"}, winners=[{"seat": 1, "hand": PLAIN}],
                    discarder=2)  # fmt: skip
    assert paid(result) == {(2, 1): 9}


def test_pao_hu_fixed_values_do_not_touch_a_self_draw() -> None:
    plain = settle("baise", winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])
    fixed = settle("baise", options={"pao9": "on"},
                   winners=[{"seat": 1, "hand": PLAIN, "self_drawn": True}])  # fmt: skip
    assert fixed.deltas == plain.deltas


def test_san_bao_pao_hu_suan_1_fen_the_partner_pays_the_fixed_value_too() -> None:
    result = settle("baise", options={"pao1": "on", "play": "mutual"},
                    winners=[{"seat": 1, "hand": PURE_CLAIMED}], discarder=2,
                    claims=_relation(1, 3))  # fmt: skip
    assert paid(result) == {(2, 1): 1, (3, 1): 1}
