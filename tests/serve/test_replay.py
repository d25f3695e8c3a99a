"""The replay viewer of `mjc serve`: a bots-only round's game log uploaded and stepped
through from each seat and with every hand open, refusals of bad logs (status 400, a plain
page, nothing of the log as markup), and a finished round of a stored table."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from mjc.compiler.serve import pages
from mjc.compiler.serve.replay import MAX_LOG, replay_log
from mjc.compiler.serve.tables import Library
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines
from mjc.runtime.game.observation import observation
from mjc.runtime.game.players import play_round

from .conftest import open_table

ALL_BOTS = [{"bot": "greedy"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}]


@pytest.fixture(scope="module")
def played(library: Library) -> tuple[Round, str]:
    ruleset = library.get("guangdong")
    game = Round(ruleset, seed=7)
    play_round(game, [GreedyBot(ruleset, {}) for _ in range(4)])
    return game, "\n".join(log_lines(game)) + "\n"


def _decisions(log: str) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in log.splitlines()]
    return [x for x in lines if x["type"] in ("action", "auto", "abandon") and not x.get("auto")]


def _upload(client: TestClient, log: str, view: str = "all") -> tuple[int, str]:
    response = client.post("/replay", data={"log": log, "view": view})
    return response.status_code, response.text


def test_the_form(client: TestClient) -> None:
    page = client.get("/replay")
    assert page.status_code == 200
    assert 'action="/replay"' in page.text and 'name="log"' in page.text
    assert client.get("/static/replay.js").status_code == 200


def test_an_uploaded_log_lists_every_move_and_the_result(
    client: TestClient, played: tuple[Round, str]
) -> None:
    game, log = played
    status, page = _upload(client, log)
    assert status == 200, page
    decisions = _decisions(log)
    # One state for the deal and one after each decision, each listed as a move.
    assert page.count('<section class="step"') == len(decisions) + 1
    assert page.count("data-to=") == len(decisions) + 1
    assert game.settlement is not None
    deltas = " · ".join(f"座 seat {i} {d:+d}" for i, d in enumerate(game.settlement.deltas))
    assert deltas in page
    assert 'src="/static/replay.js"' in page and "<script>" not in page


def _hands(page: str) -> list[int]:
    """How many open hands each state of the page shows."""
    return [s.count('<span class="hand">') for s in page.split('<section class="step"')[1:]]


def test_a_seat_sees_only_its_own_hand(
    client: TestClient, library: Library, played: tuple[Round, str]
) -> None:
    game, log = played
    for seat in range(4):
        shown = replay_log(library, log.encode(), str(seat))
        for step in shown.steps:
            has = [s for s in step.seen["seats"] if "concealed" in s]
            assert [s["seat"] for s in has] == [seat]
            mine = step.seen["seats"][seat]
            drew = 1 if step.seen.get("drawn_by") == seat else 0
            assert len(mine["concealed"]) + drew == mine["concealed_count"]
        last = shown.steps[-1].seen["seats"][seat]["concealed"]
        assert last == observation(game, seat)["seats"][seat]["concealed"]
        status, page = _upload(client, log, str(seat))
        assert status == 200
        assert set(_hands(page)) == {1}


def test_the_all_hands_view_shows_every_hand(
    client: TestClient, library: Library, played: tuple[Round, str]
) -> None:
    _, log = played
    shown = replay_log(library, log.encode(), "all")
    for step in shown.steps:
        assert all("concealed" in s for s in step.seen["seats"])
    status, page = _upload(client, log, "all")
    assert status == 200
    assert set(_hands(page)) == {4}


def _refused(status: int, page: str, words: str) -> None:
    assert status == 400
    assert words in page, page
    assert "Traceback" not in page


def test_a_malformed_log_is_refused(client: TestClient, played: tuple[Round, str]) -> None:
    _refused(*_upload(client, "not a log <b>at all</b>"), "does not replay")
    _, log = played
    lines = log.splitlines()
    status, page = _upload(client, "\n".join(lines[: len(lines) // 2]))
    _refused(status, page, "truncated")
    edited = log.replace('"type":"wall","dice":[', '"type":"wall","dice":[9,', 1)
    _refused(*_upload(client, edited), "does not replay")
    status, page = _upload(client, "")
    assert status == 400
    _refused(*_upload(client, "\xff\n"), "does not replay")


def test_log_text_never_becomes_markup(client: TestClient, played: tuple[Round, str]) -> None:
    _, log = played
    start = json.loads(log.splitlines()[0])
    start["rulebook"] = "<script>alert(1)</script>"
    status, page = _upload(client, json.dumps(start) + "\n" + log.split("\n", 1)[1])
    _refused(status, page, "which this server lacks")
    assert "<script>alert" not in page and "&lt;script&gt;" in page


def test_an_oversized_log_is_refused(client: TestClient, played: tuple[Round, str]) -> None:
    _, log = played
    big = log + " " * (MAX_LOG + 1)
    _refused(*_upload(client, big), f"at most {MAX_LOG} bytes")
    response = client.post(
        "/replay", content=b"x" * (4 * MAX_LOG + 10), headers={"content-type": "text/plain"}
    )
    _refused(response.status_code, response.text, "at most")


def test_an_unknown_rulebook_is_refused(client: TestClient, played: tuple[Round, str]) -> None:
    _, log = played
    other = log.replace('"rulebook":"guangdong"', '"rulebook":"nowhere"', 1)
    _refused(*_upload(client, other), "rulebook nowhere, which this server lacks")


def test_a_plain_text_body_replays(client: TestClient, played: tuple[Round, str]) -> None:
    _, log = played
    response = client.post(
        "/replay?view=2", content=log.encode(), headers={"content-type": "text/plain"}
    )
    assert response.status_code == 200
    assert set(_hands(response.text)) == {1}


def test_a_finished_table_round_replays(client: TestClient) -> None:
    table = open_table(client, ALL_BOTS)["table"]
    server = client.app.state.server  # type: ignore[attr-defined]
    log = server.store.log(table, 0)
    assert log is not None, "a bots-only table plays its first round to the end"
    page = client.get(f"/replay/table/{table}/0")
    assert page.status_code == 200, page.text
    assert page.text.count('<section class="step"') == len(_decisions(log)) + 1
    assert set(_hands(page.text)) == {4}
    seat = client.get(f"/replay/table/{table}/0?view=1")
    assert set(_hands(seat.text)) == {1}
    assert re.search(rf'href="/replay/table/{table}/0\?view=all"', seat.text)
    # The table's own page links the finished round's replay.
    settled = pages.view_html(server.tables[table].view(0))
    assert f'href="/replay/table/{table}/0"' in settled
    # No seat's link shows on the page.
    for s in server.tables[table].spec.seats:
        assert s.token not in page.text
    assert client.get(f"/replay/table/{table}/1").status_code == 404
    assert client.get("/replay/table/nosuch/0").status_code == 404
    assert client.get(f"/replay/table/{table}/{'9' * 40}").status_code == 404
