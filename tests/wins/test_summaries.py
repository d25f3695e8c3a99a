"""The one-pass summary (`mjc.runtime.wins.summaries.summarize`) answers every quantifier exactly as
a plain loop over the arrangement's tiles and melds would, for every shape."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime import Hand, parse_hand
from mjc.runtime.tiles.melds import Meld
from mjc.runtime.tiles.tile import IS_HONOUR, IS_TERMINAL, RANK_OF, SUIT_OF, tile_text
from mjc.runtime.wins.arrange import SHAPES, Arrangement, arrangements, standard_placed
from mjc.runtime.wins.meldboards import (
    BOARD_BITS,
    BOARD_NAMES,
    COUNT_BITS,
    TILE_FIELD,
    meld_boards,
)
from mjc.runtime.wins.summaries import (
    MELD_COUNT_WIDTH,
    MEMBER_BASE,
    MEMBER_WIDTH,
    TILE_COUNT_WIDTH,
    WORD_BITS,
    SuitWords,
    SummaryTables,
    meld_masks,
    summarize,
    summary_fields,
    summary_layout,
    summary_parts,
    summary_tables,
    tile_masks,
)
from tests.conftest import ruleset

TILE_TESTS: tuple[Callable[[int], object], ...] = (
    lambda t: SUIT_OF[t] == "m",
    lambda t: IS_HONOUR[t],
    lambda t: IS_TERMINAL[t],
    lambda t: RANK_OF[t] == 5,
)
MELD_TESTS: tuple[Callable[[Meld], object], ...] = (
    lambda m: m.is_chow,
    lambda m: m.is_pung,
    lambda m: m.is_kong,
    lambda m: m.exposed,
)
MEMBER_TESTS: tuple[Callable[[Meld], object], ...] = (
    lambda m: m.is_pung,
    lambda m: m.is_chow and m.concealed,
)
TILE_MASKS, TILE_COUNTS = tile_masks(TILE_TESTS)
MELD_MASKS, MELD_COUNTS = meld_masks(MELD_TESTS)
TABLES = summary_tables(
    TILE_MASKS, TILE_COUNTS, MELD_MASKS, MELD_COUNTS, len(TILE_TESTS), MEMBER_TESTS
)
# The same with every meld board riding along, and the boards of the sets that pass a meld
# predicate: exposed ones by tile (bit 3), chows by each tile held (bit 0).
BOARDS = (*BOARD_NAMES, "by_tile_3", "holding_0")
BOARD_TABLES = summary_tables(
    TILE_MASKS, TILE_COUNTS, MELD_MASKS, MELD_COUNTS, len(TILE_TESTS), MEMBER_TESTS,
    boards=BOARDS,
)  # fmt: skip


def fields(a: Arrangement, tables: SummaryTables = TABLES) -> dict[str, int]:
    return summary_fields(summarize(a, tables), tables)


def check_boards(a: Arrangement) -> None:
    """The boards in the summary are `meld_boards`' and the counts of copies and of sets, and
    the predicates' fields are those of the summary without boards."""
    found = fields(a, BOARD_TABLES)
    assert {k: v for k, v in found.items() if k in TABLES.at} == fields(a)
    boards = meld_boards(a.melds)
    for name in boards._fields:
        assert found[name] == getattr(boards, name), name
    for t in range(34):
        field = TILE_FIELD[t]
        assert found["tile_copies"] >> field & 15 == a.tiles.count(t)
        assert found["by_tile_3"] >> field & 15 == sum(m.exposed and m.tile == t for m in a.melds)
        assert found["holding_0"] >> field & 15 == sum(m.is_chow and t in m.tiles for m in a.melds)


def check(a: Arrangement) -> None:
    found = fields(a)
    for bit, test in enumerate(TILE_TESTS):
        hits = [bool(test(t)) for t in a.tiles]
        assert (found["tile_any"] >> bit & 1) == any(hits)
        assert (found["tile_all"] >> bit & 1) == all(hits)
        assert (found["tile_count"] >> bit * TILE_COUNT_WIDTH & 31) == sum(hits)
    for bit, meld_test in enumerate(MELD_TESTS):
        passed = [bool(meld_test(m)) for m in a.melds]
        assert (found["meld_any"] >> bit & 1) == any(passed)
        assert (found["meld_all"] >> bit & 1) == all(passed)
        assert (found["meld_count"] >> bit * MELD_COUNT_WIDTH & 7) == sum(passed)
    members = found["members"]
    for k, member_test in enumerate(MEMBER_TESTS):
        tiles = {m.tile for m in a.melds if member_test(m)}
        for wind in range(MEMBER_BASE, MEMBER_BASE + MEMBER_WIDTH):
            assert (members >> (MEMBER_WIDTH * k + wind - MEMBER_BASE) & 1) == (wind in tiles)
    assert members < 1 << (MEMBER_WIDTH * len(MEMBER_TESTS))


def test_every_shape_is_summarised_like_a_loop() -> None:
    for text in (
        "123m456p789s555z11z",  # standard
        "123m111z [222z] (3333z) 55z",  # wind pungs and kongs, for the membership fields
        "11z [123m] [555p] (7777s) [999m]",  # declared melds, a concealed kong
        "1122m3344p5566s77z",  # seven pairs
        "19m19p19s12345677z",  # thirteen orphans: folded over the tiles
    ):
        found = arrangements(parse_hand(text), SHAPES)
        assert found, text
        for a in found:
            check(a)
            check_boards(a)


def test_no_melds_means_every_meld_predicate_holds_vacuously() -> None:
    (a,) = [a for a in arrangements(parse_hand("1122m3344p5566s77z"), SHAPES)]
    found = fields(a)
    assert found["meld_all"] == (1 << len(MELD_TESTS)) - 1
    assert found["meld_count"] == 0 and found["members"] == 0


_SETS = [f"{r}{r + 1}{r + 2}{s}" for s in "mps" for r in range(1, 8)]
_SETS += [f"{r}{r}{r}{s}" for s in "mps" for r in range(1, 10)]
_SETS += [f"{r}{r}{r}z" for r in range(1, 8)]


@st.composite
def built_hands(draw: st.DrawFn) -> Hand | None:
    """Four sets, each concealed or declared, and a pair (None: a fifth copy of a tile)."""
    sets = draw(st.lists(st.sampled_from(_SETS), min_size=4, max_size=4))
    pair = draw(st.integers(min_value=0, max_value=33))
    declared = draw(st.lists(st.booleans(), min_size=4, max_size=4))
    concealed = [s for s, d in zip(sets, declared, strict=True) if not d]
    exposed = [f"[{s}]" for s, d in zip(sets, declared, strict=True) if d]
    try:
        return parse_hand(" ".join(["".join(concealed) + tile_text(pair) * 2, *exposed]))
    except ValueError:
        return None


@settings(max_examples=300, deadline=None)
@given(built_hands())
def test_built_hands_are_summarised_like_a_loop(hand: Hand | None) -> None:
    if hand is None:
        return  # a fifth copy of a tile
    for a in arrangements(hand, SHAPES):
        check(a)
        check_boards(a)


def test_only_counted_predicates_get_a_counter_field() -> None:
    masks, counts = tile_masks(TILE_TESTS, counted=(3, 1))  # rank 5 in field 0, honours in 1
    assert masks == TILE_MASKS
    five_m, east = 4, 27
    assert counts[five_m] == 1 and counts[east] == 1 << TILE_COUNT_WIDTH
    assert counts[0] == 0  # 1m: a terminal and a character, neither counted
    _, meld_counts = meld_masks(MELD_TESTS, counted=())
    assert not any(meld_counts)


def test_a_meld_predicate_no_meld_passes_reads_zero_whatever_shares_its_word() -> None:
    # Predicate 1 (a 9-chow: none exists) and its counter read 0 beside the tile predicates'
    # bits and the boards: the generated module takes each field out of its word to its width.
    tests: tuple[Callable[[Meld], object], ...] = (
        lambda m: m.is_pung,
        lambda m: m.is_chow and m.rank == 9,
    )
    masks, counts = meld_masks(tests)
    tables = summary_tables(
        TILE_MASKS, TILE_COUNTS, masks, counts, len(TILE_TESTS), boards=BOARDS,
        meld_bits=len(tests), meld_count_fields=len(tests),
    )  # fmt: skip
    assert tables.mask["meld_any"] == 3 and tables.mask["meld_count"] == (1 << 6) - 1
    for text in ("123m456p789s555z11z", "11z [123m] [555p] (7777s) [999m]"):
        (a, *_) = arrangements(parse_hand(text), SHAPES)
        found = fields(a, tables)
        assert found["meld_any"] >> 1 & 1 == 0 and found["meld_count"] >> MELD_COUNT_WIDTH & 7 == 0
        assert found["meld_any"] & 1 == any(m.is_pung for m in a.melds)
        assert found["meld_count"] & 7 == sum(m.is_pung for m in a.melds)
        assert found["meld_all"] == (all(m.is_pung for m in a.melds) | 0)


def test_every_word_is_a_machine_int_but_the_one_of_the_count_boards() -> None:
    layout = summary_layout(summary_parts(26, 3, 20, 16, 2, BOARDS))
    width = {p.name: p.width for p in summary_parts(26, 3, 20, 16, 2, BOARDS)}
    wide = [word for word in layout if sum(width[name] for name in word) > WORD_BITS]
    (counts,) = wide
    assert sorted(counts) == sorted(name for name in BOARDS if width[name] == COUNT_BITS)
    # The board every tile adds to lowest, those of the sets that pass a predicate highest.
    assert counts[0] == "tile_copies" and counts[-2:] == ("by_tile_3", "holding_0")
    assert sorted(name for word in layout for name in word) == sorted(width)
    assert all(width[name] <= WORD_BITS for word in layout if word not in wide for name in word)
    assert all(width[name] == BOARD_BITS for name in BOARDS if width[name] != COUNT_BITS)


def test_words_that_leave_a_field_out_or_mix_folds_are_refused() -> None:
    with pytest.raises(ValueError, match="once"):
        summary_tables(TILE_MASKS, TILE_COUNTS, MELD_MASKS, MELD_COUNTS, 4, words=[["tile_any"]])
    mixed = [["tile_any", "tile_all"], ["tile_count"], ["meld_any"], ["meld_all"], ["meld_count"]]
    with pytest.raises(ValueError, match="one way"):
        summary_tables(TILE_MASKS, TILE_COUNTS, MELD_MASKS, MELD_COUNTS, 4, words=mixed)


def _module_of(name: str) -> dict[str, Any]:
    """The names of rulebook `name`'s generated module, interpreted or native (a compiled
    function has no `__globals__`; a native module is imported, so in `sys.modules`)."""
    score_fans = ruleset(name).spec.score_fans
    found: dict[str, Any] | None = getattr(score_fans, "__globals__", None)
    return found if found is not None else vars(sys.modules[score_fans.__module__])


@pytest.mark.parametrize("name", ["mcr", "riichi", "guangdong", "sichuan", "taiwan"])
def test_the_generated_walk_gives_the_fields_of_the_summary(name: str) -> None:
    module = _module_of(name)
    walk, tables = module["summarize_arrangement"], module["SUMMARY"]
    for text in (
        "123m456p789s555z11z", "123m111z [222z] (3333z) 55z", "11z [123m] [555p] (7777s) [999m]",
        "1122m3344p5566s77z", "19m19p19s12345677z", "123m123m123p789p55s", "147m258p369s1234z",
        "147m258p369s12345z", "1133557799m1155z", "11123456789999m", "[1111z] 222z 333z 444z 55z",
    ):  # fmt: skip
        for a in arrangements(parse_hand(text), SHAPES):
            assert walk(a) == tuple(fields(a, tables).values()), (name, text)


@settings(max_examples=200, deadline=None)
@given(built_hands())
def test_the_generated_walk_gives_the_fields_of_the_summary_on_built_hands(
    hand: Hand | None,
) -> None:
    if hand is None:
        return  # a fifth copy of a tile
    for name in ("mcr", "sichuan"):
        module = _module_of(name)
        for a in arrangements(hand, SHAPES):
            fields_of = summary_fields(summarize(a, module["SUMMARY"]), module["SUMMARY"])
            assert module["summarize_arrangement"](a) == tuple(fields_of.values())


@settings(max_examples=200, deadline=None)
@given(built_hands())
def test_a_hand_summarised_from_its_suits_words_is_its_one_readings_summary(
    hand: Hand | None,
) -> None:
    if hand is None:
        return  # a fifth copy of a tile
    found = standard_placed(hand, SHAPES, None)
    if found is None:
        return  # a suit that splits more than one way (or seven pairs too)
    # Every rulebook whose scoring places the winning tile (MCR and Taiwan too, not only
    # those with a fu section) scores a placed hand on this summary.
    for name in ("riichi", "sanma", "mcr", "taiwan"):
        module = _module_of(name)
        for a in found:
            assert module["summarize_hand"](hand) == module["summarize_arrangement"](a)


def test_a_suits_words_are_made_only_for_a_suit_that_splits_one_way() -> None:
    words = SuitWords(TABLES)
    key = parse_hand("111222333m").suit_keys[0]  # three pungs or three chows
    with pytest.raises(ValueError, match="splits 2 ways"):
        words.fill(0, key)
    assert words.memos[0] == {}
