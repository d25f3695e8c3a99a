"""The move clock and 托管 of `mjc serve`: a person who does not decide in the table's time
gets 托管's move (win when it may, else pass a claim, else discard the tile just drawn),
logged like any other move, and stays under 托管 until taking the seat back; the page shows
the seconds left. The clock's arithmetic is tested on a `Table` with made-up times (no
waiting); the app's timer with a clock of a twentieth of a second through TestClient."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

import pytest
from starlette.testclient import TestClient

from mjc.compiler.serve.app import create_app
from mjc.compiler.serve.tables import DEFAULT_CLOCK, MIN_CLOCK, Library, Table, TableSpec
from mjc.runtime.game.autoplay import auto_choice
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.tiles.tile import tile_index

from .conftest import SEATS_ONE_PERSON, next_view, open_table, receive_within

PEOPLE = [{"name": f"p{i}", "bot": None} for i in range(4)]


def _table(library: Library, clock: float, seed: int = 7) -> Table:
    spec = TableSpec.new(library, "guangdong", {}, PEOPLE, seed=seed, clock=clock)
    return Table.start("t", spec, library.get("guangdong"))


def test_a_person_out_of_time_gets_托管s_move_and_stays_under_托管(library: Library) -> None:
    table = _table(library, clock=10)
    (dealer,) = table.game.to_act()
    assert table.wind(now=100.0) == 10.0
    assert table.time_out(now=109.9) == [] and table.move == 0
    # Asked again later, a person still deciding keeps the time it had.
    assert table.wind(now=105.0) == pytest.approx(5.0)
    drawn_now = table.game.state().drawn
    drawn = tile_index(drawn_now.tile) if drawn_now is not None else -1
    expected = auto_choice(table.game.legal_actions(dealer), drawn)
    assert table.time_out(now=110.0) == [dealer]
    assert table.move == 1 and table.away == {dealer}
    # An action of the seat's own in the log (a replay reads it as a decision).
    last = [e for e in table.game.events if e["type"] == "action"][-1]
    assert last["seat"] == dealer and last["kind"] == expected.kind and "auto" not in last
    assert expected.kind in ("discard", "win")
    # The seat under 托管 is played at once, like a bot's; the others get their own clocks.
    assert dealer not in table.waiting()
    wait = table.wind(now=110.0)
    assert wait == 10.0 and set(table.deadlines) == set(table.waiting())
    view = table.view(dealer, now=113.0)
    assert view["away"][dealer] and view["left"][dealer] is None
    assert all(view["left"][s] == 7.0 for s in table.waiting())
    table.set_away(dealer, False)
    assert not table.view(dealer)["away"][dealer]


def test_托管_plays_a_seat_to_the_end_of_the_round_and_the_log_replays(library: Library) -> None:
    table = _table(library, clock=DEFAULT_CLOCK)
    for seat in range(4):
        table.set_away(seat, True)
    while table.bot_step():
        pass
    assert table.game.over and table.waiting() == []
    assert table.wind(now=0.0) is None  # nobody to wait for: no clock runs
    replayed = replay(library.get("guangdong"), list(log_lines(table.game)))
    assert replayed.result == table.game.result


def test_no_clock_runs_on_a_table_without_one(library: Library) -> None:
    table = _table(library, clock=0)
    assert table.wind(now=0.0) is None and table.time_out(now=1e9) == []
    assert table.view(0, now=5.0)["left"] == [None] * 4


@pytest.mark.parametrize(
    "clock", ["abc", -1, 0.001, 1e9, 10**400, True, "nan", "inf", "0x10", [30], None]
)
def test_a_bad_clock_is_refused(client: TestClient, clock: object) -> None:
    body = {"rulebook": "guangdong", "seats": SEATS_ONE_PERSON, "clock": clock}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and "clock" in response.json()["reason"]


def test_the_lobby_sets_a_clock_and_the_page_counts_it_down(client: TestClient) -> None:
    assert 'name="clock"' in client.get("/").text
    form = "rulebook=guangdong&players=4&seat0=person&seat1=greedy&seat2=greedy&seat3=random"
    response = client.post(
        "/tables",
        content=form + "&clock=45",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    link = re.findall(r'href="(/play/[A-Za-z0-9_-]+)"', response.text)[0]
    page = client.get(link).text
    seconds = [float(s) for s in re.findall(r'class="clock" data-left="([0-9.]+)"', page)]
    # The dealer (a person at seat 0) is asked first: its clock shows, in its header and
    # beside its hand; the bots have none.
    assert seconds and all(40 < s <= 45 for s in seconds), seconds
    assert "托管 Let the server play" in page
    with client.websocket_connect(link.replace("/play/", "/ws/")) as socket:
        view = next_view(socket)["view"]
        assert view["clock"] == 45.0 and view["left"][1:] == [None, None, None]


def test_a_seat_out_of_time_is_played_by_the_server_and_logged(
    client: TestClient, db: str, library: Library
) -> None:
    table = open_table(client, clock=MIN_CLOCK)
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{token}") as socket:
        message = receive_within(socket)
        # The server plays the seat when its clock runs out, then at once under 托管: the
        # round ends without the test sending a move.
        while "settlement" not in message["view"]:
            message = receive_within(socket)
        view = message["view"]
        assert view["away"] == [True, False, False, False]
        assert "托管中" in message["html"] and 'data-auto="back"' in message["html"]
        # Taking the seat back: 托管 is off, and the next round asks the person again.
        socket.send_json({"type": "back", "round": 0, "move": message["move"]})
        assert receive_within(socket)["view"]["away"][0] is False
    rows = sqlite3.connect(db).execute("SELECT action FROM moves ORDER BY move").fetchall()
    seat0 = [json.loads(a) for (a,) in rows if json.loads(a)["seat"] == 0]
    assert seat0, "the server made no move for the seat out of time"
    (log,) = sqlite3.connect(db).execute("SELECT log FROM rounds").fetchone()
    replayed = replay(library.get("guangdong"), log.splitlines())
    assert replayed.result == view["seen"]["result"]


def test_a_person_may_hand_the_seat_to_托管_and_take_it_back(client: TestClient) -> None:
    token = open_table(client, clock=0)["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{token}") as socket:
        first = next_view(socket)
        assert first["view"]["left"] == [None] * 4  # no clock
        socket.send_json({"type": "away", "round": 0, "move": first["move"]})
        over = next_view(socket)
        assert over["view"]["away"][0] and "settlement" in over["view"]
        socket.send_json({"type": "back", "round": 0, "move": over["move"]})
        assert next_view(socket)["view"]["away"][0] is False


def test_a_restarted_table_keeps_its_clock(library: Library, db: str) -> None:
    with TestClient(create_app(library, db)) as client:
        table_id = open_table(client, clock=12)["table"]
    # A table stored before tables had clocks resumes with the default one.
    with TestClient(create_app(library, db)) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        assert server.tables[table_id].spec.clock == 12.0
        old = open_table(client)["table"]
    store = sqlite3.connect(db)
    (spec_text,) = store.execute("SELECT spec FROM tables WHERE id = ?", (old,)).fetchone()
    spec: dict[str, Any] = json.loads(spec_text)
    del spec["clock"]
    store.execute("UPDATE tables SET spec = ? WHERE id = ?", (json.dumps(spec), old))
    store.commit()
    with TestClient(create_app(library, db)) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        assert server.tables[old].spec.clock == DEFAULT_CLOCK
        assert server.tables[old].deadlines  # its clock runs again at start-up
