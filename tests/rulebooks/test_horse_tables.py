"""Every bundled rulebook's horse tables, as a property: for every player count with a table,
every tile points at one seat at most, the generated module's `HORSE_TABLES` says what the
rows say, and `horse_seat` answers with a seat of that table (or None) from any dealer."""

from __future__ import annotations

import functools
import types

from hypothesis import given, settings, strategies as st

from mjc.compiler import ir
from mjc.compiler.loader import bundled_rulebooks, import_source, load
from mjc.runtime import NOBODY
from mjc.runtime.tiles.tile import NUM_TILES, tile_text

SUITS = (0, 9, 18)


@functools.cache
def compiled(name: str) -> tuple[ir.Rulebook, types.ModuleType]:
    loaded = load(name)
    assert loaded.source is not None and loaded.compilation.rulebook is not None
    module = import_source(loaded.source, f"mjc_test_horse_tables_{name}", f"{name}.mjr")
    return loaded.compilation.rulebook, module


def tables() -> list[tuple[str, int]]:
    found = []
    for name in bundled_rulebooks():
        book, _ = compiled(name)
        found += [(name, table.players) for table in book.horses.tables]
    return found


TABLES = tables()


def row_offsets(table: ir.HorseTable, tile: int) -> set[int]:
    """The offsets of every row that names `tile` (by a rank of its suit, or by itself)."""
    found = set()
    for row in table.rows:
        by_rank = tile < 27 and (tile % 9) + 1 in row.ranks
        if by_rank or tile in row.tiles:
            found.add(row.offset)
    return found


def test_the_documents_with_horse_tables_have_them() -> None:
    assert {name for name, _ in TABLES} >= {"chaozhou", "baise"}
    assert sorted(p for name, p in TABLES if name == "chaozhou") == [2, 3, 4]
    assert sorted(p for name, p in TABLES if name == "baise") == [2, 3, 4]


@settings(max_examples=500, deadline=None)
@given(
    which=st.sampled_from(TABLES),
    tile=st.integers(0, NUM_TILES - 1),
    dealer=st.integers(0, 3),
)
def test_every_tile_points_at_one_seat_at_most(
    which: tuple[str, int], tile: int, dealer: int
) -> None:
    name, players = which
    book, module = compiled(name)
    (table,) = [t for t in book.horses.tables if t.players == players]
    offsets = row_offsets(table, tile)
    assert len(offsets) <= 1, f"{name} {players}p gives {tile_text(tile)} to {offsets}"
    offset = next(iter(offsets), NOBODY)
    assert module.HORSE_TABLES[players][tile] == table.seats[tile] == offset
    dealer %= players
    seat = module.horse_seat(tile, players, dealer)
    if offset == NOBODY:
        assert seat is None
    else:
        assert seat == (dealer + offset) % players
        assert 0 <= seat < players


@settings(max_examples=100, deadline=None)
@given(which=st.sampled_from(TABLES), dealer=st.integers(0, 3))
def test_each_seat_hit_by_a_table_is_a_seat_at_that_table(
    which: tuple[str, int], dealer: int
) -> None:
    name, players = which
    _, module = compiled(name)
    dealer %= players
    seats = {module.horse_seat(t, players, dealer) for t in range(NUM_TILES)}
    assert seats - {None} <= set(range(players))
    assert dealer in seats  # every document gives the dealer some tiles
