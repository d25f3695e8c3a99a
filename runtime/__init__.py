"""mjc's runtime: what game servers call, and what generated rulebook modules build on.

This package never imports the compiler. `__all__` below is the public API: the `Ruleset` a
generated module exports as `RULESET`, hands and tiles, scores, options, horses and the
settlement of a round. The names a generated module imports are listed apart, once, in
`mjc.runtime.exported`.

Its packages, bottom first, each importing only those below it: `tiles` (tiles, hands,
melds), `wins` (the win check, waits, shanten), `score`, `settle`, `rules` (`Ruleset`),
`game` (the engine), `bots` and `sim` (docs/architecture.md).

`import mjc.runtime` does not import pydantic: only the settlement input needs it, so the
round's names (`RoundOutcome`, `parse_round`, `parse_round_json`, `round_json_schema`,
`RoundError`, `RoundTypeError`, `Settlement`) are imported on first use. So are the game
engine's (`Round`, `Match`, the `Scenario` a round is set up with and the `RoundState` view
of it), which most callers of the scoring API never need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.rules.spec import ExampleSpec, RulesetSpec
from mjc.runtime.score.options import ChoiceSpec, OptionError, OptionSpec
from mjc.runtime.score.scoring import SITUATION_FLAGS, FanInfo, FanScore, Score, Situation, TierInfo
from mjc.runtime.score.situations import SituationError
from mjc.runtime.settle.horses import NOBODY, HorseError, HorseKind, Horses
from mjc.runtime.tiles.hand import Hand, HandError, format_hand, parse_hand
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.tiles.tile import NotationError, tile_index, tile_text
from mjc.runtime.version import API_VERSION, RuntimeVersionError
from mjc.runtime.wins.arrange import Arrangement, arrangements, is_win
from mjc.runtime.wins.wilds import WildIndicatorMissing, is_win_with_wilds, wild_arrangements

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round
    from mjc.runtime.game.match import Match
    from mjc.runtime.game.roundstate import RoundState
    from mjc.runtime.game.scenario import Scenario, ScenarioError
    from mjc.runtime.settle.round import (
        RoundError,
        RoundOutcome,
        RoundTypeError,
        parse_round,
        parse_round_json,
        round_json_schema,
    )
    from mjc.runtime.settle.settlement import Settlement

# Public names imported on first use (the settlement's need pydantic): the module of each.
_LAZY = {
    "Match": "mjc.runtime.game.match",
    "Round": "mjc.runtime.game.engine",
    "RoundState": "mjc.runtime.game.roundstate",
    "Scenario": "mjc.runtime.game.scenario",
    "ScenarioError": "mjc.runtime.game.scenario",
    "RoundError": "mjc.runtime.settle.round",
    "RoundOutcome": "mjc.runtime.settle.round",
    "RoundTypeError": "mjc.runtime.settle.round",
    "parse_round": "mjc.runtime.settle.round",
    "parse_round_json": "mjc.runtime.settle.round",
    "round_json_schema": "mjc.runtime.settle.round",
    "Settlement": "mjc.runtime.settle.settlement",
}


__getattr__, __dir__ = lazy_exports(__name__, globals(), _LAZY)

__all__ = [
    "API_VERSION",
    "NOBODY",
    "SITUATION_FLAGS",
    "Arrangement",
    "ChoiceSpec",
    "ExampleSpec",
    "FanInfo",
    "FanScore",
    "Hand",
    "HandError",
    "HorseError",
    "HorseKind",
    "Horses",
    "Match",
    "Meld",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Round",
    "RoundError",
    "RoundOutcome",
    "RoundState",
    "RoundTypeError",
    "Ruleset",
    "RulesetSpec",
    "RuntimeVersionError",
    "Scenario",
    "ScenarioError",
    "Score",
    "Settlement",
    "Situation",
    "SituationError",
    "TierInfo",
    "WildIndicatorMissing",
    "arrangements",
    "format_hand",
    "is_win",
    "is_win_with_wilds",
    "meld",
    "parse_hand",
    "parse_round",
    "parse_round_json",
    "round_json_schema",
    "tile_index",
    "tile_text",
    "wild_arrangements",
]
