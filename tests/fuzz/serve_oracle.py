"""The rule every request and socket message to `mjc serve`'s app must keep: an answer,
never a fault.

A request is answered with a status below 500 (Starlette's test client raises what the
app raises); a socket message with exactly one message, a view or a one-line refusal; and
the app logs no fault of its own (`mjc.serve` at ERROR: what its handlers catch and log,
"a replay failed", "a message failed", is a crash here). One app (over the bundled
Guangdong rulebook and a SQLite file in the scratch folder) serves every case of a process.
"""

from __future__ import annotations

import atexit
import functools
import json
import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fuzz_budget import STATS
from fuzz_oracles import _scratch
from serve_gen import SETTINGS

SECONDS = 30.0  # a socket's answer: far longer than any move takes, but no hang for ever


@functools.cache
def _client() -> Any:
    # Starlette 1.x asks for `httpx2`; the httpx of the serve extra works the same.
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

    from mjc.compiler.serve.app import create_app
    from mjc.compiler.serve.tables import Library

    client = TestClient(create_app(Library(names=["guangdong"]), str(_scratch() / "t.sqlite")))
    client.__enter__()
    atexit.register(client.__exit__, None, None, None)
    return client


class _Faults(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record.getMessage())


@contextmanager
def _no_faults() -> Iterator[None]:
    faults, logger = _Faults(), logging.getLogger("mjc.serve")
    logger.addHandler(faults)
    try:
        yield
    finally:
        logger.removeHandler(faults)
    assert not faults.seen, f"the app logged a fault: {faults.seen[0]}"


def check_serve(case: dict[str, Any]) -> None:
    client = _client()
    with _no_faults():
        for request in case["requests"]:
            body = request["body"].encode("latin-1" if request.get("latin1") else "utf-8")
            headers = {"content-type": request["type"]} if request["type"] else {}
            response = client.request(
                request["method"], request["path"], content=body, headers=headers
            )
            assert response.status_code < 500, (request, response.status_code)
            STATS[f"serve status {response.status_code}"] += 1
        if case["messages"]:
            _session(client, case["messages"])


def _session(client: Any, messages: list[dict[str, Any]]) -> None:
    created = client.post("/api/tables", json=SETTINGS)
    assert created.status_code == 200, created.text
    token = created.json()["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{token}") as socket:
        last = _receive(socket)
        assert last["type"] == "view", last
        for message in messages:
            socket.send_text(message["text"] if "text" in message else _move(last, message))
            answer = _receive(socket)
            assert answer["type"] in ("view", "refused"), answer
            STATS[f"serve socket {answer['type']}"] += 1
            if answer["type"] == "view":
                last = answer


def _move(last: dict[str, Any], message: dict[str, Any]) -> str:
    """The seat's n-th legal move in the last view (`next` once the round is over)."""
    legal = last["view"].get("seen", {}).get("legal") or []
    move = last["move"] - 1 if message["stale"] else last["move"]
    sent: dict[str, Any] = {"type": "next", "round": last["round"], "move": move}
    if legal and "settlement" not in last["view"]:
        sent.update(type="act", action=legal[message["legal"] % len(legal)])
    return json.dumps(sent)


def _receive(socket: Any) -> dict[str, Any]:
    """The socket's next message, failing after `SECONDS` instead of waiting for ever."""
    import anyio

    async def one() -> Any:
        with anyio.fail_after(SECONDS):
            return await socket._send_rx.receive()

    message = socket.portal.call(one)
    socket._raise_on_close(message)
    data: dict[str, Any] = json.loads(message["text"])
    return data
