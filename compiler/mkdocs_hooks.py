"""mkdocs hooks for the docs site (loaded by path from `mkdocs.yml`, never imported by mjc).

Input is the mkdocs config and the generated pages that `mjc.compiler.site` wrote into
`docs/generated/rulebooks/`. The hook lists every rulebook page in the navigation under
"Rulebooks", after the section's index page, so `mkdocs.yml` never names a rulebook and a new
rulebook appears in the site without editing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

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


def on_config(config: MkDocsConfig, **kwargs: Any) -> MkDocsConfig:
    nav = config.nav
    if not isinstance(nav, list):
        return config
    for item in nav:
        if isinstance(item, dict) and isinstance(item.get(SECTION), list):
            section: list[Any] = item[SECTION]
            listed = {entry for entry in section if isinstance(entry, str)}
            pages = [p for p in rulebook_pages(Path(config.docs_dir)) if p not in listed]
            at = 1 if section and section[0] == f"{FOLDER}/index.md" else 0
            section[at:at] = pages
    return config
