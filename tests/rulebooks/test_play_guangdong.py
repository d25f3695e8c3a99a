"""广东鸡平胡 (seed 004), 二、游戏道具 / 三、术语 / 四、游戏过程 / 五、行牌规则 / 六、胡牌: one test
per turn-flow statement, named after its clause (quotes de-garbled as the rulebook's), each
asserting what `RULESET.turn_rules()` gives (the rulebook's one option changes no play).
"""

from __future__ import annotations

import pytest

from mjc.runtime.rules.turnrules import TurnRules

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def rules() -> TurnRules:
    return ruleset("guangdong").turn_rules()


def test_guangdong_游戏道具_骰子2个(rules: TurnRules) -> None:
    """二、游戏道具: 骰子 2 个"""
    assert rules.dice == 2


def test_guangdong_convention_break_and_deal(rules: TurnRules) -> None:
    """Convention: the seed says nothing of the break or the deal: the dice sum, 14 and 13."""
    assert rules.break_start == "sum"
    assert (rules.deal_dealer, rules.deal_others) == (14, 13)


def test_guangdong_荒庄_每局抓完136张牌(rules: TurnRules) -> None:
    """F、荒庄：每局抓完 136 张牌，打出后无人胡牌 — every tile is drawn: none kept back"""
    assert rules.reserved == 0


def test_guangdong_convention_replacement_from_the_tail(rules: TurnRules) -> None:
    """Convention: a kong's replacement comes from the tail; none when no tile is left."""
    assert rules.replacement == "tail"
    assert rules.kong_needs_tile is True


def test_guangdong_门风_第1局随机一名庄家(rules: TurnRules) -> None:
    """D、门风：第 1 局，随机一名庄家，庄家为东 / 第一把东做庄"""
    assert rules.first_dealer == "random"


def test_guangdong_庄家规则_非庄家胡牌_庄家下家坐庄(rules: TurnRules) -> None:
    """非庄家胡牌，庄家下家坐庄 / 庄家胡牌后连庄"""
    assert rules.dealer_after_other_win == "next"


def test_guangdong_庄家规则_荒庄时庄家连庄(rules: TurnRules) -> None:
    """荒庄时，庄家连庄"""
    assert rules.dealer_after_draw == "stay"


def test_guangdong_胡牌者_三人皆可胡牌_一炮多响(rules: TurnRules) -> None:
    """多人都满足胡牌条件时，三人皆可胡牌，既“一炮多响”"""
    assert rules.several_winners is True


def test_guangdong_一炮多响包括庄家在内_庄家继续坐庄(rules: TurnRules) -> None:
    """如一炮多响包括庄家在内胡牌，则下轮庄家继续坐庄 (else his 下家, by convention)"""
    assert rules.dealer_after_several == "dealer_or_next"


def test_guangdong_圈_圈风_连庄时圈数显示稳定(rules: TurnRules) -> None:
    """B、圈：四人各坐庄一次为一圈 / 连庄时，圈数显示稳定 — winds move with the deal, the round
    wind after every seat dealt once, not during a 连庄"""
    assert rules.seat_winds_follow_dealer is True


def test_guangdong_convention_优先级_胡_杠_碰_吃(rules: TurnRules) -> None:
    """Convention: the seed orders no claims: 胡 > 杠 > 碰 > 吃."""
    assert rules.priority == ("win", "kong", "pong", "chow")


def test_guangdong_吃牌_允许吃上家(rules: TurnRules) -> None:
    """2、吃牌: 允许吃上家"""
    assert rules.chow_only_from_previous is True


def test_guangdong_convention_暗杠_shows_one_tile(rules: TurnRules) -> None:
    """Convention: the seed does not say what others see of a 暗杠: one tile."""
    assert rules.concealed_kong_shows_tile is True


def test_guangdong_漏胡_不能胡那一张_until_the_player_moves(rules: TurnRules) -> None:
    """5、漏胡: … 玩家 A 是不能胡那一张的。除非玩家 A 有进行动牌的状态，动牌的意思在于碰、吃、杠、
    摸任意一张牌"""
    assert rules.missed_win is True


def test_guangdong_convention_no_漏碰(rules: TurnRules) -> None:
    """Convention: the seed states no 漏碰."""
    assert rules.missed_pong is False


def test_guangdong_胡牌者_可以选择胡_也可选择弃(rules: TurnRules) -> None:
    """满足胡牌条件时，玩家可以选择“胡”，也可选择弃 — no 必胡"""
    assert rules.must_win is False


def test_guangdong_seven_pairs_option_changes_no_play() -> None:
    """七对胡牌 is a shape option: the turn rules are the same either way."""
    book = ruleset("guangdong")
    assert book.turn_rules({"seven_pairs": True}) == book.turn_rules({"seven_pairs": False})


def test_guangdong_东南西北四家_the_rules_play_a_round(rules: TurnRules) -> None:
    """二、游戏道具: 分东、南、西、北四家"""
    assert rules.validate(4) is None
