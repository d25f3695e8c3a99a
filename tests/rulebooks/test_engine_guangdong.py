"""广东鸡平胡 (seed 004) played on the engine: one test per turn-flow statement of the document.

`test_play_guangdong.py` checks what the play section compiles to (`TurnRules`); these tests
play each statement on `mjc.runtime.game.Round` with the bundled rulebook and its option
(whole stacked walls from `tests/runtime/engine_helpers.py`, seat 0 dealing unless a test says
otherwise) and check what the document says happens: the actions offered or refused, the
state after them, the log, the settlement where the clause names one (stake 1: a 番 is 1),
and the next round's dealer and winds through `mjc.runtime.match.Match`. Quotes are
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
- 五 1、行牌顺序: 4 位玩家按逆时针方向顺次出牌 → test_guangdong_行牌顺序_逆时针顺次出牌
- 五 2、吃牌: 允许吃上家 → test_guangdong_吃牌_允许吃上家
- 五 3、杠: 分明杠和暗杠 … 可补杠，补杠为明杠 → test_guangdong_杠_明杠暗杠_可补杠_补杠为明杠
- 五 3、杠: 明、暗杠不计算番数或分数 → test_guangdong_杠_明暗杠不计算番数或分数
- 五 4、无听牌 → test_guangdong_无听牌
- 六 1、胡牌方式 A、自摸胡，包括杠上开花 → test_guangdong_胡牌方式_自摸胡_包括杠上开花
- 六 1、胡牌方式 B、点炮胡，包括抢杠胡 → test_guangdong_胡牌方式_点炮胡_包括抢杠胡
- 六 2、满足胡牌条件时，玩家可以选择“胡”，也可选择弃 → test_guangdong_胡牌者_可选择胡_也可选择弃
- 多人都满足胡牌条件时，三人皆可胡牌，既“一炮多响” → test_guangdong_胡牌者_三人皆可胡牌_一炮多响
- 如一炮多响包括庄家在内胡牌，则下轮庄家继续坐庄 (else, by convention, his 下家)
  → test_guangdong_一炮多响包括庄家在内_庄家继续坐庄
- 4、庄家胡牌时，赢输不翻倍 → test_guangdong_庄家胡牌时_赢输不翻倍
- 5、漏胡: … 对家 C 或上家 D 打出相同的一张牌，玩家 A 是不能胡那一张的
  → test_guangdong_漏胡_对家C或上家D打出相同的一张_不能胡
- 除非玩家 A 有进行动牌的状态，动牌的意思在于碰、吃、杠、摸任意一张牌 … 便取消
  → test_guangdong_漏胡_动牌后取消
- (the same) 漏胡 bars that one tile → test_guangdong_漏胡_只针对那一张
- 6、一炮三响: 点炮者包三家。胡牌者不满 4 番牌型，按照 4 番满计算
  → test_guangdong_一炮三响_点炮者包三家_不满4番按4番
- 7、杠上开花（暗杠、补杠）: 不满 4 番 … 按照 4 番满计算 … 记自摸
  → test_guangdong_杠上开花_暗杠补杠_记自摸_不满4番按4番
- 8、杠上开花包杠（明杠）: 计自摸，点杠者包三家牌 → test_guangdong_杠上开花包杠_明杠_点杠者包三家
- 9、海底捞月: 摸最后一张牌胡牌 … 按照 4 番满计算 → test_guangdong_海底捞月_摸最后一张牌胡牌
- b、鸡胡 1: 什么牌都可以胡，可吃碰杠 → test_guangdong_鸡胡_什么牌都可以胡_可吃碰杠
- 10、包自摸规则: 十二张落地包自摸 … 为另外两家代付该笔自摸 → test_guangdong_包自摸_十二张落地
- 11、独特牌型包自摸: 大三元 … 若有人打出余下一款者，那人则需承担包自摸的职责
  → test_guangdong_独特牌型包自摸_大三元
- 12、抢杠: 补杠所补的那张牌，可以被抢杠胡 … 被抢杠者包三家牌
  → test_guangdong_抢杠_补杠可以被抢杠胡_被抢杠者包三家
- 12、抢杠: 暗杠不可抢杠胡。暗杠不能被抢杠 → test_guangdong_抢杠_暗杠不能被抢杠
- 12、抢杠: 明杠，不算抢杠胡，胡牌者只能胡点杠那张牌，只算平常胡牌
  → test_guangdong_抢杠_明杠不算抢杠胡_只算平常胡牌
- c、天胡：庄家起牌后即成和牌牌型 … 三家付 → test_guangdong_天胡_庄家起牌后即成和牌
- c、地胡：第一圈里闲家自摸的第一张牌和牌 → test_guangdong_地胡_闲家自摸的第一张牌
- 注：第一圈里若有人吃、碰牌 … 已不奏效，不行地和 → test_guangdong_地胡_有人吃碰牌已不奏效
- c、人胡：庄家打出的第一张牌，闲家吃和 … 庄家付 → test_guangdong_人胡_庄家打出的第一张牌
- (convention) 庄家 14 张、闲家 13 张; the dice sum breaks the wall
  → test_guangdong_convention_break_and_deal
- (convention) no kong without a tile to replace it → test_guangdong_convention_没有可摸的牌不能杠
- (convention) 暗杠亮上方一张 → test_guangdong_convention_暗杠亮上方一张
- (convention) 胡 > 杠 > 碰 > 吃 → test_guangdong_convention_胡_杠_碰_吃
- (convention) no 漏碰 → test_guangdong_convention_no_漏碰
- option 七对胡牌 (off / on) → test_guangdong_option_七对胡牌

Not here: 门风 第 1 局，随机一名庄家 (the random first dealer) — the engine-features branch
adds and tests it. 11、独特牌型包自摸 大四喜 and 10、包自摸 例二 (包先不包后) are settlement of
the claims the engine records (`test_guangdong_settlement.py`); the fan table is scoring.
This document states no 鸡胡不能吃胡 nor 20分以上可吃胡.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from clause_checks import (
    check_missed_win_by_c_or_d,
    check_missed_win_lifted,
    check_missed_win_only_that_tile,
)
from engine_helpers import (
    kinds,
    match_round,
    play_out_drawn,
    script,
    stacked_round,
)

from mjc.runtime.bots import RandomBot
from mjc.runtime.game import Round
from mjc.runtime.match import Match
from mjc.runtime.observation import observation
from mjc.runtime.tiles import tile_index
from tests.conftest import ruleset

BOOK = "guangdong"

# The deals of test_engine_shanghai.py, whose tiles guangdong has too (no flowers).
DEALER = "159m19p19s234567z5s"  # discards 5s
CHOWER = "123m456p78m46s11z3z"  # may chow 456s
PONGER = "234m567p4556s22z9p"  # may pong 55s
IDLE = "678m234p777z99s38p"
CLAIMS = [DEALER, CHOWER, PONGER, IDLE]
WAIT1 = "123m456p789m46s11z"  # waits on 5s
WAIT2 = "234m567p34s222z99p"  # waits on 2s and 5s
WAIT3 = "678m234p777z99s34s"  # waits on 2s and 5s
SEVERAL = [DEALER, WAIT1, WAIT2, WAIT3]
HEAVENLY = ["123m456p789s33344z", WAIT1, WAIT2, WAIT3]  # the dealer's 14 tiles win


def _round(hands: list[str], draws: str = "", tail: str = "", **options: object) -> Round:
    return stacked_round(ruleset(BOOK), hands, draws, options=options or None, tail=tail)


def _rotated(hands: list[str], dealer: int) -> list[str]:
    """`hands` written from the dealer on, placed at the seats of a round `dealer` deals."""
    return [hands[(seat - dealer) % 4] for seat in range(4)]


def _match(dealer: int = 0) -> Match:
    return Match(ruleset(BOOK), seed=5, dealer=dealer)


def _last_turn(game: Round) -> bool:
    """The wall's last tile is drawn and its seat is to play."""
    return game.wall.drawable == 0 and game.phase == "turn"


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
    assert taken == 136 and game.wall.undrawn() == []
    assert game.events[-2]["type"] == "action" and game.events[-2]["kind"] == "discard"
    assert game.result["deltas"] == [0, 0, 0, 0]


def test_guangdong_荒庄_最后一张打出后仍可胡() -> None:
    """F、荒庄 … 打出后无人胡牌: the round is drawn only if nobody wins the last discard — seat
    3 throws the wall's last tile, 5s, and seats 1 and 2, waiting on it, may still win it."""
    game = _round(SEVERAL, tail="5s")
    play_out_drawn(game, stop=_last_turn)
    assert game.turn == 3 and game.drew == tile_index("5s")
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
    game = match_round(match, _rotated(PASS_ON, d))
    script(game, f"{d} discard 5s", f"{(d + 2) % 4} pass", f"{(d + 1) % 4} win")
    match.finish(game)
    return game


def _dealer_wins(match: Match) -> Round:
    d = match.dealer
    game = match_round(match, _rotated(HEAVENLY, d))
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
    match = _match()
    played = [_pass_the_deal(match) for _ in range(16)]
    assert [g.dealer for g in played] == [0, 1, 2, 3] * 4
    assert [g.round_wind for g in played] == ["E"] * 4 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4
    assert [g.result["outcome"]["round_wind"] for g in played[3:5]] == ["E", "S"]


def test_guangdong_圈数显示_连庄时圈数显示稳定() -> None:
    """A、圈数显示: 记录玩家每局比赛：东风东、东风西 … 连庄时，圈数显示稳定: while a dealer keeps
    the deal (a win, a 荒庄) the round wind stays; it moves on once all four dealt."""
    match = _match()
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
    match = _match(2)
    game = _dealer_wins(match)
    assert game.result is not None and game.result["winners"] == [2]
    assert match.dealer == 2 and match.streak == 1 and match.next_round().dealer == 2


def test_guangdong_庄家规则_荒庄时庄家连庄() -> None:
    """荒庄时，庄家连庄"""
    match = _match(3)
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
    match = _match()
    game = match_round(match, SEVERAL, draws)
    script(game, *steps)
    assert game.result is not None and game.result["winners"] == [winner]
    match.finish(game)
    assert match.next_round().dealer == 1


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
    game = _round(CLAIMS)
    script(game, "0 discard 5s")
    assert kinds(game, 1) == {"chow", "pass"}
    assert kinds(game, 2) == {"pong", "pass"}


# Seat 1 pongs seat 0's 9s, draws the fourth later and adds it (补杠).
ROB = ["147m147p147s2345z9s", "258m258p25s99s123z", "123m456p78s111z55z", "123m123p123s6677z"]
ROB_STEPS = [
    "0 discard 9s", "2 pass", "1 pong", "1 discard 5m", "2 discard 9m", "3 discard 9p",
    "0 discard 8m", "1 added_kong 9s",
]
# Seat 3 holds three 5s (明杠 of the dealer's 5s); the dealer four 1p (暗杠).
KONGER = "678m234p46s555s7z8p"
KONGS = ["1111p19s234567z5s9p", CHOWER, "234m567p22z9p11z3s7s", KONGER]


def test_guangdong_杠_明杠暗杠_可补杠_补杠为明杠() -> None:
    """3、杠: “杠”分明杠和暗杠 … 可补杠，补杠为明杠: a concealed kong, an exposed kong of a
    discard and an added kong are all offered; the added kong is shown to all like a 明杠."""
    game = _round(KONGS, tail="9m 8s")
    assert "concealed_kong" in kinds(game, 0)
    script(game, "0 concealed_kong 1p", "0 discard 5s")
    assert "exposed_kong" in kinds(game, 3)
    game = _round(ROB, "9m 9p 8m 9s", tail="7z")
    script(game, *ROB_STEPS, "2 pass")  # seat 2 could rob it (below); it lets it be
    assert game.phase == "turn" and game.kong_history == [{"seat": 1, "kind": "added"}]
    for viewer in (0, 2, 3):
        assert observation(game, viewer)["seats"][1]["melds"][0] == {
            "kind": "kong", "kong": "added", "tiles": ["9s"] * 4, "from": 0, "claimed": "9s",
        }


def test_guangdong_杠_明暗杠不计算番数或分数() -> None:
    """3、杠: 明、暗杠不计算番数或分数 — a concealed and an exposed kong are made, the round is
    drawn: nobody pays anything for them."""
    game = _round(KONGS, tail="9m 8s")
    script(game, "0 concealed_kong 1p", "0 discard 5s", "1 pass", "3 exposed_kong")
    play_out_drawn(game)
    assert game.result is not None and game.result["exhaustive_draw"]
    assert [k["kind"] for k in game.result["outcome"]["kongs"]] == ["concealed", "exposed"]
    assert game.result["deltas"] == [0, 0, 0, 0]


def test_guangdong_无听牌() -> None:
    """4、无听牌 — there is no ready declaration: over whole rounds no seat is ever offered
    anything but a discard, a kong, a claim, a win or a pass."""
    plain = {"discard", "concealed_kong", "added_kong", "exposed_kong", "pong", "chow", "win",
             "pass"}
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


# ------------------------------------------------------------------ 六、胡牌的规定


def test_guangdong_胡牌方式_自摸胡_包括杠上开花() -> None:
    """1、胡牌方式 A、自摸胡，包括杠上开花: the dealer's concealed kong of 1p is replaced by the
    5z that completes his hand: a self-drawn win, 杠上开花, paid by all three."""
    hands = ["1111p234m567s789s5z", CHOWER, PONGER, IDLE]
    game = _round(hands, tail="5z")
    script(game, "0 concealed_kong 1p")
    assert "win" in kinds(game, 0)
    script(game, "0 win")
    assert game.result is not None
    winner = game.result["outcome"]["winners"][0]
    assert winner["self_drawn"] and "kong_bloom" in winner["situations"]
    deltas = game.result["deltas"]
    assert deltas[1] == deltas[2] == deltas[3] < 0 and deltas[0] == -3 * deltas[1]


def test_guangdong_胡牌方式_点炮胡_包括抢杠胡() -> None:
    """1、胡牌方式 B、点炮胡，包括抢杠胡: seat 2 wins on seat 1's 2s (seat 3 lets it go): only
    the discarder pays; robbing a kong is a discard win too (the 抢杠 tests below)."""
    game = _round(SEVERAL, "2s")
    script(game, "0 discard 3z", "1 discard 2s", "3 pass", "2 win")
    assert game.result is not None and game.result["winners"] == [2]
    winner = game.result["outcome"]["winners"][0]
    assert not winner["self_drawn"] and game.result["outcome"]["discarder"] == 1
    deltas = game.result["deltas"]
    assert deltas[2] > 0 and deltas[1] == -deltas[2] and deltas[0] == deltas[3] == 0


def test_guangdong_胡牌者_可选择胡_也可选择弃() -> None:
    """2、胡牌者: 满足胡牌条件时，玩家可以选择“胡”，也可选择弃 — a win on a discard is offered
    beside a pass, a self-draw beside the discards; passing both plays on."""
    game = _round(SEVERAL, "5s")
    script(game, "0 discard 3z")
    assert "win" in kinds(game, 1) and "discard" in kinds(game, 1)
    script(game, "1 discard 5s")
    assert kinds(game, 2) == {"win", "chow", "pass"} and "win" in kinds(game, 3)
    script(game, "2 pass", "3 pass")
    assert game.result is None and game.turn == 2 and game.phase == "turn"


# The dealer throws 3z, then each seat throws the junk it draws (1p, 1s, 7p) and the dealer
# the 5s that seats 1, 2 and 3 all wait on: no 人胡, no 地胡.
GO_AROUND = ["0 discard 3z", "1 discard 1p", "2 discard 1s", "3 discard 7p"]
GO_DRAWS = "1p 1s 7p 2m"


def test_guangdong_胡牌者_三人皆可胡牌_一炮多响() -> None:
    """多人都满足胡牌条件时，三人皆可胡牌，既“一炮多响”"""
    game = _round(SEVERAL, GO_DRAWS)
    script(game, *GO_AROUND, "0 discard 5s")
    assert all("win" in kinds(game, s) for s in (1, 2, 3))
    script(game, "1 win", "2 win", "3 win")
    assert game.result is not None and game.result["winners"] == [1, 2, 3]


# Seat 1 throws 5s after the dealer's 3z; the dealer (waiting on 5s) and seat 2 may win.
DEALER_WAITS = ["123m456p789m46s113z", "159m19p19s2456z5s8p", WAIT2, IDLE]


@pytest.mark.parametrize(
    ("dealer", "hands", "draws", "steps", "winners", "following"),
    [
        (0, DEALER_WAITS, "7z", ["0 discard 3z", "1 discard 5s", "2 win", "0 win"], [2, 0], 0),
        (3, _rotated(SEVERAL, 3), "", ["3 discard 5s", "0 pass", "1 win", "2 win"], [1, 2], 0),
    ],
    ids=["包括庄家", "庄家不在内"],
)
def test_guangdong_一炮多响包括庄家在内_庄家继续坐庄(
    dealer: int, hands: list[str], draws: str, steps: list[str], winners: list[int],
    following: int,
) -> None:
    """如一炮多响包括庄家在内胡牌，则下轮庄家继续坐庄: the dealer (seat 0) and seat 2 win on
    seat 1's 5s: seat 0 deals again. Convention: when the dealer is not among the winners (seat
    3 deals, seats 1 and 2 win), his 下家 deals, as after any other player's win."""
    match = _match(dealer)
    game = match_round(match, hands, draws)
    script(game, *steps)
    assert game.result is not None and game.result["winners"] == winners
    match.finish(game)
    assert match.next_round().dealer == following


def test_guangdong_庄家胡牌时_赢输不翻倍() -> None:
    """4、庄家胡牌: 庄家胡牌时，赢输不翻倍 — the dealer wins on seat 1's 5s and is paid the
    hand's fan as any other seat would be."""
    game = _round(DEALER_WAITS, "7z")
    script(game, "0 discard 3z", "1 discard 5s", "2 pass", "0 win")
    assert game.result is not None and game.result["winners"] == [0]
    hand = game.result["outcome"]["winners"][0]["hand"]
    fan = ruleset(BOOK).score(hand, win="5s", seat_wind="S").total  # as a non-dealer
    assert game.result["deltas"] == [fan, -fan, 0, 0]


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


# ------------------------------------------------------------------ 一炮三响, 杠上开花, 海底


def test_guangdong_一炮三响_点炮者包三家_不满4番按4番() -> None:
    """6、一炮三响: 同一张牌点三个炮，点炮者包三家。胡牌者不满 4 番牌型，按照 4 番满计算: the
    dealer's 5s wins for seats 1, 2 and 3 (hands under 4 番); he pays each of them 4."""
    game = _round(SEVERAL, GO_DRAWS)
    script(game, *GO_AROUND, "0 discard 5s", "1 win", "2 win", "3 win")
    assert game.result is not None and game.result["winners"] == [1, 2, 3]
    rs = ruleset(BOOK)
    for winner in game.result["outcome"]["winners"]:
        assert "triple_win" in winner["situations"]
        plain = rs.score(winner["hand"], win="5s", seat_wind=game.seat_wind(winner["seat"]))
        assert plain.total < 4
    assert game.result["deltas"] == [-12, 4, 4, 4]


# Seat 1 pongs the dealer's 9s, draws the fourth and adds it; its replacement, 5z, wins.
ADDED_BLOOM = ["147m147p147s2345z9s", "99s123m456p789p15z", "369m369p36s567z88s", ROB[3]]


@pytest.mark.parametrize("kong", ["暗杠", "补杠"])
def test_guangdong_杠上开花_暗杠补杠_记自摸_不满4番按4番(kong: str) -> None:
    """7、杠上开花（暗杠、补杠）: 不满 4 番牌型，按照 4 番满计算 … 记自摸: the replacement of a
    concealed or an added kong completes the hand: each of the three pays 4."""
    if kong == "暗杠":
        game = _round(["1111p234m567s789s5z", CHOWER, PONGER, IDLE], tail="5z")
        script(game, "0 concealed_kong 1p", "0 win")
        winner = 0
    else:
        game = _round(ADDED_BLOOM, "1z 2z 3z 9s", tail="5z")
        script(
            game, "0 discard 9s", "1 pong", "1 discard 1z", "2 discard 1z", "3 discard 2z",
            "0 discard 3z", "1 added_kong 9s", "1 win",
        )
        winner = 1
    assert game.result is not None and game.result["winners"] == [winner]
    won = game.result["outcome"]["winners"][0]
    assert won["self_drawn"] and "kong_bloom" in won["situations"]
    assert game.result["deltas"] == [12 if s == winner else -4 for s in range(4)]


BLOOM = ["147m147p147s2345z9s", "999s123m456p789p1z", "2369m36p36s567z88s", ROB[3]]


def test_guangdong_杠上开花包杠_明杠_点杠者包三家() -> None:
    """8、杠上开花包杠（明杠）: 杠上开花包杠：计自摸，点杠者包三家牌 … 不满 4 番 … 按照 4 番满:
    seat 1 kongs the dealer's 9s and wins on the replacement: the dealer pays all three
    shares (3 × 4), the others nothing."""
    game = _round(BLOOM, tail="1z")
    script(game, "0 discard 9s", "1 exposed_kong", "1 win")
    assert game.result is not None
    assert game.result["outcome"]["kong_fed_by"] == 0
    assert game.result["deltas"] == [-12, 12, 0, 0]


def test_guangdong_海底捞月_摸最后一张牌胡牌() -> None:
    """9、海底捞月: 摸最后一张牌胡牌。不满 4 番牌型，按照 4 番满计算 / 海底捞针 … 当自摸，三家付:
    seat 3 draws the wall's last tile, 2s, and wins on it: each of the three pays 4."""
    game = _round(SEVERAL, tail="2s")
    play_out_drawn(game, stop=_last_turn)
    assert game.turn == 3 and game.drew == tile_index("2s") and "win" in kinds(game, 3)
    script(game, "3 win")
    assert game.result is not None
    assert "last_tile" in game.result["outcome"]["winners"][0]["situations"]
    assert game.result["deltas"] == [-4, -4, -4, 12]


# ------------------------------------------------------------------ 包自摸

# Seat 1 chows the dealer's 1m, 4p, 7s and 1s: twelve tiles down, a single wait on 7z,
# which it then draws. Seats 2 and 3 throw what they draw; nobody claims it.
TWELVE = ["1589m149p1279s457z", "23m56p2389s12367z", "347m2568p3468s55z", "2467m3799p567s24z"]
TWELVE_DRAWS = "9s 6p 8p 3z 1z 8m 1z 3z 2p 6z 6z 4z 7z"
TWELVE_STEPS = [
    "0 discard 1m", "1 chow 1m 1m", "1 discard 1z", "2 discard 9s", "3 discard 6p",
    "0 discard 4p", "1 chow 4p 4p", "1 discard 2z", "2 discard 3z", "3 discard 1z",
    "0 discard 7s", "1 chow 7s 7s", "1 discard 3z", "2 discard 1z", "3 discard 3z",
    "0 discard 1s", "1 chow 1s 1s", "1 discard 6z", "2 discard 6z", "3 discard 6z",
    "0 discard 4z", "1 win",
]


def test_guangdong_包自摸_十二张落地() -> None:
    """10、包自摸规则: 十二张落地包自摸 … 若该名玩家在 12 张落地的状态时自摸胡牌，该打出让玩家
    创立 12 张落地的玩家 A 便须要为另外两家代付该笔自摸: seat 1's fourth chow is of the
    dealer's 1s; when seat 1 self-draws, the dealer pays all three shares."""
    game = _round(TWELVE, TWELVE_DRAWS)
    script(game, *TWELVE_STEPS)
    assert game.result is not None and game.result["winners"] == [1]
    won = game.result["outcome"]["winners"][0]
    assert won["self_drawn"]
    assert [c["from_seat"] for c in game.result["outcome"]["claims"]] == [0] * 4
    fan = ruleset(BOOK).score(won["hand"], win="7z", self_drawn=True, seat_wind="S").total
    assert game.result["deltas"] == [-3 * fan, 3 * fan, 0, 0]


def test_guangdong_鸡胡_什么牌都可以胡_可吃碰杠() -> None:
    """鸡胡 1: 什么牌都可以胡，可吃碰杠 — any winning hand may win, on a discard too, after a
    claim (no 鸡胡不能吃胡 here): seat 2 pongs 9p, then wins seat 0's 2s with 鸡胡 alone."""
    game = _round(SEVERAL, "1s 2s")
    script(game, "0 discard 9p", "2 pong", "2 discard 2z", "3 discard 1s", "0 discard 2s")
    assert "win" in kinds(game, 2)
    script(game, "3 pass", "2 win")
    assert game.result is not None and game.result["winners"] == [2]
    won = game.result["outcome"]["winners"][0]
    score = ruleset(BOOK).score(won["hand"], win="2s", seat_wind="W")
    assert [f.name for f in score.fans] == ["鸡胡"]
    assert game.result["deltas"] == [-score.total, 0, score.total, 0]


# Seat 1 pongs the dealer's 5z, seat 3's 6z and seat 2's 7z, then draws the 9s it waits on.
DRAGONS = ["147m147p1478s2345z", "123m159p9s556677z", "2589m258p258s137z", "369m369p369s1246z"]
DRAGON_STEPS = [
    "0 discard 5z", "1 pong", "1 discard 1p", "2 discard 8m", "3 discard 6z", "1 pong",
    "1 discard 5p", "2 discard 7z", "1 pong", "1 discard 9p", "2 discard 7p", "3 discard 9m",
    "0 discard 5s", "1 win",
]


def test_guangdong_独特牌型包自摸_大三元() -> None:
    """11、独特牌型包自摸: 大三元：玩家已碰出红中、白板、发财，任意 2 款．若有人打出余下一款者，
    那人则需承担包自摸的职责: seat 1 has ponged two dragons when seat 2 throws the third;
    seat 1 pongs it and later self-draws 大三元: seat 2 pays all three shares."""
    game = _round(DRAGONS, "8m 2m 3m 7p 9m 5s 9s")
    script(game, *DRAGON_STEPS)
    assert game.result is not None and game.result["winners"] == [1]
    won = game.result["outcome"]["winners"][0]
    assert won["self_drawn"]
    assert [c["from_seat"] for c in game.result["outcome"]["claims"]] == [0, 3, 2]
    fan = ruleset(BOOK).score(won["hand"], win="9s", self_drawn=True, seat_wind="S").total
    assert fan == 64
    assert game.result["deltas"] == [0, 3 * fan, -3 * fan, 0]


# ------------------------------------------------------------------ 12、抢杠


def test_guangdong_抢杠_补杠可以被抢杠胡_被抢杠者包三家() -> None:
    """12、抢杠: 补杠所补的那张牌，可以被抢杠胡，抢杠胡等同杠开，当自摸，被抢杠者（欲开杠者）包三家
    牌 … 不满 4 番牌型，按照 4 番满计算: seat 2 robs seat 1's added 9s; seat 1 pays 3 × 4."""
    game = _round(ROB, "9m 9p 8m 9s", tail="7z")
    script(game, *ROB_STEPS)
    assert game.phase == "rob" and kinds(game, 2) == {"win", "pass"}
    script(game, "2 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["robbing_kong"]
    assert game.result["deltas"] == [0, -12, 12, 0]


# Seat 2 waits on 1m for 十三幺; the dealer holds four 1m.
ORPHANS = ["1111m234p567p234s5s", "258m2588p258s66z7s", "9m19p19s12345677z", "345m678p3467s5599s"]


def test_guangdong_抢杠_暗杠不能被抢杠() -> None:
    """12、抢杠: 暗杠不可抢杠胡 … 暗杠不能被抢杠 — not even by a 十三幺 waiting on its tile:
    the dealer's concealed kong of 1m completes and he draws its replacement."""
    game = _round(ORPHANS, tail="9p")
    script(game, "0 concealed_kong 1m")
    assert game.phase == "turn" and game.turn == 0 and game.from_kong
    assert game.kong_history == [{"seat": 0, "kind": "concealed"}]


def test_guangdong_抢杠_明杠不算抢杠胡_只算平常胡牌() -> None:
    """12、抢杠: 明杠，不算抢杠胡，胡牌者只能胡点杠那张牌，只算平常胡牌: seat 1 would kong the
    dealer's 9s, seat 2 wins that very 9s: an ordinary discard win (no 4-番 floor), paid by
    the dealer alone."""
    hands = [ROB[0], ROB[1].replace("99s", "999s").replace("123z", "23z"), ROB[2], ROB[3]]
    game = _round(hands, tail="7z")
    script(game, "0 discard 9s")
    assert "exposed_kong" in kinds(game, 1) and "win" in kinds(game, 2)
    script(game, "1 exposed_kong", "2 win")
    assert game.result is not None and game.result["winners"] == [2]
    outcome = game.result["outcome"]
    assert "robbed_from" not in outcome and outcome["winners"][0]["situations"] == ["human"]
    deltas = game.result["deltas"]
    assert deltas[2] > 0 and deltas[0] == -deltas[2] and deltas[1] == deltas[3] == 0


# ------------------------------------------------------------------ 天胡, 地胡, 人胡


def test_guangdong_天胡_庄家起牌后即成和牌() -> None:
    """c、天胡：庄家起牌后即成和牌牌型；当十三幺计算，64 番，三家付"""
    game = _round(HEAVENLY)
    assert "win" in kinds(game, 0)
    script(game, "0 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["heavenly"]
    assert game.result["deltas"] == [192, -64, -64, -64]


def test_guangdong_地胡_闲家自摸的第一张牌() -> None:
    """c、地胡：起牌后，第一圈里闲家自摸的第一张牌和牌。当十三幺计算，64 番"""
    game = _round(SEVERAL, "5s")
    script(game, "0 discard 3z", "1 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["earthly"]
    assert game.result["deltas"] == [-64, 192, -64, -64]


def test_guangdong_地胡_有人吃碰牌已不奏效() -> None:
    """注：第一圈里若有人吃、碰牌 … 已不奏效，不行地和: seat 2 pongs the dealer's 9p; seat 3
    then wins on its first draw, without 地胡."""
    game = _round(SEVERAL, "2s")
    script(game, "0 discard 9p", "2 pong", "2 discard 2z", "3 win")
    assert game.result is not None and game.result["winners"] == [3]
    assert "earthly" not in game.result["outcome"]["winners"][0]["situations"]
    assert game.result["deltas"][3] < 192


def test_guangdong_人胡_庄家打出的第一张牌() -> None:
    """c、人胡：起牌后，庄家打出的第一张牌，闲家吃和；当十三幺计算 … 庄家付 (the rulebook's
    convention: 64, the seed's 9 番 contradicting 当十三幺计算)"""
    game = _round(SEVERAL)
    script(game, "0 discard 5s", "1 pass", "3 pass", "2 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["human"]
    assert game.result["deltas"] == [-64, 0, 64, 0]


# ------------------------------------------------------------------ conventions, option


@pytest.mark.parametrize("dealer", [0, 3])
def test_guangdong_convention_break_and_deal(dealer: int) -> None:
    """Convention (the seed says nothing of the break or the deal): the wall of the seat the
    dice sum reaches from the dealer is broken after as many stacks; the dealer gets 14
    tiles, the others 13, and the dealer plays first."""
    per_wall = 136 // 2 // 4
    for seed in range(10):
        game = Round(ruleset(BOOK), seed=seed, dealer=dealer)
        total = sum(game.wall.dice)
        assert game.wall.start == ((dealer + total - 1) % 4) * per_wall + total
        assert [sum(st.counts) for st in game.seats] == [
            14 if s == dealer else 13 for s in range(4)
        ]
        assert game.to_act() == [dealer]


def test_guangdong_convention_没有可摸的牌不能杠() -> None:
    """Convention (as 百色: 没有可摸的牌不能杠牌): seat 3 draws the last tile, its fourth 9p; it
    may not kong it, with nothing left to replace it."""
    hands = [DEALER.replace("19p", "18p"), WAIT1, WAIT2.replace("99p", "88p"), "678m234p999p9s357z"]
    game = _round(hands, tail="9p")
    play_out_drawn(game, stop=_last_turn)
    assert game.turn == 3 and game.seats[3].counts[tile_index("9p")] == 4
    assert "concealed_kong" not in kinds(game, 3)


def test_guangdong_convention_暗杠亮上方一张() -> None:
    """Convention (as 潮州 and 百色): the others see one tile of a concealed kong."""
    game = _round(KONGS, tail="9m")
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
            lambda g: g.claim_history[0]["kind"] == "pong" and g.turn == 2,
        ),
        (
            KONGS,
            ["1 chow 5s 4s", "3 exposed_kong"],
            lambda g: g.claim_history[0]["kind"] == "kong" and g.turn == 3,
        ),
    ],
    ids=["胡比碰吃", "碰比吃", "杠比吃"],
)
def test_guangdong_convention_胡_杠_碰_吃(
    hands: list[str], steps: list[str], check: Callable[[Round], bool]
) -> None:
    """Convention (the seed orders no claims): 胡 > 杠 > 碰 > 吃 on the dealer's 5s."""
    game = _round(hands, tail="9m")
    script(game, "0 discard 5s", *steps)
    assert check(game)


def test_guangdong_convention_no_漏碰() -> None:
    """Convention (the seed states no 漏碰): seat 2 passes a pong of 5s; seat 1's 5s, before
    seat 2 draws, may be ponged."""
    game = _round([DEALER, CHOWER.replace("3z", "5s"), PONGER, IDLE], "2z")
    script(game, "0 discard 5s", "1 pass", "2 pass", "1 discard 5s")
    assert "pong" in kinds(game, 2)


@pytest.mark.parametrize("seven_pairs", [False, True])
def test_guangdong_option_七对胡牌(seven_pairs: bool) -> None:
    """Option 七对胡牌 (convention: not in seed 004, off by default): seat 1's seven pairs win
    on the dealer's 2z only with the option on."""
    hands = ["234567m345678p25z", "1199m1199p1199s2z", "345m678p23s345s77z", "2345678s134566z"]
    game = _round(hands, seven_pairs=seven_pairs)
    script(game, "0 discard 2z")
    assert ("win" in kinds(game, 1)) is seven_pairs
