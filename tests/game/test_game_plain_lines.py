"""The log lines of a plain discard and of a draw from the wall's head are copies of lines
made once per seat and tile (`mjc.runtime.game.actions.plain_turns`): each is the line
`Action.to_json` and the draw write, a round's lines are its own (a red five written into one
changes no other), and the lines copied stay as made whatever a round does to its own."""

from __future__ import annotations

import copy

import pytest

from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.actions import Action, plain_turns
from mjc.runtime.game.engine import Round
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from tests.conftest import ruleset


@pytest.mark.parametrize("players", [3, 4, 6])
def test_each_line_is_the_one_the_log_writes(players: int) -> None:
    actions, discards, draws = plain_turns(players)
    for seat in range(players):
        for tile in range(NUM_PLAYING):
            action = actions[seat][tile]
            assert action == Action(seat, "discard", tile)
            assert discards[seat][tile] == {"type": "action", **action.to_json()}
            assert list(discards[seat][tile]) == ["type", "seat", "kind", "tile"]
            line = {"type": "draw", "seat": seat, "tile": tile_text(tile), "from": "head"}
            assert draws[seat][tile] == line and list(draws[seat][tile]) == list(line)


def test_a_round_logs_lines_of_its_own_and_leaves_the_made_ones_as_they_were() -> None:
    made = copy.deepcopy(plain_turns(4)[1:])
    rs = ruleset("riichi")  # red fives: a red one drawn or discarded rewrites its line
    lines = {id(line) for table in plain_turns(4)[1:] for seat in table for line in seat}
    reds = 0
    for seed in range(12):
        game = Round(rs, seed=seed, players=4, dealer=seed % 4)
        play_round(game, [RandomBot(seed * 4 + seat) for seat in range(4)])
        assert not any(id(event) in lines for event in game.events)
        reds += sum(
            event["type"] in ("draw", "action") and event.get("tile", "")[:1] == "0"
            for event in game.events
        )
    assert reds  # the rounds drew or discarded red fives, written into their own lines
    assert plain_turns(4)[1:] == made
