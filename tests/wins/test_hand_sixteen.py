"""A rulebook's play key `hand 16` (台湾十六张): each seat holds 16 tiles and a win is 17,
five sets and a pair. Scoring, the win check, waits and shanten follow the size, and refuse
hands of another size; a rulebook of 13 still refuses the larger hands."""

from __future__ import annotations

import random
from functools import cache

import pytest

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime import Ruleset
from mjc.runtime.tiles.hand import Hand, HandError, hand_won_on, parse_hand
from mjc.runtime.tiles.tables import SUIT_TABLE, suit_table
from mjc.runtime.tiles.tile import tile_index
from mjc.runtime.wins.seats import SeatState
from mjc.runtime.wins.sized import sized_arrangements, sized_win_check
from mjc.runtime.wins.waitsets import wait_finder
from tests.helpers.settlement_helpers import ruleset as bundled
from tests.helpers.small_rulebooks import SIXTEEN_RULEBOOK

FIVE_SETS = "123m456m789m123p456p11s"  # 17 tiles, all concealed


@cache
def sixteen() -> Ruleset:
    text = SIXTEEN_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "sixteen.mjr")
    assert compilation.rulebook is not None and compilation.ok, compilation.diagnostics
    module = import_source(generate_module(compilation.rulebook), "mjc_sixteen_test", "s.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_the_rulebook_deals_sixteen_and_its_dealer_seventeen() -> None:
    rules = sixteen().turn_rules()
    assert (rules.hand, rules.deal_dealer, rules.deal_others) == (16, 17, 16)
    assert sixteen().hand_size == 16
    assert bundled("guangdong").hand_size == 13


def test_a_win_of_five_concealed_sets_and_a_pair_scores() -> None:
    score = sixteen().score(FIVE_SETS, self_drawn=True)
    assert score.win and score.shape == "standard"
    assert {f.id for f in score.fans} == {"plain", "self_drawn_fan", "concealed_hand"}
    assert score.best is not None and len(score.best.melds) == 5


def test_a_win_with_declared_melds_and_a_kong_scores() -> None:
    with_melds = sixteen().score("123m456m789m11s [456p] [123p]")
    assert with_melds.win and "concealed_hand" not in {f.id for f in with_melds.fans}
    with_kong = sixteen().score("123m456m789m123p11s (1111z)")
    assert with_kong.win and with_kong.total == 2  # 平胡 and 门清: a concealed kong keeps it
    exposed = sixteen().score("123m456m789m11s [456p] [1111z]")
    assert exposed.win and exposed.total == 1
    pungs = sixteen().score("111m222m333m444m555m66m")
    assert pungs.win and {"all_pungs", "full_flush"} <= {f.id for f in pungs.fans}


def test_a_hand_of_fourteen_is_no_win_under_hand_sixteen() -> None:
    score = sixteen().score("123m456m789m123p11s")
    assert not score.win
    assert score.reason == "a winning hand has 17 tiles (a kong counts as 3); this one has 14"
    assert not sixteen().is_win("123m456m789m123p11s")


def test_the_win_check_agrees_with_scoring() -> None:
    assert sixteen().is_win(FIVE_SETS)
    assert sixteen().is_win(parse_hand(FIVE_SETS, tiles=17))
    assert not sixteen().is_win("123m456m789m12p456p11s1z")
    assert sixteen().win_checker()(parse_hand("111m222m333m444m555m66m", tiles=17))


def test_a_rulebook_of_thirteen_refuses_a_hand_of_seventeen() -> None:
    with pytest.raises(HandError, match="a hand has at most 14"):
        bundled("guangdong").score(FIVE_SETS)
    with pytest.raises(HandError, match="at most 17"):
        sixteen().score(FIVE_SETS + "9s")
    with pytest.raises(HandError, match="5 declared melds: a hand has at most 4"):
        parse_hand("11s [123m] [456m] [789m] [123p] [456p]")
    assert parse_hand("11s [123m] [456m] [789m] [123p] [456p]", tiles=17).size == 17


def test_a_hand_of_sixteen_is_won_on_the_tile_added() -> None:
    hand = hand_won_on("123m456m789m123p456p1s", "1s", tiles=17)
    assert hand.size == 17 and hand.win_tile == tile_index("1s")
    with pytest.raises(HandError, match="without it \\(16 tiles\\)"):
        hand_won_on(FIVE_SETS, "9p", tiles=17)


def test_waits_of_a_hand_of_sixteen() -> None:
    found = sixteen().waits("123m456m789m123p456p1s")
    assert found.shanten == 0 and [w.tile for w in found.waits] == [tile_index("1s")]
    two_sided = sixteen().waits("123m456m789m123p11s45p")
    assert [w.tile for w in two_sided.waits] == [tile_index("3p"), tile_index("6p")]
    assert all(w.score.win for w in two_sided.waits)


def test_waits_refuse_a_hand_of_another_size() -> None:
    with pytest.raises(HandError, match="waits are for a hand of 16 tiles"):
        sixteen().waits("123m456m789m123p1s")
    with pytest.raises(HandError, match="waits are for a hand of 13 tiles"):
        bundled("guangdong").waits("123m456m789m1s", options=None)


def test_shanten_of_hands_of_sixteen_and_seventeen() -> None:
    assert sixteen().shanten(FIVE_SETS) == -1
    assert sixteen().shanten("123m456m789m123p456p1s") == 0
    assert sixteen().shanten("123m456m789m123p456p19s") == 0  # discard one, wait on the other
    assert sixteen().shanten("123m456m789m123p45p19s") == 1
    with pytest.raises(HandError, match="shanten is for a hand of 16 or 17 tiles"):
        sixteen().shanten("123m456m789m1s")


def test_the_tables_of_five_sets_hold_a_suit_of_seventeen() -> None:
    key = bytes((3, 3, 3, 3, 3, 2, 0, 0, 0))  # 111222333444555 66 of one suit
    assert sum(key) == 17 and key not in SUIT_TABLE
    assert suit_table(5)[key] == 2 and suit_table(4) is SUIT_TABLE
    hand = parse_hand("111222333444555m66m", tiles=17)
    assert sized_win_check(frozenset({"standard"}), (), 17)(hand)
    assert sixteen().score(hand).win


def test_a_wild_stands_for_the_missing_tile_of_five_sets() -> None:
    red = tile_index("7z")
    check = sized_win_check(frozenset({"standard"}), (red,), 17)
    hand = parse_hand("123m456m789m123p45p11s7z", tiles=17)
    assert check(hand)
    readings = sized_arrangements(hand, (red,), frozenset({"standard"}), 17)
    assert readings and all(len(r.melds) == 5 for r in readings)
    assert not check(parse_hand("123m456m789m123p45p1s7z", tiles=17))


@cache
def with_custom_shape() -> Ruleset:
    """The sixteen rulebook with a custom shape that reads the tiles and the hand size."""
    text = SIXTEEN_RULEBOOK.read_text(encoding="utf-8").replace(
        '  standard "基本胡牌"',
        '  standard "基本胡牌"\n  custom c258 "二五八" when (all t in tiles: t.rank in [2, 5, 8])'
        " and hand_size == 17",
    )
    compilation = compile_source(text, "sixteen_custom.mjr")
    assert compilation.rulebook is not None and compilation.ok, compilation.diagnostics
    module = import_source(generate_module(compilation.rulebook), "mjc_sixteen_custom", "c.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_a_custom_shape_is_allowed_and_held_to_seventeen_tiles() -> None:
    rules = with_custom_shape()
    seventeen = "225588m225588p22558s"  # no sets: only the custom shape reads it
    assert parse_hand(seventeen, tiles=17).size == 17
    score = rules.score(seventeen)
    assert score.win and score.shape == "c258"
    assert rules.is_win(seventeen)
    assert not rules.score("225588m225588p22s").win  # 14 tiles: no win of this rulebook


def test_the_engines_wait_sets_hold_every_tile_that_completes_sixteen() -> None:
    """`wait_finder` of a game of `hand 16`: the quick test, from the tables of five sets,
    holds exactly the tiles whose copy the win check takes (concealed hands, no wilds)."""
    finder = wait_finder(frozenset({"standard"}), (), 17)
    assert finder is not None
    check = sixteen().win_checker()
    rng = random.Random(16)
    wall = [t for t in range(34) for _ in range(4)]
    hands = ["123m456m789m123p456p1s", "111222333444555m6m", "123m456m789m123p11s45p"]
    hands += [""] * 300
    for text in hands:
        if text:
            tiles = list(parse_hand(text, tiles=17).concealed)
        else:
            rng.shuffle(wall)
            tiles = sorted(wall[:16])
        st = SeatState()
        for t in tiles:
            st.counts[t] += 1
        completes = set()
        for t in range(34):
            if st.counts[t] < 4:
                counts = bytearray(st.counts)
                counts[t] += 1
                hand = Hand(tuple(sorted((*tiles, t))), (), (), t, bytes(counts))
                if check(hand):
                    completes.add(t)
        assert finder(st) == completes, text
