"""The game engine: whole rounds and matches played by a rulebook's turn rules.

`engine` is `Round`, one round as a deterministic state machine; `wall` its wall, `actions` what
a seat may do, `claimwindow` and `claimanswers` the claims and the wins on a flower (八花,
七搶一), `sidewins` wins at the deal and on the tiles a kind of kong turns up, `autoplay` 托管,
`roundend` the round's end and its settlement, `tablefacts` the table's set-up, `observation`
what one seat may see, `players` the `Bot` protocol and `play_round`, `match` several rounds in
a row, `gamelog` the log that replays, `scenario` a round set up by hand (the hands, the wall's
ends, the dice), `roundstate` the read-only view of a round (`Round.state()`). Reads the
ruleset; never imports bots or the simulator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.game.actions import (
        KINDS,
        Action,
        ActionError,
        IllegalAction,
        action_from_json,
        action_text,
    )
    from mjc.runtime.game.autoplay import (
        AutoSeats,
        auto_choice,
        run,
        set_auto,
    )
    from mjc.runtime.game.claimanswers import (
        answer,
        flower_answer,
        flower_window,
        open_claims,
        open_rob,
    )
    from mjc.runtime.game.claimwindow import (
        RUNS_THROUGH,
        can_win,
        claims_of,
        discard_situations,
        may_complete,
        robbers,
        run_ok,
        score_win,
        self_draw_situations,
        swap_tiles,
        wild_may,
    )
    from mjc.runtime.game.engine import (
        Round,
    )
    from mjc.runtime.game.gamelog import (
        LOG_FORMAT,
        LogError,
        game_log_schema,
        log_lines,
        read_start,
        replay,
        rules_from_json,
        start_line,
        validate_line,
    )
    from mjc.runtime.game.match import (
        Match,
    )
    from mjc.runtime.game.players import Bot, play_round
    from mjc.runtime.game.roundend import (
        Opening,
        finish_draw,
        finish_win,
        next_dealer,
    )
    from mjc.runtime.game.roundstate import RoundState
    from mjc.runtime.game.scenario import Scenario, ScenarioError
    from mjc.runtime.game.sidewins import deal_answer, deal_window
    from mjc.runtime.game.tablefacts import (
        HUANGFAN,
        WINDS,
        GameSetupError,
        carry_huangfan,
        first_dealer,
        seat_wind,
        table_facts,
        table_situations,
    )
    from mjc.runtime.game.wall import (
        Wall,
        build_wall,
    )

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "Bot": "mjc.runtime.game.players",
    "Action": "mjc.runtime.game.actions",
    "ActionError": "mjc.runtime.game.actions",
    "AutoSeats": "mjc.runtime.game.autoplay",
    "GameSetupError": "mjc.runtime.game.tablefacts",
    "HUANGFAN": "mjc.runtime.game.tablefacts",
    "IllegalAction": "mjc.runtime.game.actions",
    "KINDS": "mjc.runtime.game.actions",
    "LOG_FORMAT": "mjc.runtime.game.gamelog",
    "LogError": "mjc.runtime.game.gamelog",
    "Match": "mjc.runtime.game.match",
    "Opening": "mjc.runtime.game.roundend",
    "RUNS_THROUGH": "mjc.runtime.game.claimwindow",
    "Round": "mjc.runtime.game.engine",
    "RoundState": "mjc.runtime.game.roundstate",
    "Scenario": "mjc.runtime.game.scenario",
    "ScenarioError": "mjc.runtime.game.scenario",
    "WINDS": "mjc.runtime.game.tablefacts",
    "Wall": "mjc.runtime.game.wall",
    "action_from_json": "mjc.runtime.game.actions",
    "action_text": "mjc.runtime.game.actions",
    "answer": "mjc.runtime.game.claimanswers",
    "auto_choice": "mjc.runtime.game.autoplay",
    "build_wall": "mjc.runtime.game.wall",
    "can_win": "mjc.runtime.game.claimwindow",
    "carry_huangfan": "mjc.runtime.game.tablefacts",
    "claims_of": "mjc.runtime.game.claimwindow",
    "discard_situations": "mjc.runtime.game.claimwindow",
    "finish_draw": "mjc.runtime.game.roundend",
    "finish_win": "mjc.runtime.game.roundend",
    "first_dealer": "mjc.runtime.game.tablefacts",
    "deal_answer": "mjc.runtime.game.sidewins",
    "deal_window": "mjc.runtime.game.sidewins",
    "flower_answer": "mjc.runtime.game.claimanswers",
    "flower_window": "mjc.runtime.game.claimanswers",
    "game_log_schema": "mjc.runtime.game.gamelog",
    "log_lines": "mjc.runtime.game.gamelog",
    "may_complete": "mjc.runtime.game.claimwindow",
    "next_dealer": "mjc.runtime.game.roundend",
    "open_claims": "mjc.runtime.game.claimanswers",
    "open_rob": "mjc.runtime.game.claimanswers",
    "read_start": "mjc.runtime.game.gamelog",
    "replay": "mjc.runtime.game.gamelog",
    "robbers": "mjc.runtime.game.claimwindow",
    "rules_from_json": "mjc.runtime.game.gamelog",
    "run": "mjc.runtime.game.autoplay",
    "run_ok": "mjc.runtime.game.claimwindow",
    "score_win": "mjc.runtime.game.claimwindow",
    "seat_wind": "mjc.runtime.game.tablefacts",
    "self_draw_situations": "mjc.runtime.game.claimwindow",
    "set_auto": "mjc.runtime.game.autoplay",
    "start_line": "mjc.runtime.game.gamelog",
    "swap_tiles": "mjc.runtime.game.claimwindow",
    "table_facts": "mjc.runtime.game.tablefacts",
    "table_situations": "mjc.runtime.game.tablefacts",
    "validate_line": "mjc.runtime.game.gamelog",
    "wild_may": "mjc.runtime.game.claimwindow",
    "play_round": "mjc.runtime.game.players",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "HUANGFAN",
    "KINDS",
    "LOG_FORMAT",
    "RUNS_THROUGH",
    "WINDS",
    "Action",
    "ActionError",
    "AutoSeats",
    "Bot",
    "GameSetupError",
    "IllegalAction",
    "LogError",
    "Match",
    "Opening",
    "Round",
    "RoundState",
    "Scenario",
    "ScenarioError",
    "Wall",
    "action_from_json",
    "action_text",
    "answer",
    "auto_choice",
    "build_wall",
    "can_win",
    "carry_huangfan",
    "claims_of",
    "deal_answer",
    "deal_window",
    "discard_situations",
    "finish_draw",
    "finish_win",
    "first_dealer",
    "flower_answer",
    "flower_window",
    "game_log_schema",
    "log_lines",
    "may_complete",
    "next_dealer",
    "open_claims",
    "open_rob",
    "play_round",
    "read_start",
    "replay",
    "robbers",
    "rules_from_json",
    "run",
    "run_ok",
    "score_win",
    "seat_wind",
    "self_draw_situations",
    "set_auto",
    "start_line",
    "swap_tiles",
    "table_facts",
    "table_situations",
    "validate_line",
    "wild_may",
]
