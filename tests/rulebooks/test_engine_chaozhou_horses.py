"""潮州麻将 (seed 000) 买马 and 罚马 played on the engine: each statement of the seed about the
bought horses, with its test. The horses are dealt from a tile set of their own, shuffled by
the round's seed after the wall (the convention in rulebooks/chaozhou.mjr says why).

- 注：买马牌不占原有牌数
    test_chaozhou_买马牌不占原有牌数_the_wall_is_the_same_with_and_without
    test_chaozhou_买马牌不占原有牌数_every_tile_of_the_set_is_still_in_play
- 随机分派
    test_chaozhou_随机分派_each_seat_is_dealt_its_horses_from_a_set_of_their_own
- 启动买马牌放在手牌边上，背面向上所有玩家不可见
    test_chaozhou_买马牌_背面向上所有玩家不可见
- 对局结束后买马牌才会翻开
    test_chaozhou_对局结束后买马牌才会翻开
- (the log) test_chaozhou_买马_the_log_records_the_horses_and_replays_them
"""

from __future__ import annotations

import json

import pytest

from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.game.observation import observation
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.tiles.tile import tile_index
from mjc.runtime.wins.seats import census
from tests.conftest import ruleset

DEALT = {"2": 2, "1": 1, "penalty1": 1, "penalty2": 2}


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("chaozhou")


@pytest.mark.parametrize("choice", sorted(DEALT))
def test_chaozhou_买马牌不占原有牌数_the_wall_is_the_same_with_and_without(
    book: Ruleset, choice: str
) -> None:
    for seed in range(20):
        plain = Round(book, seed=seed, options={"buy_horses": "none"})
        horses = Round(book, seed=seed, options={"buy_horses": choice})
        with_horses, without = horses.state(), plain.state()
        assert any(s.horses for s in with_horses.seats)
        assert not any(s.horses for s in without.seats)
        assert with_horses.wall == without.wall  # the same tiles left, in the same order
        assert [s.concealed for s in with_horses.seats] == [s.concealed for s in without.seats]


def test_chaozhou_买马牌不占原有牌数_every_tile_of_the_set_is_still_in_play(book: Ruleset) -> None:
    for seed in range(10):
        game = Round(book, seed=seed, options={"buy_horses": "2"})
        assert census(game) == list(game.copies)  # hands, wall and indicator: the whole set
        play_round(game, [RandomBot(seed + s) for s in range(4)])
        assert census(game) == list(game.copies)


@pytest.mark.parametrize("choice", sorted(DEALT))
def test_chaozhou_随机分派_each_seat_is_dealt_its_horses_from_a_set_of_their_own(
    book: Ruleset, choice: str
) -> None:
    faces: set[int] = set()
    for seed in range(30):
        game = Round(book, seed=seed, options={"buy_horses": choice})
        seats = [game.dealer] if choice.startswith("penalty") else list(range(4))
        bought = {s.seat: s.horses for s in game.state().seats if s.horses}
        assert sorted(bought) == sorted(seats)
        horses = [tile_index(t) for tiles in bought.values() for t in tiles]
        assert all(len(tiles) == DEALT[choice] for tiles in bought.values())
        assert all(horses.count(t) <= game.copies[t] for t in horses)  # one set of their own
        faces.update(horses)
    assert len(faces) >= 15  # random: thirty deals turn up many faces of the set


def test_chaozhou_买马牌_背面向上所有玩家不可见(book: Ruleset) -> None:
    game = Round(book, seed=3, options={"buy_horses": "2"})
    bots = [RandomBot(s) for s in range(4)]
    steps = 0
    while game.result is None:
        for seat in range(4):
            seen = observation(game, seat)
            assert "horses" not in seen and "result" not in seen
            assert "bought_horses" not in json.dumps(seen)
        for seat in game.to_act():
            game.apply(bots[seat].choose(observation(game, seat), game.legal_actions(seat)))
            if game.result is not None:
                break
        steps += 1
    assert steps > 10


def test_chaozhou_对局结束后买马牌才会翻开(book: Ruleset) -> None:
    game = Round(book, seed=4, options={"buy_horses": "penalty2"})
    play_round(game, [RandomBot(s) for s in range(4)])
    dealt = {str(s.seat): list(s.horses) for s in game.state().seats if s.horses}
    for seat in range(4):  # every seat now sees every seat's horses, with the settlement
        shown = observation(game, seat)["result"]["outcome"]["bought_horses"]
        assert shown.keys() == dealt.keys() and all(len(v) == 2 for v in shown.values())


def test_chaozhou_买马_the_log_records_the_horses_and_replays_them(book: Ruleset) -> None:
    game = Round(book, seed=5, options={"buy_horses": "2"})
    play_round(game, [RandomBot(10 + s) for s in range(4)])
    lines = log_lines(game)
    logged = [json.loads(line) for line in lines if '"horses"' in line]
    assert [line["seat"] for line in logged if line.get("type") == "horses"] == [
        (game.dealer + i) % 4 for i in range(4)
    ]
    again = replay(book, lines)
    assert [s.horses for s in again.state().seats] == [s.horses for s in game.state().seats]
    assert again.events == game.events and again.result == game.result
