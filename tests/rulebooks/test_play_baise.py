"""百色麻将 (seed 001), 二、操作规则 and the play options: one test per turn-flow statement,
named after its clause, each asserting what `RULESET.turn_rules(options)` gives. Statements
that depend on an option are tested under both settings. 四封, 只可自摸 and the 王牌 claims
are scoring `reject` rules and wild permissions, tested in test_baise.py.
"""

from __future__ import annotations

import pytest

from mjc.runtime import Ruleset
from mjc.runtime.rules.turnrules import TurnRules

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def rules() -> TurnRules:
    return ruleset("baise").turn_rules()


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("baise")


def test_baise_游戏骰子_two_dice(rules: TurnRules) -> None:
    """游戏骰子：游戏使用2个骰子"""
    assert rules.dice == 2


def test_baise_发牌_start_counted_by_the_smaller_die(rules: TurnRules) -> None:
    """发牌：根据两粒骰子之和从庄家逆时针数起计算拿牌方位，根据两个骰子中最小的点数顺时针数起来
    选择起牌位置"""
    assert rules.break_start == "smaller_die"


def test_baise_拿牌_dealer_14_others_13(rules: TurnRules) -> None:
    """拿牌：庄家初始化获得14张牌 … 闲家初始化获得13张牌"""
    assert (rules.deal_dealer, rules.deal_others) == (14, 13)


def test_baise_留牌_无_no_tile_is_kept_back(rules: TurnRules) -> None:
    """留牌：无"""
    assert rules.reserved == 0


def test_baise_杠牌后要补牌_from_the_last_tile_in_drawing_order(rules: TurnRules) -> None:
    """杠牌后要补牌，是牌堆中按摸牌顺序的最后一张牌"""
    assert rules.replacement == "tail"


def test_baise_没有可摸的牌不能杠牌(rules: TurnRules) -> None:
    """没有可摸的牌不能杠牌"""
    assert rules.kong_needs_tile is True


def test_baise_选庄家_the_room_owner_deals_first(rules: TurnRules) -> None:
    """选庄家：第一局房主为庄家"""
    assert rules.first_dealer == "first_seat"


def test_baise_此后谁胡谁坐庄_the_winner_deals_next(rules: TurnRules) -> None:
    """此后谁胡谁坐庄 / 庄家胡牌则连庄"""
    assert rules.dealer_after_other_win == "winner"


def test_baise_流局连庄(rules: TurnRules) -> None:
    """流局连庄"""
    assert rules.dealer_after_draw == "stay"


def test_baise_一炮多响点炮玩家坐庄(rules: TurnRules) -> None:
    """一炮多响点炮玩家坐庄: several may win on one discard, and the discarder deals next"""
    assert rules.several_winners is True
    assert rules.dealer_after_several == "discarder"


def test_baise_convention_seat_winds_move_with_the_deal(rules: TurnRules) -> None:
    """Convention: the seed has no winds; they move with the deal."""
    assert rules.seat_winds_follow_dealer is True


def test_baise_优先级_胡_杠_碰_吃(rules: TurnRules) -> None:
    """从同一张牌产生游戏事件的优先级来说：胡牌>杠牌>碰牌>吃牌"""
    assert rules.priority == ("win", "kong", "pong", "chow")


def test_baise_不可吃_the_order_has_no_chow(book: Ruleset) -> None:
    """不可吃：勾选后不能吃牌 — the claim order leaves chow out; without the option it is in"""
    assert book.turn_rules({"no_chow": True}).priority == ("win", "kong", "pong")
    assert "chow" in book.turn_rules({"no_chow": False}).priority


def test_baise_吃牌_only_the_next_player_chows(book: Ruleset) -> None:
    """吃牌：任何一家打出一张牌时，下一家手中有可以与该牌组成顺子的牌时 … 可以吃该牌"""
    assert book.turn_rules({"no_chow": False}).chow_only_from_previous is True


def test_baise_暗杠亮上方一张牌(book: Ruleset) -> None:
    """暗杠亮上方一张牌，所有玩家可见"""
    assert book.turn_rules({"hidden_concealed_kong": False}).concealed_kong_shows_tile is True


def test_baise_暗杠不显示_shows_nothing(book: Ruleset) -> None:
    """（勾选“暗杠不显示”则全不亮） / 暗杠不显示：勾选后，其他玩家不知道暗杠什么牌，全背面显示"""
    assert book.turn_rules({"hidden_concealed_kong": True}).concealed_kong_shows_tile is False


def test_baise_漏碰_a_passed_pong_waits_for_the_seats_own_draw_or_claim(
    rules: TurnRules,
) -> None:
    """漏碰：任何一家打出一张牌时，能碰不碰，摸、吃、碰、杠牌前不能碰该牌（同张）"""
    assert rules.missed_pong is True


def test_baise_convention_漏胡_same_tile_until_own_draw(rules: TurnRules) -> None:
    """Convention: the seed states no 漏胡; the same-tile rule of 广东 and 上海."""
    assert rules.missed_win is True


def test_baise_过吃不吃_a_broken_run_is_not_chowed_back(book: Ruleset) -> None:
    """过吃不吃：手牌中有成顺的牌，拆开打出后，则之后不能再吃能成该顺的牌 — with chow allowed;
    under 不可吃 there is no chow to restrict"""
    assert book.turn_rules({"no_chow": False}).no_chow_to_rebuild is True
    assert book.turn_rules({"no_chow": True}).no_chow_to_rebuild is False


def test_baise_可上吃下吐(book: Ruleset) -> None:
    """可上吃下吐：吃完一张牌，能马上打出与吃的牌相同的牌"""
    assert book.turn_rules({"no_chow": False}).discard_after_chow_same_tile is True


def test_baise_吃碰后不能马上杠(rules: TurnRules) -> None:
    """吃、碰后不能马上杠，摸牌（或杠牌）后才能碰后杠"""
    assert rules.kong_right_after_claim is False


def test_baise_托管_摸什么打什么(rules: TurnRules) -> None:
    """托管：摸什么打什么，不吃不碰不杠，系统自动摸牌、打牌、胡"""
    assert rules.auto_play is True


def test_baise_turn_rules_validate_for_every_player_count(book: Ruleset) -> None:
    """游戏人数： 2、3、4人 — the rules can play a round at each count, under each option."""
    for options in ({}, {"no_chow": True, "hidden_concealed_kong": True}):
        for players in (2, 3, 4):
            assert book.turn_rules(options).validate(players) is None
