"""`mjc serve` in a real browser: Debian's Chromium, driven by Playwright (no browser
download, as in tests/docs/test_browser.py), against uvicorn on loopback. A table opened from
the lobby at phone width is played for a whole round (discards by keyboard, the other
decisions by clicking); two people at one table each see only their own hand; a bad link and
bad messages get a clear refusal on the page; the clock counts down and 托管 plays a seat.
Skipped where Chromium or Playwright is missing, unless CI asks for it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import pytest

from mjc.runtime.game.observation import observation

from .conftest import (
    SEATS_ONE_PERSON,
    Served,
    new_page,
    play_one,
    play_to_the_end,
    wait_for_status,
)

pytest.importorskip("uvicorn")

PHONE = {"width": 375, "height": 740}
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts" / "serve"  # for people to look at
YOUR_MOVE = "轮到你 your move"


def _open(served: Served, seats: list[dict[str, Any]], clock: float = 0) -> dict[str, Any]:
    # A seed of its own, so that each run plays the same rounds.
    body = {"rulebook": "guangdong", "options": {}, "seats": seats, "clock": clock, "seed": 7}
    response = httpx.post(served.url + "/api/tables", json=body, timeout=30)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_whole_round_with_three_bots_played_in_chromium_at_phone_width(
    served: Served, browser: Any
) -> None:
    page, errors = new_page(browser, PHONE)
    page.goto(served.url + "/")
    form = page.locator("form:has(input[value=guangdong])")
    form.locator("button[type=submit]").click()
    page.locator("a.seat-link").first.click()
    page.wait_for_function("document.getElementById('status').textContent !== '连接中 connecting…'")
    play_to_the_end(page)
    assert "结算 Settlement" in page.locator(".settlement").inner_text()
    # Nothing is wider than a phone, and the page ran without a script error.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    assert not errors, errors
    assert page.locator("#refused").is_hidden()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "round-end-phone.png"), full_page=True)


def _tiles_shown(page: Any) -> Counter[str]:
    """Every tile face drawn in the page's table (a tile's back shows nothing)."""
    sources = page.eval_on_selector_all("#view img", "imgs => imgs.map(i => i.getAttribute('src'))")
    names = [s.removeprefix("/tiles/").removesuffix(".svg") for s in sources]
    return Counter(n for n in names if n != "back")


def _tiles_seen(seen: dict[str, Any]) -> Counter[str]:
    """The tile faces a seat may see: its own hand and what is open to every seat."""
    tiles = list(seen["seats"][seen["seat"]]["concealed"])
    for other in seen["seats"]:
        assert ("concealed" in other) == (other["seat"] == seen["seat"])
        tiles += other["river"] + other["flowers"]
        for meld in other["melds"]:
            tiles += meld.get("tiles", [meld["shown"]] * 2 if "shown" in meld else [])
    tiles += seen["wilds"] + ([seen["question"]] if seen.get("question") else [])
    return Counter(tiles)


def test_a_second_person_at_the_table_sees_only_their_own_hand(
    served: Served, browser: Any
) -> None:
    seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}]
    opened = _open(served, [*seats, {"bot": "greedy"}, {"bot": "greedy"}])
    table = served.server.tables[opened["table"]]
    pages, checked = [], []
    for seat in (0, 1):
        page, errors = new_page(browser)
        page.goto(served.url + opened["seats"][seat]["url"])
        pages.append((page, errors))
    for _ in range(3):
        for page, _ in pages:
            page.wait_for_function(
                "m => document.querySelector('.table').dataset.move === m", arg=str(table.move)
            )
        if table.game.over:  # the settlement shows the winner's hand to everybody
            break
        for seat, (page, _) in enumerate(pages):
            # The server waits for a person: its table stands still while it is looked at.
            seen = observation(table.game, seat)
            assert page.locator(".seat.mine").get_attribute("data-seat") == str(seat)
            hand = page.eval_on_selector_all(".hand img", "i => i.map(x => x.getAttribute('alt'))")
            assert len(hand) == len(seen["seats"][seat]["concealed"])
            shown = _tiles_shown(page)
            assert shown == _tiles_seen(seen), f"seat {seat} at move {table.move}"
            checked.append(sum(shown.values()))
            other = opened["seats"][1 - seat]["token"]
            html = page.content()
            assert other not in html and '"concealed"' not in html
        # One of the two people decides; both pages follow.
        play_one(pages[table.waiting()[0]][0])
    assert len(checked) >= 2 and min(checked) >= 13, checked
    for _, errors in pages:
        assert not errors, errors


def test_a_bad_link_and_bad_messages_get_a_clear_refusal_on_the_page(
    served: Served, browser: Any
) -> None:
    page, errors = new_page(browser)
    response = page.goto(served.url + "/play/not-a-seat-token")
    assert response is not None and response.status == 404
    assert page.locator(".refused").inner_text() == "no seat has this link"
    assert "Traceback" not in page.content()
    page.get_by_role("link", name="回大厅 Back to the lobby").click()
    page.wait_for_selector("form[action='/tables']")

    opened = _open(served, SEATS_ONE_PERSON)
    page.goto(served.url + opened["seats"][0]["url"])
    wait_for_status(page, YOUR_MOVE)
    move = page.locator(".table").get_attribute("data-move")
    refused = page.locator("#refused")
    # A button whose move was tampered with: the server refuses it in one line, the table
    # does not move, and the page says why.
    bad = [
        ({"kind": "steal"}, "kind"),
        ({"kind": "discard", "tile": "1f"}, "flower"),
        ({"kind": "discard", "tile": "9z"}, "bad tile"),
        ({"kind": "discard", "tile": "1m", "seat": 2}, "own seat"),
    ]
    for action, words in bad:
        page.evaluate(
            "a => { const b = document.querySelector('.tile-button, .act');"
            " b.dataset.act = a; b.click(); }",
            json.dumps(action),
        )
        refused.wait_for(state="visible")
        assert words in refused.inner_text(), (action, refused.inner_text())
        page.evaluate("document.getElementById('refused').hidden = true")
    # Messages no button sends, from a socket of the page's own.
    reasons = page.evaluate(
        """async url => {
            const socket = new WebSocket(url);
            const got = [];
            await new Promise(ok => socket.onopen = ok);
            const done = new Promise(ok => socket.onmessage = e => {
                got.push(JSON.parse(e.data)); if (got.length === 4) ok();
            });
            socket.send("{not json");
            socket.send(JSON.stringify([1, 2]));
            socket.send(JSON.stringify({type: "act", round: 0, move: -1, action: {}}));
            await done;
            socket.close();
            return got.map(m => m.type === "refused" ? m.reason : m.type);
        }""",
        served.url.replace("http:", "ws:") + "/ws/" + opened["seats"][0]["token"],
    )
    assert reasons[0] == "view"
    assert "JSON" in reasons[1] and "type" in reasons[2] and "stale" in reasons[3], reasons
    assert page.locator(".table").get_attribute("data-move") == move
    assert not errors, errors


def test_the_clock_counts_down_and_托管_plays_for_the_seat(served: Served, browser: Any) -> None:
    page, errors = new_page(browser)
    slow = _open(served, SEATS_ONE_PERSON, clock=600)
    page.goto(served.url + slow["seats"][0]["url"])
    wait_for_status(page, YOUR_MOVE)
    clock = page.locator(".auto-play .clock b")
    start = int(clock.inner_text())
    assert 590 < start <= 600
    page.wait_for_function(
        "s => Number(document.querySelector('.auto-play .clock b').textContent) < s", arg=start
    )
    # Handing the seat to 托管: the server plays it to the end of the round.
    page.locator('.auto-toggle[data-auto="away"]').click()
    page.wait_for_selector(".table[data-over=yes] .auto-play .away")
    page.locator('.auto-toggle[data-auto="back"]').click()
    page.wait_for_selector(".auto-play .away", state="detached")

    # A clock of a second, run out: the server plays the seat (and keeps playing it).
    fast = _open(served, SEATS_ONE_PERSON, clock=1)
    page.goto(served.url + fast["seats"][0]["url"])
    page.wait_for_selector(".table[data-over=yes] .seat.mine .away")
    assert "托管中" in page.locator(".auto-play").inner_text()
    assert not errors, errors
