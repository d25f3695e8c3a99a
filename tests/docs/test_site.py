"""The documentation site builds strictly and holds every page the docs promise."""

from __future__ import annotations

import json
import re
from pathlib import Path

from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.site.build import GENERATED, SiteUsageError, build_site
from mjc.runtime.tiles.tile import NUM_TILES, tile_text

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
    from mjc.compiler.language.vocabulary import ARRANGEMENT_FACTS, FUNCTIONS, MELD_ATTRIBUTES

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
    from mjc.compiler.site.build import compile_bundled

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
    from mjc.compiler.site.build import compile_bundled

    books, _ = compile_bundled()
    for book in books:
        page = (DOCS / GENERATED / "rulebooks" / f"{book.id}.md").read_text(encoding="utf-8")
        for fan in book.fans:
            (row,) = [line for line in page.splitlines() if f"**](#{fan.id})<br>" in line]
            if any(e.positive for e in fan.examples):
                assert "{ .mj-tile }" in row, f"{book.id}.{fan.id} shows no tiles"


def test_the_round_schema_is_published_beside_the_ir_schema() -> None:
    import argparse

    from mjc.compiler.site.build import site_files

    files = site_files([], argparse.ArgumentParser())
    schema = json.loads(files["reference/round.schema.json"])
    assert schema["title"] == "RoundOutcome" and "winners" in schema["properties"]
    assert "reference/ir.schema.json" in files


def test_guarded_payment_caps_show_their_own_numbers() -> None:
    from mjc.compiler.docs.docgen import generate_page
    from mjc.compiler.loader import load

    book = load("baise").compilation.rulebook
    assert book is not None
    page = generate_page(book)
    for cap in (16, 32, 64):  # 百色 封顶 16/32/64, each under its own choice
        assert f"wins at most {cap} from hands in a round" in page


def _separator(site: Path) -> re.Pattern[str]:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    return re.compile(index["config"]["separator"].replace("\\u200b", "\u200b"))


def _index_words(site: Path) -> set[str]:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = _separator(site)
    return {w for doc in index["docs"] for w in separator.split(doc["title"] + " " + doc["text"])}


def test_the_search_index_cuts_qingyise_out_of_a_chinese_sentence(site: Path) -> None:
    # The meizhou rules say 如抢杠玩家所胡牌型为清一色: no space sets 清一色 apart there.
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = _separator(site)
    sentence = [d for d in index["docs"] if "为\u200b清一色\u200b，" in d["text"]]
    assert sentence, "jieba cut the sentence into words, 清一色 one of them"
    assert all("清一色" in separator.split(d["text"]) for d in sentence)


def test_every_chinese_fan_name_is_one_word_of_the_search_index(site: Path) -> None:
    # jieba alone cuts 混一色 into 混 一色; the dictionary of the rulebooks' names keeps it.
    from mjc.compiler.site.build import compile_bundled

    books, _ = compile_bundled()
    words = _index_words(site)
    names = {f.name for b in books for f in b.fans if re.fullmatch(r"[\u4e00-\u9fff]{2,}", f.name)}
    assert "混一色" in names
    missing = sorted(names - words)
    assert not missing, missing


def test_the_search_dictionary_holds_only_runs_of_chinese_characters() -> None:
    from mjc.compiler.site.build import compile_bundled, search_words

    books, _ = compile_bundled()
    lines = search_words(books).splitlines()
    assert "清一色" in lines
    assert all(re.fullmatch(r"[\u3400-\u9fff\uf900-\ufaff]{2,}", line) for line in lines)


def test_the_left_navigation_shows_on_rulebook_pages(site: Path) -> None:
    page = (site / "generated" / "rulebooks" / "guangdong" / "index.html").read_text("utf-8")
    (sidebar,) = re.findall(r'<div class="md-sidebar md-sidebar--primary"[^>]*>', page)
    assert "hidden" not in sidebar
    assert 'href="../meizhou/"' in page, "the other rulebooks are in its navigation"


def test_every_page_has_a_light_and_dark_toggle(site: Path) -> None:
    for page in ("index.html", "generated/rulebooks/guangdong/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        schemes = re.findall(r'<input class="md-option" data-md-color-media="[^"]*" '
                             r'data-md-color-scheme="(\w+)"', html)  # fmt: skip
        assert schemes == ["default", "slate"], (page, schemes)
        assert "Switch to dark mode" in html and "Switch to light mode" in html


def test_the_site_links_the_repository_named_in_pyproject(site: Path) -> None:
    import tomllib

    from .conftest import ROOT

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    url = pyproject["project"]["urls"]["Repository"]
    html = (site / "index.html").read_text(encoding="utf-8")
    link = rf'<a href="{re.escape(url)}" title="Go to repository" class="md-source"'
    assert re.search(link, html)
