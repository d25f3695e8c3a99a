"""潮州麻将 (seed 000) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook under its options (`Round`, `Match`) on
a `Scenario` where the clause needs one. test_play_chaozhou.py checks the same clauses on
the compiled `TurnRules`; this file checks that the engine plays them. The inventory, each
clause with its test:

- 一、游戏人数：4人、3人、2人
    test_chaozhou_游戏人数_a_round_at_4_3_and_2_players
- 游戏骰子：游戏使用2个骰子。每个骰子最大6点
    test_chaozhou_游戏骰子_two_dice_of_1_to_6
- 发牌：两粒骰子之和从庄家逆时针数起…最小的点数顺时针数起…选择起牌位置
    test_chaozhou_发牌_the_dice_break_the_wall
- 拿牌：庄家14张 / 闲家13张
    test_chaozhou_拿牌_dealer_14_others_13
- 出牌：由庄家出第一张手牌后，游戏开始
    test_chaozhou_出牌_the_dealer_discards_first
- 留牌：留奖马牌数 (under each 奖马 setting)
    test_chaozhou_留牌_留奖马牌数
- 流局：摸海底牌后打出一张，没人胡牌则流局
    test_chaozhou_流局_after_the_last_tile_is_drawn_and_discarded
- 流局时，不算杠分；勾选“流局算杠”，流局算杠分
    test_chaozhou_流局不算杠分_unless_流局算杠
- 中途结束同流局 (a round abandoned midway counts as drawn)
    test_chaozhou_中途结束同流局
- 选庄家：第一局房主为庄家
    test_chaozhou_选庄家_第一局房主为庄家
- 而后谁胡谁为庄
    test_chaozhou_而后谁胡谁为庄
- 流局连庄
    test_chaozhou_流局连庄
- 连庄：庄家胡牌…连庄1次，再次胡牌或流局…2次；其他玩家胡牌则无连庄
    test_chaozhou_连庄_counts_dealer_wins_and_draws
- 连庄：第X局其他玩家胡牌，则该局无连庄 (the dealer keeps the deal as the discarder of 一炮多响)
    test_chaozhou_连庄_其他玩家胡牌则该局无连庄
- 连庄：勾选后，才计算连庄和连庄分
    test_chaozhou_连庄分_only_with_the_option
- 一炮多点炮者坐庄 (several winners on one discard)
    test_chaozhou_一炮多点炮者坐庄
- seat winds (convention: they move with the deal)
    test_chaozhou_convention_the_dealer_sits_east

This file: the wall, the deal and the dealer. The rest of the inventory (claims, kongs and
the options that change play) is in `test_engine_chaozhou_claims.py`.

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
    CONCEALED,
    HEAVENLY,
    self_draw_round,
    several_round,
)
from engine_helpers import (
    act,
    events_of,
    finish_in_match,
    kinds,
    pass_claims,
    play_out,
    scenario_round,
)

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.game.match import Match

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("chaozhou")


# ------------------------------------------------------------------ the wall and the deal


@pytest.mark.parametrize("players", [4, 3, 2])
def test_chaozhou_游戏人数_a_round_at_4_3_and_2_players(book: Ruleset, players: int) -> None:
    """一、游戏人数：4人、3人、2人 — a round is dealt and played to its end at each count."""
    check_round_at(book, players)


def test_chaozhou_游戏骰子_two_dice_of_1_to_6(book: Ruleset) -> None:
    """游戏骰子：游戏使用2个骰子。每个骰子最大6点，合计12点"""
    check_two_dice(book)


@pytest.mark.parametrize("dealer", [0, 2])
def test_chaozhou_发牌_the_dice_break_the_wall(book: Ruleset, dealer: int) -> None:
    """发牌：根据两粒骰子之和从庄家逆时针数起计算拿牌方位，根据两个骰子中最小的点数顺时针数起来
    选择起牌位置，并由庄家开始起牌 — the dealer's first tiles are the shuffled wall's from that
    stack on."""
    check_dice_break_the_wall(book, dealer)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_chaozhou_拿牌_dealer_14_others_13(book: Ruleset, players: int) -> None:
    """拿牌：庄家初始化获得14张牌，其中13张牌排在一起，第14张牌以补牌的形式存在；闲家初始化获得13张牌"""
    check_dealer_14_others_13(book, players)


def test_chaozhou_出牌_the_dealer_discards_first(book: Ruleset) -> None:
    """出牌：由庄家出第一张手牌后，游戏开始，大家轮流摸牌，打牌 — the dealer plays before any
    draw; then his 下家 draws."""
    game = Round(book, seed=7, dealer=2)
    assert game.to_act() == [2] and not events_of(game, "draw")
    assert "discard" in kinds(game, 2)
    first = next(a for a in game.legal_actions(2) if a.kind == "discard")
    game.apply(first)
    pass_claims(game)
    assert events_of(game, "draw")[0]["seat"] == 3


@pytest.mark.parametrize("horses", ["none", "2", "5", "8"])
def test_chaozhou_留牌_留奖马牌数(book: Ruleset, horses: str) -> None:
    """留牌：留奖马牌数 — the round is exhausted with the 奖马 count of tiles left undrawn."""
    game = Round(book, seed=3, options={"bonus_horses": horses})
    result = play_out(game)
    wall = game.state().wall
    assert result["exhaustive_draw"] and wall.drawable == 0 and wall.tiles == ()
    assert len(wall.reserved) == (0 if horses == "none" else int(horses))


def test_chaozhou_流局_after_the_last_tile_is_drawn_and_discarded(book: Ruleset) -> None:
    """流局：摸海底牌后打出一张，没人胡牌则流局 — the last event before the end is the discard
    of the seat that drew the 海底 tile."""
    game = Round(book, seed=11)
    result = play_out(game)
    assert result["exhaustive_draw"] and result["winners"] == []
    last_draw = events_of(game, "draw")[-1]
    assert game.events[-2]["kind"] == "discard"
    assert game.events[-2]["seat"] == last_draw["seat"]


@pytest.mark.parametrize("count", [False, True])
def test_chaozhou_流局不算杠分_unless_流局算杠(book: Ruleset, count: bool) -> None:
    """流局时，不算杠分；勾选“流局算杠”，流局算杠分 — the dealer's concealed kong is paid on
    a drawn round only with the option."""
    game = scenario_round(book, CONCEALED, options={"draw_kong_score": count})
    act(game, 0, "concealed_kong", "1m")
    result = play_out(game)
    assert result["exhaustive_draw"]
    deltas = result["deltas"]
    if count:
        assert deltas[0] > 0 and deltas[1] == deltas[2] == deltas[3] < 0
    else:
        assert deltas == [0, 0, 0, 0]


@pytest.mark.parametrize("count", [False, True])
def test_chaozhou_中途结束同流局(book: Ruleset, count: bool) -> None:
    """中途结束同流局 — the dealer makes a concealed kong, the round is abandoned: it settles as
    a drawn round (the kong paid only under 流局算杠), the dealer deals again, and the log
    replays it."""
    game = scenario_round(book, CONCEALED, options={"draw_kong_score": count})
    act(game, 0, "concealed_kong", "1m")
    drawn = scenario_round(book, CONCEALED, options={"draw_kong_score": count})
    act(drawn, 0, "concealed_kong", "1m")
    game.abandon()
    assert game.over and game.events[-2] == {"type": "abandon"}
    result = game.result
    assert result is not None and result["abandoned"] and result["exhaustive_draw"]
    assert result["deltas"] == play_out(drawn)["deltas"]  # as if drawn at the wall's end
    assert result["next_dealer"] == 0
    with pytest.raises(IllegalAction, match="over"):
        game.abandon()
    again = replay(book, log_lines(game))
    assert again.result == result and again.events == game.events


# ------------------------------------------------------------------ the dealer


def test_chaozhou_选庄家_第一局房主为庄家(book: Ruleset) -> None:
    """选庄家：第一局房主为庄家 — the room owner's seat (0) deals the first round."""
    for seed in range(4):
        assert Match(book, seed=seed).next_round().dealer == 0


def test_chaozhou_而后谁胡谁为庄(book: Ruleset) -> None:
    """而后谁胡谁为庄 — seat 2 self-draws; it deals the next round, with no streak."""
    match = Match(book, seed=1)
    game = self_draw_round(book)
    act(game, 2, "win")
    assert game.result is not None and game.result["winners"] == [2]
    finish_in_match(match, game)
    following = match.next_round()
    assert (following.dealer, following.streak) == (2, 0)


def test_chaozhou_流局连庄(book: Ruleset) -> None:
    """流局连庄 — seat 1 deals, the round is drawn: seat 1 deals again."""
    check_drawn_round_keeps_the_dealer(book, 1)


def test_chaozhou_连庄_counts_dealer_wins_and_draws(book: Ruleset) -> None:
    """连庄：第一局庄家胡牌，第二局算连庄1次，再次胡牌或流局，第三局算连庄2次；第三局其他玩家胡牌，
    则该局无连庄；庄家下庄，则清零"""
    match = Match(book, seed=1)
    heavenly = scenario_round(book, HEAVENLY)
    act(heavenly, 0, "win")
    finish_in_match(match, heavenly)
    assert (match.dealer, match.streak) == (0, 1)
    drawn = match.next_round()
    assert drawn.streak == 1
    play_out(drawn)
    finish_in_match(match, drawn)
    assert (match.dealer, match.streak) == (0, 2)
    other = self_draw_round(book, streak=2)
    act(other, 2, "win")
    finish_in_match(match, other)
    assert (match.dealer, match.streak) == (2, 0)


def test_chaozhou_连庄_其他玩家胡牌则该局无连庄(book: Ruleset) -> None:
    """连庄：…第三局其他玩家胡牌，则该局无连庄 / 一炮多点炮者坐庄 — seat 1 deals, draws a round
    (连庄 1), then discards the 1z that seats 2 and 3 win on: seat 1 deals again (the
    discarder), but with no 连庄."""
    match = Match(book, seed=1, dealer=1)
    drawn = match.next_round()
    play_out(drawn)
    finish_in_match(match, drawn)
    assert (match.dealer, match.streak) == (1, 1)
    game = several_round(book, by_dealer=True, streak=match.streak)
    game.apply(Action(2, "win"))
    game.apply(Action(3, "win"))
    finish_in_match(match, game)
    following = match.next_round()
    assert (following.dealer, following.streak) == (1, 0)


def test_chaozhou_连庄分_only_with_the_option(book: Ruleset) -> None:
    """连庄：勾选后，才计算连庄和连庄分 — a dealer win at 连庄 2 is worth more than at 0 only
    with the option."""

    def won(streak: int, option: bool) -> int:
        game = scenario_round(book, HEAVENLY, streak=streak, options={"dealer_streak": option})
        act(game, 0, "win")
        assert game.result is not None
        return int(game.result["deltas"][0])

    assert won(2, True) > won(0, True)
    assert won(2, False) == won(0, False)


def test_chaozhou_一炮多点炮者坐庄(book: Ruleset) -> None:
    """一炮多点炮者坐庄 — seats 2 and 3 both win on seat 1's 1z; each is paid by seat 1, and
    seat 1 deals next."""
    game = several_round(book)
    assert kinds(game, 2) >= {"win"} and kinds(game, 3) >= {"win"}
    game.apply(Action(2, "win"))
    game.apply(Action(3, "win"))
    result = game.result
    assert result is not None and result["winners"] == [2, 3]
    assert result["deltas"][1] < 0 and result["deltas"][0] == 0
    match = Match(book, seed=1)
    finish_in_match(match, game)
    assert match.dealer == 1


def test_chaozhou_convention_the_dealer_sits_east(book: Ruleset) -> None:
    """Convention: the seed has no winds; they move with the deal — the next dealer is 东."""
    match = Match(book, seed=1)
    game = self_draw_round(book)
    act(game, 2, "win")
    finish_in_match(match, game)
    following = match.next_round()
    assert [following.seat_wind(s) for s in range(4)] == ["W", "N", "E", "S"]
