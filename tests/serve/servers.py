"""Real `mjc serve` servers for the tests that speak HTTP and WebSocket over loopback (the
browser tests, the load test): uvicorn over the app in a thread of the test's process
(`serve_in_thread`, whose tables the test may look at), or in a process of its own
(`ServerProcess`) that a test can kill outright and start again on the same SQLite file.

The process's listening socket is the test's: made once, handed to each process started
(`pass_fds`), it stays open while no process serves, so a browser reconnecting in between
waits in its backlog rather than being refused, and every process listens on the same port.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

import httpx
import uvicorn
from starlette.applications import Starlette

ROOT = Path(__file__).parents[2]
WS_MAX_SIZE = 16_384  # as `mjc serve` runs uvicorn: 8 × MAX_MESSAGE

# The server process: the app over the Guangdong rulebook and the SQLite file argv[1],
# served on the listening socket whose descriptor is argv[2].
_CHILD = f"""
import socket, sys, uvicorn
from mjc.compiler.serve.app import create_app
from mjc.compiler.serve.tables import Library
listener = socket.socket(fileno=int(sys.argv[2]))
app = create_app(Library(names=["guangdong"]), sys.argv[1])
config = uvicorn.Config(app, log_level="warning", ws_max_size={WS_MAX_SIZE})
uvicorn.Server(config).run(sockets=[listener])
"""


def _listener() -> socket.socket:
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    return listener


@contextmanager
def serve_in_thread(app: Starlette) -> Iterator[str]:
    """uvicorn over `app` in a thread, on a free port of loopback: its base URL."""
    listener = _listener()
    config = uvicorn.Config(app, log_level="warning", ws_max_size=WS_MAX_SIZE)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listener.close()


class ServerProcess:
    """`mjc serve`'s app in a process of its own over the SQLite file `db`, on one port for
    its whole life (see the module docstring); `start` waits until it answers."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db, self.log = db, log
        self.listener = _listener()
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, db: Path | None = None, timeout: float = 60.0) -> None:
        """A new process (over `db` instead, when given); returns once the lobby answers."""
        assert self.process is None, "a server process is running already"
        fd = self.listener.fileno()
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        }
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _CHILD, str(db or self.db), str(fd)],
                pass_fds=[fd],
                env=env,
                stdout=log,
                stderr=log,
            )
        # The listening socket queues the request until the process accepts it.
        try:
            response = httpx.get(self.url + "/", timeout=timeout)
        except httpx.HTTPError as exc:
            raise AssertionError(f"the server did not start: {self.output()}") from exc
        assert response.status_code == 200, self.output()

    def kill(self) -> None:
        """Kill the process outright (SIGKILL: nothing of it runs after this)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
        self.listener.close()
