"""日本麻将 in play (rulebooks/riichi.mjr, issue 24): the ready declaration (立直) as an action
of the engine, its locked hand, ダブル立直 and 一発 set by the engine on the declarer's wins,
一発 broken by a call, the deposit (供託) on the table and to the winner, and 振聴 (discard,
temporary, riichi). Each test sets the hands up with a `Scenario` and reads only Round's
documented surface (legal_actions, apply, state, result, settlement)."""

from __future__ import annotations

import dataclasses

import pytest

from mjc.runtime import Round, Scenario
from mjc.runtime.game.actions import Action
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.settle.round import RoundError
from mjc.runtime.tiles.tile import tile_index
from tests.conftest import ruleset

# The dealer's 14 tiles: discarding 7z leaves 123m 456m 789p 234s 5p, ready on 5p (単騎).
DEALER = "123m456m789p234s5p7z"
JUNK2 = "369m369p36s567z99s"
JUNK3 = "123m123p11123s66z"
PONG_7Z = "77z234p567p345s69s"  # pongs 7z, then ready on 6s after discarding 9s
JUNK_44Z = "123m789m2378s444z"


def _t(text: str) -> int:
    return tile_index(text)


def _riichi_round(hands: dict[int, str], head: str = "", **kw: object) -> Round:
    return Round(
        ruleset("riichi"), seed=1, scenario=Scenario(hands=hands, head=head, dealer=0), **kw
    )


def _discard(game: Round, seat: int, tile: str, kind: str = "discard") -> None:
    game.apply(Action(seat, kind, _t(tile)))


def _pass_all(game: Round) -> None:
    for seat in game.to_act():
        if game.state().phase != "turn":
            game.apply(Action(seat, "pass"))


def _go_around(game: Round, *seats_tiles: tuple[int, str]) -> None:
    """Each seat discards the tile it drew, nobody claiming."""
    for seat, tile in seats_tiles:
        _pass_all(game)
        _discard(game, seat, tile)


def test_a_closed_ready_hand_may_declare_with_the_discard_that_leaves_it_ready() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3})
    declares = [a.tile for a in game.legal_actions(0) if a.kind == "declare_ready"]
    assert declares == [_t("5p"), _t("7z")]  # each leaves a 単騎 wait; no other discard does


def test_a_hand_with_a_claimed_meld_may_not_declare() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3})
    _discard(game, 0, "7z")
    game.apply(Action(1, "pong", _t("7z")))
    legal = game.legal_actions(1)
    assert Action(1, "discard", _t("9s")) in legal  # ready on 6s after it, but open
    assert not [a for a in legal if a.kind == "declare_ready"]


def test_a_seat_without_the_points_needed_may_not_declare() -> None:
    game = _riichi_round(
        {0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, points=[900, 25000, 25000, 25000]
    )
    assert not [a for a in game.legal_actions(0) if a.kind == "declare_ready"]


def test_no_declaration_with_fewer_tiles_left_in_the_wall_than_it_needs() -> None:
    rules = dataclasses.replace(ruleset("riichi").turn_rules({}), ready_tiles_left=100)
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, rules=rules)
    assert not [a for a in game.legal_actions(0) if a.kind == "declare_ready"]


def test_after_declaring_the_hand_is_locked_and_the_deposit_is_on_the_table() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, head="1z 2z 3z 9m")
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))  # seat 1 could pong 7z
    assert game.state().ready_declarations[0].seat == 0
    assert game.state().table_deposits == 1000  # the discard was not won on
    _go_around(game, (1, "1z"), (2, "2z"), (3, "3z"))
    assert game.legal_actions(0) == [Action(0, "discard", _t("9m"))]  # 摸切 only


def test_a_win_on_the_first_discards_declaration_is_double_riichi_with_ippatsu() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, head="5p")
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    _discard(game, 1, "5p")
    game.apply(Action(0, "win"))
    assert game.result is not None
    situations = game.result["outcome"]["winners"][0]["situations"]
    assert "double_riichi" in situations and "ippatsu" in situations
    assert "riichi" not in situations


def test_a_call_after_the_declaration_breaks_ippatsu_and_the_deposit_stands() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, head="5p")
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pong", _t("7z")))
    _discard(game, 1, "9s")
    _pass_all(game)  # seat 2 could pong 9s
    _discard(game, 2, "5p")
    game.apply(Action(0, "win"))
    assert game.result is not None
    situations = game.result["outcome"]["winners"][0]["situations"]
    assert "double_riichi" in situations and "ippatsu" not in situations
    assert game.result["outcome"]["ready_declarations"][0]["deposit"] == 1000


def test_a_declaration_discard_won_on_stands_without_a_deposit() -> None:
    shanpon = "77z55z234p567p345s"  # ready on 7z or 5z
    game = _riichi_round({0: DEALER, 1: shanpon, 2: JUNK2, 3: JUNK3})
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "win"))
    assert game.result is not None and game.settlement is not None
    assert game.result["outcome"]["ready_declarations"] == [
        {"seat": 0, "discard": 1, "tile": "7z", "deposit": 0}
    ]
    assert not [line for line in game.settlement.lines if line.kind == "deposit"]


def test_the_winner_takes_the_deposits_on_the_table_and_those_carried_in() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, head="5p", deposits=2000)
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    _discard(game, 1, "5p")
    game.apply(Action(0, "win"))
    settlement = game.settlement
    assert settlement is not None and game.result is not None
    deposits = [(x.payer, x.payee, x.amount) for x in settlement.lines if x.kind == "deposit"]
    assert deposits == [(0, -1, 1000), (-1, 0, 3000)]
    assert game.result["deposits"] == {"before": 2000, "after": 0}
    assert sum(settlement.deltas) + settlement.table_after - settlement.table_before == 0


def test_after_a_draw_the_deposits_stay_on_the_table() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, head="1z", deposits=1000)
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    game.abandon()  # counts as a draw
    assert game.result is not None and game.settlement is not None
    assert game.result["deposits"] == {"before": 1000, "after": 2000}
    assert game.settlement.deltas == [-1000, 0, 0, 0]
    assert game.settlement.as_dict()["table"] == {"before": 1000, "after": 2000}


# ------------------------------------------------------------------ 振聴

RYANMEN = "23p456p789s234s55s"  # ready on 1p or 4p (平和)
JUNK0 = "123m456m789p234s5p7z"


def test_discard_furiten_no_win_on_a_discard_while_a_wait_is_among_ones_discards() -> None:
    game = _riichi_round({0: JUNK0, 1: RYANMEN, 2: JUNK2, 3: JUNK3}, head="4p 1p")
    _discard(game, 0, "7z")
    _pass_all(game)
    _discard(game, 1, "4p")  # its own wait, thrown
    _pass_all(game)
    _discard(game, 2, "1p")
    assert Action(1, "win") not in game.legal_actions(1)


def test_temporary_furiten_a_passed_win_bars_wins_on_discards_until_ones_next_discard() -> None:
    game = _riichi_round({0: JUNK0, 1: RYANMEN, 2: JUNK2, 3: JUNK3}, head="9m 4p 1p 8m 8m 1p")
    _discard(game, 0, "7z")
    _pass_all(game)
    _discard(game, 1, "9m")
    _pass_all(game)
    _discard(game, 2, "4p")
    assert Action(1, "win") in game.legal_actions(1)
    _pass_all(game)  # seat 1 passes the win
    _discard(game, 3, "1p")
    assert Action(1, "win") not in game.legal_actions(1)  # 同巡内振聴
    _pass_all(game)
    _discard(game, 0, "8m")
    _pass_all(game)
    _discard(game, 1, "8m")  # its own next discard ends it
    _pass_all(game)
    _discard(game, 2, "1p")
    assert Action(1, "win") in game.legal_actions(1)


def test_riichi_furiten_a_declarer_who_passed_a_win_never_wins_on_a_discard_again() -> None:
    game = _riichi_round({0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3}, head="5p 1z 2z 3z")
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    _discard(game, 1, "5p")
    game.apply(Action(0, "pass"))  # passes the win
    _go_around(game, (2, "1z"), (3, "2z"))
    _discard(game, 0, "3z")  # its own next discard: still furiten
    _pass_all(game)
    assert game.state().seats[0].furiten  # for the rest of the round


def test_four_riichi_the_round_is_drawn_once_the_fourth_declarations_discard_passes() -> None:
    hands = {
        0: DEALER,  # ready on 5p after 7z
        1: "456789m123456s9p",  # ready on 9p
        2: "111222333p567s8s",  # ready on 5s or 8s
        3: "111999m111999s5z",  # ready on 5z
    }
    game = _riichi_round(hands, head="1z 2z 3z")
    _discard(game, 0, "7z", "declare_ready")
    _discard(game, 1, "1z", "declare_ready")
    _discard(game, 2, "2z", "declare_ready")
    assert game.result is None
    _discard(game, 3, "3z", "declare_ready")
    assert game.result is not None
    assert game.result["abortive_draw"] == "all_ready" and not game.result["exhaustive_draw"]
    assert game.result["deposits"] == {"before": 0, "after": 4000}
    assert game.result["deltas"] == [-1000, -1000, -1000, -1000]


def test_four_riichi_plays_on_when_the_option_is_off() -> None:
    hands = {0: DEALER, 1: "456789m123456s9p", 2: "111222333p567s8s", 3: "111999m111999s5z"}
    game = _riichi_round(hands, head="1z 2z 3z", options={"four_riichi_draw": False})
    for seat, tile in ((0, "7z"), (1, "1z"), (2, "2z"), (3, "3z")):
        _discard(game, seat, tile, "declare_ready")
    assert game.result is None and game.state().phase == "turn"


# ------------------------------------------------------------------ the round JSON


def test_settle_moves_the_deposits_of_the_round_json_to_the_winner_nearest_the_discarder() -> None:
    won = {"hand": "234m567p234s678s55p", "win_tile": "8s", "situations": ["riichi"]}
    also = {"hand": "345m345p456s678s99m", "win_tile": "8s", "situations": ["riichi"]}
    result = ruleset("riichi").settle(
        {
            "winners": [{"seat": 3, **won}, {"seat": 1, **also}],
            "discarder": 2,
            "ready_declarations": [
                {"seat": 1, "discard": 5, "tile": "1z", "deposit": 1000},
                {"seat": 3, "discard": 9, "deposit": 1000},
            ],
            "deposits_carried": 1000,
        }
    )
    deposits = [(x.payer, x.payee, x.amount) for x in result.lines if x.kind == "deposit"]
    assert deposits == [(1, -1, 1000), (3, -1, 1000), (-1, 3, 3000)]  # seat 3 is nearest
    assert (result.table_before, result.table_after) == (1000, 0)
    assert sum(result.deltas) + result.table_after - result.table_before == 0


@pytest.mark.parametrize(
    ("declarations", "message"),
    [
        ([{"seat": 7, "discard": 1}], "seat 7 does not exist"),
        ([{"seat": 1, "discard": 1}, {"seat": 1, "discard": 5}], "a seat declares ready once"),
        ([{"seat": 1, "discard": 1, "deposit": -5}], "deposit"),
        ([{"seat": 1}], "discard"),
        ("many", "ready_declarations"),
    ],
)
def test_settle_refuses_ready_declarations_it_cannot_read(
    declarations: object, message: str
) -> None:
    with pytest.raises(RoundError, match=message):
        ruleset("riichi").settle({"exhaustive_draw": True, "ready_declarations": declarations})


# ------------------------------------------------------------------ a kong after the declaration

JUNK3B = "456p789s11123s66z"


def test_a_declarer_may_kong_the_tile_he_drew_when_his_waits_stay_as_they_were() -> None:
    hands = {0: "111m456m789p234s5p7z", 1: PONG_7Z, 2: JUNK2, 3: JUNK3B}
    game = _riichi_round(hands, head="1z 2z 3z 1m")
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    _go_around(game, (1, "1z"), (2, "2z"), (3, "3z"))
    assert Action(0, "concealed_kong", _t("1m")) in game.legal_actions(0)  # still on 5p


def test_a_declarer_may_not_kong_when_the_kong_changes_his_waits() -> None:
    hands = {0: "1112m789p234s567s7z", 1: PONG_7Z, 2: JUNK2, 3: JUNK3B}  # on 2m or 3m
    game = _riichi_round(hands, head="1z 2z 3z 1m")
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    _go_around(game, (1, "1z"), (2, "2z"), (3, "3z"))
    assert game.legal_actions(0) == [Action(0, "discard", _t("1m"))]  # a kong leaves 2m only


def test_a_round_with_points_and_deposits_replays_from_its_log() -> None:
    game = _riichi_round(
        {0: DEALER, 1: PONG_7Z, 2: JUNK2, 3: JUNK3},
        head="5p",
        points=[25000, 25000, 25000, 25000],
        deposits=1000,
    )
    _discard(game, 0, "7z", "declare_ready")
    game.apply(Action(1, "pass"))
    _discard(game, 1, "5p")
    game.apply(Action(0, "win"))
    again = replay(ruleset("riichi"), log_lines(game))
    assert again.events == game.events and again.result == game.result


def test_robbing_an_added_kong_in_the_go_around_is_ippatsu_with_chankan() -> None:
    # 槍槓 with 一発: the added kong is robbed before it stands, so it breaks no 一発.
    hands = {0: "123m456m789p11s4p17z", 1: "33p147m258s12346z", 2: "39p258m369s55566z"}
    head = "9m 9s 2z 8s 5p 3p"
    game = _riichi_round({**hands, 3: JUNK_44Z}, head=head)
    _discard(game, 0, "7z")
    _go_around(game, (1, "9m"))
    _pass_all(game)
    _discard(game, 2, "3p")
    game.apply(Action(1, "pong", _t("3p")))
    _discard(game, 1, "4z")
    _go_around(game, (2, "2z"), (3, "8s"))
    _pass_all(game)
    _discard(game, 0, "1z", "declare_ready")  # ready on 3p or 6p
    _pass_all(game)
    game.apply(Action(1, "added_kong", _t("3p")))
    game.apply(Action(0, "win"))
    assert game.result is not None
    situations = game.result["outcome"]["winners"][0]["situations"]
    assert {"riichi", "ippatsu", "robbing_kong"} <= set(situations)


def test_a_concealed_kong_in_the_go_around_breaks_ippatsu() -> None:
    hands = {0: "123m456m789p11s4p17z", 1: "3333p147m258s126z", 2: "19p258m369s55566z"}
    game = _riichi_round({**hands, 3: JUNK_44Z}, head="9m 9s 2z 5p 7p 6p")
    _discard(game, 0, "7z")
    _go_around(game, (1, "9m"), (2, "9s"), (3, "2z"))
    _pass_all(game)
    _discard(game, 0, "1z", "declare_ready")  # ready on 6p (seat 1 holds every 3p)
    _pass_all(game)
    game.apply(Action(1, "concealed_kong", _t("3p")))
    _discard(game, 1, "7p")
    _go_around(game, (2, "6p"))
    game.apply(Action(0, "win"))
    assert game.result is not None
    situations = game.result["outcome"]["winners"][0]["situations"]
    assert "riichi" in situations and "ippatsu" not in situations
