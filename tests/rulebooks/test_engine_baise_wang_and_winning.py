"""百色麻将 (seed 001) played on the engine: one test per turn-flow statement of the seed, named
after its clause, each playing the bundled rulebook under its options (`Round`, `Match`) on
a `Scenario` where the clause needs one. test_play_baise.py checks the same clauses on the
compiled `TurnRules`; this file checks that the engine plays them. The inventory, each
clause with its test:

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

This file: 王牌 and the options on winning (听任意牌能炮胡, 抓马, 四封, 只可自摸). The
rest of the inventory: `test_engine_baise_wall_and_dealer.py` (the wall, the deal and
the dealer) and `test_engine_baise_claims.py` (claims, kongs, 托管).

三包 (who pays for a partner) is settlement, tested in test_baise_settlement.py.
"""

from __future__ import annotations

import pytest
from clause_deals import (
    HEAVENLY,
    MISSED_WIN,
    ROB,
    self_draw_round,
    several_round,
)
from engine_helpers import (
    SEAT0,
    SEAT1,
    SEAT2,
    SEAT3,
    act,
    kinds,
    pass_claims,
    play_until_wall_empty,
    scenario_round,
    tile,
)

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.tiles.tile import tile_index

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("baise")


# ------------------------------------------------------------------ 王牌


def _in_play(game: Round) -> list[int]:
    counts = game.census()
    indicator = game.state().indicator
    assert indicator is not None
    counts[tile_index(indicator)] -= 1  # the flipped tile is out of play
    return counts


def _wang_round(book: Ruleset, hands: list[str], wang: str) -> Round:
    """`hands` under `wang`; where a tile is flipped (大转, 小转), it is 1m."""
    flipped = None if wang == "none" else "1m"
    return scenario_round(book, hands, indicator=flipped, options={"wang": wang})


@pytest.mark.parametrize(
    ("wang", "flipped", "wild", "copies"), [("da", "1m", "2m", 4), ("xiao", "2m", "2m", 3)]
)
def test_baise_王牌_大转_小转_copies_in_play(
    book: Ruleset, wang: str, flipped: str, wild: str, copies: int
) -> None:
    """大转：每次发牌时随机翻一张牌作为引牌，引牌序数+1才是王牌 / 引牌剩余可用的只有3张，王牌有4张
    / 小转：每次发牌时随机翻一张牌作为王牌；王牌只有3张"""
    hands = [SEAT0, SEAT1, SEAT2, SEAT3]
    game = scenario_round(book, hands, indicator=flipped, options={"wang": wang})
    assert game.state().wilds == (wild,)
    in_play = _in_play(game)
    assert in_play[tile(wild)] == copies
    assert in_play[tile(flipped)] == (3 if flipped != wild else copies)


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_王牌仅可代替任意牌胡牌_no_kong_of_王牌(book: Ruleset, wang: str) -> None:
    """王牌仅可代替任意牌胡牌 — the dealer's four 2m are 王牌 under 大转 (1m flipped) and make no
    concealed kong; under 无王 they do."""
    hands = ["2222m47p147s2345z9s", SEAT1.replace("258m", "58m9p"), SEAT2, "13m123p123s6677z5p"]
    game = _wang_round(book, hands, wang)
    assert ("concealed_kong" in kinds(game, 0)) is (wang == "none")


# The dealer discards a 2m; under 大转 with 1m flipped it is the 王牌. Seat 1 holds 13m,
# seat 2 222m, seat 3 a 4m single wait that a 王牌 would complete.
WANG_DISCARD = [
    "2m147p147s23456z99s",
    "13m258p258s12347z",
    "2228m369p369s567z",
    "4m456p789p123s456s",
]


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_王牌可打出_but_never_claimed(book: Ruleset, wang: str) -> None:
    """王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌 — under 无王 the same 2m is chowed,
    ponged or konged."""
    game = _wang_round(book, WANG_DISCARD, wang)
    assert Action(0, "discard", tile("2m")) in game.legal_actions(0)
    act(game, 0, "discard", "2m")
    if wang == "da":
        assert game.state().phase == "turn" and game.to_act() == [1]
    else:
        assert "chow" in kinds(game, 1) and "exposed_kong" in kinds(game, 2)


# The dealer discards 4m; seat 1 holds 23m (2m the 王牌 under 大转), seat 2 holds 24m.
WANG_AS_ITSELF = [
    "4m147p147s23456z99s",
    "23m258p258s12347z",
    "2468m369p369s567z",
    "5m456p789p123s456s",
]


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_王牌当本身或代替其他牌_不可以吃碰杠(book: Ruleset, wang: str) -> None:
    """王牌当本身或代替其他牌，都不可以吃、碰、杠别人打出的牌 — seat 1 may not chow 4m with its
    王牌 2m as itself, seat 2 may not pong it with the 王牌 standing for a 4m."""
    game = _wang_round(book, WANG_AS_ITSELF, wang)
    act(game, 0, "discard", "4m")
    assert "pong" not in kinds(game, 2)
    assert ("chow" in kinds(game, 1)) is (wang == "none")


@pytest.mark.parametrize("wang", ["da", "none"])
def test_baise_听任意牌能炮胡(book: Ruleset, wang: str) -> None:
    """听任意牌能炮胡 — seat 2 holds 123m 456p 789s 111z and a 王牌 2m: it wins on the dealer's 9s;
    without 王牌 its hand waits on 2m only."""
    hands = [ROB[0], SEAT1, "1223m456p789s111z", SEAT3]
    game = _wang_round(book, hands, wang)
    act(game, 0, "discard", "9s")
    assert ("win" in kinds(game, 2)) is (wang == "da")


def test_baise_抓马_from_the_end_of_the_wall(book: Ruleset) -> None:
    """抓马：牌局结束时，胡牌者从剩余牌堆最后面取对应抓马数的牌 / 一炮多响也不抓马 — a win turns
    up the wall's last 4 tiles; two winners on one discard are paid as without horses."""
    options = {"horses": "any_win", "horse_count": "4"}
    game = scenario_round(book, HEAVENLY, options=options)
    wall = game.state().wall
    end = list((wall.reserved + wall.tiles[::-1])[:4])  # the wall's end, the last tile first
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
    game = scenario_round(book, hands, last="7s", options=options)
    play_until_wall_empty(game)
    assert game.state().turn == 3 and "win" in kinds(game, 3)
    act(game, 3, "win")
    assert game.result is not None and game.result["outcome"]["horse_tiles"] == []


# 四封: seat 2 pongs 1m (dealer), 2m and 3m (seat 3) and then waits on 3p with 45p 77z.
SEAL = ["158m258p258s2457z9s", "469m469p469s1236z", "112233m45p77z134z", "123m123p123s5566z"]


@pytest.mark.parametrize("play", ["mutual_seal", "neither"])
def test_baise_四封_three_pongs_may_not_win(book: Ruleset, play: str) -> None:
    """四封（可选）：吃4次/碰3次/吃2次并碰2次/吃3次并碰1次，这4种情况则不能胡牌；符合封胡时，封胡的
    玩家不再下发胡牌按钮，正常吃碰杠打牌 — seat 2 has ponged three times; seat 3's 3p completes its
    hand."""
    game = scenario_round(book, SEAL, "9m 9p 7s", options={"play": play})
    act(game, 0, "discard", "1m")
    act(game, 2, "pong")
    act(game, 2, "discard", "1z")
    for claimed, thrown in (("2m", "3z"), ("3m", "4z")):
        act(game, 3, "discard", claimed)
        act(game, 2, "pong")
        act(game, 2, "discard", thrown)
        pass_claims(game)
    assert len(game.state().seats[2].melds) == 3
    act(game, 3, "discard", "3p")
    assert ("win" in kinds(game, 2)) is (play == "neither")


@pytest.mark.parametrize("zimo_only", [False, True])
def test_baise_只可自摸(book: Ruleset, zimo_only: bool) -> None:
    """只可自摸：勾选后，只能自摸胡"""
    options = {"zimo_only": zimo_only}
    game = scenario_round(book, MISSED_WIN, "9m", options=options)
    act(game, 0, "discard", "1z")
    assert ("win" in kinds(game, 2)) is not zimo_only
    assert "win" in kinds(self_draw_round(book, options=options), 2)
