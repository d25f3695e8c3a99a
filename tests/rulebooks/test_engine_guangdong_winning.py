"""广东鸡平胡 (seed 004) played on the engine: one test per turn-flow statement of the document.

`test_play_guangdong.py` checks what the play section compiles to (`TurnRules`); these tests
play each statement on `mjc.runtime.game.engine.Round` with the bundled rulebook and its option
(rounds set up by a `Scenario`, `tests/helpers/engine_helpers.py`; seat 0 deals unless a
test says otherwise) and check what the document says happens: the actions offered or refused, the
state after them, the log, the settlement where the clause names one (stake 1: a 番 is 1),
and the next round's dealer and winds through `mjc.runtime.game.match.Match`. Quotes are
de-garbled as the rulebook's (农户 = 庄家, 杠上吐花 = 杠上开花, 生气 = 不满).

Clause (seed 004) → test:

- 六 1、胡牌方式 A、自摸胡，包括杠上开花 → test_guangdong_胡牌方式_自摸胡_包括杠上开花
- 六 1、胡牌方式 B、点炮胡，包括抢杠胡 → test_guangdong_胡牌方式_点炮胡_包括抢杠胡
- 六 2、满足胡牌条件时，玩家可以选择“胡”，也可选择弃 → test_guangdong_胡牌者_可选择胡_也可选择弃
- 多人都满足胡牌条件时，三人皆可胡牌，既“一炮多响” → test_guangdong_胡牌者_三人皆可胡牌_一炮多响
- 如一炮多响包括庄家在内胡牌，则下轮庄家继续坐庄 (else, by convention, his 下家)
  → test_guangdong_一炮多响包括庄家在内_庄家继续坐庄
- 4、庄家胡牌时，赢输不翻倍 → test_guangdong_庄家胡牌时_赢输不翻倍
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
- c、天胡：庄家起牌后即成和牌牌型 … 三家付 → test_guangdong_天胡_庄家起牌后即成和牌
- c、地胡：第一圈里闲家自摸的第一张牌和牌 → test_guangdong_地胡_闲家自摸的第一张牌
- 注：第一圈里若有人吃、碰牌 … 已不奏效，不行地和 → test_guangdong_地胡_有人吃碰牌已不奏效
- c、人胡：庄家打出的第一张牌，闲家吃和 … 庄家付 → test_guangdong_人胡_庄家打出的第一张牌
- option 七对胡牌 (off / on) → test_guangdong_option_七对胡牌

This file: 六、胡牌的规定, 一炮三响, 杠上开花, 海底, 包自摸, 天胡/地胡/人胡 and the 七对
option. The rest of the inventory: `test_engine_guangdong_wall_and_dealer.py` (the tiles,
荒庄, 圈, 圈风, 门风, the dealer) and `test_engine_guangdong_claims.py` (行牌规则, 漏胡,
抢杠, the conventions on claims).

Not here: 11、独特牌型包自摸 大四喜 and 10、包自摸 例二 (包先不包后) are settlement of
the claims the engine records (`test_guangdong_settlement.py`); the fan table is scoring.
This document states no 鸡胡不能吃胡 nor 20分以上可吃胡.
"""

from __future__ import annotations

import pytest
from clause_deals import (
    CHOWER,
    FIVE_S_HEAVENLY as HEAVENLY,
    FIVE_S_SEVERAL as SEVERAL,
    IDLE,
    PONGER,
    ROB,
    WAIT2,
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

from tests.conftest import ruleset

BOOK = "guangdong"

# ------------------------------------------------------------------ 六、胡牌的规定


def test_guangdong_胡牌方式_自摸胡_包括杠上开花() -> None:
    """1、胡牌方式 A、自摸胡，包括杠上开花: the dealer's concealed kong of 1p is replaced by the
    5z that completes his hand: a self-drawn win, 杠上开花, paid by all three."""
    hands = ["1111p234m567s789s5z", CHOWER, PONGER, IDLE]
    game = book_round(BOOK, hands, tail="5z")
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
    game = book_round(BOOK, SEVERAL, "2s")
    script(game, "0 discard 3z", "1 discard 2s", "3 pass", "2 win")
    assert game.result is not None and game.result["winners"] == [2]
    winner = game.result["outcome"]["winners"][0]
    assert not winner["self_drawn"] and game.result["outcome"]["discarder"] == 1
    deltas = game.result["deltas"]
    assert deltas[2] > 0 and deltas[1] == -deltas[2] and deltas[0] == deltas[3] == 0


def test_guangdong_胡牌者_可选择胡_也可选择弃() -> None:
    """2、胡牌者: 满足胡牌条件时，玩家可以选择“胡”，也可选择弃 — a win on a discard is offered
    beside a pass, a self-draw beside the discards; passing both plays on."""
    game = book_round(BOOK, SEVERAL, "5s")
    script(game, "0 discard 3z")
    assert "win" in kinds(game, 1) and "discard" in kinds(game, 1)
    script(game, "1 discard 5s")
    assert kinds(game, 2) == {"win", "chow", "pass"} and "win" in kinds(game, 3)
    script(game, "2 pass", "3 pass")
    state = game.state()
    assert game.result is None and state.turn == 2 and state.phase == "turn"


# The dealer throws 3z, then each seat throws the junk it draws (1p, 1s, 7p) and the dealer
# the 5s that seats 1, 2 and 3 all wait on: no 人胡, no 地胡.
GO_AROUND = ["0 discard 3z", "1 discard 1p", "2 discard 1s", "3 discard 7p"]
GO_DRAWS = "1p 1s 7p 2m"


def test_guangdong_胡牌者_三人皆可胡牌_一炮多响() -> None:
    """多人都满足胡牌条件时，三人皆可胡牌，既“一炮多响”"""
    game = book_round(BOOK, SEVERAL, GO_DRAWS)
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
        (3, rotated(SEVERAL, 3), "", ["3 discard 5s", "0 pass", "1 win", "2 win"], [1, 2], 0),
    ],
    ids=["包括庄家", "庄家不在内"],
)
def test_guangdong_一炮多响包括庄家在内_庄家继续坐庄(
    dealer: int,
    hands: list[str],
    draws: str,
    steps: list[str],
    winners: list[int],
    following: int,
) -> None:
    """如一炮多响包括庄家在内胡牌，则下轮庄家继续坐庄: the dealer (seat 0) and seat 2 win on
    seat 1's 5s: seat 0 deals again. Convention: when the dealer is not among the winners (seat
    3 deals, seats 1 and 2 win), his 下家 deals, as after any other player's win."""
    match = book_match(BOOK, dealer)
    game = match_round(match, hands, draws)
    script(game, *steps)
    assert game.result is not None and game.result["winners"] == winners
    match.finish(game)
    assert match.next_round().dealer == following


def test_guangdong_庄家胡牌时_赢输不翻倍() -> None:
    """4、庄家胡牌: 庄家胡牌时，赢输不翻倍 — the dealer wins on seat 1's 5s and is paid the
    hand's fan as any other seat would be."""
    game = book_round(BOOK, DEALER_WAITS, "7z")
    script(game, "0 discard 3z", "1 discard 5s", "2 pass", "0 win")
    assert game.result is not None and game.result["winners"] == [0]
    hand = game.result["outcome"]["winners"][0]["hand"]
    fan = ruleset(BOOK).score(hand, win="5s", seat_wind="S").total  # as a non-dealer
    assert game.result["deltas"] == [fan, -fan, 0, 0]


# ------------------------------------------------------------------ 一炮三响, 杠上开花, 海底


def test_guangdong_一炮三响_点炮者包三家_不满4番按4番() -> None:
    """6、一炮三响: 同一张牌点三个炮，点炮者包三家。胡牌者不满 4 番牌型，按照 4 番满计算: the
    dealer's 5s wins for seats 1, 2 and 3 (hands under 4 番); he pays each of them 4."""
    game = book_round(BOOK, SEVERAL, GO_DRAWS)
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
        game = book_round(BOOK, ["1111p234m567s789s5z", CHOWER, PONGER, IDLE], tail="5z")
        script(game, "0 concealed_kong 1p", "0 win")
        winner = 0
    else:
        game = book_round(BOOK, ADDED_BLOOM, "1z 2z 3z 9s", tail="5z")
        script(
            game,
            "0 discard 9s",
            "1 pong",
            "1 discard 1z",
            "2 discard 1z",
            "3 discard 2z",
            "0 discard 3z",
            "1 added_kong 9s",
            "1 win",
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
    game = book_round(BOOK, BLOOM, tail="1z")
    script(game, "0 discard 9s", "1 exposed_kong", "1 win")
    assert game.result is not None
    assert game.result["outcome"]["kong_fed_by"] == 0
    assert game.result["deltas"] == [-12, 12, 0, 0]


def test_guangdong_海底捞月_摸最后一张牌胡牌() -> None:
    """9、海底捞月: 摸最后一张牌胡牌。不满 4 番牌型，按照 4 番满计算 / 海底捞针 … 当自摸，三家付:
    seat 3 draws the wall's last tile, 2s, and wins on it: each of the three pays 4."""
    game = book_round(BOOK, SEVERAL, last="2s")
    play_out_drawn(game, stop=last_turn)
    assert game.state().turn == 3 and drawn(game) == "2s" and "win" in kinds(game, 3)
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
    "0 discard 1m",
    "1 chow 1m 1m",
    "1 discard 1z",
    "2 discard 9s",
    "3 discard 6p",
    "0 discard 4p",
    "1 chow 4p 4p",
    "1 discard 2z",
    "2 discard 3z",
    "3 discard 1z",
    "0 discard 7s",
    "1 chow 7s 7s",
    "1 discard 3z",
    "2 discard 1z",
    "3 discard 3z",
    "0 discard 1s",
    "1 chow 1s 1s",
    "1 discard 6z",
    "2 discard 6z",
    "3 discard 6z",
    "0 discard 4z",
    "1 win",
]


def test_guangdong_包自摸_十二张落地() -> None:
    """10、包自摸规则: 十二张落地包自摸 … 若该名玩家在 12 张落地的状态时自摸胡牌，该打出让玩家
    创立 12 张落地的玩家 A 便须要为另外两家代付该笔自摸: seat 1's fourth chow is of the
    dealer's 1s; when seat 1 self-draws, the dealer pays all three shares."""
    game = book_round(BOOK, TWELVE, TWELVE_DRAWS)
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
    game = book_round(BOOK, SEVERAL, "1s 2s")
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
    "0 discard 5z",
    "1 pong",
    "1 discard 1p",
    "2 discard 8m",
    "3 discard 6z",
    "1 pong",
    "1 discard 5p",
    "2 discard 7z",
    "1 pong",
    "1 discard 9p",
    "2 discard 7p",
    "3 discard 9m",
    "0 discard 5s",
    "1 win",
]


def test_guangdong_独特牌型包自摸_大三元() -> None:
    """11、独特牌型包自摸: 大三元：玩家已碰出红中、白板、发财，任意 2 款．若有人打出余下一款者，
    那人则需承担包自摸的职责: seat 1 has ponged two dragons when seat 2 throws the third;
    seat 1 pongs it and later self-draws 大三元: seat 2 pays all three shares."""
    game = book_round(BOOK, DRAGONS, "8m 2m 3m 7p 9m 5s 9s")
    script(game, *DRAGON_STEPS)
    assert game.result is not None and game.result["winners"] == [1]
    won = game.result["outcome"]["winners"][0]
    assert won["self_drawn"]
    assert [c["from_seat"] for c in game.result["outcome"]["claims"]] == [0, 3, 2]
    fan = ruleset(BOOK).score(won["hand"], win="9s", self_drawn=True, seat_wind="S").total
    assert fan == 64
    assert game.result["deltas"] == [0, 3 * fan, -3 * fan, 0]


# ------------------------------------------------------------------ 天胡, 地胡, 人胡


def test_guangdong_天胡_庄家起牌后即成和牌() -> None:
    """c、天胡：庄家起牌后即成和牌牌型；当十三幺计算，64 番，三家付"""
    game = book_round(BOOK, HEAVENLY)
    assert "win" in kinds(game, 0)
    script(game, "0 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["heavenly"]
    assert game.result["deltas"] == [192, -64, -64, -64]


def test_guangdong_地胡_闲家自摸的第一张牌() -> None:
    """c、地胡：起牌后，第一圈里闲家自摸的第一张牌和牌。当十三幺计算，64 番"""
    game = book_round(BOOK, SEVERAL, "5s")
    script(game, "0 discard 3z", "1 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["earthly"]
    assert game.result["deltas"] == [-64, 192, -64, -64]


def test_guangdong_地胡_有人吃碰牌已不奏效() -> None:
    """注：第一圈里若有人吃、碰牌 … 已不奏效，不行地和: seat 2 pongs the dealer's 9p; seat 3
    then wins on its first draw, without 地胡."""
    game = book_round(BOOK, SEVERAL, "2s")
    script(game, "0 discard 9p", "2 pong", "2 discard 2z", "3 win")
    assert game.result is not None and game.result["winners"] == [3]
    assert "earthly" not in game.result["outcome"]["winners"][0]["situations"]
    assert game.result["deltas"][3] < 192


def test_guangdong_人胡_庄家打出的第一张牌() -> None:
    """c、人胡：起牌后，庄家打出的第一张牌，闲家吃和；当十三幺计算 … 庄家付 (the rulebook's
    convention: 64, the seed's 9 番 contradicting 当十三幺计算)"""
    game = book_round(BOOK, SEVERAL)
    script(game, "0 discard 5s", "1 pass", "3 pass", "2 win")
    assert game.result is not None
    assert game.result["outcome"]["winners"][0]["situations"] == ["human"]
    assert game.result["deltas"] == [-64, 0, 64, 0]


@pytest.mark.parametrize("seven_pairs", [False, True])
def test_guangdong_option_七对胡牌(seven_pairs: bool) -> None:
    """Option 七对胡牌 (convention: not in seed 004, off by default): seat 1's seven pairs win
    on the dealer's 2z only with the option on."""
    hands = ["234567m345678p25z", "1199m1199p1199s2z", "345m678p23s345s77z", "2345678s134566z"]
    game = book_round(BOOK, hands, seven_pairs=seven_pairs)
    script(game, "0 discard 2z")
    assert ("win" in kinds(game, 1)) is seven_pairs
