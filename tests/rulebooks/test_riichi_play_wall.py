"""Riichi's dead wall, its indicators and its abortive draws, played on the engine: one test per
rule of the play section (`dead_wall 14`, `indicators 1`, `kong_indicators concealed_at_once`,
`ura_indicators on`, `nine_terminals_draw`, `four_winds_draw`, `four_kongs_draw`), each on a
`Scenario` that fixes the hands, the draws and the dead wall, read through `Round`'s surface
(`state()`, `events`, `legal_actions`, `observation`, `result`, `settlement`).
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest
from engine_helpers import act, events_of, kinds, pass_claims, play_out

from mjc.runtime import Ruleset
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.game.scenario import Scenario, ScenarioError
from mjc.runtime.settle.round import RoundOutcome
from mjc.runtime.tableplay import abortive

from ..conftest import ruleset  # type: ignore[import-not-found]


@pytest.fixture(scope="module")
def book() -> Ruleset:
    return ruleset("riichi")


# Hands that make nothing of each other's discards: the dealer's 14, then seats 1 to 3.
DEALER = "19m19p19s1234z5678m"  # ten different terminals and honours (九種九牌)
QUIET = (DEALER, "2346m2346p2346s5z", "2347m2347p2347s6z", "2468m2468p2468s7z")
# Hands without 1m to 4m, 4p, 8p and 9p, for the rounds of many kongs.
APART = ("567p567s567s1234z", "567p789s789s6677z")


def riichi_round(book: Ruleset, hands: tuple[str, ...] = QUIET, **parts: Any) -> Round:
    options = parts.pop("options", None)
    scenario = Scenario(hands=dict(enumerate(hands)), dealer=0, **parts)
    return Round(book, seed=3, scenario=scenario, options=options)


# ------------------------------------------------------------------ the dead wall


def test_dead_wall_14_the_last_14_tiles_are_never_drawn_in_turn(book: Ruleset) -> None:
    """dead_wall 14: a round of 136 tiles deals 53 and has 136 - 53 - 14 = 69 to draw."""
    game = Round(book, seed=1)
    assert game.state().wall.drawable == 136 - 53 - 14
    assert len(game.state().wall.reserved) == 14


def test_indicators_1_one_indicator_is_turned_up_at_the_deal(book: Ruleset) -> None:
    """indicators 1: the first indicator is public from the deal (state, observation, log)."""
    game = riichi_round(book, dora="3m", ura="7p")
    assert game.state().dora_indicators == ("3m",)
    assert game.observation(2)["dora_indicators"] == ["3m"]
    assert events_of(game, "dora_indicator") == [{"type": "dora_indicator", "tile": "3m"}]
    assert game.state().ura_indicators == ()  # the ura stay hidden while the round is played


def test_a_kongs_replacement_comes_from_the_dead_wall_and_the_live_wall_shrinks(
    book: Ruleset,
) -> None:
    """嶺上牌: the replacement is the dead wall's; the live wall's last tile joins the dead
    wall, so the live wall has one tile fewer per kong."""
    hands = ("1111m9p19s1234z556m", *QUIET[1:])
    game = riichi_round(book, hands, tail="8s", dora="3m")
    before = game.state().wall.drawable
    act(game, 0, "concealed_kong", "1m")
    assert game.state().drawn is not None and game.state().drawn.tile == "8s"
    assert game.state().wall.drawable == before - 1
    assert len(game.state().wall.reserved) == 14


def test_kong_indicators_a_concealed_kong_turns_one_up_at_once(book: Ruleset) -> None:
    """kong_indicators concealed_at_once: 暗槓 turns the next indicator up before its
    replacement is drawn."""
    hands = ("1111m9p19s1234z556m", *QUIET[1:])
    game = riichi_round(book, hands, tail="8s", dora="3m4p")
    act(game, 0, "concealed_kong", "1m")
    assert game.state().dora_indicators == ("3m", "4p")
    turned = [e["type"] for e in game.events[-3:]]
    assert turned == ["action", "dora_indicator", "draw"]


def test_kong_indicators_an_exposed_kong_turns_one_up_after_the_kongers_discard(
    book: Ruleset,
) -> None:
    """kong_indicators concealed_at_once: 大明槓 turns its indicator up when the konger
    discards after his replacement, before the others answer that discard."""
    hands = (DEALER, "5552m346p2346s57z", *QUIET[2:])
    game = riichi_round(book, hands, tail="8s", dora="3m4p")
    act(game, 0, "discard", "5m")
    act(game, 1, "exposed_kong", "5m")
    pass_claims(game)
    assert game.state().dora_indicators == ("3m",)
    act(game, 1, "discard", "8s")
    assert game.state().dora_indicators == ("3m", "4p")


def test_ura_indicators_on_the_round_json_carries_the_indicators_and_their_ura(
    book: Ruleset,
) -> None:
    """ura_indicators on: the round JSON settled holds every indicator turned up and the ura
    under each; the state shows the ura once the round is over."""
    game = riichi_round(book, dora="3m", ura="7p")
    act(game, 0, "abortive_draw")
    outcome = game.result["outcome"] if game.result else {}
    assert outcome["dora_indicators"] == ["3m"] and outcome["ura_indicators"] == ["7p"]
    assert game.state().ura_indicators == ("7p",)


def test_dora_pays_a_win_on_a_discard(book: Ruleset) -> None:
    """ドラ: the indicator 4p points at 5p; a winner holding 567p and 55p has three dora."""
    hands = ("1579m19p189s12346z", "234m567p234s67s55p", *QUIET[2:])
    plain = riichi_round(book, hands, dora="1z")
    dora = riichi_round(book, hands, dora="4p")
    fans = []
    for game in (plain, dora):
        act(game, 0, "discard", "8s")
        act(game, 1, "win")
        pass_claims(game)
        assert game.settlement is not None
        fans.append({f.id: f.count for f in game.settlement.scores[1].fans})
    assert "dora" not in fans[0] and fans[1]["dora"] == 3


# ------------------------------------------------------------------ abortive draws


def test_nine_terminals_draw_a_first_turn_with_nine_terminals_may_end_the_round(
    book: Ruleset,
) -> None:
    """九種九牌: the dealer's first turn with nine different terminals and honours offers the
    draw; it ends the round with no winner, nobody paid, and the dealer deals again."""
    game = riichi_round(book, dora="3m")
    assert "abortive_draw" in kinds(game, 0)
    act(game, 0, "abortive_draw")
    assert game.over and game.result is not None
    assert game.result["abortive_draw"] == "nine_terminals"
    assert game.result["winners"] == [] and game.result["exhaustive_draw"] is False
    assert game.result["deltas"] == [0, 0, 0, 0] and game.result["next_dealer"] == 0


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("19m19p19s12z", False),  # eight kinds
        ("19m19p19s123z", True),  # nine kinds
        ("1m1m1m9m9m19p19s12z", False),  # copies count once each: eight kinds
        ("1m1m1m9m9m19p19s123z", True),  # nine kinds, some held more than once
        ("1m9m1p9p1s9s1z2z3z4z5z6z7z", True),  # all thirteen
        ("2345678m2345678p", False),  # none
    ],
)
def test_nine_terminals_counts_kinds_of_terminals_and_honours(hand: str, expected: bool) -> None:
    """九種九牌 counts different terminals and honours held, each kind once however many
    copies of it are held."""
    from mjc.runtime.tiles.hand import parse_hand

    counts = bytearray(34)
    for t in parse_hand(hand, tiles=18).concealed:
        counts[t] += 1
    kinds_held = len({t for t in parse_hand(hand, tiles=18).concealed if t in TERMINALS})
    assert abortive.nine_terminals(counts) is expected
    assert (kinds_held >= 9) is expected


TERMINALS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))


def test_nine_terminals_draw_only_in_the_first_turn(book: Ruleset) -> None:
    """九種九牌 is the first turn's: after his first discard the dealer may not declare it."""
    game = riichi_round(book, head="5z5z5z1m", dora="3m")
    act(game, 0, "discard", "5m")
    for seat in (1, 2, 3):
        pass_claims(game)
        act(game, seat, "discard", "5z")
    pass_claims(game)
    assert "abortive_draw" not in kinds(game, 0)


def test_nine_terminals_draw_not_under_the_option_off(book: Ruleset) -> None:
    game = riichi_round(book, options={"abortive_draws": False})
    assert "abortive_draw" not in kinds(game, 0)


def test_four_winds_draw_four_first_discards_of_one_wind_end_the_round(book: Ruleset) -> None:
    """四風連打: the four first discards are 1z: once the fourth passes the round ends drawn."""
    hands = (DEALER, "2346m2346p2346s1z", "2347m2347p2347s1z", "2468m2468p2468s1z")
    game = riichi_round(book, hands, head="5z5z5z")
    act(game, 0, "discard", "1z")
    for seat in (1, 2, 3):
        pass_claims(game)
        act(game, seat, "discard", "1z")
    pass_claims(game)
    assert game.over and game.result is not None
    assert game.result["abortive_draw"] == "four_winds"
    assert game.result["next_dealer"] == 0


def test_four_kongs_draw_a_fourth_kong_of_a_second_player_ends_the_round(book: Ruleset) -> None:
    """四槓散了: three concealed kongs by the dealer and a fourth by seat 1; once seat 1's
    discard passes the round ends drawn. Each concealed kong turned an indicator up at once."""
    hands = ("1111m2222m3333m5z6z", "4449m2346p2346s5z", *APART)
    game = riichi_round(book, hands, head="4m", tail="9p9p9p8p", dora="9s")
    for tile in ("1m", "2m", "3m"):
        act(game, 0, "concealed_kong", tile)
    act(game, 0, "discard", "5z")
    pass_claims(game)
    act(game, 1, "concealed_kong", "4m")
    assert len(game.state().dora_indicators) == 5
    act(game, 1, "discard", "9m")
    pass_claims(game)
    assert game.over and game.result is not None
    assert game.result["abortive_draw"] == "four_kongs"


def test_four_kongs_draw_four_kongs_of_one_player_end_nothing(book: Ruleset) -> None:
    """四槓散了 needs two players: four kongs of the dealer's alone (四槓子 in the making) play
    on, and the dead wall, its four replacements drawn, offers no fifth."""
    hands = ("1111m2222m3333m4p6z", "5678m5678m9m2356s", *APART)
    game = riichi_round(book, hands, tail="4p4p4p9p", dora="9s")
    for tile in ("1m", "2m", "3m", "4p"):
        act(game, 0, "concealed_kong", tile)
    act(game, 0, "discard", "6z")
    pass_claims(game)
    assert not game.over and len(game.state().dora_indicators) == 5


# ------------------------------------------------------------------ the log and the scenario


def test_a_round_with_a_kongs_indicator_replays_from_its_log(book: Ruleset) -> None:
    hands = ("1111m9p19s1234z556m", *QUIET[1:])
    game = riichi_round(book, hands, tail="8s", dora="3m4p")
    act(game, 0, "concealed_kong", "1m")
    while not game.over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(next((a for a in legal if a.kind == "pass"), legal[-1]))
    replayed = replay(book, log_lines(game))
    assert replayed.events == game.events


def test_a_scenario_names_no_more_replacements_than_the_dead_wall_holds(book: Ruleset) -> None:
    with pytest.raises(ScenarioError, match="tail: the dead wall holds 4"):
        riichi_round(book, tail="1p2p3p4p5p")


def test_nine_terminals_draw_not_after_a_kong(book: Ruleset) -> None:
    game = riichi_round(book, ("1111m9p19s1234z556m", *QUIET[1:]))
    act(game, 0, "concealed_kong", "1m")  # a kong is a call: no 九種九牌 after it
    with pytest.raises(ValueError):
        game.apply(Action(0, "abortive_draw"))


# ------------------------------------------------------------------ red fives


def test_red_fives_1_a_winner_holding_a_red_five_is_scored_with_it(book: Ruleset) -> None:
    """red_fives 1 (赤ドラ): the winner's red 5p (dealt, written 0p) counts one 赤ドラ, and
    his hand in the round JSON shows it."""
    hands = ("1579m19p189s12346z", "234m067p234s67s55p", *QUIET[2:])
    game = riichi_round(book, hands, dora="1z")
    act(game, 0, "discard", "8s")
    act(game, 1, "win")
    pass_claims(game)
    assert game.settlement is not None and game.result is not None
    fans = {f.id: f.count for f in game.settlement.scores[1].fans}
    assert fans["red_dora"] == 1
    assert "0" in game.result["outcome"]["winners"][0]["hand"]


def test_red_fives_1_a_seat_sees_the_red_fives_it_holds(book: Ruleset) -> None:
    """Its observation and the state show each seat the red fives it holds (0m ...)."""
    hands = ("1579m19p189s12346z", "234m067p234s67s55p", *QUIET[2:])
    game = riichi_round(book, hands, dora="1z")
    assert game.observation(1)["seats"][1]["red_fives"] == ["0p"]
    assert "red_fives" not in game.observation(0)["seats"][1]
    assert game.state().seats[1].red_fives == ("0p",) and game.state().seats[0].red_fives == ()


def test_red_fives_1_not_under_the_option_off(book: Ruleset) -> None:
    """赤ドラ off: the fives are plain, whatever a scenario writes."""
    hands = ("1579m19p189s12346z", "234m067p234s67s55p", *QUIET[2:])
    game = riichi_round(book, hands, dora="1z", options={"red_fives": False})
    act(game, 0, "discard", "8s")
    act(game, 1, "win")
    pass_claims(game)
    assert game.settlement is not None
    assert "red_dora" not in {f.id for f in game.settlement.scores[1].fans}


def test_red_fives_1_a_seat_discards_its_plain_five_first(book: Ruleset) -> None:
    """Convention: of a red and a plain 5m the plain one is discarded (the log writes 5m);
    the red one goes only as the seat's last 5m (the log writes 0m)."""
    dealer = "19m19p19s1234z05m5z6z"
    game = riichi_round(book, (dealer, *QUIET[1:]), head="2z2z3z")
    act(game, 0, "discard", "5m")
    assert events_of(game, "action")[-1]["tile"] == "5m"
    for seat, drawn in ((1, "2z"), (2, "2z"), (3, "3z")):
        pass_claims(game)
        act(game, seat, "discard", drawn)
    pass_claims(game)
    act(game, 0, "discard", "5m")
    assert events_of(game, "action")[-1]["tile"] == "0m"


def test_red_fives_1_a_claimed_red_five_is_the_claimers(book: Ruleset) -> None:
    """A red 5m discarded and ponged is in the claimer's meld: his win counts it."""
    dealer = "19m19p19s1234z0678m"
    hands = (dealer, "55m234p234s678s67p", *QUIET[2:])
    game = riichi_round(book, hands, head="6p")
    act(game, 0, "discard", "5m")
    act(game, 1, "pong", "5m")
    pass_claims(game)
    act(game, 1, "discard", "7p")
    pass_claims(game)
    act(game, 2, "discard", "6p")
    act(game, 1, "win")
    pass_claims(game)
    assert game.settlement is not None
    assert {f.id: f.count for f in game.settlement.scores[1].fans}["red_dora"] == 1


def test_red_fives_1_every_seat_sees_a_red_discard_in_the_river_and_a_red_five_melded(
    book: Ruleset,
) -> None:
    """The red 5m the dealer discards is marked at its place in his river (`red_river`), and
    once seat 1 pongs it, in seat 1's melds (`red_melded`), for every seat to see."""
    dealer = "19m19p19s1234z0678m"
    hands = (dealer, "55m234p234s678s67p", *QUIET[2:])
    game = riichi_round(book, hands, head="6p")
    act(game, 0, "discard", "5m")
    assert game.state().seats[0].red_river == (0,)
    assert game.observation(2)["seats"][0]["red_river"] == [0]
    act(game, 1, "pong", "5m")
    seats = game.state().seats
    assert seats[1].red_melded == ("0m",) and seats[0].red_melded == ()
    assert game.observation(3)["seats"][1]["red_melded"] == ["0m"]
    assert game.observation(3)["seats"][0]["river"] == ["5m"]  # the river writes the five


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_red_fives_1_a_round_has_one_red_five_of_each_suit(book: Ruleset, seed: int) -> None:
    """The seed chooses one 5m, 5p and 5s: no more than one of each shows in the log."""
    game = Round(book, seed=seed)
    play_out(game)
    texts = [t for e in game.events if e["type"] == "deal" for t in e["tiles"]]
    texts += [e["tile"] for e in game.events if e["type"] == "draw"]
    assert all(texts.count(red) <= 1 for red in ("0m", "0p", "0s"))
    assert replay(book, log_lines(game)).events == game.events


def test_the_round_json_names_every_kind_of_abortive_draw_the_engine_ends_with() -> None:
    """The round JSON's `abortive_draw` (settlement's model) takes every kind the engine has."""
    annotation = RoundOutcome.model_fields["abortive_draw"].annotation
    kinds_taken = {a for arg in typing.get_args(annotation) for a in typing.get_args(arg)}
    assert kinds_taken == set(abortive.KINDS)


@pytest.mark.parametrize("when", ["at_once", "after_discard"])
def test_kong_indicators_at_once_or_after_the_kongers_discard(book: Ruleset, when: str) -> None:
    """kong_indicators at_once turns a concealed kong's indicator up before its replacement;
    after_discard waits for the konger's discard."""
    hands = ("1111m9p19s1234z556m", *QUIET[1:])
    rules = dataclasses.replace(book.turn_rules(), kong_indicators=when)
    scenario = Scenario(hands=dict(enumerate(hands)), dealer=0, tail="8s", dora="3m4p")
    game = Round(book, seed=3, scenario=scenario, rules=rules)
    act(game, 0, "concealed_kong", "1m")
    assert len(game.state().dora_indicators) == (2 if when == "at_once" else 1)
    act(game, 0, "discard", "8s")
    assert game.state().dora_indicators == ("3m", "4p")
