"""`mjc serve` at a match's end: a table of a rulebook whose matches have a length (riichi's
東風戦) shows the standings and how the match ended, and deals no further round; a table of
a rulebook without a length deals rounds for as long as people ask."""

from __future__ import annotations

import asyncio
import json

import pytest

from mjc.compiler.serve import pages
from mjc.compiler.serve.app import Server
from mjc.compiler.serve.store import Store
from mjc.compiler.serve.tables import Library, Table, TableSpec
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.game.actions import IllegalAction
from mjc.runtime.game.observation import observation

EAST_ONLY = {"length": "tonpuusen"}  # 東風戦: one wind, a handful of rounds
SEATS = [{"name": "我 me", "bot": None}, {"bot": "greedy"}, {"bot": "greedy"}, {"bot": "greedy"}]


@pytest.fixture(scope="module")
def riichi_library() -> Library:
    return Library(names=["riichi", "guangdong"])


def _play_round(table: Table, person: GreedyBot) -> None:
    """The bots play their seats and `person` the people's, until the round is over."""
    while not table.game.over:
        if not table.bot_step():
            seat = table.waiting()[0]
            legal = table.game.legal_actions(seat)
            table.act(seat, person.choose(observation(table.game, seat), legal))


def _played_match(library: Library, seed: int) -> Table:
    spec = TableSpec.new(library, "riichi", EAST_ONLY, SEATS, seed=seed, clock=0)
    ruleset = library.get("riichi")
    table = Table.start("t-match", spec, ruleset)
    person = GreedyBot(ruleset, spec.options)
    for _ in range(60):  # 東風戦: four deals and their 連荘, well under sixty rounds
        _play_round(table, person)
        if table.match_over:
            return table
        table.next_round()
    pytest.fail("the 東風戦 did not end within sixty rounds")


def test_a_finished_match_shows_the_standings_and_how_it_ended(riichi_library: Library) -> None:
    table = _played_match(riichi_library, seed=3)
    end = table.view(0)["match_end"]
    assert end["type"] == "match_end" and end["rounds"] == table.round_no + 1
    assert sorted(end["placement"]) == [0, 1, 2, 3]
    assert end["points"] == list(table.match.scores)
    assert end["ended_by"] in ("length", "negative", "dealer_stops", "extra_winds")
    assert end["final"] is not None and sum(end["final"]) == 0  # 返し点 and ウマ: zero-sum
    html = pages.view_html(table.view(0))
    assert "对局结束 Match over" in html and 'data-next="yes"' not in html
    first = table.spec.seats[end["placement"][0]].name
    assert f"<li>{first}: {end['points'][end['placement'][0]]}" in html


def test_no_round_is_dealt_after_the_match_is_over(riichi_library: Library) -> None:
    table = _played_match(riichi_library, seed=3)
    with pytest.raises(IllegalAction, match="the match is over"):
        table.next_round()
    server = Server(riichi_library, Store(":memory:"))
    server._add(table)
    message = {"type": "next", "round": table.round_no, "move": table.move}
    refused = asyncio.run(server.handle(table, 0, json.dumps(message)))
    assert refused == "the match is over"


def test_a_table_without_a_match_length_deals_on(riichi_library: Library) -> None:
    spec = TableSpec.new(riichi_library, "guangdong", {}, SEATS, seed=5, clock=0)
    ruleset = riichi_library.get("guangdong")
    table = Table.start("t-endless", spec, ruleset)
    _play_round(table, GreedyBot(ruleset, spec.options))
    assert not table.match_over and "match_end" not in table.view(0)
    assert 'data-next="yes"' in pages.view_html(table.view(0))
    table.next_round()
    assert table.round_no == 1 and not table.game.over
