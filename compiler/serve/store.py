"""Where `mjc serve` keeps its tables: one SQLite file (WAL mode), written as moves are made.

Input: the tables of `mjc.compiler.serve.app` as they change (`create`, `record` after each
move, `new_round`), and at start-up the file itself, which `resume` reads back: each table's
settings (`TableSpec`, its seed included) and every move of every round, played again through
the engine, so that a restarted server holds each table at the move it had reached. A round's
game log (`mjc.runtime.game.gamelog`, the lines `mjc replay` reads) is stored when the round
ends. The file is the server's own, but a move read back is still checked by the engine: a
table whose moves do not replay is left out and named in `Store.broken`, never half-restored.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator

from mjc.compiler.serve.tables import Library, SetupError, Table, TableSpec
from mjc.runtime.game.actions import Action, ActionError, IllegalAction, action_from_json
from mjc.runtime.game.gamelog import log_lines

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS rounds (
    table_id TEXT NOT NULL, round INTEGER NOT NULL, log TEXT,
    PRIMARY KEY (table_id, round)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, round INTEGER NOT NULL, move INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (table_id, round, move)
);
"""


class Store:
    """The SQLite file `path` (":memory:" for none); see the module docstring."""

    def __init__(self, path: str) -> None:
        # One connection, used from the server's one event loop thread (and the test's).
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a crash loses no committed move
        self.db.executescript(_SCHEMA)
        self.broken: list[str] = []

    def close(self) -> None:
        self.db.close()

    def create(self, table: Table) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables VALUES (?, ?, ?)",
                (table.id, json.dumps(table.spec.to_json(), ensure_ascii=False), time.time()),
            )
            self.db.execute("INSERT INTO rounds VALUES (?, 0, NULL)", (table.id,))

    def record(self, table: Table, action: Action) -> None:
        """A move just made (the table's `on_move`): its action, and the round's log at its
        end."""
        text = json.dumps(action.to_json(), separators=(",", ":"))
        self.db.execute(
            "INSERT INTO moves VALUES (?, ?, ?, ?)", (table.id, table.round_no, table.move, text)
        )
        if table.game.over:
            log = "\n".join(log_lines(table.game)) + "\n"
            self.db.execute(
                "UPDATE rounds SET log = ? WHERE table_id = ? AND round = ?",
                (log, table.id, table.round_no),
            )

    def new_round(self, table: Table) -> None:
        self.db.execute("INSERT INTO rounds VALUES (?, ?, NULL)", (table.id, table.round_no))

    def log(self, table_id: str, round_no: int) -> str | None:
        """The game log of a finished round (None while it is played, or no such round)."""
        row = self.db.execute(
            "SELECT log FROM rounds WHERE table_id = ? AND round = ?", (table_id, round_no)
        ).fetchone()
        return None if row is None else row[0]

    def resume(self, library: Library) -> Iterator[Table]:
        """Every stored table, played again to the move it had reached."""
        rows = self.db.execute("SELECT id, spec FROM tables ORDER BY created").fetchall()
        for table_id, spec_text in rows:
            try:
                yield self._replayed(library, table_id, spec_text)
            except (SetupError, ActionError, IllegalAction, ValueError, KeyError) as exc:
                self.broken.append(f"{table_id}: {exc}")

    def _replayed(self, library: Library, table_id: str, spec_text: str) -> Table:
        spec = TableSpec.from_json(json.loads(spec_text))
        table = Table.start(table_id, spec, library.get(spec.rulebook))
        rounds = self.db.execute(
            "SELECT round FROM rounds WHERE table_id = ? ORDER BY round", (table_id,)
        ).fetchall()
        for (round_no,) in rounds:
            if round_no > 0:
                table.next_round()
            moves = self.db.execute(
                "SELECT move, action FROM moves WHERE table_id = ? AND round = ? ORDER BY move",
                (table_id, round_no),
            ).fetchall()
            for move, text in moves:
                if move != table.move + 1:
                    raise ValueError(f"round {round_no}: move {table.move + 1} is missing")
                action = action_from_json(json.loads(text))
                table.act(action.seat, action)
        return table
