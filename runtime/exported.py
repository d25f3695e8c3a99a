"""The names a generated rulebook module may import: `from mjc.runtime.exported import ...`.

This is the one list of them (as Jinja2's `runtime.exported`): the code generator
(`mjc.compiler.emit.codegen`) reads `ALWAYS`, what every module imports, and refuses to write an
import of a name missing from `__all__`; `tests/emit/test_exported.py` checks that every
name here is imported by some generated module. What game servers call is the package's own
API, `mjc.runtime.__all__`, listed apart. Nothing here imports pydantic.
"""

from __future__ import annotations

from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.spec import (
    WILD_ACTIONS,
    DeclareSpec,
    ExampleSpec,
    ExchangeSpec,
    KongKindSpec,
    RulesetSpec,
)
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.score.options import ChoiceSpec, OptionSpec
from mjc.runtime.score.scoring import (
    NO_PAIR,
    FanInfo,
    Situation,
    TierInfo,
    count_suits,
    count_suits_of_melds,
    limit_counts,
)
from mjc.runtime.score.situations import refusal
from mjc.runtime.settle.horses import HorseKind, Horses
from mjc.runtime.settle.payments import (
    BonusRule,
    DealWinInfo,
    DrawRule,
    KongRule,
    Payments,
    RelationRule,
    RoundFacts,
    WinRule,
)
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.melds import Meld
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
    RANK_OF,
    SUIT_OF,
)
from mjc.runtime.version import require_api
from mjc.runtime.wins.arrange import Arrangement
from mjc.runtime.wins.meldboards import (
    COUNT_BITS,
    COUNT_SHIFT,
    DISTINCT_SLOTS_3,
    EVERY_RANK,
    SUIT_BIT,
    SUITED_SLOTS,
    TILE_FIELD,
    TILE_SLOT,
)
from mjc.runtime.wins.summaries import (
    MELD_SHAPES,
    SuitWords,
    meld_masks,
    summarize_melds,
    summarize_tiles,
    summary_tables,
    tile_masks,
)
from mjc.runtime.wins.wilds import WildIndicatorMissing

# Every generated module imports these: the types of its tables and the spec it builds.
ALWAYS: tuple[str, ...] = (
    "Arrangement",
    "BonusRule",
    "ChoiceSpec",
    "ExampleSpec",
    "FanInfo",
    "Hand",
    "HorseKind",
    "Horses",
    "KongRule",
    "OptionSpec",
    "Payments",
    "RelationRule",
    "RoundFacts",
    "Ruleset",
    "RulesetSpec",
    "Situation",
    "TierInfo",
    "WinRule",
    "refusal",
    "require_api",
)

# ALWAYS, and what the module's conditions, summaries and wild modes add when they need it.
__all__ = [
    "COUNT_BITS",
    "COUNT_SHIFT",
    "DISTINCT_SLOTS_3",
    "EVERY_RANK",
    "IS_DRAGON",
    "IS_FLOWER",
    "IS_GREEN",
    "IS_HONOUR",
    "IS_SIMPLE",
    "IS_SUITED",
    "IS_TERMINAL",
    "IS_TERMINAL_OR_HONOUR",
    "IS_WIND",
    "MELD_SHAPES",
    "NO_PAIR",
    "RANK_OF",
    "SUITED_SLOTS",
    "SUIT_BIT",
    "SUIT_OF",
    "TILE_FIELD",
    "TILE_SLOT",
    "WILD_ACTIONS",
    "Arrangement",
    "BonusRule",
    "ChoiceSpec",
    "DealWinInfo",
    "DeclareSpec",
    "DrawRule",
    "ExampleSpec",
    "ExchangeSpec",
    "FanInfo",
    "Hand",
    "HorseKind",
    "Horses",
    "KongKindSpec",
    "KongRule",
    "Meld",
    "OptionSpec",
    "Payments",
    "RelationRule",
    "RoundFacts",
    "Ruleset",
    "RulesetSpec",
    "Situation",
    "SuitWords",
    "TierInfo",
    "TurnRules",
    "WildIndicatorMissing",
    "WinRule",
    "count_suits",
    "count_suits_of_melds",
    "limit_counts",
    "meld_masks",
    "refusal",
    "require_api",
    "summarize_melds",
    "summarize_tiles",
    "summary_tables",
    "tile_masks",
]
