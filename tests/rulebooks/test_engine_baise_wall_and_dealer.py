"""百色麻将 (seed 001) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook under its options (`Round`, `Match`) on
a `Scenario` where the clause needs one. test_play_baise.py checks the same clauses on the
compiled `TurnRules`; this file checks that the engine plays them. The inventory, each
clause with its test:

- 游戏人数： 2、3、4人
    test_baise_游戏人数_a_round_at_2_3_and_4_players
- 游戏骰子：游戏使用2个骰子；每个骰子最大6点
    test_baise_游戏骰子_two_dice_of_1_to_6
- 发牌：两粒骰子之和从庄家逆时针数起…最小的点数顺时针数起…选择起牌位置
    test_baise_发牌_the_dice_break_the_wall
- 拿牌：庄家14张 / 闲家13张
    test_baise_拿牌_dealer_14_others_13
- 出牌：由庄家出第一张手牌后，游戏开始，大家轮流补牌，打牌
    test_baise_出牌_the_dealer_discards_first
- 留牌：无 / 流局（荒庄）：摸到最后一张能摸的牌后打出一张牌，没有人胡牌则为荒庄
    test_baise_荒庄_every_tile_is_drawn_and_the_last_discarded
- 选庄家：第一局房主为庄家
    test_baise_选庄家_第一局房主为庄家
- 此后谁胡谁坐庄
    test_baise_此后谁胡谁坐庄
- 庄家胡牌则连庄
    test_baise_庄家胡牌则连庄
- 流局连庄
    test_baise_流局连庄
- 一炮多响点炮玩家坐庄
    test_baise_一炮多响点炮玩家坐庄
- seat winds (convention: they move with the deal)
    test_baise_convention_the_dealer_sits_east

This file: the wall, the deal and the dealer. The rest of the inventory:
`test_engine_baise_claims.py` (claims, kongs, 托管) and
`test_engine_baise_wang_and_winning.py` (王牌 and the options on winning:
听任意牌能炮胡, 抓马, 四封, 只可自摸).
"""

from __future__ import annotations

import pytest
from clause_checks import (
    check_dealer_14_others_13,
    check_dice_break_the_wall,
    check_drawn_round_keeps_the_dealer,
    check_round_at,
    check_two_dice,
)
from clause_deals import (
    HEAVENLY,
    self_draw_round,
    several_round,
)
from engine_helpers import (
    act,
    events_of,
    finish_in_match,
    pass_claims,
    play_out,
    scenario_round,
)

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("baise")


# ------------------------------------------------------------------ the wall and the deal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_baise_游戏人数_a_round_at_2_3_and_4_players(book: Ruleset, players: int) -> None:
    """游戏人数： 2、3、4人 — a round is dealt and played to its end at each count."""
    check_round_at(book, players)


def test_baise_游戏骰子_two_dice_of_1_to_6(book: Ruleset) -> None:
    """游戏骰子：游戏使用2个骰子；每个骰子最大6点，合计12点"""
    check_two_dice(book)


@pytest.mark.parametrize("dealer", [0, 3])
def test_baise_发牌_the_dice_break_the_wall(book: Ruleset, dealer: int) -> None:
    """发牌：根据两粒骰子之和从庄家逆时针数起计算拿牌方位，根据两个骰子中最小的点数顺时针数起来
    选择起牌位置，并由庄家开始起牌 — the dealer's first tiles are the shuffled wall's from that
    stack on."""
    check_dice_break_the_wall(book, dealer)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_baise_拿牌_dealer_14_others_13(book: Ruleset, players: int) -> None:
    """拿牌：庄家初始化获得14张牌，其中13张牌排在一起，第14张牌以补牌的形式存在；闲家初始化获得13张牌"""
    check_dealer_14_others_13(book, players)


def test_baise_出牌_the_dealer_discards_first(book: Ruleset) -> None:
    """出牌：由庄家出第一张手牌后，游戏开始，大家轮流补牌，打牌，直到胡牌"""
    game = Round(book, seed=7, dealer=3)
    assert game.to_act() == [3] and not events_of(game, "draw")
    game.apply(next(a for a in game.legal_actions(3) if a.kind == "discard"))
    pass_claims(game)
    assert events_of(game, "draw")[0]["seat"] in (0, 1, 2)
    assert events_of(game, "draw")[0]["seat"] == game.state().turn


def test_baise_荒庄_every_tile_is_drawn_and_the_last_discarded(book: Ruleset) -> None:
    """留牌：无 / 流局（荒庄）：摸到最后一张能摸的牌后打出一张牌，没有人胡牌则为荒庄 — nothing is
    left in the wall, and the last event is the discard of the seat that drew the last tile."""
    game = Round(book, seed=11)
    result = play_out(game)
    wall = game.state().wall
    assert result["exhaustive_draw"] and wall.tiles == wall.reserved == ()
    assert game.events[-2]["kind"] == "discard"
    assert game.events[-2]["seat"] == events_of(game, "draw")[-1]["seat"]


# ------------------------------------------------------------------ the dealer


def test_baise_选庄家_第一局房主为庄家(book: Ruleset) -> None:
    """选庄家：第一局房主为庄家 — the room owner's seat (0) deals the first round."""
    for seed in range(4):
        assert Match(book, seed=seed).next_round().dealer == 0


def test_baise_此后谁胡谁坐庄(book: Ruleset) -> None:
    """此后谁胡谁坐庄 — seat 2 self-draws and deals the next round."""
    match = Match(book, seed=1)
    game = self_draw_round(book)
    act(game, 2, "win")
    finish_in_match(match, game)
    following = match.next_round()
    assert (following.dealer, following.streak) == (2, 0)


def test_baise_庄家胡牌则连庄(book: Ruleset) -> None:
    """庄家胡牌则连庄 — the dealer wins (天胡) and deals again, one round into his streak."""
    match = Match(book, seed=1)
    game = scenario_round(book, HEAVENLY)
    act(game, 0, "win")
    finish_in_match(match, game)
    following = match.next_round()
    assert (following.dealer, following.streak) == (0, 1)


def test_baise_流局连庄(book: Ruleset) -> None:
    """流局连庄 — seat 2 deals, the round is drawn: seat 2 deals again."""
    check_drawn_round_keeps_the_dealer(book, 2)


def test_baise_一炮多响点炮玩家坐庄(book: Ruleset) -> None:
    """一炮多响点炮玩家坐庄 — seats 2 and 3 both win on seat 1's 1z; seat 1 deals next."""
    game = several_round(book)
    game.apply(Action(2, "win"))
    game.apply(Action(3, "win"))
    assert game.result is not None and game.result["winners"] == [2, 3]
    match = Match(book, seed=1)
    finish_in_match(match, game)
    assert match.dealer == 1


def test_baise_convention_the_dealer_sits_east(book: Ruleset) -> None:
    """Convention: the seed has no winds; they move with the deal — the next dealer is 东."""
    match = Match(book, seed=1)
    game = self_draw_round(book)
    act(game, 2, "win")
    finish_in_match(match, game)
    assert match.next_round().seat_wind(2) == "E"
