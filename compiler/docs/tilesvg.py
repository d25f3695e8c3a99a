"""Tile pictures for the docs: one small SVG file per tile kind, and hands as rows of them.

Input is the tile numbering and names of `mjc.runtime.tiles.tile` (the mpsz notation of DESIGN.md)
and, for hands, the hand notation that `mjc.runtime.parse_hand` reads. Output is SVG text that the
site builder writes once per tile kind (`docs/generated/tiles/5m.svg`), and Markdown that pages use
to show a hand as a row of `<img>` tiles with the declared melds set apart. A red five (赤ドラ,
written `0m` `0p` `0s`) has its own picture, drawn all in red (`0p.svg`).

The pictures are drawn here from simple shapes: circles for dots, sticks for bamboo, and text
for characters, winds, dragons and flowers (with a list of common CJK fonts and a generic
fallback, so nothing is fetched at run time). Each file carries a `<title>` and an
`aria-label` with the Chinese and English name, and every `<img>` an `alt` text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from mjc.compiler.docs.mdtext import Md, code, text
from mjc.runtime import HandError, parse_hand
from mjc.runtime.tiles.hand import LARGEST_TILES
from mjc.runtime.tiles.tile import (
    NUM_TILES,
    RANK_OF,
    RED_FIVES,
    SUIT_OF,
    tile_name_en,
    tile_name_zh,
    tile_text,
)

__all__ = [
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "HandPicture",
    "all_tile_files",
    "back_svg",
    "hand_markdown",
    "tile_label",
    "tile_markdown",
    "tile_svg",
]

# The drawing's own units; pages show the tiles at half this size (30×40 px).
TILE_WIDTH = 60
TILE_HEIGHT = 80

_FONTS = (
    "'Noto Serif CJK SC', 'Source Han Serif SC', 'Noto Sans CJK SC', 'Source Han Sans SC', "
    "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'SimSun', 'WenQuanYi Micro Hei', "
    "'WenQuanYi Zen Hei', serif"
)

_RED = "#c0262d"
_GREEN = "#16794a"
_BLUE = "#1d4f9c"
_INK = "#1b1b1b"

# The face of the tile (inside the rounded border), where the pictures go.
_FACE_X, _FACE_Y, _FACE_W, _FACE_H = 4.0, 4.0, 52.0, 67.0
_CX = _FACE_X + _FACE_W / 2
_CY = _FACE_Y + _FACE_H / 2

_ZH_NUMERALS = "一二三四五六七八九"


def _num(value: float) -> str:
    """A coordinate without trailing zeros: 12.0 -> "12", 12.5 -> "12.5"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _text(x: float, y: float, size: float, colour: str, body: str, weight: str = "bold") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{colour}" '
        f'font-weight="{weight}" text-anchor="middle" dominant-baseline="central">'
        f"{escape(body)}</text>"
    )


# --------------------------------------------------------------------------- dots (筒)

# Dot centres as fractions of the face, per rank, with a colour per dot.
_B, _G, _R = _BLUE, _GREEN, _RED
_DOT_LAYOUTS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((0.5, 0.27, _G), (0.5, 0.73, _B)),
    3: ((0.24, 0.2, _B), (0.5, 0.5, _R), (0.76, 0.8, _G)),
    4: ((0.28, 0.27, _B), (0.72, 0.27, _G), (0.28, 0.73, _G), (0.72, 0.73, _B)),
    5: ((0.25, 0.21, _B), (0.75, 0.21, _G), (0.5, 0.5, _R), (0.25, 0.79, _G), (0.75, 0.79, _B)),
    6: (
        (0.28, 0.18, _G),
        (0.72, 0.18, _G),
        *tuple((x, y, _R) for y in (0.52, 0.83) for x in (0.28, 0.72)),
    ),
    7: (
        (0.2, 0.12, _G),
        (0.5, 0.22, _G),
        (0.8, 0.32, _G),
        *tuple((x, y, _R) for y in (0.6, 0.86) for x in (0.28, 0.72)),
    ),
    8: tuple((x, y, _B) for y in (0.13, 0.38, 0.62, 0.87) for x in (0.28, 0.72)),
    9: tuple((x, y, c) for y, c in ((0.18, _B), (0.5, _R), (0.82, _G)) for x in (0.2, 0.5, 0.8)),
}
_DOT_RADIUS = {2: 11.0, 3: 8.5, 4: 10.0, 5: 8.5, 6: 7.5, 7: 6.8, 8: 6.8, 9: 7.2}


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{colour}"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.62)}" fill="none" '
        f'stroke="#fbf8ef" stroke-width="{_num(max(1.2, r * 0.2))}"/>'
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r * 0.22)}" fill="#fbf8ef"/>'
    )


def _dots(rank: int, red: bool = False) -> str:
    if rank == 1:
        return (
            _dot(_CX, _CY, 21, _GREEN)
            + f'<circle cx="{_num(_CX)}" cy="{_num(_CY)}" r="8" fill="{_RED}"/>'
            + f'<circle cx="{_num(_CX)}" cy="{_num(_CY)}" r="3" fill="#fbf8ef"/>'
        )
    r = _DOT_RADIUS[rank]
    return "".join(
        _dot(_FACE_X + 2 + fx * (_FACE_W - 4), _FACE_Y + 2 + fy * (_FACE_H - 4), r, c)
        for fx, fy, colour in _DOT_LAYOUTS[rank]
        for c in ((_RED if red else colour),)
    )


# --------------------------------------------------------------------------- bamboo (条)

# Stick centres as fractions of the face, per rank, with a colour per stick.
_STICK_LAYOUTS: dict[int, tuple[tuple[float, float, str], ...]] = {
    2: ((0.5, 0.27, _G), (0.5, 0.73, _G)),
    3: ((0.5, 0.27, _G), (0.3, 0.73, _G), (0.7, 0.73, _G)),
    4: ((0.3, 0.27, _G), (0.7, 0.27, _G), (0.3, 0.73, _G), (0.7, 0.73, _G)),
    5: ((0.22, 0.27, _G), (0.78, 0.27, _G), (0.5, 0.5, _R), (0.22, 0.73, _G), (0.78, 0.73, _G)),
    6: tuple((x, y, _G) for y in (0.27, 0.73) for x in (0.22, 0.5, 0.78)),
    7: ((0.5, 0.16, _R), *tuple((x, y, _G) for y in (0.5, 0.84) for x in (0.22, 0.5, 0.78))),
    8: tuple((x, y, _G) for y in (0.27, 0.73) for x in (0.14, 0.38, 0.62, 0.86)),
    9: tuple((x, y, _R if x == 0.5 else _G) for y in (0.16, 0.5, 0.84) for x in (0.22, 0.5, 0.78)),
}


def _stick(x: float, y: float, height: float, colour: str) -> str:
    w = 6.5
    top = y - height / 2
    return (
        f'<rect x="{_num(x - w / 2)}" y="{_num(top)}" width="{_num(w)}" height="{_num(height)}" '
        f'rx="3" fill="{colour}"/>'
        f'<rect x="{_num(x - w / 2 - 0.8)}" y="{_num(y - 1.1)}" width="{_num(w + 1.6)}" '
        f'height="2.2" rx="1" fill="{colour}" stroke="#fbf8ef" stroke-width="0.8"/>'
    )


def _bamboo(rank: int, red: bool = False) -> str:
    if rank == 1:
        # 幺鸡: a simple bird standing on a stick.
        return (
            f'<rect x="{_num(_CX - 2)}" y="50" width="4" height="18" rx="2" fill="{_GREEN}"/>'
            f'<path d="M16 44 L6 30 L20 36 Z" fill="{_GREEN}"/>'
            f'<ellipse cx="{_num(_CX)}" cy="40" rx="14" ry="11" fill="{_GREEN}"/>'
            f'<path d="M24 36 Q30 28 38 34" fill="none" stroke="{_BLUE}" stroke-width="3"/>'
            f'<circle cx="42" cy="24" r="8" fill="{_RED}"/>'
            f'<circle cx="44" cy="22" r="1.8" fill="#fbf8ef"/>'
            f'<path d="M49 23 L55 25 L49 27 Z" fill="#d9961a"/>'
        )
    layout = _STICK_LAYOUTS[rank]
    rows = len({fy for _, fy, _ in layout})
    height = 26.0 if rows == 2 else 18.0
    return "".join(
        _stick(_FACE_X + 2 + fx * (_FACE_W - 4), _FACE_Y + 2 + fy * (_FACE_H - 4), height, c)
        for fx, fy, colour in layout
        for c in ((_RED if red else colour),)
    )


# --------------------------------------------------------------------------- the others


def _characters(rank: int, red: bool = False) -> str:
    numeral = _text(_CX, 22, 27, _RED if red else _INK, _ZH_NUMERALS[rank - 1])
    return numeral + _text(_CX, 53, 29, _RED, "万")


def _honour(rank: int) -> str:
    if rank == 5:  # 白: a blank tile with a frame
        return (
            f'<rect x="13" y="15" width="34" height="45" rx="3" fill="none" '
            f'stroke="{_BLUE}" stroke-width="3.5"/>'
            f'<rect x="18.5" y="20.5" width="23" height="34" rx="1.5" fill="none" '
            f'stroke="{_BLUE}" stroke-width="1.5"/>'
        )
    colour = {6: _GREEN, 7: _RED}.get(rank, _INK)
    name = "东南西北白发中"[rank - 1]
    return _text(_CX, _CY + 1, 40, colour, name)


def _flower(rank: int) -> str:
    colour = (_RED, _GREEN, _BLUE, _INK)[(rank - 1) % 4]
    name = "春夏秋冬梅兰竹菊"[rank - 1]
    return (
        _text(_CX, 36, 36, colour, name)
        + _text(_CX, 63, 13, _INK, str((rank - 1) % 4 + 1), weight="normal")
        + f'<circle cx="{_num(_CX)}" cy="63" r="7.5" fill="none" stroke="{colour}" '
        'stroke-width="1.2"/>'
    )


def _notation(t: int, red: bool) -> str:
    """The notation of tile `t`, or of its red five (`0p`)."""
    return f"0{SUIT_OF[t]}" if red else tile_text(t)


def tile_label(t: int, red: bool = False) -> str:
    """The text alternative of tile `t` (of its red five when `red`): Chinese and English name
    and notation."""
    if red:
        return f"赤{tile_name_zh(t)} red {tile_name_en(t)} ({_notation(t, red)})"
    return f"{tile_name_zh(t)} {tile_name_en(t)} ({tile_text(t)})"


def tile_svg(t: int, red: bool = False) -> str:
    """The picture of tile `t` (a tile int of `mjc.runtime.tiles.tile`) as a standalone SVG file;
    `red` draws its red five (a five of m, p or s only), every pip in red."""
    suit, rank = SUIT_OF[t], RANK_OF[t]
    if red and t not in RED_FIVES.values():
        raise ValueError(f"{tile_text(t)} has no red five")
    match suit:
        case "m":
            body = _characters(rank, red)
        case "p":
            body = _dots(rank, red)
        case "s":
            body = _bamboo(rank, red)
        case "z":
            body = _honour(rank)
        case _:
            body = _flower(rank)
    label = tile_label(t, red)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {TILE_WIDTH} {TILE_HEIGHT}" '
        f'width="{TILE_WIDTH // 2}" height="{TILE_HEIGHT // 2}" role="img" '
        f"aria-label={quoteattr(label)}>"
        f"<title>{escape(label)}</title>"
        # the tile's back shows below its face, like a tile standing on the table
        f'<rect x="1" y="3" width="58" height="76" rx="8" fill="{_GREEN}"/>'
        '<rect x="1" y="1" width="58" height="73" rx="8" fill="#fbf8ef" stroke="#a89f88" '
        'stroke-width="1.5"/>'
        f'<g font-family="{_FONTS}">{body}</g>'
        "</svg>\n"
    )


def all_tile_files() -> dict[str, str]:
    """Every tile picture by file name (`5m.svg`), in tile order, the red fives (`0m.svg`) and
    `back.svg`."""
    files = {f"{tile_text(t)}.svg": tile_svg(t) for t in range(NUM_TILES)}
    files |= {f"{name}.svg": tile_svg(t, red=True) for name, t in RED_FIVES.items()}
    files["back.svg"] = back_svg()
    return files


# --------------------------------------------------------------------------- hands


def tile_markdown(t: int, base: str, red: bool = False) -> Md:
    """A Markdown image of tile `t` (its red five when `red`); `base` is the folder of the tile
    files relative to the page (`../tiles`)."""
    label, name = text(tile_label(t, red)), _notation(t, red)
    return Md(f"![{label}]({base}/{name}.svg){{ .mj-tile }}")


@dataclass(frozen=True, slots=True)
class HandPicture:
    """A hand split into what the picture shows: the concealed tiles (without the winning
    tile), the winning tile, the declared melds (tiles, concealed?) and the flowers; and its
    red fives (the hand's `red_fives`: which of its fives are red is not written, so the
    picture reddens the winning tile when it is named red (`0p`), then the first fives
    drawn)."""

    concealed: tuple[int, ...]
    winning: int | None
    melds: tuple[tuple[tuple[int, ...], bool], ...]
    flowers: tuple[int, ...]
    red_fives: tuple[int, ...] = ()
    winning_red: bool = False

    @classmethod
    def parse(cls, notation: str, win: str | None = None) -> HandPicture:
        """Raises `HandError` (a `ValueError`) for text that is not a hand."""
        hand = parse_hand(notation, win, tiles=LARGEST_TILES)  # a picture of any rulebook's
        concealed = list(hand.concealed)
        flowers = list(hand.flowers)
        winning = hand.win_tile
        # The winning tile is drawn apart, whether concealed or a flower (上海 八花).
        for group in (concealed, flowers):
            if winning is not None and winning in group:
                group.remove(winning)
                break
        melds = tuple((m.tiles, m.concealed) for m in hand.melds)
        winning_red = win is not None and win[:1] == "0"
        return cls(tuple(concealed), winning, melds, tuple(flowers), hand.red_fives, winning_red)


def _group(tiles: Iterable[int], base: str, css: str, reds: list[int]) -> Md:
    """Tiles as one group of pictures; each tile found in `reds` is drawn red and taken out."""
    inner = Md("").join(tile_markdown(t, base, _take_red(t, reds)) for t in tiles)
    return Md(f'<span class="{css}">{inner}</span>')


def _take_red(t: int, reds: list[int]) -> bool:
    if t in reds:
        reds.remove(t)
        return True
    return False


def hand_markdown(notation: str, base: str, win: str | None = None) -> Md:
    """A hand as a row of tile pictures: the concealed tiles, the winning tile set a little
    apart, then each declared meld as its own group (a concealed kong shows its two outer
    tiles face down, as it lies on the table); flowers last. One line of Markdown with inline
    HTML spans, usable inside a table cell. Text that is not a hand is shown as code. The
    notation (a rulebook's example) is escaped wherever it appears (`mdtext`)."""
    try:
        picture = HandPicture.parse(notation, win)
    except HandError:
        return code(notation)
    reds = list(picture.red_fives)
    winning: Md | None = None
    if picture.winning is not None:
        won = (picture.winning,) if picture.winning_red else ()
        winning = _group((picture.winning,), base, "mj-group mj-win", [*won])
        if won and picture.winning in reds:
            reds.remove(picture.winning)
    parts = [_group(picture.concealed, base, "mj-group", reds)]
    if winning is not None:
        parts.append(winning)
    for tiles, concealed in picture.melds:
        if concealed and len(tiles) == 4:
            t = tiles[0]
            back = Md(f"![{text(tile_label(t))}, face down]({base}/back.svg){{ .mj-tile }}")
            shown = tile_markdown(t, base, _take_red(t, reds)) + tile_markdown(t, base)
            inner = back + shown + back
            parts.append(Md(f'<span class="mj-group mj-meld mj-concealed">{inner}</span>'))
        else:
            parts.append(_group(tiles, base, "mj-group mj-meld", reds))
    if picture.flowers:
        parts.append(_group(picture.flowers, base, "mj-group mj-flowers", []))
    return Md(f'<span class="mj-hand" title="{text(notation)}">{"".join(parts)}</span>')


def back_svg() -> str:
    """The back of a tile (for the hidden tiles of a concealed kong)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {TILE_WIDTH} {TILE_HEIGHT}" '
        f'width="{TILE_WIDTH // 2}" height="{TILE_HEIGHT // 2}" role="img" '
        'aria-label="a tile face down"><title>a tile face down</title>'
        f'<rect x="1" y="3" width="58" height="76" rx="8" fill="{_GREEN}"/>'
        f'<rect x="1" y="1" width="58" height="73" rx="8" fill="#2f9a68" stroke="#0f5a36" '
        'stroke-width="1.5"/></svg>\n'
    )
