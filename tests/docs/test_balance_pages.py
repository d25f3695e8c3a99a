"""The docs' balance pages (`mjc.compiler.site.balance`): `mjc docs` simulates each rulebook's
defaults and puts the page, with its charts, beside the rulebook's page, in the navigation
and linked from it; the pages are the same on every build, a rebuild replays only what
changed, and `mjc build` (so `mjc build --check`) makes none."""

from __future__ import annotations

import argparse
import dataclasses
from functools import cache
from pathlib import Path

import pytest

from mjc.compiler import ir
from mjc.compiler.cli.commands import main
from mjc.compiler.loader import bundled_rulebooks, load
from mjc.compiler.site import mkdocs_hooks, simpage
from mjc.compiler.site.balance import (
    BALANCE_GAMES,
    balance_link,
    balance_path,
    balance_site_files,
    page_key,
)
from mjc.compiler.site.build import site_files
from mjc.runtime import Ruleset

from .conftest import BALANCE_GAMES as SITE_GAMES

CHARTS = ("fans.svg", "values.svg", "seats.svg")


@cache
def _guangdong() -> tuple[ir.Rulebook, Ruleset]:
    loaded = load("guangdong")
    assert loaded.compilation.rulebook is not None and loaded.ruleset is not None
    return loaded.compilation.rulebook, loaded.ruleset


def test_every_bundled_rulebook_has_a_balance_page_with_its_charts_in_the_nav(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    for name in bundled_rulebooks():
        page = site / "generated" / "rulebooks" / f"{name}-balance" / "index.html"
        assert page.is_file(), name
        assert f"generated/rulebooks/{name}-balance/" in home, f"{name}'s balance is not in the nav"
        shown = page.read_text(encoding="utf-8")
        for chart in CHARTS:
            assert (site / "generated" / "rulebooks" / "balance" / f"{name}-{chart}").is_file()
            assert f'src="../balance/{name}-{chart}"' in shown, (name, chart)


def test_each_rulebook_page_links_its_balance_page(site: Path) -> None:
    for name in bundled_rulebooks():
        page = (site / "generated" / "rulebooks" / name / "index.html").read_text("utf-8")
        assert f'<a href="../{name}-balance/">how its defaults play</a>' in page, name


def test_the_balance_page_reports_the_games_the_docs_build_played(site: Path) -> None:
    page = site / "generated" / "rulebooks" / "guangdong-balance" / "index.html"
    shown = page.read_text(encoding="utf-8")
    assert f"<code>guangdong</code> (广东鸡平胡) 1.0: {SITE_GAMES} games (one round each)" in shown


def test_a_balance_page_is_the_same_on_every_build() -> None:
    book, ruleset = _guangdong()
    first = balance_site_files([(book, ruleset)], 12)
    assert set(first) == {balance_path("guangdong")} | {
        f"rulebooks/balance/guangdong-{chart}" for chart in CHARTS
    }
    assert balance_site_files([(book, ruleset)], 12) == first


def _write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")


def _no_play(*args: object) -> dict[str, str]:
    raise AssertionError("played again")


def test_a_rebuild_keeps_a_balance_page_made_from_the_same_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book, ruleset = _guangdong()
    files = balance_site_files([(book, ruleset)], 12)
    _write(tmp_path, files)
    monkeypatch.setattr(simpage, "balance_files", _no_play)
    assert balance_site_files([(book, ruleset)], 12, reuse=tmp_path) == files


def test_a_rebuild_plays_again_when_the_rulebook_or_the_games_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book, ruleset = _guangdong()
    _write(tmp_path, balance_site_files([(book, ruleset)], 12))
    edited = dataclasses.replace(book, title="改过的广东")
    assert page_key(edited, 12, 1) != page_key(book, 12, 1)
    assert page_key(book, 13, 1) != page_key(book, 12, 1)
    monkeypatch.setattr(simpage, "balance_files", _no_play)
    for changed, games in ((edited, 12), (book, 13)):
        with pytest.raises(AssertionError, match="played again"):
            balance_site_files([(changed, ruleset)], games, reuse=tmp_path)


def test_a_rebuild_plays_again_when_a_chart_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book, ruleset = _guangdong()
    _write(tmp_path, balance_site_files([(book, ruleset)], 12))
    (tmp_path / "rulebooks" / "balance" / "guangdong-fans.svg").unlink()
    monkeypatch.setattr(simpage, "balance_files", _no_play)
    with pytest.raises(AssertionError, match="played again"):
        balance_site_files([(book, ruleset)], 12, reuse=tmp_path)


def test_no_games_make_no_balance_pages() -> None:
    assert balance_site_files([_guangdong()], 0) == {}


def test_mjc_build_makes_no_balance_page_so_build_check_plays_no_games() -> None:
    # `mjc build` and `mjc build --check` write and compare `site_files`; the balance pages
    # and the link to them are `mjc docs`'s (the hooks add the link), so the committed
    # pages of `mjc build` do not go stale when the engine or its bots change.
    book, _ = _guangdong()
    files = site_files([book], argparse.ArgumentParser())
    assert not [path for path in files if "balance" in path]
    assert "-balance.md" not in files["rulebooks/guangdong.md"]


def test_the_hooks_link_a_rulebook_page_to_its_balance_page_under_its_title(
    tmp_path: Path,
) -> None:
    page = "generated/rulebooks/guangdong.md"
    markdown = "---\ntitle: x\n---\n\n# 广东 — Guangdong\n\nRulebook `guangdong`.\n"
    assert mkdocs_hooks.link_balance(markdown, page, tmp_path) == markdown, "no balance page"
    balance = tmp_path / "generated" / "rulebooks" / "guangdong-balance.md"
    balance.parent.mkdir(parents=True)
    balance.write_text("# Balance of 广东\n", encoding="utf-8")
    linked = mkdocs_hooks.link_balance(markdown, page, tmp_path).split("\n")
    title = linked.index("# 广东 — Guangdong")
    assert linked[title + 2] == str(balance_link("guangdong"))


def test_the_nav_lists_each_balance_page_after_its_rulebook_page(tmp_path: Path) -> None:
    folder = tmp_path / "generated" / "rulebooks"
    folder.mkdir(parents=True)
    for name in ("a.md", "a-balance.md", "b.md", "index.md"):
        (folder / name).write_text("# x\n", encoding="utf-8")
    assert mkdocs_hooks.rulebook_pages(tmp_path) == [
        "generated/rulebooks/a.md",
        "generated/rulebooks/b.md",
    ]
    assert mkdocs_hooks.balance_page(tmp_path, "generated/rulebooks/a.md") == (
        "generated/rulebooks/a-balance.md"
    )
    assert mkdocs_hooks.balance_page(tmp_path, "generated/rulebooks/b.md") is None


def test_docs_games_below_zero_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "--games", "-1"]) == 2
    assert "--games must be 0 or more" in capsys.readouterr().err


def test_the_help_of_docs_games_names_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["docs", "--help"])
    assert f"(default {BALANCE_GAMES};" in " ".join(capsys.readouterr().out.split())
