"""七搶一 (搶花, the builtin situation `flower_robbed`): when a seat draws a flower, before its
replacement, every other seat whose hand with that flower wins under the rulebook is offered
to win on it; the win takes the flower, is not self-drawn and makes the drawer pay as a
discarder. Passing goes on with the drawer's replacement; the log replays; `settle` reads a
round JSON of such a win; `mjc score` refuses `flower_robbed` self-drawn (E0601).

The rulebook is tests/helpers/rulebooks/flower_rob.mjr (144 tiles, hand 16, flowers replaced,
the custom shape eight_flowers `len(flowers) == 8`, fans 八仙過海 8 and 七搶一 8 reading
`flower_robbed`, `win discarder pays`)."""

from __future__ import annotations

import json
from functools import cache

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import LogError, log_lines, replay
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from tests.helpers.engine_helpers import act, drawn, kinds, scenario_round
from tests.helpers.small_rulebooks import FLOWER_ROB_RULEBOOK

# Hands of 16 (the dealer's 17) that claim nothing from each other. Seat 1 is dealt seven
# flowers, replaced from the tail by REPLACED; seat 2 draws the eighth, 8f, after seat 1's
# first discard, and its replacement from the tail is 9m.
DEALER = "1479m1479p1479s12345z"  # 17: the dealer's last tile, 5z, is the one he drew
SEVEN = "1234567f258m258p258s"  # 16: seven flowers, nine tiles
SEAT2 = "369m369p134679s1567z"
SEAT3 = "123m123p123s22z66z77z8s"
REPLACED = "369m369p2z"
SEAT1_DRAWS = "9s"


@cache
def rules() -> Ruleset:
    text = FLOWER_ROB_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "flower_rob.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_flower_rob_test", "f.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def robbed_round(seven: str = SEVEN, replaced: str = REPLACED) -> Round:
    """Seat 0 deals and discards 5z; seat 1 draws 9s and discards it; seat 2 draws 8f."""
    game = scenario_round(
        rules(),
        [DEALER, seven, SEAT2, SEAT3],
        SEAT1_DRAWS + "8f",
        tail=replaced + "9m",
    )
    act(game, 0, "discard", "5z")
    _pass_all(game)
    act(game, 1, "discard", "9s")
    _pass_all(game)
    return game


def _pass_all(game: Round) -> None:
    """Every seat asked about a discard passes (nobody claims in these hands)."""
    while game.state().phase == "claim":
        for seat in game.to_act():
            act(game, seat, "pass")


def test_a_seat_holding_seven_flowers_is_offered_the_eighth_another_seat_draws() -> None:
    game = robbed_round()
    state = game.state()
    assert state.phase == "flower" and state.turn == 2 and game.to_act() == [1]
    assert kinds(game, 1) == {"win", "pass"}
    assert game.legal_actions(2) == [] and game.legal_actions(3) == []
    assert len(state.seats[2].flowers) == 1 and len(state.seats[1].flowers) == 7
    assert game.census() == list(game.copies)


def test_the_observation_shows_the_offer_only_to_the_seat_concerned() -> None:
    game = robbed_round()
    mine = game.observation(1)
    assert mine["question"] == "8f" and {a["kind"] for a in mine["legal"]} == {"win", "pass"}
    for seat in (0, 2, 3):
        assert game.observation(seat)["legal"] == []


def test_the_win_takes_the_flower_ends_the_round_and_the_drawer_pays() -> None:
    game = robbed_round()
    act(game, 1, "win")
    assert game.result is not None and game.result["winners"] == [1]
    outcome = game.result["outcome"]
    winner = outcome["winners"][0]
    assert winner["win_tile"] == "8f" and winner["self_drawn"] is False
    assert winner["situations"] == ["flower_robbed"] and outcome["discarder"] == 2
    assert winner["hand"].endswith("12345678f")
    assert game.census() == list(game.copies)
    state = game.state()
    assert len(state.seats[1].flowers) == 8 and state.seats[2].flowers == ()
    assert game.settlement is not None
    assert [f.name for f in game.settlement.scores[1].fans] == ["七搶一"]
    assert game.settlement.deltas == [0, 8, -8, 0]


def test_the_log_replays_and_an_edited_log_is_refused() -> None:
    game = robbed_round()
    act(game, 1, "win")
    lines = log_lines(game)
    again = replay(rules(), lines)
    assert again.events == game.events and again.result == game.result
    parsed = [json.loads(line) for line in lines]
    won = next(i for i, p in enumerate(parsed) if p.get("kind") == "win")
    edited = list(lines)
    edited[won] = json.dumps({**parsed[won], "seat": 3}, ensure_ascii=False)
    with pytest.raises(LogError, match=f"line {won + 1}"):
        replay(rules(), edited)


def test_passing_draws_the_drawers_replacement_and_his_turn_goes_on() -> None:
    game = robbed_round()
    act(game, 1, "pass")
    state = game.state()
    assert state.phase == "turn" and state.turn == 2 and drawn(game) == "9m"
    assert len(state.seats[2].flowers) == 1 and len(state.seats[1].flowers) == 7
    assert game.census() == list(game.copies)
    game.abandon()
    assert replay(rules(), log_lines(game)).events == game.events


def test_no_seat_holding_seven_no_offer() -> None:
    """Seat 1 holds six flowers (and 8f stays in seat 2's): 8f opens no window."""
    game = robbed_round("123456f258m258p258s1z", "369m258s")
    state = game.state()
    assert state.phase == "turn" and state.turn == 2 and drawn(game) == "9m"
    assert not any(e["type"] == "action" and e["kind"] == "win" for e in game.events)


def test_a_round_json_of_a_flower_robbed_settles_the_drawer_paying() -> None:
    result = rules().settle(
        {
            "players": 4,
            "dealer": 0,
            "discarder": 2,
            "winners": [
                {
                    "seat": 1,
                    "hand": "123m456m789m123p456p1s12345678f",
                    "win_tile": "8f",
                    "self_drawn": False,
                    "situations": ["flower_robbed"],
                }
            ],
        }
    )
    assert result.deltas == [0, 8, -8, 0]
    assert [f.name for f in result.scores[1].fans] == ["七搶一"]


def test_a_round_json_of_a_win_on_anothers_flower_names_flower_robbed() -> None:
    winner = {
        "seat": 1,
        "hand": "123m456m789m123p456p1s12345678f",
        "win_tile": "8f",
        "self_drawn": False,
        "situations": [],
    }
    with pytest.raises(RoundError, match=r"winners\.0\.situations: .*name flower_robbed"):
        rules().settle({"players": 4, "discarder": 2, "winners": [winner]})


def test_mjc_score_refuses_flower_robbed_self_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123m456m789m123p456p1s12345678f"
    book = str(FLOWER_ROB_RULEBOOK)
    argv = ["score", book, hand, "--win", "8f", "--situation", "flower_robbed"]
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 8
    assert main([*argv, "--self-drawn"]) == 2
    err = capsys.readouterr().err
    assert "E0601" in err and "flower_robbed" in err and "not self_drawn" in err


def test_the_drawers_own_window_opens_on_a_replacement_in_the_first_go_around() -> None:
    """八仙過海 before 七搶一: seat 1, holding six flowers, draws 7f and then 8f as its
    replacement, after the dealer's first discard: it is asked itself, self-drawn (補花 of the
    deal asks nothing, but this replacement comes in play)."""
    game = scenario_round(
        rules(), [DEALER, "123456f258m258p258s1z", SEAT2, SEAT3], "7f", tail="369m258s8f9m"
    )
    act(game, 0, "discard", "5z")
    _pass_all(game)
    state = game.state()
    assert state.phase == "flower" and state.turn == 1 and game.to_act() == [1]
    act(game, 1, "win")
    assert game.result is not None
    winner = game.result["outcome"]["winners"][0]
    assert winner["win_tile"] == "8f" and winner["self_drawn"] is True
    assert "discarder" not in game.result["outcome"]
    assert game.settlement is not None
    assert [f.name for f in game.settlement.scores[1].fans] == ["自摸", "八仙過海"]


@cache
def four_flowers() -> Ruleset:
    """The rulebook with a custom shape of four flowers, so that two seats may rob one."""
    text = FLOWER_ROB_RULEBOOK.read_text(encoding="utf-8")
    text = text.replace("len(flowers) == 8", "len(flowers) >= 4")
    compilation = compile_source(text, "flower_rob.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_four_flowers", "g.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_of_several_seats_that_may_rob_the_nearest_after_the_drawer_wins() -> None:
    """Seats 1 and 3 hold three flowers each under a shape of four; seat 2 draws 7f. Both are
    asked and both win: seat 3, the nearest after seat 2, takes the flower (one flower, one
    winner), and seat 2 pays it."""
    game = scenario_round(
        four_flowers(),
        [DEALER, "123f2588m2588p258s3z4z", SEAT2, "456f123m123p123s66z77z"],
        SEAT1_DRAWS + "7f",
        tail="369m369p9m",
    )
    act(game, 0, "discard", "5z")
    _pass_all(game)
    act(game, 1, "discard", "9s")
    _pass_all(game)
    assert game.state().phase == "flower" and sorted(game.to_act()) == [1, 3]
    act(game, 1, "win")
    assert game.result is None
    act(game, 3, "win")
    assert game.result is not None and game.result["winners"] == [3]
    assert game.result["outcome"]["discarder"] == 2
    assert game.census() == list(game.copies)
    state = game.state()
    assert len(state.seats[3].flowers) == 4 and len(state.seats[1].flowers) == 3
    assert game.settlement is not None and game.settlement.deltas == [0, 0, -8, 8]
