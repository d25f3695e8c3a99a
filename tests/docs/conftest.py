"""Fixtures of the docs tests: the site, built once per session with `mkdocs build --strict`
into a temporary folder (the generated pages go where `mjc docs` writes them:
docs/generated/, which git ignores), with balance pages of a few games each (`BALANCE_GAMES`
here: the build's own default plays more)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
BALANCE_GAMES = 30


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from mjc.compiler.site.build import build_site

    result = build_site(CONFIG, tmp_path_factory.mktemp("site"), quiet=True, games=BALANCE_GAMES)
    assert result.site is not None
    return result.site


@pytest.fixture(scope="session")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[object]]:
    """The site built from rulebooks with HTML and Markdown payloads in every string (see
    `hostile`), and those rulebooks."""
    from .hostile import build_hostile_site, hostile_books

    books = hostile_books()
    return build_hostile_site(tmp_path_factory.mktemp("hostile"), books), list(books)
