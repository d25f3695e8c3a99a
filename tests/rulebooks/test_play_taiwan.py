"""台灣十六張麻將 played (rulebooks/taiwan.mjr, issue 23 §2): one test per play clause, named
after it — the deal of 17 and 16 with the flowers replaced, 吃 from the left only, 截胡, 連莊
and the streak a match carries into the payments (連n拉n), the bots-only rounds of `mjc play`
whose logs `mjc replay` checks, and `mjc simulate`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime import Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.players import play_round
from tests.helpers.engine_helpers import act, scenario_round
from tests.helpers.settlement_helpers import assert_settles_and_replays

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def taiwan() -> Ruleset:
    return ruleset("taiwan")


def test_the_deal_17_to_the_dealer_16_to_the_others_flowers_replaced(taiwan: Ruleset) -> None:
    game = Round(taiwan, seed=3)
    for seat in range(4):
        own = game.observation(seat)["seats"][seat]
        assert own["concealed_count"] == (17 if seat == game.dealer else 16)
        assert not any(t.endswith("f") for t in own["concealed"])  # set aside and replaced
    assert any(game.observation(0)["seats"][s]["flowers"] for s in range(4))


def test_chi_only_from_the_seat_on_the_left(taiwan: Ruleset) -> None:
    chows = 0
    for seed in range(4):
        game = Round(taiwan, seed=seed)
        bot = GreedyBot(taiwan, None)
        while game.result is None:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                for action in legal:
                    if action.kind == "chow":
                        discard = game.state().last_discard
                        assert discard is not None and (discard.seat + 1) % 4 == seat
                        chows += 1
                game.apply(bot.choose(game.observation(seat), legal))
    assert chows > 0


# Hands of 16 (the dealer's 17) that claim nothing from each other: seat 1 is dealt seven
# flowers, replaced from the tail; seat 2 draws the eighth, 8f, after seat 1's first discard.
DEALER = "1479m1479p1479s12345z"
SEVEN = "1234567f258m258p258s"
SEAT2 = "369m369p134679s1567z"
SEAT3 = "123m123p123s22z66z77z8s"


def test_qi_qiang_yi_the_seat_with_seven_flowers_robs_the_eighth_and_the_drawer_pays(
    taiwan: Ruleset,
) -> None:
    game = scenario_round(taiwan, [DEALER, SEVEN, SEAT2, SEAT3], "9s8f", tail="369m369p2z9m")
    for seat, tile in ((0, "5z"), (1, "9s")):
        act(game, seat, "discard", tile)
        while game.state().phase == "claim":
            for other in game.to_act():
                act(game, other, "pass")
    assert game.state().phase == "flower" and game.to_act() == [1]
    act(game, 1, "win")
    result = game.result
    assert result is not None and result["winners"] == [1]
    winner = result["outcome"]["winners"][0]
    assert "flower_robbed" in winner["situations"] and winner["win_tile"] == "8f"
    assert game.settlement is not None
    assert {(x.payer, x.payee) for x in game.settlement.lines if x.kind == "hand"} == {(2, 1)}
    assert_settles_and_replays(taiwan, game)


def test_a_bots_only_round_ends_in_one_win_and_settles_and_replays(taiwan: Ruleset) -> None:
    for seed in range(5):
        game = Round(taiwan, seed=seed)
        bot = GreedyBot(taiwan, None)
        play_round(game, [bot] * 4)
        assert game.result is not None
        assert len(game.result["winners"]) <= 1  # 截胡: one winner of a discard
        assert_settles_and_replays(taiwan, game)


def test_lianzhuang_a_match_carries_the_dealers_streak_into_lian_n_la_n(taiwan: Ruleset) -> None:
    bot = GreedyBot(taiwan, None)
    for seed in range(12):
        match = Match(taiwan, seed=seed)
        for _ in range(6):
            streak = match.streak
            game = match.next_round()
            play_round(game, [bot] * 4)
            match.finish(game)
            settlement = game.settlement
            assert settlement is not None and sum(settlement.deltas) == 0
            outcome = game.result["outcome"] if game.result else {}
            if streak >= 1 and game.result and game.result["winners"]:
                assert outcome.get("streak") == streak
                # the settlement of the round JSON, streak and all, is the engine's
                assert taiwan.settle(outcome).deltas == settlement.deltas
                return
    raise AssertionError("no match dealt a round in a streak")


def test_mjc_play_taiwan_bots_only_and_mjc_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "t.jsonl"
    args = ["play", "taiwan", "--bots-only", "--bot", "greedy", "--seed", "1"]
    assert main([*args, "--log", str(log), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["winners"]
    assert main(["replay", str(log)]) == 0


def test_mjc_simulate_taiwan_reports_one_winner_a_round_and_compares_yipao_duoxiang(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "taiwan", "--games", "12", "--bots", "greedy", "--workers", "1"]
    assert main([*args, "--compare", "several=on", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    base, several = (variant["report"] for variant in report["variants"])
    assert base["outcomes"]["win"]["rate"] > 0.5
    assert base["outcomes"]["multiple_winners"]["count"] == 0
    assert several["rounds"] == base["rounds"]
