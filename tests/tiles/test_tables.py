"""The per-suit tables and splits, checked against the slow reference in runtime_reference."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings, strategies as st
from runtime_reference import SUITED_CHOW_STARTS, readings

from mjc.runtime.tiles.tables import (
    HONOUR_TABLE,
    SUIT_TABLE,
    fill_tables,
    honour_splits,
    suit_splits,
)

fill_tables()  # these tests read the tables whole, which a process reads only when asked


def test_empty_suits_split_into_nothing() -> None:
    assert SUIT_TABLE[bytes(9)] == 1
    assert HONOUR_TABLE[bytes(7)] == 1
    assert suit_splits(bytes(9)) == ((),)
    assert honour_splits(bytes(7)) == ((),)


def test_table_keys_are_possible_suits() -> None:
    for table, width in ((SUIT_TABLE, 9), (HONOUR_TABLE, 7)):
        for key, value in table.items():
            assert len(key) == width and max(key) <= 4 and sum(key) <= 14
            assert value == (2 if sum(key) % 3 == 2 else 1)
            assert sum(key) % 3 != 1


def test_every_suit_table_key_splits_by_the_reference() -> None:
    for key in SUIT_TABLE:
        assert readings(key, SUITED_CHOW_STARTS), key


def test_honour_table_is_exactly_pungs_and_at_most_one_pair() -> None:
    for counts in product(range(5), repeat=7):
        ok = all(n in (0, 2, 3) for n in counts) and counts.count(2) <= 1
        ok = ok and counts.count(3) <= 4
        value = HONOUR_TABLE.get(bytes(counts))
        assert value == ((2 if 2 in counts else 1) if ok else None), counts


def test_small_suits_exhaustively() -> None:
    # Every suit of up to 8 tiles: the table holds exactly the keys the reference can split.
    for counts in product(range(5), repeat=9):
        if sum(counts) > 8:
            continue
        found = readings(counts, SUITED_CHOW_STARTS)
        value = (2 if sum(counts) % 3 == 2 else 1) if found else None
        assert SUIT_TABLE.get(bytes(counts)) == value, counts


# Up to 14 random ranks, at most 4 of each: the suits a hand can hold.
suit_counts = st.lists(st.integers(0, 8), max_size=14).map(
    lambda ranks: [min(ranks.count(r), 4) for r in range(9)]
)


@settings(max_examples=300, deadline=None)
@given(suit_counts)
def test_random_suits_agree_with_the_reference(counts: list[int]) -> None:
    key = bytes(counts)
    found = readings(counts, SUITED_CHOW_STARTS)
    value = (2 if sum(counts) % 3 == 2 else 1) if found else None
    assert SUIT_TABLE.get(key) == value
    assert set(suit_splits(key)) == {_as_split(r) for r in found}
    assert len(suit_splits(key)) == len(found)  # every split once


def _as_split(reading: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    # The reference sorts (kind, tile) alphabetically; splits sort by tile, then kind.
    order = {"pung": 0, "chow": 1, "pair": 2}
    return tuple(sorted(reading, key=lambda m: (m[1], order[m[0]])))


def test_four_pungs_and_chows_readings_of_one_suit() -> None:
    # 1112223334445m + 5m: four pungs, or three identical chows, and more.
    splits = suit_splits(bytes([3, 3, 3, 3, 2, 0, 0, 0, 0]))
    assert (("pung", 0), ("pung", 1), ("pung", 2), ("pung", 3), ("pair", 4)) in splits
    assert (("chow", 0), ("chow", 0), ("chow", 0), ("pung", 3), ("pair", 4)) in splits
    assert len(splits) == 4


def test_splits_are_sorted_by_tile_then_kind() -> None:
    (split,) = suit_splits(bytes([3, 1, 1, 1, 1, 1, 1, 1, 4]))
    assert split == (("chow", 0), ("pair", 0), ("chow", 3), ("chow", 6), ("pung", 8))


def test_keys_that_do_not_split() -> None:
    assert suit_splits(bytes([1, 1, 0, 0, 0, 0, 0, 0, 0])) == ()
    assert bytes([1, 1, 0, 0, 0, 0, 0, 0, 0]) not in SUIT_TABLE
    assert bytes([2, 0, 0, 0, 0, 0, 0, 2, 0]) not in SUIT_TABLE  # two pairs
    assert honour_splits(bytes([4, 0, 0, 0, 0, 0, 0])) == ()
    assert honour_splits(bytes([1, 1, 1, 0, 0, 0, 0])) == ()  # honours do not chow


def test_honour_splits() -> None:
    assert honour_splits(bytes([3, 0, 0, 0, 2, 3, 0])) == ((("pung", 0), ("pair", 4), ("pung", 5)),)
