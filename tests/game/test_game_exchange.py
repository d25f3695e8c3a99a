"""The exchange of tiles before play (a line `exchange N` of the `declarations` section, 四川
换三张): the engine asks every seat for its tiles after the wins at the deal and before the
declarations, refuses a pick of the wrong count, of tiles not held or of two suits under
`same_suit`, passes every seat's tiles at once the way the dice (from the round's seed) or
the rulebook say, logs each pick and the pass so a replay checks them, shows a seat its own
pick and what it received and no other seat's pick; bots and 托管 pass the loosest tiles of
the suit they hold fewest of; the option off opens no window.

The rulebook is tests/helpers/rulebooks/exchange.mjr (108 tiles; `swap "换三张" exchange 3
same_suit direction dice if option.swap_three`, then 定缺 `if option.dingque`)."""

from __future__ import annotations

import dataclasses
import json
from functools import cache

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot, RandomBot
from mjc.runtime.game.actions import Action, ActionError, IllegalAction, action_from_json
from mjc.runtime.game.autoplay import auto_choice
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import LogError, log_lines, replay
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.tiles.hand import parse_hand
from mjc.runtime.tiles.tile import tile_index
from tests.helpers.engine_helpers import scenario_round
from tests.helpers.settlement_helpers import assert_settles_and_replays
from tests.helpers.small_rulebooks import DEAL_WINS_RULEBOOK, EXCHANGE_RULEBOOK

# The dealer (14 tiles, his drawn tile 9s last) holds three loose bamboo; seat 1 three loose
# characters; seat 2 four characters (5566m) beside eight bamboo; seat 3 three characters and
# three bamboo, both runs.
HANDS = ["1234567m2345p159s", "123456789p147m5s", "11223344s5566m9p", "789s789m1234567p"]
# What each seat passes in the tests below: the bots' choice (the suit held fewest of).
PICKS = ["1s 5s 9s", "1m 4m 7m", "5m 5m 6m", "7m 8m 9m"]
# Seeds whose dice pass the tiles each way (the total: 8 = 2 mod 3, 9 = 0, 4 = 1).
ROLLS = [(0, "previous", [4, 4], 3), (1, "opposite", [3, 6], 2), (2, "next", [3, 1], 1)]


def compiled(text: str, name: str) -> Ruleset:
    compilation = compile_source(text, f"{name}.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), f"mjc_{name}", f"{name}.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


@cache
def rules() -> Ruleset:
    return compiled(EXCHANGE_RULEBOOK.read_text(encoding="utf-8"), "exchange_test")


@cache
def fixed_rules() -> Ruleset:
    """The test rulebook passing to the next seat always, any tiles (no `same_suit`)."""
    text = EXCHANGE_RULEBOOK.read_text(encoding="utf-8")
    old = "exchange 3 same_suit direction dice"
    assert old in text
    return compiled(text.replace(old, "exchange 3 direction next"), "exchange_next")


def pick(seat: int, tiles: str) -> Action:
    return Action(seat, "exchange", tiles=tuple(sorted(tile_index(t) for t in tiles.split())))


def concealed(game: Round, seat: int) -> list[str]:
    return list(game.state().seats[seat].concealed)


def exchanged(seed: int = 2) -> Round:
    """The scenario round with every seat passing its `PICKS` (the dice of `seed`)."""
    game = scenario_round(rules(), HANDS, seed=seed)
    for seat, tiles in enumerate(PICKS):
        game.apply(pick(seat, tiles))
    return game


# ---------------------------------------------------------------- the window


def test_every_seat_picks_tiles_of_one_suit_before_the_declarations() -> None:
    game = scenario_round(rules(), HANDS)
    assert game.state().phase == "exchange" and game.to_act() == [0, 1, 2, 3]
    assert game.legal_actions(1) == [pick(1, "1m 4m 7m"), *game.legal_actions(1)[1:]]
    assert {a.tiles[0] // 9 for a in game.legal_actions(1)} == {0, 1}  # m or p, never 5s
    game.apply(pick(0, PICKS[0]))
    assert game.to_act() == [1, 2, 3] and game.legal_actions(0) == []
    for seat in (1, 2, 3):
        game.apply(pick(seat, PICKS[seat]))
    assert game.state().phase == "declare" and game.to_act() == [0, 1, 2, 3]


@pytest.mark.parametrize(("seed", "direction", "dice", "step"), ROLLS)
def test_the_dice_send_every_seat_s_tiles_next_previous_or_opposite(
    seed: int, direction: str, dice: list[int], step: int
) -> None:
    game = exchanged(seed)
    assert game.events[-1] == {
        "type": "exchange",
        "id": "swap",
        "direction": direction,
        "dice": dice,
    }
    assert game.state().exchange is not None
    assert (game.state().exchange.direction, list(game.state().exchange.dice)) == (direction, dice)
    for seat, tiles in enumerate(PICKS):
        receiver = (seat + step) % 4
        kept = [t for t in parse_hand(HANDS[receiver]).tiles]
        for t in PICKS[receiver].split():
            kept.remove(tile_index(t))
        received = [tile_index(t) for t in tiles.split()]
        hand = sorted(tile_index(t) for t in concealed(game, receiver))
        assert hand == sorted(kept + received), (seat, receiver)
    assert game.census() == [4 if t < 27 else 0 for t in range(34)] + [0] * 8


def test_a_fixed_direction_rolls_no_dice_and_takes_tiles_of_any_suit() -> None:
    game = scenario_round(fixed_rules(), HANDS)
    game.apply(pick(0, "1m 2p 9s"))  # no same_suit: any three tiles held
    for seat in (1, 2, 3):
        game.apply(pick(seat, PICKS[seat]))
    assert game.events[-1] == {"type": "exchange", "id": "swap", "direction": "next"}
    assert "1m" in concealed(game, 1) and "9s" in concealed(game, 1)


def test_the_dealer_who_passed_his_drawn_tile_plays_with_the_last_he_received() -> None:
    game = exchanged(2)  # the dealer passed 1s 5s 9s, 9s his drawn tile; he received 789m
    for seat in range(4):
        game.apply(Action(seat, "declare", tile_index("1s")))
    state = game.state()
    assert state.phase == "turn" and state.drawn is not None and state.drawn.tile == "9m"
    assert game.legal_actions(0)


# ---------------------------------------------------------------- illegal picks


@pytest.mark.parametrize(
    "tiles",
    [
        "1s 5s",  # too few
        "1s 5s 9s 1m",  # too many
        "1m 2m 3s",  # two suits under same_suit
        "1s 5s 8s",  # 8s not held
        "5s 5s 9s",  # one 5s held
    ],
)
def test_a_pick_of_the_wrong_count_tiles_not_held_or_two_suits_is_refused(tiles: str) -> None:
    game = scenario_round(rules(), HANDS)
    before = (game.state(), len(game.events))
    with pytest.raises(IllegalAction):
        game.apply(pick(0, tiles))
    assert (game.state(), len(game.events)) == before


def test_a_seat_picks_once_and_only_exchanges_in_the_window() -> None:
    game = scenario_round(rules(), HANDS)
    with pytest.raises(IllegalAction):
        game.apply(Action(0, "discard", tile_index("9s")))
    game.apply(pick(0, PICKS[0]))
    with pytest.raises(IllegalAction, match="not to act"):
        game.apply(pick(0, PICKS[0]))


def test_an_exchange_action_reads_from_json_lowest_first_and_a_bad_one_is_refused() -> None:
    read = action_from_json({"seat": 0, "kind": "exchange", "tiles": ["9s", "1s", "5s"]})
    assert read == pick(0, PICKS[0]) and read.to_json()["tiles"] == ["1s", "5s", "9s"]
    game = scenario_round(rules(), HANDS)
    game.apply(Action(0, "exchange", tiles=(tile_index("9s"), tile_index("1s"), tile_index("5s"))))
    assert game.to_act() == [1, 2, 3]
    for bad in (
        {"seat": 0, "kind": "exchange"},
        {"seat": 0, "kind": "exchange", "tiles": []},
        {"seat": 0, "kind": "exchange", "tiles": "1s5s9s"},
        {"seat": 0, "kind": "discard", "tile": "1s", "tiles": ["1s"]},
        {"seat": 0, "kind": "exchange", "tiles": ["1s", "5s", "9x"]},
    ):
        with pytest.raises(ActionError):
            action_from_json(bad)


# ---------------------------------------------------------------- what seats see, the log


def test_a_seat_sees_its_own_pick_and_what_it_received_but_no_other_pick() -> None:
    game = scenario_round(rules(), HANDS, seed=2)
    game.apply(pick(0, PICKS[0]))
    assert game.observation(0)["exchange"] == {"picked": ["1s", "5s", "9s"]}
    assert "exchange" not in game.observation(1)
    assert "1s" not in json.dumps(game.observation(1)["seats"][0])
    assert game.state().exchange is None and game.state().offers == ()  # the picks hidden
    for seat in (1, 2, 3):
        game.apply(pick(seat, PICKS[seat]))
    seen = game.observation(1)["exchange"]
    assert seen == {
        "picked": ["1m", "4m", "7m"],
        "direction": "next",
        "dice": [3, 1],
        "received": ["1s", "5s", "9s"],
    }
    assert "picked" not in json.dumps(game.observation(2)["seats"])


def test_the_log_replays_and_an_edited_pass_or_pick_is_refused() -> None:
    game = exchanged(1)
    for seat in range(4):
        game.apply(Action(seat, "declare", tile_index("1p")))
    game.abandon()
    lines = log_lines(game)
    again = replay(rules(), lines)
    assert again.events == game.events
    parsed = [json.loads(line) for line in lines]
    passed = next(i for i, line in enumerate(parsed) if line["type"] == "exchange")
    for key, value in (("direction", "next"), ("dice", [6, 3])):
        edited = list(lines)
        edited[passed] = json.dumps({**parsed[passed], key: value}, ensure_ascii=False)
        with pytest.raises(LogError, match=f"line {passed + 1}: exchange") as caught:
            replay(rules(), edited)
        assert caught.value.disagrees
    first = next(i for i, line in enumerate(parsed) if line.get("kind") == "exchange")
    edited = list(lines)
    edited[first] = json.dumps({**parsed[first], "tiles": ["1s", "5s", "8s"]})
    with pytest.raises(LogError, match=f"line {first + 1}: seat 0 may not exchange 1s 5s 8s"):
        replay(rules(), edited)


# ---------------------------------------------------------------- bots, options


def test_bots_and_tuo_guan_pass_the_loosest_tiles_of_the_suit_they_hold_fewest_of() -> None:
    game = scenario_round(rules(), HANDS)
    for seat in range(4):
        legal = game.legal_actions(seat)
        assert GreedyBot(rules(), None).choose(game.observation(seat), legal) == pick(
            seat, PICKS[seat]
        )
        assert AutoBot().choose(game.observation(seat), legal) == pick(seat, PICKS[seat])
    counts = [0] * 34
    for t in ("1p", "2p", "3p", "9p", "2s", "3s", "4s", "5s"):
        counts[tile_index(t)] += 1
    offered = [pick(0, "1p 2p 3p"), pick(0, "1p 3p 9p"), pick(0, "2p 3p 9p"), pick(0, "2s 3s 4s")]
    assert auto_choice(offered, -1, counts) == pick(0, "1p 3p 9p")  # 9p alone; 2p the middle


def test_a_bots_only_round_exchanges_declares_settles_and_replays() -> None:
    for seed in range(4):
        game = Round(rules(), seed=seed)
        bots = [GreedyBot(rules(), None), RandomBot(seed), AutoBot(), GreedyBot(rules(), None)]
        play_round(game, bots)
        kinds = [e.get("kind") for e in game.events if e["type"] == "action"]
        assert kinds[:4] == ["exchange"] * 4
        assert sum(e["type"] == "exchange" for e in game.events) == 1
        assert_settles_and_replays(rules(), game)


def test_the_option_off_opens_no_window_and_the_declarations_follow_their_own() -> None:
    game = Round(rules(), seed=1, options={"swap_three": False})
    assert game.state().phase == "declare" and game.state().exchange is None
    game = Round(rules(), seed=1, options={"swap_three": False, "dingque": False})
    assert game.state().phase == "turn" and game.state().turn == game.dealer
    game = Round(rules(), seed=1, options={"dingque": False})
    for seat in range(4):
        game.apply(game.legal_actions(seat)[0])
    assert game.state().phase == "turn"


def test_the_exchange_follows_the_wins_at_the_deal_and_precedes_the_declarations() -> None:
    text = DEAL_WINS_RULEBOOK.read_text(encoding="utf-8")
    text += '\ndeclarations {\n  swap "换三张" exchange 3\n  lack "定缺" choose suit\n}\n'
    both = compiled(text, "deal_then_swap")
    hands = ["234m456p789s1234p5s", "1111m34m679p1379s", "234m567p258s3468s", "345m678p234s2357p"]
    game = scenario_round(both, hands)
    assert game.state().phase == "deal" and game.to_act() == [1]
    game.apply(Action(1, "pass"))
    assert game.state().phase == "exchange" and game.to_act() == [0, 1, 2, 3]
    for seat in range(4):
        game.apply(game.legal_actions(seat)[0])
    assert game.state().phase == "declare"


def test_at_three_players_the_dice_pass_to_the_next_or_the_previous_seat() -> None:
    text = EXCHANGE_RULEBOOK.read_text(encoding="utf-8").replace("players 4", "players 3")
    three = compiled(text, "exchange_three")
    seen = set()
    for seed in range(8):
        game = Round(three, seed=seed)
        for seat in range(3):
            game.apply(game.legal_actions(seat)[0])
        passed = game.state().exchange
        assert passed is not None
        seen.add(passed.direction)
        assert passed.direction == ("next" if sum(passed.dice) % 2 else "previous")
    assert seen == {"next", "previous"}


@pytest.mark.parametrize("tiles", [("1s", "5s", "9s"), [18, 22, 26], (18, 22, None)])
def test_an_exchange_of_malformed_tiles_is_refused_not_a_traceback(tiles: object) -> None:
    game = scenario_round(rules(), HANDS)
    with pytest.raises(IllegalAction, match="tuple of tile ints"):
        game.apply(Action(0, "exchange", tiles=tiles))  # type: ignore[arg-type]


def test_a_seat_under_tuo_guan_picks_at_once_and_the_log_replays_it() -> None:
    played = dataclasses.replace(rules().turn_rules(), auto_play=True)
    game = scenario_round(rules(), HANDS, seed=2, rules=played)
    game.set_auto(1)
    picked = [e for e in game.events if e.get("kind") == "exchange"]
    assert picked == [
        {"type": "action", "seat": 1, "kind": "exchange", "tiles": ["1m", "4m", "7m"], "auto": True}
    ]
    for seat in (0, 2, 3):
        game.apply(pick(seat, PICKS[seat]))
    assert game.state().phase == "declare"
    game.abandon()
    assert replay(rules(), log_lines(game, explicit_rules=True)).events == game.events
