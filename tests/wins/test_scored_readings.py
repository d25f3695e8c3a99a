"""The readings scoring builds for a rulebook that reads the wait: the one-pass standard
readings (`arrange.standard_placed`) are the general path's (`placements(arrangements(...))`),
and the hand's wait set rides on every reading (`Arrangement.waits`) as a value like the
tuple it stands for (equal, hashed and pickled as it)."""

from __future__ import annotations

import pickle
import random
from functools import partial

from hypothesis import given, settings, strategies as st

from bench.mcr_hands import mcr_case
from mjc.runtime import Hand, parse_hand
from mjc.runtime.score.scoring import with_waits
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.arrange import (
    SEVEN_PAIRS,
    SHAPES,
    STANDARD,
    Arrangement,
    arrangements,
    standard_placed,
)
from mjc.runtime.wins.readings import Waits, builtin_waits, placements

from ..conftest import ruleset  # type: ignore[import-not-found]

SHAPE_SETS = (frozenset(SHAPES), frozenset({STANDARD}), frozenset({STANDARD, SEVEN_PAIRS}))


def _same_readings(hand: Hand) -> None:
    for shapes in SHAPE_SETS:
        found = standard_placed(hand, shapes, ())
        if found is None:
            continue
        expected = placements(arrangements(hand, shapes), hand, ())
        assert found == expected, (str(hand), sorted(shapes))
        # Equal melds are one interned object: the same places, in the same order.
        assert [(r.won, r.wait) for r in found] == [(r.won, r.wait) for r in expected]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_one_pass_standard_readings_are_the_general_readings(rng: random.Random) -> None:
    for _ in range(20):
        _same_readings(parse_hand(mcr_case(rng).notation()))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, NUM_PLAYING - 1), min_size=14, max_size=14), st.data())
def test_one_pass_standard_readings_are_the_general_readings_on_any_tiles(
    tiles: list[int], data: st.DataObject
) -> None:
    if max(tiles.count(t) for t in tiles) > 4:
        return
    win = data.draw(st.sampled_from(tiles))
    text = "".join(tile_text(t) for t in sorted(tiles))
    _same_readings(parse_hand(text, tile_text(win)))


def test_two_places_of_the_winning_tile_are_two_readings_rarest_wait_first() -> None:
    hand = parse_hand("123m456p789p12333s", win="3s")
    found = standard_placed(hand, frozenset(SHAPES), None)
    assert found is not None and [r.wait for r in found] == ["edge", "pair"]


def test_seven_pairs_that_also_split_into_sets_take_the_general_path() -> None:
    hand = parse_hand("112233m445566p77z", win="7z")
    assert standard_placed(hand, frozenset(SHAPES), None) is None
    assert standard_placed(hand, frozenset({STANDARD}), None) is not None


def test_the_wait_set_is_a_value_like_its_tuple() -> None:
    hand = parse_hand("123m456p789s345s2z2z", win="2z")
    shapes = frozenset(SHAPES)
    found = Waits(partial(builtin_waits, hand, shapes))
    tiles = builtin_waits(hand, shapes)
    assert found == tiles and found == Waits(partial(builtin_waits, hand, shapes))
    assert hash(found) == hash(tiles) and len(found) == len(tiles) == 1
    assert pickle.loads(pickle.dumps(found)) == tiles


def test_a_score_carries_the_wait_set_on_its_best_reading_and_pickles() -> None:
    mcr = ruleset("mcr")
    hand = parse_hand("123m456p789s345s2z2z", win="2z")
    score = mcr.score(hand)
    assert score.best is not None and tuple(score.best.waits or ()) == (27 + 1,)
    assert "single_wait" in {f.id for f in score.fans}
    again = pickle.loads(pickle.dumps(score))
    assert again == score and again.as_dict() == score.as_dict()
    assert mcr.score(hand) == score  # a fresh wait set, equal to the first


def test_a_reading_without_a_wait_set_reads_the_situations() -> None:
    mcr = ruleset("mcr")
    hand = parse_hand("123m456p789s345s2z2z", win="2z")
    shapes = mcr.spec.shapes(mcr.resolve_options(None))
    (reading,) = placements(arrangements(hand, shapes), hand)
    assert reading.waits is None
    values = mcr.resolve_options(None)
    situation = mcr._situation(hand, False, "E", "E", False, (), None)
    single = mcr.fans.index(next(f for f in mcr.fans if f.id == "single_wait"))
    _, kept, _ = mcr._score_fans(reading, situation, values)
    assert single not in {i for i, _, _ in kept}  # no wait set: 独听 cannot hold
    told = with_waits(situation, builtin_waits(hand, shapes))
    _, kept, _ = mcr._score_fans(reading, told, values)
    assert single in {i for i, _, _ in kept}


def test_the_readings_of_one_arrangement_share_one_summary() -> None:
    """`best_reading` given the module's `summarize` makes one summary for the readings of one
    arrangement (each place of the winning tile), none when given the first's, and keeps the
    reading it keeps when each reading summarizes itself (MCR, whose fans read the wait)."""
    from mjc.runtime.rules.scorepieces import best_reading
    from mjc.runtime.score.scoring import build_situation

    mcr = ruleset("mcr")
    spec = mcr.spec
    walk, hand_summary = spec.summary, spec.hand_summary
    assert walk is not None and hand_summary is not None
    hand = parse_hand("123m345m678p999s55z", "3m")  # 3m closes 12m (edge) or opens 45m
    found = standard_placed(hand, frozenset(SHAPES), None)
    assert found is not None and len(found) == 2
    situation = build_situation({"winning_tile": hand.win_tile})
    values = mcr.resolve_options(None)
    valuers = (spec.score_fans, spec.adjust, spec.reject)
    made: list[Arrangement] = []

    def summarize(a: Arrangement) -> tuple[int, ...]:
        made.append(a)
        return walk(a)

    alone = best_reading(found, situation, values, valuers, frozenset())
    assert best_reading(found, situation, values, valuers, frozenset(), summarize) == alone
    assert made == [found[0]]
    first = hand_summary(hand)
    assert best_reading(found, situation, values, valuers, frozenset(), summarize, first) == alone
    assert made == [found[0]]
