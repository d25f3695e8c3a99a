"""Tile pictures: one well-formed, labelled SVG per tile kind; hands drawn as rows of them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from mjc.compiler.docs.tilesvg import HandPicture, all_tile_files, hand_markdown, tile_svg
from mjc.runtime.tiles.tile import NUM_TILES, tile_index, tile_name_en, tile_name_zh, tile_text

SVG = "{http://www.w3.org/2000/svg}"


def test_every_tile_kind_has_its_own_picture() -> None:
    files = all_tile_files()
    assert {f"{tile_text(t)}.svg" for t in range(NUM_TILES)} | {"back.svg"} == set(files)
    assert len(set(files.values())) == len(files), "two tiles share a picture"


def test_each_picture_is_small_well_formed_svg_with_a_text_alternative() -> None:
    for t in range(NUM_TILES):
        svg = tile_svg(t)
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert (root.get("width"), root.get("height")) == ("30", "40")  # legible at 30×40
        assert root.get("role") == "img"
        label = root.get("aria-label") or ""
        title = root.findtext(f"{SVG}title") or ""
        for name in (tile_name_zh(t), tile_name_en(t)):
            assert name in label and name in title, (tile_text(t), name)
        # Drawn here: nothing is fetched (no href, no url(), no @import).
        assert not re.search(r"href|url\(|@import", svg), tile_text(t)
        assert len(svg) < 4000, f"{tile_text(t)} is {len(svg)} bytes"


def test_a_hand_shows_concealed_tiles_the_winning_tile_and_each_meld_apart() -> None:
    picture = HandPicture.parse("234m567p55s [888s] (9999m)", None)
    assert picture.winning == tile_index("5s")
    assert len(picture.concealed) == 7
    assert [len(tiles) for tiles, _ in picture.melds] == [3, 4]
    markdown = hand_markdown("234m567p55s [888s] (9999m)", "../tiles")
    groups = re.findall(r'<span class="mj-group([^"]*)">', markdown)
    assert groups == ["", " mj-win", " mj-meld", " mj-meld mj-concealed"]
    assert markdown.count("](../tiles/") == 7 + 1 + 3 + 4
    assert "(../tiles/back.svg)" in markdown  # a concealed kong lies with two tiles face down
    assert "![五条 5 Bamboo (5s)](../tiles/5s.svg)" in markdown


def test_a_hand_won_on_a_flower_shows_that_flower_apart_once() -> None:
    # 上海: 如果這8個花抓起即可胡牌 — the eighth flower is the winning tile
    picture = HandPicture.parse("123m456p789s345s2z12345678f", "8f")
    assert picture.winning == tile_index("8f") and len(picture.concealed) == 13
    assert picture.flowers == tuple(tile_index(f"{n}f") for n in range(1, 8))


def test_text_that_is_not_a_hand_is_shown_as_code() -> None:
    assert hand_markdown("123x", "../tiles") == "`123x`"
