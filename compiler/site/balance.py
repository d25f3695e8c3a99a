"""The balance pages of the docs site: each rulebook's defaults simulated by the docs build.

Input is the site's rulebooks, each with its IR and the ruleset of its generated module (as
`mjc.compiler.site.build` compiled them), and how many games to play. Output is the files of
`mjc.compiler.site.simpage.balance_files` (`rulebooks/ID-balance.md` beside the rulebook's page,
its SVG charts in `rulebooks/balance/`) by path below `docs/generated/`. Every game is seeded
from `BALANCE_SEED` and its index, so the pages are the same on every build.

`mjc docs` simulates every time it starts; mkdocs then runs the hooks, which rewrite the
pages again (and do so on every rebuild of `mjc docs --serve`): with `reuse`, a page whose
inputs are unchanged (the rulebook's IR, the games, the seed, the bots, mjc's version: its
`key`, written at its end) is kept as it is, so only an edited rulebook is played again.

The pages are not part of `mjc build` (nor of `mjc build --check`): they are a measurement
of the game engine and its bots playing the rulebook, seconds of play each, not a
translation of its text; the hooks link them from the rulebook pages (`balance_link`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md
from mjc.compiler.ir.jsonio import to_json
from mjc.compiler.version import MJC_VERSION
from mjc.runtime import Ruleset

__all__ = [
    "BALANCE_GAMES",
    "BALANCE_SEED",
    "GAMES_ENV",
    "balance_link",
    "balance_path",
    "balance_site_files",
    "page_key",
]

BALANCE_GAMES = 120
"""Games per rulebook on the docs' balance pages, played by greedy bots (some 40 rounds a
second): all bundled rulebooks together in some twenty seconds on one core, once per
rulebook change (the pages are cached by `page_key`; `mjc docs --games N` plays more, 0
none)."""

BALANCE_SEED = 1

GAMES_ENV = "MJC_DOCS_BALANCE_GAMES"
"""Set by `mjc docs` for mkdocs: the games of the balance pages, which the hooks rewrite.
Unset, the hooks write none."""

_KEY_MARK = "<!-- mjc docs balance page, inputs "


def balance_path(rulebook_id: str) -> str:
    """The balance page of a rulebook, below `docs/generated/` (`simpage.balance_files`)."""
    return f"rulebooks/{rulebook_id}-balance.md"


def page_key(book: ir.Rulebook, games: int, seed: int) -> str:
    """What a balance page was simulated from, as one hash: the rulebook's IR, the games,
    the seed, the bots and mjc's version."""
    from mjc.compiler.site.simpage import BALANCE_BOTS

    digest = hashlib.sha256(to_json(book).encode("utf-8"))
    digest.update(f"|{games}|{seed}|{','.join(BALANCE_BOTS)}|{MJC_VERSION}".encode())
    return digest.hexdigest()[:32]


def _kept(root: Path, book: ir.Rulebook, key: str) -> dict[str, str] | None:
    """The files of `book`'s balance page already under `root`, when its key is `key`."""
    page = root / balance_path(book.id)
    try:
        text = page.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not text.endswith(f"{_KEY_MARK}{key} -->\n"):
        return None
    files = {balance_path(book.id): text}
    for name in _CHARTS:
        chart = f"rulebooks/balance/{book.id}-{name}"
        if f"](balance/{book.id}-{name})" not in text:
            continue  # drawn without matplotlib: the page shows no charts
        try:
            files[chart] = (root / chart).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
    return files


_CHARTS = ("fans.svg", "values.svg", "seats.svg")


def balance_site_files(
    books: Sequence[tuple[ir.Rulebook, Ruleset]],
    games: int,
    seed: int = BALANCE_SEED,
    reuse: Path | None = None,
) -> dict[str, str]:
    """The balance pages and charts of `books`, `games` games each (none for 0); with
    `reuse` (the `docs/generated` folder), a page already there with the same key is kept
    instead of played again. Raises `UsageError` without the game engine, `SimulationError`
    or `ValueError` when a run cannot go on."""
    from mjc.compiler.site.simpage import balance_files

    files: dict[str, str] = {}
    if games < 1:
        return files
    for book, ruleset in books:
        key = page_key(book, games, seed)
        kept = _kept(reuse, book, key) if reuse is not None else None
        if kept is not None:
            files |= kept
            continue
        made = balance_files([ruleset], games, seed)
        made[balance_path(book.id)] += f"\n{_KEY_MARK}{key} -->\n"
        files |= made
    return files


def balance_link(rulebook_id: str) -> Md:
    """The line the hooks put under a rulebook page's title: a link to its balance page (an
    id is a NAME of the grammar: letters, digits and `_`, nothing Markdown reads)."""
    return Md(
        "**Balance:** [how its defaults play]({}-balance.md), simulated with greedy bots: "
        "how rounds end, the value of a win, how often each fan counts, gains by seat."
    ).format(Md(rulebook_id))
