"""Tile indices and per-tile facts for the runtime and the generated rulebook modules.

A tile is a small int (see DESIGN.md, "Contracts: Tile notation"):

    0-8   1m-9m  万 characters      27-33  1z-7z  东 南 西 北 白 发 中
    9-17  1p-9p  筒 dots            34-41  1f-8f  春 夏 秋 冬 梅 兰 竹 菊
    18-26 1s-9s  条 bamboo

Input comes from the hand notation (`mjc.runtime.tiles.hand.parse_hand`) and from constants that the
compiler writes into generated modules. The `IS_*`, `SUIT_OF` and `RANK_OF` tuples are indexed
by tile int so that compiled fan conditions are plain table lookups.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "FLOWER_BASE",
    "HONOUR_BASE",
    "IS_DRAGON",
    "IS_FLOWER",
    "IS_GREEN",
    "IS_HONOUR",
    "IS_SIMPLE",
    "IS_SUITED",
    "IS_TERMINAL",
    "IS_TERMINAL_OR_HONOUR",
    "IS_WIND",
    "NUM_PLAYING",
    "NUM_TILES",
    "RANK_OF",
    "RED_FIVES",
    "SUITS",
    "SUIT_BASE",
    "SUIT_OF",
    "TERMINALS_AND_HONOURS",
    "TEXTS",
    "NotationError",
    "tile_error",
    "tile_index",
    "tile_name_en",
    "tile_name_zh",
    "tile_or_red_five",
    "tile_text",
]

NUM_PLAYING: Final = 34
NUM_TILES: Final = 42
HONOUR_BASE: Final = 27
FLOWER_BASE: Final = 34

# Suit letter -> (first tile int, highest rank), in tile-int order.
SUIT_BASE: Final[dict[str, int]] = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
_SUIT_SIZE: dict[str, int] = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
SUITS = "mpszf"


class NotationError(ValueError):
    """Text that is not valid tile notation; the message is one line naming the bad part."""


def _build_texts() -> tuple[str, ...]:
    texts: list[str] = []
    for suit in SUITS:
        texts.extend(f"{rank}{suit}" for rank in range(1, _SUIT_SIZE[suit] + 1))
    return tuple(texts)


_TEXT: tuple[str, ...] = _build_texts()
_INDEX: dict[str, int] = {text: i for i, text in enumerate(_TEXT)}
# Each tile int's notation, for hot paths that know their int is a tile (`tile_text` checks).
TEXTS: Final[tuple[str, ...]] = _TEXT

SUIT_OF: Final[tuple[str, ...]] = tuple(text[1] for text in _TEXT)
RANK_OF: Final[tuple[int, ...]] = tuple(int(text[0]) for text in _TEXT)

IS_SUITED: Final[tuple[bool, ...]] = tuple(s in "mps" for s in SUIT_OF)
IS_HONOUR: Final[tuple[bool, ...]] = tuple(s == "z" for s in SUIT_OF)
IS_FLOWER: Final[tuple[bool, ...]] = tuple(s == "f" for s in SUIT_OF)
IS_WIND: Final[tuple[bool, ...]] = tuple(
    s == "z" and r <= 4 for s, r in zip(SUIT_OF, RANK_OF, strict=True)
)
IS_DRAGON: Final[tuple[bool, ...]] = tuple(
    s == "z" and r >= 5 for s, r in zip(SUIT_OF, RANK_OF, strict=True)
)
IS_TERMINAL: Final[tuple[bool, ...]] = tuple(
    suited and r in (1, 9) for suited, r in zip(IS_SUITED, RANK_OF, strict=True)
)
IS_TERMINAL_OR_HONOUR: Final[tuple[bool, ...]] = tuple(
    t or h for t, h in zip(IS_TERMINAL, IS_HONOUR, strict=True)
)
IS_SIMPLE: Final[tuple[bool, ...]] = tuple(
    suited and 2 <= r <= 8 for suited, r in zip(IS_SUITED, RANK_OF, strict=True)
)
# 绿一色 (MCR "All Green"): 2s 3s 4s 6s 8s and 发.
IS_GREEN: Final[tuple[bool, ...]] = tuple(
    text in ("2s", "3s", "4s", "6s", "8s", "6z") for text in _TEXT
)

# The 13 kinds of 十三幺, in tile order.
TERMINALS_AND_HONOURS: Final[tuple[int, ...]] = tuple(
    i for i in range(NUM_PLAYING) if IS_TERMINAL_OR_HONOUR[i]
)

_ZH_NUMERALS = "一二三四五六七八九"
_ZH_SUIT = {"m": "万", "p": "筒", "s": "条"}
_ZH_HONOURS = "东南西北白发中"
_ZH_FLOWERS = "春夏秋冬梅兰竹菊"
_EN_SUIT = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
_EN_HONOURS = (
    "East Wind", "South Wind", "West Wind", "North Wind",
    "White Dragon", "Green Dragon", "Red Dragon",
)  # fmt: skip
_EN_FLOWERS = (
    "Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo Flower", "Chrysanthemum",
)  # fmt: skip


def _name_zh(suit: str, rank: int) -> str:
    if suit == "z":
        return _ZH_HONOURS[rank - 1]
    if suit == "f":
        return _ZH_FLOWERS[rank - 1]
    return _ZH_NUMERALS[rank - 1] + _ZH_SUIT[suit]


def _name_en(suit: str, rank: int) -> str:
    if suit == "z":
        return _EN_HONOURS[rank - 1]
    if suit == "f":
        return _EN_FLOWERS[rank - 1]
    return f"{rank} {_EN_SUIT[suit]}"


_NAME_ZH: tuple[str, ...] = tuple(_name_zh(s, r) for s, r in zip(SUIT_OF, RANK_OF, strict=True))
_NAME_EN: tuple[str, ...] = tuple(_name_en(s, r) for s, r in zip(SUIT_OF, RANK_OF, strict=True))


_KIND_PLURAL = {"m": "characters", "p": "dots", "s": "bamboo", "z": "honours", "f": "flowers"}


def tile_error(text: str) -> str:
    """The one-line reason why `text` (a digit and a letter, or anything else) is not a tile."""
    if len(text) == 2 and text[0].isdigit():
        rank, suit = text[0], text[1]
        if suit in _SUIT_SIZE:
            size = _SUIT_SIZE[suit]
            kind = _KIND_PLURAL[suit]
            # `0m` is a red five in a hand (`parse_hand`), not a tile anywhere else.
            extra = f" (0{suit}, a red five, is written only in hands)" if rank == "0" else ""
            return f"bad tile '{text}': {kind} run 1{suit}-{size}{suit}{extra}"
        if suit.lower() in _SUIT_SIZE:
            return f"bad tile '{text}': suit letters are lowercase m, p, s, z, f"
        return f"bad tile '{text}': unknown suit letter '{suit}' (expected m, p, s, z or f)"
    return f"bad tile '{text}': expected a digit then a suit letter, like 5m or 7z"


def tile_index(text: str) -> int:
    """The tile int of notation like "5m" (-> 4); raises `NotationError` for any other string
    and `TypeError` for what is not a string."""
    try:
        return _INDEX[text]
    except (KeyError, TypeError):
        if type(text) is not str:
            raise TypeError(
                f"text must be a tile's notation string, not {type(text).__name__}"
            ) from None
        raise NotationError(tile_error(text)) from None


# A red five's notation (赤ドラ) and the five it is: `0m` is a 5m for every purpose.
RED_FIVES: Final[dict[str, int]] = {"0m": 4, "0p": 13, "0s": 22}


def tile_or_red_five(text: str) -> int:
    """`tile_index`, where a red five (`0m`, `0p`, `0s`) is also read, as its five: the tiles a
    round or a caller names beside a hand (a winning tile, an indicator)."""
    red = RED_FIVES.get(text) if type(text) is str else None
    return tile_index(text) if red is None else red


def tile_text(t: int) -> str:
    """The notation of tile int `t` (4 -> "5m"); `TypeError` for what is not an int,
    `ValueError` for an int that is no tile (-1 would read the last tile's text)."""
    if type(t) is not int:
        raise TypeError(f"t must be a tile int, not {type(t).__name__}")
    if not 0 <= t < NUM_TILES:
        raise ValueError(f"a tile int is 0 to {NUM_TILES - 1}, not {t}")
    return _TEXT[t]


def tile_name_zh(t: int) -> str:
    """The Chinese name of tile `t`: "五万", "东", "白", "春" ..."""
    return _NAME_ZH[t]


def tile_name_en(t: int) -> str:
    """The English name of tile `t`: "5 Characters", "East Wind", "Spring" ..."""
    return _NAME_EN[t]
