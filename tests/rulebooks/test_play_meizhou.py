"""梅州麻将 (seed 002), 二、确定庄家 / 三、起牌 / 四、出牌 / 五、荒庄 / 六、轮庄 / 七、杠牌:
one test per turn-flow statement, named after its clause, each asserting what
`RULESET.turn_rules()` gives (the rulebook has no option that changes play). That only
self-drawn wins count (胡牌后只计自摸) is a scoring `reject` rule, tested in test_meizhou.py.
"""

from __future__ import annotations

import pytest

from mjc.runtime.rules.turnrules import TurnRules

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def rules() -> TurnRules:
    return ruleset("meizhou").turn_rules()


def test_meizhou_convention_two_dice(rules: TurnRules) -> None:
    """由坐庄者掷骨子，将掷出的骨子点子数相加 — convention: two dice (a sum of 10 needs two)."""
    assert rules.dice == 2


def test_meizhou_三_起牌_10加5等于15墩_the_walls_owner_rolls_again(rules: TurnRules) -> None:
    """三、起牌 … 把该家所掷骨子数和加上刚才坐庄者所掷骨子数和相加，其值为起牌点 / 第 10+5=15
    墩后面开始起牌 / 如果所掷骨子数的和大于门前牌的墩数，则依次向下位选手门前的牌顺延"""
    assert rules.break_start == "sum_and_second"


def test_meizhou_三_起牌_12张_then_dealer_2_others_1(rules: TurnRules) -> None:
    """每人均起完三次牌（ 12 张）时，由坐庄者再起两张牌（上面相邻的两张），其余三人按顺序再起一张"""
    assert (rules.deal_dealer, rules.deal_others) == (14, 13)


def test_meizhou_五_荒庄_在全部牌被摸完后(rules: TurnRules) -> None:
    """在全部牌被摸完后， 视为荒庄 — every tile is drawn: none is kept back"""
    assert rules.reserved == 0


def test_meizhou_七_暗杠_从牌尾补牌(rules: TurnRules) -> None:
    """再从最后补一张牌（补牌的顺序应是从牌尾算起，按照顺序从最后一墩补牌）"""
    assert rules.replacement == "tail"


def test_meizhou_convention_no_kong_without_a_replacement(rules: TurnRules) -> None:
    """Convention: no kong when no tile is left to replace it, as 百色 states."""
    assert rules.kong_needs_tile is True


def test_meizhou_二_确定庄家_chance_chooses_the_first_dealer(rules: TurnRules) -> None:
    """二、确定庄家 • 首先由任意一名选手掷骨子决定，“东，南，西，北”四个方向 — chance seats 东"""
    assert rules.first_dealer == "random"


def test_meizhou_六_轮庄_规则一_谁胡谁庄(rules: TurnRules) -> None:
    """规则一：庄家胡牌则其继续担任庄家，如有偏家胡牌，则由胡牌偏家做庄，即谁胡谁庄"""
    assert rules.dealer_after_other_win == "winner"


def test_meizhou_六_轮庄_规则二_流局_庄家由原庄家的下家担任(rules: TurnRules) -> None:
    """规则二：出现流局时，庄家由原庄家的下家担任 / 五、荒庄 … 庄由原庄家的下家担任"""
    assert rules.dealer_after_draw == "next"


def test_meizhou_六_轮庄_规则三_被抢玩家即为下盘庄家(rules: TurnRules) -> None:
    """规则三：出现抢杠时，被抢玩家即为下盘庄家 / 被抢玩家在新开局中为庄家"""
    assert rules.dealer_after_robbed_kong == "robbed"


def test_meizhou_convention_several_robbers_and_the_robbed_deals(rules: TurnRules) -> None:
    """Convention: several may rob one kong; the robbed player (the discarder's place) deals."""
    assert rules.several_winners is True
    assert rules.dealer_after_several == "discarder"


def test_meizhou_convention_seat_winds_move_with_the_deal(rules: TurnRules) -> None:
    """Convention: 二、确定庄家 seats the winds once; they move with the deal."""
    assert rules.seat_winds_follow_dealer is True


def test_meizhou_convention_优先级_胡_杠_碰(rules: TurnRules) -> None:
    """Convention: the seed orders no claims and has no chow: 胡 > 杠 > 碰."""
    assert rules.priority == ("win", "kong", "pong")


def test_meizhou_七_暗杠_明放在自家门前_全暗(rules: TurnRules) -> None:
    """暗杠后，将暗杠的牌明放在自家门前（全暗） — nothing of it is shown"""
    assert rules.concealed_kong_shows_tile is False


def test_meizhou_convention_漏碰_same_tile_until_own_draw(rules: TurnRules) -> None:
    """Convention: the seed states no 漏碰; the same-tile rule of 潮州 and 百色."""
    assert rules.missed_pong is True


def test_meizhou_convention_no_漏胡_without_discard_wins(rules: TurnRules) -> None:
    """Convention: 胡牌后只计自摸 — no win on a discard, so no 漏胡."""
    assert rules.missed_win is False


def test_meizhou_一_参与对象_4人_the_rules_play_a_round(rules: TurnRules) -> None:
    """一、参与对象 游戏用户人数为 4人"""
    assert rules.validate(4) is None
