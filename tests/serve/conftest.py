"""Helpers of the `mjc serve` tests: one compiled rulebook library for the whole session, an
app over a SQLite file in the test's folder, and a seat played through its socket."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

# Starlette 1.x asks for `httpx2`; the httpx of the serve extra works the same.
warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocket  # noqa: E402

from mjc.compiler.serve.app import create_app  # noqa: E402
from mjc.compiler.serve.tables import Library  # noqa: E402

SEATS_ONE_PERSON = [
    {"name": "我 me", "bot": None},
    {"bot": "greedy"},
    {"bot": "greedy"},
    {"bot": "random"},
]


@pytest.fixture(scope="session")
def library() -> Library:
    return Library(names=["guangdong", "shanghai"])


@pytest.fixture()
def db(tmp_path: Path) -> str:
    return str(tmp_path / "tables.sqlite")


@pytest.fixture()
def client(library: Library, db: str) -> Iterator[TestClient]:
    with TestClient(create_app(library, db)) as test_client:
        yield test_client


def open_table(
    client: TestClient, seats: list[dict[str, Any]] | None = None, **extra: Any
) -> dict[str, Any]:
    body = {"rulebook": "guangdong", "options": {}, "seats": seats or SEATS_ONE_PERSON, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def next_view(socket: WebSocket) -> dict[str, Any]:
    """The next view the socket receives (failing on a refusal)."""
    message: dict[str, Any] = socket.receive_json()
    assert message["type"] == "view", message
    return message


def play_moves(socket: WebSocket, first: dict[str, Any], limit: int) -> dict[str, Any]:
    """Play the seat's first legal action at each view until the round is over or `limit`
    moves are made; the last view received."""
    message = first
    for _ in range(limit):
        view = message["view"]
        if "settlement" in view:
            break
        legal = view["seen"]["legal"]
        assert legal, "a view sent to the seat offers it nothing, yet the round is on"
        act = {"type": "act", "round": message["round"], "move": message["move"]}
        while True:
            socket.send_json({**act, "action": legal[0]})
            answer: dict[str, Any] = socket.receive_json()
            if answer["type"] == "view":
                break
            # Faster than a person: the flood guard refuses; wait as the page would.
            assert "too many" in answer["reason"], answer
            time.sleep(0.2)
        message = answer
    return message


def receive_within(socket: Any, seconds: float = 10.0) -> dict[str, Any]:
    """The socket's next message, failing after `seconds` instead of waiting for ever (for
    messages the server sends by itself, on a clock)."""
    import anyio

    async def one() -> Any:
        with anyio.fail_after(seconds):
            return await socket._send_rx.receive()

    message = socket.portal.call(one)
    socket._raise_on_close(message)
    data: dict[str, Any] = json.loads(message["text"])
    return data
