"""The scenario API (`mjc.runtime.Scenario`, issue 25 part 3): a round set up by hand — each
seat's hand, the wall's head and tail, the indicator, the last tile (海底), the dice, the
dealer and his streak — for a `Round` and each round of a `Match`; refused with one line when
it cannot be (it is untrusted input); replayed exactly from its log. And the read-only view
of a round, `Round.state()`, that the engine tests read instead of the engine's attributes.
"""

from __future__ import annotations

import dataclasses
import json
import warnings

import pytest
from engine_helpers import NoWinBot, broken_wall, events_of, play_out, script

from mjc.runtime import Match, Round, RoundState, Scenario, ScenarioError
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import GameSetupError
from mjc.runtime.game.gamelog import LogError, log_lines, replay
from mjc.runtime.game.roundstate import Claim, Discard, Draw, Offer
from mjc.runtime.tiles.tile import tile_text
from tests.conftest import ruleset

SEAT0 = "147m147p14s9s12345z"
SEAT1 = "258m258p25s1234z9s"
SEAT2 = "369m369p36s567z99s"
SEAT3 = "123m123p123s6677z"
DEAL = {0: SEAT0, 1: SEAT1, 2: SEAT2, 3: SEAT3}


def _dealt(game: Round) -> dict[int, list[str]]:
    return {e["seat"]: e["tiles"] for e in events_of(game, "deal")}


# ------------------------------------------------------------------ what a scenario sets


def test_the_hands_the_head_and_the_tail_are_dealt_and_drawn_as_named() -> None:
    game = Round(
        ruleset("guangdong"),
        seed=3,
        scenario=Scenario(hands=DEAL, head="9m 8p", tail="7s 6s", dealer=0),
    )
    assert _dealt(game)[2] == ["3m", "6m", "9m", "3p", "6p", "9p", "3s", "6s", "5z", "6z",
                               "7z", "9s", "9s"]  # fmt: skip
    state = game.state()
    assert state.wall.tiles[:2] == ("9m", "8p") and state.wall.tiles[-2:] == ("6s", "7s")
    assert state.drawn == Draw(0, "5z", after_kong=False)  # the dealer's last dealt tile


def test_a_seat_left_out_is_dealt_from_the_seed() -> None:
    game = Round(ruleset("guangdong"), seed=3, scenario=Scenario(hands={2: SEAT2}, dealer=0))
    dealt = _dealt(game)
    assert "".join(dealt[2]) == "".join(t for t in "3m6m9m3p6p9p3s6s5z6z7z9s9s")
    assert [len(dealt[s]) for s in range(4)] == [14, 13, 13, 13]
    assert game.census() == list(game.copies)


def test_an_empty_scenario_deals_as_the_seed_does() -> None:
    """A scenario naming nothing takes the seed's wall, dice and horses as they are."""
    for name, options in (("guangdong", {}), ("chaozhou", {"buy_horses": "2"}), ("meizhou", {})):
        plain = Round(ruleset(name), seed=9, options=options, dealer=1)
        staged = Round(ruleset(name), seed=9, options=options, dealer=1, scenario=Scenario())
        assert staged.events == plain.events and staged.state() == plain.state()


def test_the_dice_break_the_wall_where_they_say() -> None:
    """The dice a scenario names break the seed's wall as rolled ones would (百色: the dice
    sum picks the wall, the smaller die the stack)."""
    rs = ruleset("baise")
    for dice in ((1, 1), (3, 4), (6, 5)):
        game = Round(rs, seed=4, dealer=2, scenario=Scenario(dice=dice))
        wall = game.state().wall
        assert wall.dice == dice
        stacks = sum(game.copies) // 2
        owner = (2 + sum(dice) - 1) % 4
        assert wall.start == (owner * (stacks // 4) + min(dice)) % stacks
        dealt = [t for e in events_of(game, "deal") for t in e["tiles"]]
        assert dealt == [tile_text(t) for t in broken_wall(game, wall.start)[: len(dealt)]]


def test_the_indicator_is_flipped_and_names_the_wild() -> None:
    game = Round(
        ruleset("chaozhou"),
        seed=2,
        options={"ghost": "flip"},
        scenario=Scenario(indicator="2m", tail="7z", dealer=0),
    )
    state = game.state()
    assert state.indicator == "2m" and state.wilds == ("3m",)
    assert events_of(game, "indicator") == [{"type": "indicator", "tile": "2m"}]
    assert state.wall.tiles[-1] == "7z"  # the tail's first tile comes after the indicator


@pytest.mark.parametrize("name", ["guangdong", "shanghai", "chaozhou", "baise", "meizhou"])
def test_the_last_tile_is_drawn_last_whatever_the_round_takes_from_the_tail(name: str) -> None:
    """海底: however many kongs and flowers take tiles from the tail, the last tile drawn is
    the scenario's."""
    for seed in range(6):
        game = Round(ruleset(name), seed=seed, scenario=Scenario(last="5s", tail="1m"))
        play_out(game)
        assert game.result is not None
        if game.result["exhaustive_draw"]:
            assert events_of(game, "draw")[-1]["tile"] == "5s"
            assert game.state().wall.drawable == 0


def test_the_last_tile_survives_kongs() -> None:
    """The dealer kongs four times over; the last drawable tile is still 5s."""
    hands = {
        0: "1111m2222p3333s4z5z",
        1: "58m58p58s1234z9m9p9s",
        2: "469m469p469s567z7s",
        3: "2378m1356p1245s6z",
    }
    game = Round(
        ruleset("guangdong"),
        seed=1,
        scenario=Scenario(hands=hands, tail="4z 6m 7m", last="5s", dealer=0),
    )
    script(game, "0 concealed_kong 1m", "0 concealed_kong 2p", "0 concealed_kong 3s")
    assert game.state().drawn == Draw(0, "7m", after_kong=True)
    play_out(game, NoWinBot())
    assert events_of(game, "draw")[-1]["tile"] == "5s"


def test_the_dealer_and_his_streak() -> None:
    game = Round(ruleset("chaozhou"), seed=1, scenario=Scenario(dealer=2, streak=3))
    assert (game.dealer, game.streak) == (2, 3) and game.state().to_act == (2,)
    assert _dealt(game)[2] and len(_dealt(game)[2]) == 14


# ------------------------------------------------------------------ refused


FIVE_1M = r"holds 5 of 1m \(hands\[0\] 1, hands\[1\] 4\), and the game has 4"


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (dict(hands={4: SEAT0}), r"hands: seat 4 does not exist at 4 players"),
        (dict(hands={0: "147m147p14s9s1234z"}), r"hands\[0\]: the dealer is dealt 14 tiles"),
        (dict(hands={1: SEAT0}), r"hands\[1\]: a seat other than the dealer is dealt 13"),
        (dict(hands={0: SEAT0, 1: "1111m258p25s1234z"}), FIVE_1M),
        (dict(head="1f"), r"holds 1f \(head 1\), and the game has none under its options"),
        (dict(head="123456789m" * 10), r"holds 10 of 1m \(head 10\), and the game has 4"),
        (dict(indicator="5z"), r"indicator: this game turns no indicator up"),
        (dict(dice=(3,)), r"dice: the round rolls 2 dice, and the scenario names 1"),
        (dict(dealer=4), r"dealer: seat 4 does not exist at 4 players"),
    ],
)
def test_a_scenario_the_game_cannot_play_is_refused_with_a_reason(
    scenario: dict[str, object], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message) as info:
        Round(
            ruleset("guangdong"),
            seed=1,
            dealer=0 if "dealer" not in scenario else None,
            scenario=Scenario(**scenario),
        )  # type: ignore[arg-type]
    assert isinstance(info.value, GameSetupError) and isinstance(info.value, ValueError)
    assert "\n" not in str(info.value)


def test_more_tiles_than_the_wall_holds_are_refused() -> None:
    """Every tile of the set named at the head (and the deal left to the seed) is too many."""
    rs = ruleset("guangdong")
    everything = " ".join(f"{t}{s}" * 4 for s in "mps" for t in range(1, 10))
    places = r"places 182 tiles \(53 dealt, 129 from the head, 0 at the tail end\)"
    with pytest.raises(ScenarioError, match=places + ", and the wall has 136 to draw"):
        Round(rs, seed=1, scenario=Scenario(head=everything + " 1234567z 1234567z 1234567z"))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (dict(hands={-1: SEAT0}), r"hands: a seat is a whole number from 0, not -1"),
        (dict(hands={"0": SEAT0}), r"hands: a seat is a whole number from 0, not '0'"),
        (dict(hands={True: SEAT0}), r"hands: a seat is a whole number from 0, not True"),
        (dict(hands=[SEAT0]), r"hands map a seat to its tiles, not a list"),
        (dict(hands={0: 147}), r"hands\[0\] is tile notation text, not int"),
        (dict(head="1m 2x"), r"head: bad tile '2x'"),
        (dict(head="1m and 2m"), r"head: 'and 2m' is not tile notation"),
        (dict(tail="8z"), r"tail: bad tile '8z': honours run 1z-7z"),
        (dict(head="1m" * 600), r"head is 1200 characters long; at most 1000"),
        (dict(indicator="1m2m"), r"indicator is one tile, like 5z, not '1m2m'"),
        (dict(last=""), r"last is one tile"),
        (dict(dice=(0, 3)), r"a die shows 1 to 6, not 0"),
        (dict(dice=(7, 3)), r"a die shows 1 to 6, not 7"),
        (dict(dice="34"), r"dice are a list of numbers 1 to 6"),
        (dict(dealer=-1), r"dealer is a whole number from 0, not -1"),
        (dict(streak=1.5), r"streak is a whole number from 0, not 1.5"),
    ],
)  # fmt: skip
def test_a_malformed_scenario_is_refused_when_it_is_made(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        Scenario(**fields)  # type: ignore[arg-type]


def test_a_flower_is_never_the_indicator_or_the_last_tile() -> None:
    with pytest.raises(ScenarioError, match="last: a flower is set aside"):
        Round(ruleset("shanghai"), seed=1, scenario=Scenario(last="1f"))
    with pytest.raises(ScenarioError, match="indicator: a flower is set aside"):
        Round(
            ruleset("chaozhou"),
            seed=1,
            options={"ghost": "flip"},
            scenario=Scenario(indicator="1f"),
        )


def test_a_scenario_that_disagrees_with_the_round_is_refused() -> None:
    rs = ruleset("guangdong")
    with pytest.raises(ScenarioError, match="dealer: the scenario names seat 1 and the round"):
        Round(rs, seed=1, dealer=2, scenario=Scenario(dealer=1))
    with pytest.raises(ScenarioError, match="streak: the scenario names 1 and the round 2"):
        Round(rs, seed=1, streak=2, scenario=Scenario(streak=1))
    with pytest.raises(ScenarioError, match="a scenario is a Scenario, not dict"):
        Round(rs, seed=1, scenario={"hands": {}})  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match="scenarios\\[1\\] is a Scenario or None"):
        Match(rs, seed=1, scenarios=[None, "seat 0 wins"])  # type: ignore[list-item]


# ------------------------------------------------------------------ the log replays it


def test_a_scenario_round_replays_from_its_log() -> None:
    rs = ruleset("chaozhou")
    scenario = Scenario(
        hands=DEAL,
        head="9m",
        tail="7s",
        indicator="2m",
        last="5s",
        dice=(2, 5),
        dealer=0,
        streak=1,
    )
    game = Round(rs, seed=6, options={"ghost": "flip"}, scenario=scenario)
    play_out(game)
    lines = log_lines(game)
    start = json.loads(lines[0])
    assert start["scenario"] == scenario.to_json()
    assert Scenario.from_json(start["scenario"]) == scenario
    again = replay(rs, lines)
    assert again.events == game.events and again.result == game.result
    start["scenario"]["last"] = "6s"  # an edited scenario lays another wall out
    with pytest.raises(LogError) as info:
        replay(rs, [json.dumps(start), *lines[1:]])
    assert info.value.disagrees


def test_a_scenario_in_a_log_is_checked_like_any_other() -> None:
    rs = ruleset("guangdong")
    game = Round(rs, seed=6, scenario=Scenario(tail="7s", dealer=0))
    play_out(game)
    start, *rest = log_lines(game)
    for bad, message in (
        ({"tail": ["9x"]}, "scenario.tail.0"),
        ({"hands": {"5": []}}, "scenario.hands"),
        ({"colour": "red"}, "scenario.colour"),
        ({"head": ["1m"] * 5}, "holds 5 of 1m"),
    ):
        line = json.loads(start)
        line["scenario"] = bad
        with pytest.raises(LogError, match=f"line 1: .*{message}"):
            replay(rs, [json.dumps(line), *rest])


# ------------------------------------------------------------------ a match


def test_a_match_sets_each_round_up_by_its_scenarios() -> None:
    rs = ruleset("guangdong")
    first = Scenario(hands=DEAL, head="9m", dice=(6, 6))
    match = Match(rs, seed=2, dealer=0, scenarios=[first, None])
    game = match.next_round()
    assert game.scenario == first and game.state().wall.dice == (6, 6)
    play_out(game)
    match.finish(game)
    assert match.next_round().scenario is None  # the second round: the seed's
    third = match.next_round(scenario=Scenario(dealer=3, streak=2))
    assert (third.dealer, third.streak) == (3, 2) == (match.dealer, match.streak)
    play_out(third)
    match.finish(third)  # a drawn round: 3 keeps the deal, one more in his streak
    assert (match.dealer, match.streak) == (3, 3)


def test_a_scenarios_new_dealer_starts_his_streak_at_0() -> None:
    match = Match(ruleset("chaozhou"), seed=2, dealer=0)
    match.streak = 4
    game = match.next_round(scenario=Scenario(dealer=1))
    assert (game.dealer, game.streak) == (1, 0)


# ------------------------------------------------------------------ stacked=, deprecated


def test_stacked_still_deals_the_head_and_warns() -> None:
    """`Round(stacked=)` deals its tiles first, as before, with a `DeprecationWarning`; an
    old log that stacked its wall replays without one."""
    rs = ruleset("guangdong")
    head = [1, 2, 3]
    with pytest.warns(DeprecationWarning, match="scenario="):
        game = Round(rs, seed=1, dealer=0, stacked=head)
    assert _dealt(game)[0][:3] == ["2m", "3m", "4m"]
    play_out(game)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert replay(rs, log_lines(game)).events == game.events
    with pytest.raises(ScenarioError, match="a scenario or a stacked wall, not both"):
        Round(rs, seed=1, stacked=head, scenario=Scenario())


# ------------------------------------------------------------------ the state view


def test_the_state_is_a_frozen_value_that_the_round_does_not_change() -> None:
    game = Round(ruleset("guangdong"), seed=1, scenario=Scenario(hands=DEAL, dealer=0))
    state = game.state()
    assert isinstance(state, RoundState) and state == game.state()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.phase = "over"  # type: ignore[misc]
    script(game, "0 discard 5z")
    assert state.phase == "turn" and state.last_discard is None  # the view kept its moment
    assert game.state().last_discard == Discard(0, "5z")


def test_the_state_shows_the_claims_offered_answered_and_taken() -> None:
    """Seat 2 holds 99s: offered the pong of the dealer's 9s, it takes it."""
    game = Round(ruleset("guangdong"), seed=1, scenario=Scenario(hands=DEAL, head="8s", dealer=0))
    script(game, "0 discard 9s")
    state = game.state()
    assert (state.phase, state.turn, state.question, state.to_act) == ("claim", 0, "9s", (2,))
    assert state.offers == (Offer(2, (Action(2, "pong", 26), Action(2, "pass")), None),)
    assert state.drawn is None
    script(game, "2 pong")
    state = game.state()
    assert state.claims == (Claim(2, "pong", "9s", 0),) and state.drawn is None
    (meld,) = state.seats[2].melds
    assert (meld.kind, meld.tiles, meld.from_seat, meld.claimed) == ("pung", ("9s",) * 3, 0, "9s")
    assert state.seats[0].river == ("9s",)


def test_the_state_shows_waits_and_what_a_pass_bars() -> None:
    """Seat 2 waits on 1z and 5z and passes a win on the dealer's 1z (漏胡 under 上海)."""
    hands = {0: "147m147p124s12345z", 1: "258m258p235s1234z", 2: "123m456p789s1155z", 3: SEAT3}
    game = Round(ruleset("shanghai"), seed=1, scenario=Scenario(hands=hands, dealer=0))
    seat = game.state().seats[2]
    assert seat.waits == ("1z", "5z") and seat.ready
    assert game.state().seats[0].waits == ()  # 14 tiles: no waits while it holds them
    script(game, "0 discard 1z", "2 pass")
    assert game.state().seats[2].missed_win == ("1z",)
