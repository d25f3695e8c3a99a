"""The engine's per-seat wait sets (`mjc.runtime.wins.waitsets`): a wait set is exactly the quick
shape test tile by tile; the set a seat keeps through a round always equals a fresh one; and no tile
the rulebook's real win check accepts is ever missing from it, custom shapes (上海 八花, 乱风, by
what `mjc.compiler.emit.shapeneeds` reads off their conditions) included. Under wilds
(`mjc.runtime.wins.wildwaits`: 潮州 鬼牌, 百色 王牌) the wait set is the wild win check itself, tile
by tile."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime.bots.simple import RandomBot
from mjc.runtime.game.claimwindow import claims_of
from mjc.runtime.game.engine import Round
from mjc.runtime.tiles.hand import parse_hand
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_index
from mjc.runtime.wins.arrange import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.wins.seats import MeldRecord, SeatState, hand_of, shape_filter
from mjc.runtime.wins.waitsets import (
    custom_may_complete,
    custom_needs,
    ready_candidates,
    wait_finder,
)
from mjc.runtime.wins.wilds import is_win_with_wilds, make_wild_checker
from mjc.runtime.wins.wildwaits import wild_wait_finder
from tests.conftest import ruleset

BUILT_IN = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)


def _seat(counts: bytearray) -> SeatState:
    """A seat holding `counts`, the same object (as the engine's, a bytearray: compiled wait
    finders take nothing else), so that changes to it are the seat's."""
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


@st.composite
def _turn_hands(draw: st.DrawFn) -> list[int]:
    """Concealed counts of a seat in its turn (2 to 14 tiles), built of sets, pairs and
    singles so that ready hands and hands one tile from ready are common."""
    counts = [0] * NUM_PLAYING
    size = draw(st.sampled_from([2, 5, 8, 11, 14]))
    held = 0
    while held < size:
        part = draw(st.sampled_from(["pung", "chow", "pair", "single", "orphan"]))
        if part == "chow" and size - held >= 3:
            low = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
            tiles = [low, low + 1, low + 2]
        elif part == "pung" and size - held >= 3:
            tiles = [draw(st.integers(0, 33))] * 3
        elif part == "pair" and size - held >= 2:
            tiles = [draw(st.integers(0, 33))] * 2
        elif part == "orphan":
            tiles = [draw(st.sampled_from((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)))]
        else:
            tiles = [draw(st.integers(0, 33))]
        if all(counts[t] + tiles.count(t) <= 4 for t in tiles):
            for t in tiles:
                counts[t] += 1
            held += len(tiles)
    return counts


@settings(max_examples=400, deadline=None)
@given(_turn_hands(), st.sets(st.sampled_from(BUILT_IN), min_size=1))
def test_a_discard_outside_the_ready_candidates_leaves_an_empty_wait_set(
    drawn: list[int], shapes: set[str]
) -> None:
    counts = bytearray(drawn)
    finder = wait_finder(frozenset(shapes))
    assert finder is not None
    candidates = ready_candidates(frozenset(shapes))(counts)
    for tile in range(NUM_PLAYING):
        if not counts[tile] or tile in candidates:
            continue
        counts[tile] -= 1
        assert not finder(_seat(counts)), (tile, counts)
        counts[tile] += 1


@settings(max_examples=400, deadline=None)
@given(_hands(), st.sets(st.sampled_from(BUILT_IN), min_size=1))
def test_a_wait_set_is_the_quick_test_tile_by_tile(drawn: list[int], shapes: set[str]) -> None:
    counts = bytearray(drawn)
    quick = shape_filter(frozenset(shapes))
    finder = wait_finder(frozenset(shapes))
    assert quick is not None and finder is not None
    assert finder(_seat(counts)) == {t for t in range(NUM_PLAYING) if quick(drawn, t)}


@settings(max_examples=400, deadline=None)
@given(
    _hands(),
    st.sets(st.sampled_from(BUILT_IN), min_size=1),
    st.lists(st.integers(0, NUM_PLAYING - 1), min_size=1, max_size=2, unique=True),
    st.integers(0, 4),
    st.integers(0, 3),
)
def test_a_wild_wait_set_is_the_wild_win_check_tile_by_tile(
    drawn: list[int], shapes: set[str], wilds: list[int], held: int, melds: int
) -> None:
    """With one or two wild kinds, `held` wilds in hand and `melds` pungs exposed (the hand
    cut to fit), the wait set is every tile whose addition the wild check takes."""
    counts = bytearray(drawn)
    counts[wilds[0]] = min(4, counts[wilds[0]] + held)
    seat = _seat(counts)
    while sum(counts) + 3 * (melds + len(seat.melds)) > 13:
        counts[max(range(NUM_PLAYING), key=counts.__getitem__)] -= 1
    for t in range(melds):
        if sum(counts) + 3 * len(seat.melds) + 3 <= 13:
            seat.melds.append(MeldRecord("pung", 27 + t, False, 0, 0))
    names = frozenset(shapes)
    finder = wild_wait_finder(names, tuple(wilds))
    assert finder is not None
    real = make_wild_checker(wilds[0], names) if len(wilds) == 1 else None
    accepted = set()
    for t in range(NUM_PLAYING):
        if counts[t] >= 4:
            continue  # no fifth copy is ever offered
        hand = hand_of(seat, t, t)
        won = real(hand) if real is not None else is_win_with_wilds(hand, wilds, names)
        if won:
            accepted.add(t)
    assert {t for t in finder(seat) if counts[t] < 4} == accepted


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
    custom = r.ruleset.spec.has_custom_shapes and r.ruleset.custom_shapes_on(r.values)
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
                accepted = {
                    t
                    for t in range(NUM_PLAYING)
                    if st_.counts[t] < 4 and r.checker(hand_of(st_, t, t))
                }
                assert accepted <= fresh, (seed, seat, accepted - fresh)
                if r.wilds and not custom:  # the wild wait set is the wild check itself
                    assert {t for t in fresh if st_.counts[t] < 4} == accepted, (seed, seat)
        seat = r.to_act()[0]
        r.apply(bots[seat].choose(None, r.legal_actions(seat)))


GAMES = [
    ("guangdong", {}),
    ("guangdong", {"seven_pairs": True}),
    ("shanghai", {}),
    ("shanghai", {"seven_pairs": False}),
    ("meizhou", {}),
]
# Every wild option of 潮州 and 百色 (翻鬼 and 大转/小转 draw their wild from the seed).
WILD_GAMES = [
    ("chaozhou", {"ghost": "white"}),
    ("chaozhou", {"ghost": "red"}),
    ("chaozhou", {"ghost": "flip"}),
    ("chaozhou", {"ghost": "white", "four_ghosts": True}),
    ("baise", {"wang": "da"}),
    ("baise", {"wang": "xiao", "with_honours": False}),
]


@pytest.mark.parametrize(("name", "options"), GAMES + WILD_GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_wait_set_a_seat_keeps_always_equals_a_fresh_one(
    name: str, options: dict[str, object], seed: int
) -> None:
    """After every action of a random round, each seat's cached wait set is the one its hand
    has now; in a claim window, no tile the real check takes is missing from it (under
    wilds: it holds exactly the tiles the real check takes)."""
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
        hands.append(
            "".join(f"{(t % 9) + 1 if t < 27 else t - 26}{'mpsz'[min(t // 9, 3)]}" for t in tiles)
        )
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


def test_four_ghosts_complete_on_any_tile_and_three_on_a_fourth_ghost() -> None:
    """潮州 四鬼胡牌 (`wilds == 4`): the wild wait set, not the real check on every discard,
    holds every tile for a seat with four ghosts, and the ghost itself for a seat with three;
    the real check agrees on each."""
    r = Round(ruleset("chaozhou"), seed=1, options={"ghost": "white", "four_ghosts": True})
    assert r.finder is not None and r.wilds == {tile_index("5z")}
    for ghosts, expected in ((4, set(range(NUM_PLAYING))), (3, {tile_index("5z")})):
        seat = SeatState()
        # A seat of 13 tiles (a win holds 14, custom shapes too): 1z fills the one short.
        for t in parse_hand("1m4m7m2p5p8p3s6s9s" + "1z" * (4 - ghosts) + "5z" * ghosts).concealed:
            seat.counts[t] += 1
        waits = r.finder(seat)
        assert set(waits) >= expected
        for t in expected:
            if seat.counts[t] < 4:
                assert r.checker(hand_of(seat, t, t)), (ghosts, t)


def test_custom_needs_read_the_generated_rows() -> None:
    honours = frozenset(range(27, 34))
    assert custom_needs(((8, None, 0), (0, "1234567z", 0))) == ((8, None, 0), (0, honours, 0))
    assert custom_needs(((0, "19m1z", 4),)) == ((0, frozenset({0, 8, 27}), 4),)
    assert custom_needs(None) is None


def _near_complete(rng: random.Random, melds: int, wild: int) -> list[int]:
    """Counts of a complete hand (sets and a pair, seven pairs or thirteen orphans) with some
    tiles turned into `wild` and one tile taken away: a hand that waits on something."""
    pick = rng.random()
    if melds == 0 and pick < 0.2:
        tiles = [t for t in rng.sample(range(NUM_PLAYING), 7) for _ in range(2)]
    elif melds == 0 and pick < 0.4:
        tiles = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        tiles.append(rng.choice(tiles))
    else:
        tiles = []
        while len(tiles) < 12 - 3 * melds:
            t = rng.randrange(NUM_PLAYING)
            tiles += [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rng.random() < 0.5 else [t] * 3
        tiles += [rng.randrange(NUM_PLAYING)] * 2
    tiles = [wild if rng.random() < 0.15 else t for t in tiles]
    tiles.pop(rng.randrange(len(tiles)))
    counts = [0] * NUM_PLAYING
    for t in tiles:
        counts[t] += 1
    return counts


def test_a_wild_wait_set_is_the_wild_win_check_on_hands_one_tile_short() -> None:
    """Hands one tile short of a win (most wait on several tiles, wilds among them): the wild
    wait set is exactly the tiles the wild win check takes."""
    rng = random.Random(3)
    waiting = 0
    for _ in range(1500):
        shapes = frozenset(rng.sample(BUILT_IN, rng.randint(1, 3)))
        wild = rng.randrange(NUM_PLAYING)
        melds = rng.choice((0, 0, 1, 2))
        counts = _near_complete(rng, melds, wild)
        if max(counts) > 4:
            continue
        seat = _seat(bytearray(counts))
        seat.melds = [MeldRecord("pung", 27 + k, False, 0, 0) for k in range(melds)]
        finder = wild_wait_finder(shapes, (wild,))
        assert finder is not None
        check = make_wild_checker(wild, shapes)
        accepted = {t for t in range(NUM_PLAYING) if counts[t] < 4 and check(hand_of(seat, t, t))}
        waiting += bool(accepted)
        assert {t for t in finder(seat) if counts[t] < 4} == accepted, (counts, wild, shapes)
    assert waiting > 500  # the hands do wait: the equality is not between empty sets


def test_a_discarded_wang_is_not_won_on_though_the_wait_set_holds_it() -> None:
    """百色 王牌可打出，但是不可以吃、碰、杠、胡别人打出的王牌: a hand that one more 王牌 completes
    has the 王牌 in its wait set, yet a discarded 王牌 offers it no win; the plain tile it waits
    on still does."""
    rs = ruleset("baise")
    seed = next(
        s for s in range(50) if not Round(rs, seed=s, options={"wang": "da"}).wilds & set(range(18))
    )
    r = Round(rs, seed=seed, options={"wang": "da"})
    (wild,) = r.wilds
    seat = (r.turn + 1) % r.players
    st_ = r.seats[seat]
    st_.counts = bytearray(NUM_PLAYING)
    for t in parse_hand("123456789m123p5p").concealed:
        st_.counts[t] += 1
    st_.melds, st_.waits = [], None
    five = tile_index("5p")
    assert r.finder is not None and {five, wild} <= r.finder(st_)
    assert all(a.kind != "win" for a in claims_of(r, seat, r.turn, wild, False))
    assert any(a.kind == "win" for a in claims_of(r, seat, r.turn, five, False))


def test_the_scorer_asks_custom_shapes_only_of_a_hand_their_needs_allow() -> None:
    needs = custom_needs(((8, None, 0), (0, "1234567z", 0), (0, "19m1z", 4)))
    eight = parse_hand("123m456m789m11z22z 1f2f3f4f5f6f7f8f")
    assert custom_may_complete(needs, eight, ())
    assert not custom_may_complete(needs, parse_hand("123m456m789m11z22z 1f2f3f4f5f6f7f"), ())
    assert custom_may_complete(needs, parse_hand("111z222z333z444z55z"), ())  # 乱风's tiles
    assert not custom_may_complete(needs, parse_hand("111z222z333z444z11m"), ())
    # Four wilds (1z) in hand: the third shape's tiles (19m, 1z) allow it; three do not.
    assert custom_may_complete(needs, parse_hand("1111z111m9m [999m]"), (27,))
    assert not custom_may_complete(needs, parse_hand("111z111m9m [999m]"), (27,))
    assert custom_may_complete(None, parse_hand("123m456m789m11z22z"), ())


@pytest.mark.parametrize("name", ["shanghai", "chaozhou"])
def test_the_custom_shape_prefilter_changes_no_score(name: str) -> None:
    """Every generated case scores alike with the pre-filter and with every hand asked."""
    from handgen import case, outcome

    book = ruleset(name)
    cases = [case(book, i) for i in range(1500)]
    filtered = [outcome(book, c) for c in cases]
    needs, book.custom_needs = book.custom_needs, None
    try:
        asked = [outcome(book, c) for c in cases]
    finally:
        book.custom_needs = needs
    assert filtered == asked
    assert needs is not None and any(line.startswith("W") for line in filtered)
