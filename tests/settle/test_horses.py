"""`mjc.runtime.Horses`: whose seat a horse tile points at, counted from the dealer in turn order,
with a clear error for a question the rulebook's tables cannot answer."""

from __future__ import annotations

import pytest

from mjc.runtime import NOBODY, HorseError, HorseKind, Horses, Situation, tile_index
from mjc.runtime.tiles.tile import NUM_TILES

# A 4-player table like 潮州's: rank r of every suit points at seat (r - 1) % 4; 东 at the
# dealer, 北 at the seat before; flowers hit nobody. A 2-player table where evens hit nobody.
FOUR = tuple(
    [(rank - 1) % 4 for _ in range(3) for rank in range(1, 10)]
    + [0, 1, 2, 3, 2, 1, 0]
    + [NOBODY] * 8
)
TWO = tuple(
    [0 if rank % 2 else NOBODY for _ in range(3) for rank in range(1, 10)] + [0] * 7 + [NOBODY] * 8
)
HORSES = Horses({4: FOUR, 2: TWO})


def test_tables_hold_a_seat_for_every_tile() -> None:
    assert len(FOUR) == len(TWO) == NUM_TILES


def test_horse_seat_of_the_dealer_row_is_the_dealer() -> None:
    for dealer in range(4):
        assert HORSES.horse_seat("1m", 4, dealer) == dealer
        assert HORSES.horse_seat("5p", 4, dealer) == dealer


def test_horse_seat_counts_on_from_the_dealer_and_wraps() -> None:
    assert HORSES.horse_seat("2s", 4, 0) == 1  # the next seat
    assert HORSES.horse_seat("3s", 4, 0) == 2  # the seat opposite
    assert HORSES.horse_seat("4z", 4, 0) == 3  # the seat before
    assert HORSES.horse_seat("2s", 4, 3) == 0  # the next seat after seat 3 is seat 0
    assert HORSES.horse_seat("4z", 4, 1) == 0  # the seat before seat 1


def test_horse_seat_is_none_for_a_tile_that_hits_nobody() -> None:
    assert HORSES.horse_seat("2m", 2, 0) is None
    assert HORSES.horse_seat("1f", 4, 2) is None


def test_horse_seat_takes_a_tile_int_or_its_notation() -> None:
    assert HORSES.horse_seat(tile_index("7z"), 4, 2) == HORSES.horse_seat("7z", 4, 2) == 2


def test_horse_seat_at_a_player_count_without_a_table_says_which_tables_exist() -> None:
    with pytest.raises(HorseError, match=r"no horse table for 3 players \(tables: 2, 4\)"):
        HORSES.horse_seat("1m", 3, 0)


def test_horse_seat_without_any_table() -> None:
    with pytest.raises(HorseError, match="tables: no player count"):
        Horses({}).horse_seat("1m", 4, 0)


@pytest.mark.parametrize("dealer", [-1, 4, 9])
def test_horse_seat_refuses_a_dealer_outside_the_table(dealer: int) -> None:
    with pytest.raises(HorseError, match="the dealer is seat 0 to 3"):
        HORSES.horse_seat("1m", 4, dealer)


@pytest.mark.parametrize("tile", ["0m", "8z", "x", "", -1, NUM_TILES])
def test_horse_seat_refuses_what_is_not_a_tile(tile: int | str) -> None:
    with pytest.raises(HorseError):
        HORSES.horse_seat(tile, 4, 0)


def test_horse_error_is_a_value_error() -> None:
    assert issubclass(HorseError, ValueError)


def test_table_by_player_count() -> None:
    assert HORSES.table(4) is FOUR
    with pytest.raises(HorseError):
        HORSES.table(3)


def test_horses_without_kinds_draw_nothing() -> None:
    assert HORSES.kinds == ()
    assert HORSES.draws({}, None) == ()
    assert HORSES.draws({}, Situation(winning_tile=0)) == ()


def test_horse_kind_is_plain_frozen_data() -> None:
    kind = HorseKind("bought", "买马", "each", "deal", "rulebooks/chaozhou.mjr:1")
    with pytest.raises(AttributeError):
        kind.kind = "bonus"  # type: ignore[misc]
    assert kind == HorseKind("bought", "买马", "each", "deal", "rulebooks/chaozhou.mjr:1")
