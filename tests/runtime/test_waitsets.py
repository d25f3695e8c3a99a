"""The engine's per-seat wait sets (`mjc.runtime.waitsets`): a wait set is exactly the quick
shape test tile by tile; the set a seat keeps through a round always equals a fresh one; and
no tile the rulebook's real win check accepts is ever missing from it, custom shapes (上海 八花,
乱风, by what `mjc.compiler.shapeneeds` reads off their conditions) included."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime.arrange import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.bots import RandomBot
from mjc.runtime.game import Round
from mjc.runtime.hand import parse_hand
from mjc.runtime.seats import SeatState, hand_of, shape_filter
from mjc.runtime.tiles import NUM_PLAYING, tile_index
from mjc.runtime.waitsets import custom_needs, wait_finder
from tests.conftest import ruleset

BUILT_IN = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)


def _seat(counts: list[int]) -> SeatState:
    seat = SeatState()
    seat.counts = counts
    return seat


@st.composite
def _hands(draw: st.DrawFn) -> list[int]:
    """Concealed counts of 1 to 13 tiles, often near a complete hand (pairs, runs, orphans)."""
    counts = [0] * NUM_PLAYING
    size = draw(st.sampled_from([1, 4, 7, 10, 13]))
    pool = draw(st.sampled_from(["any", "pairs", "orphans", "one_suit"]))
    tiles = {
        "any": range(NUM_PLAYING),
        "pairs": draw(st.lists(st.integers(0, 33), min_size=7, max_size=7)),
        "orphans": (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33),
        "one_suit": range(9),
    }[pool]
    for _ in range(size):
        t = draw(st.sampled_from(list(tiles)))
        if counts[t] < 4:
            counts[t] += 1
    return counts


@settings(max_examples=400, deadline=None)
@given(_hands(), st.sets(st.sampled_from(BUILT_IN), min_size=1))
def test_a_wait_set_is_the_quick_test_tile_by_tile(counts: list[int], shapes: set[str]) -> None:
    quick = shape_filter(frozenset(shapes))
    finder = wait_finder(frozenset(shapes))
    assert quick is not None and finder is not None
    assert finder(_seat(counts)) == {t for t in range(NUM_PLAYING) if quick(counts, t)}


def _fresh(r: Round, seat: int) -> frozenset[int]:
    """The wait set of the seat's hand as the engine means it: before the tile just drawn
    for the seat to play."""
    assert r.finder is not None
    st_ = r.seats[seat]
    drew = r.drew if r.phase == "turn" and seat == r.turn and not r.after_claim else -1
    if drew >= 0:
        st_.counts[drew] -= 1
    try:
        return r.finder(st_)
    finally:
        if drew >= 0:
            st_.counts[drew] += 1


def _check_round(name: str, options: dict[str, object], seed: int, real: bool) -> None:
    r = Round(ruleset(name), seed=seed, options=options)
    assert r.finder is not None
    bots = [RandomBot(seed * 4 + s) for s in range(r.players)]
    while r.result is None:
        for seat in range(r.players):
            cached = r.seats[seat].waits
            if cached is not None:
                assert cached == _fresh(r, seat), (seed, seat, len(r.events))
        if real and r.phase != "turn":
            for seat in range(r.players):
                if seat == r.turn:
                    continue
                fresh = _fresh(r, seat)
                st_ = r.seats[seat]
                missed = [
                    t for t in range(NUM_PLAYING)
                    if t not in fresh and r.checker(hand_of(st_, t, t))
                ]
                assert not missed, (seed, seat, missed)
        seat = r.to_act()[0]
        r.apply(bots[seat].choose(None, r.legal_actions(seat)))


GAMES = [("guangdong", {}), ("guangdong", {"seven_pairs": True}), ("shanghai", {}),
         ("shanghai", {"seven_pairs": False}), ("meizhou", {})]


@pytest.mark.parametrize(("name", "options"), GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_wait_set_a_seat_keeps_always_equals_a_fresh_one(
    name: str, options: dict[str, object], seed: int
) -> None:
    """After every action of a random round, each seat's cached wait set is the one its hand
    has now; in a claim window, no tile the real check takes is missing from it."""
    _check_round(name, options, seed, real=True)


def test_no_tile_the_real_check_accepts_is_left_out_of_a_wait_set() -> None:
    """Random ready-ish hands of 上海 (custom shapes on): every tile its real win check takes
    is in the seat's wait set, 乱风 (all honours) and 八花 (eight flowers) included."""
    rs = ruleset("shanghai")
    r = Round(rs, seed=1)
    assert r.finder is not None
    rng = random.Random(5)
    hands = ["1122334455667z", "111222333444z5z", "123m456p789s1122z", "1z2z3z4z5z6z7z1234567z"]
    for _ in range(300):
        tiles = sorted(rng.sample([t for t in range(NUM_PLAYING) for _ in range(4)], 13))
        hands.append("".join(f"{(t % 9) + 1 if t < 27 else t - 26}{'mpsz'[min(t // 9, 3)]}"
                             for t in tiles))
    for text in hands:
        for flowers in (0, 8):
            seat = SeatState()
            for t in parse_hand(text).concealed[:13]:
                seat.counts[t] += 1
            seat.flowers = [tile_index(f"{i}f") for i in range(1, flowers + 1)]
            waits = r.finder(seat)
            for t in range(NUM_PLAYING):
                if seat.counts[t] < 4 and r.checker(hand_of(seat, t, t)):
                    assert t in waits, (text, flowers, t)


def test_a_seat_with_eight_flowers_may_complete_on_any_tile() -> None:
    """八花 needs eight flowers and nothing of the tiles: every tile is in the wait set."""
    r = Round(ruleset("shanghai"), seed=1)
    assert r.finder is not None
    seat = SeatState()
    for t in parse_hand("1m4m7m2p5p8p3s6s9s1z2z3z4z").concealed:
        seat.counts[t] += 1
    assert r.finder(seat) == frozenset()
    seat.flowers = [tile_index(f"{i}f") for i in range(1, 9)]
    assert r.finder(seat) == frozenset(range(NUM_PLAYING))


def test_custom_needs_read_the_generated_rows() -> None:
    honours = frozenset(range(27, 34))
    assert custom_needs(((8, None), (0, "1234567z"))) == ((8, None), (0, honours))
    assert custom_needs(((0, "19m1z"),)) == ((0, frozenset({0, 8, 27})),)
    assert custom_needs(None) is None
