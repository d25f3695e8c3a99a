"""`Ruleset`: one rulebook at run time, what a generated module exports as `RULESET`.

`ruleset` is the object game servers call (`score`, `is_win`, `waits`, `settle`), built
from the generated module's `spec` (`RulesetSpec`); `turnrules` is how a round is played
under one option setting, `gamecache` what a ruleset prepares once per setting, `waits`
waits and shanten under the rulebook, `scorepieces` the parts of `score` off its hot path.
Reads tiles, wins, score and settle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.rules.gamecache import (
        GAME_CACHE_SIZE,
        Bounded,
        Game,
        GameCache,
        Memo,
        Request,
        options_key,
        prepare_game,
    )
    from mjc.runtime.rules.ruleset import (
        WIND_TILES,
        Ruleset,
        SituationError,
    )
    from mjc.runtime.rules.spec import (
        WILD_ACTIONS,
        ExampleSpec,
        Options,
        Preset,
        RulesetSpec,
        ScoreFans,
    )
    from mjc.runtime.rules.turnrules import (
        BreakStart,
        ClaimKind,
        DealerAfterDraw,
        DealerAfterOtherWin,
        DealerAfterRobbedKong,
        DealerAfterSeveral,
        FirstDealer,
        Replacement,
        TurnRules,
    )
    from mjc.runtime.rules.waits import (
        Wait,
        Waits,
        ruleset_shanten,
        ruleset_waits,
        visible_counts,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "Bounded": "mjc.runtime.rules.gamecache",
    "BreakStart": "mjc.runtime.rules.turnrules",
    "ClaimKind": "mjc.runtime.rules.turnrules",
    "DealerAfterDraw": "mjc.runtime.rules.turnrules",
    "DealerAfterOtherWin": "mjc.runtime.rules.turnrules",
    "DealerAfterRobbedKong": "mjc.runtime.rules.turnrules",
    "DealerAfterSeveral": "mjc.runtime.rules.turnrules",
    "ExampleSpec": "mjc.runtime.rules.spec",
    "FirstDealer": "mjc.runtime.rules.turnrules",
    "GAME_CACHE_SIZE": "mjc.runtime.rules.gamecache",
    "Game": "mjc.runtime.rules.gamecache",
    "GameCache": "mjc.runtime.rules.gamecache",
    "Memo": "mjc.runtime.rules.gamecache",
    "Options": "mjc.runtime.rules.spec",
    "Preset": "mjc.runtime.rules.spec",
    "Replacement": "mjc.runtime.rules.turnrules",
    "Request": "mjc.runtime.rules.gamecache",
    "Ruleset": "mjc.runtime.rules.ruleset",
    "RulesetSpec": "mjc.runtime.rules.spec",
    "ScoreFans": "mjc.runtime.rules.spec",
    "SituationError": "mjc.runtime.rules.ruleset",
    "TurnRules": "mjc.runtime.rules.turnrules",
    "WILD_ACTIONS": "mjc.runtime.rules.spec",
    "WIND_TILES": "mjc.runtime.rules.ruleset",
    "Wait": "mjc.runtime.rules.waits",
    "Waits": "mjc.runtime.rules.waits",
    "options_key": "mjc.runtime.rules.gamecache",
    "prepare_game": "mjc.runtime.rules.gamecache",
    "ruleset_shanten": "mjc.runtime.rules.waits",
    "ruleset_waits": "mjc.runtime.rules.waits",
    "visible_counts": "mjc.runtime.rules.waits",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "GAME_CACHE_SIZE",
    "WILD_ACTIONS",
    "WIND_TILES",
    "Bounded",
    "BreakStart",
    "ClaimKind",
    "DealerAfterDraw",
    "DealerAfterOtherWin",
    "DealerAfterRobbedKong",
    "DealerAfterSeveral",
    "ExampleSpec",
    "FirstDealer",
    "Game",
    "GameCache",
    "Memo",
    "Options",
    "Preset",
    "Replacement",
    "Request",
    "Ruleset",
    "RulesetSpec",
    "ScoreFans",
    "SituationError",
    "TurnRules",
    "Wait",
    "Waits",
    "options_key",
    "prepare_game",
    "ruleset_shanten",
    "ruleset_waits",
    "visible_counts",
]
