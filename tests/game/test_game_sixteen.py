"""The game engine and settlement under a rulebook of `hand 16` (台湾十六张,
tests/helpers/rulebooks/sixteen.mjr): the dealer is dealt 17 and the others 16, flowers are
replaced, and rounds of bots alone end in wins of 17 tiles that replay exactly and settle
to zero; a round's JSON of such a rulebook settles, and a rulebook of 13 refuses it."""

from __future__ import annotations

from functools import cache

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, RandomBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.observation import observation
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from mjc.runtime.tiles.hand import parse_hand
from tests.helpers.settlement_helpers import assert_settles_and_replays, ruleset as bundled
from tests.helpers.small_rulebooks import SIXTEEN_RULEBOOK


@cache
def rules() -> Ruleset:
    text = SIXTEEN_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "sixteen.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_sixteen_game", "s.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def _size(seat: object) -> int:
    """Tiles a seat holds, each declared meld counting three (its flowers apart)."""
    return len(seat.concealed) + 3 * len(seat.melds)  # type: ignore[attr-defined]


def test_the_dealer_is_dealt_seventeen_and_the_others_sixteen() -> None:
    game = Round(rules(), seed=3)
    state = game.state()
    assert state.turn == state.dealer
    sizes = [_size(s) for s in state.seats]
    assert sizes[state.dealer] == 17
    assert [n for i, n in enumerate(sizes) if i != state.dealer] == [16, 16, 16]
    assert not any(t.endswith("f") for s in state.seats for t in s.concealed)  # replaced
    assert game.census() == list(game.copies)
    assert len(observation(game, 1)["seats"][1]["concealed"]) == 16


def test_greedy_bots_end_rounds_in_wins_of_seventeen_that_replay() -> None:
    wins = 0
    for seed in range(4):
        game = Round(rules(), seed=seed)
        play_round(game, [GreedyBot(rules())] * 4)
        assert game.result is not None and game.census() == list(game.copies)
        for winner in game.result["outcome"]["winners"]:
            hand = parse_hand(winner["hand"], winner.get("win_tile"), tiles=17)
            assert hand.size == 17 and rules().score(hand).win
            wins += 1
        assert_settles_and_replays(rules(), game)
    assert wins >= 3


def test_random_and_auto_bots_play_rounds_out() -> None:
    for seed, bots in ((1, [RandomBot(1)] * 4), (2, [AutoBot()] * 4)):
        game = Round(rules(), seed=seed)
        play_round(game, bots)
        assert game.over and game.census() == list(game.copies)
        for seat, st in enumerate(game.state().seats):
            if seat not in game.result["winners"]:  # type: ignore[index]
                assert _size(st) == 16
        assert_settles_and_replays(rules(), game)


def test_claims_chow_pong_and_kong_are_made() -> None:
    made: set[str] = set()
    for seed in range(6):
        game = Round(rules(), seed=seed)
        play_round(game, [GreedyBot(rules())] * 4)
        made |= {e["kind"] for e in game.events if e["type"] == "claim"}
    assert {"chow", "pong"} <= made


FIVE_MELDS = "11s [123m] [456m] [789m] [123p] [456p]"
CLAIMS = [
    {"seat": 1, "kind": "chow", "from_seat": 0, "tile": t} for t in ("1m", "4m", "7m", "1p", "4p")
]


def test_a_round_of_five_claimed_sets_settles() -> None:
    result = rules().settle(
        {"winners": [{"seat": 1, "hand": FIVE_MELDS}], "discarder": 2, "claims": CLAIMS}
    )
    assert sum(result.deltas) == 0 and result.deltas[1] > 0


def test_a_rulebook_of_thirteen_refuses_that_round() -> None:
    with pytest.raises(RoundError, match="at most 4"):
        bundled("guangdong").settle(
            {"winners": [{"seat": 1, "hand": FIVE_MELDS}], "discarder": 2, "claims": CLAIMS}
        )
    with pytest.raises(RoundError, match="a hand has at most 17"):
        rules().settle(
            {"winners": [{"seat": 1, "hand": "123m456m789m123p456p11s1z"}], "discarder": 2}
        )


def test_the_hands_at_a_draw_hold_sixteen() -> None:
    hands = {str(s): "123m456m789m123p456p1s" for s in range(4)}
    result = rules().settle({"exhaustive_draw": True, "hands": hands})
    assert sum(result.deltas) == 0
    hands["0"] = "123m456m789m1s"
    with pytest.raises(RoundError, match="holds 16 tiles"):
        rules().settle({"exhaustive_draw": True, "hands": hands})
