"""The documentation site builds strictly and holds every page the docs promise."""

from __future__ import annotations

import json
import re
from pathlib import Path

from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.site import GENERATED, SiteUsageError, build_site
from mjc.runtime.tiles import NUM_TILES, tile_text

from .conftest import CONFIG, DOCS


def test_the_site_builds_with_strict_and_has_every_page(site: Path) -> None:
    # build_site raises unless `mkdocs build --strict` succeeded: no broken link, no bad nav.
    for page in (
        "index.html",
        "getting-started/index.html",
        "language/index.html",
        "api/index.html",
        "generated/rulebooks/index.html",
        "generated/comparison/index.html",
        "generated/variants/index.html",
        "generated/reference/cli/index.html",
        "generated/reference/diagnostics/index.html",
        "generated/reference/tiles/index.html",
        "security/index.html",
    ):
        assert (site / page).is_file(), page


def test_every_bundled_rulebook_has_a_page_in_the_navigation(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    for name in bundled_rulebooks():
        assert (site / "generated" / "rulebooks" / name / "index.html").is_file()
        assert f"generated/rulebooks/{name}/" in home, f"{name} is missing from the nav"


def test_search_index_contains_qingyise(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    texts = " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"])
    assert "清一色" in texts
    locations = {doc["location"] for doc in index["docs"]}
    assert any(loc.startswith("generated/rulebooks/guangdong/") for loc in locations)


def test_every_tile_picture_is_in_the_site(site: Path) -> None:
    for t in range(NUM_TILES):
        svg = site / "generated" / "tiles" / f"{tile_text(t)}.svg"
        assert svg.is_file(), svg


def test_the_runtime_api_reference_is_generated_from_docstrings(site: Path) -> None:
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("mjc.runtime.Ruleset", "mjc.runtime.parse_hand", "mjc.runtime.Score"):
        assert f'id="{name}"' in api, name
    assert "is_win" in api and "score" in api


def test_the_language_reference_includes_the_builtin_words(site: Path) -> None:
    from mjc.compiler.vocabulary import ARRANGEMENT_FACTS, FUNCTIONS, MELD_ATTRIBUTES

    page = (site / "language" / "index.html").read_text(encoding="utf-8")
    for word in [*ARRANGEMENT_FACTS, *FUNCTIONS, *MELD_ATTRIBUTES]:
        assert re.search(rf"<code>\.?{word}(\(…\))?</code>", page), word


def test_the_rulebook_code_blocks_are_highlighted(site: Path) -> None:
    page = (site / "language" / "index.html").read_text(encoding="utf-8")
    # Pygments found the mjc lexer through its entry point: keywords carry token classes.
    assert re.search(r'<span class="k[dn]?">fan</span>', page)


def test_the_variants_page_lists_each_bundled_variant_or_says_there_is_none(
    site: Path,
) -> None:
    from mjc.compiler.site import compile_bundled

    books, _ = compile_bundled()
    page = (DOCS / GENERATED / "variants.md").read_text(encoding="utf-8")
    variants = [b for b in books if b.extends]
    if not variants:
        assert "No bundled rulebook extends another yet." in page
    for book in variants:
        assert f"## {book.title}" in page


def test_a_missing_config_is_a_usage_error(tmp_path: Path) -> None:
    try:
        build_site(tmp_path / "mkdocs.yml", tmp_path / "site", quiet=True)
    except SiteUsageError as exc:
        assert "mkdocs.yml" in str(exc)
    else:
        raise AssertionError("expected SiteUsageError")


def test_mkdocs_config_is_at_the_repository_root() -> None:
    assert CONFIG.is_file()


def test_every_fan_with_an_example_shows_it_as_tiles_in_the_fan_table(site: Path) -> None:
    from mjc.compiler.site import compile_bundled

    books, _ = compile_bundled()
    for book in books:
        page = (DOCS / GENERATED / "rulebooks" / f"{book.id}.md").read_text(encoding="utf-8")
        for fan in book.fans:
            (row,) = [line for line in page.splitlines() if f"**](#{fan.id})<br>" in line]
            if any(e.positive for e in fan.examples):
                assert "{ .mj-tile }" in row, f"{book.id}.{fan.id} shows no tiles"


def test_the_round_schema_is_published_beside_the_ir_schema() -> None:
    import argparse

    from mjc.compiler.site import site_files

    files = site_files([], argparse.ArgumentParser())
    schema = json.loads(files["reference/round.schema.json"])
    assert schema["title"] == "RoundOutcome" and "winners" in schema["properties"]
    assert "reference/ir.schema.json" in files


def test_guarded_payment_caps_show_their_own_numbers() -> None:
    from mjc.compiler.docgen import generate_page
    from mjc.compiler.loader import load

    book = load("baise").compilation.rulebook
    assert book is not None
    page = generate_page(book)
    for cap in (16, 32, 64):  # 百色 封顶 16/32/64, each under its own choice
        assert f"wins at most {cap} from hands in a round" in page
