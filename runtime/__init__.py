"""mjc's runtime: what generated rulebook modules and game servers import.

This package never imports the compiler. Its public names below are the whole API that a
generated module may use (it imports nothing else), plus `parse_hand` for callers.
"""

from __future__ import annotations

from mjc.runtime.arrange import Arrangement, arrangements, is_win
from mjc.runtime.hand import Hand, HandError, format_hand, parse_hand
from mjc.runtime.horses import NOBODY, HorseError, HorseKind, Horses
from mjc.runtime.melds import Meld, meld
from mjc.runtime.options import ChoiceSpec, OptionError, OptionSpec
from mjc.runtime.payments import (
    BonusRule,
    KongRule,
    Payments,
    RelationRule,
    RoundFacts,
    WinRule,
)
from mjc.runtime.round import RoundError, RoundOutcome, parse_round, round_json_schema
from mjc.runtime.ruleset import WILD_ACTIONS, ExampleSpec, Ruleset
from mjc.runtime.scoring import (
    NO_PAIR,
    SITUATION_FLAGS,
    FanInfo,
    FanScore,
    Score,
    Situation,
    TierInfo,
    count_suits,
    count_suits_of_melds,
)
from mjc.runtime.summaries import (
    TILE_COUNT_WIDTH,
    SummaryTables,
    meld_masks,
    summarize,
    summarize_melds,
    summarize_tiles,
    summary_tables,
    tile_masks,
)
from mjc.runtime.tiles import (
    IS_DRAGON,
    IS_FLOWER,
    IS_GREEN,
    IS_HONOUR,
    IS_SIMPLE,
    IS_SUITED,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOUR,
    IS_WIND,
    RANK_OF,
    SUIT_OF,
    NotationError,
    tile_index,
    tile_text,
)
from mjc.runtime.wilds import WildIndicatorMissing, is_win_with_wilds, wild_arrangements

# Bumped whenever a generated module's view of this package changes incompatibly.
API_VERSION = 2


class RuntimeVersionError(ImportError):
    """A generated module was built for another version of the runtime."""


def require_api(version: int, rulebook: str) -> None:
    """Called first thing by every generated module."""
    if version != API_VERSION:
        raise RuntimeVersionError(
            f"the module for rulebook {rulebook!r} was generated for mjc runtime API "
            f"{version}, but this runtime provides API {API_VERSION}: rebuild it with `mjc build`"
        )


__all__ = [
    "API_VERSION",
    "IS_DRAGON",
    "IS_FLOWER",
    "IS_GREEN",
    "IS_HONOUR",
    "IS_SIMPLE",
    "IS_SUITED",
    "IS_TERMINAL",
    "IS_TERMINAL_OR_HONOUR",
    "IS_WIND",
    "NOBODY",
    "NO_PAIR",
    "RANK_OF",
    "SITUATION_FLAGS",
    "SUIT_OF",
    "TILE_COUNT_WIDTH",
    "WILD_ACTIONS",
    "Arrangement",
    "BonusRule",
    "ChoiceSpec",
    "ExampleSpec",
    "FanInfo",
    "FanScore",
    "Hand",
    "HandError",
    "HorseError",
    "HorseKind",
    "Horses",
    "KongRule",
    "Meld",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Payments",
    "RelationRule",
    "RoundError",
    "RoundFacts",
    "RoundOutcome",
    "Ruleset",
    "RuntimeVersionError",
    "Score",
    "Situation",
    "SummaryTables",
    "TierInfo",
    "WildIndicatorMissing",
    "WinRule",
    "arrangements",
    "count_suits",
    "count_suits_of_melds",
    "format_hand",
    "is_win",
    "is_win_with_wilds",
    "meld",
    "meld_masks",
    "parse_hand",
    "parse_round",
    "require_api",
    "round_json_schema",
    "summarize",
    "summarize_melds",
    "summarize_tiles",
    "summary_tables",
    "tile_index",
    "tile_masks",
    "tile_text",
    "wild_arrangements",
]
