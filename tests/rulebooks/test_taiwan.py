"""台灣十六張麻將 (rulebooks/taiwan.mjr, issue 23 §2): one test per clause of the rule list,
named after it — 144 tiles with 8 flowers, a hand of 16 (a win of five sets and a pair), 吃
from the left only, 截胡 (一炮多響 off by default), every 台 of the table with its exclusions,
嚦咕嚦咕, 八仙過海, and the payments: 底 + 台 × the worth of a 台, 莊家 1台 and 連n拉n.

A hand's value counts 台, the 底 among them (option `base_tai`, 5 by default: 底 100 with 台
20); the stake is the worth of a 台 (option `per_tai`, 20).
"""

from __future__ import annotations

from typing import Any

import pytest
from option_calls import options_set_in

from mjc.compiler.loader import load
from mjc.runtime import Ruleset, Score

from ..conftest import ruleset  # type: ignore[import-not-found]


def opts(**values: Any) -> dict[str, Any]:
    """Options a test sets, written as `opts(...)` so that `test_every_option_is_exercised`
    finds them in this file (`option_calls.options_set_in`)."""
    return values


NO_BASE = opts(base_tai=0)


@pytest.fixture(scope="module")
def taiwan() -> Ruleset:
    return ruleset("taiwan")


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


def tai(rules: Ruleset, hand: str, **kw: Any) -> dict[str, int]:
    """The 台 of a win, the 底 left out."""
    kw.setdefault("options", NO_BASE)
    score = rules.score(hand, **kw)
    assert score.win, score.reason
    return fans(score)


# A 17-tile win: five chows and a pair, two suits and no honour; on 1s it is a single wait.
PLAIN = "123m456m789m123p456p11s"


# ---------------------------------------------------------------- tiles, hand, claims


def test_144_tiles_with_eight_flowers(taiwan: Ruleset) -> None:
    book = load("taiwan").compilation.rulebook
    assert book is not None and book.tiles.total == 144
    copies = taiwan.tile_copies(taiwan.resolve_options(None))
    assert sum(copies) == 144 and sum(copies[34:]) == 8


def test_hand_size_16_a_win_is_five_sets_and_a_pair(taiwan: Ruleset) -> None:
    rules = taiwan.turn_rules(taiwan.resolve_options(None))
    assert rules.hand == 16 and (rules.deal_dealer, rules.deal_others) == (17, 16)
    assert taiwan.score(PLAIN, win="1s").win
    assert not taiwan.score("123m456m789m123p11s", win="1s").win  # 14 tiles: too few
    assert rules.flowers_replaced


def test_chi_from_the_left_only_peng_and_gang(taiwan: Ruleset) -> None:
    claims = taiwan.claims(taiwan.resolve_options(None))
    assert {"chow", "pong", "kong exposed", "kong concealed", "kong added", "rob added"} <= claims
    assert taiwan.turn_rules(taiwan.resolve_options(None)).chow_only_from_previous


def test_jiehu_one_winner_of_a_discard_by_default_yipao_duoxiang_as_an_option(
    taiwan: Ruleset,
) -> None:
    assert not taiwan.turn_rules(taiwan.resolve_options(None)).several_winners
    several = opts(several="on")
    assert taiwan.turn_rules(taiwan.resolve_options(several)).several_winners


# ---------------------------------------------------------------- 底 + 台


def test_di_the_base_is_counted_in_tai(taiwan: Ruleset) -> None:
    score = taiwan.score(PLAIN, win="1s")
    assert fans(score)["底"] == 5
    assert fans(taiwan.score(PLAIN, win="1s", options=opts(base_tai=10)))["底"] == 10


# ---------------------------------------------------------------- 門清, 自摸


def test_menqing_1_zimo_1_menqing_zimo_3(taiwan: Ruleset) -> None:
    assert tai(taiwan, PLAIN, win="1s") == {"門清": 1, "獨聽": 1}
    assert tai(taiwan, PLAIN, self_drawn=True) == {"門清自摸": 3, "獨聽": 1}
    open_hand = "123m456m789m11s [123p] [456p]"
    assert tai(taiwan, open_hand, self_drawn=True) == {"自摸": 1, "獨聽": 1}


# ---------------------------------------------------------------- 風, 箭, 花


def test_quanfeng_and_menfeng_each_pung_of_the_wind_is_1(taiwan: Ruleset) -> None:
    hand = "111z123m456m789p123p11s"
    assert tai(taiwan, hand, win="1s", round_wind="E", seat_wind="S") == {
        "圈風": 1, "門清": 1, "獨聽": 1,
    }  # fmt: skip
    both = tai(taiwan, hand, win="1s", round_wind="E", seat_wind="E")
    assert both["圈風"] == 1 and both["門風"] == 1


def test_sanyuanpai_each_dragon_pung_is_1(taiwan: Ruleset) -> None:
    assert tai(taiwan, "555z666z123m456m789p11s", win="1s")["三元牌"] == 2


def test_zhenghua_each_flower_of_the_seat_is_1(taiwan: Ruleset) -> None:
    # 東: 春 (1f) and 梅 (5f); 南's are 夏 (2f) and 蘭 (6f)
    assert tai(taiwan, PLAIN + " 1f5f2f", win="1s", seat_wind="E")["正花"] == 2
    assert tai(taiwan, PLAIN + " 1f5f2f", win="1s", seat_wind="S")["正花"] == 1


def test_huagang_four_flowers_of_a_set_is_2(taiwan: Ruleset) -> None:
    assert tai(taiwan, PLAIN + " 1f2f3f4f", win="1s")["花槓"] == 2
    assert "花槓" not in tai(taiwan, PLAIN + " 1f2f3f5f", win="1s")


# ---------------------------------------------------------------- how the hand was won


def test_qianggang_gangshang_kaihua_haidi_laoyue_hedi_laoyu_each_1(taiwan: Ruleset) -> None:
    assert tai(taiwan, PLAIN, win="4m", situations=["robbing_kong"])["搶槓"] == 1
    kong = "123m456m789p11s [123p] (9999s)"
    assert tai(taiwan, kong, self_drawn=True, situations=["kong_bloom"])["槓上開花"] == 1
    assert tai(taiwan, PLAIN, self_drawn=True, situations=["last_tile"])["海底撈月"] == 1
    assert tai(taiwan, PLAIN, win="1s", situations=["last_tile"])["河底撈魚"] == 1


def test_duting_a_single_wait_is_1(taiwan: Ruleset) -> None:
    assert "獨聽" in tai(taiwan, PLAIN, win="1s")
    assert "獨聽" not in tai(taiwan, "123m456m789m123p11s456p", win="6p")


def test_banqiuren_five_claimed_sets_self_drawn_is_1(taiwan: Ruleset) -> None:
    hand = "1s1s [123m] [456m] [789m] [123p] [456p]"
    assert tai(taiwan, hand, self_drawn=True) == {"半求人": 1, "自摸": 1, "獨聽": 1}


def test_quanqiuren_five_claimed_sets_won_on_a_discard_is_2(taiwan: Ruleset) -> None:
    hand = "1s1s [123m] [456m] [789m] [123p] [456p]"
    assert tai(taiwan, hand, win="1s") == {"全求人": 2}


# ---------------------------------------------------------------- the hand's pattern


def test_pinghu_five_chows_no_honour_no_flower_two_sided_not_self_drawn_is_2(
    taiwan: Ruleset,
) -> None:
    assert tai(taiwan, "123m456m789m123p456p11s", win="6p") == {"平胡": 2, "門清": 1}
    assert "平胡" not in tai(taiwan, "123m456m789m123p456p11s", self_drawn=True)
    assert "平胡" not in tai(taiwan, "123m456m789m123p456p11s 3f", win="6p")
    assert "平胡" not in tai(taiwan, "123m456m789m123p456p11z", win="6p")


def test_pengpenghu_five_pungs_is_4(taiwan: Ruleset) -> None:
    assert tai(taiwan, "111m555m999p222p11s [333s]", win="1s")["碰碰胡"] == 4


def test_anke_three_four_five_concealed_pungs_2_5_8(taiwan: Ruleset) -> None:
    assert tai(taiwan, "111m555m999p123p456s11s", win="1s")["三暗刻"] == 2
    assert tai(taiwan, "111m555m999p222p456s11s", win="1s")["四暗刻"] == 5
    five = tai(taiwan, "111m555m999p222p333s11s", self_drawn=True)
    assert five["五暗刻"] == 8 and "碰碰胡" not in five and "四暗刻" not in five
    # a pung completed on a discard is not concealed: two are left
    assert "三暗刻" not in tai(taiwan, "111m555m999p123p456s11s", win="1m")


def test_hunyise_4_qingyise_8_ziyise_16(taiwan: Ruleset) -> None:
    assert tai(taiwan, "123m456m789m111z222z11m", win="1m")["混一色"] == 4
    assert tai(taiwan, "123m456m789m123m456m11m", win="1m")["清一色"] == 8
    honours = tai(taiwan, "111z222z333z555z666z77z", win="7z")
    assert honours["字一色"] == 16 and "碰碰胡" not in honours


def test_xiaosanyuan_4_dasanyuan_8_replace_the_dragon_pungs(taiwan: Ruleset) -> None:
    little = tai(taiwan, "555z666z77z123m456m789p", win="9p")
    assert little["小三元"] == 4 and "三元牌" not in little
    big = tai(taiwan, "555z666z777z123m456m11p", win="1p")
    assert big["大三元"] == 8 and "三元牌" not in big


def test_xiaosixi_8_dasixi_16_replace_the_wind_pungs(taiwan: Ruleset) -> None:
    little = tai(taiwan, "111z222z333z44z123m456m", win="6m")
    assert little["小四喜"] == 8 and "圈風" not in little and "門風" not in little
    big = tai(taiwan, "111z222z333z444z123m11p", win="1p")
    assert big["大四喜"] == 16 and "碰碰胡" not in big


def test_liguliguo_seven_pairs_and_a_pung_is_8(taiwan: Ruleset) -> None:
    score = taiwan.score("11m22m33m44p55p66s77s888s", win="8s", options=NO_BASE)
    assert score.win and score.shape == "seven_pairs_and_pung"
    assert fans(score)["嚦咕嚦咕"] == 8


def test_baxian_guohai_the_eighth_flower_wins_8(taiwan: Ruleset) -> None:
    hand = "123m456m789m123p456p1s 1f2f3f4f5f6f7f8f"
    score = taiwan.score(hand, win="8f", self_drawn=True, options=NO_BASE)
    assert score.win and score.shape == "eight_flowers" and fans(score)["八仙過海"] == 8


def test_baxian_guohai_counts_no_flower_tai_besides(taiwan: Ruleset) -> None:
    hand = "123m456m789m123p456p1s 1f2f3f4f5f6f7f8f"
    won = tai(taiwan, hand, win="8f", self_drawn=True, seat_wind="E")
    assert won["八仙過海"] == 8 and not {"正花", "花槓"} & won.keys()


def test_qi_qiang_yi_robbing_the_eighth_flower_is_8(taiwan: Ruleset) -> None:
    hand = "123m456m789m123p456p1s 1f2f3f4f5f6f7f8f"
    assert tai(taiwan, hand, win="8f", situations=["flower_robbed"]) == {"七搶一": 8}


# ---------------------------------------------------------------- 天胡, 地胡, 人胡


def test_tianhu_24_dihu_16_renhu_16(taiwan: Ruleset) -> None:
    heavenly = tai(taiwan, PLAIN, self_drawn=True, dealer=True, situations=["heavenly"])
    assert heavenly["天胡"] == 24 and "門清自摸" not in heavenly
    assert tai(taiwan, PLAIN, self_drawn=True, situations=["earthly"])["地胡"] == 16
    assert tai(taiwan, PLAIN, win="1s", situations=["human"])["人胡"] == 16


def test_every_option_is_exercised(taiwan: Ruleset) -> None:
    settled_elsewhere = {"per_tai"}  # the worth of a 台: test_taiwan_settlement.py
    assert {o.id for o in taiwan.options} == options_set_in(__file__) | settled_elsewhere
