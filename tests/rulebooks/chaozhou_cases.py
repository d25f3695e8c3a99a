"""What the 潮州 tests share: the rulebook's name, a few hands and small readers of scores,
tile counts and wilds (`test_chaozhou.py`, `test_chaozhou_ghosts.py`)."""

from __future__ import annotations

from mjc.runtime import Ruleset, Score, tile_index

NAME = "chaozhou"


def fans(score: Score) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


def copies(book: Ruleset, options: dict[str, str]) -> tuple[int, ...]:
    return book.tile_copies(book.resolve_options(options))


def wild_of(book: Ruleset, indicator: str) -> str:
    (wild,) = book.wilds_for(book.resolve_options({"鬼牌": "翻鬼"}), indicator)
    return TILE_TEXT[wild]


TILE_TEXT = {tile_index(t): t for t in [f"{r}{s}" for s in "mps" for r in range(1, 10)]} | {
    tile_index(f"{r}z"): f"{r}z" for r in range(1, 8)
}

WHITE = {"鬼牌": "白板做鬼"}
RED = {"鬼牌": "红中做鬼"}

# A plain hand with no pattern: worth exactly 鸡胡.
CHICKEN = "123m456p789s22z [555m]"
# 杠上开花 is a win on a kong's replacement tile: the same hand with the kong declared.
CHICKEN_KONG = "123m456p789s22z [5555m]"
# 碰碰胡 + 清一色 (4 + 6 = 10).
PURE_PUNGS = "111m555m777m222m99m"
# Two 白板 that, as ghosts, are best read as 222m: 碰碰胡 + 清一色 = 10.
TWO_WHITE = "111m555m777m99m2m5z5z"
