"""三麻 北抜き's parlour options and 振聴 (rulebooks/sanma.mjr): `nuki` (北 set aside at all),
`nuki_ron` (who may ron a 北 set aside: any hand, 国士無双 only, 国士無双・字一色・四喜和
only, nobody), `nuki_furiten` (the
北 set aside count as the setter's discards for 振聴), `nuki_ippatsu` (setting one aside ends
every 一発) and `north_yakuhai` (a pung of 北 is a 役牌); and the convention that a riichi
player who sets aside the 北 he drew when it would have won passed that win (立直後振聴). One
test per clause, read through Round's documented surface."""

from __future__ import annotations

import pytest

from tests.helpers.engine_helpers import act, book_round, kinds
from tests.helpers.settlement_helpers import assert_settles_and_replays, ruleset

JUNK_1 = "1m9m2p5p8p2s5s8s1z2z3z6z7z"
JUNK_2 = "9m3p6p9p3s6s9s1z2z3z6z7z7z"
DEALER_JUNK = "1m9m9m2p5p8p2s5s8s1z2z3z7z4z"
WAITS_ON_NORTH = "666z123p456p789s4z"
KOKUSHI_ON_NORTH = "1m9m1p9p1s9s1z2z3z5z6z7z7z"  # 国士無双 waiting on 北 alone
JUNK_WITHOUT_CHUN = "9m3p6p9p3s6s9s1z2z3z6z8p8s"


def test_without_nuki_a_north_is_not_set_aside_but_kept_or_discarded() -> None:
    game = book_round("sanma", [DEALER_JUNK, JUNK_1, JUNK_2], tail="9p", nuki="off")
    assert "set_aside" not in kinds(game, 0) and "discard" in kinds(game, 0)
    act(game, 0, "discard", "4z")
    assert game.state().seats[0].set_aside == ()


def test_any_hand_waiting_on_north_may_ron_it_under_the_situation_nuki_ron() -> None:
    game = book_round("sanma", [DEALER_JUNK, WAITS_ON_NORTH, JUNK_2], tail="9p")
    act(game, 0, "set_aside", "4z")
    act(game, 1, "win")
    assert game.result is not None and game.result["winners"] == [1]
    assert "nuki_ron" in game.result["outcome"]["winners"][0]["situations"]
    assert_settles_and_replays(ruleset("sanma"), game)


@pytest.mark.parametrize("rule", ["kokushi", "none"])
def test_where_only_kokushi_or_nobody_may_ron_a_north_no_other_hand_is_offered_it(
    rule: str,
) -> None:
    game = book_round("sanma", [DEALER_JUNK, WAITS_ON_NORTH, JUNK_2], tail="9p", nuki_ron=rule)
    act(game, 0, "set_aside", "4z")
    assert game.to_act() == [0] and "9p" in game.state().seats[0].concealed  # replaced at once


def test_where_only_kokushi_may_ron_a_north_kokushi_is_offered_it_and_wins() -> None:
    game = book_round(
        "sanma", [DEALER_JUNK, KOKUSHI_ON_NORTH, JUNK_WITHOUT_CHUN], tail="9p", nuki_ron="kokushi"
    )
    act(game, 0, "set_aside", "4z")
    assert game.to_act() == [1] and kinds(game, 1) == {"win", "pass"}
    assert game.state().phase == "set_aside" and game.observation(1)["question"] == "4z"
    act(game, 1, "win")
    assert game.settlement is not None
    assert "kokushi" in {f.id for f in game.settlement.scores[1].fans}
    assert_settles_and_replays(ruleset("sanma"), game)


# Seat 1: 字一色 (and 大三元) waiting on 北 alone; or 大三元 without 字一色, a 役満 not listed.
ALL_HONOURS_ON_NORTH = "1114555666777z"
BIG_DRAGONS_ON_NORTH = "555666777z123p4z"
SUITED_JUNK = "9m2p3p5p6p8p9p2s3s5s6s8s9s"


@pytest.mark.parametrize(
    ("hand", "offered"),
    [(ALL_HONOURS_ON_NORTH, True), (BIG_DRAGONS_ON_NORTH, False), (WAITS_ON_NORTH, False)],
    ids=["tsuuiisou", "daisangen", "no_yakuman"],
)
def test_where_only_kokushi_tsuuiisou_and_suushii_may_ron_a_north_only_they_are_offered_it(
    hand: str, offered: bool
) -> None:
    game = book_round("sanma", [DEALER_JUNK, hand, SUITED_JUNK], tail="9p", nuki_ron="yakuman")
    act(game, 0, "set_aside", "4z")
    if not offered:
        assert game.to_act() == [0]
        return
    assert game.to_act() == [1] and kinds(game, 1) == {"win", "pass"}
    act(game, 1, "win")
    assert game.settlement is not None
    assert "tsuuiisou" in {f.id for f in game.settlement.scores[1].fans}


def test_where_nobody_may_ron_a_north_even_kokushi_is_not_offered_it() -> None:
    game = book_round(
        "sanma", [DEALER_JUNK, KOKUSHI_ON_NORTH, JUNK_WITHOUT_CHUN], tail="9p", nuki_ron="none"
    )
    act(game, 0, "set_aside", "4z")
    assert game.to_act() == [0]


# The dealer sets his 北 aside, draws a second from the tail and, discarding 1m, waits on 北
# alone (發 pung, 123p, 456p, 789s); seat 1 then discards a 北.
DEALER_SETS_NORTH_ASIDE = "666z123p456p789s4z1m"
SEAT1_DISCARDS_NORTH = "9m2p5p8p2s5s8s1z2z3z4p7z4z"


@pytest.mark.parametrize("counted", [False, True], ids=["online", "nuki_furiten"])
def test_a_north_set_aside_counts_for_furiten_only_under_nuki_furiten(counted: bool) -> None:
    game = book_round(
        "sanma",
        [DEALER_SETS_NORTH_ASIDE, SEAT1_DISCARDS_NORTH, JUNK_2],
        "9p",
        tail="4z",
        nuki_furiten="on" if counted else "off",
    )
    act(game, 0, "set_aside", "4z")
    act(game, 0, "discard", "1m")
    assert game.state().seats[0].furiten is counted
    act(game, 1, "discard", "4z")
    assert ("win" in kinds(game, 0)) is not counted


# Seat 1 declares riichi on 5s waiting on 北 or 發 (a 北 pair, a 發 pair), then draws a 北.
RIICHI_ON_NORTH = "123p456p789s44z66z"


def test_a_riichi_player_who_sets_aside_the_winning_north_he_drew_is_furiten() -> None:
    dealer = DEALER_JUNK.replace("4z", "5z")
    game = book_round("sanma", [dealer, RIICHI_ON_NORTH, JUNK_2], "5s1p9p4z", tail="2p")
    act(game, 0, "discard", "2z")
    act(game, 1, "declare_ready", "5s")
    act(game, 2, "discard", "1p")
    act(game, 0, "discard", "9p")
    assert {"win", "set_aside"} <= kinds(game, 1)
    assert game.state().seats[1].furiten is False
    act(game, 1, "set_aside", "4z")
    act(game, 1, "discard", "2p")
    assert game.state().seats[1].furiten is True  # 立直後振聴: it passed its win on 北


@pytest.mark.parametrize("ends", [True, False], ids=["nuki_ippatsu", "keeps_ippatsu"])
def test_a_north_set_aside_ends_ippatsu_only_under_nuki_ippatsu(ends: bool) -> None:
    seat1 = "123p456p789s44z78s"  # riichi on 5s, waiting on 6s and 9s
    seat2 = JUNK_2.replace("7z7z", "7z4z")
    dealer = DEALER_JUNK.replace("4z", "6z")
    game = book_round(
        "sanma",
        [dealer, seat1, seat2],
        "5s1p9p6s",
        tail="2p",
        nuki_ippatsu="on" if ends else "off",
    )
    act(game, 0, "discard", "6z")
    act(game, 1, "declare_ready", "5s")
    act(game, 2, "set_aside", "4z")
    act(game, 2, "discard", "1p")
    act(game, 0, "discard", "9p")
    act(game, 1, "win")
    assert game.settlement is not None
    assert ("ippatsu_fan" in {f.id for f in game.settlement.scores[1].fans}) is not ends


@pytest.mark.parametrize("yakuhai", [False, True], ids=["online", "north_yakuhai"])
def test_a_pung_of_north_is_a_yakuhai_only_under_north_yakuhai(yakuhai: bool) -> None:
    sanma = ruleset("sanma")
    options = {"north_yakuhai": "on" if yakuhai else "off"}
    score = sanma.score("444z123p456p789s11p", win="1p", seat_wind="W", options=options)
    assert score.win is yakuhai
    assert ("north_pung" in {f.id for f in score.fans}) is yakuhai


@pytest.mark.parametrize(
    "options",
    [
        {"nuki": "off", "north_yakuhai": "on"},
        {"nuki_ron": "kokushi", "nuki_furiten": "on", "nuki_ippatsu": "off"},
        {"nuki_ron": "none"},
    ],
    ids=["no_nuki", "kokushi_furiten_ippatsu", "no_ron"],
)
def test_bots_play_every_nuki_variant_to_a_round_that_settles_and_replays(
    options: dict[str, str],
) -> None:
    from mjc.runtime.bots.greedybot import GreedyBot
    from mjc.runtime.bots.simple import RandomBot, play_round
    from mjc.runtime.game.engine import Round

    sanma = ruleset("sanma")
    set_aside = 0
    for seed in range(6):
        game = Round(sanma, seed=seed, options=options)
        bots = [GreedyBot(sanma, options) if seed % 2 else RandomBot(seed) for _ in range(3)]
        play_round(game, bots)
        set_aside += sum(1 for e in game.events if e.get("kind") == "set_aside")
        assert game.census() == list(game.copies)
        assert_settles_and_replays(sanma, game)
    assert (set_aside > 0) is (options.get("nuki") != "off")


def test_the_served_page_names_the_set_aside_button_and_its_window_not_a_kong() -> None:
    """北抜き on the served page: the setter's button says what it does, and the others'
    window is named as a tile set aside, not as 抢杠 (no 槍槓 is scored on it)."""
    from mjc.compiler.serve import pages
    from mjc.runtime.game.observation import observation

    game = book_round("sanma", [DEALER_JUNK, WAITS_ON_NORTH, JUNK_2], tail="9p")
    view = {"table": "t", "title": "三麻", "round": 1, "move": 0, "names": ["a", "b", "c"]}
    view |= {"bots": [None, "greedy", "greedy"], "scores": [35000] * 3, "clock": None}
    view |= {"left": [None] * 3, "away": [False] * 3, "seen": observation(game, 0)}
    assert "拔牌 Set aside (北抜き)" in pages.view_html(view)
    act(game, 0, "set_aside", "4z")
    view["seen"] = observation(game, 1)
    html = pages.view_html(view)
    assert "answering a tile set aside" in html and "answering a kong" not in html
