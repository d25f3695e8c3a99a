"""A small load on `mjc serve`: ten tables of bots opened at once play their rounds to the end
side by side (the server lets the other tables run between bot moves), and every table's
stored game log replays line by line."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from mjc.compiler.serve.app import create_app
from mjc.compiler.serve.tables import Library
from mjc.runtime.game.gamelog import replay

httpx = pytest.importorskip("httpx")

TABLES = 10


@pytest.mark.slow
def test_ten_tables_of_bots_play_to_the_end_at_once_and_every_log_replays(
    library: Library, db: str
) -> None:
    app = create_app(library, db)
    seats = [{"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}]

    async def open_all() -> list[dict[str, object]]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://serve") as client:
            bodies = [
                {"rulebook": book, "options": {}, "seats": seats}
                for book in ["guangdong", "shanghai"] * (TABLES // 2)
            ]
            answers = await asyncio.gather(*(client.post("/api/tables", json=b) for b in bodies))
        assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
        return [a.json() for a in answers]

    opened = asyncio.run(open_all())
    assert len({t["table"] for t in opened}) == TABLES
    server = app.state.server
    rows = sqlite3.connect(db).execute("SELECT table_id, log FROM rounds").fetchall()
    assert len(rows) == TABLES
    for table_id, log in rows:
        table = server.tables[table_id]
        assert table.game.over and log is not None
        replayed = replay(library.get(table.spec.rulebook), log.splitlines())
        assert replayed.result == table.game.result
