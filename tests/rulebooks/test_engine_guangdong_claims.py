"""广东鸡平胡 (seed 004) played on the engine: one test per turn-flow statement of the document.

`test_play_guangdong.py` checks what the play section compiles to (`TurnRules`); these tests
play each statement on `mjc.runtime.game.engine.Round` with the bundled rulebook and its option
(rounds set up by a `Scenario`, `tests/helpers/engine_helpers.py`; seat 0 deals unless a
test says otherwise) and check what the document says happens: the actions offered or refused, the
state after them, the log, the settlement where the clause names one (stake 1: a 番 is 1),
and the next round's dealer and winds through `mjc.runtime.game.match.Match`. Quotes are
de-garbled as the rulebook's (农户 = 庄家, 杠上吐花 = 杠上开花, 生气 = 不满).

Clause (seed 004) → test:

- 五 1、行牌顺序: 4 位玩家按逆时针方向顺次出牌 → test_guangdong_行牌顺序_逆时针顺次出牌
- 五 2、吃牌: 允许吃上家 → test_guangdong_吃牌_允许吃上家
- 五 3、杠: 分明杠和暗杠 … 可补杠，补杠为明杠 → test_guangdong_杠_明杠暗杠_可补杠_补杠为明杠
- 五 3、杠: 明、暗杠不计算番数或分数 → test_guangdong_杠_明暗杠不计算番数或分数
- 五 4、无听牌 → test_guangdong_无听牌
- 5、漏胡: … 对家 C 或上家 D 打出相同的一张牌，玩家 A 是不能胡那一张的
  → test_guangdong_漏胡_对家C或上家D打出相同的一张_不能胡
- 除非玩家 A 有进行动牌的状态，动牌的意思在于碰、吃、杠、摸任意一张牌 … 便取消
  → test_guangdong_漏胡_动牌后取消
- (the same) 漏胡 bars that one tile → test_guangdong_漏胡_只针对那一张
- 12、抢杠: 补杠所补的那张牌，可以被抢杠胡 … 被抢杠者包三家牌
  → test_guangdong_抢杠_补杠可以被抢杠胡_被抢杠者包三家
- 12、抢杠: 暗杠不可抢杠胡。暗杠不能被抢杠 → test_guangdong_抢杠_暗杠不能被抢杠
- 12、抢杠: 明杠，不算抢杠胡，胡牌者只能胡点杠那张牌，只算平常胡牌
  → test_guangdong_抢杠_明杠不算抢杠胡_只算平常胡牌
- (convention) no kong without a tile to replace it → test_guangdong_convention_没有可摸的牌不能杠
- (convention) 暗杠亮上方一张 → test_guangdong_convention_暗杠亮上方一张
- (convention) 胡 > 杠 > 碰 > 吃 → test_guangdong_convention_胡_杠_碰_吃
- (convention) no 漏碰 → test_guangdong_convention_no_漏碰

This file: 五、行牌规则 (order, chow, kongs, 无听牌), 漏胡, 12、抢杠 and the conventions
on claims. The rest of the inventory: `test_engine_guangdong_wall_and_dealer.py` (the tiles,
荒庄, 圈, 圈风, 门风, the dealer) and `test_engine_guangdong_winning.py` (the wins).
"""

from __future__ import annotations

from collections.abc import Callable

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
    IDLE,
    PONGER,
    ROB,
    ROB_STEPS,
    WAIT1,
    WAIT2,
    WAIT3,
)
from engine_helpers import (
    book_round,
    drew_after_kong,
    kinds,
    last_turn,
    play_out_drawn,
    script,
)

from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.observation import observation
from mjc.runtime.game.roundstate import Kong
from tests.conftest import ruleset

BOOK = "guangdong"

CLAIMS = [DEALER, CHOWER, PONGER, IDLE]


# ------------------------------------------------------------------ 五、行牌规则


def test_guangdong_行牌顺序_逆时针顺次出牌() -> None:
    """1、行牌顺序: 4 位玩家按逆时针方向顺次出牌 — each seat then its 下家 draws and discards."""
    game = Round(ruleset(BOOK), seed=3, dealer=2)
    play_out_drawn(game)
    seats = [e["seat"] for e in game.events if e.get("kind") == "discard"]
    assert seats == [(2 + i) % 4 for i in range(len(seats))]
    drawers = [e["seat"] for e in game.events if e["type"] == "draw"]
    assert drawers == [(3 + i) % 4 for i in range(len(drawers))]


def test_guangdong_吃牌_允许吃上家() -> None:
    """2、吃牌: 允许吃上家 — the dealer's 5s may be chowed by seat 1 (its 下家) only: seat 2
    holding 4556s is offered the pong alone."""
    game = book_round(BOOK, CLAIMS)
    script(game, "0 discard 5s")
    assert kinds(game, 1) == {"chow", "pass"}
    assert kinds(game, 2) == {"pong", "pass"}


# Seat 3 holds three 5s (明杠 of the dealer's 5s); the dealer four 1p (暗杠).
KONGER = "678m234p46s555s7z8p"
KONGS = ["1111p19s234567z5s9p", CHOWER, "234m567p22z9p11z3s7s", KONGER]


def test_guangdong_杠_明杠暗杠_可补杠_补杠为明杠() -> None:
    """3、杠: “杠”分明杠和暗杠 … 可补杠，补杠为明杠: a concealed kong, an exposed kong of a
    discard and an added kong are all offered; the added kong is shown to all like a 明杠."""
    game = book_round(BOOK, KONGS, tail="9m 8s")
    assert "concealed_kong" in kinds(game, 0)
    script(game, "0 concealed_kong 1p", "0 discard 5s")
    assert "exposed_kong" in kinds(game, 3)
    game = book_round(BOOK, ROB, "9m 9p 8m 9s", tail="7z")
    script(game, *ROB_STEPS, "2 pass")  # seat 2 could rob it (below); it lets it be
    state = game.state()
    assert state.phase == "turn" and state.kongs == (Kong(1, "added"),)
    for viewer in (0, 2, 3):
        assert observation(game, viewer)["seats"][1]["melds"][0] == {
            "kind": "kong",
            "kong": "added",
            "tiles": ["9s"] * 4,
            "from": 0,
            "claimed": "9s",
        }


def test_guangdong_杠_明暗杠不计算番数或分数() -> None:
    """3、杠: 明、暗杠不计算番数或分数 — a concealed and an exposed kong are made, the round is
    drawn: nobody pays anything for them."""
    game = book_round(BOOK, KONGS, tail="9m 8s")
    script(game, "0 concealed_kong 1p", "0 discard 5s", "1 pass", "3 exposed_kong")
    play_out_drawn(game)
    assert game.result is not None and game.result["exhaustive_draw"]
    assert [k["kind"] for k in game.result["outcome"]["kongs"]] == ["concealed", "exposed"]
    assert game.result["deltas"] == [0, 0, 0, 0]


def test_guangdong_无听牌() -> None:
    """4、无听牌 — there is no ready declaration: over whole rounds no seat is ever offered
    anything but a discard, a kong, a claim, a win or a pass."""
    plain = {
        "discard",
        "concealed_kong",
        "added_kong",
        "exposed_kong",
        "pong",
        "chow",
        "win",
        "pass",
    }
    seen: set[str] = set()
    for seed in range(6):
        game = Round(ruleset(BOOK), seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while game.result is None:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                seen |= {a.kind for a in legal}
                game.apply(bots[seat].choose(None, legal))
                if game.result is not None:
                    break
    assert seen <= plain and {"discard", "pass"} <= seen


# ------------------------------------------------------------------ 漏胡
#
# A is seat 3, B (its 下家) the dealer, C seat 1, D seat 2: the deal of
# `clause_checks.missed_win_round`.


@pytest.mark.parametrize("who", ["对家C", "上家D"])
def test_guangdong_漏胡_对家C或上家D打出相同的一张_不能胡(who: str) -> None:
    """5、漏胡：若玩家 A 为叫胡的状态下，如下家 B 打出一张玩家 A 可以胡的牌而玩家 A 却放弃不胡，
    那若对家 C 或上家 D 打出相同的一张牌，玩家 A 是不能胡那一张的"""
    check_missed_win_by_c_or_d(ruleset(BOOK), by_c=who == "对家C")


def test_guangdong_漏胡_只针对那一张() -> None:
    """漏胡 … 玩家 A 是不能胡那一张的: only that tile; C's 5z, A's other wait, may be won."""
    check_missed_win_only_that_tile(ruleset(BOOK))


@pytest.mark.parametrize("move", ["摸", "碰", "吃", "杠"])
def test_guangdong_漏胡_动牌后取消(move: str) -> None:
    """除非玩家 A 有进行动牌的状态，动牌的意思在于碰、吃、杠、摸任意一张牌。当有动牌后，那不能胡
    那一张的规则便取消: after A passed B's 1z, A draws, pongs, chows or kongs; B's second 1z
    may then be won."""
    check_missed_win_lifted(ruleset(BOOK), move)


# ------------------------------------------------------------------ 12、抢杠


def test_guangdong_抢杠_补杠可以被抢杠胡_被抢杠者包三家() -> None:
    """12、抢杠: 补杠所补的那张牌，可以被抢杠胡，抢杠胡等同杠开，当自摸，被抢杠者（欲开杠者）包三家
    牌 … 不满 4 番牌型，按照 4 番满计算: seat 2 robs seat 1's added 9s; seat 1 pays 3 × 4."""
    game = book_round(BOOK, ROB, "9m 9p 8m 9s", tail="7z")
    script(game, *ROB_STEPS)
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    script(game, "2 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["robbing_kong"]
    assert game.result["deltas"] == [0, -12, 12, 0]


# Seat 2 waits on 1m for 十三幺; the dealer holds four 1m.
ORPHANS = ["1111m234p567p234s5s", "258m2588p258s66z7s", "9m19p19s12345677z", "345m678p3467s559s"]


def test_guangdong_抢杠_暗杠不能被抢杠() -> None:
    """12、抢杠: 暗杠不可抢杠胡 … 暗杠不能被抢杠 — not even by a 十三幺 waiting on its tile:
    the dealer's concealed kong of 1m completes and he draws its replacement."""
    game = book_round(BOOK, ORPHANS, tail="9p")
    script(game, "0 concealed_kong 1m")
    state = game.state()
    assert state.phase == "turn" and state.turn == 0 and drew_after_kong(game)
    assert state.kongs == (Kong(0, "concealed"),)


def test_guangdong_抢杠_明杠不算抢杠胡_只算平常胡牌() -> None:
    """12、抢杠: 明杠，不算抢杠胡，胡牌者只能胡点杠那张牌，只算平常胡牌: seat 1 would kong the
    dealer's 9s, seat 2 wins that very 9s: an ordinary discard win (no 4-番 floor), paid by
    the dealer alone."""
    game = check_a_discard_kong_is_not_robbed(ruleset(BOOK))
    assert game.result is not None
    outcome = game.result["outcome"]
    assert "robbed_from" not in outcome and outcome["winners"][0]["situations"] == ["human"]
    deltas = game.result["deltas"]
    assert deltas[2] > 0 and deltas[0] == -deltas[2] and deltas[1] == deltas[3] == 0


def test_guangdong_convention_没有可摸的牌不能杠() -> None:
    """Convention (as 百色: 没有可摸的牌不能杠牌): seat 3 draws the last tile, its fourth 9p; it
    may not kong it, with nothing left to replace it."""
    hands = [DEALER.replace("19p", "18p"), WAIT1, WAIT2.replace("99p", "88p"), "678m234p999p9s357z"]
    game = book_round(BOOK, hands, last="9p")
    play_out_drawn(game, stop=last_turn)
    state = game.state()
    assert state.turn == 3 and state.seats[3].concealed.count("9p") == 4
    assert "concealed_kong" not in kinds(game, 3)


def test_guangdong_convention_暗杠亮上方一张() -> None:
    """Convention (as 潮州 and 百色): the others see one tile of a concealed kong."""
    game = book_round(BOOK, KONGS, tail="9m")
    script(game, "0 concealed_kong 1p")
    for viewer in (1, 2, 3):
        assert observation(game, viewer)["seats"][0]["melds"] == [
            {"kind": "kong", "kong": "concealed", "shown": "1p"}
        ]


@pytest.mark.parametrize(
    ("hands", "steps", "check"),
    [
        (
            [DEALER, WAIT1, PONGER, WAIT3],
            ["1 chow 5s 4s", "2 pong", "3 win"],
            lambda g: g.result is not None and g.result["winners"] == [3],
        ),
        (
            [DEALER, CHOWER, PONGER, IDLE],
            ["1 chow 5s 4s", "2 pong"],
            lambda g: g.state().claims[0].kind == "pong" and g.state().turn == 2,
        ),
        (
            KONGS,
            ["1 chow 5s 4s", "3 exposed_kong"],
            lambda g: g.state().claims[0].kind == "kong" and g.state().turn == 3,
        ),
    ],
    ids=["胡比碰吃", "碰比吃", "杠比吃"],
)
def test_guangdong_convention_胡_杠_碰_吃(
    hands: list[str], steps: list[str], check: Callable[[Round], bool]
) -> None:
    """Convention (the seed orders no claims): 胡 > 杠 > 碰 > 吃 on the dealer's 5s."""
    game = book_round(BOOK, hands, tail="9m")
    script(game, "0 discard 5s", *steps)
    assert check(game)


def test_guangdong_convention_no_漏碰() -> None:
    """Convention (the seed states no 漏碰): seat 2 passes a pong of 5s; seat 1's 5s, before
    seat 2 draws, may be ponged."""
    game = book_round(BOOK, [DEALER, CHOWER.replace("3z", "5s"), PONGER, IDLE], "2z")
    script(game, "0 discard 5s", "1 pass", "2 pass", "1 discard 5s")
    assert "pong" in kinds(game, 2)
