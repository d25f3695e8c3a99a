"""mkdocs hooks for the docs site (loaded by path from the mkdocs config, never imported by mjc).

Input is the mkdocs config, the generated pages that `mjc.compiler.site.build` wrote into
`docs/generated/`, and the `MJC_DOCS_RULEBOOKS` variable `mjc docs` sets (`site.RULEBOOKS_ENV`:
where the site's rulebooks are) and `MJC_DOCS_BALANCE_GAMES` (`sitebalance.GAMES_ENV`: the
games of their balance pages). mkdocs reads the config and runs `on_config` on every build,
the first and each rebuild of `mjc docs --serve`, so the hook:

- compiles the rulebooks again and rewrites their pages (`site.regenerate`) when mjc says
  where they are, and adds their folder to what `mkdocs serve` watches: an edited rulebook
  rebuilds its page without a restart (a plain `mkdocs build` leaves the pages as they are);
- lists every rulebook page in the navigation under "Rulebooks", after the section's index
  page, each followed by its balance page when it has one, so no config names a rulebook and
  a new rulebook appears without editing it;
- links each rulebook page to its balance page, under its title (here and not in the page
  `mjc build` writes: `mjc build` makes no balance pages, `mjc docs` does);
- links the repository (`repo_url`) from pyproject.toml's [project.urls], the one place its
  address is written, unless the config names one of its own.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

try:  # jieba, the search's Chinese word cutter, says on stderr how it loaded its dictionary
    import jieba  # type: ignore[import-untyped]

    jieba.setLogLevel(logging.WARNING)
except ImportError:  # then the theme's search does not cut Chinese into words
    pass

SECTION = "Rulebooks"
FOLDER = "generated/rulebooks"


BALANCE = "-balance.md"  # a rulebook's balance page beside its page (`sitebalance`)


def rulebook_pages(docs_dir: Path) -> list[str]:
    """The generated rulebook pages, as nav paths, in name order (not the section index nor
    the balance pages: an id has no `-`, so no rulebook page ends like one)."""
    folder = docs_dir / FOLDER
    if not folder.is_dir():
        return []
    return [
        f"{FOLDER}/{page.name}"
        for page in sorted(folder.glob("*.md"))
        if page.name != "index.md" and not page.name.endswith(BALANCE)
    ]


def balance_page(docs_dir: Path, page: str) -> str | None:
    """The balance page of a rulebook page (a nav path), when there is one."""
    balance = page.removesuffix(".md") + BALANCE
    return balance if (docs_dir / balance).is_file() else None


def rebuild_pages(config: MkDocsConfig) -> None:
    """Rewrite the generated pages from the rulebooks `mjc docs` named, and watch them."""
    from mjc.compiler.site.build import (
        GAMES_ENV,
        RULEBOOKS_ENV,
        SiteError,
        regenerate,
        watched_folder,
    )

    source = os.environ.get(RULEBOOKS_ENV)
    if not source:
        return
    games = os.environ.get(GAMES_ENV, "0")
    try:
        regenerate(Path(config.docs_dir), source, int(games) if games.isdigit() else 0)
    except SiteError as exc:  # the server keeps the last pages and says why
        raise PluginError(f"mjc: {exc}") from None
    watched = str(watched_folder(source))
    if watched not in config.watch:
        config.watch.append(watched)


def _list_rulebook_pages(config: MkDocsConfig) -> None:
    nav = config.nav
    if not isinstance(nav, list):
        return
    for item in nav:
        if isinstance(item, dict) and isinstance(item.get(SECTION), list):
            section: list[Any] = item[SECTION]
            listed = {entry for entry in section if isinstance(entry, str)}
            docs_dir = Path(config.docs_dir)
            pages: list[str] = []
            for page in rulebook_pages(docs_dir):
                balance = balance_page(docs_dir, page)
                pages += [p for p in (page, balance) if p is not None and p not in listed]
            at = 1 if section and section[0] == f"{FOLDER}/index.md" else 0
            section[at:at] = pages


def _link_repository(config: MkDocsConfig) -> None:
    from mjc.compiler.version import repository_url

    if not config.repo_url:
        config.repo_url = repository_url() or None
        config.repo_name = "mjc" if config.repo_url else None


def link_balance(markdown: str, page: str, docs_dir: Path) -> str:
    """A rulebook page's Markdown with the link to its balance page under its title."""
    from mjc.compiler.site.balance import balance_link

    folder, _, name = page.rpartition("/")
    if folder != FOLDER or name == "index.md" or balance_page(docs_dir, page) is None:
        return markdown
    lines = markdown.split("\n")
    title = next((n for n, line in enumerate(lines) if line.startswith("# ")), None)
    if title is None:
        return markdown
    lines[title + 1 : title + 1] = ["", str(balance_link(name.removesuffix(".md"))), ""]
    return "\n".join(lines)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, **kwargs: Any) -> str:
    return link_balance(markdown, page.file.src_uri, Path(config.docs_dir))


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    rebuild_pages(config)
    _list_rulebook_pages(config)
    _link_repository(config)
    return config
