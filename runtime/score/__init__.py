"""Scoring a winning hand: the generic engine a generated module plugs its fans into.

`scoring` runs a rulebook's `score_fans`, tiers and caps over a hand's arrangements,
`explain` makes a score explain itself, `situations` and `situationargs` build the
`Situation` of a win and refuse contradictions, `options` turns a caller's options into a
setting. Reads tiles and wins; hands on `Score`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.rules.scorepieces import (
        best_reading,
        check_tiles_in_play,
        custom_arrangements,
        fan_score,
        no_win_reason,
        with_win,
    )
    from mjc.runtime.score.explain import (
        STEP_KINDS,
        Step,
        Suppressed,
        each_value,
        score_steps,
        substitutions,
        suppressed_fans,
    )
    from mjc.runtime.score.options import (
        ChoiceSpec,
        OptionError,
        OptionSpec,
        resolve_options,
    )
    from mjc.runtime.score.scoring import (
        NO_PAIR,
        SITUATION_FLAGS,
        FanInfo,
        FanScore,
        NoPair,
        Result,
        Score,
        Scorer,
        Situation,
        TierInfo,
        count_suits,
        count_suits_of_melds,
        limit_counts,
        tier_capped,
        with_waits,
    )
    from mjc.runtime.score.situationargs import (
        WIND_TILES,
        new_situation,
        wind,
    )
    from mjc.runtime.score.situations import (
        SITUATION_ERROR_CODE,
        SituationError,
        refusal,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "ChoiceSpec": "mjc.runtime.score.options",
    "FanInfo": "mjc.runtime.score.scoring",
    "FanScore": "mjc.runtime.score.scoring",
    "NO_PAIR": "mjc.runtime.score.scoring",
    "NoPair": "mjc.runtime.score.scoring",
    "OptionError": "mjc.runtime.score.options",
    "OptionSpec": "mjc.runtime.score.options",
    "Result": "mjc.runtime.score.scoring",
    "SITUATION_FLAGS": "mjc.runtime.score.scoring",
    "STEP_KINDS": "mjc.runtime.score.explain",
    "Score": "mjc.runtime.score.scoring",
    "Scorer": "mjc.runtime.score.scoring",
    "Situation": "mjc.runtime.score.scoring",
    "SITUATION_ERROR_CODE": "mjc.runtime.score.situations",
    "SituationError": "mjc.runtime.score.situations",
    "Step": "mjc.runtime.score.explain",
    "Suppressed": "mjc.runtime.score.explain",
    "TierInfo": "mjc.runtime.score.scoring",
    "WIND_TILES": "mjc.runtime.score.situationargs",
    "best_reading": "mjc.runtime.rules.scorepieces",
    "check_tiles_in_play": "mjc.runtime.rules.scorepieces",
    "count_suits": "mjc.runtime.score.scoring",
    "count_suits_of_melds": "mjc.runtime.score.scoring",
    "custom_arrangements": "mjc.runtime.rules.scorepieces",
    "each_value": "mjc.runtime.score.explain",
    "fan_score": "mjc.runtime.rules.scorepieces",
    "refusal": "mjc.runtime.score.situations",
    "limit_counts": "mjc.runtime.score.scoring",
    "new_situation": "mjc.runtime.score.situationargs",
    "no_win_reason": "mjc.runtime.rules.scorepieces",
    "resolve_options": "mjc.runtime.score.options",
    "score_steps": "mjc.runtime.score.explain",
    "substitutions": "mjc.runtime.score.explain",
    "suppressed_fans": "mjc.runtime.score.explain",
    "tier_capped": "mjc.runtime.score.scoring",
    "wind": "mjc.runtime.score.situationargs",
    "with_waits": "mjc.runtime.score.scoring",
    "with_win": "mjc.runtime.rules.scorepieces",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "NO_PAIR",
    "SITUATION_ERROR_CODE",
    "SITUATION_FLAGS",
    "STEP_KINDS",
    "WIND_TILES",
    "ChoiceSpec",
    "FanInfo",
    "FanScore",
    "NoPair",
    "OptionError",
    "OptionSpec",
    "Result",
    "Score",
    "Scorer",
    "Situation",
    "SituationError",
    "Step",
    "Suppressed",
    "TierInfo",
    "best_reading",
    "check_tiles_in_play",
    "count_suits",
    "count_suits_of_melds",
    "custom_arrangements",
    "each_value",
    "fan_score",
    "limit_counts",
    "new_situation",
    "no_win_reason",
    "refusal",
    "resolve_options",
    "score_steps",
    "substitutions",
    "suppressed_fans",
    "tier_capped",
    "wind",
    "with_waits",
    "with_win",
]
