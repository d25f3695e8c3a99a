"""The ASGI app of `mjc serve` (Starlette): the lobby, table creation, the table pages and one
WebSocket per seat for its moves.

Input: HTTP requests and WebSocket messages from anybody on the network, so all of it is
untrusted: a form or JSON body is read within `MAX_BODY` bytes and checked by
`mjc.compiler.serve.tables.TableSpec.new`; a socket message within `MAX_MESSAGE` characters,
parsed as JSON, its action by `mjc.runtime.game.actions.action_from_json` and then by the
engine. Every refusal is a one-line JSON message (`{"type": "refused", "reason": ...}`) or a
plain error page, and changes nothing. A seat is named only by its token (in the page's path
and the socket's): a socket receives the view of its own seat, never another's.

The tables live in memory and in the SQLite file (`mjc.compiler.serve.store`): each move is
written as it is made, and a new app over the same file resumes every table (its bots play on
at start-up, should the server have stopped between their moves).

The move clock: after each change a table's timer (one asyncio task a table, `Server.timers`)
is set for the first person's clock to run out; then the server plays 托管's move for that
seat (`Table.time_out`), under the table's lock like any message, and every seat is shown it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Mapping
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from mjc.compiler.docs.tilesvg import all_tile_files
from mjc.compiler.serve import pages
from mjc.compiler.serve.replay import MAX_LOG, ReplayError, parse_view, replay_log
from mjc.compiler.serve.store import Store
from mjc.compiler.serve.tables import (
    BOT_KINDS,
    DEFAULT_CLOCK,
    Library,
    SetupError,
    Table,
    TableSpec,
)
from mjc.runtime.game.actions import ActionError, IllegalAction, action_from_json

__all__ = ["MAX_BODY", "MAX_MESSAGE", "Server", "create_app", "run"]

_LOG = logging.getLogger("mjc.serve")

MAX_BODY = 16_384  # a table's settings are some hundred bytes
MAX_MESSAGE = 2_048  # a move is some tens of characters
RATE = 10.0  # messages a second a socket may send, on average ...
BURST = 20.0  # ... and at once
BOT_YIELD = 8  # bot moves between two chances for the other tables to run


class Server:
    """The tables and the rulebooks of one app; every change goes through here."""

    def __init__(self, library: Library, store: Store) -> None:
        self.library, self.store = library, store
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, int]] = {}
        self.sockets: dict[str, dict[int, set[WebSocket]]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.timers: dict[str, asyncio.Task[None]] = {}
        for table in store.resume(library):
            self._add(table)

    def _add(self, table: Table) -> None:
        table.on_move = self.store.record
        self.tables[table.id] = table
        self.sockets[table.id] = {seat: set() for seat in range(len(table.spec.seats))}
        self.locks[table.id] = asyncio.Lock()
        for seat, s in enumerate(table.spec.seats):
            self.tokens[s.token] = (table.id, seat)

    async def create(self, spec: TableSpec) -> Table:
        table = Table.start(secrets.token_urlsafe(9), spec, self.library.get(spec.rulebook))
        self.store.create(table)
        self._add(table)
        await self.drive(table)
        return table

    def find(self, token: str) -> tuple[Table, int] | None:
        found = self.tokens.get(token)
        if found is None:
            return None
        table = self.tables[found[0]]
        return (table, found[1]) if table.seat_of(token) == found[1] else None

    async def drive(self, table: Table) -> None:
        """Let the bots (and 托管) play until a person is to act or the round is over,
        letting the other tables run now and then; then the clock is set and every seat's
        sockets get their new view."""
        steps = 0
        while table.bot_step():
            steps += 1
            if steps % BOT_YIELD == 0:
                await asyncio.sleep(0)
        self._wind(table)
        await self.broadcast(table)

    def _wind(self, table: Table) -> None:
        """Set the table's timer for the first clock to run out (none when no clock runs, or
        when no event loop runs: `start` sets them)."""
        old = self.timers.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        wait = table.wind(time.monotonic())
        if wait is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.timers[table.id] = loop.create_task(self._ring(table, wait))

    async def _ring(self, table: Table, wait: float) -> None:
        """The table's timer: after `wait` seconds, 托管's move for each person out of time."""
        await asyncio.sleep(wait)
        async with self.locks[table.id]:
            try:
                if table.time_out(time.monotonic()):
                    await self.drive(table)
                else:  # woken early: set again
                    self._wind(table)
            except Exception:  # a fault of ours: logged, and the table waits for its people
                _LOG.exception("table %s: the clock could not play", table.id)

    async def start(self) -> None:
        """At start-up: each resumed table's bots play on and its clock runs."""
        for table in list(self.tables.values()):
            async with self.locks[table.id]:
                await self.drive(table)

    def stop(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()

    async def broadcast(self, table: Table) -> None:
        now = time.monotonic()
        for seat, sockets in self.sockets[table.id].items():
            if sockets:
                message = pages.view_message(table.view(seat, now))
                for socket in list(sockets):
                    try:
                        await socket.send_text(message)
                    except Exception:  # a socket closed under us: it is gone
                        sockets.discard(socket)

    async def handle(self, table: Table, seat: int, text: str) -> str | None:
        """One socket message of `seat`: None when it was played, else why it is refused."""
        if len(text) > MAX_MESSAGE:
            return f"a message is at most {MAX_MESSAGE} characters"
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: [[[[... nested a thousand deep
            return "a message is a JSON object"
        if not isinstance(data, dict) or data.get("type") not in ("act", "next", "away", "back"):
            return 'a message is {"type": "act", "next", "away" or "back", "move": N, ...}'
        if table.bots[seat] is not None:
            return "a bot plays this seat: its link only watches"
        async with self.locks[table.id]:
            if data["type"] in ("away", "back"):  # 托管 on or off: the same twice is no harm
                table.set_away(seat, data["type"] == "away")
                await self.drive(table)
                return None
            if data.get("round", table.round_no) != table.round_no:
                return f"stale or replayed message: the table is at round {table.round_no}"
            # A move answers the question the seat was asked; `next`, the table as it is.
            current = data.get("move") == table.move if data["type"] == "next" else True
            if not (current and table.answers(seat, data.get("move"))):
                return f"stale or replayed message: the table is at move {table.move}"
            if data["type"] == "next":
                try:
                    table.next_round()
                except IllegalAction as exc:  # the round is still played, or the match over
                    return str(exc)
                self.store.new_round(table)
            else:
                action = data.get("action")
                if not isinstance(action, dict) or action.get("seat", seat) != seat:
                    return "action: an object for your own seat"
                try:
                    table.act(seat, action_from_json({**action, "seat": seat}))
                except (ActionError, IllegalAction) as exc:
                    return str(exc)
            await self.drive(table)
        return None


async def _lobby(request: Request) -> Response:
    server: Server = request.app.state.server
    return _html(pages.lobby(server.library, BOT_KINDS))


async def _body(request: Request) -> bytes | None:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            return None
    return data


def _form_settings(body: bytes) -> dict[str, Any]:
    """A lobby form's fields as the JSON API's settings."""
    fields = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
    players = fields.get("players", "")  # (isdigit alone takes "²", which int refuses)
    count = int(players) if players.isascii() and players.isdigit() and len(players) < 3 else 4
    seats = []
    for i in range(min(count, 4)):
        bot = fields.get(f"seat{i}", "person")
        seats.append({"name": fields.get(f"name{i}", ""), "bot": None if bot == "person" else bot})
    options = {k[4:]: v for k, v in fields.items() if k.startswith("opt_")}
    return {
        "rulebook": fields.get("rulebook"),
        "options": options,
        "seats": seats,
        "clock": fields.get("clock", DEFAULT_CLOCK),
    }


async def _create(request: Request) -> Response:
    """POST /tables (the lobby's form) or /api/tables (JSON): a new table and its links."""
    server: Server = request.app.state.server
    api = request.url.path.startswith("/api/")
    body = await _body(request)
    if body is None:
        return _refuse(api, 413, f"a request body is at most {MAX_BODY} bytes")
    try:
        settings: Any = json.loads(body) if api else _form_settings(body)
    except (ValueError, RecursionError):  # RecursionError: [[[[... nested thousands deep
        return _refuse(api, 400, "the body is a JSON object")
    if not isinstance(settings, dict):
        return _refuse(api, 400, "the body is a JSON object")
    try:
        spec = TableSpec.new(
            server.library,
            settings.get("rulebook"),
            settings.get("options", {}),
            settings.get("seats"),
            seed=settings.get("seed") if api else None,
            clock=settings.get("clock", DEFAULT_CLOCK),
        )
    except SetupError as exc:
        return _refuse(api, 400, str(exc))
    table = await server.create(spec)
    # A link per person; a bot's seat has a token too, but nobody needs it.
    links = [
        {"seat": i, "name": s.name, "bot": s.bot, "token": s.token, "url": f"/play/{s.token}"}
        if s.bot is None
        else {"seat": i, "name": s.name, "bot": s.bot}
        for i, s in enumerate(spec.seats)
    ]
    if api:
        return JSONResponse({"table": table.id, "clock": spec.clock, "seats": links})
    return _html(pages.created(table, links))


def _refuse(api: bool, status: int, reason: str) -> Response:
    if api:
        return JSONResponse({"type": "refused", "reason": reason}, status_code=status)
    return _html(pages.error(reason), status)


# The pages load nothing from elsewhere and run only /static/table.js; a seat's link (its
# token) is never sent on as a referrer.
_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self'; style-src 'self'; "
    "script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
}


def _html(body: str, status: int = 200) -> Response:
    return HTMLResponse(body, status_code=status, headers=_HEADERS)


async def _play(request: Request) -> Response:
    server: Server = request.app.state.server
    found = server.find(request.path_params["token"])
    if found is None:
        return _refuse(False, 404, "no seat has this link")
    table, seat = found
    return _html(pages.table_page(table.view(seat, time.monotonic())))


async def _replay_form(request: Request) -> Response:
    return _html(pages.replay_form())


async def _replay_upload(request: Request) -> Response:
    """POST /replay: the form's `log` field (or a plain-text body, the log itself) and its
    `view`, replayed; a refusal page (400) for a log that is too long or does not replay."""
    server: Server = request.app.state.server
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > 4 * MAX_LOG:  # form encoding may triple a log's bytes
            return _refuse(False, 400, f"a game log is at most {MAX_LOG} bytes")
    view = request.query_params.get("view", "all")
    if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        fields = parse_qs(data.decode("utf-8", "replace"), max_num_fields=10)
        data = fields.get("log", [""])[-1].encode("utf-8")
        view = fields.get("view", [view])[-1]
    return _replayed(server, data, parse_view(view), None)


async def _replay_table(request: Request) -> Response:
    """GET /replay/table/{table}/{round}: a finished round of a stored table (a table's id
    is not a seat's link: it shows nothing but what the round's log holds)."""
    server: Server = request.app.state.server
    table_id, round_text = request.path_params["table_id"], request.path_params["round"]
    found = round_text.isdigit() and len(round_text) <= 6
    log = server.store.log(table_id, int(round_text)) if found else None
    if log is None:
        return _refuse(False, 404, "no finished round of a table has this address")
    view = parse_view(request.query_params.get("view", "all"))
    return _replayed(server, log.encode("utf-8"), view, request.url.path)


def _replayed(server: Server, data: bytes, view: str, base: str | None) -> Response:
    try:
        shown = replay_log(server.library, data, view)
    except ReplayError as exc:
        return _refuse(False, 400, str(exc))
    except Exception:  # a fault of ours: the server's log has it, the person a line
        _LOG.exception("a replay failed")
        return _refuse(False, 400, "the log could not be replayed")
    return _html(pages.replay_page(shown, base))


async def _tile(request: Request) -> Response:
    picture = TILES.get(request.path_params["name"])
    if picture is None:
        return Response("no such tile", status_code=404, media_type="text/plain")
    return Response(picture, media_type="image/svg+xml", headers=_CACHE)


async def _static(request: Request) -> Response:
    found = pages.STATIC.get(request.path_params["name"])
    if found is None:
        return Response("not found", status_code=404, media_type="text/plain")
    return Response(found[0], media_type=found[1], headers=_CACHE)


_CACHE = {"cache-control": "public, max-age=3600"}
TILES: Mapping[str, str] = all_tile_files()


class _Bucket:
    """A socket's allowance of messages (`RATE` a second, `BURST` at once): a flood is refused
    message by message, and a socket that keeps flooding is closed."""

    def __init__(self) -> None:
        self.level, self.when, self.refused = BURST, time.monotonic(), 0

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(BURST, self.level + (now - self.when) * RATE)
        self.when = now
        if self.level < 1:
            self.refused += 1
            return False
        self.level -= 1
        return True


async def _socket(websocket: WebSocket) -> None:
    server: Server = websocket.app.state.server
    await websocket.accept()
    found = server.find(websocket.path_params["token"])
    if found is None:
        await websocket.send_text(pages.refusal("no seat has this token"))
        await websocket.close(code=4403)
        return
    table, seat = found
    sockets = server.sockets[table.id][seat]
    sockets.add(websocket)
    bucket = _Bucket()
    try:
        await websocket.send_text(pages.view_message(table.view(seat, time.monotonic())))
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (
                    "\x00" * (MAX_MESSAGE + 1)
                    if len(message.get("bytes") or b"") > MAX_MESSAGE
                    else ""
                )
            if not bucket.take():
                if bucket.refused > 5 * BURST:
                    await websocket.close(code=4429)
                    break
                await websocket.send_text(pages.refusal("too many messages: slow down"))
                continue
            try:
                reason = await server.handle(table, seat, text)
            except Exception:  # a fault of ours: the server's log has it, the player a line
                _LOG.exception("table %s, seat %d: a message failed", table.id, seat)
                reason = "the server could not play that move"
            if reason is not None:
                await websocket.send_text(pages.refusal(reason))
    except WebSocketDisconnect:
        pass
    finally:
        sockets.discard(websocket)


def create_app(library: Library, db: str) -> Starlette:
    """The app over `library`'s rulebooks, its tables kept in the SQLite file `db`."""
    app = Starlette(
        routes=[
            Route("/", _lobby),
            Route("/tables", _create, methods=["POST"]),
            Route("/api/tables", _create, methods=["POST"]),
            Route("/play/{token}", _play),
            Route("/replay", _replay_form),
            Route("/replay", _replay_upload, methods=["POST"]),
            Route("/replay/table/{table_id}/{round}", _replay_table),
            Route("/tiles/{name}", _tile),
            Route("/static/{name}", _static),
            WebSocketRoute("/ws/{token}", _socket),
        ],
        lifespan=_lifespan,
    )
    app.state.server = Server(library, Store(db))
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    server: Server = app.state.server
    await server.start()
    try:
        yield
    finally:
        server.stop()


def run(rulebook: str | None, host: str, port: int, db: str) -> int:
    """`mjc serve`: load the rulebooks, open `db` and serve until interrupted."""
    import uvicorn  # imported here: building the app (tests) needs no server

    library = Library(rulebook)
    for name in library.broken:
        print(f"mjc serve: {name} does not compile (mjc check {name}); left out")
    app = create_app(library, db)
    server: Server = app.state.server
    for problem in server.store.broken:
        print(f"mjc serve: a table does not resume: {problem}")
    print(f"mjc serve: {len(server.tables)} tables; the lobby is at http://{host}:{port}/")
    # ws_max_size: a socket message over a few kilobytes is refused before it is read whole.
    uvicorn.run(app, host=host, port=port, ws_max_size=8 * MAX_MESSAGE, log_level="warning")
    return 0
