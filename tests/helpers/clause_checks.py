"""Clause checks that the engine tests of several rulebooks share (`tests/rulebooks/
test_engine_*.py`): where two seed documents state the same turn-flow clause, each rulebook's
test keeps its own name and quote (a reader searches by clause) and calls one check here,
which plays the clause on that rulebook's `Ruleset` and asserts what the documents say.

The deals come from `clause_deals` (潮州, 百色, 梅州: no chow) and, for 漏胡 as 上海 and 广东
word it (A passes B's discard, then C or D discards the same tile), from `MISSED_WIN_*` below,
each set up by a `Scenario` (`engine_helpers.scenario_round`) and read through `Round.state()`.
"""

from __future__ import annotations

from clause_deals import (
    CONCEALED,
    EXPOSED,
    HEAVENLY,
    KONG_AFTER_PONG,
    MISSED_PONG,
    ROB,
    rob_round,
)
from engine_helpers import (
    SEAT1,
    act,
    break_start,
    broken_wall,
    drawn,
    events_of,
    finish_in_match,
    kinds,
    pass_claims,
    play_out,
    scenario_round,
    script,
)

from mjc.runtime import Ruleset
from mjc.runtime.bots.simple import AutoBot, RandomBot, play_round
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.roundstate import Kong
from mjc.runtime.tiles.tile import tile_text

# ------------------------------------------------------------------ the wall and the deal


def check_round_at(book: Ruleset, players: int) -> None:
    """A round is dealt and played to its end (drawn, nothing paid) at `players` seats."""
    game = Round(book, seed=players, players=players)
    result = play_out(game)
    assert len(game.state().seats) == players and result["exhaustive_draw"]
    assert sum(result["deltas"]) == 0


def check_two_dice(book: Ruleset) -> None:
    """Every round rolls two dice of 1 to 6."""
    for seed in range(12):
        dice = events_of(Round(book, seed=seed), "wall")[0]["dice"]
        assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)


def check_dice_break_the_wall(book: Ruleset, dealer: int) -> None:
    """The dice sum counted from the dealer picks the wall, the smaller die the stack: the
    dealer's first tiles are the shuffled wall's from that stack on."""
    for seed in range(6):
        game = Round(book, seed=seed, dealer=dealer)
        start = break_start(game, smaller=True)
        assert game.state().wall.start == start
        wall = broken_wall(game, start)
        dealt = events_of(game, "deal")[0]
        assert dealt["seat"] == dealer
        assert dealt["tiles"] == [tile_text(t) for t in wall[:14]]


def check_dealer_14_others_13(book: Ruleset, players: int) -> None:
    """Seat 1 deals: it is dealt 14 tiles, every other seat 13."""
    game = Round(book, seed=5, players=players, dealer=1)
    sizes = {e["seat"]: len(e["tiles"]) for e in events_of(game, "deal")}
    assert sizes == {s: 14 if s == 1 else 13 for s in range(players)}


def check_drawn_round_keeps_the_dealer(book: Ruleset, dealer: int) -> None:
    """`dealer` deals, the round is drawn: `dealer` deals again."""
    match = Match(book, seed=1, dealer=dealer)
    game = match.next_round()
    play_out(game)
    finish_in_match(match, game)
    assert match.next_round().dealer == dealer


# ------------------------------------------------------------------ claims and kongs


def check_pong_then_discard_without_a_draw(book: Ruleset) -> None:
    """Seat 2 pongs the dealer's 9s: it draws nothing and may only discard."""
    game = scenario_round(book, MISSED_PONG, "8s")
    act(game, 0, "discard", "9s")
    act(game, 2, "pong")
    assert game.events[-1]["type"] == "claim" and kinds(game, 2) == {"discard"}


def check_missed_pong(book: Ruleset, before_own_draw: bool) -> None:
    """漏碰: seat 2 passes the dealer's 9s; the next 9s may not be ponged before seat 2's own
    draw (`before_own_draw`: seat 1 discards its own 9s at once), and may after it."""
    if before_own_draw:
        game = scenario_round(book, MISSED_PONG, "8s")
        act(game, 0, "discard", "9s")
        game.apply(Action(2, "pass"))
        act(game, 1, "discard", "9s")
        assert game.state().phase == "turn" and game.to_act() == [2]  # no window: seat 2 drew
        return
    hands = [MISSED_PONG[0], SEAT1.replace("9s", "8s"), MISSED_PONG[2], MISSED_PONG[3]]
    game = scenario_round(book, hands, "9m 9p 9s")
    act(game, 0, "discard", "9s")
    game.apply(Action(2, "pass"))
    act(game, 1, "discard", "9m")
    act(game, 2, "discard", "9p")
    act(game, 3, "discard", "9s")
    assert "pong" in kinds(game, 2)


def check_exposed_kong_on_a_discard(book: Ruleset) -> None:
    """Seat 2 holds 999m and the dealer discards the fourth: kong, pong or pass; the kong is
    logged as exposed, fed by the dealer."""
    game = scenario_round(book, EXPOSED)
    act(game, 0, "discard", "9m")
    assert kinds(game, 2) == {"exposed_kong", "pong", "pass"}
    act(game, 2, "exposed_kong")
    assert game.state().kongs == (Kong(2, "exposed", fed_by=0),)


def added_kong_round(book: Ruleset) -> Round:
    """`rob_round` with nobody waiting on 9s: seat 1 holds its pong of 9s and the fourth."""
    return rob_round(book, [*ROB[:2], "123m456p68s111z66z", ROB[3]])


def check_added_kong(book: Ruleset) -> Round:
    """Seat 1 ponged 9s and draws the fourth: it may add it to the pong (returned after)."""
    game = added_kong_round(book)
    assert "added_kong" in kinds(game, 1)
    act(game, 1, "added_kong", "9s")
    assert game.state().kongs == (Kong(1, "added"),)
    return game


def check_kong_draws_the_last_tile(book: Ruleset) -> tuple[Round, str]:
    """The dealer's concealed kong of 1m is replaced by the wall's last tile (the round and
    that tile returned, for what a rulebook adds)."""
    game = scenario_round(book, CONCEALED)
    last = game.state().wall.tiles[-1]
    act(game, 0, "concealed_kong", "1m")
    draw = events_of(game, "draw")[-1]
    assert draw["from"] == "tail" and draw["tile"] == last
    return game, last


def check_the_kong_waits(book: Ruleset) -> None:
    """The dealer does not kong his four 1m at once; on his next turn it is offered again."""
    game = scenario_round(book, CONCEALED, "9m 9p 8m 5p")
    act(game, 0, "discard", "9s")
    pass_claims(game)
    for seat, tile in ((1, "9m"), (2, "9p"), (3, "8m")):
        act(game, seat, "discard", tile)
        pass_claims(game)
    assert game.state().turn == 0 and "concealed_kong" in kinds(game, 0)


def check_no_kong_right_after_a_pong(book: Ruleset) -> None:
    """Seat 2 pongs 9s holding 3333m: no kong until its next draw, then it is offered."""
    game = scenario_round(book, KONG_AFTER_PONG, "9m 9p")
    act(game, 0, "discard", "9s")
    act(game, 2, "pong")
    assert "concealed_kong" not in kinds(game, 2)
    act(game, 2, "discard", "6p")
    pass_claims(game)
    act(game, 3, "discard", "9m")
    pass_claims(game)
    for seat in (0, 1):
        act(game, seat, "discard", drawn(game))
        pass_claims(game)
    assert game.state().turn == 2 and "concealed_kong" in kinds(game, 2)


def check_a_discard_kong_is_not_robbed(book: Ruleset) -> Round:
    """Seat 1 could kong the dealer's 9s (it holds 999s) and seat 2 waits on it: the kong of
    a discard opens no robbing, seat 2 wins the discard itself (the round returned)."""
    hands = [ROB[0], ROB[1].replace("99s", "999s").replace("123z", "23z"), ROB[2], ROB[3]]
    game = scenario_round(book, hands, tail="7z")
    script(game, "0 discard 9s")
    assert "exposed_kong" in kinds(game, 1) and "win" in kinds(game, 2)
    script(game, "1 exposed_kong", "2 win")
    assert game.result is not None and game.result["winners"] == [2]
    return game


# ------------------------------------------------------------------ 托管


def check_auto_play(book: Ruleset) -> None:
    """托管 (摸什么打什么，不吃不碰不杠，系统自动摸牌、打牌、胡): a seat played by `AutoBot`
    discards what it drew and claims or kongs nothing over a few rounds, and a seat that may
    win (the dealer's 天胡 of `HEAVENLY`) wins."""
    for seed in range(4):
        game = Round(book, seed=seed)
        play_round(game, [RandomBot(seed), AutoBot(), RandomBot(seed + 1), RandomBot(seed + 2)])
        drew = None
        for event in game.events:
            if event["type"] == "draw" and event["seat"] == 1:
                drew = event["tile"]
            if event["type"] == "action" and event["seat"] == 1:
                assert event["kind"] in ("discard", "pass", "win")
                if event["kind"] == "discard" and drew is not None:
                    assert event["tile"] == drew
    heavenly = scenario_round(book, HEAVENLY)
    play_round(heavenly, [AutoBot()] * 4)
    assert heavenly.result is not None and heavenly.result["winners"] == [0]


# ------------------------------------------------------------------ 漏胡 (上海, 广东)
#
# A is seat 3, waiting on 1z and 5z; B (its 下家) is seat 0, the dealer; C (its 对家) is
# seat 1; D (its 上家) is seat 2. The junk they draw and discard (6z, 7z, 2z, 3p) is claimed
# by nobody.

MISSED_WIN_A = "234m456p789s1155z"
MISSED_WIN_B = "1589m19p19s23367z1z"
MISSED_WIN_C = "258m2578p258s346z"
MISSED_WIN_D = "3669m369p3679s47z"


def missed_win_round(
    book: Ruleset,
    c: str = MISSED_WIN_C,
    d: str = MISSED_WIN_D,
    a: str = MISSED_WIN_A,
    b: str = MISSED_WIN_B,
    draws: str = "6z 7z 2z 3p",
    tail: str = "",
) -> Round:
    """The 漏胡 deal, with any seat's hand replaced."""
    return scenario_round(book, [b, c, d, a], draws, tail=tail)


def check_missed_win_by_c_or_d(book: Ruleset, by_c: bool) -> None:
    """A passes B's 1z; C (`by_c`) or D then discards a 1z: A may not win on it."""
    if by_c:
        game = missed_win_round(book, c=MISSED_WIN_C.replace("346z", "146z"))
        script(game, "0 discard 1z")
        assert "win" in kinds(game, 3)
        script(game, "3 pass", "1 discard 1z")
    else:
        game = missed_win_round(book, d=MISSED_WIN_D.replace("47z", "14z"))
        script(game, "0 discard 1z")
        assert "win" in kinds(game, 3)
        script(game, "3 pass", "1 discard 6z", "2 discard 1z")
    assert "win" not in kinds(game, 3)


def check_missed_win_only_that_tile(book: Ruleset) -> Round:
    """A passes B's 1z; C's 5z, A's other wait, may be won (the round returned, A to win)."""
    game = missed_win_round(book, c=MISSED_WIN_C.replace("346z", "345z"))
    script(game, "0 discard 1z", "3 pass", "1 discard 5z")
    assert "win" in kinds(game, 3)
    return game


def check_missed_win_lifted(book: Ruleset, move: str) -> None:
    """A passes B's 1z, then draws (摸), pongs (碰), chows (吃) or kongs (杠): B's second 1z
    may then be won."""
    b = MISSED_WIN_B.replace("3367z", "367z1z")  # B holds two 1z
    a = MISSED_WIN_A.replace("234m", "222m")
    if move == "摸":
        game = missed_win_round(book, b=b)
        steps = ["1 discard 6z", "2 discard 7z", "3 discard 2z"]
    elif move == "碰":
        game = missed_win_round(book, b=b, a=a)
        steps = ["1 discard 2m", "3 pong", "3 discard 2m"]
    elif move == "吃":
        d = MISSED_WIN_D.replace("3669m", "1369m")
        game = missed_win_round(book, b=b.replace("1589m", "589m3z"), d=d)
        steps = ["1 discard 6z", "2 discard 1m", "3 chow 1m 1m", "3 discard 4m"]
    else:
        assert move == "杠", move
        game = missed_win_round(book, b=b, a=a, draws="6z 7z 2z", tail="3p")
        steps = ["1 discard 2m", "3 exposed_kong", "3 discard 3p"]
    script(game, "0 discard 1z", "3 pass", *steps)
    state = game.state()
    assert state.turn == 0 and state.phase == "turn"
    script(game, "0 discard 1z")
    assert "win" in kinds(game, 3)
