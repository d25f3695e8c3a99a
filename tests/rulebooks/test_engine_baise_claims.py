"""百色麻将 (seed 001) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook under its options (`Round`, `Match`) on
a `Scenario` where the clause needs one. test_play_baise.py checks the same clauses on the
compiled `TurnRules`; this file checks that the engine plays them. The inventory, each
clause with its test:

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

This file: claims, kongs and 托管. The rest of the inventory:
`test_engine_baise_wall_and_dealer.py` (the wall, the deal and the dealer) and
`test_engine_baise_wang_and_winning.py` (王牌 and the options on winning).
"""

from __future__ import annotations

import pytest
from clause_checks import (
    check_added_kong,
    check_auto_play,
    check_exposed_kong_on_a_discard,
    check_kong_draws_the_last_tile,
    check_missed_pong,
    check_no_kong_right_after_a_pong,
    check_the_kong_waits,
)
from clause_deals import (
    CONCEALED,
    MISSED_PONG,
    MISSED_WIN,
    SEAT3_NO_1M,
    priority_round,
    rob_round,
)
from engine_helpers import (
    SEAT0,
    SEAT1,
    SEAT2,
    SEAT3,
    act,
    drawn,
    kinds,
    pass_claims,
    play_until_wall_empty,
    scenario_round,
    tile,
)

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action
from mjc.runtime.game.observation import observation

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("baise")


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
    claim = game.state().claims[-1]
    assert claim.kind == served and claim.seat == (2 if served == "chow" else 3)


# 上吃下吐 / 吃: seat 1 holds 3456m and chows the dealer's 3m with 45m.
CHOW = ["137m147p124s12345z", "3456m258p25s1234z", SEAT2, SEAT3]


def test_baise_吃碰后不补牌_打一张牌(book: Ruleset) -> None:
    """摸吃、碰、杠牌后，都需要打出一张牌 / 吃、碰牌后不补牌，需要打一张牌 — after a chow and
    after a pong the seat draws nothing and may only discard."""
    game = scenario_round(book, CHOW)
    act(game, 0, "discard", "3m")
    game.apply(Action(1, "chow", tile("3m"), tile("3m")))
    assert game.events[-1]["type"] == "claim" and kinds(game, 1) == {"discard"}
    ponged = scenario_round(book, MISSED_PONG, "8s")
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
    game = scenario_round(book, hands)
    act(game, 0, "discard", "3m")
    assert kinds(game, 1) == {"chow", "pass"}
    assert "chow" not in kinds(game, 2)


@pytest.mark.parametrize("no_chow", [False, True])
def test_baise_不可吃(book: Ruleset, no_chow: bool) -> None:
    """不可吃：勾选后不能吃牌"""
    game = scenario_round(book, CHOW, options={"no_chow": no_chow})
    act(game, 0, "discard", "3m")
    assert ("chow" in kinds(game, 1)) is not no_chow


def test_baise_可上吃下吐(book: Ruleset) -> None:
    """可上吃下吐：吃完一张牌，能马上打出与吃的牌相同的牌 — seat 1 chows 3m into 345m and may
    discard its other 3m at once (or 6m, the run's other end)."""
    game = scenario_round(book, CHOW)
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
    game = scenario_round(book, REBUILD, "9m 9p 8m 3m")
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
    game = scenario_round(book, [SEAT0, SEAT1, SEAT2, SEAT3])
    act(game, 0, "discard", "1z")
    assert game.state().phase == "turn" and game.to_act() == [1]


def test_baise_碰牌_pong_or_pass(book: Ruleset) -> None:
    """碰牌：任何一家打出一张牌时，有一家的手上的牌有一对时，下发“碰”、“过”两个按钮"""
    game = scenario_round(book, MISSED_PONG, "8s")
    act(game, 0, "discard", "9s")
    assert kinds(game, 2) == {"pong", "pass"}
    act(game, 2, "pong")
    assert game.state().turn == 2


@pytest.mark.parametrize("before_own_draw", [True, False])
def test_baise_漏碰_until_the_seats_own_draw(book: Ruleset, before_own_draw: bool) -> None:
    """漏碰：任何一家打出一张牌时，能碰不碰，摸、吃、碰、杠牌前不能碰该牌（同张）"""
    check_missed_pong(book, before_own_draw)


def test_baise_convention_漏胡(book: Ruleset) -> None:
    """Convention (the seed states no 漏胡): seat 2 passes a win on the dealer's 1z and may not
    win on seat 1's 1z before its own draw."""
    game = scenario_round(book, MISSED_WIN, "9m 9m")
    act(game, 0, "discard", "1z")
    assert "win" in kinds(game, 2)
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "1z")
    state = game.state()
    assert state.phase == "turn" and state.to_act == (2,)
    assert state.seats[2].missed_win == ()


# ------------------------------------------------------------------ kongs


def test_baise_明杠_kong_pong_or_pass(book: Ruleset) -> None:
    """杠牌：任何一家打出一张牌时，有一家的手上的牌有三张同样的牌时，下发“杠”、“碰”、“过”三个
    按钮 / 明杠（或直杠）"""
    check_exposed_kong_on_a_discard(book)


@pytest.mark.parametrize("hidden", [False, True])
def test_baise_暗杠_shows_one_tile_unless_暗杠不显示(book: Ruleset, hidden: bool) -> None:
    """暗杠：玩家手中拥有一模一样的4张牌时，可以进行暗杠操作；暗杠亮上方一张牌，所有玩家可见；（勾选
    “暗杠不显示”则全不亮）"""
    game = scenario_round(book, CONCEALED, options={"hidden_concealed_kong": hidden})
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
    game = scenario_round(book, hands, tail="7p")
    act(game, 0, "concealed_kong", "1m")
    assert drawn(game) == "7p" and "concealed_kong" in kinds(game, 0)
    act(game, 0, "concealed_kong", "7p")
    assert [k.kind for k in game.state().kongs] == ["concealed", "concealed"]


def test_baise_吃碰后不能马上杠(book: Ruleset) -> None:
    """吃、碰后不能马上杠，摸牌（或杠牌）后才能碰后杠 — seat 2 pongs holding 3333m: no kong
    before its next draw, then the kong is offered."""
    check_no_kong_right_after_a_pong(book)


def test_baise_没有可摸的牌不能杠牌(book: Ruleset) -> None:
    """没有可摸的牌不能杠牌 — seat 3 holds 777s and draws the last tile, the fourth 7s: no kong."""
    hands = [SEAT0, SEAT1, SEAT2, "123m123p123777s6z"]
    game = scenario_round(book, hands, last="7s")
    play_until_wall_empty(game)
    state = game.state()
    assert state.turn == 3 and drawn(game) == "7s" and state.wall.drawable == 0
    assert state.seats[3].concealed.count("7s") == 4
    assert "concealed_kong" not in kinds(game, 3)


def test_baise_抢杠胡_robs_a_碰后杠(book: Ruleset) -> None:
    """Convention (which kongs is not stated): seat 2 robs seat 1's 碰后杠 of 9s."""
    game = rob_round(book)
    act(game, 1, "added_kong", "9s")
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    game.apply(Action(2, "win"))
    assert game.result is not None and game.result["outcome"]["robbed_from"] == 1
    assert game.result["deltas"][1] < 0 < game.result["deltas"][2]


def test_baise_托管_摸什么打什么(book: Ruleset) -> None:
    """托管：摸什么打什么，不吃不碰不杠，系统自动摸牌、打牌、胡 — a seat played by `AutoBot`."""
    check_auto_play(book)
