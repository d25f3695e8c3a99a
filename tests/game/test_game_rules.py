"""The engine plays each `TurnRules` field as its docstring says, on set-up deals.

Each deal is a `Scenario` (`tests/helpers/engine_helpers.py`): seat 0 deals, the hands are
written in notation, then the draws in the order they are drawn; what happened is read from
`Round.state()`, the events and the result. The rulebook is 广东 (chow,
pong, every kong, robbing an added kong, no wilds) unless a test says otherwise; the rules
are passed explicitly, as a rulebook's play section will."""

from __future__ import annotations

import pytest
from clause_deals import rob_round
from engine_helpers import SEAT0, SEAT1, SEAT2, SEAT3, act, kinds, scenario_round

from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import Round
from mjc.runtime.game.observation import observation
from mjc.runtime.game.roundend import next_dealer
from mjc.runtime.game.roundstate import Kong
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import tile_index
from tests.conftest import ruleset

GD = "guangdong"


def _gd() -> object:
    return ruleset(GD)


# ------------------------------------------------------------------ 漏碰 / 漏胡


@pytest.mark.parametrize("missed_pong", [True, False])
def test_missed_pong_bars_the_same_tile_until_the_seat_draws(missed_pong: bool) -> None:
    """漏碰 (潮州, 百色: 摸、碰、杠牌前都不能再碰同张): seat 2 passes a pong of 9s; when seat 1
    discards the other 9s before seat 2 has drawn, seat 2 may pong it only without 漏碰."""
    game = scenario_round(
        ruleset(GD),
        [SEAT0, SEAT1, SEAT2, SEAT3],
        "8s 9m 9m 9m",
        rules=TurnRules(missed_pong=missed_pong),
    )
    act(game, 0, "discard", "9s")
    assert kinds(game, 2) == {"pong", "pass"}
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "9s")
    assert ("pong" in kinds(game, 2)) is not missed_pong
    if missed_pong:
        state = game.state()
        assert state.to_act == (2,) and state.phase == "turn"  # seat 2 drew
        assert state.seats[2].missed_pong == ()  # its own draw ends 漏碰


LOUHU = [
    "147m147p124s12345z",  # seat 0 discards 1z
    "258m258p235s1234z",  # seat 1 discards 1z after its draw
    "123m456p789s1155z",  # seat 2 waits on 1z and 5z
    SEAT3,
]


@pytest.mark.parametrize("missed_win", [True, False])
def test_missed_win_bars_a_win_on_that_tile_until_the_seat_draws(missed_win: bool) -> None:
    """漏胡 (上海: 漏胡只針對1張牌): seat 2 passes a win on 1z; it may not win on the next 1z
    (seat 1's) before its own draw — only with 漏胡."""
    game = scenario_round(ruleset(GD), LOUHU, "9m 9m", rules=TurnRules(missed_win=missed_win))
    act(game, 0, "discard", "1z")
    assert "win" in kinds(game, 2)
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "1z")
    assert ("win" in kinds(game, 2)) is not missed_win


def test_must_win_offers_the_win_alone() -> None:
    """必胡 (潮州 option): a possible win must be taken: no pass, no claim instead."""
    game = scenario_round(ruleset(GD), LOUHU, "9m", rules=TurnRules(must_win=True))
    act(game, 0, "discard", "1z")
    assert game.legal_actions(2) == [Action(2, "win")]
    game.apply(Action(2, "win"))
    assert game.result is not None and game.result["winners"] == [2]


# ------------------------------------------------------------------ chows


REBUILD = [
    "147m147p124s12345z",
    "345m258p25s1234z9s",  # holds the run 345m and breaks it by discarding 5m
    "69m369p136s567z99s",
    SEAT3,
]


@pytest.mark.parametrize("rule", [True, False])
def test_no_chow_to_rebuild_a_broken_run(rule: bool) -> None:
    """过吃不吃 (百色): seat 1 broke its run 345m by discarding 5m; chowing a later 5m back
    into 345m is refused for the rest of the round, only with the rule."""
    game = scenario_round(
        ruleset(GD), REBUILD, "7z 4z 9p 5m", rules=TurnRules(no_chow_to_rebuild=rule)
    )
    act(game, 0, "discard", "7p")
    act(game, 1, "discard", "5m")
    act(game, 2, "discard", "4z")
    act(game, 3, "discard", "9p")
    act(game, 0, "discard", "5m")
    chows = [a for a in game.legal_actions(1) if a.kind == "chow"]
    assert bool(chows) is not rule


SWAP = ["137m147p124s12345z", "4566m258p25s1234z", "369m369p36s567z99s", SEAT3]


@pytest.mark.parametrize("allowed", [True, False])
def test_discard_after_chow_of_the_claimed_tile_and_its_swap(allowed: bool) -> None:
    """上吃下吐: after chowing 3m into 345m, discarding 6m (the run's other end) at once is
    allowed only when the rulebook allows 上吃下吐."""
    game = scenario_round(ruleset(GD), SWAP, rules=TurnRules(discard_after_chow_same_tile=allowed))
    act(game, 0, "discard", "3m")
    game.apply(Action(1, "chow", tile_index("3m"), tile_index("3m")))
    discards = {a.tile for a in game.legal_actions(1) if a.kind == "discard"}
    assert (tile_index("6m") in discards) is allowed


def test_chow_only_from_the_seat_before() -> None:
    """Chow only from the 上家: seat 2 holds 45m but is not offered seat 0's 3m."""
    hands = ["137m147p124s12345z", "4566m258p25s1234z", "45m369p36s567z99s9m", SEAT3]
    game = scenario_round(ruleset(GD), hands)
    act(game, 0, "discard", "3m")
    assert "chow" in kinds(game, 1)
    assert "chow" not in kinds(game, 2)


# ------------------------------------------------------------------ kongs


KONG = [SEAT0, SEAT1, "3333m69p36s567z99s", "124m123p123s6677z"]


@pytest.mark.parametrize("allowed", [True, False])
def test_kong_right_after_a_pong(allowed: bool) -> None:
    """吃、碰后不能马上杠 (百色, 潮州 碰完不可以立马开杠): after ponging 9s, seat 2 may declare
    its concealed kong of 3m before discarding only when the rule allows it."""
    game = scenario_round(ruleset(GD), KONG, rules=TurnRules(kong_right_after_claim=allowed))
    act(game, 0, "discard", "9s")
    act(game, 2, "pong")
    assert ("concealed_kong" in kinds(game, 2)) is allowed


def _rob_round() -> Round:
    """`clause_deals.ROB` played up to seat 1's turn with the fourth 9s of its pong drawn."""
    return rob_round(ruleset(GD))


def test_robbing_an_added_kong() -> None:
    """抢杠胡: seat 1 adds its drawn 9s to its pong of 9s; seat 2, waiting on 9s, may rob it,
    and the round JSON names the robbed seat and the kong kind."""
    game = _rob_round()
    act(game, 1, "added_kong", "9s")
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    game.apply(Action(2, "win"))
    result = game.result
    assert result is not None
    outcome = result["outcome"]
    assert outcome["robbed_from"] == 1 and outcome["robbed_kong"] == "added"
    assert outcome["winners"][0]["situations"] == ["robbing_kong"]
    assert outcome["kongs"] == []  # a robbed kong never was
    assert sum(result["deltas"]) == 0 and result["deltas"][2] > 0


def test_an_unrobbed_added_kong_draws_from_the_tail() -> None:
    """Nobody robs: the kong completes and seat 1 draws its replacement from the tail."""
    game = _rob_round()
    act(game, 1, "added_kong", "9s")
    game.apply(Action(2, "pass"))
    assert game.events[-1]["type"] == "draw" and game.events[-1]["from"] == "tail"
    state = game.state()
    assert state.kongs == (Kong(1, "added"),)
    assert state.turn == 1 and state.drawn is not None and state.drawn.after_kong


@pytest.mark.parametrize("shows", [True, False])
def test_concealed_kong_is_hidden_from_the_others(shows: bool) -> None:
    """暗杠亮上方一张 / 暗杠不显示: the others see one tile of a concealed kong, or none."""
    hands = ["1111m4p124s12345z9s", SEAT1, SEAT2, "23m123p123s66777z"]
    game = scenario_round(ruleset(GD), hands, rules=TurnRules(concealed_kong_shows_tile=shows))
    act(game, 0, "concealed_kong", "1m")
    other = observation(game, 1)["seats"][0]["melds"][0]
    own = observation(game, 0)["seats"][0]["melds"][0]
    assert own["tiles"] == ["1m"] * 4
    assert "tiles" not in other and ("shown" in other) is shows


# ------------------------------------------------------------------ several winners


SEVERAL = ["147m147p124s13457z", "123m456p789s1155z", "234m567p678s2221z", SEAT3]


@pytest.mark.parametrize("several", [True, False])
def test_several_winners_on_one_discard(several: bool) -> None:
    """一炮多响: seats 1 and 2 both win on seat 0's 1z; with `several_winners` off only the
    nearest to the discarder (seat 1) wins."""
    game = scenario_round(ruleset(GD), SEVERAL, rules=TurnRules(several_winners=several))
    act(game, 0, "discard", "1z")
    game.apply(Action(1, "win"))
    game.apply(Action(2, "win"))
    assert game.result is not None
    assert game.result["winners"] == ([1, 2] if several else [1])
    assert sum(game.result["deltas"]) == 0


def test_win_beats_pong_in_the_priority_order() -> None:
    """胡 > 杠 > 碰 > 吃: seat 1 pongs 1z while seat 2 wins on it: the win is served."""
    game = scenario_round(ruleset(GD), SEVERAL, rules=TurnRules(several_winners=False))
    act(game, 0, "discard", "1z")
    act(game, 1, "pong")
    game.apply(Action(2, "win"))
    assert game.result is not None and game.result["winners"] == [2]


# ------------------------------------------------------------------ illegal actions


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    game = scenario_round(ruleset(GD), [SEAT0, SEAT1, SEAT2, SEAT3])
    before = (len(game.events), game.census(), game.state())
    for bad in (
        Action(1, "discard", tile_index("2m")),  # not seat 1's turn
        Action(0, "discard", tile_index("9m")),  # not held
        Action(0, "pong", tile_index("1m")),  # no claim on one's own turn
        Action(7, "pass"),  # no such seat
        Action(True, "pass"),  # type: ignore[arg-type]  # a bool is no seat
        Action(0, "discard", 1.0),  # type: ignore[arg-type]  # nor a float a tile
        ("0", "discard"),  # not an Action
    ):
        with pytest.raises(IllegalAction):
            game.apply(bad)  # type: ignore[arg-type]
        assert (len(game.events), game.census(), game.state()) == before


# ------------------------------------------------------------------ the end of the round


def test_exhaustive_draw_leaves_the_reserved_tiles() -> None:
    """潮州 留牌: the round is exhausted when only the reserved tiles are left; they are never
    drawn (the last drawable tile is drawn and discarded first)."""
    from mjc.runtime.bots.simple import AutoBot, play_round

    game = Round(ruleset(GD), seed=3, rules=TurnRules(reserved=10))
    play_round(game, [AutoBot()] * 4)
    assert game.result is not None and game.result["exhaustive_draw"]
    wall = game.state().wall
    assert wall.drawable == 0 and len(wall.reserved) == 10
    assert game.events[-2]["type"] == "action" and game.events[-2]["kind"] == "discard"


def _dealer_round(**rules: object) -> Round:
    return Round(ruleset(GD), seed=0, dealer=1, rules=TurnRules(**rules))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "winners", "origin", "robbed", "dealer"),
    [
        ({"dealer_after_other_win": "winner"}, [3], 0, None, 3),  # 谁胡谁坐庄
        ({"dealer_after_other_win": "next"}, [3], 0, None, 2),  # 广东: the dealer's 下家
        ({}, [1], None, None, 1),  # the dealer wins: 连庄
        ({"dealer_after_draw": "stay"}, [], None, None, 1),  # 流局连庄
        ({"dealer_after_draw": "next"}, [], None, None, 2),  # 梅州: 原庄家的下家
        ({"dealer_after_several": "discarder"}, [3, 1], 2, None, 2),  # 一炮多响点炮玩家坐庄
        ({"dealer_after_several": "after_nearest_winner"}, [3, 1], 2, None, 0),  # 上海
        ({"dealer_after_several": "dealer_or_next"}, [3, 1], 2, None, 1),  # 广东: stays
        ({"dealer_after_several": "dealer_or_next"}, [3, 0], 2, None, 2),  # 广东: 下家
        ({"dealer_after_several": "nearest_winner"}, [0, 3], 2, None, 3),
        ({"dealer_after_robbed_kong": "robbed"}, [3], 2, 2, 2),  # 梅州: 被抢玩家即为下盘庄家
        ({"dealer_after_robbed_kong": "as_win"}, [3], 2, 2, 3),
    ],
)
def test_dealer_succession(
    rules: dict[str, object],
    winners: list[int],
    origin: int | None,
    robbed: int | None,
    dealer: int,
) -> None:
    """Who deals next, for each value of the `dealer_after_*` fields (seat 1 dealt)."""
    game = _dealer_round(**rules)
    assert next_dealer(game, winners, origin, robbed) == dealer


# ------------------------------------------------------------------ what the round JSON says


BLOOM = ["147m147p147s2345z9s", "999s123m456p789p1z", "2369m36p36s567z88s", SEAT3]


def test_kong_bloom_names_the_exposed_kongs_feeder() -> None:
    """杠上开花 on an exposed kong: seat 0 fed the fourth 9s, seat 1 wins on its replacement
    (drawn from the head here, so the test knows it); the round JSON names the feeder."""
    game = scenario_round(ruleset(GD), BLOOM, "1z", rules=TurnRules(replacement="head"))
    act(game, 0, "discard", "9s")
    act(game, 1, "exposed_kong")
    drawn = game.state().drawn
    assert drawn is not None and drawn.after_kong and "win" in kinds(game, 1)
    act(game, 1, "win")
    assert game.result is not None
    outcome = game.result["outcome"]
    assert outcome["kong_fed_by"] == 0 and outcome["bloom_kong"] == "exposed"
    assert outcome["kongs"] == [{"seat": 1, "kind": "exposed", "fed_by": 0}]
    assert outcome["claims"] == [{"seat": 1, "from_seat": 0, "kind": "kong", "tile": "9s"}]
    assert "kong_bloom" in outcome["winners"][0]["situations"]
    assert sum(game.result["deltas"]) == 0


HEAVENLY = ["123m456p789s11122z", SEAT1, SEAT2.replace("9s", "8s"), SEAT3]


def test_horses_bought_at_the_deal_and_turned_up_at_the_end() -> None:
    """潮州 买马 (each seat is dealt its horses before play) and 奖马 (turned up from the end
    of the wall for a win); here the dealer wins on his dealt tiles (天胡)."""
    options = {"buy_horses": "2", "bonus_horses": "5"}
    game = scenario_round(ruleset("chaozhou"), HEAVENLY, options=options)
    assert game.legal_actions(0)[0] == Action(0, "win")
    game.apply(Action(0, "win"))
    assert game.result is not None
    outcome = game.result["outcome"]
    assert sorted(outcome["bought_horses"]) == ["0", "1", "2", "3"]
    assert all(len(tiles) == 2 for tiles in outcome["bought_horses"].values())
    assert len(outcome["horse_tiles"]) == 5
    assert outcome["winners"][0]["situations"] == ["heavenly"]
    assert sum(game.result["deltas"]) == 0


def test_wang_tiles_are_discarded_but_never_claimed() -> None:
    """百色 王牌: 王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌 — over many rounds a 王牌 is
    discarded, and no claim or win ever takes one."""
    from mjc.runtime.bots.simple import RandomBot, play_round

    discarded = 0
    for seed in range(40):
        game = Round(ruleset("baise"), seed=seed, options={"wang": "da"})
        play_round(game, [RandomBot(seed + s) for s in range(4)])
        wilds = {tile_index(t) for t in game.state().wilds}
        assert len(wilds) == 1  # 大转: the indicator's successor
        events = game.events
        for i, event in enumerate(events):
            if event.get("kind") == "discard" and tile_index(event["tile"]) in wilds:
                discarded += 1
                after = events[i + 1]
                assert after["type"] in ("draw", "end")
                assert after["type"] != "end" or after["exhaustive_draw"]
    assert discarded > 0


LAST = ["147m47p147s12345z9s", "111p258m25s1234z9s", SEAT2, "123m234p123s6677z"]


@pytest.mark.parametrize("needs_tile", [True, False])
def test_no_kong_without_a_tile_to_replace_it(needs_tile: bool) -> None:
    """百色 没有可摸的牌不能杠牌: seat 1 draws the last drawable tile, its fourth 1p; it may
    kong only when `kong_needs_tile` is off, and then the round ends drawn with the kong."""
    rules = TurnRules(reserved=82, kong_needs_tile=needs_tile)
    game = scenario_round(ruleset(GD), LAST, "1p", rules=rules)
    act(game, 0, "discard", "7s")
    state = game.state()
    assert state.wall.drawable == 0 and state.turn == 1
    assert ("concealed_kong" in kinds(game, 1)) is not needs_tile
    if not needs_tile:
        act(game, 1, "concealed_kong", "1p")
        assert game.result is not None and game.result["exhaustive_draw"]
        assert game.result["outcome"]["kongs"] == [{"seat": 1, "kind": "concealed"}]
