"""上海麻将 (seed 003) played on the engine: one test per turn-flow statement of the document.

`test_play_shanghai.py` checks what the play section compiles to (`TurnRules`); these tests
play each statement on `mjc.runtime.game.engine.Round` with the bundled rulebook and its options
(rounds set up by a `Scenario`, `tests/helpers/engine_helpers.py`; seat 0 deals unless a
test says otherwise) and check what the document says happens: the actions offered or refused, the
state after them, the log, the settlement where the clause names one, and the next round's
dealer through `mjc.runtime.game.match.Match`. Quotes drop the pinyin glosses.

Clause (seed 003) → test:

- 搖骰子：2個骰子 → test_shanghai_搖骰子_2個骰子
- 取牌方向為從搖骰子者逆時針計算2個骰子之和 … 從搖骰子玩家的對家方向先挪走7墩牌後開始摸牌
  → test_shanghai_搖骰子_逆時針數到取牌方向_挪走骰子之和墩牌後開始摸牌
- 只有莊家可得到十四張牌，其余的人十三張 → test_shanghai_打牌_莊家十四張_其余的人十三張
- 莊家從牌中選出一張最無用的牌丟出 → test_shanghai_打牌_莊家先丟出一張牌
- 此時，其它三家都有權力要那張丟出的牌 … 莊家的下家有權力吃或碰那張牌
  → test_shanghai_打牌_莊家的下家有權力吃或碰
- 其它兩家則只可碰或杠那張牌 → test_shanghai_打牌_其它兩家只可碰或杠
- “碰”比“吃”優先 → test_shanghai_打牌_碰比吃優先
- (convention) 胡 > 杠 > 碰 > 吃 → test_shanghai_convention_胡比碰吃優先_杠比吃優先
- 可以任意吃碰杠牌，吃碰杠牌后必須亮明 → test_shanghai_吃碰杠牌_吃碰杠牌后必須亮明
- … 暗杠除外 → test_shanghai_吃碰杠牌_暗杠除外
- 誰胡牌下盤當莊家 → test_shanghai_莊家_誰胡牌下盤當莊家
- 若流局則上盤莊家下盤繼續當莊家 → test_shanghai_莊家_若流局則上盤莊家下盤繼續當莊家
- 炮胡且一炮2響或3響，點炮者最近的一個胡牌者下家為下盤莊家 (and 一炮多響: 下一局 …)
  → test_shanghai_莊家_一炮多響_點炮者最近的一個胡牌者下家為下盤莊家
- 一炮多響：允許一炮多響 → test_shanghai_一炮多響_允許一炮多響
- 點炮者輸分，和其他人無關 → test_shanghai_點炮_點炮者輸分_和其他人無關
- 漏胡: … 對家C或上家D打出相同的一張牌時，玩家A是不能胡那一張的
  → test_shanghai_漏胡_對家C或上家D打出相同的一張_不能胡
- 漏胡只針對1張牌，不針對一次性聽的所有牌 → test_shanghai_漏胡_只針對1張牌
- 除非玩家A有進行動牌的情況，動牌的意思在於碰、上、杠、摸牌的 … 便解除
  → test_shanghai_漏胡_動牌後解除
- 搶杠只應用在蓄杠上，即碰了牌後，自己摸上同樣的一張杠牌時 → test_shanghai_搶杠_只應用在蓄杠上
- (same) a concealed kong is not robbed → test_shanghai_搶杠_暗杠不可搶
- (same) a kong of a discard is not robbed: the discard is won
  → test_shanghai_搶杠_明杠不可搶_胡那張打出的牌
- 搶杠: 記分按自摸計，但由杠的支付，相當於杠的人付3份 → test_shanghai_搶杠_由杠的支付
- 承包: 吃碰杠一家…超過3次(包括3次)，則承包 … 點炮記分時，承包者付2份點數，若自摸記分時承包者付
  5份點數 → test_shanghai_承包_吃碰杠一家3次
- (convention) 花: a flower dealt is set aside and replaced from the tail (補花)
  → test_shanghai_convention_補花_起手的花
- (convention) 花: a flower drawn is set aside and replaced from the tail
  → test_shanghai_convention_補花_摸到的花
- (convention) no tile kept back: the round is 流局 when the wall is drawn out
  → test_shanghai_convention_流局_every_tile_drawn
- (convention) seat winds move with the deal, the dealer 東 → test_shanghai_convention_門風隨莊家
- (convention) no 漏碰 → test_shanghai_convention_no_漏碰
- option 七对 (on / off): a seven-pairs hand wins only with it → test_shanghai_option_七对

第一局系統隨機選擇莊家, the 八花 win on a drawn flower (如果這8個花抓起即可胡牌), 荒番 carried
between rounds and 開寶 are played in tests/game/test_game_tableflow.py.
承包, 門清, 勒子 and the 花 counts are scoring and settlement (`test_shanghai.py`,
`test_shanghai_settlement.py`); this document states no 鸡胡不能吃胡 nor 20分以上可吃胡.
"""

from __future__ import annotations

import random

import pytest
from clause_checks import (
    check_a_discard_kong_is_not_robbed,
    check_missed_win_by_c_or_d,
    check_missed_win_lifted,
    check_missed_win_only_that_tile,
)
from clause_deals import (
    CHOWER,
    DEALER,
    FIVE_S_HEAVENLY as HEAVENLY,
    FIVE_S_SEVERAL as SEVERAL,
    IDLE,
    PONGER,
    ROB,
    ROB_STEPS,
    WAIT1,
    WAIT2,
    WAIT3,
)
from engine_helpers import (
    book_match,
    book_round,
    drew_after_kong,
    kinds,
    match_round,
    play_out_drawn,
    script,
)

from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from mjc.runtime.game.roundstate import Claim
from mjc.runtime.tiles.tile import tile_index
from tests.conftest import ruleset

BOOK = "shanghai"


# Seat 0 deals and discards 5s first; seat 1 (its 下家) may chow 456s, seat 2 pong 55s; in
# SEVERAL seats 1, 2 and 3 all wait on it (`clause_deals.FIVE_S_CLAIMS`).
CLAIMS = [DEALER, CHOWER, PONGER, IDLE]
# The same discard with seat 3 holding three 5s (and 46s), seat 2 idle.
KONGER = "678m234p46s555s7z8p"
KONGS = [DEALER, CHOWER, "234m567p22z9p11z3s7s", KONGER]


# ------------------------------------------------------------------ 搖骰子


def test_shanghai_搖骰子_2個骰子() -> None:
    """搖骰子：2個骰子 — every round rolls two dice, logged and shown to every seat."""
    for seed in range(20):
        game = Round(ruleset(BOOK), seed=seed)
        dice = game.events[0]["dice"]
        assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
        assert observation(game, 1)["dice"] == dice


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_shanghai_搖骰子_逆時針數到取牌方向_挪走骰子之和墩牌後開始摸牌(dealer: int) -> None:
    """取牌方向為從搖骰子者逆時針計算2個骰子之和，取牌的位置按照順時針計算2個骰子之和 … 總和為7，
    從搖骰子玩家的對家方向先挪走7墩牌後開始摸牌: counting the sum from the roller (the dealer,
    counted 1) in turn order gives the wall (7: the 對家's); that many stacks of it are moved
    away and the deal starts after them. Those stacks are the last of the wall to be drawn."""
    rs = ruleset(BOOK)
    copies = rs.tile_copies(rs.resolve_options(None, players=4))
    per_wall = sum(copies) // 2 // 4  # 144 tiles: 72 stacks, 18 before each seat
    seen_seven = False
    for seed in range(30):
        game = Round(rs, seed=seed, dealer=dealer)
        state = game.state()
        total = sum(state.wall.dice)
        owner = (dealer + total - 1) % 4
        if total == 7:
            assert owner == (dealer + 2) % 4  # 對家
            seen_seven = True
        start = owner * per_wall + total
        assert state.wall.start == start
        physical = [t for t, n in enumerate(copies) for _ in range(n)]
        random.Random(seed).shuffle(physical)  # the wall as built, before the break
        dealt = [tile_index(t) for e in game.events if e["type"] == "deal" for t in e["tiles"]]
        # The wall in drawing order: the deal, the tiles left, the flowers' replacements
        # drawn from the tail (補花), the last of them nearest the middle.
        replaced = [
            tile_index(e["tile"])
            for e in game.events
            if e["type"] == "draw" and e["from"] == "tail"
        ]
        wall = dealt + [tile_index(t) for t in state.wall.tiles] + replaced[::-1]
        assert wall == physical[2 * start :] + physical[: 2 * start]
        moved = physical[2 * start - 2 * total : 2 * start]
        assert wall[-2 * total :] == moved
    assert seen_seven


# ------------------------------------------------------------------ 打牌


@pytest.mark.parametrize("dealer", [0, 2])
def test_shanghai_打牌_莊家十四張_其余的人十三張(dealer: int) -> None:
    """遊戲在一開始，只有莊家可得到十四張牌，其余的人十三張"""
    game = Round(ruleset(BOOK), seed=4, dealer=dealer)
    for seat, st in enumerate(game.state().seats):
        assert len(st.concealed) == (14 if seat == dealer else 13)
    deals = [e for e in game.events if e["type"] == "deal"]
    assert deals[0]["seat"] == dealer


def test_shanghai_打牌_莊家先丟出一張牌() -> None:
    """莊家從牌中選出一張最無用的牌丟出: the dealer plays first without drawing; he may
    discard any tile he holds."""
    game = book_round(BOOK, CLAIMS)
    state = game.state()
    assert state.to_act == (0,) and state.phase == "turn"
    assert not [e for e in game.events if e["type"] == "draw"]
    discards = {a.tile for a in game.legal_actions(0) if a.kind == "discard"}
    assert discards == {tile_index(t) for t in state.seats[0].concealed}


def test_shanghai_打牌_莊家的下家有權力吃或碰() -> None:
    """此時，其它三家都有權力要那張丟出的牌。莊家的下家(右手邊的玩者)，有權力吃或碰那張牌:
    seat 1 is offered the chow of the dealer's 5s (and would be the pong: seat 2 holds it)."""
    game = book_round(BOOK, CLAIMS)
    script(game, "0 discard 5s")
    assert kinds(game, 1) == {"chow", "pass"}
    assert sorted(game.to_act()) == [1, 2]


def test_shanghai_打牌_其它兩家只可碰或杠() -> None:
    """其它兩家則只可碰或杠那張牌: seat 2 holding 4556s and seat 3 holding 46s 555s may pong
    (seat 3 also kong) the dealer's 5s, never chow it."""
    game = book_round(BOOK, CLAIMS)
    script(game, "0 discard 5s")
    assert kinds(game, 2) == {"pong", "pass"}
    game = book_round(BOOK, KONGS, tail="9m")
    script(game, "0 discard 5s")
    assert kinds(game, 3) == {"exposed_kong", "pong", "pass"}


def test_shanghai_打牌_碰比吃優先() -> None:
    """“碰”比“吃”優先: seat 1 chows and seat 2 pongs the same 5s: seat 2 takes it."""
    game = book_round(BOOK, CLAIMS)
    script(game, "0 discard 5s", "1 chow 5s 4s", "2 pong")
    state = game.state()
    assert state.claims == (Claim(seat=2, kind="pong", tile="5s", from_seat=0),)
    assert state.turn == 2 and state.phase == "turn"


@pytest.mark.parametrize(
    ("hands", "steps", "served"),
    [
        ([*SEVERAL[:2], PONGER, WAIT3], ["1 chow 5s 4s", "2 pong", "3 win"], "win"),
        (KONGS, ["1 chow 5s 4s", "3 exposed_kong"], "kong"),
    ],
    ids=["胡比碰吃", "杠比吃"],
)
def test_shanghai_convention_胡比碰吃優先_杠比吃優先(
    hands: list[str], steps: list[str], served: str
) -> None:
    """Convention 胡 > 杠 > 碰 > 吃 (the seed orders only 碰 before 吃): a win on the 5s beats
    seat 2's pong and seat 1's chow; seat 3's kong beats seat 1's chow."""
    game = book_round(BOOK, hands, tail="9m")
    script(game, "0 discard 5s", *steps)
    if served == "win":
        assert game.result is not None and game.result["winners"] == [3]
    else:
        assert [c.kind for c in game.state().claims] == ["kong"]
        assert game.state().turn == 3 and drew_after_kong(game)


@pytest.mark.parametrize(
    ("hands", "answers", "meld"),
    [
        (CLAIMS, ["1 chow 5s 4s", "2 pass"], {"kind": "chow", "tiles": ["4s", "5s", "6s"]}),
        (CLAIMS, ["1 pass", "2 pong"], {"kind": "pung", "tiles": ["5s"] * 3}),
        (
            KONGS,
            ["1 pass", "3 exposed_kong"],
            {"kind": "kong", "kong": "exposed", "tiles": ["5s"] * 4},
        ),
    ],
    ids=["吃", "碰", "杠"],
)
def test_shanghai_吃碰杠牌_吃碰杠牌后必須亮明(
    hands: list[str], answers: list[str], meld: dict[str, object]
) -> None:
    """可以任意吃碰杠牌，吃碰杠牌后必須亮明: each claim is offered and, once made, every other
    seat sees the meld's tiles and whose discard it took."""
    game = book_round(BOOK, hands, tail="9m")
    script(game, "0 discard 5s", *answers)
    seat = game.state().claims[0].seat
    for viewer in range(4):
        seen = observation(game, viewer)["seats"][seat]["melds"]
        assert seen == [{**meld, "from": 0, "claimed": "5s"}]


def test_shanghai_吃碰杠牌_暗杠除外() -> None:
    """吃碰杠牌后必須亮明，暗杠除外: the others see that seat 0 made a concealed kong, not of
    which tile; its owner sees the four tiles."""
    hands = ["1111p19s234567z5s9p", CHOWER, PONGER, IDLE]
    game = book_round(BOOK, hands, tail="8s")
    script(game, "0 concealed_kong 1p")
    for viewer in (1, 2, 3):
        assert observation(game, viewer)["seats"][0]["melds"] == [
            {"kind": "kong", "kong": "concealed"}
        ]
    assert observation(game, 0)["seats"][0]["melds"][0]["tiles"] == ["1p"] * 4


# ------------------------------------------------------------------ 莊家


def _match() -> Match:
    return book_match(BOOK)


@pytest.mark.parametrize(
    ("hands", "draws", "steps", "dealer"),
    [
        (SEVERAL, "", ["0 discard 5s", "1 pass", "3 pass", "2 win"], 2),
        (SEVERAL, "1p 2s", ["0 discard 3z", "1 discard 1p", "2 win"], 2),
        (HEAVENLY, "", ["0 win"], 0),
    ],
    ids=["點炮", "自摸", "莊家胡牌"],
)
def test_shanghai_莊家_誰胡牌下盤當莊家(
    hands: list[str], draws: str, steps: list[str], dealer: int
) -> None:
    """誰胡牌下盤當莊家: seat 2 wins (on a discard, or by self-draw): it deals the next round,
    as 東; the dealer wins: he deals again (a streak of 1)."""
    match = _match()
    game = match_round(match, hands, draws)
    script(game, *steps)
    assert game.result is not None and game.result["winners"] == [int(steps[-1][0])]
    match.finish(game)
    following = match.next_round()
    assert following.dealer == dealer and following.seat_wind(dealer) == "E"
    assert match.streak == (1 if dealer == 0 else 0)


def test_shanghai_莊家_若流局則上盤莊家下盤繼續當莊家() -> None:
    """若流局則上盤莊家下盤繼續當莊家: two drawn rounds in a row, the dealer deals both next."""
    match = Match(ruleset(BOOK), seed=2, dealer=1)
    for streak in (1, 2):
        game = match.next_round()
        play_out_drawn(game)
        assert game.result is not None and game.result["exhaustive_draw"]
        match.finish(game)
        assert match.dealer == 1 and match.streak == streak
    assert match.next_round().dealer == 1


@pytest.mark.parametrize(
    ("answers", "winners", "dealer"),
    [
        (["1 pass", "2 win", "3 win"], [2, 3], 3),  # 一炮2響: the nearest winner is seat 2
        (["1 win", "2 win", "3 win"], [1, 2, 3], 2),  # 一炮3響: seat 1 is the nearest
    ],
    ids=["一炮2響", "一炮3響"],
)
def test_shanghai_莊家_一炮多響_點炮者最近的一個胡牌者下家為下盤莊家(
    answers: list[str], winners: list[int], dealer: int
) -> None:
    """炮胡且一炮2響或3響，點炮者最近的一個胡牌者下家為下盤莊家 (一炮多響: 下一局點炮者最近的一個
    胡牌者下家為莊家): seat 0 discards; the first winner after it in turn order is the
    nearest, and that winner's 下家 deals next."""
    hands = [DEALER, CHOWER if winners[0] == 2 else WAIT1, WAIT2, WAIT3]
    match = _match()
    game = match_round(match, hands)
    script(game, "0 discard 5s", *answers)
    assert game.result is not None and game.result["winners"] == winners
    match.finish(game)
    assert match.next_round().dealer == dealer


def test_shanghai_一炮多響_允許一炮多響() -> None:
    """允許一炮多響: seats 1, 2 and 3 all win on seat 0's 5s; each is paid, by seat 0 alone."""
    game = book_round(BOOK, SEVERAL)
    script(game, "0 discard 5s", "1 win", "2 win", "3 win")
    assert game.result is not None and game.result["winners"] == [1, 2, 3]
    deltas = game.result["deltas"]
    assert all(deltas[s] > 0 for s in (1, 2, 3)) and deltas[0] == -sum(deltas[1:])
    assert [w["win_tile"] for w in game.result["outcome"]["winners"]] == ["5s"] * 3


def test_shanghai_點炮_點炮者輸分_和其他人無關() -> None:
    """點炮：點炮者輸分，和其他人無關: seat 2 wins on seat 0's 5s; seats 1 and 3 (who passed)
    neither pay nor gain."""
    game = book_round(BOOK, SEVERAL)
    script(game, "0 discard 5s", "1 pass", "2 win", "3 pass")
    assert game.result is not None
    deltas = game.result["deltas"]
    assert deltas[2] > 0 and deltas[0] == -deltas[2] and deltas[1] == deltas[3] == 0


# ------------------------------------------------------------------ 漏胡
#
# A is seat 3, B (its 下家) the dealer, C seat 1, D seat 2: the deal of
# `clause_checks.missed_win_round`.


@pytest.mark.parametrize("who", ["對家C", "上家D"])
def test_shanghai_漏胡_對家C或上家D打出相同的一張_不能胡(who: str) -> None:
    """漏胡：若玩家A為叫胡的狀態下，如下家B打出一張玩家A可以胡的牌而玩家A卻放棄不胡，那若對家C
    或上家D打出相同的一張牌時，玩家A是不能胡那一張的"""
    check_missed_win_by_c_or_d(ruleset(BOOK), by_c=who == "對家C")


def test_shanghai_漏胡_只針對1張牌() -> None:
    """漏胡只針對1張牌，不針對一次性聽的所有牌: A passed a win on 1z; C's 5z, A's other wait,
    may still be won."""
    game = check_missed_win_only_that_tile(ruleset(BOOK))
    script(game, "3 win")
    assert game.result is not None and game.result["winners"] == [3]


@pytest.mark.parametrize("move", ["摸", "碰", "上", "杠"])
def test_shanghai_漏胡_動牌後解除(move: str) -> None:
    """除非玩家A有進行動牌的情況，動牌的意思在於碰、上、杠、摸牌的。當有動牌後，那不能胡那一張的
    規則便解除: after A passed B's 1z, A draws, pongs, chows (上) or kongs; B's second 1z
    may then be won."""
    check_missed_win_lifted(ruleset(BOOK), "吃" if move == "上" else move)


# ------------------------------------------------------------------ 搶杠

# Seat 1 pongs seat 0's 9s, later draws the fourth and adds it; seat 2 waits on 6s/9s: the
# deal `clause_deals.ROB`.


def _added_kong() -> Round:
    game = book_round(BOOK, ROB, "9m 9p 8m 9s", tail="7z")
    script(game, *ROB_STEPS)
    return game


def test_shanghai_搶杠_只應用在蓄杠上() -> None:
    """搶杠只應用在蓄杠上，即碰了牌後，自己摸上同樣的一張杠牌時: seat 1 adds its drawn 9s to its
    pong; seat 2 may rob it."""
    game = _added_kong()
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    script(game, "2 win")
    assert game.result is not None and game.result["winners"] == [2]
    outcome = game.result["outcome"]
    assert outcome["robbed_from"] == 1 and outcome["robbed_kong"] == "added"


def test_shanghai_搶杠_暗杠不可搶() -> None:
    """搶杠只應用在蓄杠上: seat 0's concealed kong of 9s is not robbed by seat 2, who waits on
    9s; seat 0 draws its replacement."""
    hands = ["9999s147m147p2345z", ROB[1].replace("99s", "36s"), ROB[2], ROB[3]]
    game = book_round(BOOK, hands, tail="7z")
    script(game, "0 concealed_kong 9s")
    state = game.state()
    assert state.phase == "turn" and state.turn == 0 and drew_after_kong(game)
    assert game.events[-1] == {"type": "draw", "seat": 0, "tile": "7z", "from": "tail"}


def test_shanghai_搶杠_明杠不可搶_胡那張打出的牌() -> None:
    """搶杠只應用在蓄杠上: a kong of a discard opens no robbing; seat 2, waiting on 9s, wins
    the discard itself (胡 before 杠), as a discard win."""
    game = check_a_discard_kong_is_not_robbed(ruleset(BOOK))
    assert game.result is not None
    outcome = game.result["outcome"]
    assert outcome["discarder"] == 0 and "robbed_from" not in outcome


def test_shanghai_搶杠_由杠的支付() -> None:
    """搶杠: 記分按自摸計，但由杠的支付，相當於杠的人付3份: the share is the winning hand's
    self-draw score, and the robbed seat 1 pays three of them; seats 0 and 3 pay nothing."""
    game = _added_kong()
    script(game, "2 win")
    assert game.result is not None
    winner = game.result["outcome"]["winners"][0]
    assert winner["situations"] == ["robbing_kong"]
    share = (
        ruleset(BOOK)
        .score(winner["hand"], win=winner["win_tile"], self_drawn=True, seat_wind=game.seat_wind(2))
        .total
    )
    assert share > 0
    assert game.result["deltas"] == [0, -3 * share, 3 * share, 0]


# ------------------------------------------------------------------ 承包

# Seat 1 chows seat 0's 1m, 4p and 7s, then waits on 7z alone; seats 2 and 3 draw and throw
# honours nobody claims.
CONTRACT = ["1589m149p1279s457z", "23m56p89s1236667z", "347m2568p3468s55z", "2467m3799p567s24z"]


CONTRACT_STEPS = [
    "0 discard 1m",
    "1 chow 1m 1m",
    "1 discard 1z",
    "2 discard 1z",
    "3 discard 3z",
    "0 discard 4p",
    "1 chow 4p 4p",
    "1 discard 2z",
    "2 discard 1z",
    "3 discard 3z",
    "0 discard 7s",
    "1 chow 7s 7s",
    "1 discard 3z",
    "2 discard 4z",
    "3 discard 2z",
]


@pytest.mark.parametrize(
    ("last", "self_drawn", "shares"),
    [(["0 discard 7z", "1 win"], False, 2), (["0 discard 1p", "1 win"], True, 5)],
    ids=["點炮記分承包者付2份", "自摸記分承包者付5份"],
)
def test_shanghai_承包_吃碰杠一家3次(last: list[str], self_drawn: bool, shares: int) -> None:
    """承包: 如果吃碰杠一家或被一家吃碰杠超過3次(包括3次)，則承包 … 承包時，點炮記分時，承包者付
    2份點數，若自摸記分時承包者付5份點數: the claims the engine records make seat 0 liable
    after seat 1's third chow from it; seat 1 then wins on seat 0's 7z, or draws it: seat 0
    pays 2 shares, or 5 (the others nothing, by convention), at most the hand's 勒子 (勒子 1、
    相當於輸分的封頂值)."""
    game = book_round(BOOK, CONTRACT, "1z 3z 6z 1z 3z 2s 4z 2z 5z 7z")
    script(game, *CONTRACT_STEPS, *last)
    assert game.result is not None and game.result["winners"] == [1]
    claims = game.result["outcome"]["claims"]
    assert [(c["seat"], c["from_seat"]) for c in claims] == [(1, 0)] * 3
    winner = game.result["outcome"]["winners"][0]
    assert winner["self_drawn"] is self_drawn
    score = ruleset(BOOK).score(
        winner["hand"], win="7z", self_drawn=self_drawn, seat_wind=game.seat_wind(1)
    )
    paid = min(shares * score.total, score.ceiling)
    assert score.total > 0 and game.result["deltas"] == [-paid, paid, 0, 0]


# ------------------------------------------------------------------ 花 (補花) and the wall


def test_shanghai_convention_補花_起手的花() -> None:
    """Convention (春夏秋冬梅蘭竹菊每個計一朵花; the seed does not say how they are drawn): a
    flower dealt is set aside in front of its seat and replaced from the tail — again when
    the replacement is a flower too."""
    hands = ["159m19p19s234567z1f", CHOWER, PONGER, IDLE]
    game = book_round(BOOK, hands, tail="2f 5s")
    st = game.state().seats[0]
    assert [e for e in game.events if e["type"] in ("flower", "draw")] == [
        {"type": "flower", "seat": 0, "tile": "1f"},
        {"type": "draw", "seat": 0, "tile": "2f", "from": "tail"},
        {"type": "flower", "seat": 0, "tile": "2f"},
        {"type": "draw", "seat": 0, "tile": "5s", "from": "tail"},
    ]
    assert len(st.concealed) == 14 and st.concealed.count("5s") == 1
    assert observation(game, 2)["seats"][0]["flowers"] == ["1f", "2f"]
    assert game.to_act() == [0]


def test_shanghai_convention_補花_摸到的花() -> None:
    """Convention: a flower drawn is set aside and replaced from the tail, the same turn."""
    game = book_round(BOOK, CLAIMS, "2f", tail="8s")
    script(game, "0 discard 3z")
    draws = [e for e in game.events if e["type"] in ("draw", "flower")]
    assert draws == [
        {"type": "draw", "seat": 1, "tile": "2f", "from": "head"},
        {"type": "flower", "seat": 1, "tile": "2f"},
        {"type": "draw", "seat": 1, "tile": "8s", "from": "tail"},
    ]
    state = game.state()
    assert state.turn == 1 and state.seats[1].flowers == ("2f",)
    assert len(state.seats[1].concealed) == 14


def test_shanghai_convention_流局_every_tile_drawn() -> None:
    """Convention: no tile is kept back: 流局 comes when the last tile is drawn and discarded
    with no win; every one of the 144 tiles was dealt or drawn."""
    game = Round(ruleset(BOOK), seed=11)
    play_out_drawn(game)
    assert game.result is not None and game.result["exhaustive_draw"]
    wall = game.state().wall
    assert wall.drawable == 0 and wall.tiles == wall.reserved == ()
    assert game.events[-2]["type"] == "action" and game.events[-2]["kind"] == "discard"
    assert game.result["deltas"] == [0, 0, 0, 0]


def test_shanghai_convention_門風隨莊家() -> None:
    """Convention (the seed has no winds): the seat winds move with the deal; the dealer is 東."""
    for dealer in range(4):
        game = Round(ruleset(BOOK), seed=0, dealer=dealer)
        winds = [observation(game, 0)["seats"][s]["wind"] for s in range(4)]
        assert winds[dealer:] + winds[:dealer] == ["E", "S", "W", "N"]


def test_shanghai_convention_no_漏碰() -> None:
    """Convention (the seed states no 漏碰): seat 2 passes a pong of 5s; the next 5s (seat 1's,
    before seat 2 draws) may be ponged."""
    game = book_round(BOOK, [DEALER, CHOWER.replace("3z", "5s"), PONGER, IDLE], "2z")
    script(game, "0 discard 5s")
    assert "pong" in kinds(game, 2)
    script(game, "1 pass", "2 pass", "1 discard 5s")
    assert "pong" in kinds(game, 2)


SEVEN = "1199m1199p1199s2z"


@pytest.mark.parametrize("seven_pairs", [True, False])
def test_shanghai_option_七对(seven_pairs: bool) -> None:
    """Option 七对 (convention: not in the seed, on by default): seat 1's seven pairs win
    on the dealer's 2z only with the option on."""
    hands = ["234567m345678p25z", SEVEN, "345m678p23s345s77z", "2345678s134566z"]
    game = book_round(BOOK, hands, seven_pairs=seven_pairs)
    script(game, "0 discard 2z")
    assert ("win" in kinds(game, 1)) is seven_pairs
