"""百色麻将 (seed 001), horses: one test per row of the 中马规则 tables and per statement about
抓马, named after its clause.

The tables and 抓马 are in the seed's 三、特殊玩法 (`rule_3`): "4人场中马规则", "3人场中马规则",
"2人场中马规则"; the 抓马 modes and 马数 are in 四、可选玩法 (`rule_4`). The 3- and 2-player
tables leave some tiles to no seat, and the rulebook says so with `nobody` rows. What a hit
is worth (马分), how many horses a short wall still gives and 一炮多响 are settlement, a
later issue.
"""

from __future__ import annotations

import types

import pytest

from mjc.compiler import ir
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import compile_source
from mjc.compiler.loader import bundled_rulebooks, import_source, load
from mjc.runtime import NOBODY, Ruleset, Situation, tile_index

NAME = "baise"
SUITS = "mps"


@pytest.fixture(scope="module")
def module() -> types.ModuleType:
    loaded = load(NAME)
    assert loaded.source is not None, [d.message for d in loaded.compilation.diagnostics]
    return import_source(loaded.source, f"mjc_test_{NAME}_horses", f"rulebooks/{NAME}.mjr")


@pytest.fixture(scope="module")
def book(module: types.ModuleType) -> Ruleset:
    ruleset: Ruleset = module.RULESET
    return ruleset


@pytest.fixture(scope="module")
def rulebook() -> ir.Rulebook:
    compilation = load(NAME).compilation
    assert compilation.rulebook is not None
    return compilation.rulebook


def ranks(*numbers: int) -> set[str]:
    """The seed writes bare ranks ("1、5、9"): each stands for that rank of 万, 筒 and 条."""
    return {f"{n}{suit}" for n in numbers for suit in SUITS}


def _all_tiles() -> list[str]:
    return [f"{n}{s}" for s in SUITS for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def pointing_at(module: types.ModuleType, players: int, offset: int) -> set[str]:
    table = module.HORSE_TABLES[players]
    return {t for t in _all_tiles() if table[tile_index(t)] == offset}


# ------------------------------------------------------------- 三、特殊玩法: 4人场中马规则


def test_rule_3_horse_4p_dealer_1_5_9_east_red(module: types.ModuleType) -> None:
    """庄家：1、5、9、东、中"""
    assert pointing_at(module, 4, 0) == ranks(1, 5, 9) | {"1z", "7z"}


def test_rule_3_horse_4p_next_2_6_south_green(module: types.ModuleType) -> None:
    """庄家下家：2、6、南、发"""
    assert pointing_at(module, 4, 1) == ranks(2, 6) | {"2z", "6z"}


def test_rule_3_horse_4p_opposite_3_7_west_white(module: types.ModuleType) -> None:
    """庄家下下家：3、7、西、白 (the seat two after the dealer: opposite)"""
    assert pointing_at(module, 4, 2) == ranks(3, 7) | {"3z", "5z"}


def test_rule_3_horse_4p_previous_4_8_north(module: types.ModuleType) -> None:
    """庄家上家：4、8、北"""
    assert pointing_at(module, 4, 3) == ranks(4, 8) | {"4z"}


def test_rule_3_horse_4p_every_tile_points_at_a_seat(module: types.ModuleType) -> None:
    assert pointing_at(module, 4, NOBODY) == set()


# ------------------------------------------------------------- 3人场中马规则


def test_rule_3_horse_3p_dealer_1_5_9_east_red(module: types.ModuleType) -> None:
    """庄家：1、5、9、东、中"""
    assert pointing_at(module, 3, 0) == ranks(1, 5, 9) | {"1z", "7z"}


def test_rule_3_horse_3p_next_2_6_south_green(module: types.ModuleType) -> None:
    """庄家下家：2、6、南、发"""
    assert pointing_at(module, 3, 1) == ranks(2, 6) | {"2z", "6z"}


def test_rule_3_horse_3p_previous_3_7_west_white(module: types.ModuleType) -> None:
    """庄家上家：3、7、西、白"""
    assert pointing_at(module, 3, 2) == ranks(3, 7) | {"3z", "5z"}


def test_rule_3_horse_3p_4_8_north_hit_nobody(module: types.ModuleType) -> None:
    """4、8、北 are in none of the 3-player rows: a horse of one hits no one."""
    assert pointing_at(module, 3, NOBODY) == ranks(4, 8) | {"4z"}
    for dealer in range(3):
        assert module.horse_seat("8p", 3, dealer) is None
        assert module.horse_seat("4z", 3, dealer) is None


# ------------------------------------------------------------- 2人场中马规则


def test_rule_3_horse_2p_dealer_1_5_9_east_red(module: types.ModuleType) -> None:
    """庄家：1、5、9、东、中"""
    assert pointing_at(module, 2, 0) == ranks(1, 5, 9) | {"1z", "7z"}


def test_rule_3_horse_2p_next_2_6_south_green(module: types.ModuleType) -> None:
    """庄家下家：2、6、南、发"""
    assert pointing_at(module, 2, 1) == ranks(2, 6) | {"2z", "6z"}


def test_rule_3_horse_2p_3_4_7_8_west_north_white_hit_nobody(module: types.ModuleType) -> None:
    """Only two rows at two players: 3、4、7、8、西、北、白 hit no one."""
    assert pointing_at(module, 2, NOBODY) == ranks(3, 4, 7, 8) | {"3z", "4z", "5z"}


def test_rule_1_horse_tables_for_each_player_count(module: types.ModuleType) -> None:
    """游戏人数：2、3、4人 — and a 中马 table for each."""
    assert sorted(module.HORSE_TABLES) == [2, 3, 4]


@pytest.mark.parametrize(
    ("players", "dealer", "tile", "seat"),
    [(4, 2, "2m", 3), (4, 2, "3s", 0), (4, 3, "4z", 2), (3, 2, "6p", 0), (3, 1, "5z", 0)],
)
def test_rule_3_horse_seat_counts_from_the_dealer(
    module: types.ModuleType, players: int, dealer: int, tile: str, seat: int
) -> None:
    assert module.horse_seat(tile, players, dealer) == seat


# ------------------------------------------------------------- the tiles that hit nobody


def test_rule_3_horse_tables_compile_without_warnings() -> None:
    """The `nobody` rows state what the seed leaves out, so there is nothing to warn about."""
    assert load(NAME).compilation.diagnostics == []


def test_rule_3_horse_3p_without_its_nobody_row_warns_with_the_missing_tiles() -> None:
    """Left unstated, the tiles the 3-player table gives to no one are a warning (W0407)
    whose help is the `nobody` row to write."""
    text = bundled_rulebooks()[NAME].read_text(encoding="utf-8")
    row = "    nobody   ranks 4, 8     tiles 4z\n"
    assert text.count(row) == 1
    start = text.index(row)
    end = text.index('  } source "3人场中马规则"', start)
    compilation = compile_source(text[:start] + text[end:], "baise_without_nobody.mjr")
    assert compilation.ok
    (warning,) = compilation.diagnostics
    assert warning.code == "W0407"
    assert (
        warning.message == "the 3-player horse table gives 7 tiles to nobody: ranks 4, 8 tiles 4z"
    )
    assert warning.help is not None and "`nobody ranks 4, 8 tiles 4z`" in warning.help


def test_rule_3_nobody_rows_quote_the_tables(rulebook: ir.Rulebook) -> None:
    for table in rulebook.horses.tables:
        for row in table.rows:
            assert any(p.kind == "source" for p in row.provenance), (table.players, row.seat)


# ------------------------------------------------------------- 抓马


def drawn(
    module: types.ModuleType, book: Ruleset, situation: Situation | None = None, **given: str
) -> list[tuple[str, int]]:
    options = book.resolve_options(given)
    return [(kind.kind, count) for kind, count in module.horses(options, situation)]


DISCARD_WIN = Situation(winning_tile=0, self_drawn=False)
SELF_DRAWN = Situation(winning_tile=0, self_drawn=True)


def test_rule_4_no_horses_by_default(module: types.ModuleType, book: Ruleset) -> None:
    """抓马 defaults to 不抓马 (a convention: the seed gives no default)."""
    assert drawn(module, book) == []
    assert drawn(module, book, SELF_DRAWN) == []


def test_rule_4_any_win_grabs_horses(module: types.ModuleType, book: Ruleset) -> None:
    """胡牌抓马：勾选后，只有有胡牌就抓马"""
    assert drawn(module, book, DISCARD_WIN, 抓马="胡牌抓马") == [("grabbed", 2)]
    assert drawn(module, book, SELF_DRAWN, 抓马="胡牌抓马") == [("grabbed", 2)]


def test_rule_4_self_draw_only_grabs_horses_on_a_self_draw(
    module: types.ModuleType, book: Ruleset
) -> None:
    """自摸抓马：勾选后，只有自摸才抓马"""
    assert drawn(module, book, SELF_DRAWN, 抓马="自摸抓马") == [("grabbed", 2)]
    assert drawn(module, book, DISCARD_WIN, 抓马="自摸抓马") == []
    # before the round ends (no win yet), the kind the options enable is listed
    assert drawn(module, book, None, 抓马="自摸抓马") == [("grabbed", 2)]


@pytest.mark.parametrize("count", [2, 4, 6, 8, 10])
def test_rule_4_horse_count_2_to_10(module: types.ModuleType, book: Ruleset, count: int) -> None:
    """马数：2马,4马,6马,8马,10马 — X马：将在剩余牌堆取最后X张牌作为马牌参与抓马"""
    assert drawn(module, book, SELF_DRAWN, 抓马="胡牌抓马", 马数=f"{count}马") == [
        ("grabbed", count)
    ]


def test_rule_3_grabbed_horses_come_from_the_end_of_the_wall(
    module: types.ModuleType, book: Ruleset
) -> None:
    """抓马：牌局结束时，胡牌者从剩余牌堆最后面取对应抓马数的牌"""
    ((kind, _),) = module.horses(book.resolve_options({"抓马": "胡牌抓马"}))
    assert (kind.kind, kind.name, kind.drawn_by, kind.drawn_from) == (
        "grabbed",
        "抓马",
        "winner",
        "wall_end",
    )


def test_rule_3_settlement_conditions_are_noted_for_later(rulebook: ir.Rulebook) -> None:
    """剩几张则算抓几马；没有剩余牌时不抓马；一炮多响也不抓马 — recorded for settlement."""
    notes = [p.text for k in rulebook.horses.kinds for p in k.provenance if p.kind == "note"]
    assert any("一炮多响也不抓马" in n for n in notes)


# ------------------------------------------------------------- the docs page


def test_rule_3_horse_tables_on_the_docs_page_show_who_hits_nobody(
    rulebook: ir.Rulebook,
) -> None:
    page = generate_page(rulebook)
    horses = page[page.index("## Horses") : page.index("## Every fan in detail")]
    three = horses[horses.index("### 3 players") : horses.index("### 2 players")]
    nobody = next(line for line in three.splitlines() if line.startswith("| **不中**"))
    assert "../tiles/4z.svg" in nobody and "../tiles/8p.svg" in nobody
    assert "../tiles/3z.svg" not in nobody
    assert "**抓马** (`grabbed`)" in horses
    assert "only when won by self-draw" in horses
