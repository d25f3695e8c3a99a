"""梅州麻将 (seed 002) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook (`Round`, `Match`) set up by a
`Scenario` where the clause needs one. test_play_meizhou.py checks the same clauses on the compiled
`TurnRules`; this file checks that the engine plays them. The inventory, each clause with
its test:

- 一、参与对象 游戏用户人数为 4人
    test_meizhou_参与对象_4人
- 三、起牌：坐庄者掷骨子…数到谁家…该家掷骨子…两数和相加，其值为起牌点 (10+5=15 墩)
    test_meizhou_起牌_the_second_roll_adds_to_the_first
- 三、起牌：每人均起完三次牌（12张）时，坐庄者再起两张牌，其余三人再起一张
    test_meizhou_起牌_dealer_14_others_13
- 四、出牌及顺序：由庄家先出牌，其次，依逆时针顺序
    test_meizhou_出牌_the_dealer_first_then_in_turn_order
- 四、如：碰，则不用起牌。如不碰，则起一张牌后将手中无用的牌弃一张
    test_meizhou_碰则不用起牌
- 五、在全部牌被摸完后，视为荒庄，此时没有胜负
    test_meizhou_荒庄_every_tile_drawn_no_result
- 五、荒庄…庄由原庄家的下家担任 / 六、规则二：出现流局时，庄家由原庄家的下家担任
    test_meizhou_规则二_流局_the_dealers_下家_deals
- 六、规则一：庄家胡牌则其继续担任庄家
    test_meizhou_规则一_the_dealer_wins_and_stays
- 六、规则一：如有偏家胡牌，则由胡牌偏家做庄，即谁胡谁庄
    test_meizhou_规则一_谁胡谁庄
- 六、规则三：出现抢杠时，被抢玩家即为下盘庄家 / 十、被抢玩家在新开局中为庄家
    test_meizhou_规则三_the_robbed_seat_deals
- 七、暗杠：手中有四张同样的牌…可确定杠或者不杠
    test_meizhou_暗杠_may_be_declared_or_not
- 七、暗杠后，将暗杠的牌明放在自家门前（全暗）
    test_meizhou_暗杠_全暗
- 七、再从最后补一张牌（补牌的顺序应是从牌尾算起）
    test_meizhou_补牌_from_the_tail
- 七、明杠①：其他玩家所弃之牌与自己手中的牌一样时，可确定杠或者不杠
    test_meizhou_明杠_on_a_discard
- 七、明杠②：玩家在碰牌后，摸到所碰相同的牌时，可以选择杠或者不杠
    test_meizhou_明杠_added_to_a_pong
- 七、抢杠：明杠时，如有人胡被杠牌时…被抢杠者一个人承担3家的分数…普通胡牌…6分
    test_meizhou_抢杠_the_robbed_seat_pays_for_three
- several robbers of one kong (convention: all win, the robbed seat deals)
    test_meizhou_convention_two_robbers
- 八、碰牌：遇到有玩家弃牌一样时…决定是否碰
    test_meizhou_碰牌_from_any_seat
- 九、自摸 / 十、胡牌后只计自摸 (no win on a discard)
    test_meizhou_只计自摸_no_win_on_a_discard
- 十、暗杠…其余三家每人均赔2倍 / 杠上开花…由其他三位玩家平均分担 (同自摸原理)
    test_meizhou_杠上开花_and_暗杠_paid_by_the_three
- 十、只要有某玩家胡牌后…根据杠牌的情况再继续进行结算。无人胡牌将不进行此结算
    test_meizhou_无人胡牌_no_kong_payment
- 漏碰 (convention: the same tile until the seat's own draw)
    test_meizhou_convention_漏碰
- no kong without a replacement tile (convention, as 百色)
    test_meizhou_convention_no_kong_on_the_last_tile
- seat winds (convention: they move with the deal)
    test_meizhou_convention_the_dealer_sits_east

二、确定庄家 (a first dealer drawn by the dice, `first_dealer random`) is played in
tests/game/test_game_tableflow.py (the seed draws the first dealer; the matches here name
seat 0, whose set-up rounds they finish). The priority 胡 > 杠 > 碰 (convention) has no case
to play: no win is made on a discard, and a kong and a pong of one discard would need five
copies.
"""

from __future__ import annotations

import pytest
from clause_checks import (
    added_kong_round,
    check_exposed_kong_on_a_discard,
    check_kong_draws_the_last_tile,
    check_pong_then_discard_without_a_draw,
)
from clause_deals import (
    CONCEALED,
    HEAVENLY,
    MISSED_PONG,
    MISSED_WIN,
    ROB_TWO,
    SEAT3_NO_1M,
    rob_round,
    self_draw_round,
)
from engine_helpers import (
    SEAT0,
    SEAT1,
    SEAT2,
    act,
    break_start,
    broken_wall,
    drawn,
    drew_after_kong,
    events_of,
    finish_in_match,
    kinds,
    pass_claims,
    play_out,
    play_until_wall_empty,
    scenario_round,
)

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from mjc.runtime.game.roundstate import Kong
from mjc.runtime.tiles.tile import tile_text

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("meizhou")


# ------------------------------------------------------------------ the wall and the deal


def test_meizhou_参与对象_4人(book: Ruleset) -> None:
    """一、参与对象 游戏用户人数为 4人 — four play a round; three are refused."""
    assert play_out(Round(book, seed=4))["exhaustive_draw"]
    with pytest.raises(GameSetupError):
        Round(book, seed=4, players=3)


@pytest.mark.parametrize("dealer", [0, 1])
def test_meizhou_起牌_the_second_roll_adds_to_the_first(book: Ruleset, dealer: int) -> None:
    """三、起牌：由坐庄者掷骨子，将掷出的骨子点子数相加，按逆时针方向，数到谁家，既从该家门前起牌。
    从什么地方起牌则由该家掷骨子决定，把该家所掷骨子数和加上刚才坐庄者所掷骨子数和相加，其值为起牌
    点 — four dice: the dealer's two pick the wall, all four the stack."""
    for seed in range(6):
        game = Round(book, seed=seed, dealer=dealer)
        wall_now = game.state().wall
        assert len(wall_now.dice) == 4 and all(1 <= d <= 6 for d in wall_now.dice)
        start = break_start(game, smaller=False)
        assert wall_now.start == start
        wall = broken_wall(game, start)
        dealt = events_of(game, "deal")[0]
        assert dealt["tiles"] == [tile_text(t) for t in wall[:14]]


def test_meizhou_起牌_dealer_14_others_13(book: Ruleset) -> None:
    """三、起牌：每人均起完三次牌（12张）时，由坐庄者再起两张牌，其余三人按顺序再起一张"""
    game = Round(book, seed=5, dealer=3)
    sizes = {e["seat"]: len(e["tiles"]) for e in events_of(game, "deal")}
    assert sizes == {0: 13, 1: 13, 2: 13, 3: 14}


def test_meizhou_出牌_the_dealer_first_then_in_turn_order(book: Ruleset) -> None:
    """四、出牌及顺序 由庄家先出牌，其次，依逆时针顺序 — with nothing claimed, each seat draws
    in turn after the dealer's discard."""
    game = scenario_round(book, [SEAT0, SEAT1, SEAT2, "124m123p123s6677z"], "9m 9p 8m")
    assert game.to_act() == [0] and not events_of(game, "draw")
    act(game, 0, "discard", "4z")
    for seat, tile in ((1, "9m"), (2, "9p"), (3, "8m")):
        assert game.state().turn == seat and drawn(game) == tile
        act(game, seat, "discard", tile)
        pass_claims(game)


def test_meizhou_碰则不用起牌(book: Ruleset) -> None:
    """四、如：碰，则不用起牌。如不碰，则起一张牌后将手中无用的牌弃一张 — seat 2 pongs the
    dealer's 9s and discards without drawing."""
    check_pong_then_discard_without_a_draw(book)


def test_meizhou_荒庄_every_tile_drawn_no_result(book: Ruleset) -> None:
    """五、在全部牌被摸完后， 视为荒庄，此时没有胜负"""
    game = Round(book, seed=2)
    result = play_out(game)
    wall = game.state().wall
    assert result["exhaustive_draw"] and wall.tiles == wall.reserved == ()
    assert result["deltas"] == [0, 0, 0, 0]


def test_meizhou_规则二_流局_the_dealers_下家_deals(book: Ruleset) -> None:
    """五、庄由原庄家的下家担任 / 六、规则二：出现流局时，庄家由原庄家的下家担任 — two drawn
    rounds move the deal from seat 3 to 0, then 1."""
    match = Match(book, seed=1, dealer=3)
    for expected in (0, 1):
        game = match.next_round()
        play_out(game)
        finish_in_match(match, game)
        assert (match.dealer, match.streak) == (expected, 0)


# ------------------------------------------------------------------ 轮庄


def test_meizhou_规则一_the_dealer_wins_and_stays(book: Ruleset) -> None:
    """六、规则一：庄家胡牌则其继续担任庄家 — the dealer's 天胡 (a self-draw)."""
    match = Match(book, seed=1, dealer=0)  # the set-up rounds are seat 0's
    game = scenario_round(book, HEAVENLY)
    act(game, 0, "win")
    finish_in_match(match, game)
    assert (match.dealer, match.streak) == (0, 1)


def test_meizhou_规则一_谁胡谁庄(book: Ruleset) -> None:
    """六、规则一：如有偏家胡牌，则由胡牌偏家做庄，即谁胡谁庄 — seat 2 self-draws."""
    match = Match(book, seed=1, dealer=0)  # the set-up rounds are seat 0's
    game = self_draw_round(book)
    act(game, 2, "win")
    finish_in_match(match, game)
    assert match.next_round().dealer == 2


def test_meizhou_规则三_the_robbed_seat_deals(book: Ruleset) -> None:
    """六、规则三：出现抢杠时，被抢玩家即为下盘庄家 / 被抢玩家在新开局中为庄家 — seat 2 robs seat
    1's kong; seat 1, not the winner, deals next."""
    match = Match(book, seed=1, dealer=0)  # the set-up rounds are seat 0's
    game = rob_round(book)
    act(game, 1, "added_kong", "9s")
    game.apply(Action(2, "win"))
    finish_in_match(match, game)
    assert match.next_round().dealer == 1


# ------------------------------------------------------------------ 七、杠牌及抢杠


def test_meizhou_暗杠_may_be_declared_or_not(book: Ruleset) -> None:
    """七、暗杠：即玩家自己手中有四张同样的牌…玩家根据牌的情况，可确定杠或者不杠"""
    game = scenario_round(book, CONCEALED)
    assert {"concealed_kong", "discard"} <= kinds(game, 0)
    act(game, 0, "discard", "1m")  # not konged: the tiles stay in the hand
    assert not game.state().seats[0].melds


def test_meizhou_暗杠_全暗(book: Ruleset) -> None:
    """七、暗杠后，将暗杠的牌明放在自家门前（全暗） — the others see no tile of it."""
    game = scenario_round(book, CONCEALED)
    act(game, 0, "concealed_kong", "1m")
    other = observation(game, 1)["seats"][0]["melds"][0]
    assert "tiles" not in other and "shown" not in other


def test_meizhou_补牌_from_the_tail(book: Ruleset) -> None:
    """七、再从最后补一张牌（补牌的顺序应是从牌尾算起，按照顺序从最后一墩补牌）"""
    check_kong_draws_the_last_tile(book)


def test_meizhou_明杠_on_a_discard(book: Ruleset) -> None:
    """七、明杠：①玩家自己手中有三张同样的牌，其他玩家所弃之牌与自己手中的牌一样时，根据情况，可确定
    杠或者不杠"""
    check_exposed_kong_on_a_discard(book)


def test_meizhou_明杠_added_to_a_pong(book: Ruleset) -> None:
    """七、明杠：②玩家在碰牌后，摸到所碰相同的牌时，可以选择杠或者不杠"""
    game = added_kong_round(book)
    assert {"added_kong", "discard"} <= kinds(game, 1)
    act(game, 1, "added_kong", "9s")
    assert game.state().kongs == (Kong(1, "added"),)


def test_meizhou_抢杠_the_robbed_seat_pays_for_three(book: Ruleset) -> None:
    """七、抢杠：明杠时，如有人胡被杠牌时，那么即为抢杠，被抢杠者一个人承担 3 家的分数…例如：普通
    胡牌类型，被抢杠玩家需要出 6 分给予抢杠玩家"""
    game = rob_round(book)
    act(game, 1, "added_kong", "9s")
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    game.apply(Action(2, "win"))
    assert game.result is not None
    assert game.result["deltas"] == [0, -6, 6, 0]


def test_meizhou_convention_two_robbers(book: Ruleset) -> None:
    """Convention (the seed does not say): seats 2 and 3 both rob seat 1's kong of 9s; both
    win, and the robbed seat 1 deals next."""
    game = rob_round(book, ROB_TWO)
    act(game, 1, "added_kong", "9s")
    game.apply(Action(2, "win"))
    game.apply(Action(3, "win"))
    assert game.result is not None and game.result["winners"] == [2, 3]
    assert game.result["next_dealer"] == 1


def test_meizhou_碰牌_from_any_seat(book: Ruleset) -> None:
    """八、碰牌 当自己手中有两张同样的牌，遇到有玩家弃牌一样时，根据自己牌的情况，决定是否碰 —
    seat 2 may pong the dealer's 9s or pass."""
    game = scenario_round(book, MISSED_PONG, "8s")
    act(game, 0, "discard", "9s")
    assert kinds(game, 2) == {"pong", "pass"}


def test_meizhou_只计自摸_no_win_on_a_discard(book: Ruleset) -> None:
    """九、自摸：所需的最后一张牌由自己抓来，称之为自摸 / 十、胡牌后只计自摸 — seat 2 may not win
    on the dealer's 1z (it may pong it), and wins when it draws its tile."""
    game = scenario_round(book, MISSED_WIN, "9m")
    act(game, 0, "discard", "1z")
    assert kinds(game, 2) == {"pong", "pass"}
    assert "win" in kinds(self_draw_round(book), 2)


# The dealer holds 1111m 456p 789s 111z 2z; his kong's replacement is the 2z he waits on.
BLOOM = ["1111m456p789s111z2z", SEAT1, SEAT2, SEAT3_NO_1M]


def test_meizhou_杠上开花_and_暗杠_paid_by_the_three(book: Ruleset) -> None:
    """十、自摸赔率最低 2 倍 / 暗杠…其余三家每人均赔给杠牌者 2 倍 / 杠上开花…所赢金额则由其他三位
    玩家平均分担（同自摸原理） — each of the three pays 2 for the hand and 2 for the 暗杠."""
    game = scenario_round(book, BLOOM, tail="2z")
    act(game, 0, "concealed_kong", "1m")
    assert drew_after_kong(game) and "win" in kinds(game, 0)
    act(game, 0, "win")
    assert game.result is not None
    assert game.result["deltas"] == [12, -4, -4, -4]


def test_meizhou_无人胡牌_no_kong_payment(book: Ruleset) -> None:
    """十、只要有某玩家胡牌后，且四个玩家中有人牌面有杠，则根据杠牌的情况再继续进行结算。无人胡牌将不
    进行此结算 — the dealer's 暗杠 in a drawn round is not paid."""
    game = scenario_round(book, CONCEALED)
    act(game, 0, "concealed_kong", "1m")
    result = play_out(game)
    assert result["exhaustive_draw"] and result["deltas"] == [0, 0, 0, 0]


def test_meizhou_convention_漏碰(book: Ruleset) -> None:
    """Convention (the seed states no 漏碰): seat 2 passes the dealer's 9s and may not pong seat
    1's 9s before its own draw."""
    game = scenario_round(book, MISSED_PONG, "8s")
    act(game, 0, "discard", "9s")
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "9s")
    assert game.state().phase == "turn" and game.to_act() == [2]


def test_meizhou_convention_no_kong_on_the_last_tile(book: Ruleset) -> None:
    """Convention (as 百色 没有可摸的牌不能杠牌): seat 3 holds 777s and draws the last tile, the
    fourth 7s: no kong."""
    game = scenario_round(book, [SEAT0, SEAT1, SEAT2, "123m123p123777s6z"], last="7s")
    play_until_wall_empty(game)
    assert game.state().turn == 3 and drawn(game) == "7s"
    assert "concealed_kong" not in kinds(game, 3)


def test_meizhou_convention_the_dealer_sits_east(book: Ruleset) -> None:
    """Convention: the seats' winds move with the deal — after a drawn round seat 1 is 东."""
    match = Match(book, seed=1, dealer=0)  # the set-up rounds are seat 0's
    game = match.next_round()
    play_out(game)
    finish_in_match(match, game)
    assert match.next_round().seat_wind(1) == "E"
