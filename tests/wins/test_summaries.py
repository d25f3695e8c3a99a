"""The one-pass summary (`mjc.runtime.wins.summaries.summarize`) answers every quantifier exactly as
a plain loop over the arrangement's tiles and melds would, for every shape."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings, strategies as st

from mjc.runtime import parse_hand
from mjc.runtime.tiles.melds import Meld
from mjc.runtime.tiles.tile import IS_HONOUR, IS_TERMINAL, RANK_OF, SUIT_OF, tile_text
from mjc.runtime.wins.arrange import SHAPES, Arrangement, arrangements
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
    meld_masks,
    summarize,
    summary_tables,
    tile_masks,
)

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
MELD_SHIFT = len(TILE_TESTS)
MELD_COUNT_SHIFT = MELD_SHIFT * TILE_COUNT_WIDTH
# The same with every meld board riding along, and the boards of the sets that pass a meld
# predicate: exposed ones by tile (bit 3), chows by each tile held (bit 0).
BOARDS = (*BOARD_NAMES, "by_tile_3", "holding_0")
BOARD_TABLES = summary_tables(
    TILE_MASKS, TILE_COUNTS, MELD_MASKS, MELD_COUNTS, len(TILE_TESTS), MEMBER_TESTS,
    boards=BOARDS,
)  # fmt: skip


def check_boards(a: Arrangement) -> None:
    """The boards in the summary are `meld_boards`' and the counts of copies and of sets."""
    assert summarize(a, BOARD_TABLES)[3] == summarize(a, TABLES)[3]
    some, _, count, _ = summarize(a, BOARD_TABLES)
    plain = summarize(a, TABLES)
    assert some & (1 << BOARD_TABLES.board_at[0]) - 1 == plain[0]
    assert count & (1 << BOARD_TABLES.board_at[1]) - 1 == plain[2]
    boards = meld_boards(a.melds)
    found: dict[str, int] = {}
    for name, at in zip(BOARDS, BOARD_TABLES.board_at, strict=True):
        counts = not name.endswith("_board")
        found[name] = ((count if counts else some) >> at) & (
            1 << (COUNT_BITS if counts else BOARD_BITS)
        ) - 1
    for name in boards._fields:
        assert found[name] == getattr(boards, name), name
    for t in range(34):
        field = TILE_FIELD[t]
        assert found["tile_copies"] >> field & 15 == a.tiles.count(t)
        assert found["by_tile_3"] >> field & 15 == sum(m.exposed and m.tile == t for m in a.melds)
        assert found["holding_0"] >> field & 15 == sum(m.is_chow and t in m.tiles for m in a.melds)


def check(a: Arrangement) -> None:
    some, every, count, members = summarize(a, TABLES)
    for bit, test in enumerate(TILE_TESTS):
        hits = [bool(test(t)) for t in a.tiles]
        assert (some >> bit & 1) == any(hits)
        assert (every >> bit & 1) == all(hits)
        assert (count >> bit * TILE_COUNT_WIDTH & 31) == sum(hits)
    meld_some, meld_every = some >> MELD_SHIFT, every >> MELD_SHIFT
    meld_count = count >> MELD_COUNT_SHIFT
    for bit, meld_test in enumerate(MELD_TESTS):
        passed = [bool(meld_test(m)) for m in a.melds]
        assert (meld_some >> bit & 1) == any(passed)
        assert (meld_every >> bit & 1) == all(passed)
        assert (meld_count >> bit * MELD_COUNT_WIDTH & 7) == sum(passed)
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
    _, every, count, members = summarize(a, TABLES)
    assert every >> MELD_SHIFT == -1
    assert count >> MELD_COUNT_SHIFT == 0 and members == 0


_SETS = [f"{r}{r + 1}{r + 2}{s}" for s in "mps" for r in range(1, 8)]
_SETS += [f"{r}{r}{r}{s}" for s in "mps" for r in range(1, 10)]
_SETS += [f"{r}{r}{r}z" for r in range(1, 8)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_SETS), min_size=4, max_size=4),
    st.integers(min_value=0, max_value=33),
    st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_built_hands_are_summarised_like_a_loop(
    sets: list[str], pair: int, declared: list[bool]
) -> None:
    concealed = [s for s, d in zip(sets, declared, strict=True) if not d]
    exposed = [f"[{s}]" for s, d in zip(sets, declared, strict=True) if d]
    text = " ".join(["".join(concealed) + tile_text(pair) * 2, *exposed])
    try:
        hand = parse_hand(text)
    except ValueError:
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


def test_a_meld_predicate_no_meld_passes_reads_zero_below_the_boards() -> None:
    # Predicate 1 (a 9-chow: none exists) and its counter sit below the boards, whatever the
    # boards hold: the generated module masks each part to `meld_bits`/`meld_count_bits`.
    tests: tuple[Callable[[Meld], object], ...] = (
        lambda m: m.is_pung,
        lambda m: m.is_chow and m.rank == 9,
    )
    masks, counts = meld_masks(tests)
    tables = summary_tables(
        TILE_MASKS, TILE_COUNTS, masks, counts, len(TILE_TESTS), boards=BOARDS,
        meld_bits=len(tests), meld_count_fields=len(tests),
    )  # fmt: skip
    assert tables.meld_bits == 2 and tables.meld_count_bits == 2 * MELD_COUNT_WIDTH
    assert min(tables.board_at) >= MELD_SHIFT + 2
    for text in ("123m456p789s555z11z", "11z [123m] [555p] (7777s) [999m]"):
        (a, *_) = arrangements(parse_hand(text), SHAPES)
        some, every, count, _ = summarize(a, tables)
        meld_any = some >> MELD_SHIFT & (1 << tables.meld_bits) - 1
        meld_count = count >> MELD_COUNT_SHIFT & (1 << tables.meld_count_bits) - 1
        assert meld_any >> 1 & 1 == 0 and meld_count >> MELD_COUNT_WIDTH & 7 == 0
        assert meld_any & 1 == any(m.is_pung for m in a.melds)
        assert meld_count & 7 == sum(m.is_pung for m in a.melds)
        assert every >> MELD_SHIFT & (1 << tables.meld_bits) - 1 == (
            all(m.is_pung for m in a.melds) | 0
        )
