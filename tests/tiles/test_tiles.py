"""Tile indices, notation of single tiles, per-tile fact tables and interned melds."""

from __future__ import annotations

import pytest

from mjc.runtime.tiles.melds import Meld, all_melds, meld
from mjc.runtime.tiles.tile import (
    IS_DRAGON,
    IS_FLOWER,
    IS_GREEN,
    IS_HONOUR,
    IS_SIMPLE,
    IS_SUITED,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOUR,
    IS_WIND,
    NUM_PLAYING,
    NUM_TILES,
    RANK_OF,
    SUIT_OF,
    TERMINALS_AND_HONOURS,
    NotationError,
    tile_index,
    tile_name_en,
    tile_name_zh,
    tile_text,
)


def test_tile_ints_follow_the_contract_layout() -> None:
    assert (NUM_PLAYING, NUM_TILES) == (34, 42)
    assert tile_index("1m") == 0
    assert tile_index("5m") == 4
    assert tile_index("9m") == 8
    assert tile_index("1p") == 9
    assert tile_index("1s") == 18
    assert tile_index("9s") == 26
    assert tile_index("1z") == 27
    assert tile_index("7z") == 33
    assert tile_index("1f") == 34
    assert tile_index("8f") == 41


def test_tile_text_inverts_tile_index_for_every_tile() -> None:
    for t in range(NUM_TILES):
        assert tile_index(tile_text(t)) == t


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0m", "bad tile '0m': characters run 1m-9m (0m, a red five, is written only in hands)"),
        ("8z", "bad tile '8z': honours run 1z-7z"),
        ("9f", "bad tile '9f': flowers run 1f-8f"),
        ("5x", "bad tile '5x': unknown suit letter 'x' (expected m, p, s, z or f)"),
        ("5M", "bad tile '5M': suit letters are lowercase m, p, s, z, f"),
        ("", "bad tile '': expected a digit then a suit letter, like 5m or 7z"),
        ("55m", "bad tile '55m': expected a digit then a suit letter, like 5m or 7z"),
    ],
)
def test_tile_index_rejects_bad_text_with_a_one_line_message(text: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        tile_index(text)
    assert str(err.value) == message
    assert isinstance(err.value, ValueError)


def test_chinese_names() -> None:
    names = {"5m": "五万", "1p": "一筒", "9s": "九条", "1z": "东", "4z": "北"}
    names |= {"5z": "白", "6z": "发", "7z": "中", "1f": "春", "8f": "菊"}
    for text, name in names.items():
        assert tile_name_zh(tile_index(text)) == name


def test_english_names() -> None:
    assert tile_name_en(tile_index("5m")) == "5 Characters"
    assert tile_name_en(tile_index("3z")) == "West Wind"
    assert tile_name_en(tile_index("7z")) == "Red Dragon"
    assert tile_name_en(tile_index("2f")) == "Summer"


def test_fact_tables_cover_every_tile() -> None:
    tables: list[tuple[object, ...]] = [SUIT_OF, RANK_OF, IS_SUITED, IS_HONOUR, IS_WIND]
    tables += [IS_DRAGON, IS_TERMINAL, IS_TERMINAL_OR_HONOUR, IS_SIMPLE, IS_FLOWER, IS_GREEN]
    assert all(len(table) == NUM_TILES for table in tables)


def test_fact_tables_agree_with_suit_and_rank() -> None:
    for t in range(NUM_TILES):
        suit, rank = SUIT_OF[t], RANK_OF[t]
        assert tile_text(t) == f"{rank}{suit}"
        assert IS_SUITED[t] == (suit in "mps")
        assert IS_HONOUR[t] == (suit == "z")
        assert IS_FLOWER[t] == (suit == "f")
        assert IS_WIND[t] == (suit == "z" and rank <= 4)
        assert IS_DRAGON[t] == (suit == "z" and rank >= 5)
        assert IS_TERMINAL[t] == (suit in "mps" and rank in (1, 9))
        assert IS_SIMPLE[t] == (suit in "mps" and 2 <= rank <= 8)
        assert IS_TERMINAL_OR_HONOUR[t] == (IS_TERMINAL[t] or IS_HONOUR[t])


def test_green_tiles_are_those_of_all_green() -> None:
    greens = {tile_text(t) for t in range(NUM_TILES) if IS_GREEN[t]}
    assert greens == {"2s", "3s", "4s", "6s", "8s", "6z"}


def test_thirteen_orphan_kinds() -> None:
    texts = [tile_text(t) for t in TERMINALS_AND_HONOURS]
    assert texts == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


def test_melds_are_interned_and_compare_by_value() -> None:
    assert meld("chow", 0, False) is meld("chow", 0, False)
    assert meld("pung", 27, True) == Meld("pung", 27, True)
    assert hash(meld("pung", 27, True)) == hash(Meld("pung", 27, True))
    assert meld("pung", 27, True) != meld("pung", 27, False)
    assert meld("pung", 27, True) != meld("kong", 27, True)


def test_every_valid_meld_is_interned() -> None:
    # 21 chows + 34 each of pung, kong, pair + 9 knitted parts, times both concealed flags.
    assert len(all_melds()) == 2 * (21 + 3 * 34 + 9)
    assert len(set(all_melds())) == len(all_melds())


@pytest.mark.parametrize(
    ("kind", "tile"),
    [("chow", 27), ("chow", 7), ("chow", 8), ("chow", 16), ("pung", 34), ("pair", -1), ("set", 0)],
)
def test_impossible_melds_raise_value_error(kind: str, tile: int) -> None:
    with pytest.raises(ValueError):
        meld(kind, tile, True)


def test_meld_facts() -> None:
    chow = meld("chow", tile_index("7p"), False)
    assert chow.tiles == (15, 16, 17)
    assert (chow.suit, chow.rank) == ("p", 7)
    assert chow.is_chow and chow.exposed and not chow.concealed
    assert not chow.is_pung and not chow.is_terminal
    assert chow.has_terminal and chow.is_outside and not chow.is_simple

    kong = meld("kong", tile_index("9s"), True)
    assert kong.tiles == (26,) * 4
    assert kong.is_kong and kong.is_pung and not kong.exposed
    assert kong.is_terminal and kong.has_terminal and kong.is_outside

    dragons = meld("pung", tile_index("6z"), False)
    assert dragons.is_honour and dragons.is_dragon and not dragons.is_wind
    assert dragons.is_outside and not dragons.is_terminal and not dragons.is_simple

    pair = meld("pair", tile_index("2z"), True)
    assert pair.is_pair and pair.is_wind and not pair.is_pung

    simple = meld("chow", tile_index("2m"), True)
    assert simple.is_simple and not simple.has_terminal and not simple.is_outside


def test_meld_text() -> None:
    assert str(meld("chow", 0, False)) == "[123m]"
    assert str(meld("kong", 9, True)) == "(1111p)"
    assert str(meld("kong", 31, False)) == "[5555z]"
    assert str(meld("chow", 0, True)) == "123m"
    assert str(meld("pung", 33, True)) == "777z"
    assert str(meld("pair", 4, True)) == "55m"


def test_every_meld_keeps_its_text_as_a_fresh_meld_writes_it() -> None:
    for made in all_melds():  # the interned melds, whose text is written once
        fresh = Meld(made.kind, made.tile, made.concealed)
        assert str(made) == made.text == fresh.text
        body = "".join(str(RANK_OF[t]) for t in made.tiles) + SUIT_OF[made.tile]
        shown = f"({body})" if made.concealed and made.is_kong else body
        assert made.text == (shown if made.concealed else f"[{body}]")
