"""`mjc serve` over hostile rulebooks and from the command line: the Guangdong rulebook with
an HTML payload in every string (tests/docs/hostile.py) is served from a folder, and its
title, option labels and fan names reach the lobby, the table page and the socket's view as
text, never as markup; `mjc serve` parses its options and reaches the server."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mjc.compiler.cli import play as cli_play
from mjc.compiler.cli.commands import build_parser
from mjc.compiler.loader import resolve_rulebook
from mjc.compiler.serve.app import create_app
from mjc.compiler.serve.tables import Library
from tests.docs.hostile import hostile_source

from .conftest import SEATS_ONE_PERSON, next_view, open_table, play_moves

# The payloads' own markup (the pages' tile pictures are <img> too, and their script a
# <script src>): found in a page, a payload would have become markup.
MARKUP = (
    "<script>",
    "<img src=x",
    "<svg onload",
    "<iframe",
    "<details",
    "<style>",
    'href="javascript',
)


def _markup(text: str) -> list[str]:
    return [m for m in MARKUP if m in text.lower()]


def _markup(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    found = [m for m in MARKUP if m in text.lower()]
    return [m for m in found if m not in allowed]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Library:
    folder = tmp_path_factory.mktemp("hostile")
    source = resolve_rulebook("guangdong")[0].read_text(encoding="utf-8")
    text, _ = hostile_source(source, 0)
    (folder / "guangdong.mjr").write_text(text, encoding="utf-8")
    library = Library(str(folder), names=[])
    assert list(library.rulesets) == ["guangdong"], library.broken
    return library


def test_hostile_rulebook_text_is_shown_as_text(hostile: Library, tmp_path: Path) -> None:
    with TestClient(create_app(hostile, str(tmp_path / "t.sqlite"))) as client:
        lobby = client.get("/").text
        assert not _markup(lobby) and "&lt;script&gt;" in lobby
        token = open_table(client, SEATS_ONE_PERSON)["seats"][0]["token"]
        page = client.get(f"/play/{token}").text
        assert not _markup(page) and page.count("<script") == 1
        with client.websocket_connect(f"/ws/{token}") as socket:
            last = play_moves(socket, next_view(socket), limit=200)
        assert "settlement" in last["view"] and not _markup(last["html"])


def test_mjc_serve_parses_its_options_and_starts_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = build_parser().parse_args(["serve", "rules/", "--port", "9001", "--db", "x.sqlite"])
    assert (args.rulebook, args.host, args.port, args.db) == (
        "rules/",
        "127.0.0.1",
        9001,
        "x.sqlite",
    )
    started: list[tuple[object, ...]] = []
    import mjc.compiler.serve.app as app_module

    monkeypatch.setattr(app_module, "run", lambda *given: started.append(given) or 0)
    assert cli_play.serve(args) == 0
    assert started == [("rules/", "127.0.0.1", 9001, "x.sqlite")]
