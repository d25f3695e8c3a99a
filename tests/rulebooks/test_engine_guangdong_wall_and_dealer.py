"""广东鸡平胡 (seed 004) played on the engine: one test per turn-flow statement of the document.

`test_play_guangdong.py` checks what the play section compiles to (`TurnRules`); these tests
play each statement on `mjc.runtime.game.engine.Round` with the bundled rulebook and its option
(rounds set up by a `Scenario`, `tests/helpers/engine_helpers.py`; seat 0 deals unless a
test says otherwise) and check what the document says happens: the actions offered or refused, the
state after them, the log, the settlement where the clause names one (stake 1: a 番 is 1),
and the next round's dealer and winds through `mjc.runtime.game.match.Match`. Quotes are
de-garbled as the rulebook's (农户 = 庄家, 杠上吐花 = 杠上开花, 生气 = 不满).

Clause (seed 004) → test:

- 二、游戏道具: 骰子 2 个 → test_guangdong_游戏道具_骰子2个
- 二、游戏道具: 一副麻将牌共 136 张 → test_guangdong_游戏道具_一副麻将牌共136张
- 三 F、荒庄：每局抓完 136 张牌，打出后无人胡牌 → test_guangdong_荒庄_每局抓完136张牌_打出后无人胡牌
- (the same) … 打出后无人胡牌: the last discard may still be won
  → test_guangdong_荒庄_最后一张打出后仍可胡
- 三 B、圈：四人各坐庄一次为一圈 / C、圈风：第一圈为东风圈，第二圈为南风圈 …
  → test_guangdong_圈_四人各坐庄一次为一圈_圈风东南西北
- 四 A、圈数显示: … 连庄时，圈数显示稳定 → test_guangdong_圈数显示_连庄时圈数显示稳定
- 三 D、门风：庄家为东，下家为南，对家为西，上家为北
  → test_guangdong_门风_庄家为东_下家为南_对家为西_上家为北
- 四 B、庄家规则: 第一把东做庄 → test_guangdong_庄家规则_第一把东做庄
- 庄家胡牌后连庄 → test_guangdong_庄家规则_庄家胡牌后连庄
- 荒庄时，庄家连庄 → test_guangdong_庄家规则_荒庄时庄家连庄
- 非庄家胡牌，庄家下家坐庄 → test_guangdong_庄家规则_非庄家胡牌_庄家下家坐庄
- (convention) 庄家 14 张、闲家 13 张; the dice sum breaks the wall
  → test_guangdong_convention_break_and_deal

This file: the tiles, 荒庄, 圈, 圈风, 门风 and the dealer. The rest of the inventory:
`test_engine_guangdong_claims.py` (五、行牌规则, 漏胡, 抢杠, the conventions on claims)
and `test_engine_guangdong_winning.py` (六、胡牌的规定, 包自摸, 天胡/地胡/人胡, 七对).

门风 第 1 局，随机一名庄家，庄家为东 (the random first dealer) is played in
tests/game/test_game_tableflow.py.
"""

from __future__ import annotations

import pytest
from clause_deals import (
    DEALER,
    FIVE_S_HEAVENLY as HEAVENLY,
    FIVE_S_SEVERAL as SEVERAL,
    IDLE,
    PONGER,
    WAIT1,
)
from engine_helpers import (
    book_match,
    book_round,
    drawn,
    kinds,
    last_turn,
    match_round,
    play_out_drawn,
    rotated,
    script,
)

from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from tests.conftest import ruleset

BOOK = "guangdong"

# ------------------------------------------------------------------ 二、游戏道具 / 荒庄


def test_guangdong_游戏道具_骰子2个() -> None:
    """二、游戏道具: 骰子 2 个 — every round rolls two dice, logged and shown to every seat."""
    for seed in range(20):
        game = Round(ruleset(BOOK), seed=seed)
        dice = game.events[0]["dice"]
        assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
        assert observation(game, 3)["dice"] == dice


def test_guangdong_游戏道具_一副麻将牌共136张() -> None:
    """一副麻将牌共 136 张: every round holds 136 tiles, no flowers, after every action."""
    game = Round(ruleset(BOOK), seed=8)
    while game.result is None:
        assert sum(game.census()) == 136 and not any(game.census()[34:])
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[-1])
    assert not [e for e in game.events if e["type"] == "flower"]


def test_guangdong_荒庄_每局抓完136张牌_打出后无人胡牌() -> None:
    """F、荒庄：每局抓完 136 张牌，打出后无人胡牌: no tile is kept back — the round is drawn
    once all 136 are dealt or drawn and the last one discarded without a win; nobody pays."""
    game = Round(ruleset(BOOK), seed=12)
    play_out_drawn(game)
    assert game.result is not None and game.result["exhaustive_draw"]
    taken = sum(len(e["tiles"]) for e in game.events if e["type"] == "deal")
    taken += len([e for e in game.events if e["type"] == "draw"])
    wall = game.state().wall
    assert taken == 136 and wall.tiles == wall.reserved == ()
    assert game.events[-2]["type"] == "action" and game.events[-2]["kind"] == "discard"
    assert game.result["deltas"] == [0, 0, 0, 0]


def test_guangdong_荒庄_最后一张打出后仍可胡() -> None:
    """F、荒庄 … 打出后无人胡牌: the round is drawn only if nobody wins the last discard — seat
    3 throws the wall's last tile, 5s, and seats 1 and 2, waiting on it, may still win it."""
    game = book_round(BOOK, SEVERAL, last="5s")
    play_out_drawn(game, stop=last_turn)
    assert game.state().turn == 3 and drawn(game) == "5s"
    script(game, "3 discard 5s")
    assert "win" in kinds(game, 1) and "win" in kinds(game, 2)
    script(game, "1 win", "2 pass")
    assert game.result is not None and game.result["winners"] == [1]
    assert not game.result["exhaustive_draw"]


# ------------------------------------------------------------------ 圈, 圈风, 门风, 庄家

# The dealer's 下家 wins on the dealer's first discard: the deal passes every round.
PASS_ON = [DEALER, WAIT1, PONGER, IDLE]


def _pass_the_deal(match: Match) -> Round:
    d = match.dealer
    game = match_round(match, rotated(PASS_ON, d))
    script(game, f"{d} discard 5s", f"{(d + 2) % 4} pass", f"{(d + 1) % 4} win")
    match.finish(game)
    return game


def _dealer_wins(match: Match) -> Round:
    d = match.dealer
    game = match_round(match, rotated(HEAVENLY, d))
    script(game, f"{d} win")
    match.finish(game)
    return game


def _drawn(match: Match) -> Round:
    game = match.next_round()
    play_out_drawn(game)
    match.finish(game)
    return game


def test_guangdong_圈_四人各坐庄一次为一圈_圈风东南西北() -> None:
    """B、圈：四人各坐庄一次为一圈 / C、圈风：第一圈为东风圈，第二圈为南风圈，第三圈为西风圈，
    第四圈为北风圈: the deal passes every round; the round wind moves on after all four dealt."""
    match = book_match(BOOK)
    played = [_pass_the_deal(match) for _ in range(16)]
    assert [g.dealer for g in played] == [0, 1, 2, 3] * 4
    assert [g.round_wind for g in played] == ["E"] * 4 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4
    assert [g.result["outcome"]["round_wind"] for g in played[3:5]] == ["E", "S"]


def test_guangdong_圈数显示_连庄时圈数显示稳定() -> None:
    """A、圈数显示: 记录玩家每局比赛：东风东、东风西 … 连庄时，圈数显示稳定: while a dealer keeps
    the deal (a win, a 荒庄) the round wind stays; it moves on once all four dealt."""
    match = book_match(BOOK)
    played = [_pass_the_deal(match), _dealer_wins(match), _drawn(match), _dealer_wins(match)]
    assert [g.dealer for g in played] == [0, 1, 1, 1]
    assert [g.streak for g in played] == [0, 0, 1, 2]
    played += [_pass_the_deal(match) for _ in range(4)]
    assert [g.dealer for g in played[4:]] == [1, 2, 3, 0]
    assert [g.round_wind for g in played] == ["E"] * 7 + ["S"]
    assert observation(played[-1], 2)["round_wind"] == "S"


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_guangdong_门风_庄家为东_下家为南_对家为西_上家为北(dealer: int) -> None:
    """D、门风：庄家为东，下家为南，对家为西，上家为北 — in every round, whoever deals."""
    game = Round(ruleset(BOOK), seed=0, dealer=dealer)
    winds = {s: observation(game, s)["seats"][s]["wind"] for s in range(4)}
    assert [winds[(dealer + i) % 4] for i in range(4)] == ["E", "S", "W", "N"]


@pytest.mark.parametrize("dealer", [0, 2])
def test_guangdong_庄家规则_第一把东做庄(dealer: int) -> None:
    """B、庄家规则: 第一把东做庄 — the first round's dealer is 东, in the 东风圈."""
    game = Match(ruleset(BOOK), seed=1, dealer=dealer).next_round()
    assert game.dealer == dealer and game.round_wind == "E"
    assert game.seat_wind(dealer) == "E"


def test_guangdong_庄家规则_庄家胡牌后连庄() -> None:
    """庄家胡牌后连庄: the dealer wins (here on his dealt tiles) and deals again."""
    match = book_match(BOOK, 2)
    game = _dealer_wins(match)
    assert game.result is not None and game.result["winners"] == [2]
    assert match.dealer == 2 and match.streak == 1 and match.next_round().dealer == 2


def test_guangdong_庄家规则_荒庄时庄家连庄() -> None:
    """荒庄时，庄家连庄"""
    match = book_match(BOOK, 3)
    for streak in (1, 2):
        game = _drawn(match)
        assert game.result is not None and game.result["exhaustive_draw"]
        assert match.dealer == 3 and match.streak == streak


@pytest.mark.parametrize(
    ("draws", "steps", "winner"),
    [
        ("", ["0 discard 5s", "1 pass", "3 pass", "2 win"], 2),
        ("1p 1s 2s", ["0 discard 3z", "1 discard 1p", "2 discard 1s", "3 win"], 3),
    ],
    ids=["点炮", "自摸"],
)
def test_guangdong_庄家规则_非庄家胡牌_庄家下家坐庄(
    draws: str, steps: list[str], winner: int
) -> None:
    """非庄家胡牌，庄家下家坐庄: seat 2 or 3 wins; seat 1, the dealer's 下家, deals next."""
    match = book_match(BOOK)
    game = match_round(match, SEVERAL, draws)
    script(game, *steps)
    assert game.result is not None and game.result["winners"] == [winner]
    match.finish(game)
    assert match.next_round().dealer == 1


# ------------------------------------------------------------------ conventions, option


@pytest.mark.parametrize("dealer", [0, 3])
def test_guangdong_convention_break_and_deal(dealer: int) -> None:
    """Convention (the seed says nothing of the break or the deal): the wall of the seat the
    dice sum reaches from the dealer is broken after as many stacks; the dealer gets 14
    tiles, the others 13, and the dealer plays first."""
    per_wall = 136 // 2 // 4
    for seed in range(10):
        game = Round(ruleset(BOOK), seed=seed, dealer=dealer)
        state = game.state()
        total = sum(state.wall.dice)
        assert state.wall.start == ((dealer + total - 1) % 4) * per_wall + total
        assert [len(seat.concealed) for seat in state.seats] == [
            14 if s == dealer else 13 for s in range(4)
        ]
        assert game.to_act() == [dealer]
