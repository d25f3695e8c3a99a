"""The engine settles its own round through `Ruleset.settle_played`, handing the settlement the
hands still playing at a draw as it holds them (`HeldAtDraw`) instead of their text parsed
again: the settlement is the one the public path makes of the round's JSON, read as any
caller's (`Ruleset.settle`, every check made), for every bundled rulebook and the draw
payments' own (查大叫 scores each wait, 查花猪 reads the suits, 退税 the kongs)."""

from __future__ import annotations

import pytest

from mjc.compiler.syntax.sources import bundled_rulebooks
from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.players import play_round
from tests.conftest import ruleset
from tests.helpers.small_rulebooks import DRAW_PAYMENTS_RULEBOOK

ROUNDS = 40
BOOKS = {
    **{name: name for name in bundled_rulebooks()},
    "draw_payments": str(DRAW_PAYMENTS_RULEBOOK),
}


@pytest.mark.parametrize("name", BOOKS)
def test_the_engine_settles_its_round_as_the_public_path_settles_its_json(name: str) -> None:
    rules = ruleset(BOOKS[name])
    drawn_with_hands = 0
    for i in range(ROUNDS):
        players = rules.players[i % len(rules.players)]
        game = Round(rules, seed=500 + i, players=players, dealer=i % players)
        result = play_round(game, [RandomBot(i * 11 + s) for s in range(players)])
        outcome = result["outcome"]
        drawn_with_hands += "hands" in outcome
        again = rules.settle(outcome)  # as any caller's round: parsed and checked
        assert game.settlement is not None
        assert again.as_dict() == game.settlement.as_dict(), (name, i)
        assert again.scores == game.settlement.scores
        assert again.later_scores == game.settlement.later_scores
    if rules.payments.draw_rules:  # the rounds ran out of tiles with hands to settle
        assert drawn_with_hands > 0
