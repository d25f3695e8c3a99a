"""`mjc serve`: tables of mahjong in the browser, for people and bots (the `mjc[serve]` extra).

`tables` holds a table's match, seats and moves (the game engine of `mjc.runtime.game` decides
what is legal), `store` writes every move to SQLite and resumes the tables after a restart,
`pages` renders the HTML (Jinja2, autoescaped) and `app` is the Starlette app: the lobby, the
table pages and one WebSocket per seat. `mjc.compiler.cli` starts it (`mjc serve`); nothing
else imports it.
"""

from __future__ import annotations

__all__: list[str] = []
