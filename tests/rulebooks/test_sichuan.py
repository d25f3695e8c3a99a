"""四川麻将 血战到底 (rulebooks/sichuan.mjr, issue 23 §1): one test per scoring clause of the
rule list, named after it — the tiles, the claims, 定缺's "a hand holding its 缺 suit cannot
win", every fan with its 番, 根 counted, 自摸加番 / 加底 and the 封顶 cap.

A hand of n 番 is worth 2^n 倍 (the `fan` tier multiplies powers of two); the settlement,
play and draw clauses are tests/rulebooks/test_sichuan_settlement.py and test_play_sichuan.py.
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


NO_CAP = opts(cap="none")


@pytest.fixture(scope="module")
def sichuan() -> Ruleset:
    return ruleset("sichuan")


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


def fan_count(score: Score) -> int:
    """The hand's 番: the power of two its value is (加底 aside)."""
    assert score.total & (score.total - 1) == 0, score.total
    return score.total.bit_length() - 1


def scored(rules: Ruleset, hand: str, **kw: Any) -> Score:
    kw.setdefault("options", NO_CAP)
    score = rules.score(hand, **kw)
    assert score.win, score.reason
    return score


PLAIN = "123m456m789p234p55p"  # 平胡, two suits


# ---------------------------------------------------------------- tiles, claims, shapes


def test_108_tiles_of_three_suits_no_honours_no_flowers(sichuan: Ruleset) -> None:
    book = load("sichuan").compilation.rulebook
    assert book is not None and book.tiles.total == 108
    copies = sichuan.tile_copies(sichuan.resolve_options(None))
    assert sum(copies) == 108 and not any(copies[27:])
    with pytest.raises(ValueError):
        sichuan.score("123m456m789p234p11z", self_drawn=True)


def test_four_players_thirteen_tiles(sichuan: Ruleset) -> None:
    assert sichuan.players == (4,)
    rules = sichuan.turn_rules(sichuan.resolve_options(None))
    assert (rules.deal_dealer, rules.deal_others) == (14, 13)


def test_no_chow_pong_and_kong(sichuan: Ruleset) -> None:
    claims = sichuan.claims(sichuan.resolve_options(None))
    assert "chow" not in claims and "pong" in claims
    assert {"kong concealed", "kong exposed", "kong added", "rob added"} <= claims


# ---------------------------------------------------------------- 定缺


def test_dingque_a_hand_holding_its_missing_suit_cannot_win(sichuan: Ruleset) -> None:
    refused = sichuan.score(PLAIN, self_drawn=True, declared={"missing_suit": "p"})
    assert not refused.win and "定缺" in (refused.reason or "")
    assert sichuan.score(PLAIN, self_drawn=True, declared={"missing_suit": "s"}).win


# ---------------------------------------------------------------- 番


def test_pinghu_is_0_fan_one_base(sichuan: Ruleset) -> None:
    score = scored(sichuan, PLAIN)
    assert fans(score) == {"平胡": 1} and score.total == 1


def test_duiduihu_all_pungs_is_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "111m555m999p222p33p")
    assert fans(score) == {"对对胡": 2} and fan_count(score) == 1


def test_qingyise_one_suit_is_2_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "123m456m789m234m55m")
    assert fans(score) == {"清一色": 4} and fan_count(score) == 2


def test_qidui_seven_pairs_is_2_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "11m22m33m44p55p66p77p")
    assert fans(score) == {"七对": 4} and fan_count(score) == 2


def test_daiyaojiu_every_set_and_the_pair_hold_1_or_9_is_2_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "123m789m111p789p99p")
    assert fans(score) == {"带幺九": 4} and fan_count(score) == 2
    assert "带幺九" not in fans(scored(sichuan, "123m456m111p789p99p"))


def test_daiyaojiu_and_jiangdui_need_the_option_yaojiu_jiangdui(sichuan: Ruleset) -> None:
    off = opts(cap="none", yaojiu_jiangdui="off")
    assert fans(scored(sichuan, "123m789m111p789p99p", options=off)) == {"平胡": 1}
    assert fans(scored(sichuan, "222m555m888p222p55p", options=off)) == {"对对胡": 2}


def test_jingoudiao_one_tile_left_after_four_declared_melds_is_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "[111m][555m][999p][222p]33p", win="3p")
    # no chow is claimed, so a 金钩钓 is an 对对胡 too: 1 + 1 番
    assert fans(score) == {"对对胡": 2, "金钩钓": 2} and fan_count(score) == 2
    assert "金钩钓" not in fans(scored(sichuan, "[111m][555m][999p]222p33p", win="3p"))


def test_jiangdui_all_pungs_of_2_5_8_is_3_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "222m555m888p222p55p")
    assert fans(score) == {"将对": 8} and fan_count(score) == 3
    assert "将对" not in fans(scored(sichuan, "222m555m888p333p55p"))


def test_qingdui_one_suit_all_pungs_is_3_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "111m333m555m777m99m")
    assert fans(score) == {"清对": 8} and fan_count(score) == 3


def test_longqidui_seven_pairs_holding_four_alike_is_3_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "11m11m33m44p55p66p77p")
    assert fans(score) == {"龙七对": 8} and fan_count(score) == 3


def test_qingqidui_one_suit_seven_pairs_is_4_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "11m22m33m44m55m66m77m")
    assert fans(score) == {"清七对": 16} and fan_count(score) == 4


def test_qinglongqidui_one_suit_seven_pairs_with_four_alike_is_5_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "11m11m33m44m55m66m77m")
    assert fans(score) == {"清龙七对": 32} and fan_count(score) == 5


def test_tianhu_and_dihu_are_5_fan_under_the_option(sichuan: Ruleset) -> None:
    on = opts(cap="none", heaven_earth="on")
    heavenly = scored(
        sichuan, PLAIN, self_drawn=True, dealer=True, situations=["heavenly"], options=on
    )
    assert fans(heavenly) == {"天胡": 32, "自摸加底": 1} and heavenly.total == 33
    earthly = scored(sichuan, PLAIN, self_drawn=True, situations=["earthly"], options=on)
    assert "地胡" in fans(earthly)
    off = scored(sichuan, PLAIN, self_drawn=True, dealer=True, situations=["heavenly"])
    assert "天胡" not in fans(off)


# ---------------------------------------------------------------- 根


def test_gen_each_four_alike_held_adds_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "111m123m789p234p55p", win="1m")
    assert fans(score) == {"根": 2} and fan_count(score) == 1


def test_gen_a_declared_kong_is_a_gen_and_each_counts(sichuan: Ruleset) -> None:
    score = scored(sichuan, "[1111m][9999p]456m234p55p")
    assert fans(score) == {"根": 4} and fan_count(score) == 2


def test_gen_longqidui_counts_only_its_further_four_alikes(sichuan: Ruleset) -> None:
    score = scored(sichuan, "11m11m33m33m55p66p77p")
    assert fans(score) == {"龙七对": 8, "根": 2} and fan_count(score) == 4


# ---------------------------------------------------------------- the situations


def test_gangshangkaihua_kong_bloom_adds_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, "[1111m]456m789p234p55p", self_drawn=True, situations=["kong_bloom"])
    # the kong is a 根, the bloom +1 番, the self-draw 加底 by default
    assert fans(score) == {"根": 2, "杠上开花": 2, "自摸加底": 1} and score.total == 5


def test_gangshangpao_a_win_on_the_discard_after_a_kong_adds_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, PLAIN, win="5p", situations=["kong_discard"])
    assert fans(score) == {"杠上炮": 2}


def test_qiangganghu_robbing_a_kong_adds_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, PLAIN, win="1m", situations=["robbing_kong"])
    assert fans(score) == {"抢杠胡": 2}


def test_haidilaoyue_the_last_tile_self_drawn_adds_1_fan(sichuan: Ruleset) -> None:
    score = scored(sichuan, PLAIN, self_drawn=True, situations=["last_tile"])
    assert fans(score) == {"海底捞月": 2, "自摸加底": 1}
    assert "海底捞月" not in fans(scored(sichuan, PLAIN, situations=["last_tile"]))


# ---------------------------------------------------------------- 自摸加番 / 加底


def test_zimo_jiadi_by_default_adds_one_base(sichuan: Ruleset) -> None:
    score = scored(sichuan, "111m555m999p222p33p", self_drawn=True)
    assert fans(score) == {"对对胡": 2, "自摸加底": 1} and score.total == 3


def test_zimo_jiafan_as_an_option_adds_1_fan(sichuan: Ruleset) -> None:
    fan = opts(cap="none", self_draw="fan")
    score = scored(sichuan, "111m555m999p222p33p", self_drawn=True, options=fan)
    assert fans(score) == {"对对胡": 2, "自摸加番": 2} and fan_count(score) == 2
    assert opts(self_draw="base")  # the default, above


# ---------------------------------------------------------------- 门清中张


def test_menqing_zhongzhang_option_each_adds_1_fan(sichuan: Ruleset) -> None:
    on = opts(cap="none", menqing_zhongzhang="on")
    score = scored(sichuan, "234m456m678p234p55p", options=on)
    assert fans(score) == {"门清": 2, "中张": 2} and fan_count(score) == 2
    exposed = scored(sichuan, "234m456m678p55p [234p]", options=on)
    assert fans(exposed) == {"中张": 2}
    assert fans(scored(sichuan, "234m456m678p234p55p")) == {"平胡": 1}


# ---------------------------------------------------------------- 封顶


@pytest.mark.parametrize(("cap", "most"), [("3", 8), ("4", 16), ("5", 32), ("none", 32)])
def test_fengding_caps_the_fan_at_3_4_or_5(sichuan: Ruleset, cap: str, most: int) -> None:
    capped = opts(cap=cap)
    # 清龙七对 is 5 番 (32 倍)
    assert scored(sichuan, "11m11m33m44m55m66m77m", options=capped).total == most


def test_fengding_3_fan_is_the_default_and_jiadi_comes_on_top(sichuan: Ruleset) -> None:
    score = sichuan.score("11m11m33m44m55m66m77m", self_drawn=True)
    assert score.win and score.total == 8 + 1


def test_fengding_none_leaves_a_6_fan_hand_whole(sichuan: Ruleset) -> None:
    # 清龙七对 (5) with a second four alike (根 +1) is 6 番: 64 倍
    score = scored(sichuan, "11m11m33m33m55m66m77m")
    assert fans(score) == {"清龙七对": 32, "根": 2} and score.total == 64


def test_every_option_is_exercised(sichuan: Ruleset) -> None:
    # these change the payments (test_sichuan_settlement.py) or play (test_play_sichuan.py)
    settled_elsewhere = {"mode", "kong_bloom_pays", "base", "call_transfer", "swap_three"}
    assert {o.id for o in sichuan.options} == options_set_in(__file__) | settled_elsewhere
