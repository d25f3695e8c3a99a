"""`mjc serve` through Starlette's TestClient: the lobby, opening a table (form and JSON), a
whole round with three bots and one seat played by the test over its socket, the refusals
(a wrong token, malformed, oversized, stale or replayed messages, a flood), seat isolation,
escaping, and a restart over the same SQLite file."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3

import pytest
from starlette.testclient import TestClient

from mjc.compiler.serve.app import MAX_MESSAGE, Server, create_app
from mjc.compiler.serve.store import Store
from mjc.compiler.serve.tables import Library, Table, TableSpec
from mjc.runtime.game.gamelog import replay

from .conftest import SEATS_ONE_PERSON, next_view, open_table, play_moves, send_until_view


def test_the_lobby_lists_each_rulebook_with_its_options(client: TestClient) -> None:
    page = client.get("/").text
    assert "广东鸡平胡" in page and 'value="guangdong"' in page
    assert 'name="opt_seven_pairs"' in page and "七对胡牌" in page
    assert 'value="shanghai"' in page
    # A rulebook for several table sizes offers each, the largest chosen (潮州 lists 4, 3, 2).
    lobby = TestClient(create_app(Library(names=["chaozhou"]), ":memory:")).get("/").text
    select = lobby[lobby.index('name="players"') :].split("</select>")[0]
    sizes = re.findall(r'<option value="(\d)"( selected)?>', select)
    assert sizes == [("2", ""), ("3", ""), ("4", " selected")]


def test_the_lobby_form_opens_a_table_and_hands_out_a_link_per_person(
    client: TestClient,
) -> None:
    form = "rulebook=guangdong&players=4&seat0=person&name0=Ann&seat1=person&name1=Bo"
    form += "&seat2=greedy&seat3=random&opt_seven_pairs=on"
    response = client.post(
        "/tables", content=form, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 200
    links = re.findall(r'href="(/play/[A-Za-z0-9_-]+)"', response.text)
    assert len(links) == 2  # the bots' seats get none
    page = client.get(links[0])
    assert page.status_code == 200 and "Ann" in page.text and "/static/table.js" in page.text


def test_a_table_with_bad_settings_is_refused_with_a_reason(client: TestClient) -> None:
    def refused(body: object) -> str:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400
        reason: str = response.json()["reason"]
        return reason

    seats = SEATS_ONE_PERSON
    assert "rulebook" in refused({"rulebook": "nope", "seats": seats})
    assert "no option" in refused({"rulebook": "guangdong", "options": {"x": "1"}, "seats": seats})
    assert "seats" in refused({"rulebook": "guangdong", "seats": seats[:2]})
    assert "bot" in refused({"rulebook": "guangdong", "seats": [{"bot": "evil"}] * 4})
    assert client.post("/api/tables", content=b"{").status_code == 400
    assert client.post("/api/tables", content=b"x" * 20_000).status_code == 413


def test_a_table_opened_with_a_seed_deals_as_every_table_of_that_seed(
    client: TestClient,
) -> None:
    def first_view(seed: int) -> dict[str, object]:
        token = open_table(client, seed=seed)["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{token}") as socket:
            seen: dict[str, object] = next_view(socket)["view"]["seen"]
        return {key: seen[key] for key in ("dice", "seats", "legal", "drawn")}

    assert first_view(12345) == first_view(12345)
    assert first_view(12345) != first_view(54321)


@pytest.mark.parametrize("seed", [-1, 2**31, 1.5, "7", True, [7], 10**400])
def test_a_seed_that_is_not_a_whole_number_below_2_to_the_31_is_refused(
    client: TestClient, seed: object
) -> None:
    body = {"rulebook": "guangdong", "seats": SEATS_ONE_PERSON, "seed": seed}
    if seed == 10**400:  # no JSON encoder writes it: the body as a client could send it
        response = client.post(
            "/api/tables",
            content=json.dumps({**body, "seed": 0}).replace('"seed": 0', f'"seed": {seed}'),
            headers={"content-type": "application/json"},
        )
    else:
        response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and "seed" in response.json()["reason"]


def test_a_whole_round_with_three_bots_and_one_seat_played_through_the_socket(
    client: TestClient,
) -> None:
    table = open_table(client)
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{token}") as socket:
        last = play_moves(socket, next_view(socket), limit=200)
        view = last["view"]
        assert "settlement" in view, "the round did not end within 200 of the seat's moves"
        assert sum(view["settlement"]["deltas"]) == 0 or view["settlement"]["deltas"]
        assert "结算 Settlement" in last["html"]
        # The next round of the match is dealt on request.
        second = send_until_view(
            socket, {"type": "next", "round": last["round"], "move": last["move"]}
        )
        assert second["round"] == 1 and "settlement" not in second["view"]
        assert second["view"]["scores"] == view["settlement"]["deltas"]


def _refusal(socket: object, message: object) -> str:
    socket.send_text(message if isinstance(message, str) else json.dumps(message))  # type: ignore[attr-defined]
    answer = socket.receive_json()  # type: ignore[attr-defined]
    assert answer["type"] == "refused", answer
    reason: str = answer["reason"]
    return reason


def test_wrong_malformed_oversized_stale_and_illegal_messages_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    table = open_table(client)
    token = table["seats"][0]["token"]
    with client.websocket_connect("/ws/not-a-token") as socket:
        assert "no seat" in socket.receive_json()["reason"]
    assert client.get("/play/not-a-token").status_code == 404
    with client.websocket_connect(f"/ws/{token}") as socket:
        first = next_view(socket)
        move, legal = first["move"], first["view"]["seen"]["legal"]
        base = {"type": "act", "round": 0, "move": move}
        assert "JSON" in _refusal(socket, "{not json")
        assert "at most" in _refusal(socket, "x" * (MAX_MESSAGE + 1))
        assert "type" in _refusal(socket, [1, 2])
        assert "JSON" in _refusal(socket, "[" * 1000 + "]" * 1000)  # too deep for the parser
        assert "kind" in _refusal(socket, {**base, "action": {"kind": "steal"}})
        assert "own seat" in _refusal(socket, {**base, "action": {**legal[0], "seat": 1}})
        assert "stale" in _refusal(socket, {**base, "move": move + 5, "action": legal[0]})
        illegal = {"kind": "discard", "tile": "1f"}
        assert "flower" in _refusal(socket, {**base, "action": illegal})
        assert "still being played" in _refusal(socket, {"type": "next", "round": 0, "move": move})
        # None of it moved the table: the first legal action is still the one to play.
        socket.send_json({**base, "action": legal[0]})
        after = next_view(socket)
        assert after["move"] > move
        # The same message again is a replay, and refused.
        assert "stale" in _refusal(socket, {**base, "action": legal[0]})


def test_a_flood_is_refused(client: TestClient) -> None:
    token = open_table(client)["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{token}") as socket:
        next_view(socket)
        for _ in range(60):
            socket.send_text("{}")
        reasons = [socket.receive_json()["reason"] for _ in range(60)]
        assert any("too many" in r for r in reasons)


def test_a_seat_never_receives_another_seats_hand(client: TestClient) -> None:
    seats = [{"name": "A", "bot": None}, {"name": "B", "bot": None}]
    seats += [{"bot": "greedy"}, {"bot": "greedy"}]
    table = open_table(client, seats)
    tokens = [s["token"] for s in table["seats"][:2]]
    with (
        client.websocket_connect(f"/ws/{tokens[0]}") as first,
        client.websocket_connect(f"/ws/{tokens[1]}") as second,
    ):
        for socket, seat in ((first, 0), (second, 1)):
            message = next_view(socket)
            seen = message["view"]["seen"]
            assert seen["seat"] == seat
            for other in seen["seats"]:
                assert ("concealed" in other) == (other["seat"] == seat)
            text = json.dumps(message)
            for other_token in tokens:
                assert other_token not in text  # no seat learns a token, its own included
    page = client.get(f"/play/{tokens[0]}")
    assert tokens[1] not in page.text
    assert page.headers["referrer-policy"] == "no-referrer"  # the link is never passed on
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_names_and_rulebook_text_are_escaped(client: TestClient) -> None:
    seats = [{"name": "<script>alert(1)</script>", "bot": None}, *SEATS_ONE_PERSON[1:]]
    token = open_table(client, seats)["seats"][0]["token"]
    page = client.get(f"/play/{token}").text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    with client.websocket_connect(f"/ws/{token}") as socket:
        assert "<script>alert" not in next_view(socket)["html"]


def test_a_restarted_server_resumes_each_table_at_its_move(library: Library, db: str) -> None:
    with TestClient(create_app(library, db)) as client:
        table = open_table(client)
        token = table["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{token}") as socket:
            before = play_moves(socket, next_view(socket), limit=5)
    with TestClient(create_app(library, db)) as client:
        with client.websocket_connect(f"/ws/{token}") as socket:
            after = next_view(socket)
            assert after["move"] == before["move"] and after["round"] == before["round"]
            assert after["view"]["seen"] == before["view"]["seen"]
            last = play_moves(socket, after, limit=200)
        assert "settlement" in last["view"]
    # The finished round's game log is stored, and `mjc replay` agrees with every line.
    (log,) = sqlite3.connect(db).execute("SELECT log FROM rounds").fetchone()
    assert (
        replay(library.get("guangdong"), log.splitlines()).result == last["view"]["seen"]["result"]
    )
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_table_whose_rulebook_is_gone_is_named_and_the_others_resume(
    library: Library, db: str
) -> None:
    with TestClient(create_app(library, db)) as client:
        kept = open_table(client)["table"]
        open_table(client, rulebook="shanghai")
    only_guangdong = Library(names=["guangdong"])
    app = create_app(only_guangdong, db)
    server = app.state.server
    assert list(server.tables) == [kept]
    (problem,) = server.store.broken
    assert "no such rulebook" in problem


def test_two_people_answering_the_same_discard_both_count(library: Library) -> None:
    """The second answer names the move at which both were asked, one move behind the table:
    still an answer to the question, not a replay; sent again, it is one."""
    server = Server(library, Store(":memory:"))
    seats = [{"name": f"p{i}", "bot": None} for i in range(4)]
    for seed in range(1, 60):
        spec = TableSpec.new(library, "guangdong", {}, seats, seed=seed)
        table = Table.start(f"t{seed}", spec, library.get("guangdong"))
        while not table.game.over:
            deciding = table.game.to_act()
            if len(deciding) >= 2:
                break
            seat = deciding[0]
            table.act(seat, table.game.legal_actions(seat)[0])
        else:
            continue
        server._add(table)
        asked = table.move
        first, second = deciding[:2]

        assert _pass(server, table, first, asked) is None
        assert table.move == asked + 1
        if second in table.game.to_act():
            assert _pass(server, table, second, asked) is None
            assert "stale" in (_pass(server, table, second, asked) or "")
        return
    pytest.fail("no seed of 1..59 asks two seats about one discard")


def _pass(server: Server, table: Table, seat: int, move: int) -> str | None:
    """`seat` passes, naming `move`: None when played, else the refusal."""
    legal = table.game.legal_actions(seat)
    action = next((a for a in legal if a.kind == "pass"), legal[0] if legal else None)
    body = action.to_json() if action is not None else {"kind": "pass"}
    message = {"type": "act", "round": 0, "move": move, "action": body}
    return asyncio.run(server.handle(table, seat, json.dumps(message)))


def test_a_server_stopped_between_two_bots_moves_lets_them_play_on_at_start_up(
    library: Library, db: str
) -> None:
    with TestClient(create_app(library, db)) as client:
        token = open_table(client, clock=0)["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{token}") as socket:
            play_moves(socket, next_view(socket), limit=3)
    # As if the server had stopped just after a bot's move: the moves after it never made.
    store = sqlite3.connect(db)
    seats = [json.loads(a)["seat"] for (a,) in store.execute("SELECT action FROM moves")]
    cut = next(m for m in range(1, len(seats)) if seats[m] != 0)  # move m + 1 is a bot's
    store.execute("DELETE FROM moves WHERE move > ?", (cut,))
    store.commit()
    with (
        TestClient(create_app(library, db)) as client,
        client.websocket_connect(f"/ws/{token}") as socket,
    ):
        view = next_view(socket)
        assert view["move"] > cut and view["view"]["seen"]["legal"], "the bots stood still"
        assert "settlement" in play_moves(socket, view, limit=200)["view"]


def test_the_exchange_window_is_labelled_and_each_pick_is_a_button() -> None:
    """换三张 on the served page: the phase is named and every legal pick is a button naming
    its tiles (the test rulebook with the exchange, tests/game/test_game_exchange.py)."""
    from mjc.compiler.serve import pages
    from mjc.runtime.game.actions import action_from_json
    from mjc.runtime.game.observation import observation
    from tests.game.test_game_exchange import HANDS, rules
    from tests.helpers.engine_helpers import scenario_round

    game = scenario_round(rules(), HANDS)
    seen = observation(game, 0)
    view = {"table": "t", "title": "换三张", "round": 1, "move": 0, "names": ["a", "b", "c", "d"]}
    view |= {"bots": [None, "greedy", "greedy", "greedy"], "scores": [0] * 4, "clock": None}
    view |= {"left": [None] * 4, "away": [False] * 4, "seen": seen}
    html = pages.view_html(view)
    assert html.count('data-kind="exchange"') == len(game.legal_actions(0))
    assert "换牌 Pass 1s 5s 9s" in html and "picking tiles to pass" in html
    for seat, tiles in enumerate(["1s 5s 9s", "1m 4m 7m", "5m 5m 6m", "7m 8m 9m"]):
        game.apply(action_from_json({"seat": seat, "kind": "exchange", "tiles": tiles.split()}))
    view["seen"] = observation(game, 1)
    html = pages.view_html(view)
    assert "换出 you pass" in html and "换入 received" in html  # seed 1: the dice say opposite
    assert "对家 to the seat opposite (骰 dice 3 + 6)" in html
