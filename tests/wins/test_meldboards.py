"""The meld boards generated scoring code reads (`mjc.runtime.wins.meldboards`): bit `4 * rank +
slot` for each kind of meld, 4-bit counts at `20 * rank + COUNT_SHIFT[suit]`, and tables that
answer every suit a condition can read."""

from __future__ import annotations

import itertools

from mjc.runtime.score.scoring import NO_PAIR
from mjc.runtime.tiles.melds import meld
from mjc.runtime.tiles.tile import NUM_TILES, RANK_OF, SUIT_OF
from mjc.runtime.wins.meldboards import (
    COUNT_SHIFT,
    DISTINCT_SLOTS_3,
    SUIT_BIT,
    TILE_FIELD,
    TILE_SLOT,
    meld_boards,
)


def test_a_chow_sets_its_suit_slot_at_its_lowest_rank_and_counts_there() -> None:
    # 345p twice and 789s: dots are slot 1, bamboo slot 2.
    boards = meld_boards([meld("chow", 11, True), meld("chow", 11, False), meld("chow", 24, True)])
    assert boards.chow_board == (2 << 4 * 3) | (4 << 4 * 7)
    assert boards.chow_count >> 20 * 3 + COUNT_SHIFT["p"] & 15 == 2
    assert boards.chow_count >> 20 * 7 + COUNT_SHIFT["s"] & 15 == 1
    assert boards.pung_board == boards.kong_board == 0


def test_a_kong_is_a_pung_too_and_honours_take_the_fourth_slot() -> None:
    boards = meld_boards([meld("kong", 31, False), meld("pung", 0, True), meld("pair", 5, True)])
    assert boards.pung_board == (8 << 4 * RANK_OF[31]) | (1 << 4 * 1)
    assert boards.kong_board == 8 << 4 * RANK_OF[31]
    assert boards.chow_board == 0  # a pair is on no board


def test_every_suit_a_condition_can_read_has_a_bit_and_a_count_offset() -> None:
    for suit in {*SUIT_OF, NO_PAIR.suit}:
        assert suit in SUIT_BIT and suit in COUNT_SHIFT
    assert SUIT_BIT["f"] == SUIT_BIT[""] == 0
    assert COUNT_SHIFT["f"] == COUNT_SHIFT[""] == 16  # the field no meld fills


def test_the_tables_by_tile_point_at_the_tile_s_slot_or_past_every_rank() -> None:
    boards = meld_boards([meld("pung", t, True) for t in (4, 13, 22, 27)])
    for t in range(NUM_TILES):
        held = t in (4, 13, 22, 27)
        assert (boards.pung_board >> TILE_SLOT[t] & 1) == held
        assert (boards.pung_count >> TILE_FIELD[t] & 15) == held
    assert TILE_SLOT[-1] >= 4 * 16  # a flower (the last tile, and no tile's -1): nothing there


def test_the_table_of_different_slots_holds_where_one_slot_of_each_set_differs() -> None:
    for key in range(1 << 12):
        sets = [[slot for slot in range(4) if key >> 4 * i + slot & 1] for i in range(3)]
        differ = any(len(set(pick)) == 3 for pick in itertools.product(*sets))
        assert DISTINCT_SLOTS_3[key] == differ, bin(key)


def _supersets_of_choices(links: int) -> tuple[bool, ...]:
    """The table as it was first built: each choice of different slots, one from each set,
    marks every superset of its bits."""
    found = bytearray(1 << 4 * links)
    full = (1 << 4 * links) - 1

    def choices(link: int, used: int) -> list[int]:
        if link == links:
            return [0]
        return [1 << 4 * link + slot | rest for slot in range(4) if not used >> slot & 1
                for rest in choices(link + 1, used | 1 << slot)]  # fmt: skip

    for need in choices(0, 0):
        free = full & ~need
        extra = free
        while True:  # every subset of `free`, down to none
            found[need | extra] = 1
            if not extra:
                break
            extra = extra - 1 & free
    return tuple(map(bool, found))


def test_the_table_of_different_slots_by_hall_s_condition_is_the_walk_of_the_choices() -> None:
    assert _supersets_of_choices(3) == DISTINCT_SLOTS_3
    assert {type(answer) for answer in DISTINCT_SLOTS_3} == {bool}  # a C static of bools
