"""The dealer's streak (连庄 count, the round JSON's `streak`) as a fact: a fan reads it in its
condition and as its `per` count (`dealer_streak`), and a payments `dealer_bonus` or `stake`
value reads it, so that 台湾 連n拉n (a dealer with streak n adds 2n+1 to every hand he wins or
pays) is written `dealer_bonus 2 * dealer_streak + 1`. `mjc score --dealer-streak N`, the
settlement and the engine pass it to the scoring.

The rulebook is tests/helpers/rulebooks/kong_discard.mjr: fans 平胡 1 and 连庄 (1 per
dealer_streak, for the dealer in a streak); `dealer_bonus 2 * dealer_streak + 1 if
option.lazhuang` (off by default)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from mjc.runtime.settle.settlement import Settlement
from tests.helpers.engine_helpers import act, play_out, scenario_round
from tests.helpers.small_rulebooks import KONG_DISCARD_RULEBOOK

HAND = "123m456m789m123p55p"
LAZHUANG = {"lazhuang": "on"}


@cache
def rules() -> Ruleset:
    text = KONG_DISCARD_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "kong_discard.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_dealer_streak", "k.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def settled(**round_: Any) -> Settlement:
    result = rules().settle({"players": 4, "dealer": 0, **round_})
    assert sum(result.deltas) == 0
    return result


def _fans(score: Any) -> dict[str, int]:
    return {f.name: f.value for f in score.fans}


def test_a_fan_counts_the_dealers_streak() -> None:
    assert _fans(rules().score(HAND, dealer=True, dealer_streak=3)) == {"平胡": 1, "连庄": 3}
    assert _fans(rules().score(HAND, dealer=True)) == {"平胡": 1}
    assert _fans(rules().score(HAND, dealer=False, dealer_streak=3)) == {"平胡": 1}


@pytest.mark.parametrize("streak", [-1, 10_001])
def test_a_streak_that_is_no_count_of_rounds_is_refused(streak: int) -> None:
    with pytest.raises(ValueError, match="dealer_streak is a count of rounds"):
        rules().score(HAND, dealer=True, dealer_streak=streak)


def test_mjc_score_takes_the_dealer_streak(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", str(KONG_DISCARD_RULEBOOK), HAND, "--dealer", "--dealer-streak", "2"]
    assert main([*args, "--json"]) == 0
    fans = json.loads(capsys.readouterr().out)["fans"]
    assert {f["name"]: f["value"] for f in fans} == {"平胡": 1, "连庄": 2}


def test_lian_n_la_n_adds_2n_plus_1_to_each_share_of_the_dealers_own_hand() -> None:
    """連2拉2: the dealer self-draws 平胡 1 + 连庄 2 = 3; each seat pays 3 + 2×2+1 = 8."""
    winner = {"seat": 0, "hand": HAND, "self_drawn": True}
    result = settled(streak=2, winners=[winner], options=LAZHUANG)
    assert result.deltas == [24, -8, -8, -8]
    assert result.scores[0].total == 3


def test_lian_n_la_n_adds_2n_plus_1_to_what_the_dealer_pays() -> None:
    """Seat 1 wins 平胡 on the dealer's discard: the dealer pays 1 + 5; 连庄 is the dealer's."""
    winner = {"seat": 1, "hand": HAND, "win_tile": "5p", "self_drawn": False}
    result = settled(streak=2, winners=[winner], discarder=0, options=LAZHUANG)
    assert result.deltas == [-6, 6, 0, 0]


def test_a_first_deal_adds_1_and_the_guard_turns_it_off() -> None:
    winner = {"seat": 1, "hand": HAND, "win_tile": "5p", "self_drawn": False}
    assert settled(winners=[winner], discarder=0, options=LAZHUANG).deltas == [-2, 2, 0, 0]
    assert settled(streak=2, winners=[winner], discarder=0).deltas == [-1, 1, 0, 0]


def test_a_round_of_too_long_a_streak_is_refused_naming_the_winner() -> None:
    winner = {"seat": 0, "hand": HAND, "self_drawn": True}
    with pytest.raises(RoundError, match=r"^winners\.0: dealer_streak is a count of rounds"):
        rules().settle({"players": 4, "streak": 10_001, "winners": [winner]})


def test_the_engine_scores_a_win_in_its_rounds_streak() -> None:
    """A round dealt with a streak of 2: the dealer wins on his dealt tiles (天胡)."""
    game = scenario_round(
        rules(),
        [HAND, "234m567m999s78p66s", "2468m2468p2468s1s", "3579m3579p3579s1s"],
        streak=2,
        options=LAZHUANG,
    )
    act(game, 0, "win")
    play_out(game)
    assert game.settlement is not None
    assert _fans(game.settlement.scores[0]) == {"平胡": 1, "连庄": 2}
    line = next(x for x in game.settlement.lines if x.payee == 0 and x.kind == "hand")
    assert line.amount == 3 + 5 and "dealer +5: dealer_bonus@kong_discard.mjr#1" in line.reason


def test_a_stake_may_read_the_dealers_streak() -> None:
    """`stake 1 + dealer_streak`: in a round of streak 3 one point is paid as 4."""
    text = KONG_DISCARD_RULEBOOK.read_text(encoding="utf-8").replace(
        "  dealer_bonus", "  stake 1 + dealer_streak\n  dealer_bonus"
    )
    compilation = compile_source(text, "kong_discard.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_streak_stake", "s.py")
    winner = {"seat": 1, "hand": HAND, "win_tile": "5p", "self_drawn": False}
    round_ = {"players": 4, "dealer": 0, "discarder": 2, "winners": [winner]}
    assert module.RULESET.settle({**round_, "streak": 3}).deltas == [0, 4, -4, 0]
    assert module.RULESET.settle(round_).deltas == [0, 1, -1, 0]
