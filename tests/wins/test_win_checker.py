"""The prepared win checks: `Ruleset.win_checker(...)` and the public `is_win` fast paths
answer exactly what the general path (`Ruleset._is_win`) and the score do, in every bundled
rulebook, under every single option choice, with and without wilds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime import Hand, Ruleset, parse_hand
from mjc.runtime.score.options import OptionError
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_text
from mjc.runtime.wins.arrange import (
    SHAPES,
    STANDARD,
    THIRTEEN_ORPHANS,
    is_standard_or_orphans_win,
    is_win,
    make_win_checker,
)
from mjc.runtime.wins.wilds import (
    WildIndicatorMissing,
    _is_win_general,
    make_wild_checker,
)

from ..conftest import ruleset  # type: ignore[import-not-found]

BUNDLED = ("guangdong", "chaozhou", "baise", "meizhou", "shanghai")
HANDS = (
    "123m456m789m123p11z",  # standard
    "19m19p19s12345677z",  # thirteen orphans
    "1122m3344p5566s77z",  # seven pairs
    "123m456m789p13s11s5z",  # one 白板 short of a chow
    "5z5z5z5z123m456m789p1s",  # four 白板
    "123m456p789s111m2z7z",  # a 红中 as the pair's partner
    "123m456m789m11z [123p]",  # with an exposed chow
    "1112345678999m",  # nine gates
    "123m456m789m1p",  # short
    "147m258p369s1234z",  # nothing at all
)


def option_settings(book: Ruleset) -> Iterator[dict[str, object]]:
    """The defaults, then every choice of every option on its own (toggles both ways)."""
    yield {}
    for spec in book.options:
        if spec.kind == "choice":
            for choice in spec.choices:
                yield {spec.id: choice.id}
        elif spec.kind == "toggle":
            yield {spec.id: True}
            yield {spec.id: False}


def games(book: Ruleset) -> Iterator[tuple[dict[str, object], str | None]]:
    """Each option setting the rulebook allows, with an indicator where its wild needs one."""
    for options in option_settings(book):
        try:
            values = book.resolve_options(options)
        except OptionError:
            continue  # a setting the constraints refuse on its own
        try:
            book.wilds_for(values)
            yield options, None
        except WildIndicatorMissing:
            for indicator in ("1z", "5z", "9m", "3s"):
                yield options, indicator


@pytest.mark.parametrize("name", BUNDLED)
def test_win_checker_agrees_with_the_general_path_and_the_score(name: str) -> None:
    book = ruleset(name)
    checked = 0
    for options, indicator in games(book):
        check = book.win_checker(options, indicator=indicator)
        for text in HANDS:
            hand = parse_hand(text)
            general = book._is_win(hand, options, indicator, None)
            assert check(hand) == general, (name, options, indicator, text)
            assert book.is_win(hand, options=options, indicator=indicator) == general
            try:
                scored = book.score(hand, options=options, indicator=indicator)
            except ValueError:
                continue  # a tile not in play with these options
            if scored.win:  # a scored win is a win; restrictions may still refuse one
                assert general, (name, options, indicator, text)
            checked += 1
    assert checked > len(HANDS)


@pytest.mark.parametrize("name", BUNDLED)
def test_public_is_win_fast_path_matches_the_general_path(name: str) -> None:
    book = ruleset(name)
    for text in HANDS:
        hand = parse_hand(text)
        try:
            expected = book._is_win(hand, None, None, None)
        except WildIndicatorMissing:
            with pytest.raises(WildIndicatorMissing):
                book.is_win(hand)
            continue
        assert book.is_win(hand) is expected
        assert book.is_win(text) is expected  # notation text takes the general path
        assert book.is_win(hand, None, None, None) is expected  # positional, too


def test_guangdong_default_is_the_inline_standard_or_orphans_check() -> None:
    book = ruleset("guangdong")
    assert book.win_checker() is is_standard_or_orphans_win
    assert book.is_win(parse_hand("19m19p19s12345677z"))
    assert not book.is_win(parse_hand("1122m3344p5566s77z"))
    assert book.is_win(parse_hand("1122m3344p5566s77z"), options={"seven_pairs": "on"})


def test_win_checker_refuses_what_is_win_refuses() -> None:
    book = ruleset("chaozhou")
    with pytest.raises(OptionError):
        book.win_checker({"鬼牌": "no such choice"})
    with pytest.raises(WildIndicatorMissing):
        book.win_checker({"鬼牌": "翻鬼"})


def test_chaozhou_four_ghosts_shape_only_when_its_option_is_on() -> None:
    book = ruleset("chaozhou")
    four = parse_hand("5z5z5z5z147m258p369s1z")  # four 白板 and nothing that fits
    plain = {"鬼牌": "白板做鬼"}
    assert not book.custom_shapes_on(book.resolve_options(plain))
    assert not book.win_checker(plain)(four)
    with_shape = {**plain, "four_ghosts": True}
    assert book.custom_shapes_on(book.resolve_options(with_shape))
    assert book.win_checker(with_shape)(four)
    assert book.is_win(four, options=with_shape)


def test_plain_checker_for_standard_and_orphans_is_the_specialised_one() -> None:
    shapes = frozenset({STANDARD, THIRTEEN_ORPHANS})
    assert make_win_checker(shapes) is is_standard_or_orphans_win


def _hand(tiles: list[int]) -> Hand:
    counts = [0] * NUM_PLAYING
    for t in tiles:
        counts[t] += 1
    return Hand(tuple(sorted(tiles)), (), (), None, bytes(counts))


_fourteen = st.lists(
    st.integers(min_value=0, max_value=NUM_PLAYING - 1), min_size=14, max_size=14
).filter(lambda tiles: all(tiles.count(t) <= 4 for t in set(tiles)))


@settings(max_examples=400, deadline=None)
@given(_fourteen)
def test_standard_or_orphans_check_matches_the_general_one(tiles: list[int]) -> None:
    hand = _hand(tiles)
    shapes = frozenset({STANDARD, THIRTEEN_ORPHANS})
    assert is_standard_or_orphans_win(hand) == is_win(hand, shapes)


@settings(max_examples=400, deadline=None)
@given(
    _fourteen,
    st.integers(min_value=0, max_value=NUM_PLAYING - 1),
    st.sampled_from([frozenset({STANDARD}), SHAPES]),
)
def test_wild_checker_matches_the_general_wild_check(
    tiles: list[int], wild: int, shapes: frozenset[str]
) -> None:
    hand = _hand(tiles)
    check = make_wild_checker(wild, shapes)
    # Against the general check, which counts per-suit needs without the state tables.
    assert check(hand) == _is_win_general(hand, (wild,), shapes), (
        "".join(tile_text(t) for t in sorted(tiles)),
        tile_text(wild),
    )


# Four sets and a pair, drawn as (kind, first tile): a pung or a chow (suited, rank <= 7).
_set = st.one_of(
    st.tuples(st.just("pung"), st.integers(min_value=0, max_value=NUM_PLAYING - 1)),
    st.tuples(st.just("chow"), st.integers(min_value=0, max_value=26).filter(lambda t: t % 9 < 7)),
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(_set, min_size=4, max_size=4),
    st.integers(min_value=0, max_value=NUM_PLAYING - 1),
    st.integers(min_value=0, max_value=NUM_PLAYING - 1),
    st.lists(st.integers(min_value=0, max_value=13), min_size=1, max_size=4, unique=True),
    st.sampled_from([frozenset({STANDARD}), SHAPES]),
)
def test_wild_checker_matches_the_general_wild_check_on_hands_near_a_win(
    sets: list[tuple[str, int]],
    pair: int,
    wild: int,
    replaced: list[int],
    shapes: frozenset[str],
) -> None:
    # A complete hand with 1-4 of its tiles turned into the wild kind: mostly wins, so the
    # check's every lookup (and its early stops) meets hands that hold wilds.
    tiles = [pair, pair]
    for kind, t in sets:
        tiles += [t, t, t] if kind == "pung" else [t, t + 1, t + 2]
    for i in replaced:
        tiles[i] = wild
    if any(tiles.count(t) > 4 for t in set(tiles)):
        return
    hand = _hand(tiles)
    assert make_wild_checker(wild, shapes)(hand) == _is_win_general(hand, (wild,), shapes), (
        "".join(tile_text(t) for t in sorted(tiles)),
        tile_text(wild),
    )


def test_wild_checker_on_short_and_declared_hands() -> None:
    check = make_wild_checker(31, SHAPES)
    for text in ("123m456m789p1s5z5z", "123m11z5z [456p] [789s]", "123m1z5z [456p] [789s]"):
        hand = parse_hand(text)
        assert check(hand) == _is_win_general(hand, (31,), SHAPES), text


@pytest.mark.parametrize("wild", [0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 31, 33])
def test_wild_checker_finds_thirteen_orphans_and_seven_pairs_whatever_suit_holds_the_wild(
    wild: int,
) -> None:
    # Thirteen orphans is ruled out by the key of a suit without the wild kind, so every suit
    # takes its turn to hold it. Each hand is its first 14 - k tiles and k of the wild kind
    # (k = 1, 2), against the general check: wilds for an orphan, for the pair, for pairs of
    # seven pairs, beside a middle tile, and beside a declared meld.
    concealed = (
        "19m19p19s1234567z",
        "19m19p19s1234566z",
        "19m19p9s12345677z",
        "19m19p15s1234567z",
        "1122m3344p5566s77z",
        "1122m3344p556s7z",
    )
    check = make_wild_checker(wild, SHAPES)
    for text in concealed:
        for k in (1, 2):
            tiles = [*parse_hand(text).concealed[: 14 - k], *[wild] * k]
            if max(tiles.count(t) for t in tiles) <= 4:
                hand = _hand(tiles)
                assert check(hand) == _is_win_general(hand, (wild,), SHAPES), (text, k)
    declared = parse_hand("19m19p19s1z" + tile_text(wild) + " [456p]")
    assert check(declared) == _is_win_general(declared, (wild,), SHAPES)
