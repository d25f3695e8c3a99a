"""潮州麻将 (seed 000), horses: one test per row of the 中马规定 tables and per statement about
the kinds of horse (买马, 罚马, 奖马), named after its clause.

The tables are in the seed's 三、特殊规定 (`rule_3`): "中马：（四人场）", "（三人场）",
"（两人场）", each row naming ranks "万（或筒或条）" and honours. The 买马 and 奖马 choices are
in 四、可选玩法 (`rule_4`). What a hit is worth ("具体算分：见计分规定") is settlement, a later
issue: here only the tables and which horses are drawn.
"""

from __future__ import annotations

import types

import pytest

from mjc.compiler import ir
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.loader import import_source, load
from mjc.runtime import NOBODY, HorseKind, Ruleset, Situation, tile_index

NAME = "chaozhou"
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
    """A rank in every suit: "1、5、9万（或筒或条）"."""
    return {f"{n}{suit}" for n in numbers for suit in SUITS}


def pointing_at(module: types.ModuleType, players: int, offset: int) -> set[str]:
    """The tiles (in notation) that point at the seat `offset` places after the dealer."""
    table = module.HORSE_TABLES[players]
    return {t for t in _all_tiles() if table[tile_index(t)] == offset}


def _all_tiles() -> list[str]:
    return [f"{n}{s}" for s in SUITS for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


# ------------------------------------------------------------- 三、特殊规定: 中马（四人场）


def test_rule_3_horse_4p_dealer_1_5_9_red_east(module: types.ModuleType) -> None:
    """庄家：1、5、9万（或筒或条）、中、东"""
    assert pointing_at(module, 4, 0) == ranks(1, 5, 9) | {"7z", "1z"}


def test_rule_3_horse_4p_next_2_6_south_green(module: types.ModuleType) -> None:
    """庄下：2、6万（或筒或条）、南、发"""
    assert pointing_at(module, 4, 1) == ranks(2, 6) | {"2z", "6z"}


def test_rule_3_horse_4p_opposite_3_7_west_white(module: types.ModuleType) -> None:
    """庄对：3、7万（或筒或条）、西、白"""
    assert pointing_at(module, 4, 2) == ranks(3, 7) | {"3z", "5z"}


def test_rule_3_horse_4p_previous_4_8_north(module: types.ModuleType) -> None:
    """庄上：4、8万（或筒或条）、北"""
    assert pointing_at(module, 4, 3) == ranks(4, 8) | {"4z"}


# ------------------------------------------------------------- 中马（三人场）


def test_rule_3_horse_3p_dealer_1_4_7_east_north_white(module: types.ModuleType) -> None:
    """庄家：1、4、7万（或筒或条）、东、北、白"""
    assert pointing_at(module, 3, 0) == ranks(1, 4, 7) | {"1z", "4z", "5z"}


def test_rule_3_horse_3p_next_2_5_8_south_red(module: types.ModuleType) -> None:
    """庄下：2、5、8万（或筒或条）、南、中"""
    assert pointing_at(module, 3, 1) == ranks(2, 5, 8) | {"2z", "7z"}


def test_rule_3_horse_3p_previous_3_6_9_west_green(module: types.ModuleType) -> None:
    """庄上：3、6、9万（或筒或条）、西、发"""
    assert pointing_at(module, 3, 2) == ranks(3, 6, 9) | {"3z", "6z"}


# ------------------------------------------------------------- 中马（两人场）


def test_rule_3_horse_2p_dealer_1_3_5_7_9_east_west_red_white(module: types.ModuleType) -> None:
    """庄家：1、3、5、7、9万（或筒或条）、东、西、中、白"""
    assert pointing_at(module, 2, 0) == ranks(1, 3, 5, 7, 9) | {"1z", "3z", "7z", "5z"}


def test_rule_3_horse_2p_opposite_2_4_6_8_south_north_green(module: types.ModuleType) -> None:
    """庄对：2、4、6、8万（或筒或条）、南、北、发 — at two players 庄对 is the seat after the
    dealer (`next`), the dealer's only opponent."""
    assert pointing_at(module, 2, 1) == ranks(2, 4, 6, 8) | {"2z", "4z", "6z"}


def test_convention_horse_2p_zhuangdui_is_written_next(rulebook: ir.Rulebook) -> None:
    (table,) = [t for t in rulebook.horses.tables if t.players == 2]
    other = next(r for r in table.rows if r.offset == 1)
    assert other.seat == "next"
    assert any(p.kind == "source" and p.text.startswith("庄对") for p in other.provenance)
    assert any(p.kind == "convention" for p in other.provenance)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_rule_3_horse_every_tile_points_at_a_seat(module: types.ModuleType, players: int) -> None:
    """The seed's three tables between them give every tile of the 136 to a seat."""
    table = module.HORSE_TABLES[players]
    assert all(table[tile_index(t)] != NOBODY for t in _all_tiles())
    assert {table[tile_index(t)] for t in _all_tiles()} == set(range(players))


def test_rule_1_horse_tables_for_each_player_count(module: types.ModuleType) -> None:
    """游戏人数：4人、3人、2人 — and a 中马 table for each."""
    assert sorted(module.HORSE_TABLES) == [2, 3, 4]


def test_rule_3_horse_tables_compile_without_warnings() -> None:
    assert load(NAME).compilation.diagnostics == []


@pytest.mark.parametrize(
    ("dealer", "tile", "seat"),
    [(0, "5m", 0), (1, "5p", 1), (2, "2s", 3), (3, "3z", 1), (3, "4z", 2), (1, "6z", 2)],
)
def test_rule_3_horse_seat_counts_from_the_dealer_4p(
    module: types.ModuleType, dealer: int, tile: str, seat: int
) -> None:
    """Seats are relative to the dealer: 庄下 of dealer 3 is seat 0 (turn order wraps)."""
    assert module.horse_seat(tile, 4, dealer) == seat


def test_rule_3_horse_seat_3p_previous_of_dealer_0_is_seat_2(module: types.ModuleType) -> None:
    assert module.horse_seat("9m", 3, 0) == 2
    assert module.horse_seat("6z", 3, 1) == 0


# ------------------------------------------------------------- 买马 / 罚马 / 奖马


def drawn(module: types.ModuleType, book: Ruleset, **given: str) -> list[tuple[str, int]]:
    options = book.resolve_options(given)
    return [(kind.kind, count) for kind, count in module.horses(options)]


def test_rule_4_no_horses_by_default(module: types.ModuleType, book: Ruleset) -> None:
    """买马 and 奖马 default to 无马 (a convention: the seed gives no default)."""
    assert drawn(module, book) == []


@pytest.mark.parametrize(("choice", "count"), [("1马", 1), ("2马", 2)])
def test_rule_4_bought_horses_x_per_player(
    module: types.ModuleType, book: Ruleset, choice: str, count: int
) -> None:
    """X马：勾选后，决定每局开局每位玩家要摸X张牌作为 买马牌"""
    assert drawn(module, book, 买马=choice) == [("bought", count)]
    kind: HorseKind = module.horses(book.resolve_options({"买马": choice}))[0][0]
    assert (kind.name, kind.drawn_by, kind.drawn_from) == ("买马", "each", "deal")


@pytest.mark.parametrize(("choice", "count"), [("罚1马", 1), ("罚2马", 2)])
def test_rule_3_penalty_horses_dealer_only(
    module: types.ModuleType, book: Ruleset, choice: str, count: int
) -> None:
    """罚X马即是仅庄家摸X张买马牌，算分同买马"""
    assert drawn(module, book, 买马=choice) == [("penalty", count)]
    kind: HorseKind = module.horses(book.resolve_options({"买马": choice}))[0][0]
    assert (kind.name, kind.drawn_by) == ("罚马", "dealer")


@pytest.mark.parametrize(("choice", "count"), [("买2马", 2), ("买5马", 5), ("买8马", 8)])
def test_rule_3_bonus_horses_2_5_8_from_the_end_of_the_wall(
    module: types.ModuleType, book: Ruleset, choice: str, count: int
) -> None:
    """奖马：胡牌者从牌墙最后翻开对应买奖马数的牌 / 奖马牌数：2、5、8张可选"""
    assert drawn(module, book, 奖马=choice) == [("bonus", count)]
    kind: HorseKind = module.horses(book.resolve_options({"奖马": choice}))[0][0]
    assert (kind.name, kind.drawn_by, kind.drawn_from) == ("奖马", "winner", "wall_end")


def test_rule_3_bought_and_bonus_horses_together(module: types.ModuleType, book: Ruleset) -> None:
    """买马 and 奖马 are separate option groups: both may be chosen."""
    assert drawn(module, book, 买马="2马", 奖马="买5马") == [("bought", 2), ("bonus", 5)]


def test_rule_3_bonus_horses_on_any_win(module: types.ModuleType, book: Ruleset) -> None:
    """仅胡牌者能中奖马: a win by discard draws them as a self-draw does."""
    options = book.resolve_options({"奖马": "买8马"})
    for self_drawn in (False, True):
        situation = Situation(winning_tile=0, self_drawn=self_drawn)
        assert [(k.kind, n) for k, n in module.horses(options, situation)] == [("bonus", 8)]


# ------------------------------------------------------------- the docs page


def test_rule_3_horse_tables_on_the_docs_page(rulebook: ir.Rulebook) -> None:
    page = generate_page(rulebook)
    horses = page[page.index("## Horses") : page.index("## Every fan in detail")]
    for players in (4, 3, 2):
        assert f"### {players} players" in horses
    assert "../tiles/7z.svg" in horses and "../tiles/9s.svg" in horses
    assert "庄家：1、5、9万（或筒或条）、中、东" in horses
    assert "**买马** (`bought`)" in horses and "**奖马** (`bonus`)" in horses
    assert "不中" not in horses  # every tile hits a seat
