"""The engine's side of 杠上炮 (the builtin situation `kong_discard`): a win on the discard a
seat made right after drawing a kong's replacement names it, and only that win; its round's
settlement pays the kong's earnings on to the winner (呼叫转移, `kong_transfer`).

The rulebook is tests/helpers/rulebooks/kong_discard.mjr (108 tiles, pong and every kong,
after_win leave; 暗杠 each pays 2, 直杠 the feeder 2, 补杠 each 1; a fan 杠上炮 of 1 and
`kong_transfer if option.transfer`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.game.engine import Round
from mjc.runtime.rules.ruleset import Ruleset
from tests.helpers.engine_helpers import act, events_of, kinds, play_out, scenario_round
from tests.helpers.small_rulebooks import KONG_DISCARD_RULEBOOK

# The dealer holds four 1m (a concealed kong) and 9p after his draw; seat 1 waits on 6p or 9p.
DEALER = "1111m234p567p2378s"
WAITS_ON_9P = "234m567m888m78p55s"
SEAT2 = "2468m2468p2468s1s"
SEAT3 = "3579m3579p3579s9s"


@cache
def rules() -> Ruleset:
    text = KONG_DISCARD_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "kong_discard.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_kong_discard_test", "k.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def _first_win(game: Round) -> dict[str, Any]:
    """The round's first win event's winner, once the round is played out."""
    result = play_out(game)
    winner: dict[str, Any] = result["outcome"]["winners"][0]
    return winner


def test_a_win_on_the_discard_after_a_kong_replacement_is_kong_discard() -> None:
    """杠上炮: the dealer konges 1m, draws 9p as its replacement and discards it at once."""
    game = scenario_round(rules(), [DEALER, WAITS_ON_9P, SEAT2, SEAT3], tail="9p")
    act(game, 0, "concealed_kong", "1m")
    act(game, 0, "discard", "9p")
    assert "win" in kinds(game, 1)
    act(game, 1, "win")
    winner = _first_win(game)
    assert winner["seat"] == 1 and not winner["self_drawn"]
    assert winner["situations"] == ["kong_discard"]
    logged = events_of(game, "win")
    assert logged and logged[0]["winners"][0]["situations"] == ["kong_discard"]
    assert game.settlement is not None
    assert any(f.name == "杠上炮" for f in game.settlement.scores[1].fans)


def test_the_kongs_earnings_are_paid_on_to_the_winner() -> None:
    """呼叫转移: the dealer's 暗杠 earned 2 from each of the three others (6); it goes to seat 1."""
    game = scenario_round(rules(), [DEALER, WAITS_ON_9P, SEAT2, SEAT3], tail="9p")
    act(game, 0, "concealed_kong", "1m")
    act(game, 0, "discard", "9p")
    act(game, 1, "win")
    play_out(game)
    assert game.settlement is not None
    moved = [
        (x.payer, x.payee, x.amount, x.rule)
        for x in game.settlement.lines
        if x.kind == "kong_transfer"
    ]
    assert moved == [(0, 1, 6, "kong_transfer@kong_discard.mjr#1")]
    assert sum(game.settlement.deltas) == 0


def test_a_discard_after_an_ordinary_draw_is_no_kong_discard() -> None:
    """The same win on the dealer's 9p when he was dealt it, no kong made (人胡 instead)."""
    game = scenario_round(rules(), ["1112m234p567p378s9p", WAITS_ON_9P, SEAT2, SEAT3])
    act(game, 0, "discard", "9p")
    act(game, 1, "win")
    assert _first_win(game)["situations"] == ["human"]


def test_the_konger_s_next_turn_discards_no_kong_discard() -> None:
    """After the kong the dealer discards 8s; on his next, ordinary, turn he discards 9p."""
    game = scenario_round(rules(), [DEALER, WAITS_ON_9P, SEAT2, SEAT3], "1p1p1p9p", tail="8s")
    act(game, 0, "concealed_kong", "1m")
    act(game, 0, "discard", "8s")
    for seat in (1, 2, 3):
        act(game, seat, "discard", "1p")
    act(game, 0, "discard", "9p")
    act(game, 1, "win")
    assert _first_win(game)["situations"] == []


def test_a_win_on_the_replacement_itself_is_kong_bloom_not_kong_discard() -> None:
    """杠上开花 stays what it was: the dealer wins on his own replacement tile."""
    dealer = "1111m234p567p2366s"
    game = scenario_round(rules(), [dealer, WAITS_ON_9P, SEAT2, SEAT3], tail="4s")
    act(game, 0, "concealed_kong", "1m")
    act(game, 0, "win")
    winner = _first_win(game)
    assert winner["self_drawn"] and winner["situations"] == ["kong_bloom"]
