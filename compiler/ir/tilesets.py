"""Which tiles each named tile group of a `tiles` section stands for."""

from __future__ import annotations

_RANGES: dict[str, range] = {
    "characters": range(0, 9),
    "dots": range(9, 18),
    "bamboo": range(18, 27),
    "winds": range(27, 31),
    "dragons": range(31, 34),
    "flowers": range(34, 38),
    "seasons": range(38, 42),
}


def group_tiles(name: str) -> tuple[int, ...]:
    """The tile ints of a tile group (see `mjc.runtime.tiles.tile` for the numbering)."""
    return tuple(_RANGES[name])
