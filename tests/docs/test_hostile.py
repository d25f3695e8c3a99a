"""No rulebook string becomes markup: a site built from rulebooks with HTML and Markdown
payloads in every string slot (and in their file names) holds no element, attribute or link
from them, and shows every payload as the text its author wrote (see `hostile`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .hostile import MARK, HostileBook, normalized
from .htmlcheck import live_markup, read_page


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def _shown(path: Path) -> str:
    return normalized(" ".join(read_page(path.read_text(encoding="utf-8")).text))


def test_no_page_holds_a_script_handler_or_javascript_link_from_a_rulebook(
    hostile: tuple[Path, list[HostileBook]],
) -> None:
    site, _ = hostile
    pages = _pages(site)
    assert len(pages) > 8
    for page in pages:
        found = live_markup(read_page(page.read_text(encoding="utf-8")), "data-pwned")
        assert not found, (page.relative_to(site), found[:5])


def test_every_payload_shows_whole_as_text_wherever_a_page_shows_it(
    hostile: tuple[Path, list[HostileBook]],
) -> None:
    site, books = hostile
    strings = [s for b in books for s in b.strings if "·" in s]
    for page in _pages(site):
        shown = _shown(page)
        for value in strings:
            slot = value.rsplit("·", 1)[1]
            if re.search(f"·{slot}(?![0-9])", shown):
                assert normalized(value) in shown, (page.relative_to(site), value)


def test_each_rulebook_page_shows_its_names_labels_and_reasons_as_written(
    hostile: tuple[Path, list[HostileBook]],
) -> None:
    site, books = hostile
    for hostile_book in books:
        book = hostile_book.book
        shown = _shown(site / "generated" / "rulebooks" / book.id / "index.html")
        wanted = [book.title, book.version, book.source_file]
        wanted += [f.name for f in book.fans] + [f.english for f in book.fans if f.english]
        wanted += [o.label for o in book.options]
        wanted += [c.label for o in book.options for c in o.choices if c.label]
        wanted += [t.name for t in book.scoring.tiers] + [r.reason for r in book.scoring.rejects]
        wanted += [c.reason for c in book.constraints] + [p.label for p in book.presets]
        wanted += [s.label for s in book.situations] + [s.name for s in book.shapes if s.name]
        wanted += [p.text for p in book.provenance]
        for value in wanted:
            assert normalized(value) in shown, (book.id, value)


def test_the_comparison_and_variants_pages_show_every_rulebook_as_text(
    hostile: tuple[Path, list[HostileBook]],
) -> None:
    site, books = hostile
    comparison = _shown(site / "generated" / "comparison" / "index.html")
    for hostile_book in books:
        book = hostile_book.book
        for value in (book.title, *(f.name for f in book.fans)):
            assert normalized(value) in comparison, value
    variants = _shown(site / "generated" / "variants" / "index.html")
    extending = [b.book for b in books if b.book.extends]
    assert extending
    for variant in extending:
        assert normalized(variant.title) in variants
        assert normalized(variant.english or "") in variants


def test_page_titles_and_the_navigation_hold_rulebook_titles_as_text(
    hostile: tuple[Path, list[HostileBook]],
) -> None:
    # mkdocs puts a page's title into <title> and the navigation without escaping it.
    site, books = hostile
    home = read_page((site / "index.html").read_text(encoding="utf-8"))
    links = normalized(" ".join(home.text))
    for hostile_book in books:
        book = hostile_book.book
        page = read_page(
            (site / "generated" / "rulebooks" / book.id / "index.html").read_text("utf-8")
        )
        assert normalized(page.title).startswith(normalized(book.title)), page.title
        assert normalized(book.title) in links, book.title


def test_the_search_index_holds_payloads_escaped(
    hostile: tuple[Path, list[HostileBook]],
) -> None:
    # The theme's search shows titles and text as HTML: they must hold no tag of a payload.
    site, _ = hostile
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    for doc in index["docs"]:
        for key in ("title", "text"):
            assert not re.search(r"<(script|img|svg|iframe|details|style|a\s)", doc[key]), (
                doc["location"],
                doc[key][:200],
            )
    assert any(MARK.split("(")[0] in doc["text"] for doc in index["docs"])
