"""Bots that play a seat of a `Round`: random, auto-play and greedy.

`simple` has the random and auto-play bots, `greedy` the greedy policy as pure functions of
a hand, `greedybot` that policy playing a seat; each is a `Bot` (`mjc.runtime.game.players`,
re-exported here with `play_round`). Reads the game engine and the ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.lazyimport import lazy_exports

if TYPE_CHECKING:
    from mjc.runtime.bots.greedy import (
        Claim,
        GameView,
        Outlook,
        choose_discard,
        claim_improves,
        claim_of,
        game_view,
        outlook,
        wants_win,
    )
    from mjc.runtime.bots.greedybot import (
        GreedyBot,
    )
    from mjc.runtime.bots.simple import (
        AutoBot,
        RandomBot,
    )
    from mjc.runtime.game.players import Bot, play_round

# Each public name, and the module that defines it (imported on first use).
_EXPORTS = {
    "AutoBot": "mjc.runtime.bots.simple",
    "Bot": "mjc.runtime.game.players",
    "Claim": "mjc.runtime.bots.greedy",
    "GameView": "mjc.runtime.bots.greedy",
    "GreedyBot": "mjc.runtime.bots.greedybot",
    "Outlook": "mjc.runtime.bots.greedy",
    "RandomBot": "mjc.runtime.bots.simple",
    "choose_discard": "mjc.runtime.bots.greedy",
    "claim_improves": "mjc.runtime.bots.greedy",
    "claim_of": "mjc.runtime.bots.greedy",
    "game_view": "mjc.runtime.bots.greedy",
    "outlook": "mjc.runtime.bots.greedy",
    "play_round": "mjc.runtime.game.players",
    "wants_win": "mjc.runtime.bots.greedy",
}

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)

__all__ = [
    "AutoBot",
    "Bot",
    "Claim",
    "GameView",
    "GreedyBot",
    "Outlook",
    "RandomBot",
    "choose_discard",
    "claim_improves",
    "claim_of",
    "game_view",
    "outlook",
    "play_round",
    "wants_win",
]
