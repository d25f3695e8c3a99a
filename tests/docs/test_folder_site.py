"""`mjc docs` for a designer's folder of rulebooks, anywhere on disk, and `mjc docs --serve`
keeping up with an edited rulebook: the hooks that mkdocs runs on every build (and every
rebuild of `mkdocs serve`) rewrite the changed pages and watch the rulebooks' folder."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from mkdocs.config.defaults import MkDocsConfig

from mjc.compiler.cli.commands import main
from mjc.compiler.site import mkdocs_hooks
from mjc.compiler.site.build import GENERATED, RULEBOOKS_ENV, SiteError, regenerate

TITLE = 'title "my_variant"'


def _folder(root: Path) -> Path:
    """A rulebook repository: a variant of guangdong, and a variant of it in a subfolder."""
    folder = root / "rules"
    (folder / "regional").mkdir(parents=True)
    variant, child = folder / "my_variant.mjr", folder / "regional" / "child.mjr"
    assert main(["new", "my_variant", "--from", "guangdong", "-o", str(variant)]) == 0
    assert main(["new", "child", "--from", str(variant), "-o", str(child)]) == 0
    return folder


def _retitle(rulebook: Path, title: str) -> None:
    text = rulebook.read_text(encoding="utf-8")
    assert TITLE in text
    rulebook.write_text(text.replace(TITLE, f'title "{title}"'), encoding="utf-8")


def test_mjc_docs_in_a_folder_of_rulebooks_builds_their_site_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path)
    monkeypatch.chdir(folder)
    assert main(["docs", "--games", "5"]) == 0
    site = folder / "site"
    assert f"built the site: {site}" in capsys.readouterr().out
    pages = site / GENERATED / "rulebooks"
    for name in ("my_variant", "child"):
        assert (pages / name / "index.html").is_file(), name
        assert (pages / f"{name}-balance" / "index.html").is_file(), name
    # The parent each variant extends has its page too, so the link to it goes somewhere.
    assert (pages / "guangdong" / "index.html").is_file()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "generated/rulebooks/my_variant/" in home and "generated/rulebooks/child/" in home
    # Only the rulebooks' pages and the references: not the mjc site's hand-written pages.
    assert not (site / "language").exists()
    assert (site / GENERATED / "reference" / "tiles" / "index.html").is_file()


def test_mjc_docs_folder_builds_the_site_of_a_folder_named_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["docs", "rules", "-o", str(tmp_path / "out"), "--games", "0"]) == 0
    assert (tmp_path / "out" / GENERATED / "rulebooks" / "child" / "index.html").is_file()
    assert not (folder / "site").exists()


def test_mjc_docs_where_there_is_nothing_to_build_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["docs"]) == 2
    assert "no mkdocs.yml here and no rulebooks" in capsys.readouterr().err


def test_a_folder_rulebook_that_does_not_compile_fails_the_docs_with_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path)
    (folder / "broken.mjr").write_text("rulebook broken {\n", encoding="utf-8")
    assert main(["docs", str(folder)]) == 1
    assert "broken.mjr" in capsys.readouterr().err


def test_regenerate_rewrites_the_page_of_an_edited_rulebook(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    docs = tmp_path / "docs"
    regenerate(docs, str(folder))
    page = docs / GENERATED / "rulebooks" / "my_variant.md"
    assert 'title: "my_variant"' in page.read_text(encoding="utf-8")
    _retitle(folder / "my_variant.mjr", "我的变体")
    written = regenerate(docs, str(folder))
    assert page in written
    assert 'title: "我的变体"' in page.read_text(encoding="utf-8")
    assert regenerate(docs, str(folder)) == [], "nothing changed, nothing rewritten"


def _config(tmp_path: Path) -> MkDocsConfig:
    config = MkDocsConfig()
    config.load_dict({"site_name": "test", "docs_dir": str(tmp_path / "docs")})
    (tmp_path / "docs").mkdir(exist_ok=True)
    errors, _ = config.validate()
    assert not errors, errors
    return config


def test_every_build_of_mkdocs_rebuilds_the_pages_and_watches_the_rulebooks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mkdocs serve reloads the config and runs on_config for every rebuild it makes.
    folder = _folder(tmp_path)
    monkeypatch.setenv(RULEBOOKS_ENV, str(folder))
    page = tmp_path / "docs" / GENERATED / "rulebooks" / "my_variant.md"
    config = _config(tmp_path)
    mkdocs_hooks.on_config(config)
    assert str(folder) in config.watch
    assert 'title: "my_variant"' in page.read_text(encoding="utf-8")
    _retitle(folder / "my_variant.mjr", "重建")
    mkdocs_hooks.on_config(_config(tmp_path))
    assert 'title: "重建"' in page.read_text(encoding="utf-8")


def test_a_rebuild_with_a_broken_rulebook_fails_with_its_name_and_keeps_the_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mkdocs.exceptions import PluginError

    folder = _folder(tmp_path)
    monkeypatch.setenv(RULEBOOKS_ENV, str(folder))
    mkdocs_hooks.on_config(_config(tmp_path))
    page = tmp_path / "docs" / GENERATED / "rulebooks" / "my_variant.md"
    before = page.read_text(encoding="utf-8")
    (folder / "my_variant.mjr").write_text("rulebook my_variant {\n", encoding="utf-8")
    with pytest.raises(PluginError, match=r"my_variant\.mjr"):
        mkdocs_hooks.on_config(_config(tmp_path))
    assert page.read_text(encoding="utf-8") == before


def test_a_plain_mkdocs_build_leaves_the_pages_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(RULEBOOKS_ENV, raising=False)
    config = _config(tmp_path)
    mkdocs_hooks.on_config(config)
    assert not (tmp_path / "docs" / GENERATED).exists()
    assert config.watch == []


def test_two_rulebooks_with_one_id_are_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "again.mjr").write_bytes((folder / "my_variant.mjr").read_bytes())
    with pytest.raises(SiteError, match="two rulebooks have the id my_variant"):
        regenerate(tmp_path / "docs", str(folder))


# ----------------------------------------------------------------------- a real server


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _until(found: Callable[[], str | None], seconds: float, what: str) -> str:
    """Poll `found` (bounded in time: a loaded machine builds slowly) until it says yes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = found()
        if answer is not None:
            return answer
        time.sleep(0.5)
    raise AssertionError(f"gave up waiting for {what}")


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


@contextlib.contextmanager
def _serving(folder: Path, port: int, log: Path) -> Iterator[None]:
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "mjc.compiler.cli", "docs", "--serve", str(folder),
             "--games", "5", "--address", f"127.0.0.1:{port}"],
            stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            yield
        finally:
            os.killpg(server.pid, signal.SIGTERM)  # the server and mkdocs, which it started
            server.wait(timeout=30)


def test_mjc_docs_serve_shows_an_edited_rulebook_without_a_restart(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/{GENERATED}/rulebooks/my_variant/"
    log = tmp_path / "serve.log"
    with _serving(folder, port, log):
        try:
            first = _until(lambda: _fetch(url), 180, "the first build")
            assert "<title>my_variant" in first
            _retitle(folder / "my_variant.mjr", "改过的变体")
            _until(
                lambda: "改过的变体" if "改过的变体" in (_fetch(url) or "") else None,
                180,
                "the rebuilt page",
            )
        except AssertionError:
            print(log.read_text(encoding="utf-8")[-3000:])
            raise
