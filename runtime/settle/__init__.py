"""Settling a finished round: who pays whom, how much and for what.

`round` (with `roundtypes` and `jsoninput`) reads the finished round a caller or `mjc
settle` gives, within limits; `claimcheck` and `tilecount` check it against the rulebook;
`payments`, `horses` and `liability` are the rulebook's settlement rules, horses and who is
liable; `settlement` pays the round out, with `dealwinlines` (the wins at the deal) and
`drawlines` (payments at an exhaustive draw). Needs pydantic (for the round's input) only in
`round` and the modules that read it, which this package imports lazily.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.settle.claimcheck import (
        RoundRules,
        match_claims,
        round_problems,
        wild_win_refusal,
    )
    from mjc.runtime.settle.dealwinlines import (
        DealWinRules,
        DealWinsOf,
        deal_win_lines,
    )
    from mjc.runtime.settle.horses import (
        NOBODY,
        HorseError,
        HorseKind,
        Horses,
    )
    from mjc.runtime.settle.jsoninput import (
        MAX_JSON_BYTES,
        MAX_JSON_DEPTH,
        JSONInputError,
        load_json,
    )
    from mjc.runtime.settle.liability import (
        DRAGON_TILES,
        WIND_TILES,
        claim_relations,
        meld_feeders,
        pattern_feeders,
    )
    from mjc.runtime.settle.payments import (
        DEFAULT_PAYMENTS,
        BonusRule,
        DealWinInfo,
        HeldAtDraw,
        KongRule,
        Payments,
        RelationRule,
        RoundFacts,
        WinRule,
    )
    from mjc.runtime.settle.round import (
        MAX_SETS,
        Claim,
        DealWinShown,
        GoAround,
        KongRecord,
        Opening,
        RoundOutcome,
        Winner,
        parse_round,
        parse_round_json,
        round_json_schema,
    )
    from mjc.runtime.settle.roundtypes import (
        TYPE_ERRORS,
        OptionValue,
        RoundError,
        RoundTypeError,
        SeatKey,
        round_error,
        shown,
    )
    from mjc.runtime.settle.settlement import (
        Line,
        PaymentKind,
        ScoreHand,
        Settlement,
        settle,
    )
    from mjc.runtime.settle.tilecount import (
        CLAIM_COPIES,
        copy_problems,
        tile_counts,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "BonusRule": "mjc.runtime.settle.payments",
    "CLAIM_COPIES": "mjc.runtime.settle.tilecount",
    "Claim": "mjc.runtime.settle.round",
    "DEFAULT_PAYMENTS": "mjc.runtime.settle.payments",
    "DRAGON_TILES": "mjc.runtime.settle.liability",
    "DealWinInfo": "mjc.runtime.settle.payments",
    "DealWinRules": "mjc.runtime.settle.dealwinlines",
    "DealWinShown": "mjc.runtime.settle.round",
    "DealWinsOf": "mjc.runtime.settle.dealwinlines",
    "deal_win_lines": "mjc.runtime.settle.dealwinlines",
    "GoAround": "mjc.runtime.settle.round",
    "HeldAtDraw": "mjc.runtime.settle.payments",
    "HorseError": "mjc.runtime.settle.horses",
    "HorseKind": "mjc.runtime.settle.horses",
    "Horses": "mjc.runtime.settle.horses",
    "JSONInputError": "mjc.runtime.settle.jsoninput",
    "KongRecord": "mjc.runtime.settle.round",
    "KongRule": "mjc.runtime.settle.payments",
    "Line": "mjc.runtime.settle.settlement",
    "match_claims": "mjc.runtime.settle.claimcheck",
    "MAX_JSON_BYTES": "mjc.runtime.settle.jsoninput",
    "MAX_JSON_DEPTH": "mjc.runtime.settle.jsoninput",
    "MAX_SETS": "mjc.runtime.settle.round",
    "NOBODY": "mjc.runtime.settle.horses",
    "Opening": "mjc.runtime.settle.round",
    "OptionValue": "mjc.runtime.settle.roundtypes",
    "PaymentKind": "mjc.runtime.settle.settlement",
    "Payments": "mjc.runtime.settle.payments",
    "RelationRule": "mjc.runtime.settle.payments",
    "RoundError": "mjc.runtime.settle.roundtypes",
    "RoundFacts": "mjc.runtime.settle.payments",
    "RoundOutcome": "mjc.runtime.settle.round",
    "RoundRules": "mjc.runtime.settle.claimcheck",
    "RoundTypeError": "mjc.runtime.settle.roundtypes",
    "ScoreHand": "mjc.runtime.settle.settlement",
    "SeatKey": "mjc.runtime.settle.roundtypes",
    "Settlement": "mjc.runtime.settle.settlement",
    "TYPE_ERRORS": "mjc.runtime.settle.roundtypes",
    "WIND_TILES": "mjc.runtime.settle.liability",
    "WinRule": "mjc.runtime.settle.payments",
    "Winner": "mjc.runtime.settle.round",
    "claim_relations": "mjc.runtime.settle.liability",
    "copy_problems": "mjc.runtime.settle.tilecount",
    "load_json": "mjc.runtime.settle.jsoninput",
    "meld_feeders": "mjc.runtime.settle.liability",
    "parse_round": "mjc.runtime.settle.round",
    "parse_round_json": "mjc.runtime.settle.round",
    "pattern_feeders": "mjc.runtime.settle.liability",
    "round_error": "mjc.runtime.settle.roundtypes",
    "round_json_schema": "mjc.runtime.settle.round",
    "round_problems": "mjc.runtime.settle.claimcheck",
    "settle": "mjc.runtime.settle.settlement",
    "shown": "mjc.runtime.settle.roundtypes",
    "tile_counts": "mjc.runtime.settle.tilecount",
    "wild_win_refusal": "mjc.runtime.settle.claimcheck",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "CLAIM_COPIES",
    "DEFAULT_PAYMENTS",
    "DRAGON_TILES",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_SETS",
    "NOBODY",
    "TYPE_ERRORS",
    "WIND_TILES",
    "BonusRule",
    "Claim",
    "DealWinInfo",
    "DealWinRules",
    "DealWinShown",
    "DealWinsOf",
    "GoAround",
    "HeldAtDraw",
    "HorseError",
    "HorseKind",
    "Horses",
    "JSONInputError",
    "KongRecord",
    "KongRule",
    "Line",
    "Opening",
    "OptionValue",
    "PaymentKind",
    "Payments",
    "RelationRule",
    "RoundError",
    "RoundFacts",
    "RoundOutcome",
    "RoundRules",
    "RoundTypeError",
    "ScoreHand",
    "SeatKey",
    "Settlement",
    "WinRule",
    "Winner",
    "claim_relations",
    "copy_problems",
    "deal_win_lines",
    "load_json",
    "match_claims",
    "meld_feeders",
    "parse_round",
    "parse_round_json",
    "pattern_feeders",
    "round_error",
    "round_json_schema",
    "round_problems",
    "settle",
    "shown",
    "tile_counts",
    "wild_win_refusal",
]
