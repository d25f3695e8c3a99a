"""潮州麻将 (seed 000), 一 and 二、操作规定 and the play options: one test per turn-flow
statement, named after its clause (quotes de-garbled as the rulebook's), each asserting what
`RULESET.turn_rules(options)` gives; option-dependent ones under both settings. 只可自摸
(20分以上可吃胡) and 鸡胡不能吃胡 are scoring `reject` rules, tested in test_chaozhou.py.
"""

from __future__ import annotations

import pytest

from mjc.runtime import Ruleset
from mjc.runtime.rules.turnrules import TurnRules

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("chaozhou")


@pytest.fixture(scope="module")
def rules(book: Ruleset) -> TurnRules:
    return book.turn_rules()


def test_chaozhou_游戏骰子_two_dice(rules: TurnRules) -> None:
    """游戏骰子：游戏使用2个骰子。每个骰子最大6点，合计12点"""
    assert rules.dice == 2


def test_chaozhou_发牌_start_counted_by_the_smaller_die(rules: TurnRules) -> None:
    """发牌：根据两粒骰子之和从庄家逆时针数起计算拿牌方位，根据两个骰子中最小的点数顺时针数起来
    选择起牌位置，并由庄家开始起牌"""
    assert rules.break_start == "smaller_die"


def test_chaozhou_拿牌_dealer_14_others_13(rules: TurnRules) -> None:
    """拿牌：庄家初始化获得14张牌 … 闲家初始化获得13张牌"""
    assert (rules.deal_dealer, rules.deal_others) == (14, 13)


@pytest.mark.parametrize(("bonus", "kept"), [("none", 0), ("2", 2), ("5", 5), ("8", 8)])
def test_chaozhou_留牌_留奖马牌数(book: Ruleset, bonus: str, kept: int) -> None:
    """留牌：留奖马牌数 — as many tiles are kept back as 奖马 are drawn (无马: none)"""
    assert book.turn_rules({"bonus_horses": bonus}).reserved == kept


def test_chaozhou_买马牌不占原有牌数(book: Ruleset) -> None:
    """买马牌不占原有牌数 — bought horses keep no tile of the wall back"""
    assert book.turn_rules({"buy_horses": "2"}).reserved == 0


def test_chaozhou_杠牌后补牌_从牌堆的逆时针处补(rules: TurnRules) -> None:
    """杠牌后需要进行补一张牌。（从牌堆的逆时针处补） — read as the tail (a convention)"""
    assert rules.replacement == "tail"


def test_chaozhou_convention_no_kong_without_a_replacement(rules: TurnRules) -> None:
    """流局：摸海底牌后打出一张 — convention: no kong when no tile is left, as 百色 states."""
    assert rules.kong_needs_tile is True


def test_chaozhou_选庄家_第一局房主为庄家(rules: TurnRules) -> None:
    """选庄家：第一局房主为庄家"""
    assert rules.first_dealer == "first_seat"


def test_chaozhou_而后谁胡谁为庄(rules: TurnRules) -> None:
    """而后谁胡谁为庄"""
    assert rules.dealer_after_other_win == "winner"


def test_chaozhou_流局连庄(rules: TurnRules) -> None:
    """流局连庄"""
    assert rules.dealer_after_draw == "stay"


def test_chaozhou_一炮多点炮者坐庄(rules: TurnRules) -> None:
    """一炮多点炮者坐庄 — several may win on one discard, and the discarder deals next"""
    assert rules.several_winners is True
    assert rules.dealer_after_several == "discarder"


def test_chaozhou_convention_seat_winds_move_with_the_deal(rules: TurnRules) -> None:
    """Convention: the seed has no winds; they move with the deal."""
    assert rules.seat_winds_follow_dealer is True


def test_chaozhou_优先级_胡_杠_碰_and_吃牌_无(rules: TurnRules) -> None:
    """从同一张牌产生游戏事件的优先级来说：胡牌>杠牌>碰牌 / 吃牌：无"""
    assert rules.priority == ("win", "kong", "pong")


def test_chaozhou_暗杠时翻一张牌出来(rules: TurnRules) -> None:
    """暗杠时自己处需要翻一张牌出来，别的玩家可以看到暗杠的牌"""
    assert rules.concealed_kong_shows_tile is True


def test_chaozhou_漏碰_摸碰杠牌前都不能再碰同张(rules: TurnRules) -> None:
    """漏碰：任意一家打出一张牌，有玩家可以碰但不碰，则该玩家摸、碰、杠牌前都不能再碰同张"""
    assert rules.missed_pong is True


def test_chaozhou_convention_漏胡_same_tile_until_own_draw(rules: TurnRules) -> None:
    """Convention: the seed states no 漏胡; the same-tile rule of 广东 and 上海."""
    assert rules.missed_win is True


def test_chaozhou_碰完不可以立马开杠(rules: TurnRules) -> None:
    """碰完不可以立马开杠；（不管是不是同组牌）"""
    assert rules.kong_right_after_claim is False


def test_chaozhou_必胡_有胡必胡_有杠也不能杠(book: Ruleset) -> None:
    """必胡：勾选后，有胡必胡，不下发“过”按钮，有杠也不能杠 — and without it a win may be passed"""
    assert book.turn_rules({"must_win": True}).must_win is True
    assert book.turn_rules({"must_win": False}).must_win is False


def test_chaozhou_托管_摸什么打什么_不碰不杠(rules: TurnRules) -> None:
    """托管：摸什么打什么，不碰不杠，系统自动摸牌、打牌、胡"""
    assert rules.auto_play is True


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chaozhou_turn_rules_validate_for_every_player_count(book: Ruleset, players: int) -> None:
    """游戏人数：4人、3人、2人 — the rules can play a round at each count, with the most 奖马."""
    assert book.turn_rules({"bonus_horses": "8"}).validate(players) is None
