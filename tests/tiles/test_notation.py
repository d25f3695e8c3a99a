"""Hand notation (DESIGN.md, "Contracts: Tile notation"): parsing, errors, canonical form."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime.tiles.hand import Hand, HandError, format_hand, parse_hand
from mjc.runtime.tiles.melds import meld
from mjc.runtime.tiles.tile import (
    IS_SUITED,
    NUM_PLAYING,
    RANK_OF,
    NotationError,
    tile_index,
    tile_text,
)


def tiles(text: str) -> tuple[int, ...]:
    """Tile ints of space-separated single tiles, for readable expectations."""
    return tuple(tile_index(t) for t in text.split())


def test_design_example_notation_parses() -> None:
    hand = parse_hand("234m567p11z [888s] (9999m)")
    assert hand.concealed == tiles("2m 3m 4m 5p 6p 7p 1z 1z")
    assert hand.melds == (meld("pung", tile_index("8s"), False), meld("kong", 8, True))
    assert hand.win_tile == tile_index("1z")
    assert hand.flowers == ()
    assert sum(hand.counts) == 8
    assert hand.counts[tile_index("1z")] == 2
    assert hand.counts[tile_index("8s")] == 0  # declared melds are not concealed counts


@pytest.mark.parametrize("t", [-1, 42, 99, 10**30])
def test_an_int_that_is_no_tile_has_no_text(t: int) -> None:
    """tile_text(-1) read the last tile's text and tile_text(42) raised IndexError."""
    with pytest.raises(ValueError, match="a tile int is 0 to 41"):
        tile_text(t)
    assert (tile_text(0), tile_text(41)) == ("1m", "8f")


def test_concealed_tiles_are_sorted_and_counted() -> None:
    hand = parse_hand("9m 1z 1m5p")
    assert hand.concealed == tiles("1m 9m 5p 1z")
    assert len(hand.counts) == NUM_PLAYING
    assert [t for t in range(NUM_PLAYING) for _ in range(hand.counts[t])] == list(hand.concealed)


def test_shared_suit_letter_and_one_letter_per_tile_mean_the_same() -> None:
    assert parse_hand("123m456p") == parse_hand("1m2m3m4p5p6p") == parse_hand("1m 23m 4p56p")


def test_winning_tile_defaults_to_the_last_concealed_tile_written() -> None:
    assert parse_hand("5m123p").win_tile == tile_index("3p")
    assert parse_hand("5m123p [777z]").win_tile == tile_index("3p")
    assert parse_hand("123p5m1f").win_tile == tile_index("5m")  # flowers are set aside


def test_win_argument_names_the_winning_tile() -> None:
    assert parse_hand("5m123p", win="5m").win_tile == tile_index("5m")


def test_hands_without_concealed_tiles_have_no_winning_tile() -> None:
    assert parse_hand("").win_tile is None
    assert parse_hand("[123m] 1f").win_tile is None


def test_flowers_are_set_aside_wherever_written() -> None:
    hand = parse_hand("3f12m2f3m")
    assert hand.flowers == tiles("2f 3f")
    assert hand.concealed == tiles("1m 2m 3m")


def test_short_hands_parse() -> None:
    assert len(parse_hand("1m").concealed) == 1
    assert len(parse_hand("1112223334445m").concealed) == 13


def test_melds_keep_written_order() -> None:
    hand = parse_hand("11z [789s] (1111p) [123m] [5555z]")
    assert [str(m) for m in hand.melds] == ["[789s]", "(1111p)", "[123m]", "[5555z]"]


def test_meld_tiles_may_be_written_in_any_order_or_one_letter_each() -> None:
    assert parse_hand("[321m]") == parse_hand("[1m2m3m]") == parse_hand("[123m]")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123m 8z", "bad tile '8z': honours run 1z-7z (column 6)"),
        ("9f", "bad tile '9f': flowers run 1f-8f (column 1)"),
        ("1m180z", "bad tile '8z': honours run 1z-7z (column 4 in '180z')"),
        ("[1m8z]", "bad tile '8z': honours run 1z-7z (column 1 in '[1m8z]')"),
        ("5x", "bad tile '5x': unknown suit letter 'x' (expected m, p, s, z or f) (column 2)"),
        ("12M", "bad tile '2M': suit letters are lowercase m, p, s, z, f (column 3)"),
        ("123", "'123' at column 1 has no suit letter after it (m, p, s, z or f)"),
        ("1m 2", "'2' at column 4 has no suit letter after it (m, p, s, z or f)"),
        ("12[123m]", "'12' at column 1 has no suit letter after it (m, p, s, z or f)"),
        ("m", "suit letter 'm' at column 1 has no digits before it"),
        ("123m!", "unknown character '!' at column 5"),
        ("M", "unknown character 'M' at column 1: suit letters are lowercase m, p, s, z, f"),
        ("٣m", "unknown character '٣' at column 1"),
        (
            "11111m",
            "a fifth 1m: 5 copies written (concealed tiles and melds together),"
            " but a set has only four",
        ),
        (
            "1m [1111m]",
            "a fifth 1m: 5 copies written (concealed tiles and melds together),"
            " but a set has only four",
        ),
        (
            "1f1f",
            "a second 1f: 2 copies written (concealed tiles and melds together),"
            " but a set has only one",
        ),
        (
            "[124m]",
            "'[124m]' at column 1 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        (
            "1m [12m]",
            "'[12m]' at column 4 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        (
            "[5556z]",
            "'[5556z]' at column 1 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        (
            "[123z]",
            "'[123z]' at column 1 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        (
            "[789m1p]",
            "'[789m1p]' at column 1 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        (
            "[11m]",
            "'[11m]' at column 1 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        (
            "[123f]",
            "'[123f]' at column 1 is not a meld: expected a chow like [123m],"
            " a pung like [555z] or a kong like [5555z]",
        ),
        ("[]", "'[]' at column 1 is not a meld: write digits then a suit letter, like [123m]"),
        ("[12]", "'[12]' at column 1 is not a meld: write digits then a suit letter, like [123m]"),
        (
            "(123m)",
            "'(123m)' at column 1 is not a concealed kong: only kongs like (1111p)"
            " may be written in parentheses",
        ),
        (
            "(111m)",
            "'(111m)' at column 1 is not a concealed kong: only kongs like (1111p)"
            " may be written in parentheses",
        ),
        ("[123m", "unclosed '[' at column 1: add ']' after the meld's tiles"),
        ("(1111m", "unclosed '(' at column 1: add ')' after the meld's tiles"),
        ("123m]", "unmatched ']' at column 5"),
        ("1m)", "unmatched ')' at column 3"),
        ("[123m)", "'[123m)' at column 1 opens with '[' but closes with ')'"),
        (
            "[123m 456m]",
            "'[' at column 1 is not closed before a space at column 6:"
            " write a meld as [123m] with no spaces or brackets inside",
        ),
        (
            "[[123m]]",
            "'[' at column 1 is not closed before '[' at column 2:"
            " write a meld as [123m] with no spaces or brackets inside",
        ),
        ("[123m] [456m] [789m] [123p] [456p]", "5 declared melds: a hand has at most 4"),
        ("11122233344455m5p", "too many tiles: 15 concealed; a hand has at most 14"),
        (
            "234m567p11z55s [888s] (9999m)",
            "too many tiles: 10 concealed + 3 for each of 2 declared melds = 16;"
            " a hand has at most 14",
        ),
    ],
)
def test_bad_notation_names_the_offending_part(text: str, message: str) -> None:
    with pytest.raises(HandError) as err:
        parse_hand(text)
    assert str(err.value) == message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("win", "message"),
    [
        ("5p", "winning tile 5p is not among the concealed tiles"),
        ("2f", "winning tile 2f is not among the flowers"),
        ("7z", "winning tile 7z is not among the concealed tiles"),
        ("8z", "winning tile: bad tile '8z': honours run 1z-7z"),
        ("x", "winning tile: bad tile 'x': expected a digit then a suit letter, like 5m or 7z"),
        ("", "winning tile: bad tile '': expected a digit then a suit letter, like 5m or 7z"),
    ],
)
def test_bad_winning_tile_is_a_hand_error(win: str, message: str) -> None:
    with pytest.raises(HandError) as err:
        parse_hand("123m1f [777z]", win=win)
    assert str(err.value) == message


def test_winning_tile_may_be_a_flower_set_aside() -> None:
    # 上海: 如果這8個花抓起即可胡牌 — the eighth flower drawn may be the winning tile.
    hand = parse_hand("123m1f [777z]", win="1f")
    assert hand.win_tile == tile_index("1f") and hand.flowers == (tile_index("1f"),)
    assert tile_index("1f") not in hand.concealed


def test_winning_tile_in_a_declared_meld_only_is_rejected() -> None:
    with pytest.raises(HandError, match="not among the concealed tiles"):
        parse_hand("123m [777z]", win="7z")


def test_hand_errors_are_value_errors() -> None:
    assert issubclass(HandError, NotationError)
    assert issubclass(HandError, ValueError)


@pytest.mark.parametrize(
    ("text", "win", "canonical"),
    [
        ("9m1m5m", None, "19m5m"),
        ("9m1m5m", "9m", "159m"),
        ("123m456p55789s11z", "5s", "123m456p5789s11z5s"),
        ("1z123m", None, "12m1z3m"),
        ("1z123m", "1z", "123m1z"),
        ("112z", "1z", "12z1z"),
        ("3f12m2f3m", None, "123m23f"),
        ("11z [789s] (1111p)", None, "11z [789s] (1111p)"),
        ("  [321m]\t1f  ", None, "1f [123m]"),
        ("", None, ""),
    ],
)
def test_canonical_form(text: str, win: str | None, canonical: str) -> None:
    hand = parse_hand(text, win=win)
    assert format_hand(hand) == canonical == str(hand)
    assert parse_hand(canonical) == hand


# --- property tests -------------------------------------------------------------------------

_NOTATION_CHARS = "0123456789mpszfMx[]() \t"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_NOTATION_CHARS, max_size=30) | st.text(max_size=30))
def test_random_text_only_ever_raises_hand_errors(text: str) -> None:
    try:
        hand = parse_hand(text)
    except HandError as err:
        assert str(err) and "\n" not in str(err)
    else:
        assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=_NOTATION_CHARS, max_size=30), st.text(max_size=3))
def test_random_text_and_win_only_ever_raise_hand_errors(text: str, win: str) -> None:
    with contextlib.suppress(HandError):
        parse_hand(text, win=win)


_ALL_MELDS = [
    *(("chow", t, False) for t in range(NUM_PLAYING) if IS_SUITED[t] and RANK_OF[t] <= 7),
    *((kind, t, False) for kind in ("pung", "kong") for t in range(NUM_PLAYING)),
    *(("kong", t, True) for t in range(NUM_PLAYING)),
]


@dataclass(frozen=True)
class Case:
    """A hand written in some style, and what parsing it must give."""

    text: str
    win: str | None
    concealed: list[int]
    melds: list[str]
    win_tile: int | None
    flowers: list[int]


@st.composite
def valid_hands(draw: st.DrawFn) -> Case:
    """Notation of a random valid hand, written in a random style."""
    left = [4] * NUM_PLAYING
    declared: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        kind, t, concealed = draw(st.sampled_from(_ALL_MELDS))
        m = meld(kind, t, concealed)
        if all(left[x] >= m.tiles.count(x) for x in set(m.tiles)):
            for x in m.tiles:
                left[x] -= 1
            declared.append(str(m))
    room = 14 - 3 * len(declared)
    concealed_tiles: list[int] = []
    for t in draw(st.lists(st.integers(0, NUM_PLAYING - 1), max_size=room)):
        if left[t]:
            left[t] -= 1
            concealed_tiles.append(t)
    flowers = draw(st.lists(st.integers(34, 41), unique=True, max_size=8))
    loose = draw(st.permutations([tile_text(t) for t in concealed_tiles + flowers]))
    # Each tile is written alone or merged into the previous group of its suit (123m style).
    parts: list[str] = []
    for text in loose:
        if parts and parts[-1][-1] == text[1] and draw(st.booleans()):
            parts[-1] = parts[-1][:-1] + text
        else:
            parts.append(text)
    groups = list(draw(st.permutations([*parts, *declared])))
    seps = [" " if g[0] in "[(" else draw(st.sampled_from([" ", "  ", "\t", ""])) for g in groups]
    written = [
        tile_index(d + g[-1]) for g in groups if g[0] not in "[(" and g[-1] != "f" for d in g[:-1]
    ]
    win = None
    if draw(st.booleans()) and concealed_tiles:
        win = tile_text(draw(st.sampled_from(concealed_tiles)))
    return Case(
        text="".join(sep + g for sep, g in zip(seps, groups, strict=True)),
        win=win,
        concealed=sorted(concealed_tiles),
        melds=[g for g in groups if g[0] in "[("],
        win_tile=tile_index(win) if win else (written[-1] if written else None),
        flowers=sorted(flowers),
    )


@settings(max_examples=300, deadline=None)
@given(valid_hands())
def test_valid_hands_parse_and_round_trip(case: Case) -> None:
    hand = parse_hand(case.text, win=case.win)
    assert list(hand.concealed) == case.concealed
    assert [str(m) for m in hand.melds] == case.melds
    assert hand.win_tile == case.win_tile
    assert list(hand.flowers) == case.flowers
    assert bytes(hand.concealed.count(t) for t in range(NUM_PLAYING)) == hand.counts
    again = parse_hand(format_hand(hand))
    assert again == hand
    assert format_hand(again) == format_hand(hand)


def test_hand_is_a_frozen_value() -> None:
    hand = parse_hand("123m")
    with pytest.raises(AttributeError):
        hand.win_tile = 1  # type: ignore[misc]
    assert isinstance(hand, Hand) and hash(hand) == hash(parse_hand("123m"))


def test_a_red_five_is_written_0_and_kept_when_the_hand_is_written_again() -> None:
    hand = parse_hand("234m0p5p678s [406s] [234m]")
    assert hand.red_fives == (13, 22)
    assert format_hand(hand) == "234m05p678s [406s] [234m]"
    assert parse_hand(format_hand(hand)) == hand
