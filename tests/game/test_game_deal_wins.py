"""Wins at the deal (起手胡, the `deal_wins` section): which dealt hands hold them, the window
the engine opens for them before the first discard, what the log and the observations show,
how the round JSON pays them, and a bots-only round that shows one and replays.

The rulebook is tests/helpers/rulebooks/deal_wins.mjr (108 tiles; 大四喜, 板板胡, 缺一色, 六六顺,
each paid 2 by every other seat, all behind the option `small_wins`)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.autoplay import auto_choice
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from tests.helpers.engine_helpers import NoWinBot, play_out, scenario_round
from tests.helpers.settlement_helpers import (
    assert_settles_and_replays,
    played_until,
    ruleset as bundled,
)
from tests.helpers.small_rulebooks import DEAL_WINS_RULEBOOK

# Dealt hands, the dealer's (14 tiles) first: seat 1 holds four 1m (大四喜) and no 2, 5 or 8
# (板板胡); the others hold none of the four.
DEALER = "234m456p789s1234p5s"
FOUR_ALIKE = "1111m34m679p1379s"
PLAIN = "234m567p258s3468s"
OTHER = "345m678p234s2357p"


@cache
def rules() -> Ruleset:
    text = DEAL_WINS_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "deal_wins.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_deal_wins_test", "d.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def ids(hand: str, **facts: Any) -> list[str]:
    return [w.id for w in rules().deal_wins(hand, **facts)]


def dealt_round(**options: object) -> Round:
    return scenario_round(rules(), [DEALER, FOUR_ALIKE, PLAIN, OTHER], options=options or None)


# ---------------------------------------------------------------- which hands hold them


def test_each_win_at_the_deal_is_held_by_the_hand_its_condition_describes() -> None:
    assert ids("1111m34m679p1379s") == ["four_alike", "no_258"]
    assert ids("123m456p789s1234p") == []
    assert ids("1346799m134679p") == ["no_258", "missing_suit"]
    assert ids("111m333m456p258s9s") == ["two_triplets"]
    assert [w.pays for w in rules().deal_wins("1111m34m679p1379s")] == [2, 2]


def test_an_option_off_turns_every_guarded_win_at_the_deal_off() -> None:
    assert ids("1111m34m679p1379s", options={"small_wins": "off"}) == []


def test_each_win_cites_its_rulebook_line() -> None:
    assert [w.rule for w in rules().deal_wins("1111m34m679p1379s")] == [
        "deal_win@deal_wins.mjr#1",
        "deal_win@deal_wins.mjr#2",
    ]


def test_a_rulebook_without_the_section_has_no_wins_at_the_deal() -> None:
    assert bundled("guangdong").deal_wins("1111m34m679p1379s") == ()


# ---------------------------------------------------------------- the window


def test_the_round_waits_for_the_seats_whose_dealt_hand_holds_a_win_at_the_deal() -> None:
    game = dealt_round()
    assert game.state().phase == "deal" and game.to_act() == [1]
    assert game.legal_actions(1) == [Action(1, "deal_win"), Action(1, "pass")]
    assert game.legal_actions(0) == []  # the dealer discards only once the window is closed
    offer = game.observation(1)["deal_offer"]
    assert [(w["id"], w["pays"]) for w in offer] == [("four_alike", 2), ("no_258", 2)]
    assert "deal_offer" not in game.observation(2)
    with pytest.raises(IllegalAction):
        game.apply(Action(0, "discard", 0))


def test_showing_records_the_hand_logs_it_and_play_goes_on_from_the_dealer() -> None:
    game = dealt_round()
    game.apply(Action(1, "deal_win"))
    shown = {"seat": 1, "wins": ["four_alike", "no_258"], "hand": "111134m679p1379s"}
    state = game.state()
    assert game.events[-1] == {"type": "deal_win", **shown}
    assert state.phase == "turn" and state.turn == 0
    assert game.observation(3)["deal_wins"] == [shown]  # a hand shown is seen by every seat
    assert [(d.seat, d.wins, d.hand) for d in state.deal_wins] == [
        (1, ("four_alike", "no_258"), "111134m679p1379s")
    ]
    assert len(state.seats[1].concealed) == 13  # the hand stays as dealt


def test_a_shown_hand_is_paid_by_every_other_seat_whatever_the_round_does() -> None:
    game = dealt_round()
    game.apply(Action(1, "deal_win"))
    result = play_out(game)
    assert result["outcome"]["deal_wins"][0]["wins"] == ["four_alike", "no_258"]
    lines = [x for x in game.settlement.lines if x.kind == "deal_win"]
    assert sorted((x.payer, x.payee, x.amount) for x in lines) == [
        (0, 1, 2), (0, 1, 2), (2, 1, 2), (2, 1, 2), (3, 1, 2), (3, 1, 2),
    ]  # fmt: skip
    assert lines[0].reason == "大四喜 at the deal (起手胡) of seat 1"


def test_passing_pays_nothing_and_logs_no_hand() -> None:
    game = dealt_round()
    game.apply(Action(1, "pass"))
    assert game.state().deal_wins == () and game.state().phase == "turn"
    play_out(game)
    assert not [x for x in game.settlement.lines if x.kind == "deal_win"]
    assert "deal_wins" not in game.result["outcome"]


def test_no_window_opens_when_no_hand_holds_one_or_the_option_is_off() -> None:
    assert dealt_round(small_wins="off").state().phase == "turn"
    game = scenario_round(rules(), [DEALER, PLAIN, OTHER, PLAIN.replace("258s", "259s")])
    assert game.state().phase == "turn"


def test_tuo_guan_and_the_greedy_bot_show() -> None:
    legal = [Action(1, "deal_win"), Action(1, "pass")]
    assert auto_choice(legal, -1) == legal[0]
    bot = GreedyBot(rules(), None)
    assert bot.choose(dealt_round().observation(1), legal) == legal[0]


# ---------------------------------------------------------------- settling the round JSON


def _round(**deal_win: Any) -> dict[str, Any]:
    shown = {"seat": 1, "wins": ["four_alike"], "hand": FOUR_ALIKE, **deal_win}
    return {"exhaustive_draw": True, "deal_wins": [shown]}


def test_settle_pays_a_hand_shown_at_the_deal_on_a_drawn_round() -> None:
    settlement = rules().settle(_round())
    assert settlement.deltas == [-2, 6, -2, -2]
    assert {x.rule for x in settlement.lines} == {"deal_win@deal_wins.mjr#1"}


@pytest.mark.parametrize(
    ("shown", "words"),
    [
        (
            {"wins": ["two_triplets"]},
            "deal_wins.0.wins.0: the hand 1111m34m679p1379s does not hold 六六顺",
        ),
        ({"wins": ["four"]}, "no win at the deal 'four' (they are four_alike, no_258"),
        ({"wins": ["four_alike", "four_alike"]}, "deal_wins.0.wins.1: four_alike is shown twice"),
        ({"hand": "1111m"}, "a hand as dealt holds 13 tiles and no declared meld, not 1111m"),
        ({"hand": "1111m34m679p1s [999s]"}, "a hand as dealt holds 13 tiles"),
        ({"hand": "1111m34m679p1379x"}, "deal_wins.0.hand:"),
        ({"seat": 7}, "deal_wins.0.seat: seat 7 does not exist at 4 players"),
        ({"wins": []}, "deal_wins.0.wins"),
    ],
)
def test_settle_refuses_a_hand_that_does_not_hold_what_it_names(
    shown: dict[str, Any], words: str
) -> None:
    with pytest.raises(RoundError) as refused:
        rules().settle(_round(**shown))
    assert words in str(refused.value)


def test_settle_refuses_a_seat_shown_twice_and_a_rulebook_without_wins_at_the_deal() -> None:
    twice = _round()
    twice["deal_wins"] = twice["deal_wins"] * 2
    with pytest.raises(RoundError, match="a seat shows its hand at the deal once"):
        rules().settle(twice)
    with pytest.raises(RoundError, match="this rulebook has no wins at the deal"):
        bundled("guangdong").settle(_round())


# ---------------------------------------------------------------- bots and the log


def test_a_bots_only_round_shows_a_win_at_the_deal_settles_and_replays() -> None:
    game = played_until(rules(), lambda line: line.kind == "deal_win")
    assert game.state().deal_wins and any(e["type"] == "deal_win" for e in game.events)
    assert_settles_and_replays(rules(), game)


def test_a_log_whose_shown_hand_was_edited_is_refused() -> None:
    game = dealt_round()
    play_round(game, [NoWinBot(), GreedyBot(rules(), None), NoWinBot(), NoWinBot()])
    lines = log_lines(game, explicit_rules=False)
    edited = [line.replace('"wins":["four_alike","no_258"]', '"wins":["no_258"]') for line in lines]
    assert edited != lines
    with pytest.raises(ValueError, match="line"):
        replay(rules(), edited)


def test_simulate_reports_how_often_a_win_at_the_deal_is_paid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def deal_win_rounds(*more: str) -> int:
        path = str(DEAL_WINS_RULEBOOK)
        assert main(["simulate", path, "--games", "40", "--json", *more]) == 0
        report = json.loads(capsys.readouterr().out)
        (row,) = [p for p in report["payments"] if p["kind"] == "deal_win"]
        count: int = row["rounds"]["count"]
        return count

    assert deal_win_rounds() > 0
    assert deal_win_rounds("--option", "small_wins=off") == 0
