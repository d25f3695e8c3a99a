"""Win checks and arrangements: known hands, and random hands against the slow reference."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings, strategies as st
from runtime_reference import (
    HAND_CHOW_STARTS,
    is_seven_pairs,
    is_thirteen_orphans,
    standard_readings,
)

from mjc.runtime.tiles.hand import Hand, parse_hand
from mjc.runtime.tiles.melds import meld
from mjc.runtime.tiles.tile import NUM_PLAYING, TERMINALS_AND_HONOURS, tile_index, tile_text
from mjc.runtime.wins.arrange import (
    SEVEN_PAIRS,
    SHAPES,
    STANDARD,
    THIRTEEN_ORPHANS,
    Arrangement,
    arrangements,
    is_standard_win,
    is_win,
    make_win_checker,
)
from mjc.runtime.wins.knitted import KNITTED_STRAIGHTS, knitted_straight_readings

ONLY_STANDARD = frozenset({STANDARD})


def readable(a: Arrangement) -> str:
    return " ".join(str(m) for m in (*a.melds, *a.pairs))


def test_thirteen_tiles_do_not_win() -> None:
    hand = parse_hand("1112223334445m")
    assert not is_win(hand, SHAPES)
    assert arrangements(hand, SHAPES) == ()


def test_nine_gates_shape_with_a_ninth_nine_reads_one_way() -> None:
    hand = parse_hand("11123456789999m")
    assert is_win(hand, ONLY_STANDARD)
    assert [readable(a) for a in arrangements(hand, SHAPES)] == ["123m 456m 789m 999m 11m"]


def test_four_pungs_and_chow_readings_are_all_listed() -> None:
    hand = parse_hand("1112223334445m5m")
    assert [readable(a) for a in arrangements(hand, SHAPES)] == [
        "111m 222m 333m 444m 55m",
        "111m 234m 234m 234m 55m",
        "111m 234m 345m 345m 22m",
        "123m 123m 123m 444m 55m",
    ]
    assert all(a.shape == STANDARD and a.concealed for a in arrangements(hand, SHAPES))


def test_seven_pairs_with_four_of_a_kind_counts_it_as_two_pairs() -> None:
    hand = parse_hand("1111m2233p5566s77z")
    assert is_win(hand, frozenset({SEVEN_PAIRS}))
    assert not is_win(hand, ONLY_STANDARD)
    (a,) = arrangements(hand, SHAPES)
    assert a.shape == SEVEN_PAIRS and a.melds == () and a.pair is None
    assert [str(p) for p in a.pairs] == ["11m", "11m", "22p", "33p", "55s", "66s", "77z"]


def test_a_hand_can_be_both_standard_and_seven_pairs() -> None:
    hand = parse_hand("112233m445566p77s")
    shapes = [a.shape for a in arrangements(hand, SHAPES)]
    assert shapes == [STANDARD, SEVEN_PAIRS]
    assert [a.shape for a in arrangements(hand, ONLY_STANDARD)] == [STANDARD]


def test_no_knitted_straight_hand_also_splits_into_sets() -> None:
    # `arrangements` stops at seven pairs once a hand splits into sets: every knitted straight
    # with any concealed set and pair (a declared set only takes tiles away) is tried here.
    sets = [(t, t, t) for t in range(NUM_PLAYING)]
    sets += [(t, t + 1, t + 2) for t in range(NUM_PLAYING - 7) if t % 9 <= 6]
    knitted = 0
    for _, nine in KNITTED_STRAIGHTS:
        for three in sets:
            for pair in range(NUM_PLAYING):
                tiles = sorted([*nine, *three, pair, pair])
                if max(Counter(tiles).values()) > 4:
                    continue
                hand = parse_hand("".join(tile_text(t) for t in tiles))
                assert knitted_straight_readings(hand), hand
                assert not is_standard_win(hand), hand
                knitted += 1
    assert knitted > 10_000


def test_thirteen_orphans() -> None:
    hand = parse_hand("19m19p19s12345677z")
    assert is_win(hand, frozenset({THIRTEEN_ORPHANS}))
    assert not is_win(hand, frozenset({STANDARD, SEVEN_PAIRS}))
    (a,) = arrangements(hand, SHAPES)
    assert a.shape == THIRTEEN_ORPHANS and a.pair is None
    assert a.pairs == (meld("pair", tile_index("7z"), True),)
    assert not is_win(parse_hand("19m19p19s1234566z"), SHAPES)  # 13 tiles
    assert not is_win(parse_hand("119m19p19s123456z"), SHAPES)  # no 7z


def test_declared_melds_come_first_in_written_order() -> None:
    hand = parse_hand("123m11z [555z] [234p] (7777s)")
    (a,) = arrangements(hand, SHAPES)
    assert readable(a) == "[555z] [234p] (7777s) 123m 11z"
    assert a.pair == meld("pair", tile_index("1z"), True)
    assert not a.concealed
    assert len(a.tiles) == 15 and a.tiles.count(tile_index("7s")) == 4


def test_concealed_kongs_keep_the_hand_concealed() -> None:
    hand = parse_hand("11z (1111m) (2222m) (3333m) (4444m)")
    assert is_win(hand, ONLY_STANDARD)
    (a,) = arrangements(hand, SHAPES)
    assert a.concealed and len(a.tiles) == 18
    assert readable(a) == "(1111m) (2222m) (3333m) (4444m) 11z"


def test_declared_melds_rule_out_seven_pairs_and_orphans() -> None:
    hand = parse_hand("11m22m33p44p [555z]")
    assert not is_win(hand, SHAPES)


def test_four_suits_with_a_pair_each_do_not_win() -> None:
    # 2+2+2+8 tiles is 3k+2, and every suit splits, but there are four pairs.
    hand = parse_hand("11123456m11p11s11z")
    assert not is_win(hand, SHAPES)
    assert arrangements(hand, SHAPES) == ()


def test_a_complete_but_short_hand_does_not_win() -> None:
    assert not is_win(parse_hand("123m11z"), SHAPES)
    assert not is_win(parse_hand("11z [123m]"), SHAPES)
    assert is_win(parse_hand("11z [123m] [123p] [123s] [777z]"), SHAPES)


def test_unknown_shapes_are_ignored() -> None:
    hand = parse_hand("123m456m789m123p11z")
    assert is_win(hand, frozenset({STANDARD, "eight_flowers"}))
    assert not is_win(hand, frozenset({"eight_flowers"}))
    assert arrangements(hand, frozenset({"eight_flowers"})) == ()


@pytest.mark.parametrize(
    "shapes",
    [frozenset(), ONLY_STANDARD, frozenset({SEVEN_PAIRS}), frozenset({THIRTEEN_ORPHANS}), SHAPES],
)
def test_win_checker_matches_is_win(shapes: frozenset[str]) -> None:
    check = make_win_checker(shapes)
    for text in ("123m456m789m123p11z", "1111m2233p5566s77z", "19m19p19s12345677z", "1m"):
        hand = parse_hand(text)
        assert check(hand) == is_win(hand, shapes)


def test_only_standard_checker_is_the_fast_path() -> None:
    assert make_win_checker(ONLY_STANDARD) is is_standard_win


def test_arrangements_are_deterministic() -> None:
    hand = parse_hand("11223344m556677p")
    assert arrangements(hand, SHAPES) == arrangements(parse_hand("11223344m556677p"), SHAPES)
    assert [a.shape for a in arrangements(hand, SHAPES)] == [STANDARD, STANDARD, SEVEN_PAIRS]


# --- property tests against runtime_reference --------------------------------------------


def _hand_of(concealed: Sequence[int], declared: Sequence[str] = ()) -> Hand:
    return parse_hand(" ".join(["".join(tile_text(t) for t in concealed), *declared]))


@st.composite
def random_hands(draw: st.DrawFn) -> Hand:
    """14 tiles drawn from a full set: almost never a win."""
    wall = [t for t in range(NUM_PLAYING) for _ in range(4)]
    tiles = draw(st.lists(st.sampled_from(range(len(wall))), min_size=14, max_size=14, unique=True))
    return _hand_of([wall[i] for i in tiles])


SETS = [("chow", t) for t in range(NUM_PLAYING) if HAND_CHOW_STARTS[t]]
SETS += [("pung", t) for t in range(NUM_PLAYING)]


@st.composite
def built_hands(draw: st.DrawFn) -> Hand:
    """Four sets and a pair, some declared (exposed, or as a concealed kong), maybe one tile off.

    Suits are often narrowed to one or two so that several readings are common.
    """
    pool = draw(st.sampled_from([range(0, 9), range(0, 18), range(NUM_PLAYING)]))
    sets = [s for s in SETS if s[1] in pool]
    left = [4] * NUM_PLAYING
    concealed: list[int] = []
    declared: list[str] = []
    pair = draw(st.sampled_from(list(pool)))
    left[pair] -= 2
    concealed += [pair, pair]
    placed = 0
    for _ in range(8):  # retries, since a drawn set may need tiles already used up
        if placed == 4:
            break
        kind, t = draw(st.sampled_from(sets))
        used = [t, t + 1, t + 2] if kind == "chow" else [t] * 3
        if any(left[x] < used.count(x) for x in used):
            continue  # if all retries fail: a short hand, which must not win
        placed += 1
        how = draw(st.sampled_from(["hidden", "hidden", "exposed", "kong"]))
        if how == "kong" and kind == "pung" and left[t] == 4:
            left[t] -= 4
            declared.append(str(meld("kong", t, draw(st.booleans()))))
            continue
        for x in used:
            left[x] -= 1
        if how == "exposed":
            declared.append(str(meld(kind, t, False)))
        else:
            concealed += used
    if draw(st.integers(0, 3)) == 0:  # swap one concealed tile for another: usually no win
        i = draw(st.integers(0, len(concealed) - 1))
        new = draw(st.sampled_from([t for t in pool if left[t]]))
        concealed[i] = new
    return _hand_of(draw(st.permutations(concealed)), declared)


@st.composite
def special_hands(draw: st.DrawFn) -> Hand:
    """Seven pairs or thirteen orphans, maybe with one tile changed."""
    if draw(st.booleans()):
        kinds = draw(st.lists(st.integers(0, NUM_PLAYING - 1), min_size=7, max_size=7))
        counts = Counter(kinds)
        tiles = [t for t, n in counts.items() for _ in range(2 * min(n, 2))]
    else:
        tiles = [*TERMINALS_AND_HONOURS, draw(st.sampled_from(TERMINALS_AND_HONOURS))]
    if draw(st.booleans()):
        new = draw(st.integers(0, NUM_PLAYING - 1))
        if tiles.count(new) < 4:
            tiles[draw(st.integers(0, len(tiles) - 1))] = new
    return _hand_of(tiles)


any_hand = random_hands() | built_hands() | special_hands()


def _all_tiles(hand: Hand) -> list[int]:
    return sorted([*hand.concealed, *(t for m in hand.melds for t in m.tiles)])


@settings(max_examples=600, deadline=None)
@given(any_hand)
def test_is_win_and_arrangements_agree_with_the_reference(hand: Hand) -> None:
    counts = list(hand.counts)
    declared = len(hand.melds)
    expected = standard_readings(counts, declared)
    seven = is_seven_pairs(counts, declared)
    orphans = is_thirteen_orphans(counts, declared)

    assert is_win(hand, ONLY_STANDARD) == is_standard_win(hand) == bool(expected)
    assert is_win(hand, frozenset({SEVEN_PAIRS})) == seven
    assert is_win(hand, frozenset({THIRTEEN_ORPHANS})) == orphans
    assert is_win(hand, SHAPES) == bool(expected or seven or orphans)
    assert make_win_checker(SHAPES)(hand) == is_win(hand, SHAPES)

    found = arrangements(hand, SHAPES)
    standard = [a for a in found if a.shape == STANDARD]
    readings = {
        tuple(sorted((m.kind, m.tile) for m in (*a.melds[declared:], *a.pairs))) for a in standard
    }
    assert readings == expected
    assert len(standard) == len(expected)  # each reading once
    assert [a.shape for a in found if a.shape != STANDARD] == (
        [SEVEN_PAIRS] * seven + [THIRTEEN_ORPHANS] * orphans
    )
    assert bool(found) == is_win(hand, SHAPES)

    tiles = _all_tiles(hand)
    concealed = all(m.concealed for m in hand.melds)
    for a in found:
        assert list(a.tiles) == tiles
        if a.shape != THIRTEEN_ORPHANS:  # its pair is the only meld it names
            assert sorted(t for m in (*a.melds, *a.pairs) for t in m.tiles) == tiles
        assert a.concealed == concealed
        assert a.melds[:declared] == hand.melds
        if a.shape == STANDARD:
            assert len(a.melds) == 4 and a.pairs == (a.pair,) and a.pair is not None
            assert all(m.concealed for m in a.melds[declared:])
            assert all(not m.is_pair for m in a.melds)
        else:
            assert a.melds == () and a.pair is None
