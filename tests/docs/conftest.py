"""Fixtures of the docs tests: the site, built once per session with `mkdocs build --strict`
into a temporary folder (the generated pages go where `mjc docs` writes them:
docs/generated/, which git ignores), with balance pages of a few games each (`BALANCE_GAMES`
here: the build's own default plays more).

Each site is built once per test run even on several workers (`_once`): pytest-xdist gives
every worker its own session fixtures, and the tests that read a site are spread over them."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
BALANCE_GAMES = 12


def _once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], Path]) -> Path:
    """What `build(folder)` returns, built by whichever worker of the run asks first; the
    others wait for it, then read it. A second build of the site would cost a minute of the
    other core, and both would write docs/generated/ at once."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's own folder, above each worker's
    built = root / f"{name}.built"  # the path `build` returned, once it has
    with FileLock(root / f"{name}.lock"):
        if not built.is_file():
            folder = root / name
            folder.mkdir(exist_ok=True)  # left by a worker whose build failed
            built.write_text(str(build(folder)), encoding="utf-8")
        return Path(built.read_text(encoding="utf-8"))


def _build_site(folder: Path) -> Path:
    from mjc.compiler.site.build import build_site

    result = build_site(CONFIG, folder, quiet=True, games=BALANCE_GAMES)
    assert result.site is not None
    return result.site


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _once(tmp_path_factory, "site", _build_site)


@pytest.fixture(scope="session")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[object]]:
    """The site built from rulebooks with HTML and Markdown payloads in every string (see
    `hostile`), and those rulebooks."""
    from .hostile import build_hostile_site, hostile_books

    books = hostile_books()
    return _once(tmp_path_factory, "hostile", lambda f: build_hostile_site(f, books)), list(books)
