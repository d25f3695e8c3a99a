"""Load on `mjc serve` over loopback: many tables at once on a real uvicorn server (in a thread,
tests/serve/servers.py), each opened over HTTP with three of the server's bots and one seat
that a bot of the test plays over its own WebSocket, as a person's page would. Every table
plays its round to the end side by side with the others (the server lets the other tables run
between bot moves, and each table's clock is set and cleared at every move), every stored
move follows the one before, and every stored game log replays line by line to the table's
result.

Four tables run with `make test`; fifty with `make test-all` (`@pytest.mark.slow`). The bound
is a timeout far above the time it takes (the run fails, never waits for ever), not a
benchmark."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.serve.app import create_app
from mjc.compiler.serve.tables import Library
from mjc.runtime.game.gamelog import replay

httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")
pytest.importorskip("uvicorn")

from tests.serve.servers import serve_in_thread  # noqa: E402

BOTS = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}]
MOVES = 400  # a seat's decisions in one round are some tens


async def _play_seat(base: str, token: str) -> dict[str, Any]:
    """Play a seat over its socket, the first legal action at each question, until the round
    is over; the last view. A refusal for going too fast is waited out, as a page would."""
    async with websockets.connect(f"{base}/ws/{token}", max_size=2**22) as socket:
        sent = ""
        for _ in range(MOVES):
            message = json.loads(await socket.recv())
            if message["type"] == "refused":  # it changed nothing: the same move again
                assert "too many" in message["reason"], message
                await asyncio.sleep(0.5)
                await socket.send(sent)
                continue
            view = message["view"]
            if "settlement" in view:
                return view
            legal = view["seen"]["legal"]
            if legal:  # none: another seat decides first (or 托管 plays this one)
                act = {"type": "act", "round": message["round"], "move": message["move"]}
                sent = json.dumps({**act, "action": legal[0]})
                await socket.send(sent)
    raise AssertionError(f"the round did not end within {MOVES} messages")


async def _one_table(client: Any, base: str, rulebook: str) -> tuple[str, dict[str, Any]]:
    body = {"rulebook": rulebook, "seats": [{"name": "test", "bot": None}, *BOTS]}
    response = await client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    opened = response.json()
    return opened["table"], await _play_seat(base, opened["seats"][0]["token"])


async def _all_tables(url: str, count: int) -> list[tuple[str, dict[str, Any]]]:
    base = url.replace("http:", "ws:")
    limits = httpx.Limits(max_connections=count)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        books = ["guangdong", "shanghai"] * count
        return list(await asyncio.gather(*(_one_table(client, base, b) for b in books[:count])))


@pytest.mark.parametrize(
    ("count", "bound"),
    [
        pytest.param(4, 120, id="4-tables"),
        pytest.param(50, 600, marks=pytest.mark.slow, id="50-tables"),
    ],
)
def test_tables_of_bots_play_to_the_end_at_once_over_loopback_and_every_log_replays(
    library: Library, tmp_path: Path, count: int, bound: float
) -> None:
    db = tmp_path / "tables.sqlite"
    app = create_app(library, str(db))
    server = app.state.server
    with serve_in_thread(app) as url:
        ended = asyncio.run(asyncio.wait_for(_all_tables(url, count), timeout=bound))
        assert len({table_id for table_id, _ in ended}) == count
        with sqlite3.connect(db) as store:
            for table_id, view in ended:
                table = server.tables[table_id]
                assert table.game.over and view["move"] == table.move
                moves = store.execute(
                    "SELECT move, action FROM moves WHERE table_id = ? ORDER BY move", (table_id,)
                ).fetchall()
                assert [m for m, _ in moves] == list(range(1, table.move + 1))
                # The test's seat played its own moves over the socket (托管 never stepped in).
                assert any(json.loads(a)["seat"] == 0 for _, a in moves) and not view["away"][0]
                (log,) = store.execute(
                    "SELECT log FROM rounds WHERE table_id = ?", (table_id,)
                ).fetchone()
                replayed = replay(library.get(table.spec.rulebook), log.splitlines())
                assert replayed.result == table.game.result == view["seen"]["result"]
