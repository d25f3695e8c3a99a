"""百色麻将 (seed 001) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook under its options (`Round`, `Match`) on
a stacked wall where the clause needs one. test_play_baise.py checks the same clauses on the
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
- 游戏事件有吃牌、碰牌、杠牌、胡牌 / 优先级：胡牌>杠牌>碰牌>吃牌
    test_baise_优先级_胡_杠_碰_吃
- 摸吃、碰、杠牌后，都需要打出一张牌 / 吃、碰牌后不补牌，需要打一张牌
    test_baise_吃碰后不补牌_打一张牌
- 杠牌后要补牌，是牌堆中按摸牌顺序的最后一张牌
    test_baise_杠牌后要补牌_the_last_tile
- 吃牌：下一家手中有可以与该牌组成顺子的牌时，下发“吃”、“过”按钮
    test_baise_吃牌_only_the_next_seat
- 不可吃：勾选后不能吃牌 (both settings)
    test_baise_不可吃
- 可上吃下吐：吃完一张牌，能马上打出与吃的牌相同的牌
    test_baise_可上吃下吐
- 过吃不吃：有123万，打出3万，之后不能再吃3万组成123万的吃牌
    test_baise_过吃不吃
- 字牌不能吃
    test_baise_字牌不能吃
- 碰牌：有一家的手上的牌有一对时，下发“碰”、“过”两个按钮
    test_baise_碰牌_pong_or_pass
- 漏碰：能碰不碰，摸、吃、碰、杠牌前不能碰该牌（同张）
    test_baise_漏碰_until_the_seats_own_draw
- 漏胡 (convention: the same tile until the seat's own draw)
    test_baise_convention_漏胡
- 杠牌：有三张同样的牌时，下发“杠”、“碰”、“过”三个按钮 / 明杠（或直杠）
    test_baise_明杠_kong_pong_or_pass
- 暗杠：一模一样的4张牌 / 暗杠亮上方一张牌 / 暗杠不显示 (both settings)
    test_baise_暗杠_shows_one_tile_unless_暗杠不显示
- 碰后杠：碰了以后…再次摸到一模一样的牌时，可以进行碰后杠
    test_baise_碰后杠
- 有杠不杠后面可以继续杠：碰后杠、暗杠
    test_baise_有杠不杠_the_kong_waits
- 杠后还有杠可以连续开杠
    test_baise_杠后还有杠可以连续开杠
- 吃、碰后不能马上杠，摸牌（或杠牌）后才能碰后杠
    test_baise_吃碰后不能马上杠
- 没有可摸的牌不能杠牌
    test_baise_没有可摸的牌不能杠牌
- 抢杠胡 (convention: only a 碰后杠)
    test_baise_抢杠胡_robs_a_碰后杠
- 托管：摸什么打什么，不吃不碰不杠，系统自动摸牌、打牌、胡
    test_baise_托管_摸什么打什么
- 王牌 大转：引牌序数+1才是王牌 / 引牌剩余可用的只有3张，王牌有4张 / 小转：王牌只有3张
    test_baise_王牌_大转_小转_copies_in_play
- 王牌仅可代替任意牌胡牌 (four 王牌 in a hand are no kong; 大转 and 无王)
    test_baise_王牌仅可代替任意牌胡牌_no_kong_of_王牌
- 王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌 (大转 and 无王)
    test_baise_王牌可打出_but_never_claimed
- 王牌当本身或代替其他牌，都不可以吃、碰、杠别人打出的牌
    test_baise_王牌当本身或代替其他牌_不可以吃碰杠
- 听任意牌能炮胡
    test_baise_听任意牌能炮胡
- 抓马：胡牌者从剩余牌堆最后面取对应抓马数的牌 / 一炮多响也不抓马 / 流局
    test_baise_抓马_from_the_end_of_the_wall
- 抓马：胡牌时，剩余牌数不足时，剩几张则算抓几马；没有剩余牌时不抓马
    test_baise_抓马_没有剩余牌时不抓马
- 四封：吃4次/碰3次…则不能胡牌；不再下发胡牌按钮，正常吃碰杠打牌 (三包四封 and 不互包不封胡)
    test_baise_四封_three_pongs_may_not_win
- 只可自摸：勾选后，只能自摸胡 (both settings)
    test_baise_只可自摸
- seat winds (convention: they move with the deal)
    test_baise_convention_the_dealer_sits_east

三包 (who pays for a partner) is settlement, tested in test_baise_settlement.py.
"""

from __future__ import annotations

import pytest
from clause_checks import (
    check_added_kong,
    check_auto_play,
    check_dealer_14_others_13,
    check_dice_break_the_wall,
    check_drawn_round_keeps_the_dealer,
    check_exposed_kong_on_a_discard,
    check_kong_draws_the_last_tile,
    check_missed_pong,
    check_no_kong_right_after_a_pong,
    check_round_at,
    check_the_kong_waits,
    check_two_dice,
)
from clause_deals import (
    CONCEALED,
    HEAVENLY,
    MISSED_PONG,
    MISSED_WIN,
    ROB,
    SEAT3_NO_1M,
    priority_round,
    rob_round,
    self_draw_round,
    several_round,
)
from engine_helpers import (
    SEAT0,
    SEAT1,
    SEAT2,
    SEAT3,
    act,
    events_of,
    finish_in_match,
    kinds,
    pass_claims,
    play_out,
    play_until_wall_empty,
    stacked_round,
    tile,
)

from mjc.runtime import Ruleset
from mjc.runtime.actions import Action
from mjc.runtime.game import Round
from mjc.runtime.match import Match
from mjc.runtime.observation import observation
from mjc.runtime.tiles import tile_text

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
    assert events_of(game, "draw")[0]["seat"] == game.turn


def test_baise_荒庄_every_tile_is_drawn_and_the_last_discarded(book: Ruleset) -> None:
    """留牌：无 / 流局（荒庄）：摸到最后一张能摸的牌后打出一张牌，没有人胡牌则为荒庄 — nothing is
    left in the wall, and the last event is the discard of the seat that drew the last tile."""
    game = Round(book, seed=11)
    result = play_out(game)
    assert result["exhaustive_draw"] and game.wall.undrawn() == []
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
    game = stacked_round(book, HEAVENLY)
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


# ------------------------------------------------------------------ claims


@pytest.mark.parametrize(
    ("two", "three", "served"),
    [
        ("win", "exposed_kong", "win"),
        ("win", "pong", "win"),
        ("chow", "exposed_kong", "kong"),
        ("chow", "pong", "pong"),
        ("chow", "pass", "chow"),
    ],
)
def test_baise_优先级_胡_杠_碰_吃(book: Ruleset, two: str, three: str, served: str) -> None:
    """游戏中的游戏事件有吃牌、碰牌、杠牌、胡牌构成；从同一张牌产生游戏事件的优先级来说：胡牌>
    杠牌>碰牌>吃牌 — on seat 1's 1s, seat 2 (its 下家) may win or chow, seat 3 kong or pong."""
    game = priority_round(book)
    assert kinds(game, 2) == {"win", "chow", "pass"}
    assert kinds(game, 3) == {"exposed_kong", "pong", "pass"}
    chow = next(a for a in game.legal_actions(2) if a.kind == two)
    game.apply(chow)
    game.apply(Action(3, three, -1 if three == "pass" else tile("1s")))
    if served == "win":
        assert game.result is not None and game.result["winners"] == [2]
        return
    assert game.claim_history[-1]["kind"] == served
    assert game.claim_history[-1]["seat"] == (2 if served == "chow" else 3)


# 上吃下吐 / 吃: seat 1 holds 3456m and chows the dealer's 3m with 45m.
CHOW = ["137m147p124s12345z", "3456m258p25s1234z", SEAT2, SEAT3]


def test_baise_吃碰后不补牌_打一张牌(book: Ruleset) -> None:
    """摸吃、碰、杠牌后，都需要打出一张牌 / 吃、碰牌后不补牌，需要打一张牌 — after a chow and
    after a pong the seat draws nothing and may only discard."""
    game = stacked_round(book, CHOW)
    act(game, 0, "discard", "3m")
    game.apply(Action(1, "chow", tile("3m"), tile("3m")))
    assert game.events[-1]["type"] == "claim" and kinds(game, 1) == {"discard"}
    ponged = stacked_round(book, MISSED_PONG, "8s")
    act(ponged, 0, "discard", "9s")
    act(ponged, 2, "pong")
    assert ponged.events[-1]["type"] == "claim" and kinds(ponged, 2) == {"discard"}


def test_baise_杠牌后要补牌_the_last_tile(book: Ruleset) -> None:
    """杠牌后要补牌，是牌堆中按摸牌顺序的最后一张牌"""
    check_kong_draws_the_last_tile(book)


def test_baise_吃牌_only_the_next_seat(book: Ruleset) -> None:
    """吃牌：任何一家打出一张牌时，下一家手中有可以与该牌组成顺子的牌时，下发“吃”、“过”按钮 —
    seat 1 (the 下家) may chow the dealer's 3m; seat 2, holding 45m too, may not."""
    hands = ["137m147p124s12345z", "4566m258p25s1234z", "45m369p36s567z99s9m", SEAT3]
    game = stacked_round(book, hands)
    act(game, 0, "discard", "3m")
    assert kinds(game, 1) == {"chow", "pass"}
    assert "chow" not in kinds(game, 2)


@pytest.mark.parametrize("no_chow", [False, True])
def test_baise_不可吃(book: Ruleset, no_chow: bool) -> None:
    """不可吃：勾选后不能吃牌"""
    game = stacked_round(book, CHOW, options={"no_chow": no_chow})
    act(game, 0, "discard", "3m")
    assert ("chow" in kinds(game, 1)) is not no_chow


def test_baise_可上吃下吐(book: Ruleset) -> None:
    """可上吃下吐：吃完一张牌，能马上打出与吃的牌相同的牌 — seat 1 chows 3m into 345m and may
    discard its other 3m at once (or 6m, the run's other end)."""
    game = stacked_round(book, CHOW)
    act(game, 0, "discard", "3m")
    game.apply(Action(1, "chow", tile("3m"), tile("3m")))
    discards = {a.tile for a in game.legal_actions(1) if a.kind == "discard"}
    assert {tile("3m"), tile("6m")} <= discards


# 过吃不吃: seat 1 holds 1235m; it discards its 3m (breaking 123m) or its drawn 9m; the
# dealer later discards the 3m he drew.
REBUILD = [SEAT0.replace("9s", "7p"), "1235m258p25s1346z", SEAT2, SEAT3]


@pytest.mark.parametrize("broke", [True, False])
def test_baise_过吃不吃(book: Ruleset, broke: bool) -> None:
    """过吃不吃：手牌中有成顺的牌，拆开打出后，则之后不能再吃能成该顺的牌，示例有123万，打出3万，
    之后不能再吃3万组成123万的吃牌 — the seat that kept its run may chow."""
    game = stacked_round(book, REBUILD, "9m 9p 8m 3m")
    act(game, 0, "discard", "7p")
    pass_claims(game)
    act(game, 1, "discard", "3m" if broke else "9m")
    pass_claims(game)
    act(game, 2, "discard", "9p")
    pass_claims(game)
    act(game, 3, "discard", "8m")
    pass_claims(game)
    act(game, 0, "discard", "3m")
    assert ("chow" in kinds(game, 1)) is not broke


def test_baise_字牌不能吃(book: Ruleset) -> None:
    """字牌不能吃 — seat 1 holds 2z 3z and is not offered the dealer's 1z."""
    game = stacked_round(book, [SEAT0, SEAT1, SEAT2, SEAT3])
    act(game, 0, "discard", "1z")
    assert game.phase == "turn" and game.to_act() == [1]


def test_baise_碰牌_pong_or_pass(book: Ruleset) -> None:
    """碰牌：任何一家打出一张牌时，有一家的手上的牌有一对时，下发“碰”、“过”两个按钮"""
    game = stacked_round(book, MISSED_PONG, "8s")
    act(game, 0, "discard", "9s")
    assert kinds(game, 2) == {"pong", "pass"}
    act(game, 2, "pong")
    assert game.turn == 2


@pytest.mark.parametrize("before_own_draw", [True, False])
def test_baise_漏碰_until_the_seats_own_draw(book: Ruleset, before_own_draw: bool) -> None:
    """漏碰：任何一家打出一张牌时，能碰不碰，摸、吃、碰、杠牌前不能碰该牌（同张）"""
    check_missed_pong(book, before_own_draw)


def test_baise_convention_漏胡(book: Ruleset) -> None:
    """Convention (the seed states no 漏胡): seat 2 passes a win on the dealer's 1z and may not
    win on seat 1's 1z before its own draw."""
    game = stacked_round(book, MISSED_WIN, "9m 9m")
    act(game, 0, "discard", "1z")
    assert "win" in kinds(game, 2)
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "1z")
    assert game.phase == "turn" and game.to_act() == [2]
    assert not game.seats[2].no_win


# ------------------------------------------------------------------ kongs


def test_baise_明杠_kong_pong_or_pass(book: Ruleset) -> None:
    """杠牌：任何一家打出一张牌时，有一家的手上的牌有三张同样的牌时，下发“杠”、“碰”、“过”三个
    按钮 / 明杠（或直杠）"""
    check_exposed_kong_on_a_discard(book)


@pytest.mark.parametrize("hidden", [False, True])
def test_baise_暗杠_shows_one_tile_unless_暗杠不显示(book: Ruleset, hidden: bool) -> None:
    """暗杠：玩家手中拥有一模一样的4张牌时，可以进行暗杠操作；暗杠亮上方一张牌，所有玩家可见；（勾选
    “暗杠不显示”则全不亮）"""
    game = stacked_round(book, CONCEALED, options={"hidden_concealed_kong": hidden})
    act(game, 0, "concealed_kong", "1m")
    other = observation(game, 2)["seats"][0]["melds"][0]
    assert "tiles" not in other and ("shown" in other) is not hidden
    assert observation(game, 0)["seats"][0]["melds"][0]["tiles"] == ["1m"] * 4


def test_baise_碰后杠(book: Ruleset) -> None:
    """碰后杠：玩家碰了以后…之后玩家再次摸到一模一样的牌时，可以进行碰后杠"""
    check_added_kong(book)


def test_baise_有杠不杠_the_kong_waits(book: Ruleset) -> None:
    """有杠不杠后面可以继续杠：碰后杠、暗杠 — the dealer keeps his four 1m; his next turn offers
    the kong again."""
    check_the_kong_waits(book)


def test_baise_杠后还有杠可以连续开杠(book: Ruleset) -> None:
    """杠后还有杠可以连续开杠 — the dealer kongs 1m, draws the fourth 7p as its replacement and
    kongs again."""
    hands = ["1111m777p147s2345z", SEAT1, SEAT2, SEAT3_NO_1M]
    game = stacked_round(book, hands, tail="7p")
    act(game, 0, "concealed_kong", "1m")
    assert game.drew == tile("7p") and "concealed_kong" in kinds(game, 0)
    act(game, 0, "concealed_kong", "7p")
    assert [k["kind"] for k in game.kong_history] == ["concealed", "concealed"]


def test_baise_吃碰后不能马上杠(book: Ruleset) -> None:
    """吃、碰后不能马上杠，摸牌（或杠牌）后才能碰后杠 — seat 2 pongs holding 3333m: no kong
    before its next draw, then the kong is offered."""
    check_no_kong_right_after_a_pong(book)


def test_baise_没有可摸的牌不能杠牌(book: Ruleset) -> None:
    """没有可摸的牌不能杠牌 — seat 3 holds 777s and draws the last tile, the fourth 7s: no kong."""
    hands = [SEAT0, SEAT1, SEAT2, "123m123p123777s6z"]
    game = stacked_round(book, hands, tail="7s")
    play_until_wall_empty(game)
    assert game.turn == 3 and game.drew == tile("7s") and game.wall.drawable == 0
    assert game.seats[3].counts[tile("7s")] == 4
    assert "concealed_kong" not in kinds(game, 3)


def test_baise_抢杠胡_robs_a_碰后杠(book: Ruleset) -> None:
    """Convention (which kongs is not stated): seat 2 robs seat 1's 碰后杠 of 9s."""
    game = rob_round(book)
    act(game, 1, "added_kong", "9s")
    assert game.phase == "rob" and kinds(game, 2) == {"win", "pass"}
    game.apply(Action(2, "win"))
    assert game.result is not None and game.result["outcome"]["robbed_from"] == 1
    assert game.result["deltas"][1] < 0 < game.result["deltas"][2]


def test_baise_托管_摸什么打什么(book: Ruleset) -> None:
    """托管：摸什么打什么，不吃不碰不杠，系统自动摸牌、打牌、胡 — a seat played by `AutoBot`."""
    check_auto_play(book)


# ------------------------------------------------------------------ 王牌


def _in_play(game: Round) -> list[int]:
    counts = game.census()
    counts[game.indicator] -= 1  # the flipped tile is out of play
    return counts


@pytest.mark.parametrize(
    ("wang", "flipped", "wild", "copies"), [("da", "1m", "2m", 4), ("xiao", "2m", "2m", 3)]
)
def test_baise_王牌_大转_小转_copies_in_play(
    book: Ruleset, wang: str, flipped: str, wild: str, copies: int
) -> None:
    """大转：每次发牌时随机翻一张牌作为引牌，引牌序数+1才是王牌 / 引牌剩余可用的只有3张，王牌有4张
    / 小转：每次发牌时随机翻一张牌作为王牌；王牌只有3张"""
    hands = [SEAT0, SEAT1, SEAT2, SEAT3]
    game = stacked_round(book, hands, tail=flipped, options={"wang": wang})
    assert game.wilds == frozenset({tile(wild)})
    in_play = _in_play(game)
    assert in_play[tile(wild)] == copies
    assert in_play[tile(flipped)] == (3 if flipped != wild else copies)


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_王牌仅可代替任意牌胡牌_no_kong_of_王牌(book: Ruleset, wang: str) -> None:
    """王牌仅可代替任意牌胡牌 — the dealer's four 2m are 王牌 under 大转 (1m flipped) and make no
    concealed kong; under 无王 they do."""
    hands = ["2222m47p147s2345z9s", SEAT1.replace("258m", "58m9p"), SEAT2, "13m123p123s6677z5p"]
    game = stacked_round(book, hands, tail="1m", options={"wang": wang})
    assert ("concealed_kong" in kinds(game, 0)) is (wang == "none")


# The dealer discards a 2m; under 大转 with 1m flipped it is the 王牌. Seat 1 holds 13m,
# seat 2 222m, seat 3 a 4m single wait that a 王牌 would complete.
WANG_DISCARD = [
    "2m147p147s23456z99s", "13m258p258s12347z", "2228m369p369s567z", "4m456p789p123s456s"
]


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_王牌可打出_but_never_claimed(book: Ruleset, wang: str) -> None:
    """王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌 — under 无王 the same 2m is chowed,
    ponged or konged."""
    game = stacked_round(book, WANG_DISCARD, tail="1m", options={"wang": wang})
    assert Action(0, "discard", tile("2m")) in game.legal_actions(0)
    act(game, 0, "discard", "2m")
    if wang == "da":
        assert game.phase == "turn" and game.to_act() == [1]
    else:
        assert "chow" in kinds(game, 1) and "exposed_kong" in kinds(game, 2)


# The dealer discards 4m; seat 1 holds 23m (2m the 王牌 under 大转), seat 2 holds 24m.
WANG_AS_ITSELF = [
    "4m147p147s23456z99s", "23m258p258s12347z", "2468m369p369s567z", "5m456p789p123s456s"
]


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_王牌当本身或代替其他牌_不可以吃碰杠(book: Ruleset, wang: str) -> None:
    """王牌当本身或代替其他牌，都不可以吃、碰、杠别人打出的牌 — seat 1 may not chow 4m with its
    王牌 2m as itself, seat 2 may not pong it with the 王牌 standing for a 4m."""
    game = stacked_round(book, WANG_AS_ITSELF, tail="1m", options={"wang": wang})
    act(game, 0, "discard", "4m")
    assert "pong" not in kinds(game, 2)
    assert ("chow" in kinds(game, 1)) is (wang == "none")


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_听任意牌能炮胡(book: Ruleset, wang: str) -> None:
    """听任意牌能炮胡 — seat 2 holds 123m 456p 789s 111z and a 王牌 2m: it wins on the dealer's 9s;
    without 王牌 its hand waits on 2m only."""
    hands = [ROB[0], SEAT1, "1223m456p789s111z", SEAT3]
    game = stacked_round(book, hands, tail="1m", options={"wang": wang})
    act(game, 0, "discard", "9s")
    assert ("win" in kinds(game, 2)) is (wang == "da")


def test_baise_抓马_from_the_end_of_the_wall(book: Ruleset) -> None:
    """抓马：牌局结束时，胡牌者从剩余牌堆最后面取对应抓马数的牌 / 一炮多响也不抓马 — a win turns
    up the wall's last 4 tiles; two winners on one discard are paid as without horses."""
    options = {"horses": "any_win", "horse_count": "4"}
    game = stacked_round(book, HEAVENLY, options=options)
    end = [tile_text(t) for t in game.wall.tiles[-4:][::-1]]
    act(game, 0, "win")
    assert game.result is not None and game.result["outcome"]["horse_tiles"] == end
    deltas = []
    for chosen in (options, {}):
        several = several_round(book, options=chosen)
        several.apply(Action(2, "win"))
        several.apply(Action(3, "win"))
        assert several.result is not None
        deltas.append(several.result["deltas"])
    assert deltas[0] == deltas[1]


def test_baise_抓马_没有剩余牌时不抓马(book: Ruleset) -> None:
    """抓马注：胡牌时，剩余牌数不足时，剩几张则算抓几马；没有剩余牌时不抓马 — seat 3 self-draws
    on the last tile: no horse is turned up."""
    options = {"horses": "any_win", "horse_count": "4"}
    hands = [SEAT0, SEAT1, SEAT2, "123m123p12377s66z"]
    game = stacked_round(book, hands, tail="7s", options=options)
    play_until_wall_empty(game)
    assert game.turn == 3 and "win" in kinds(game, 3)
    act(game, 3, "win")
    assert game.result is not None and game.result["outcome"]["horse_tiles"] == []


# 四封: seat 2 pongs 1m (dealer), 2m and 3m (seat 3) and then waits on 3p with 45p 77z.
SEAL = ["158m258p258s2457z9s", "469m469p469s1236z", "112233m45p77z134z", "123m123p123s5566z"]


@pytest.mark.parametrize("play", ["mutual_seal", "neither"])
def test_baise_四封_three_pongs_may_not_win(book: Ruleset, play: str) -> None:
    """四封（可选）：吃4次/碰3次/吃2次并碰2次/吃3次并碰1次，这4种情况则不能胡牌；符合封胡时，封胡的
    玩家不再下发胡牌按钮，正常吃碰杠打牌 — seat 2 has ponged three times; seat 3's 3p completes its
    hand."""
    game = stacked_round(book, SEAL, "9m 9p 7s", options={"play": play})
    act(game, 0, "discard", "1m")
    act(game, 2, "pong")
    act(game, 2, "discard", "1z")
    for claimed, thrown in (("2m", "3z"), ("3m", "4z")):
        act(game, 3, "discard", claimed)
        act(game, 2, "pong")
        act(game, 2, "discard", thrown)
        pass_claims(game)
    assert len(game.seats[2].melds) == 3
    act(game, 3, "discard", "3p")
    assert ("win" in kinds(game, 2)) is (play == "neither")


@pytest.mark.parametrize("zimo_only", [False, True])
def test_baise_只可自摸(book: Ruleset, zimo_only: bool) -> None:
    """只可自摸：勾选后，只能自摸胡"""
    options = {"zimo_only": zimo_only}
    game = stacked_round(book, MISSED_WIN, "9m", options=options)
    act(game, 0, "discard", "1z")
    assert ("win" in kinds(game, 2)) is not zimo_only
    assert "win" in kinds(self_draw_round(book, options=options), 2)
