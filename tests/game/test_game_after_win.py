"""Play goes on after a win (`after_win`, issue 23): 血战到底 (`leave`: the winners leave the
round) and 血流成河 (`stay`: they stay and may win again), against the round ending at its
first win (`end`, every bundled rulebook): the engine's turns, claims and end, what the state,
the observations and the log show, how the round JSON's `later_wins` is settled and refused,
and bots-only rounds with several win events that replay.

The rulebook is tests/helpers/rulebooks/xuezhan.mjr (108 tiles, pong and kong, robbing an
added kong; the option `mode` picks leave, stay or end; a hand is worth 1, a self-draw 2)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.settle.round import RoundError
from tests.helpers.engine_helpers import (
    NoWinBot,
    events_of,
    kinds,
    play_out,
    scenario_round,
    script,
)
from tests.helpers.settlement_helpers import assert_settles_and_replays
from tests.helpers.small_rulebooks import AFTER_WIN_RULEBOOK

# No seat holds a pair, so nothing is ever ponged. Seat 1 waits on 5p, seat 2 on 8s, seat 3
# on 5p (with 46p and the pair 99m: only in the 一炮多响 deal); the dealer throws his last tile.
DEALER = "147m147p147s258m9s9p"
WAITS_5P = "123m456m789m123p5p"
WAITS_8S = "234p567p234s567s8s"
NOT_READY = "345s678s369m369p2s"
DEALER_5P = "147m147p147s258m9s5p"
ALSO_5P = "234s567s789s46p99m"

LEAVE: dict[str, object] = {"mode": "xuezhan"}
STAY: dict[str, object] = {"mode": "xueliu"}
END: dict[str, object] = {"mode": "one"}


@cache
def rules() -> Ruleset:
    text = AFTER_WIN_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "xuezhan.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_after_win_test", "x.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def self_draws(options: dict[str, object]) -> Round:
    """Seat 1 draws its 5p, seat 2 (next) its 8s."""
    return scenario_round(rules(), [DEALER, WAITS_5P, WAITS_8S, NOT_READY], "5p8s", options=options)


def test_the_rule_reads_the_option_and_end_is_the_default() -> None:
    assert rules().turn_rules(LEAVE).after_win == "leave"
    assert rules().turn_rules(STAY).after_win == "stay"
    assert rules().turn_rules(END).after_win == "end"
    assert TurnRules().after_win == "end"


def test_under_end_the_round_ends_at_its_first_win_as_before() -> None:
    game = self_draws(END)
    script(game, "0 discard 9p", "1 win")
    assert game.over and game.result is not None
    assert game.result["winners"] == [1] and "win_events" not in game.result
    assert "later_wins" not in game.result["outcome"]
    assert not events_of(game, "win")


# ---------------------------------------------------------------- 血战到底 (leave)


def test_under_leave_a_self_drawer_leaves_and_the_next_seat_plays_on() -> None:
    game = self_draws(LEAVE)
    script(game, "0 discard 9p", "1 win")
    state = game.state()
    assert not game.over
    assert state.seats[1].left and state.seats[1].won == 1
    assert state.phase == "turn" and state.turn == 2 and state.drawn is not None
    assert state.drawn.tile == "8s"
    assert [e.seats for e in state.win_events] == [(1,)]
    assert game.legal_actions(1) == []
    seen = observation(game, 0)
    assert seen["seats"][1]["left"] and seen["seats"][1]["won"] == 1
    assert not seen["seats"][0]["left"] and seen["win_events"][0]["winners"][0]["seat"] == 1
    script(game, "2 win")
    assert game.state().turn == 3 and not game.over
    # The two left never act again, and the two others play the wall out (流局 for them).
    while not game.over:
        assert not {1, 2} & set(game.to_act())
        for seat in game.to_act():
            game.apply(NoWinBot().choose(observation(game, seat), game.legal_actions(seat)))
        assert game.census() == list(game.copies)
    result = game.result
    assert result is not None
    assert result["winners"] == [1, 2] and result["exhaustive_draw"]
    assert result["win_events"] == [[1], [2]]
    assert result["next_dealer"] == 1  # the first winner deals next
    outcome = result["outcome"]
    assert [w["seat"] for w in outcome["winners"]] == [1]
    assert [[w["seat"] for w in e["winners"]] for e in outcome["later_wins"]] == [[2]]
    # Seat 1 is paid a self-draw (2) by everyone; seat 2 by the two still playing only.
    assert result["deltas"] == [-4, 6, 2, -4]
    assert [e["winners"][0]["seat"] for e in events_of(game, "win")] == [1, 2]
    assert_settles_and_replays(rules(), game)


def test_under_leave_a_seat_under_tuoguan_wins_leaves_and_the_round_goes_on() -> None:
    game = self_draws(LEAVE)
    game.set_auto(1)  # 托管: the engine plays seat 1, and wins for it
    script(game, "0 discard 9p")
    state = game.state()
    assert state.seats[1].left and state.seats[1].auto
    assert state.turn == 2 and not game.over
    assert [e["auto"] for e in events_of(game, "action") if e["seat"] == 1] == [True]
    play_out(game)
    assert_settles_and_replays(rules(), game)


def test_under_leave_several_winners_of_one_discard_all_leave() -> None:
    game = scenario_round(rules(), [DEALER_5P, WAITS_5P, WAITS_8S, ALSO_5P], options=LEAVE)
    script(game, "0 discard 5p")
    assert sorted(game.to_act()) == [1, 3]
    script(game, "1 win", "3 win")
    state = game.state()
    assert state.seats[1].left and state.seats[3].left and not state.seats[2].left
    # Play goes on after the event's last winner counted from the discarder: seat 0 draws.
    assert state.phase == "turn" and state.turn == 0
    assert [(e.seats, e.discarder, e.tile) for e in state.win_events] == [((1, 3), 0, "5p")]
    play_out(game)
    result = game.result
    assert result is not None and result["winners"] == [1, 3]
    assert result["win_events"] == [[1, 3]]
    assert result["next_dealer"] == 1  # dealer_after_several nearest_winner
    assert game.census() == list(game.copies)
    assert_settles_and_replays(rules(), game)


def test_under_leave_the_round_ends_when_all_but_one_have_won() -> None:
    for seed in range(40):
        game = Round(rules(), seed=seed, options=LEAVE)
        result = play_round(game, [GreedyBot(rules(), LEAVE) for _ in range(4)])
        if len(result["winners"]) == 3:
            assert not result["exhaustive_draw"]
            assert game.state().wall.drawable > 0 or game.state().phase == "over"
            assert_settles_and_replays(rules(), game)
            return
    raise AssertionError("no seed gave three winners")


# ---------------------------------------------------------------- 血流成河 (stay)


def test_under_stay_a_seat_wins_twice_and_plays_a_locked_hand() -> None:
    game = scenario_round(
        rules(), [DEALER, WAITS_5P, WAITS_8S, NOT_READY], "5p9m1m5p2m", options=STAY
    )
    script(game, "0 discard 9p", "1 win")
    state = game.state()
    assert not state.seats[1].left and state.seats[1].won == 1
    assert len(state.seats[1].concealed) == 13  # the winning 5p is laid aside
    assert state.seats[1].waits == ("5p",)
    assert state.turn == 2 and state.drawn is not None and state.drawn.tile == "9m"
    script(game, "2 discard 9m", "3 discard 1m", "0 discard 5p")
    assert game.to_act() == [1]
    script(game, "1 win")
    state = game.state()
    assert state.seats[1].won == 2 and state.turn == 2
    assert [(e.seats, e.self_drawn, e.discarder) for e in state.win_events] == [
        ((1,), True, None),
        ((1,), False, 0),
    ]
    # Its hand is locked: at its next turn seat 1 wins or throws what it drew, nothing else.
    while not (game.state().phase == "turn" and game.state().turn == 1):
        for seat in game.to_act():
            game.apply(NoWinBot().choose(observation(game, seat), game.legal_actions(seat)))
    drawn = game.state().drawn
    assert drawn is not None
    discards = [a for a in game.legal_actions(1) if a.kind == "discard"]
    assert len(discards) == 1 and kinds(game, 1) <= {"win", "discard"}
    play_out(game)
    result = game.result
    assert result is not None and result["exhaustive_draw"]
    assert result["win_events"][:2] == [[1], [1]]
    assert game.census() == list(game.copies)
    assert_settles_and_replays(rules(), game)


@pytest.mark.parametrize("options", [LEAVE, STAY], ids=["leave", "stay"])
def test_a_bots_only_round_with_several_win_events_settles_and_replays(
    options: dict[str, object],
) -> None:
    for seed in range(40):
        game = Round(rules(), seed=seed, options=options)
        greedy = GreedyBot(rules(), options)
        result = play_round(game, [greedy, AutoBot(), greedy, AutoBot()])  # 托管 in two seats
        if len(result["win_events"]) >= 2:
            assert game.settlement is not None and game.settlement.later_scores
            assert_settles_and_replays(rules(), game)
            again = replay(rules(), log_lines(game, explicit_rules=True))
            assert again.state().win_events == game.state().win_events
            return
    raise AssertionError("no seed gave two win events")


# ---------------------------------------------------------------- settling the round JSON

FIRST = {"seat": 1, "hand": "123m456m789m123p55p", "self_drawn": True}
SECOND = {"seat": 2, "hand": "234p567p234s567s88s", "win_tile": "8s"}


def _round(**extra: Any) -> dict[str, Any]:
    data = {
        "options": LEAVE,
        "winners": [FIRST],
        "later_wins": [{"winners": [SECOND], "discarder": 3}],
    }
    data.update(extra)
    return data


def test_settle_pays_every_win_event() -> None:
    settlement = rules().settle(_round())
    assert settlement.deltas == [-2, 6, -1, -3]  # 2 from each to seat 1; seat 3 pays seat 2 1
    assert [x.reason for x in settlement.lines][-1] == "win 2: hand of seat 2 (discarder)"
    assert {s: x.total for s, x in settlement.later_scores[0].items()} == {2: 1}
    assert settlement.as_dict()["later_winners"] == [[{"seat": 2, "total": 1}]]


def test_under_leave_a_seat_that_left_pays_nothing_of_a_later_self_draw() -> None:
    later = {"winners": [{**SECOND, "self_drawn": True}]}
    settlement = rules().settle(_round(later_wins=[later]))
    assert settlement.deltas == [-4, 6, 2, -4]  # seat 1 pays nothing of seat 2's self-draw
    stay = rules().settle(_round(later_wins=[later], options=STAY))
    assert stay.deltas == [-4, 4, 4, -4]  # everyone still pays under stay


def test_a_one_win_round_settles_alike_under_every_after_win() -> None:
    one = {"winners": [FIRST]}
    paid = {
        m: rules().settle({**one, "options": o}).deltas
        for m, o in (("leave", LEAVE), ("stay", STAY), ("end", END))
    }
    assert paid["leave"] == paid["stay"] == paid["end"] == [-2, 6, -2, -2]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"options": END}, "later_wins: after_win_test ends a round at its first win"),
        (
            {"options": END, "later_wins": [], "exhaustive_draw": True},
            "winners: a round with an exhaustive draw has no winners",
        ),
        (
            {"later_wins": [{"winners": [{**SECOND, "seat": 1}], "discarder": 3}]},
            "later_wins.0: seat 1 won before and left the round",
        ),
        (
            {"later_wins": [{"winners": [SECOND], "discarder": 1}]},
            "later_wins.0.discarder: seat 1 won before and left the round",
        ),
        ({"later_wins": [{"winners": [SECOND]}]}, "later_wins.0.discarder: winner 2 won on"),
        (
            {
                "later_wins": [
                    {"winners": [{**SECOND, "hand": "234p567p234s567s89s"}], "discarder": 3}
                ]
            },
            "later_wins.0.winners.0.hand: not a win",
        ),
        ({"winners": []}, "later_wins: a round's first win event is `winners`"),
    ],
)
def test_settle_refuses_win_events_the_rule_forbids(change: dict[str, Any], words: str) -> None:
    with pytest.raises(RoundError) as refused:
        rules().settle(_round(**change))
    assert words in str(refused.value)


def test_under_stay_a_seat_may_win_again_and_a_drawn_wall_after_wins_is_a_round() -> None:
    again = {
        "winners": [{**SECOND, "seat": 1, "hand": "123m456m789m123p55p", "win_tile": "5p"}],
        "discarder": 3,
    }
    settlement = rules().settle(_round(options=STAY, later_wins=[again], exhaustive_draw=True))
    assert settlement.deltas == [-2, 7, -2, -3]


# ---------------------------------------------------------------- the checks


def test_leave_needs_three_players() -> None:
    assert TurnRules(after_win="leave").validate(2) is not None
    assert TurnRules(after_win="leave").validate(3) is None
    assert TurnRules(after_win="stay").validate(2) is None
    text = AFTER_WIN_RULEBOOK.read_text(encoding="utf-8").replace("players 4", "players 2, 4")
    compilation = compile_source(text, "two.mjr")
    assert [d.code for d in compilation.diagnostics] == ["E0411"]
    assert "it may be played by 2 players" in compilation.diagnostics[0].message


def test_a_word_other_than_end_leave_stay_is_refused() -> None:
    text = AFTER_WIN_RULEBOOK.read_text(encoding="utf-8").replace("after_win stay", "after_win go")
    compilation = compile_source(text, "bad.mjr")
    assert [d.code for d in compilation.diagnostics] == ["E0122"]
    assert (
        "`after_win` takes `end`, `leave`, `stay`, not `go`" in compilation.diagnostics[0].message
    )


@pytest.mark.parametrize("options", [LEAVE, STAY], ids=["leave", "stay"])
def test_a_robbed_kong_is_a_win_event_and_the_robbed_seat_plays_on(
    options: dict[str, object],
) -> None:
    # Seat 2 pongs the dealer's 6s and adds the fourth to it; seat 1, waiting on 3s-6s by
    # then, robs it. The konger is the seat after the robber: he draws next, his pung standing.
    hands = [DEALER[:-2] + "6s", "123m456m789m1p45s9s", "66s234p567p789m23s", "345s789s369m369p2s"]
    game = scenario_round(rules(), hands, "1s4m1p6s", options=options)
    script(game, "0 discard 6s", "2 pong 6s", "2 discard 2s", "3 discard 1s", "0 discard 4m")
    script(game, "1 discard 9s", "2 added_kong 6s", "1 win")
    state = game.state()
    assert [(e.seats, e.robbed_from, e.tile) for e in state.win_events] == [((1,), 2, "6s")]
    assert state.seats[1].left is (options is LEAVE)
    assert state.phase == "turn" and state.turn == 2 and not state.kongs
    assert [m.kind for m in state.seats[2].melds] == ["pung"]
    play_out(game)
    assert game.result is not None and game.result["outcome"]["robbed_from"] == 2
    assert game.census() == list(game.copies)
    assert_settles_and_replays(rules(), game)


def test_the_simulator_counts_every_win_event_of_a_round() -> None:
    from mjc.runtime.sim.play import play_round as simulate_round
    from mjc.runtime.sim.stats import Tally

    tally = Tally()
    for seed in range(6):
        summary = simulate_round(rules(), LEAVE, 4, seed, ("greedy",) * 4)
        # Under leave every seat wins once, and an event has one winner or several.
        assert len({w.seat for w in summary.winners}) == len(summary.winners)
        assert bool(summary.winners) <= summary.info.win_events <= len(summary.winners)
        assert not summary.info.drawn or not summary.winners
        tally.add(summary)
    assert tally.win_events.total > tally.wins  # some round had several win events
    assert Tally.of(tally.state()).win_events == tally.win_events


# ---------------------------------------------------------------- the CLI and a match


def test_mjc_play_bots_only_prints_every_win_event_and_mjc_replay_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mjc.compiler.cli.commands import main

    log, book = tmp_path / "game.jsonl", str(AFTER_WIN_RULEBOOK)
    played = ["play", book, "--bots-only", "--bot", "greedy", "--seed", "5", "--log", str(log)]
    assert main(played) == 0
    text = capsys.readouterr().out
    assert "win 1: seat" in text and "win 2: seat" in text
    assert main(["replay", "--rulebook", book, str(log)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert "all agree" in replayed[0] and replayed[1:] == text.splitlines()[:-1]  # not the log


def test_a_match_deals_the_next_round_to_the_first_winner() -> None:
    match = Match(rules(), seed=2, options=LEAVE)
    greedy = GreedyBot(rules(), LEAVE)
    checked = 0
    for _ in range(3):
        game = match.next_round()
        result = play_round(game, [greedy] * 4)
        match.finish(game)
        first = result["win_events"][0] if result["winners"] else []
        if first == [game.dealer]:
            assert match.dealer == game.dealer and match.streak == game.streak + 1
        elif len(first) == 1:
            assert match.dealer == first[0] and match.streak == 0
        checked += len(first) == 1
    assert checked and sum(match.scores) == 0
