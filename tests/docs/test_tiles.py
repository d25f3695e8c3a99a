"""Tile pictures: one well-formed, labelled SVG per tile kind; hands drawn as rows of them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mjc.compiler.docs.tilesvg import HandPicture, all_tile_files, hand_markdown, tile_svg
from mjc.runtime.tiles.tile import (
    NUM_TILES,
    RED_FIVES,
    tile_index,
    tile_name_en,
    tile_name_zh,
    tile_text,
)

SVG = "{http://www.w3.org/2000/svg}"


def test_every_tile_kind_has_its_own_picture() -> None:
    files = all_tile_files()
    kinds = {f"{tile_text(t)}.svg" for t in range(NUM_TILES)}
    assert kinds | {"0m.svg", "0p.svg", "0s.svg", "back.svg"} == set(files)
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


def test_a_red_five_has_its_own_red_picture_and_label() -> None:
    # 赤ドラ: a red 5m, 5p and 5s, written 0m 0p 0s (riichi.mjr, option red_fives)
    for name, t in RED_FIVES.items():
        red, plain = tile_svg(t, red=True), tile_svg(t)
        root = ET.fromstring(red)
        assert f"({name})" in (root.get("aria-label") or "") and "red" in root.findtext(
            f"{SVG}title", ""
        )
        assert red.count("#c0262d") > plain.count("#c0262d")  # more of the face in red
    with pytest.raises(ValueError, match="no red five"):
        tile_svg(tile_index("4m"), red=True)


def test_a_hand_draws_its_red_fives_red_and_its_other_fives_plain() -> None:
    markdown = hand_markdown("234m0p67p234s678s55p", "../tiles", "8s")
    assert markdown.count("(../tiles/0p.svg)") == 1
    assert markdown.count("(../tiles/5p.svg)") == 2
    assert "![赤五筒 red 5 Dots (0p)]" in markdown


def test_a_winning_tile_named_red_is_drawn_red() -> None:
    markdown = hand_markdown("234m067p234s678s5s", "../tiles", "0s")
    win_group = markdown.split('"mj-group mj-win">', 1)[1]
    assert win_group.startswith("![赤五条 red 5 Bamboo (0s)](../tiles/0s.svg)")
    assert markdown.count("0s.svg") == 1 and markdown.count("0p.svg") == 1
