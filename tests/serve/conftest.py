"""Helpers of the `mjc serve` tests: one compiled rulebook library for the whole session, an
app over a SQLite file in the test's folder, a seat played through its socket; for the
browser tests a real server in a thread (`served`), Chromium (`browser`) and a person's
decisions on the table page (`play_one`)."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

# Starlette 1.x asks for `httpx2`; the httpx of the serve extra works the same.
warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocket  # noqa: E402

from mjc.compiler.serve.app import Server, create_app  # noqa: E402
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
        message = send_until_view(socket, {**act, "action": legal[0]})
    return message


def send_until_view(socket: WebSocket, sent: dict[str, Any]) -> dict[str, Any]:
    """Send `sent` until the answer is a view: a test plays faster than a person, and the
    flood guard refuses it now and then; it waits as the page would, and sends again."""
    while True:
        socket.send_json(sent)
        answer: dict[str, Any] = socket.receive_json()
        if answer["type"] == "view":
            return answer
        assert "too many" in answer["reason"], answer
        time.sleep(0.2)


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


@dataclass(frozen=True)
class Served:
    """A real uvicorn server in a thread of the test (tests/serve/servers.py): its base URL
    and the app's `Server`, whose tables the test may look at."""

    url: str
    server: Server


@pytest.fixture()
def served(library: Library, tmp_path: Path) -> Iterator[Served]:
    pytest.importorskip("uvicorn")
    from tests.serve.servers import serve_in_thread

    app = create_app(library, str(tmp_path / "tables.sqlite"))
    with serve_in_thread(app) as url:
        yield Served(url, app.state.server)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium under Playwright, one for the module's tests (each opens
    its own context); skipped where either is missing, unless CI asks for it."""
    from browser import CHROMIUM_ARGS, chromium

    path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def new_page(browser: Any, viewport: dict[str, int] | None = None) -> tuple[Any, list[str]]:
    """A page in a context of its own (its own cookies and storage: another person), and
    the script errors it meets. bypass_csp: Playwright evaluates its waits as strings,
    which the pages' Content-Security-Policy forbids."""
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def wait_for_status(page: Any, status: str, timeout: float = 30_000) -> None:
    """Wait until the table page's status line says `status`."""
    page.wait_for_function(
        "s => document.getElementById('status').textContent === s", arg=status, timeout=timeout
    )


def play_one(page: Any) -> None:
    """One decision on the table page, as a person makes it: win or pass when asked about a
    tile, else a discard by keyboard (→ and Enter), else the first decision offered; then
    wait until the page shows the move made (or the round over). A test plays faster than
    a person: when the flood guard refuses the decision, it is made again once the
    allowance has refilled."""
    table = page.locator(".table")
    move = table.get_attribute("data-move")
    for _ in range(10):
        decision = page.locator('.act[data-kind="win"], .act[data-kind="pass"]')
        if decision.count():
            decision.first.click()
        elif page.locator(".tile-button").count():
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        else:
            page.locator(".act").first.click()
        page.wait_for_function(
            "m => { const t = document.querySelector('.table');"
            " return t.dataset.move !== m || t.dataset.over === 'yes'"
            " || !document.getElementById('refused').hidden; }",
            arg=move,
            timeout=15_000,
        )
        if page.locator("#refused").is_hidden():
            return
        reason = page.locator("#refused").inner_text()
        assert "too many" in reason, reason
        page.evaluate("document.getElementById('refused').hidden = true")
        page.wait_for_timeout(500)  # the guard allows 10 messages a second
    pytest.fail("the flood guard refused the same decision ten times")


def play_to_the_end(page: Any, limit: int = 300) -> None:
    for _ in range(limit):
        if page.locator(".table").get_attribute("data-over") == "yes":
            return
        play_one(page)
    pytest.fail(f"the round did not end within {limit} decisions")
