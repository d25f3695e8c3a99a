"""Tiles set aside on one's turn (the play section's `set_aside`, 三麻 北抜き), on a rulebook
without a dead wall: 广东 with `set_aside 5z` added (a test rulebook, `edited_ruleset`). The
replacement comes from where a kong's does (the tail); another seat may win on the tile set
aside, paid by the setter as a discarder, not under 抢杠; a seat that claimed sets nothing
aside in that turn. Read through Round's documented surface (state, legal actions, events,
result, observation), the log replayed."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from mjc.compiler.driver import compile_source
from mjc.runtime import Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import play_round
from mjc.runtime.game.engine import Round
from tests.helpers.engine_helpers import act, kinds, scenario_round
from tests.helpers.settlement_helpers import (
    assert_settles_and_replays,
    edited_ruleset,
    ruleset,
)

DEALER = "1m4m7m2p5p8p3s6s9s1z2z3z5z4z"
WAITS_ON_WHITE = "123m456p789s111z5z"
JUNK_2 = "2m5m8m3p6p9p1s4s7s2z3z6z7z"
JUNK_3 = "3m6m9m1p4p7p2s5s8s4z6z7z7z"


@functools.cache
def _book() -> Ruleset:
    return edited_ruleset("guangdong", "play {\n", "play {\n  set_aside 5z\n")


def test_a_tile_set_aside_is_replaced_from_the_tail_without_a_dead_wall() -> None:
    game = scenario_round(_book(), [DEALER, JUNK_2, JUNK_2.replace("2m", "9m"), JUNK_3], tail="9p")
    assert [a.kind for a in game.legal_actions(0)].count("set_aside") == 1
    act(game, 0, "set_aside", "5z")
    assert game.events[-2] == {"type": "action", "seat": 0, "kind": "set_aside", "tile": "5z"}
    assert game.events[-1] == {"type": "draw", "seat": 0, "tile": "9p", "from": "tail"}
    assert game.state().seats[0].set_aside == ("5z",)
    assert game.observation(2)["seats"][0]["set_aside"] == ["5z"]
    assert game.to_act() == [0] and "set_aside" not in kinds(game, 0)  # no 5z left
    assert game.census() == list(game.copies)


def test_another_seat_wins_on_a_tile_set_aside_and_the_setter_pays_as_a_discarder() -> None:
    game = scenario_round(_book(), [DEALER, WAITS_ON_WHITE, JUNK_2, JUNK_3], tail="9p")
    act(game, 0, "set_aside", "5z")
    assert game.to_act() == [1] and kinds(game, 1) == {"win", "pass"}
    act(game, 1, "win")
    assert game.result is not None and game.result["outcome"]["discarder"] == 0
    winner = game.result["outcome"]["winners"][0]
    assert winner["win_tile"] == "5z" and "robbing_kong" not in winner["situations"]
    assert game.state().seats[0].set_aside == ()
    assert game.census() == list(game.copies)
    assert_settles_and_replays(_book(), game)


def test_a_tile_set_aside_that_nobody_wins_on_is_replaced() -> None:
    game = scenario_round(_book(), [DEALER, WAITS_ON_WHITE, JUNK_2, JUNK_3], tail="9p")
    act(game, 0, "set_aside", "5z")
    act(game, 1, "pass")
    assert game.to_act() == [0] and "9p" in game.state().seats[0].concealed


def test_nothing_is_set_aside_in_the_turn_after_a_claim() -> None:
    game = scenario_round(
        _book(), [DEALER.replace("4z", "7m"), "7m7m5z" + JUNK_2[6:], JUNK_2, JUNK_3]
    )
    act(game, 0, "discard", "7m")
    act(game, 1, "pong", "7m")
    assert game.to_act() == [1] and "set_aside" not in kinds(game, 1)


def test_a_rulebook_without_set_aside_offers_none() -> None:
    game = scenario_round(ruleset("guangdong"), [DEALER, WAITS_ON_WHITE, JUNK_2, JUNK_3])
    assert "set_aside" not in kinds(game, 0) and game.state().seats[0].set_aside == ()


def test_bots_set_tiles_aside_every_tile_is_accounted_for_and_the_logs_replay() -> None:
    book, found = _book(), 0
    for seed in range(3):
        game = Round(book, seed=seed)
        play_round(game, [GreedyBot(book, {}) for _ in range(4)])
        found += sum(1 for e in game.events if e.get("kind") == "set_aside")
        assert game.census() == list(game.copies)
        assert_settles_and_replays(book, game)
    assert found > 0


GUANGDONG = Path(__file__).resolve().parents[2] / "rulebooks" / "guangdong.mjr"


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("set_aside on", "E0122", "`set_aside` takes tiles"),
        ("set_aside 5z, 5z", "E0122", "`5z` is listed twice"),
        ("set_aside 1f", "E0577", "the tile 1f set aside is a flower"),
        ("set_aside_bloom nuki", "E0570", "nuki"),
        ("set_aside_bloom kong_bloom", "E0411", "no tile is set aside"),
        ("set_aside_win nuki", "E0570", "nuki"),
        ("set_aside_win kong_bloom", "E0411", "none is won on as it is"),
        ("set_aside_furiten 4z", "E0122", "`set_aside_furiten` takes"),
    ],
)
def test_a_set_aside_line_that_names_no_tile_in_play_is_refused(
    line: str, code: str, message: str
) -> None:
    text = GUANGDONG.read_text(encoding="utf-8").replace("play {\n", f"play {{\n  {line}\n", 1)
    problems = compile_source(text, "bad.mjr").diagnostics
    assert [d.code for d in problems] == [code] and message in problems[0].message
