"""Matches, bots, observations and the log schema: what lasts between rounds (scores, 连庄,
dealer succession, 圈风), what a seat may see, and the published schema of a log line."""

from __future__ import annotations

import json

import pytest

from mjc.runtime.bots.simple import AutoBot, Bot, RandomBot, play_round
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import game_log_schema, log_lines
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from mjc.runtime.rules.turnrules import TurnRules
from tests.conftest import ruleset


def test_a_match_carries_scores_streaks_and_the_dealer_forward() -> None:
    match = Match(ruleset("guangdong"), seed=11)
    bots = [RandomBot(s) for s in range(4)]
    dealer, streak = match.dealer, 0  # 广东's first dealer is drawn from the seed
    totals = [0, 0, 0, 0]
    for _ in range(12):
        game = match.next_round()
        assert (game.dealer, game.streak) == (dealer, streak)
        play_round(game, bots)
        match.finish(game)
        assert game.result is not None
        totals = [t + d for t, d in zip(totals, game.result["deltas"], strict=True)]
        stays = game.result["next_dealer"] == dealer
        dealer, streak = game.result["next_dealer"], (streak + 1 if stays else 0)
    assert match.scores == totals and sum(totals) == 0


def test_the_round_wind_moves_on_after_every_seat_has_dealt() -> None:
    """圈风 moves on once every seat has dealt and the deal passes (连庄时圈数稳定)."""
    match = Match(ruleset("guangdong"), seed=1, rules=TurnRules(dealer_after_draw="next"))
    winds = []
    for _ in range(6):
        game = match.next_round()
        winds.append((game.dealer, game.round_wind))
        play_round(game, [AutoBot()] * 4)  # 托管 everywhere: every round is drawn
        match.finish(game)
    assert winds == [(0, "E"), (1, "E"), (2, "E"), (3, "E"), (0, "S"), (1, "S")]


def test_a_draw_keeps_the_dealer_with_stay_and_counts_the_streak() -> None:
    match = Match(ruleset("guangdong"), seed=1, rules=TurnRules(dealer_after_draw="stay"))
    for expected in range(3):
        game = match.next_round()
        assert game.streak == expected and game.dealer == 0
        play_round(game, [AutoBot()] * 4)
        match.finish(game)


def test_bots_satisfy_the_bot_protocol() -> None:
    assert isinstance(RandomBot(1), Bot) and isinstance(AutoBot(), Bot)


def test_autobot_discards_what_it_drew_and_claims_nothing() -> None:
    """托管: 摸什么打什么, 不吃不碰不杠, 自动胡."""
    game = Round(ruleset("guangdong"), seed=4)
    play_round(game, [RandomBot(1), AutoBot(), RandomBot(2), RandomBot(3)])
    drew = None
    for event in game.events:
        if event["type"] == "draw" and event["seat"] == 1:
            drew = event["tile"]
        if event["type"] == "action" and event["seat"] == 1:
            assert event["kind"] in ("discard", "pass", "win")
            if event["kind"] == "discard":
                assert event["tile"] == drew


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_an_observation_shows_only_what_the_seat_may_see(seat: int) -> None:
    game = Round(ruleset("guangdong"), seed=9)
    seen = observation(game, seat)
    json.dumps(seen)  # plain JSON data
    for other in seen["seats"]:
        assert ("concealed" in other) is (other["seat"] == seat)
    text = json.dumps(seen)
    assert '"tiles"' not in text.replace('"melds": []', "")  # no wall, no deal
    assert seen["wall_drawable"] == game.state().wall.drawable


def test_every_log_line_kind_is_in_the_published_schema() -> None:
    schema = game_log_schema()
    names = {
        definition["properties"]["type"]["const"]
        for definition in schema["$defs"].values()
        if "type" in definition.get("properties", {})
    }
    assert names == {
        "start", "wall", "deal", "indicator", "horses", "flower", "draw", "action", "turn_up",
        "auto", "abandon", "claim", "end", "deal_win", "declare", "exchange", "win", "match",
        "match_end", "dora_indicator",
    }  # fmt: skip
    game = Round(ruleset("shanghai"), seed=2)  # flowers: flower lines
    play_round(game, [RandomBot(s) for s in range(4)])
    kinds = {json.loads(line)["type"] for line in log_lines(game)}
    assert {"start", "wall", "deal", "flower", "draw", "action", "end"} <= kinds


def test_a_match_set_up_or_finished_with_the_wrong_types_is_a_plain_error() -> None:
    """Found by tests/fuzz: these ended in AttributeError, a TypeError of Python's own, or a
    traceback at the first round (a player count or dealer the rulebook refuses)."""
    rules = ruleset("riichi")
    match = Match(rules, seed=1)
    for wrong in (None, "round"):
        with pytest.raises(TypeError, match="game must be a Round"):
            match.finish(wrong)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="auto must be a list"):
        Match(rules, seed=1, auto=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="scenarios must be a list"):
        Match(rules, seed=1, scenarios=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="played by 4 players, not 3"):
        Match(rules, seed=1, players=3)
    with pytest.raises(ValueError, match="the dealer is seat 0 to 3"):
        Match(rules, seed=1, dealer=4)
    with pytest.raises(ValueError, match="a seed is a whole number from 0 to 2"):
        Match(rules, seed=2**64)
