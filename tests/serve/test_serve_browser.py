"""`mjc serve` in a real browser: Debian's Chromium, driven by Playwright (no browser
download, as in tests/docs/test_browser.py), opens a table with three bots from the lobby at
phone width and plays a whole round: discards by keyboard (→ and Enter), the other decisions
by clicking. Skipped where Chromium or Playwright is missing, unless CI asks for it."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import CHROMIUM_ARGS, chromium

uvicorn = pytest.importorskip("uvicorn")

from mjc.compiler.serve.app import create_app  # noqa: E402
from mjc.compiler.serve.tables import Library  # noqa: E402

PHONE = {"width": 375, "height": 740}
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts" / "serve"  # for people to look at


@pytest.fixture()
def served(library: Library, tmp_path: Path) -> Iterator[str]:
    """A real uvicorn server over the app, on a free port, in a thread."""
    app = create_app(library, str(tmp_path / "tables.sqlite"))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="warning", ws_max_size=16_384)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        listener.close()


def test_a_whole_round_with_three_bots_played_in_chromium_at_phone_width(served: str) -> None:
    browser_path = chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
        try:
            # bypass_csp: Playwright evaluates its waits as strings, which our CSP forbids.
            page = browser.new_page(viewport=PHONE, bypass_csp=True)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(served + "/")
            form = page.locator("form:has(input[value=guangdong])")
            form.locator("button[type=submit]").click()
            page.locator("a.seat-link").first.click()
            page.wait_for_function(
                "document.getElementById('status').textContent !== '连接中 connecting…'"
            )
            for _ in range(300):
                table = page.locator(".table")
                if table.get_attribute("data-over") == "yes":
                    break
                move = table.get_attribute("data-move")
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
                    " return t.dataset.move !== m || t.dataset.over === 'yes'; }",
                    arg=move,
                    timeout=10_000,
                )
            assert page.locator(".table").get_attribute("data-over") == "yes"
            assert "结算 Settlement" in page.locator(".settlement").inner_text()
            # Nothing is wider than a phone, and the page ran without a script error.
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], width
            assert not errors, errors
            assert page.locator("#refused").is_hidden()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "round-end-phone.png"), full_page=True)
        finally:
            browser.close()
