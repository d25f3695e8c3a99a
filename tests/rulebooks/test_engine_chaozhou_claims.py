"""潮州麻将 (seed 000) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook under its options (`Round`, `Match`) on
a `Scenario` where the clause needs one. test_play_chaozhou.py checks the same clauses on
the compiled `TurnRules`; this file checks that the engine plays them. The inventory, each
clause with its test:

- 操作：碰牌、杠牌、胡牌 / 吃牌：无
    test_chaozhou_吃牌_无_no_chow_is_offered
- 优先级：胡牌>杠牌>碰牌
    test_chaozhou_优先级_胡_杠_碰
- 碰牌：任何一家打出一张牌…有一对时，可以进行碰牌
    test_chaozhou_碰牌_from_any_seat
- 摸牌或碰、补牌后，都需要打出一张牌
    test_chaozhou_碰后_打出一张牌_without_a_draw
- 漏碰：能碰不碰，摸、碰、杠牌前都不能再碰同张
    test_chaozhou_漏碰_until_the_seats_own_draw
- 漏胡 (convention: the same tile until the seat's own draw)
    test_chaozhou_convention_漏胡
- 杠牌：有人打出第四张…直杠 (全明)
    test_chaozhou_直杠_on_a_discarded_fourth_tile
- 杠牌后需要进行补一张牌（从牌堆的逆时针处补）
    test_chaozhou_杠后补牌_from_the_tail
- 暗杠：一模一样的4张牌 / 暗杠时翻一张牌出来，别的玩家可以看到
    test_chaozhou_暗杠_shows_one_tile
- 碰杠：碰了之后，自己摸到第四张牌时，可以选择杠 (全明)
    test_chaozhou_碰杠_added_to_a_pong_in_the_open
- 有杠不杠后面可以继续杠：暗杠、碰杠
    test_chaozhou_有杠不杠_the_kong_waits
- 碰完不可以立马开杠（不管是不是同组牌）
    test_chaozhou_碰完不可以立马开杠
- 抢杠胡 (convention: only a 碰杠)
    test_chaozhou_抢杠胡_robs_an_added_kong
- 必胡：有胡必胡，不下发“过”按钮，有杠也不能杠 (both settings)
    test_chaozhou_必胡
- 胡牌：自摸（20分以上可吃胡） (both settings)
    test_chaozhou_自摸_20分以上可吃胡
- 鸡胡不能吃胡 (both settings)
    test_chaozhou_鸡胡不能吃胡
- 鬼牌能打出，能碰、杠
    test_chaozhou_鬼牌能打出能碰
- 翻鬼：开局随机翻开一张牌，顺位为鬼 / 翻开的牌张数3张，该种牌没有杠
    test_chaozhou_翻鬼_the_flipped_kind_is_never_konged
- 买马：发完牌，出牌前每人发X张买马牌 / 罚X马仅庄家 / 买马牌不占原有牌数
    test_chaozhou_买马_dealt_before_the_first_discard
- 奖马：胡牌者从牌墙最后翻开 / 流局不翻奖马牌
    test_chaozhou_奖马_turned_up_from_the_end_for_a_win_only
- 跟庄：闲家依次打出相同的牌…第X圈跟庄后，庄家给每个人X分 (跟庄1分)
    test_chaozhou_跟庄_paid_by_the_dealer_with_跟庄1分
- 跟庄：起手庄家打出第一张牌（起手暗杠后打出的不算）
    test_chaozhou_跟庄_起手暗杠后打出的不算
- 跟庄分：（仅限3、4人场）
    test_chaozhou_跟庄_仅限3_4人场
- 吃杠爆杠全包：点杠后补牌自摸胡，点杠者包三家 (both settings)
    test_chaozhou_吃杠爆杠全包
- 托管：摸什么打什么，不碰不杠，系统自动摸牌、打牌、胡
    test_chaozhou_托管_摸什么打什么

This file: claims, kongs and the options that change play. The rest of the inventory (the
wall, the deal and the dealer) is in `test_engine_chaozhou_wall_and_dealer.py`.
"""

from __future__ import annotations

import pytest
from clause_checks import (
    check_added_kong,
    check_auto_play,
    check_kong_draws_the_last_tile,
    check_missed_pong,
    check_no_kong_right_after_a_pong,
    check_pong_then_discard_without_a_draw,
    check_the_kong_waits,
)
from clause_deals import (
    CONCEALED,
    EXPOSED,
    HEAVENLY,
    MISSED_PONG,
    MISSED_WIN,
    WIN_OR_KONG,
    priority_round,
    rob_round,
    self_draw_round,
)
from engine_helpers import (
    SEAT1,
    SEAT2,
    SEAT3,
    act,
    drawn,
    drew_after_kong,
    events_of,
    kinds,
    play_out,
    scenario_round,
    tile,
)

from mjc.runtime import Ruleset
from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.game.observation import observation
from mjc.runtime.game.roundstate import Kong

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("chaozhou")


# ------------------------------------------------------------------ claims


def test_chaozhou_吃牌_无_no_chow_is_offered(book: Ruleset) -> None:
    """操作：游戏中的游戏事件有碰牌、杠牌、胡牌组成 / 吃牌：无 — seat 1 holds 45m and is not
    offered the dealer's 3m (the round goes on to its draw)."""
    hands = ["137m147p124s12345z", "4566m258p25s1234z", SEAT2, SEAT3]
    game = scenario_round(book, hands)
    act(game, 0, "discard", "3m")
    assert game.state().phase == "turn" and game.to_act() == [1]


@pytest.mark.parametrize("claim", ["exposed_kong", "pong"])
def test_chaozhou_优先级_胡_杠_碰(book: Ruleset, claim: str) -> None:
    """从同一张牌产生游戏事件的优先级来说：胡牌>杠牌>碰牌 — seat 3 kongs or pongs seat 1's 1s
    while seat 2 wins on it: the win is served."""
    game = priority_round(book)
    assert kinds(game, 3) >= {"exposed_kong", "pong"} and "win" in kinds(game, 2)
    game.apply(Action(3, claim, tile("1s")))
    game.apply(Action(2, "win"))
    assert game.result is not None and game.result["winners"] == [2]
    assert game.result["outcome"]["claims"] == []


def test_chaozhou_碰牌_from_any_seat(book: Ruleset) -> None:
    """碰牌：任何一家打出一张牌时，有一家的手上的牌有一对时，可以进行碰牌操作 — seat 2, the
    dealer's 对家, pongs his 9s and plays next."""
    game = scenario_round(book, MISSED_PONG, "8s")
    act(game, 0, "discard", "9s")
    act(game, 2, "pong")
    state = game.state()
    assert state.turn == 2 and state.claims[-1].from_seat == 0


def test_chaozhou_碰后_打出一张牌_without_a_draw(book: Ruleset) -> None:
    """摸牌或碰、补牌后，都需要打出一张牌 — after the pong seat 2 draws nothing and may only
    discard."""
    check_pong_then_discard_without_a_draw(book)


@pytest.mark.parametrize("before_own_draw", [True, False])
def test_chaozhou_漏碰_until_the_seats_own_draw(book: Ruleset, before_own_draw: bool) -> None:
    """漏碰：任意一家打出一张牌，有玩家可以碰但不碰，则该玩家摸、碰、杠牌前都不能再碰同张 — seat
    2 passes the dealer's 9s; the next 9s may not be ponged before seat 2's own draw, and may
    after it."""
    check_missed_pong(book, before_own_draw)


def test_chaozhou_convention_漏胡(book: Ruleset) -> None:
    """Convention (the seed states no 漏胡): seat 2 passes a win on the dealer's 1z and may not
    win on seat 1's 1z before its own draw; its draw lifts the bar."""
    game = scenario_round(book, MISSED_WIN, "9m 9m")
    act(game, 0, "discard", "1z")
    assert "win" in kinds(game, 2)
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "1z")
    state = game.state()
    assert state.phase == "turn" and state.to_act == (2,)  # no window opened for seat 2
    assert state.seats[2].missed_win == ()  # its draw ended 漏胡


# ------------------------------------------------------------------ kongs


def test_chaozhou_直杠_on_a_discarded_fourth_tile(book: Ruleset) -> None:
    """杠牌：玩家的牌有三张相同时，有人打出第四张…直杠（全明） — seat 2 kongs the dealer's 9m,
    in the open."""
    game = scenario_round(book, EXPOSED)
    act(game, 0, "discard", "9m")
    assert kinds(game, 2) == {"exposed_kong", "pong", "pass"}
    act(game, 2, "exposed_kong")
    seen = observation(game, 1)["seats"][2]["melds"][0]
    assert seen["tiles"] == ["9m"] * 4
    assert game.state().kongs == (Kong(2, "exposed", fed_by=0),)


def test_chaozhou_杠后补牌_from_the_tail(book: Ruleset) -> None:
    """杠牌后需要进行补一张牌。（从牌堆的逆时针处补） — the replacement is the wall's last tile."""
    game, last = check_kong_draws_the_last_tile(book)
    assert game.state().turn == 0 and drawn(game) == last


def test_chaozhou_暗杠_shows_one_tile(book: Ruleset) -> None:
    """暗杠：玩家手中拥有一模一样的4张牌时，可以进行暗杠操作；暗杠时自己处需要翻一张牌出来，别的
    玩家可以看到暗杠的牌"""
    game = scenario_round(book, CONCEALED)
    assert "concealed_kong" in kinds(game, 0)
    act(game, 0, "concealed_kong", "1m")
    other = observation(game, 1)["seats"][0]["melds"][0]
    assert other["shown"] == "1m" and "tiles" not in other


def test_chaozhou_碰杠_added_to_a_pong_in_the_open(book: Ruleset) -> None:
    """碰杠：玩家碰了之后，自己摸到第四张牌时，可以选择杠，这样的方式叫碰杠（全明）"""
    game = check_added_kong(book)
    seen = observation(game, 3)["seats"][1]["melds"][0]
    assert seen["tiles"] == ["9s"] * 4


def test_chaozhou_有杠不杠_the_kong_waits(book: Ruleset) -> None:
    """有杠不杠后面可以继续杠：暗杠、碰杠 — the dealer does not kong his four 1m at once; on his
    next turn the kong is offered again."""
    check_the_kong_waits(book)


def test_chaozhou_碰完不可以立马开杠(book: Ruleset) -> None:
    """碰完不可以立马开杠；（不管是不是同组牌） — seat 2 pongs 9s holding 3333m: no kong until
    its next draw."""
    check_no_kong_right_after_a_pong(book)


def test_chaozhou_抢杠胡_robs_an_added_kong(book: Ruleset) -> None:
    """Convention (which kongs is not stated): seat 2 robs seat 1's 碰杠 of 9s; the robbed
    seat pays, and no kong is recorded."""
    game = rob_round(book)
    act(game, 1, "added_kong", "9s")
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    game.apply(Action(2, "win"))
    result = game.result
    assert result is not None and result["outcome"]["robbed_from"] == 1
    assert result["outcome"]["kongs"] == []
    assert result["deltas"][1] == -result["deltas"][2] < 0


# ------------------------------------------------------------------ options that change play


SEAT3_FREE = "13m123p123s6677z5p"  # SEAT3 without its 2m


@pytest.mark.parametrize("must", [False, True])
def test_chaozhou_必胡(book: Ruleset, must: bool) -> None:
    """必胡：勾选后，有胡必胡，不下发“过”按钮，有杠也不能杠 — on a discard and on one's own turn."""
    game = scenario_round(book, MISSED_WIN, "9m", options={"must_win": must})
    act(game, 0, "discard", "1z")
    assert (game.legal_actions(2) == [Action(2, "win")]) is must
    assert ("pass" in kinds(game, 2)) is not must
    own = scenario_round(book, WIN_OR_KONG, options={"must_win": must})
    assert ("concealed_kong" in kinds(own, 0)) is not must
    assert "win" in kinds(own, 0)


# Seat 2's 鸡胡 wait on 1z (123m 456p 789s 55z + 11z): `MISSED_WIN`.
CHICKEN_WAIT = MISSED_WIN
# Seat 2 waits on 5z in 字一色 (111z 222z 333z 66z + 555z: 20 分); the dealer discards 5z.
ALL_HONOURS = ["147m147p147s457z99p", "258m258p235689s4z", "11122233355z66z", "369m369p14779s67z"]


@pytest.mark.parametrize("hu", ["chihu", "zimo"])
def test_chaozhou_自摸_20分以上可吃胡(book: Ruleset, hu: str) -> None:
    """胡牌：自摸（20分以上可吃胡）：勾选后，只可自摸胡，当胡牌分达到20分及以上时也可以点炮胡 —
    a 鸡胡 may not win on a discard under 自摸, a 字一色 (20) may; self-draws win under both."""
    options = {"hu": hu}
    game = scenario_round(book, CHICKEN_WAIT, "9m", options=options)
    act(game, 0, "discard", "1z")
    assert ("win" in kinds(game, 2)) is (hu == "chihu")
    big = scenario_round(book, ALL_HONOURS, options=options)
    act(big, 0, "discard", "5z")
    assert "win" in kinds(big, 2)
    own = self_draw_round(book, options=options)
    assert "win" in kinds(own, 2)


@pytest.mark.parametrize("option", [False, True])
def test_chaozhou_鸡胡不能吃胡(book: Ruleset, option: bool) -> None:
    """鸡胡不能吃胡：勾选后，胡鸡胡牌型只可自摸 — seat 2's 鸡胡 on the dealer's 1z."""
    options = {"chicken_self_draw_only": option}
    game = scenario_round(book, CHICKEN_WAIT, "9m", options=options)
    act(game, 0, "discard", "1z")
    assert ("win" in kinds(game, 2)) is not option
    assert "win" in kinds(self_draw_round(book, options=options), 2)


def test_chaozhou_鬼牌能打出能碰(book: Ruleset) -> None:
    """鬼牌能打出，能碰、杠 (白板做鬼) — the dealer discards a 白板 and seat 2 may pong it."""
    hands = ["147m147p124s12345z", SEAT1, "369m369p36s557z99s", SEAT3]
    game = scenario_round(book, hands, options={"ghost": "white"})
    assert "5z" in game.state().wilds
    act(game, 0, "discard", "5z")
    assert "pong" in kinds(game, 2)


def test_chaozhou_翻鬼_the_flipped_kind_is_never_konged(book: Ruleset) -> None:
    """翻鬼：开局随机翻开一张牌，该牌的顺位1种牌面为鬼牌 / 翻开的牌张数：3张，该种牌没有杠 — the
    2m is flipped from the wall, so 3m is the ghost and 2m keeps three copies in play (the
    dealer's); over played rounds nobody ever kongs the flipped kind."""
    hands = ["222m457p147s2345z9s", SEAT1.replace("258m", "58m9p"), SEAT2, SEAT3_FREE]
    game = scenario_round(book, hands, options={"ghost": "flip"}, indicator="2m")
    assert events_of(game, "indicator") == [{"type": "indicator", "tile": "2m"}]
    state = game.state()
    assert state.wilds == ("3m",)
    assert game.census()[tile("2m")] == 4 and state.seats[0].concealed.count("2m") == 3
    for seed in range(6):
        played = Round(book, seed=seed, options={"ghost": "flip"})
        play_round(played, [RandomBot(seed + s) for s in range(4)])
        seen = played.state()
        konged = {m.tiles[0] for st in seen.seats for m in st.melds if m.kind == "kong"}
        assert seen.indicator not in konged


def test_chaozhou_买马_dealt_before_the_first_discard(book: Ruleset) -> None:
    """买马：在总共玩家发完牌，出牌前每个人发X张买马牌 / 罚X马即是仅庄家摸X张买马牌 / 注：买马牌
    不占原有牌数 — the hands stay 14 and 13."""
    for option, owners, count in (
        ("1", [0, 1, 2, 3], 1),
        ("2", [0, 1, 2, 3], 2),
        ("penalty1", [0], 1),
        ("penalty2", [0], 2),
    ):
        game = Round(book, seed=2, options={"buy_horses": option})
        horses = events_of(game, "horses")
        assert [e["seat"] for e in horses] == owners
        assert all(len(e["tiles"]) == count for e in horses)
        assert all(e["type"] != "action" for e in game.events)
        assert [len(seat.concealed) for seat in game.state().seats] == [14, 13, 13, 13]


def test_chaozhou_奖马_turned_up_from_the_end_for_a_win_only(book: Ruleset) -> None:
    """奖马：每局游戏结束，胡牌者从牌墙最后翻开对应买奖马数的牌 / 流局不翻奖马牌"""
    options = {"bonus_horses": "5"}
    game = scenario_round(book, HEAVENLY, options=options)
    wall = game.state().wall
    end = list((wall.reserved + wall.tiles[::-1])[:5])  # the wall's end, the last tile first
    act(game, 0, "win")
    assert game.result is not None and game.result["outcome"]["horse_tiles"] == end
    drawn = Round(book, seed=3, options=options)
    assert "horse_tiles" not in play_out(drawn)["outcome"]


# Every seat holds one 1z and no pair of it; seats 1-3 draw 8m, 9m, 9p and discard their 1z.
FOLLOW = ["147m147p124s12345z", SEAT1, "369m369p368s1567z", "123m123p123s1677z"]


@pytest.mark.parametrize("option", [False, True])
def test_chaozhou_跟庄_paid_by_the_dealer_with_跟庄1分(book: Ruleset, option: bool) -> None:
    """跟庄分：起手庄家打出第一张牌，闲家依次打出相同的牌，此为跟庄 / 第X圈跟庄后，庄家给每个人X分
    / 跟庄1分：勾选后，才有跟庄分 — the dealer's 1z is followed by the three others; the round
    is then drawn, and the dealer pays 1 to each only with the option."""
    game = scenario_round(book, FOLLOW, "8m 9m 9p", options={"follow_dealer": option})
    act(game, 0, "discard", "1z")
    for seat in (1, 2, 3):
        act(game, seat, "discard", "1z")
    result = play_out(game)
    assert result["exhaustive_draw"]
    assert result["outcome"]["opening"]["go_arounds"][0]["discards"] == ["1z"] * 4
    assert result["deltas"] == ([-3, 1, 1, 1] if option else [0, 0, 0, 0])


def test_chaozhou_跟庄_起手暗杠后打出的不算(book: Ruleset) -> None:
    """跟庄：起手庄家打出第一张牌（起手暗杠后打出的不算），闲家依次打出相同的牌 — the dealer konged
    his four 1m before his first discard: the three following his 1z earn nothing."""
    hands = ["1111m47p124s12345z", FOLLOW[1], FOLLOW[2], "23m123p123s16777z"]
    game = scenario_round(book, hands, "8m 9m 9p", options={"follow_dealer": True})
    act(game, 0, "concealed_kong", "1m")
    act(game, 0, "discard", "1z")
    for seat in (1, 2, 3):
        act(game, seat, "discard", "1z")
    result = play_out(game)
    assert result["outcome"]["opening"]["dealer_concealed_kong"]
    assert result["deltas"] == [0, 0, 0, 0]


def test_chaozhou_跟庄_仅限3_4人场(book: Ruleset) -> None:
    """跟庄分：…（仅限3、4人场） — 跟庄1分 sets up a round of 3 players, and none of 2."""
    assert Round(book, seed=1, players=3, options={"follow_dealer": True}).players == 3
    with pytest.raises(ValueError, match="跟庄"):
        Round(book, seed=1, players=2, options={"follow_dealer": True})


@pytest.mark.parametrize("option", [False, True])
def test_chaozhou_吃杠爆杠全包(book: Ruleset, option: bool) -> None:
    """吃杠爆杠全包：点杠后补牌自摸胡，则点杠者包三家胡牌分 — seat 2 kongs the dealer's 9m and
    wins on the replacement; with the option the dealer pays for all three."""
    hands = ["147m147p147s2345z9m", SEAT1.replace("9s", "8s"), "999m123p456s789s1z", SEAT3]
    game = scenario_round(book, hands, options={"kong_bloom_pays_all": option}, tail="1z")
    act(game, 0, "discard", "9m")
    act(game, 2, "exposed_kong")
    assert drew_after_kong(game) and "win" in kinds(game, 2)
    act(game, 2, "win")
    assert game.result is not None
    deltas = game.result["deltas"]
    assert game.result["outcome"]["kong_fed_by"] == 0
    if option:
        assert deltas[1] == deltas[3] == 0 and deltas[0] < 0
    else:
        assert deltas[1] < 0 and deltas[3] < 0


def test_chaozhou_托管_摸什么打什么(book: Ruleset) -> None:
    """托管：摸什么打什么，不碰不杠，系统自动摸牌、打牌、胡 — a seat played by `AutoBot`."""
    check_auto_play(book)
