"""mkdocs hooks for the docs site (loaded by path from the mkdocs config, never imported by mjc).

Input is the mkdocs config, the generated pages that `mjc.compiler.site` wrote into
`docs/generated/`, and the `MJC_DOCS_RULEBOOKS` variable `mjc docs` sets (`site.RULEBOOKS_ENV`:
where the site's rulebooks are). mkdocs reads the config and runs `on_config` on every build,
the first and each rebuild of `mjc docs --serve`, so the hook:

- compiles the rulebooks again and rewrites their pages (`site.regenerate`) when mjc says
  where they are, and adds their folder to what `mkdocs serve` watches: an edited rulebook
  rebuilds its page without a restart (a plain `mkdocs build` leaves the pages as they are);
- lists every rulebook page in the navigation under "Rulebooks", after the section's index
  page, so no config names a rulebook and a new rulebook appears without editing it;
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

try:  # jieba, the search's Chinese word cutter, says on stderr how it loaded its dictionary
    import jieba  # type: ignore[import-untyped]

    jieba.setLogLevel(logging.WARNING)
except ImportError:  # then the theme's search does not cut Chinese into words
    pass

SECTION = "Rulebooks"
FOLDER = "generated/rulebooks"


def rulebook_pages(docs_dir: Path) -> list[str]:
    """The generated rulebook pages, as nav paths, in name order (not the section index)."""
    folder = docs_dir / FOLDER
    if not folder.is_dir():
        return []
    return [
        f"{FOLDER}/{page.name}" for page in sorted(folder.glob("*.md")) if page.name != "index.md"
    ]


def rebuild_pages(config: MkDocsConfig) -> None:
    """Rewrite the generated pages from the rulebooks `mjc docs` named, and watch them."""
    from mjc.compiler.site import RULEBOOKS_ENV, SiteError, regenerate, watched_folder

    source = os.environ.get(RULEBOOKS_ENV)
    if not source:
        return
    try:
        regenerate(Path(config.docs_dir), source)
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
            pages = [p for p in rulebook_pages(Path(config.docs_dir)) if p not in listed]
            at = 1 if section and section[0] == f"{FOLDER}/index.md" else 0
            section[at:at] = pages


def _link_repository(config: MkDocsConfig) -> None:
    from mjc.compiler.version import repository_url

    if not config.repo_url:
        config.repo_url = repository_url() or None
        config.repo_name = "mjc" if config.repo_url else None


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    rebuild_pages(config)
    _list_rulebook_pages(config)
    _link_repository(config)
    return config
