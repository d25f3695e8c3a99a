"""上海麻将 (seed 003), 打牌 / 吃碰杠牌 / 莊家 / 搖骰子 / 漏胡 / 一炮多響: one test per turn-flow
statement, named after its clause (traditional characters, pinyin glosses dropped), each
asserting what `RULESET.turn_rules()` gives (no option of the rulebook changes play).
"""

from __future__ import annotations

import pytest

from mjc.runtime.rules.turnrules import TurnRules

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def rules() -> TurnRules:
    return ruleset("shanghai").turn_rules()


def test_shanghai_搖骰子_2個骰子(rules: TurnRules) -> None:
    """搖骰子：2個骰子"""
    assert rules.dice == 2


def test_shanghai_搖骰子_挪走7墩牌後開始摸牌(rules: TurnRules) -> None:
    """取牌的位置按照順時針計算2個骰子之和 … 從搖骰子玩家的對家方向先挪走7墩牌後開始摸牌"""
    assert rules.break_start == "sum"


def test_shanghai_打牌_莊家十四張_其余十三張(rules: TurnRules) -> None:
    """遊戲在一開始，只有莊家可得到十四張牌，其余的人十三張"""
    assert (rules.deal_dealer, rules.deal_others) == (14, 13)


def test_shanghai_convention_花_set_aside_and_replaced(rules: TurnRules) -> None:
    """Convention: 春夏秋冬梅蘭竹菊每個計一朵花 — a flower is set aside and replaced (補花)."""
    assert rules.flowers_replaced is True
    assert rules.replacement == "tail"


def test_shanghai_convention_no_tile_kept_back(rules: TurnRules) -> None:
    """Convention: the seed keeps no tiles back."""
    assert rules.reserved == 0


def test_shanghai_convention_no_kong_without_a_replacement(rules: TurnRules) -> None:
    """Convention: no kong when no tile is left to replace it, as 百色 states."""
    assert rules.kong_needs_tile is True


def test_shanghai_莊家_第一局系統隨機選擇莊家(rules: TurnRules) -> None:
    """第一局系統隨機選擇莊家"""
    assert rules.first_dealer == "random"


def test_shanghai_莊家_誰胡牌下盤當莊家(rules: TurnRules) -> None:
    """誰胡牌下盤當莊家"""
    assert rules.dealer_after_other_win == "winner"


def test_shanghai_莊家_若流局則上盤莊家下盤繼續當莊家(rules: TurnRules) -> None:
    """若流局則上盤莊家下盤繼續當莊家"""
    assert rules.dealer_after_draw == "stay"


def test_shanghai_一炮多響_允許一炮多響(rules: TurnRules) -> None:
    """允許一炮多響"""
    assert rules.several_winners is True


def test_shanghai_一炮多響_點炮者最近的一個胡牌者下家為莊家(rules: TurnRules) -> None:
    """炮胡且一炮2響或3響，點炮者最近的一個胡牌者下家為下盤莊家"""
    assert rules.dealer_after_several == "after_nearest_winner"


def test_shanghai_convention_seat_winds_move_with_the_deal(rules: TurnRules) -> None:
    """Convention: the seed has no winds; they move with the deal."""
    assert rules.seat_winds_follow_dealer is True


def test_shanghai_打牌_碰比吃優先(rules: TurnRules) -> None:
    """“碰”比“吃”優先 (and, by convention, 胡 > 杠 before them)"""
    assert rules.priority.index("pong") < rules.priority.index("chow")
    assert rules.priority == ("win", "kong", "pong", "chow")


def test_shanghai_打牌_莊家的下家有權力吃(rules: TurnRules) -> None:
    """莊家的下家(右手邊的玩者)，有權力吃或碰那張牌，其它兩家則只可碰或杠那張牌"""
    assert rules.chow_only_from_previous is True


def test_shanghai_吃碰杠牌_暗杠除外(rules: TurnRules) -> None:
    """可以任意吃碰杠牌，吃碰杠牌后必須亮明，暗杠除外 — a concealed kong shows nothing"""
    assert rules.concealed_kong_shows_tile is False


def test_shanghai_漏胡_只針對1張牌_until_the_player_moves(rules: TurnRules) -> None:
    """漏胡 … 玩家A是不能胡那一張的。除非玩家A有進行動牌的情況 … 漏胡只針對1張牌"""
    assert rules.missed_win is True


def test_shanghai_convention_no_漏碰(rules: TurnRules) -> None:
    """Convention: the seed states no 漏碰."""
    assert rules.missed_pong is False


def test_shanghai_four_players_the_rules_play_a_round(rules: TurnRules) -> None:
    """其它三家 — four players."""
    assert rules.validate(4) is None
