"""三麻 北抜き (rulebooks/sanma.mjr's `set_aside 4z` and its conventions): on his own turn after a
draw a player may set a 北 aside, replaced from the dead wall; each one is a dora (抜きドラ),
one more per indicator pointing at 北; another player may ron on it, paid by the setter,
without 槍槓; 嶺上開花 is scored on its replacement; a player in riichi sets aside only the 北
he has just drawn; setting one aside is a call (no 一発 after it). One test per convention,
through `Ruleset.score` and rounds set up by hand, read through Round's documented surface."""

from __future__ import annotations

import pytest

from mjc.runtime.game.engine import Round
from mjc.runtime.tiles.tile import tile_index
from tests.helpers.engine_helpers import act, book_round, kinds
from tests.helpers.settlement_helpers import assert_settles_and_replays, ruleset

# Seat 0 deals a hand that, with its 北 set aside and 1s drawn, wins (白 pung, a 1s pair);
# seat 1 waits on 北 alone (發 pung, a 北 pair to make); seat 2 waits on nothing.
DEALER_BLOOM = "123p456p789s555z1s4z"
JUNK_1 = "1m9m2p5p8p2s5s8s1z2z3z6z7z"
JUNK_2 = "9m3p6p9p3s6s9s1z2z3z6z7z7z"
DEALER_JUNK = "1m9m9m2p5p8p2s5s8s1z2z3z7z4z"
WAITS_ON_NORTH = "666z123p456p789s4z"


def _fan_ids(game: Round) -> set[str]:
    assert game.settlement is not None
    return {f.id for score in game.settlement.scores.values() for f in score.fans}


def test_a_north_held_on_ones_turn_may_be_set_aside_and_is_replaced_from_the_dead_wall() -> None:
    game = book_round("sanma", [DEALER_JUNK, JUNK_1, JUNK_2], tail="9p")
    assert "set_aside" in kinds(game, 0)
    indicators = game.state().dora_indicators
    act(game, 0, "set_aside", "4z")
    seat = game.state().seats[0]
    assert seat.set_aside == ("4z",) and "4z" not in seat.concealed and "9p" in seat.concealed
    assert game.events[-1] == {"type": "draw", "seat": 0, "tile": "9p", "from": "tail"}
    assert game.state().dora_indicators == indicators  # no kong dora for a 北 set aside
    assert game.observation(1)["seats"][0]["set_aside"] == ["4z"]
    assert game.census() == list(game.copies)


def test_no_north_is_set_aside_in_the_turn_after_a_pong() -> None:
    game = book_round(
        "sanma", ["1m9m2p5p8p2s5s8s1z2z3z7z5z6z", "55z4z1m9m2p5p8p2s5s8s1z2z", JUNK_2]
    )
    act(game, 0, "discard", "5z")
    act(game, 1, "pong", "5z")
    assert game.to_act() == [1] and "set_aside" not in kinds(game, 1)


def test_each_north_set_aside_is_a_dora_and_one_more_per_indicator_pointing_at_north() -> None:
    sanma = ruleset("sanma")
    hand, win = "234p567p234s678s55p", "8s"

    def dora(**kw: object) -> int:
        score = sanma.score(hand, win=win, situations=["riichi"], **kw)  # type: ignore[arg-type]
        return sum(f.value for f in score.fans if f.id in ("dora", "ura_dora"))

    assert dora() == 0 and dora(set_aside=2) == 2
    assert dora(set_aside=1, dora_indicators=["3z"]) == 2  # 西 points at 北
    assert dora(set_aside=2, ura_indicators=["3z"]) == 4  # a riichi winner's ura too
    no_yaku = "123p567p234s678s99p"  # a closed 嵌張 on a discard, terminals: no yaku
    assert sanma.score(no_yaku, win="2p", situations=["riichi"], set_aside=1).win
    assert not sanma.score(no_yaku, win="2p", set_aside=3).win  # 抜きドラ are no yaku


def test_a_north_set_aside_may_be_won_on_paid_by_the_setter_without_chankan() -> None:
    game = book_round("sanma", [DEALER_JUNK, WAITS_ON_NORTH, JUNK_2], tail="9p")
    act(game, 0, "set_aside", "4z")
    assert game.to_act() == [1] and kinds(game, 1) == {"win", "pass"}
    act(game, 1, "win")
    assert game.result is not None and game.result["winners"] == [1]
    assert game.result["outcome"]["discarder"] == 0
    assert "chankan" not in _fan_ids(game)
    assert game.result["deltas"][0] < 0 and game.result["deltas"][2] == 0
    assert game.state().seats[0].set_aside == ()  # the 北 went to its winner
    assert_settles_and_replays(ruleset("sanma"), game)


def test_a_north_passed_is_replaced_and_the_setter_plays_on() -> None:
    game = book_round("sanma", [DEALER_JUNK, WAITS_ON_NORTH, JUNK_2], tail="9p")
    act(game, 0, "set_aside", "4z")
    act(game, 1, "pass")
    assert game.to_act() == [0] and "9p" in game.state().seats[0].concealed


def test_rinshan_is_scored_on_the_replacement_of_a_north_set_aside() -> None:
    game = book_round("sanma", [DEALER_BLOOM, JUNK_1, JUNK_2], tail="1s")
    act(game, 0, "set_aside", "4z")
    act(game, 0, "win")
    assert game.result is not None and game.result["winners"] == [0]
    assert "nuki_bloom" in game.result["outcome"]["winners"][0]["situations"]
    assert {"rinshan", "dora"} <= _fan_ids(game)  # the 北 set aside is one dora
    assert_settles_and_replays(ruleset("sanma"), game)


def test_a_player_in_riichi_sets_aside_only_the_north_he_has_just_drawn() -> None:
    # Seat 1 holds a 北 pair; it declares riichi, so its 北 stay, and only one drawn may go.
    seat1 = "123p456p789s44z78s"
    dealer = DEALER_JUNK.replace("4z", "6z")
    game = book_round("sanma", [dealer, seat1, JUNK_2], "5s1p9p9p1p2p4z")
    assert "set_aside" not in kinds(game, 0)
    act(game, 0, "discard", "6z")
    assert "set_aside" in kinds(game, 1)  # before riichi: a 北 held may go
    act(game, 1, "declare_ready", "5s")
    act(game, 2, "discard", "1p")
    act(game, 0, "discard", "9p")
    assert "set_aside" not in kinds(game, 1)  # in riichi, 9p drawn: its 北 pair stays
    act(game, 1, "discard", "9p")
    act(game, 2, "discard", "1p")
    act(game, 0, "discard", "2p")
    assert [a.tile for a in game.legal_actions(1) if a.kind == "set_aside"] == [tile_index("4z")]
    act(game, 1, "set_aside", "4z")
    assert game.state().seats[1].set_aside == ("4z",)


def test_bots_set_norths_aside_and_the_log_replays() -> None:
    sanma = ruleset("sanma")
    found = 0
    for seed in range(4):
        from mjc.runtime.bots.greedybot import GreedyBot
        from mjc.runtime.bots.simple import play_round

        game = Round(sanma, seed=seed)
        play_round(game, [GreedyBot(sanma, {}) for _ in range(3)])
        found += sum(
            1 for e in game.events if e.get("type") == "action" and e["kind"] == "set_aside"
        )
        assert_settles_and_replays(sanma, game)
    assert found > 0


@pytest.mark.parametrize("set_aside", [False, True], ids=["no_nuki", "nuki"])
def test_a_north_set_aside_ends_the_ippatsu_of_a_riichi_before_it(set_aside: bool) -> None:
    seat1 = "123p456p789s44z78s"  # riichi on 5s, waiting on 6s and 9s
    seat2 = JUNK_2.replace("7z7z", "7z4z")
    dealer = DEALER_JUNK.replace("4z", "6z")
    game = book_round("sanma", [dealer, seat1, seat2], "5s1p9p6s", tail="2p")
    act(game, 0, "discard", "6z")
    act(game, 1, "declare_ready", "5s")
    if set_aside:
        act(game, 2, "set_aside", "4z")
    act(game, 2, "discard", "1p")
    act(game, 0, "discard", "9p")
    act(game, 1, "win")
    assert game.result is not None and game.result["winners"] == [1]
    assert ("ippatsu_fan" in _fan_ids(game)) is not set_aside


def test_a_round_json_settles_each_winner_with_the_norths_he_set_aside_and_counts_them() -> None:
    game = book_round("sanma", [DEALER_BLOOM, JUNK_1, JUNK_2], tail="1s")
    act(game, 0, "set_aside", "4z")
    act(game, 0, "win")
    assert game.result is not None
    outcome = dict(game.result["outcome"])
    assert outcome["set_aside"] == {"0": ["4z"], "1": [], "2": []}
    sanma = ruleset("sanma")
    with_two = sanma.settle({**outcome, "set_aside": {"0": ["4z", "4z"]}})
    assert game.settlement is not None
    played = {f.id: f.value for f in game.settlement.scores[0].fans}["dora"]
    assert {f.id: f.value for f in with_two.scores[0].fans}["dora"] == played + 1
    with pytest.raises(ValueError, match="4z"):  # six 北: four set aside, two in the hand
        sanma.settle(
            {
                **outcome,
                "set_aside": {"0": ["4z"] * 4},
                "winners": [
                    {**outcome["winners"][0], "hand": "123p456p789s555z44z", "win_tile": "4z"}
                ],
            }
        )


def test_a_north_kept_in_hand_is_an_honour_like_the_others_a_yaku_for_nobody() -> None:
    sanma = ruleset("sanma")
    score = sanma.score("444z123p456p789s11p", win="1p", situations=["riichi"], seat_wind="W")
    assert score.win and {f.id for f in score.fans} == {"riichi_fan"}


@pytest.mark.parametrize("set_aside", [False, True], ids=["no_nuki", "nuki"])
def test_a_north_set_aside_ends_the_first_go_around_for_a_double_riichi(set_aside: bool) -> None:
    seat1 = "123p456p789s44z78s"  # riichi on its first discard, 5s, waiting on 6s and 9s
    game = book_round("sanma", [DEALER_JUNK, seat1, JUNK_2], "5s1p9p6s", tail="2p")
    if set_aside:  # the dealer's 北 in his first turn: a call before seat 1's declaration
        act(game, 0, "set_aside", "4z")
    act(game, 0, "discard", "2z")
    act(game, 1, "declare_ready", "5s")
    act(game, 2, "discard", "1p")
    act(game, 0, "discard", "9p")
    act(game, 1, "win")
    fans = _fan_ids(game)
    assert ("double_riichi_fan" in fans) is not set_aside and ("riichi_fan" in fans) is set_aside
