"""The engine settles its own round through `Ruleset.settle_played`, handing the settlement the
hands still playing at a draw as it holds them (`HeldAtDraw`) instead of their text parsed
again: the settlement is the one the public path makes of the round's JSON, read as any
caller's (`Ruleset.settle`, every check made), for every bundled rulebook and the draw
payments' own (查大叫 scores each wait, 查花猪 reads the suits, 退税 the kongs)."""

from __future__ import annotations

from typing import Any

import pytest

from mjc.compiler.syntax.sources import bundled_rulebooks
from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game import roundend
from mjc.runtime.game.engine import Round
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.payments import HeldAtDraw
from mjc.runtime.tiles.hand import parse_hand
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


def _unmade_seats(rules: Ruleset, rounds: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Over `rounds` random rounds of `rules` (4 players): how many seats were handed over at
    a draw without a `Hand`, and how many with one; each round's settlement is also checked
    against the one its hands, every one made (the `Hand` each text reads as), give."""
    handed: list[tuple[dict[str, Any], dict[int, HeldAtDraw]]] = []
    settle = roundend._settle

    def keep(r: Round, outcome: dict[str, Any], drawn: bool, dealer: int, held: dict) -> None:
        handed.append((outcome, dict(held)))
        settle(r, outcome, drawn, dealer, held)

    monkeypatch.setattr(roundend, "_settle", keep)
    unmade = made = 0
    for i in range(rounds):
        game = Round(rules, seed=900 + i, players=4, dealer=i % 4)
        play_round(game, [RandomBot(i * 7 + s) for s in range(4)])
        outcome, held = handed.pop()
        if not held:
            continue
        texts = outcome["hands"]
        full = {s: HeldAtDraw(parse_hand(texts[str(s)]), h.waits) for s, h in held.items()}
        assert rules.settle_played(outcome, full).as_dict() == game.settlement.as_dict(), i
        for h in held.values():
            if h.hand is None:
                unmade += 1
                assert h.waits is not None and not h.waits  # it waits on nothing
            else:
                made += 1
    return unmade, made


def test_a_seat_waiting_on_nothing_is_settled_without_its_hand_under_lines_of_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Riichi's draw lines (聴牌料) read only the options: at a draw the engine makes no `Hand`
    for a seat that waits on nothing, and the settlement is the one the made hands give (and,
    above, the one the round's JSON gives)."""
    rules = ruleset("riichi")
    assert rules.payments.draws_by_options
    unmade, made = _unmade_seats(rules, 30, monkeypatch)
    assert unmade > 0 and made > 0  # (a seat ready at the draw has its hand made)


def test_every_hand_at_the_draw_is_made_where_the_draw_lines_read_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """查花猪 reads the hand's suits (`when suits(tiles) == 3`): every seat's `Hand` is made."""
    rules = ruleset(str(DRAW_PAYMENTS_RULEBOOK))
    assert not rules.payments.draws_by_options
    unmade, made = _unmade_seats(rules, 30, monkeypatch)
    assert unmade == 0 and made > 0
