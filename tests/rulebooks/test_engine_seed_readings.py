"""Two seed clauses whose reading was open, decided from the documents' text and played by the
engine (issue 25): 潮州 跟庄 "不能碰、杠" forbids a pong or kong while the opening may still follow
the dealer; 梅州 "明杠时…即为抢杠" robs both kinds of 明杠, the one made on a discard too."""

from __future__ import annotations

from clause_deals import ROB
from engine_helpers import SEAT3, act, kinds, scenario_round

from mjc.runtime.game.actions import Action

from ..conftest import ruleset  # type: ignore[import-not-found]

# Seat 1 holds 999s (the dealer's 9s is the fourth) and 123z; seat 2 waits on 9s and holds 111z.
KONG_ON_A_DISCARD = [ROB[0], "258m258p5s999s123z", ROB[2], SEAT3]
DRAWS = "9m 9p 8m"


def test_chaozhou_跟庄_不能碰_no_pong_while_the_opening_may_follow_the_dealer() -> None:
    """仅限起手第一圈开始到跟庄结束，不能碰、杠: with 跟庄 played, seat 1 is offered no pong or
    kong of the dealer's first discard; without it, the same deal offers both."""
    book = ruleset("chaozhou")
    played = scenario_round(book, KONG_ON_A_DISCARD, DRAWS, options={"follow_dealer": True})
    act(played, 0, "discard", "9s")
    assert not kinds(played, 1) & {"pong", "exposed_kong"}
    unplayed = scenario_round(book, KONG_ON_A_DISCARD, DRAWS)
    act(unplayed, 0, "discard", "9s")
    assert {"pong", "exposed_kong"} <= kinds(unplayed, 1)


def test_chaozhou_跟庄结束_claims_return_once_a_player_breaks_the_chain() -> None:
    """跟庄结束: seat 1 discards 1z, not the dealer's 9s, so the go-around cannot follow; seat 2
    may pong (or kong) that 1z."""
    book = ruleset("chaozhou")
    game = scenario_round(book, KONG_ON_A_DISCARD, DRAWS, options={"follow_dealer": True})
    act(game, 0, "discard", "9s")
    for seat in game.to_act():
        game.apply(Action(seat, "pass"))
    act(game, 1, "discard", "1z")
    assert "pong" in kinds(game, 2)


def test_meizhou_抢杠_robs_a_明杠_made_on_a_discard() -> None:
    """抢杠：明杠时，如有人胡被杠牌时，那么即为抢杠 / 明杠：①…其他玩家所弃之牌: seat 2 may not
    win on the dealer's 9s (只计自摸), but once seat 1 kongs it, seat 2 robs the kong and seat
    1, the robbed seat, pays the three shares (6 for a 平胡)."""
    book = ruleset("meizhou")
    game = scenario_round(book, KONG_ON_A_DISCARD, DRAWS)
    act(game, 0, "discard", "9s")
    assert "win" not in kinds(game, 2)
    act(game, 1, "exposed_kong", "9s")
    assert game.state().phase == "rob" and kinds(game, 2) == {"win", "pass"}
    game.apply(Action(2, "win"))
    assert game.result is not None
    assert game.result["deltas"] == [0, -6, 6, 0]
