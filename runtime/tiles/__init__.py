"""Tiles, hands and melds: the notation and the per-tile facts everything else reads.

`tile` numbers the tiles and holds their facts, `hand` is the `Hand` and its mpsz notation,
`melds` the interned melds, `tables` the per-suit tables the win check reads, `argcheck` the
plain `TypeError`s of the public API. The bottom of the runtime: it imports no other part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.tiles.argcheck import (
        WRONG_TYPE_SIGNS,
        describe,
        plain_type_errors,
        raise_if_wrong,
        type_name,
        wrong_argument,
    )
    from mjc.runtime.tiles.hand import (
        MAX_DECLARED,
        MAX_TILES,
        Hand,
        HandError,
        format_hand,
        parse_hand,
        with_win_tile,
    )
    from mjc.runtime.tiles.melds import (
        KINDS,
        MELD_SIZE,
        PLACES,
        WAIT_ORDER,
        Meld,
        all_melds,
        meld,
        wait_kind,
    )
    from mjc.runtime.tiles.tables import (
        HONOUR_TABLE,
        SUIT_TABLE,
        Split,
        honour_splits,
        suit_splits,
    )
    from mjc.runtime.tiles.tile import (
        FLOWER_BASE,
        HONOUR_BASE,
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
        RED_FIVES,
        SUIT_BASE,
        SUIT_OF,
        SUITS,
        TERMINALS_AND_HONOURS,
        TEXTS,
        NotationError,
        tile_error,
        tile_index,
        tile_name_en,
        tile_name_zh,
        tile_or_red_five,
        tile_text,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "FLOWER_BASE": "mjc.runtime.tiles.tile",
    "HONOUR_BASE": "mjc.runtime.tiles.tile",
    "HONOUR_TABLE": "mjc.runtime.tiles.tables",
    "Hand": "mjc.runtime.tiles.hand",
    "HandError": "mjc.runtime.tiles.hand",
    "IS_DRAGON": "mjc.runtime.tiles.tile",
    "IS_FLOWER": "mjc.runtime.tiles.tile",
    "IS_GREEN": "mjc.runtime.tiles.tile",
    "IS_HONOUR": "mjc.runtime.tiles.tile",
    "IS_SIMPLE": "mjc.runtime.tiles.tile",
    "IS_SUITED": "mjc.runtime.tiles.tile",
    "IS_TERMINAL": "mjc.runtime.tiles.tile",
    "IS_TERMINAL_OR_HONOUR": "mjc.runtime.tiles.tile",
    "IS_WIND": "mjc.runtime.tiles.tile",
    "KINDS": "mjc.runtime.tiles.melds",
    "MAX_DECLARED": "mjc.runtime.tiles.hand",
    "MAX_TILES": "mjc.runtime.tiles.hand",
    "MELD_SIZE": "mjc.runtime.tiles.melds",
    "Meld": "mjc.runtime.tiles.melds",
    "NUM_PLAYING": "mjc.runtime.tiles.tile",
    "NUM_TILES": "mjc.runtime.tiles.tile",
    "NotationError": "mjc.runtime.tiles.tile",
    "PLACES": "mjc.runtime.tiles.melds",
    "RANK_OF": "mjc.runtime.tiles.tile",
    "RED_FIVES": "mjc.runtime.tiles.tile",
    "SUITS": "mjc.runtime.tiles.tile",
    "SUIT_BASE": "mjc.runtime.tiles.tile",
    "SUIT_OF": "mjc.runtime.tiles.tile",
    "SUIT_TABLE": "mjc.runtime.tiles.tables",
    "Split": "mjc.runtime.tiles.tables",
    "TERMINALS_AND_HONOURS": "mjc.runtime.tiles.tile",
    "TEXTS": "mjc.runtime.tiles.tile",
    "WAIT_ORDER": "mjc.runtime.tiles.melds",
    "WRONG_TYPE_SIGNS": "mjc.runtime.tiles.argcheck",
    "all_melds": "mjc.runtime.tiles.melds",
    "describe": "mjc.runtime.tiles.argcheck",
    "format_hand": "mjc.runtime.tiles.hand",
    "honour_splits": "mjc.runtime.tiles.tables",
    "meld": "mjc.runtime.tiles.melds",
    "parse_hand": "mjc.runtime.tiles.hand",
    "plain_type_errors": "mjc.runtime.tiles.argcheck",
    "raise_if_wrong": "mjc.runtime.tiles.argcheck",
    "suit_splits": "mjc.runtime.tiles.tables",
    "tile_error": "mjc.runtime.tiles.tile",
    "tile_index": "mjc.runtime.tiles.tile",
    "tile_name_en": "mjc.runtime.tiles.tile",
    "tile_name_zh": "mjc.runtime.tiles.tile",
    "tile_or_red_five": "mjc.runtime.tiles.tile",
    "tile_text": "mjc.runtime.tiles.tile",
    "type_name": "mjc.runtime.tiles.argcheck",
    "wait_kind": "mjc.runtime.tiles.melds",
    "with_win_tile": "mjc.runtime.tiles.hand",
    "wrong_argument": "mjc.runtime.tiles.argcheck",
}

_lazy_getattr, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)


def __getattr__(name: str) -> object:
    """A public name, imported on first use; the per-suit tables made whole first (inside
    the runtime they hold only the keys met until a reader needs them whole: `fill_tables`),
    so that `mjc.runtime.tiles.SUIT_TABLE` is the whole table, as it always was."""
    if name in ("SUIT_TABLE", "HONOUR_TABLE"):
        from mjc.runtime.tiles.tables import fill_tables

        fill_tables()
    return _lazy_getattr(name)


__all__ = [
    "FLOWER_BASE",
    "HONOUR_BASE",
    "HONOUR_TABLE",
    "IS_DRAGON",
    "IS_FLOWER",
    "IS_GREEN",
    "IS_HONOUR",
    "IS_SIMPLE",
    "IS_SUITED",
    "IS_TERMINAL",
    "IS_TERMINAL_OR_HONOUR",
    "IS_WIND",
    "KINDS",
    "MAX_DECLARED",
    "MAX_TILES",
    "MELD_SIZE",
    "NUM_PLAYING",
    "NUM_TILES",
    "PLACES",
    "RANK_OF",
    "RED_FIVES",
    "SUITS",
    "SUIT_BASE",
    "SUIT_OF",
    "SUIT_TABLE",
    "TERMINALS_AND_HONOURS",
    "TEXTS",
    "WAIT_ORDER",
    "WRONG_TYPE_SIGNS",
    "Hand",
    "HandError",
    "Meld",
    "NotationError",
    "Split",
    "all_melds",
    "describe",
    "format_hand",
    "honour_splits",
    "meld",
    "parse_hand",
    "plain_type_errors",
    "raise_if_wrong",
    "suit_splits",
    "tile_error",
    "tile_index",
    "tile_name_en",
    "tile_name_zh",
    "tile_or_red_five",
    "tile_text",
    "type_name",
    "wait_kind",
    "with_win_tile",
    "wrong_argument",
]
