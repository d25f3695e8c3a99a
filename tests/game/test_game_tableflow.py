"""The turn-flow features of issue 12 the engine reads from `TurnRules` beyond the claims:
the first dealer (第一局系統隨機選擇莊家), 托管 (摸什么打什么，不吃不碰不杠，
系统自动摸牌、打牌、胡), the 上海 八花 win on the eighth flower as it is drawn
(如果這8個花抓起即可胡牌), 荒番 after a drawn round and 開寶 named by the caller, and chow
from anyone (`chow_only_from_previous off`). Each has its replay test: the log reproduces
the round line by line."""

from __future__ import annotations

import dataclasses
import json

import pytest
from engine_helpers import SEAT0, SEAT2, SEAT3, act, drawn, kinds, scenario_round

from mjc.runtime import Scenario
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, RandomBot, play_round
from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.gamelog import LogError, log_lines, replay
from mjc.runtime.game.match import Match
from mjc.runtime.game.tablefacts import HUANGFAN, first_dealer
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import tile_index
from tests.conftest import ruleset

SEEDS = range(40)


def _auto(game: Round) -> set[int]:
    """The seats under 托管 now."""
    return {seat.seat for seat in game.state().seats if seat.auto}


def _replays(rs: Ruleset, game: Round) -> Round:
    """The round replayed from its log: the same events and result, line for line."""
    again = replay(rs, log_lines(game, explicit_rules=False))
    assert again.events == game.events and again.result == game.result
    return again


# ------------------------------------------------------------------ the first dealer


@pytest.mark.parametrize("name", ["shanghai", "guangdong", "meizhou"])
def test_shanghai_莊家_第一局系統隨機選擇莊家_the_seed_draws_the_first_dealer(name: str) -> None:
    """上海 莊家：第一局系統隨機選擇莊家 (and 广东, 梅州 `first_dealer random`): with no dealer
    named, the round's seed draws him; the same seed draws the same seat, and over many seeds
    every seat deals."""
    rs = ruleset(name)
    dealers = []
    for seed in SEEDS:
        game = Round(rs, seed=seed)
        assert game.state().dealer_drawn and game.dealer == Round(rs, seed=seed).dealer
        assert game.dealer == first_dealer(game.rules, seed, 4)
        first_deal = next(e for e in game.events if e["type"] == "deal")
        assert first_deal["seat"] == game.dealer and game.state().turn == game.dealer
        dealers.append(game.dealer)
    assert set(dealers) == {0, 1, 2, 3}


def test_guangdong_门风_第1局随机一名庄家_庄家为东() -> None:
    """广东 门风：第 1 局，随机一名庄家，庄家为东，下家为南，对家为西，上家为北: the drawn
    dealer sits 东 and the winds follow him round the table."""
    rs = ruleset("guangdong")
    for seed in range(8):
        game = Round(rs, seed=seed)
        winds = [game.seat_wind((game.dealer + i) % 4) for i in range(4)]
        assert game.state().dealer_drawn and winds == ["E", "S", "W", "N"]


def test_first_dealer_an_explicit_dealer_wins_over_the_draw() -> None:
    """A dealer the caller names deals, whatever `first_dealer` says; nothing is drawn."""
    rs = ruleset("shanghai")
    for seed in SEEDS:
        game = Round(rs, seed=seed, dealer=2)
        assert game.dealer == 2 and not game.state().dealer_drawn


def test_first_dealer_first_seat_is_seat_0() -> None:
    """百色 (first_dealer first_seat, the room owner): seat 0 deals the first round."""
    rs = ruleset("baise")
    assert {Round(rs, seed=seed).dealer for seed in SEEDS} == {0}
    assert not Round(rs, seed=1).state().dealer_drawn


def test_first_dealer_a_match_draws_it_from_its_seed_and_an_explicit_one_wins() -> None:
    rs = ruleset("guangdong")
    drawn = {Match(rs, seed=seed).dealer for seed in SEEDS}
    assert drawn == {0, 1, 2, 3}
    assert Match(rs, seed=5).next_round().dealer == Match(rs, seed=5).dealer
    assert {Match(rs, seed=seed, dealer=3).dealer for seed in SEEDS} == {3}


def test_first_dealer_the_log_records_the_draw_and_replay_draws_it_again() -> None:
    rs = ruleset("shanghai")
    game = Round(rs, seed=7)
    play_round(game, [RandomBot(s) for s in range(4)])
    lines = log_lines(game)
    start = json.loads(lines[0])
    assert start["dealer_drawn"] is True and start["dealer"] == game.dealer
    _replays(rs, game)
    start["dealer"] = (game.dealer + 1) % 4  # an edited dealer disagrees with the seed
    with pytest.raises(LogError, match="line 1: the dealer drawn from seed 7") as info:
        replay(rs, [json.dumps(start), *lines[1:]])
    assert info.value.disagrees
    explicit = Round(rs, seed=7, dealer=1)
    assert "dealer_drawn" not in json.loads(log_lines(explicit)[0])


# ------------------------------------------------------------------ 托管

# 百色 hands, seat 0 dealing: in the first, seat 1 waits on 1z or 2z (123m 456p 789p 11z 22z)
# and seat 0 discards 1z; in the second, seat 1 holds 78m and seat 0 discards 9m (a chow).
WAITING = ["147m147p14s12345z9s", "123m456p789p1122z", SEAT2, SEAT3]
CHOWING = ["149m147p14s12345z9s", "78m258p258s12344z", SEAT2, SEAT3]


def test_baise_托管_系统自动胡_a_seat_under_it_wins_when_it_may() -> None:
    """百色 托管：…系统自动摸牌、打牌、胡: seat 1 under 托管 wins on seat 0's 1z by itself."""
    game = scenario_round(ruleset("baise"), WAITING)
    game.set_auto(1)
    assert _auto(game) == {1} and game.events[-1] == {"type": "auto", "seat": 1, "on": True}
    act(game, 0, "discard", "1z")
    assert game.result is not None and game.result["winners"] == [1]
    win = [e for e in game.events if e["type"] == "action" and e["seat"] == 1]
    assert win == [{"type": "action", "seat": 1, "kind": "win", "auto": True}]
    _replays(ruleset("baise"), game)


def test_baise_托管_不吃不碰不杠_a_seat_under_it_claims_nothing() -> None:
    """百色 托管：…不吃不碰不杠: offered the chow of 9m (789m), seat 1 under 托管 passes it,
    draws, and discards what it drew."""
    offered = scenario_round(ruleset("baise"), CHOWING)
    act(offered, 0, "discard", "9m")
    assert "chow" in kinds(offered, 1)
    game = scenario_round(ruleset("baise"), CHOWING)
    game.set_auto(1)
    act(game, 0, "discard", "9m")
    assert not [e for e in game.events if e["type"] == "claim"]
    mine = [e for e in game.events if e["type"] == "action" and e["seat"] == 1]
    drawn = next(e for e in game.events if e["type"] == "draw" and e["seat"] == 1)["tile"]
    assert [(e["kind"], e.get("tile"), e["auto"]) for e in mine] == [
        ("pass", None, True),
        ("discard", drawn, True),
    ]


def test_chaozhou_托管_摸什么打什么_the_drawn_tile_is_discarded() -> None:
    """潮州 托管：摸什么打什么，不碰不杠: every action of the seat under 托管 is the system's, a
    discard of the tile it just drew, a pass or a win; the round never waits for it."""
    rs = ruleset("chaozhou")
    for seed in range(6):
        game = Round(rs, seed=seed)
        game.set_auto(2)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while game.result is None:
            assert 2 not in game.to_act()
            seat = game.to_act()[0]
            game.apply(bots[seat].choose(None, game.legal_actions(seat)))
        drew = None
        for event in game.events:
            if event["type"] == "draw" and event["seat"] == 2:
                drew = event["tile"]
            if event["type"] == "action" and event["seat"] == 2:
                assert event["auto"] is True
                assert event["kind"] in ("discard", "pass", "win")
                if event["kind"] == "discard" and drew is not None:
                    assert event["tile"] == drew
            assert not (event["type"] == "claim" and event["seat"] == 2)
        _replays(rs, game)


def test_托管_taken_back_the_seat_decides_again_and_the_log_replays() -> None:
    rs = ruleset("chaozhou")
    game = Round(rs, seed=3)
    game.set_auto(0)  # the dealer: the system discards at once
    assert 0 not in game.to_act() and game.state().seats[0].river
    for _ in range(8):
        seat = game.to_act()[0]
        game.apply(RandomBot(seat).choose(None, game.legal_actions(seat)))
    game.set_auto(0, False)
    game.set_auto(0, False)  # already off: nothing changes, nothing is logged
    assert [e["on"] for e in game.events if e["type"] == "auto"] == [True, False]
    play_round(game, [RandomBot(s) for s in range(4)])
    _replays(rs, game)
    lines = log_lines(game)
    dropped = [line for line in lines if json.loads(line)["type"] != "auto"]
    with pytest.raises(LogError) as info:
        replay(rs, dropped)
    assert info.value.disagrees


def test_托管_without_auto_play_the_rulebook_refuses_it() -> None:
    """广东 has no 托管 (its play section has no auto_play): the toggle is refused with the
    reason, and the round is unchanged."""
    game = Round(ruleset("guangdong"), seed=1)
    before = list(game.events)
    with pytest.raises(IllegalAction, match=r"guangdong has no 托管.*auto_play is off"):
        game.set_auto(1)
    assert game.events == before and not _auto(game)
    with pytest.raises(ValueError, match="no 托管"):
        Match(ruleset("guangdong"), seed=1, auto={1})


@pytest.mark.parametrize("bad", [4, -1, "1"])
def test_托管_of_a_seat_that_does_not_exist_is_refused(bad: object) -> None:
    game = Round(ruleset("chaozhou"), seed=1)
    with pytest.raises(IllegalAction, match="does not exist"):
        game.set_auto(bad)  # type: ignore[arg-type]


def test_托管_a_match_keeps_a_seat_under_it_from_round_to_round() -> None:
    rs = ruleset("chaozhou")
    match = Match(rs, seed=2, auto={3})
    bots = [RandomBot(s) for s in range(4)]
    for _ in range(3):
        game = match.next_round()
        assert _auto(game) == {3}
        play_round(game, bots)
        match.finish(game)
        mine = [e for e in game.events if e["type"] == "action" and e["seat"] == 3]
        assert mine and all(e.get("auto") for e in mine)
        _replays(rs, game)
    game = match.next_round()
    game.set_auto(3, False)
    play_round(game, bots)
    match.finish(game)
    assert match.auto == set()


# ------------------------------------------------------------------ 上海 八花


def _eight_flowers_round(
    situations: tuple[str, ...] = (), rules: TurnRules | None = None, **options: object
) -> Round:
    """上海, seat 0 dealing: seat 1 is dealt seven flowers (replaced from the tail by
    789s345s2z) and draws the eighth, 8f, after seat 0's first discard; the next replacement
    from the tail is 9m."""
    scenario = Scenario(
        hands={0: SEAT0, 1: "1234567f 123m456p", 2: SEAT2, 3: SEAT3},
        head="8f",
        tail="789s345s2z 9m",
        dealer=0,
    )
    return Round(
        ruleset("shanghai"),
        seed=1,
        scenario=scenario,
        options=options,
        situations=situations,
        rules=rules,
    )


def test_shanghai_花_如果這8個花抓起即可胡牌_the_eighth_flower_drawn_may_win_at_once() -> None:
    """上海 花 1、如果這8個花抓起即可胡牌，此時胡牌直接算兩個勒子: seat 1 draws its eighth flower
    and is asked at once, before the replacement: win or pass. The win is self-drawn on 8f
    and scores 八花 (2 勒子 from each payer)."""
    game = _eight_flowers_round()
    act(game, 0, "discard", "5z")
    assert game.state().phase == "flower" and game.to_act() == [1]
    assert kinds(game, 1) == {"win", "pass"} and game.census() == list(game.copies)
    assert game.observation(1)["question"] == "8f"
    act(game, 1, "win")
    assert game.result is not None and game.result["winners"] == [1]
    winner = game.result["outcome"]["winners"][0]
    assert winner["win_tile"] == "8f" and winner["self_drawn"] is True
    score = game.settlement.scores[1]
    assert score.shape == "eight_flowers" and [f.name for f in score.fans] == ["八花"]
    lezi = game.values["lezi"]
    assert game.result["deltas"][1] == 3 * 2 * lezi
    _replays(ruleset("shanghai"), game)


def test_shanghai_花_抓滿這8個後按其他方式胡牌_passed_the_replacement_is_drawn() -> None:
    """如果抓滿這8個後按其他方式胡牌，則其他胡法照算: seat 1 passes the 八花 win; the replacement
    (9m, from the tail) is drawn and the turn goes on. Its flowers complete nothing now: with
    eight flowers and an unfinished hand it is offered no win."""
    game = _eight_flowers_round()
    act(game, 0, "discard", "5z")
    act(game, 1, "pass")
    state = game.state()
    assert state.phase == "turn" and state.turn == 1 and drawn(game) == "9m"
    assert len(state.seats[1].flowers) == 8 and "win" not in kinds(game, 1)
    assert game.census() == list(game.copies)
    act(game, 1, "discard", "9m")
    play_round(game, [RandomBot(s) for s in range(4)])
    _replays(ruleset("shanghai"), game)


def test_shanghai_花_a_seat_under_托管_takes_the_eight_flowers_win() -> None:
    """托管 wins whenever it may (自动胡), on the eighth flower too (rules with auto_play on:
    上海 itself has no 托管)."""
    rules = dataclasses.replace(ruleset("shanghai").turn_rules(), auto_play=True)
    game = _eight_flowers_round(rules=rules)
    game.set_auto(1)
    act(game, 0, "discard", "5z")
    assert game.result is not None and game.result["winners"] == [1]
    assert game.result["outcome"]["winners"][0]["win_tile"] == "8f"
    again = replay(ruleset("shanghai"), log_lines(game, explicit_rules=True))
    assert again.events == game.events


# ------------------------------------------------------------------ 荒番, 開寶


@pytest.mark.parametrize("situation", ["huangfan", "kaibao"])
def test_shanghai_勒子_荒番_開寶可以將勒子數提升2倍_the_engine_scores_the_round_under_it(
    situation: str,
) -> None:
    """勒子 4、荒番、開寶可以將勒子數提升2倍: a round played under 荒番 or 開寶 scores every win
    with that situation: the 八花 win (2 勒子) doubles to 4 勒子 from each payer."""
    plain = _eight_flowers_round()
    doubled = _eight_flowers_round((situation,))
    for game in (plain, doubled):
        act(game, 0, "discard", "5z")
        act(game, 1, "win")
    assert doubled.result is not None and plain.result is not None
    assert situation in doubled.result["outcome"]["winners"][0]["situations"]
    assert doubled.result["deltas"] == [2 * d for d in plain.result["deltas"]]
    start = json.loads(log_lines(doubled)[0])
    assert start["situations"] == [situation]
    _replays(ruleset("shanghai"), doubled)
    option = {"huangfan": "play_huangfan", "kaibao": "play_kaibao"}[situation]
    off = _eight_flowers_round((situation,), **{option: False})
    act(off, 0, "discard", "5z")
    act(off, 1, "win")
    assert off.result is not None and off.result["deltas"] == plain.result["deltas"]


def test_shanghai_荒番_convention_a_drawn_round_puts_the_next_under_荒番_until_one_is_won() -> None:
    """Convention (research §10, E2): after a drawn round (流局) the next rounds are played
    under 荒番 until one of them is won; 開寶 is never set by the engine itself."""
    rs = ruleset("shanghai")
    match = Match(rs, seed=4)
    seen = {"drawn": 0, "won": 0}
    previous_drawn = False
    for i in range(16):
        game = match.next_round()
        situations = game.state().situations
        assert (HUANGFAN in situations) is previous_drawn
        assert "kaibao" not in situations
        bots = [AutoBot() if i % 3 else GreedyBot(rs) for s in range(4)]
        play_round(game, bots)
        match.finish(game)
        assert game.result is not None
        drawn = bool(game.result["exhaustive_draw"])
        if previous_drawn and not drawn:
            assert all(HUANGFAN in w["situations"] for w in game.result["outcome"]["winners"])
        seen["drawn" if drawn else "won"] += 1
        previous_drawn = drawn
    assert seen["drawn"] and seen["won"]


def test_table_situations_must_be_the_rulebooks_own() -> None:
    with pytest.raises(GameSetupError, match="own situations \\(none\\), not 'huangfan'"):
        Round(ruleset("guangdong"), seed=1, situations=["huangfan"])
    with pytest.raises(GameSetupError, match="not 'last_tile'"):
        Round(ruleset("shanghai"), seed=1, situations=["last_tile"])
    match = Match(ruleset("shanghai"), seed=1, situations=["kaibao"])
    assert match.next_round().state().situations == ("kaibao",)


# ------------------------------------------------------------------ chow from anyone


def test_chow_only_from_previous_off_any_seat_may_chow() -> None:
    """`chow_only_from_previous off` (any player may chow a discard): seat 2, not the
    discarder's 下家, holds 45m and is offered seat 0's 3m; the chow is served."""
    hands = ["137m147p124s12345z", "4566m258p25s1234z", "45m369p36s567z99s9m", SEAT3]
    rules = TurnRules(chow_only_from_previous=False)
    game = scenario_round(ruleset("guangdong"), hands, rules=rules)
    act(game, 0, "discard", "3m")
    assert "chow" in kinds(game, 1) and "chow" in kinds(game, 2) and "chow" in kinds(game, 3)
    game.apply(Action(1, "pass"))
    game.apply(Action(3, "pass"))
    game.apply(Action(2, "chow", tile_index("3m"), tile_index("3m")))
    state = game.state()
    assert state.phase == "turn" and state.turn == 2
    assert state.claims[-1].seat == 2
