"""The engine's side of the payments at an exhaustive draw (issue 23: 查大叫, 查花猪, 退税): a
round that runs out of tiles writes the hands still playing in its round JSON (`hands`), and
its settlement has the draw lines; a bots-only round with them replays.

The rulebook is tests/helpers/rulebooks/draw_payments.mjr (108 tiles, after_win leave, cap 8;
花猪 pays every other seat the cap, a seat not ready and no 花猪 pays each ready seat its best
hand, a seat not ready returns its kong payments)."""

from __future__ import annotations

from functools import cache

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.game.engine import Round
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from tests.helpers.engine_helpers import play_out, scenario_round
from tests.helpers.settlement_helpers import assert_settles_and_replays, played_until, ruleset
from tests.helpers.small_rulebooks import DRAW_PAYMENTS_RULEBOOK

# The dealer discards 9s first and then every tile he draws (NoWinBot), as every seat does:
# the hands at the draw are these. Seat 0 waits on 5p (平胡, 1), seat 1 on 1m or 4m (清一色,
# 5); seat 2 holds two suits and is not ready; seat 3 holds three suits (花猪).
DEALER = "123m456m789m123p5p9s"
READY_ONE_SUIT = "123m456m789m23m99m"
NOT_READY = "1357m2468m1357p9p"
PIG = "158m2468p135679s"


@cache
def rules() -> Ruleset:
    text = DRAW_PAYMENTS_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "draw_payments.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_draw_game_test", "d.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_a_drawn_round_shows_the_hands_still_playing_and_pays_the_draw_lines() -> None:
    game = scenario_round(rules(), [DEALER, READY_ONE_SUIT, NOT_READY, PIG])
    result = play_out(game)
    assert result["exhaustive_draw"] and result["winners"] == []
    assert result["outcome"]["hands"] == {
        "0": "123456789m1235p",
        "1": "1223345678999m",
        "2": "12345678m13579p",
        "3": "158m2468p135679s",
    }
    assert game.settlement is not None
    draws = sorted(
        (x.payer, x.payee, x.amount, x.rule) for x in game.settlement.lines if x.kind == "draw"
    )
    assert draws == [
        (2, 0, 1, "draw_payment@draw_payments.mjr#2"),
        (2, 1, 5, "draw_payment@draw_payments.mjr#2"),
        (3, 0, 8, "draw_payment@draw_payments.mjr#1"),
        (3, 1, 8, "draw_payment@draw_payments.mjr#1"),
        (3, 2, 8, "draw_payment@draw_payments.mjr#1"),
    ]
    assert sum(game.settlement.deltas) == 0


def test_a_bundled_rulebook_writes_no_hands_at_a_draw() -> None:
    game = scenario_round(ruleset("guangdong"), [DEALER, READY_ONE_SUIT, NOT_READY, PIG])
    result = play_out(game)
    assert result["exhaustive_draw"] and "hands" not in result["outcome"]


def test_a_bots_only_round_pays_the_draw_lines_settles_and_replays() -> None:
    game = played_until(rules(), lambda line: line.kind == "draw")
    assert game.result is not None and game.result["exhaustive_draw"]
    assert "hands" in game.result["outcome"]
    assert_settles_and_replays(rules(), game)


def test_an_abandoned_round_writes_no_hands_and_pays_no_draw_line() -> None:
    game = scenario_round(rules(), [DEALER, READY_ONE_SUIT, NOT_READY, PIG])
    game.abandon()
    assert game.result is not None and game.result["abandoned"]
    assert "hands" not in game.result["outcome"]
    assert game.settlement is not None
    assert not [x for x in game.settlement.lines if x.kind == "draw"]


def test_a_kong_made_after_a_win_is_paid_only_by_the_seats_still_playing() -> None:
    """Greedy bots under after_win leave, until a round where a kong follows a win: its record
    says how many win events came before it, the winners of those pay nothing for it, and
    the round replays."""
    for seed in range(200):
        game = Round(rules(), seed=seed)
        play_round(game, [GreedyBot(rules(), None) for _ in range(game.players)])
        outcome = game.result["outcome"] if game.result else {}
        late = [i for i, k in enumerate(outcome.get("kongs", ())) if k.get("wins_before")]
        if late:
            break
    else:
        raise AssertionError("no round of 200 had a kong after a win")
    gone = {w["seat"] for w in outcome["winners"]}
    number = late[0] + 1
    payers = {x.payer for x in game.settlement.lines if x.reason.startswith(f"kong {number}:")}
    assert payers and not payers & gone
    assert_settles_and_replays(rules(), game)
