"""Shanten (`mjc.runtime.wins.shanten`, `Ruleset.shanten`) checked against oracles that do not
share its per-suit tables: the rulebook's own win check (complete is -1, ready is 0: some
tile completes it), single-tile swaps (one swap moves it by at most one, and a hand not yet
ready always has a swap one nearer, so the number is the swap distance to ready), and the
`mahjong` package's regular-hand shanten on plain standard hands."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings, strategies as st
from mahjong.shanten import Shanten

from mjc.runtime import Ruleset
from mjc.runtime.tiles.hand import Hand, HandError, parse_hand
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.arrange import STANDARD
from mjc.runtime.wins.shanten import counts_shanten, draw_shanten, shanten

from ..conftest import ruleset  # type: ignore[import-not-found]

# Small pools keep the brute-force oracles (34 win checks per hand, 13 x 34 swaps) quick,
# while still holding chows, pungs, pairs, honours and the orphans.
SUITED_POOL = [*range(0, 9), *range(9, 14)]  # 1m-9m, 1p-5p
MIXED_POOL = [0, 1, 2, 8, 9, 17, 18, 26, *range(27, 34)]  # terminals, honours, a few simples

# (rulebook, options, wilds): the games the properties run in; wilds as tile notation.
GAMES: list[tuple[str, dict[str, object], tuple[str, ...]]] = [
    ("guangdong", {}, ()),
    ("guangdong", {"seven_pairs": True}, ()),
    ("meizhou", {}, ()),
    ("chaozhou", {"鬼牌": "白板做鬼"}, ()),
    ("baise", {"王牌": "大转"}, ("3m",)),
]


def _hand(tiles: list[int]) -> Hand:
    return parse_hand("".join(tile_text(t) for t in sorted(tiles)))


def _tiles(pool: list[int], size: int) -> st.SearchStrategy[list[int]]:
    copies = [t for t in pool for _ in range(4)]
    return st.lists(
        st.sampled_from(range(len(copies))), min_size=size, max_size=size, unique=True
    ).map(lambda picks: [copies[i] for i in picks])


def _game(
    case: tuple[str, dict[str, object], tuple[str, ...]],
) -> tuple[Ruleset, Callable[[Hand], int], Callable[[Hand], bool]]:
    name, options, wilds = case
    rules = ruleset(name)
    wild = list(wilds) or None

    def number(hand: Hand) -> int:
        return rules.shanten(hand, options=options, wilds=wild)

    return rules, number, rules.win_checker(options, wilds=wild)


def _plus(hand: Hand, tile: int) -> Hand | None:
    if hand.counts[tile] >= 4:
        return None
    return _hand([*hand.concealed, tile])


def _ready(hand: Hand, wins: Callable[[Hand], bool]) -> bool:
    return any((grown := _plus(hand, t)) is not None and wins(grown) for t in range(NUM_PLAYING))


@pytest.mark.parametrize("case", GAMES, ids=lambda c: f"{c[0]}{c[1] or ''}{c[2] or ''}")
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_fourteen_tiles_are_minus_one_exactly_when_the_rulebook_says_win(
    case: tuple[str, dict[str, object], tuple[str, ...]], data: st.DataObject
) -> None:
    _, number, wins = _game(case)
    pool = data.draw(st.sampled_from([SUITED_POOL, MIXED_POOL]))
    hand = _hand(data.draw(_tiles(pool, 14)))
    assert (number(hand) == -1) == wins(hand)


def test_fourteen_tiles_built_to_win_are_minus_one() -> None:
    for case in GAMES:
        _, number, _ = _game(case)
        assert number(parse_hand("123m456m789p11s234s")) == -1


@pytest.mark.parametrize("case", GAMES, ids=lambda c: f"{c[0]}{c[1] or ''}{c[2] or ''}")
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_thirteen_tiles_are_zero_exactly_when_some_tile_completes_them(
    case: tuple[str, dict[str, object], tuple[str, ...]], data: st.DataObject
) -> None:
    rules, number, wins = _game(case)
    pool = data.draw(st.sampled_from([SUITED_POOL, MIXED_POOL]))
    hand = _hand(data.draw(_tiles(pool, 13)))
    ready = _ready(hand, wins)
    assert (number(hand) == 0) == ready
    _name, options, wilds = case
    waits = rules.waits(hand, options=options, wilds=list(wilds) or None)
    assert waits.ready == ready and (waits.shanten == 0) == ready


def _swaps(hand: Hand) -> list[Hand]:
    out = []
    for d in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(d)
        for t in range(NUM_PLAYING):
            if t != d and rest.count(t) < 4:
                out.append(_hand([*rest, t]))
    return out


@pytest.mark.parametrize("case", GAMES, ids=lambda c: f"{c[0]}{c[1] or ''}{c[2] or ''}")
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_one_tile_swapped_moves_shanten_by_at_most_one_and_some_swap_gets_nearer(
    case: tuple[str, dict[str, object], tuple[str, ...]], data: st.DataObject
) -> None:
    """With both, the number is exactly the swaps to ready: each swap changes it by at most
    one and a hand that is not ready has a swap that lowers it by one."""
    _, number, _ = _game(case)
    pool = data.draw(st.sampled_from([SUITED_POOL, MIXED_POOL]))
    hand = _hand(data.draw(_tiles(pool, 13)))
    now = number(hand)
    after = [number(h) for h in _swaps(hand)]
    assert all(abs(a - now) <= 1 for a in after)
    if now > 0:
        assert now - 1 in after


@settings(max_examples=300, deadline=None)
@given(tiles=_tiles(list(range(NUM_PLAYING)), 13), extra=st.booleans())
def test_agrees_with_the_mahjong_package_on_plain_standard_hands(
    tiles: list[int], extra: bool
) -> None:
    """The `mahjong` package's regular-hand shanten, on concealed hands without wilds; a hand
    that only a fifth copy would help is left out (there the package counts the copy)."""
    counts = [0] * NUM_PLAYING
    for t in tiles:
        counts[t] += 1
    if extra:
        extra_tile = next(t for t in range(NUM_PLAYING) if counts[t] < 4)
        counts[extra_tile] += 1
    theirs = Shanten().calculate_shanten_for_regular_hand(counts)
    ours = counts_shanten(counts, 0, {STANDARD})
    if 4 in counts and ours != theirs:
        uncapped = counts_shanten(counts, 0, {STANDARD}, caps=bytes([9] * NUM_PLAYING))
        assert uncapped == theirs
        return
    assert ours == theirs


def test_open_hands_agree_with_the_mahjong_package() -> None:
    """With declared melds the package reads the concealed tiles alone, as we do."""
    hands = ("123m456p5z7z9s1s [789s]", "13m46p99s5z [111z] [234m]", "1234m [555z] [666z] [777z]")
    for text in hands:
        hand = parse_hand(text)
        theirs = Shanten().calculate_shanten_for_regular_hand(list(hand.counts))
        assert shanten(hand, {STANDARD}) == theirs


def test_a_hand_waiting_only_on_a_fifth_copy_is_not_ready() -> None:
    """1111m with three sets: 111m and a single 1m waits on a 1m that does not exist."""
    hand = parse_hand("1111m234p567p789s")
    assert shanten(hand, {STANDARD}) == 1
    assert ruleset("guangdong").waits(hand).waits == ()


def test_a_copy_in_a_declared_meld_cannot_come_again() -> None:
    """[111m] declared: the concealed 1m waits on a fifth 1m, so the hand is not ready."""
    hand = parse_hand("1m234p567p789s [111m]")
    assert shanten(hand, {STANDARD}) == 1
    assert ruleset("guangdong").shanten(hand) == 1


def test_four_of_a_kind_counts_as_two_of_the_seven_pairs() -> None:
    """As the win check reads 七对: 1111m is two pairs, so six pairs and a single are ready."""
    hand = parse_hand("1111m2233p4455s6z")
    assert shanten(hand, {"seven_pairs"}) == 0
    assert ruleset("guangdong").shanten(hand, options={"seven_pairs": True}) == 0


def test_thirteen_orphans_counts_only_where_the_rulebook_allows_it() -> None:
    hand = parse_hand("19m19p19s1234567z")
    assert ruleset("guangdong").shanten(hand) == 0  # 十三幺 is a shape of 广东
    assert ruleset("baise").shanten(hand) > 0  # but not of 百色


def test_wilds_held_count_as_the_tiles_missing() -> None:
    """潮州 白板做鬼: four sets and two 白板 are ready on any tile; three 白板 complete."""
    chaozhou = ruleset("chaozhou")
    options = {"鬼牌": "白板做鬼"}
    assert chaozhou.shanten("123m456m789m12s5z5z", options=options) == 0
    assert chaozhou.shanten("123m456m789m12s5z5z5z", options=options) == -1
    assert chaozhou.shanten("123m456m789m1s9s3z5z", options=options) == 1


def test_draw_shanten_is_the_shanten_of_each_draw() -> None:
    for text in ("147m258p369s1234z", "123m456m78m13p5z5z9s", "1m2233p4455s66z77z"):
        hand = parse_hand(text)
        counts = list(hand.counts)
        each = draw_shanten(counts, 0)
        for t in range(NUM_PLAYING):
            counts[t] += 1
            assert each[t] == counts_shanten(counts, 0), (text, tile_text(t))
            counts[t] -= 1


def test_a_hand_of_another_size_is_refused() -> None:
    with pytest.raises(HandError, match="13 or 14 tiles"):
        ruleset("guangdong").shanten("123m456m")


def test_custom_shapes_count_when_one_tile_completes_them() -> None:
    """上海 乱风 (fourteen winds and dragons): thirteen of them are ready on any honour."""
    shanghai = ruleset("shanghai")
    honours = "1z2z3z4z5z6z7z1z2z3z4z5z6z"
    assert shanten(parse_hand(honours), {STANDARD}) > 0
    assert shanghai.shanten(honours) == 0
    assert shanghai.shanten(honours + "7z") == -1
