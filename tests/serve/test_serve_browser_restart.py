"""`mjc serve` killed in the middle of a round, seen from Chromium: the server runs in a process
of its own (tests/serve/servers.py) that the test kills outright (SIGKILL) while a person's
page is open, then starts again on the same SQLite file and port. The page reconnects by
itself, shows the table at the move it had reached (no move lost, none played twice) and the
round plays on to its end, its stored log replaying. Started instead over a file without the
table, the server refuses the page's link, and the page says so."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from mjc.compiler.serve.tables import Library
from mjc.runtime.game.gamelog import replay

from .conftest import SEATS_ONE_PERSON, new_page, play_one, play_to_the_end, wait_for_status

pytest.importorskip("uvicorn")

from tests.serve.servers import ServerProcess

YOUR_MOVE = "轮到你 your move"
RECONNECTING = "重新连接 reconnecting…"


@pytest.fixture()
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path / "tables.sqlite", tmp_path / "server.log") as server:
        yield server


def _moves(db: Path) -> list[int]:
    with sqlite3.connect(db) as store:
        return [m for (m,) in store.execute("SELECT move FROM moves ORDER BY move")]


def _hand(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        ".hand img", "i => i.map(x => x.getAttribute('src'))"
    )
    return found


def _open(process: ServerProcess) -> str:
    """A table of one person and three bots, without a clock: its person's link."""
    # A seed of its own: the round must still be on after the person's first three moves.
    body = {"rulebook": "guangdong", "seats": SEATS_ONE_PERSON, "clock": 0, "seed": 7}
    response = httpx.post(process.url + "/api/tables", json=body, timeout=30)
    assert response.status_code == 200, response.text
    url: str = response.json()["seats"][0]["url"]
    return url


def test_a_server_killed_mid_round_comes_back_and_the_page_plays_on(
    process: ServerProcess, browser: Any, library: Library
) -> None:
    page, errors = new_page(browser)
    page.goto(process.url + _open(process))
    wait_for_status(page, YOUR_MOVE)
    for _ in range(3):
        play_one(page)
    wait_for_status(page, YOUR_MOVE)
    table = page.locator(".table")
    move, hand = table.get_attribute("data-move"), _hand(page)
    assert table.get_attribute("data-over") == "no"

    process.kill()
    # Every move the page was shown is in the file, written before the view was sent.
    assert _moves(process.db) == list(range(1, int(move) + 1))
    wait_for_status(page, RECONNECTING)
    process.start()
    wait_for_status(page, YOUR_MOVE)
    assert table.get_attribute("data-move") == move and _hand(page) == hand

    play_to_the_end(page)
    final = int(table.get_attribute("data-move"))
    assert _moves(process.db) == list(range(1, final + 1))
    with sqlite3.connect(process.db) as store:
        (log,) = store.execute("SELECT log FROM rounds").fetchone()
    assert replay(library.get("guangdong"), log.splitlines()).result is not None
    assert sum('"type":"action"' in line for line in log.splitlines()) == final
    assert not errors, errors
    assert page.locator("#refused").is_hidden()


def test_a_link_the_restarted_server_does_not_know_is_refused_on_the_page(
    process: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    page, errors = new_page(browser)
    page.goto(process.url + _open(process))
    wait_for_status(page, YOUR_MOVE)
    process.kill()
    wait_for_status(page, RECONNECTING)
    process.start(db=tmp_path / "another.sqlite")
    # The socket is refused (code 4403): the page stops reconnecting and says why.
    wait_for_status(page, "链接无效 this link opens no seat")
    assert page.locator("#refused").inner_text() == "no seat has this token"
    assert not errors, errors
