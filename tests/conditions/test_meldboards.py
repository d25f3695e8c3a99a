"""Quantifiers relating melds by suit and rank compile to bit operations on the meld boards
(`mjc.compiler.conditions.meldboards`), quantifiers over lists of constants are unrolled or pruned
(`mjc.compiler.conditions.listquant`, `mjc.compiler.conditions.tilefields`), plain loops stand under
the summary bit they need (`mjc.compiler.conditions.loopguards`), and all score exactly as the plain
loops.

Each pattern is checked on the code it generates, and a hypothesis property scores random
arrangements with the module compiled twice, with the patterns and without them (every
quantifier a plain loop), and compares every fan's count."""

from __future__ import annotations

import types

import pytest
from hypothesis import given, settings, strategies as st
from small_rulebooks import STANDARD, fan_code, fan_module, opening

from mjc.compiler.loader import import_source
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.wins.arrange import Arrangement

_BASE = (
    opening("boards", "板", STANDARD + '\n  seven_pairs "七对"')
    + """
scoring {
  unit "番"
  tier within "普通" add
}
"""
)

# fan id -> its condition (`when`) or count (`per`), and what its code must read.
FANS: dict[str, tuple[str, str]] = {
    "shifted_chows": (
        "when any m in chows: all k in 1..2: any n in chows: n.suit == m.suit and n.rank =="
        " m.rank + k",
        "x_chow_board & (x_chow_board >> 4 & x_chow_board >> 8) != 0",
    ),
    "shifted_pungs": (
        "when any m in pungs: m.is_suited and (all k in 1..3: any n in pungs: n.suit == m.suit"
        " and n.rank == m.rank + k)",
        "SUITED_SLOTS",
    ),
    "step_two": (
        "when any m in chows: any k in 1..2: (any n in chows: n.suit == m.suit and n.rank =="
        " m.rank + k) and (any n in chows: n.suit == m.suit and n.rank == m.rank + 2 * k)",
        "(x_chow_board >> 4 & x_chow_board >> 8)",
    ),
    "below": (
        "when any m in chows: any n in chows: n.suit == m.suit and n.rank == m.rank - 2",
        "x_chow_board & x_chow_board << 8 != 0",
    ),
    "same_rank_in_three_suits": (
        "when any m in chows: m.suit == characters and (any n in chows: n.suit == dots and"
        " n.rank == m.rank) and (any n in chows: n.suit == bamboo and n.rank == m.rank)",
        "(x_chow_board >> 1 & EVERY_RANK) * 15",
    ),
    "next_rank_in_another_suit": (
        "when any m in pungs: m.suit == characters and (any n in pungs: n.suit == dots and"
        " n.rank == m.rank + 1)",
        "(x_pung_board >> 5 & EVERY_RANK) * 15",
    ),
    "straight": (
        "when any m in chows: m.rank == 1 and (any n in chows: n.suit == m.suit and n.rank == 4)"
        " and (any n in chows: n.suit == m.suit and n.rank == 7)",
        "(x_chow_board >> 16 & 15) * EVERY_RANK",
    ),
    "every_chow_by_a_pung": (
        "when all m in chows: any n in pungs: n.suit == m.suit and n.rank == m.rank + 1",
        "x_chow_board & ~(x_pung_board >> 4) == 0",
    ),
    "no_pung_above": (
        "when any m in pungs: m.rank == 3 and not (any n in pungs: n.suit == m.suit and n.rank =="
        " m.rank + 1)",
        "~(x_pung_board >> 4)",
    ),
    "double_pung": (
        "per count r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit =="
        " s and m.rank == r) == 2",
        "& ~(x_pung_board & x_pung_board >> 1 & x_pung_board >> 2) ) & 0x1111111110 ).bit_count()",
    ),
    "triple_pung": (
        "when any r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit == s"
        " and m.rank == r) == 3",
        "(x_pung_board & x_pung_board >> 1 & x_pung_board >> 2 & 0x1111111110) != 0",
    ),
    "one_suit_at_most": (
        "per count r in 2..8: (count s in [dots, bamboo]: any m in chows: m.suit == s and m.rank"
        " == r) <= 1",
        "(~(x_chow_board >> 1 & x_chow_board >> 2) & 0x111111100).bit_count()",
    ),
    "some_suit_at_each_low_rank": (
        "when all r in 1..2: 1 <= (count s in [characters, dots, bamboo]: any m in chows: m.suit"
        " == s and m.rank == r)",
        "((x_chow_board | x_chow_board >> 1 | x_chow_board >> 2) & 0x110) == 0x110",
    ),
    "no_rank_without_chows": (
        "when none r in 2..4: (count s in [characters, dots, bamboo]: any m in chows: m.suit == s"
        " and m.rank == r) == 0",
        "(~(x_chow_board | x_chow_board >> 1 | x_chow_board >> 2) & 0x11100) == 0",
    ),
    "ranks_not_of_two_suits": (
        "per count r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit =="
        " s and m.rank == r) != 2",
        "& 0x1111111110 ).bit_count()",
    ),
    "four_suits_never": (
        "per count r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit =="
        " s and m.rank == r) > 3",
        "f_four_suits_never = 0",
    ),
    "fives_in_two_suits": (
        "when any s in [characters, dots]: any m in pungs: m.suit == s and m.rank == 5",
        "x_pung_board >> 20 & 3 != 0",
    ),
    "terminal_chows_everywhere": (
        "when all s in [characters, dots, bamboo]: any m in chows: m.suit == s and m.rank == 1",
        "x_chow_board >> 4 & 7 == 7",
    ),
    "twin_chows": (
        "when any m in chows: (count c in chows: c.suit == m.suit and c.rank == m.rank) >= 2",
        "(x_chow_count + 0x666006660066600666006660066600666",  # 2 and more carry into bit 3
    ),
    "three_suits": (
        "when any a in chows: a.rank == 1 and (any b in chows: b.rank == 4 and b.suit != a.suit"
        " and (any c in chows: c.rank == 7 and c.suit != a.suit and c.suit != b.suit))",
        "DISTINCT_SLOTS_3[ x_chow_board >> 4 & 15 | (x_chow_board >> 16 & 15) << 4 |"
        " (x_chow_board >> 28 & 15) << 8 ]",
    ),
    "three_suits_one_rank": (
        "when any a in chows: any b in chows: b.rank == a.rank and b.suit != a.suit and (any c in"
        " chows: c.rank == a.rank and c.suit != a.suit and c.suit != b.suit)",
        "x_chow_board & x_chow_board >> 1 & x_chow_board >> 2 & EVERY_RANK != 0",
    ),
    "three_suits_stepping": (
        "when any a in chows: any b in chows: b.rank == a.rank + 1 and b.suit != a.suit and (any c"
        " in chows: c.rank == a.rank + 2 and c.suit != a.suit and c.suit != b.suit)",
        "DISTINCT_SLOTS_3[x_chow_board >> 4 & 4095] or DISTINCT_SLOTS_3[x_chow_board >> 8 & 4095]",
    ),
    "three_suited_pungs_stepping": (
        "when any a in pungs: a.is_suited and (any b in pungs: b.is_suited and b.rank == a.rank +"
        " 1 and b.suit != a.suit and (any c in pungs: c.is_suited and c.rank == a.rank + 2 and"
        " c.suit != a.suit and c.suit != b.suit))",
        "or DISTINCT_SLOTS_3[x_pung_board >> 28 & 1911] )",  # ranks 1 to 7, one lookup each
    ),
    "two_suits_two_apart": (
        "when any a in pungs: any b in pungs: b.suit != a.suit and b.rank == a.rank + 2",
        "DISTINCT_SLOTS_3[x_pung_board >> 28 & 15 | (x_pung_board >> 36 & 15) << 4 | 0xF00] )",
    ),
    "chow_and_pung_of_two_suits": (
        "when any a in chows: any b in pungs: b.rank == a.rank and b.suit != a.suit",
        "DISTINCT_SLOTS_3[x_chow_board >> 28 & 15 | (x_pung_board >> 28 & 15) << 4 | 0xF00] )",
    ),
    "no_two_suits_at_one_rank": (
        "when none a in chows: any b in chows: b.rank == a.rank and b.suit != a.suit",
        "not ( x_chow_board & x_chow_board >> 1 | x_chow_board & x_chow_board >> 2 | x_chow_board"
        " >> 1 & x_chow_board >> 2 ) & EVERY_RANK != 0",
    ),
    "rank_from_the_outer_tiles": (  # reads more of `a` than its rank: a loop over `a`, no table
        "when any a in chows: any b in pungs: b.suit != a.suit and b.rank == (count t in a.tiles:"
        " t.rank <= 2)",
        "& ~SUIT_BIT[v_a.suit] != 0 for v_a in x_chows",
    ),
    "two_differ_of_three": (  # c may share a's suit: not a chain of different suits
        "when any a in chows: any b in chows: b.rank == a.rank + 1 and b.suit != a.suit and (any c"
        " in chows: c.rank == a.rank + 2 and c.suit != b.suit)",
        "for v_b in x_chows",
    ),
    "pairs_of_chows": (
        "per count t in [1m, 2m, 5p, 7s]: (count m in chows: m.tile == t) == 2",
        "(x_chow_count ^ 0x",  # the count fields compared at once (`conditions/tilefields.py`)
    ),
    "chow_starts_missing": (  # K == 0: the fields themselves, no XOR
        "per count t in [1m, 4m, 7m, 2p]: (count m in chows: m.tile == t) == 0",
        "(x_chow_count & 0x",
    ),
    "single_pungs_with_honours": (
        "per count t in [1m, 9s, 1z, 7z]: (count m in pungs: m.tile == t) == 1",
        "(x_pung_count ^ 0x",
    ),
    "counted_once_per_item": (  # a body that reads no item: one test, times the items
        "per count x in [1, 2]: winning_tile == 1m",
        "2 * (1 if x_winning_tile == T1m else 0)",
    ),
    "none_of_a_list_by_a_flag": (
        "when none x in [1, 2, 3]: winning_tile == 9m",
        "not x_winning_tile == T9m",
    ),
    "exposed_chows_below_the_winning_tile": (  # the loop under its local part's bit
        "per count m in melds: m.exposed and m.is_chow and m.rank < winning_tile.rank",
        "if (x_meld_any >>",
    ),
    "a_tile_listed_twice": (  # its field would count once: the loop
        "per count t in [1m, 1m, 2m]: (count m in chows: m.tile == t) == 1",
        "for v_t in",
    ),
    "short_straights": (
        "per count m in chows: any n in chows: n.suit == m.suit and n.rank == m.rank + 3",
        "f_short_straights = (x_chow_count & (x_chow_held >> 60) * 7) % 15",
    ),
    "winning_kong": (
        "when none m in kongs: m.tile == winning_tile",
        "x_kong_board >> TILE_SLOT[x_winning_tile] & 1 == 0",
    ),
    "honour_pungs_in_a_row": (
        "when any m in pungs: any n in pungs: n.suit == m.suit and n.rank == m.rank + 1",
        "x_pung_board & x_pung_board >> 4 != 0",
    ),
    "chows_in_the_pair_suit": (
        "when all m in chows: m.suit == pair.suit",
        "x_chow_board & ~(SUIT_BIT[x_pair.suit] * EVERY_RANK) == 0",
    ),
    "terminal_chows_off_the_pair_suit": (
        "when all m in chows: m.suit != pair.suit and (m.rank == 1 or m.rank == 7)",
        "~(SUIT_BIT[x_pair.suit] * EVERY_RANK)",
    ),
    "pung_at_the_pair_rank": (
        "when any m in pungs: m.rank == pair.rank and m.suit != pair.suit and (any n in pungs:"
        " n.suit == m.suit and n.rank == m.rank + 1)",
        "15 << 4 * x_pair.rank",
    ),
    "every_suit_held": (
        "when all s in [characters, dots, bamboo]: any t in tiles: t.suit == s",
        "(x_tile_any >> 0 & 1) and (x_tile_any >> 1 & 1) and (x_tile_any >> 2 & 1)",
    ),
    "held_four": (
        "per count t in [1m, 2m, 3m, 4m, 5m, 1z]: copies(t) == 4 and (none m in kongs: m.tile =="
        " t)",
        "| x_kong_count ) ) ).bit_count() if x_tile_copies & 0x40000400004000040400400000 else 0"
        " ) if len(x_tiles) < 16 or len(set(x_tiles)) > len(x_tiles) - 15 else sum(",
    ),
    "a_listed_tile_held": (
        "when any t in [1m, 9m, 1p, 9p, 1s, 9s, 1z]: copies(t) >= 2 and t != winning_tile",
        "for v_t in x_tile_kinds_",
    ),
    # Bodies about the meld's key: one mask over the count fields
    # (`compiler/conditions/keyfields.py`).
    "triple_chows_of_a_key": (
        "when any m in chows: (count c in chows: c.suit == m.suit and c.rank == m.rank) == 3",
        "x_chow_count & x_chow_count >> 1 & 0x",
    ),
    "two_chows_of_one_tile": (  # `c.tile == m.tile`: the same key (一盃口)
        "when any m in chows: (count c in chows: c.tile == m.tile) >= 2",
        "(x_chow_count + 0x",
    ),
    "every_chow_twice": (  # (二盃口)
        "when all m in chows: (count c in chows: c.tile == m.tile) >= 2",
        "x_chow_count & ~(((x_chow_count + 0x",
    ),
    "no_key_twice": (
        "when all m in pungs: (count c in pungs: c.suit == m.suit and c.rank == m.rank) <= 1",
        "x_pung_count & ~(",
    ),
    "chows_below_one_pung": (  # another board, a rank above: the count board shifted
        "per count m in chows: (count n in pungs: n.suit == m.suit and n.rank == m.rank + 1) == 1",
        "x_pung_count >> 20",
    ),
    "chows_that_combine": (  # a limit's count: counts, neighbours, other suits at the rank
        "per count m in chows: (count n in chows: n.suit == m.suit and n.rank == m.rank) >= 2 or"
        " (any n in chows: n.suit == m.suit and (n.rank == m.rank + 3 or n.rank + 3 == m.rank or"
        " n.rank * m.rank == 7)) or (any n in chows: n.suit != m.suit and n.rank == m.rank)",
        "x_chow_held << 120 | x_chow_held << 60 | x_chow_held >> 60 | x_chow_held >> 120",
    ),
    "pungs_by_a_chow_of_another_suit": (  # another board and another rank: suits less the own
        "per count m in pungs: any n in chows: n.suit != m.suit and n.rank == m.rank - 1",
        "- x_chow_held",
    ),
    "pungs_at_a_chow_rank": (
        "per count m in pungs: any n in chows: n.rank == m.rank and m.rank * 2 != 8",
        ") % 15",
    ),
    "low_or_honour_pungs_alone": (  # own key tests decided at compile time
        "per count m in pungs: (m.is_honour or m.rank <= 2) and not (any n in pungs: n.suit =="
        " m.suit and n.rank == m.rank + 1)",
        "x_pung_held >> 20",
    ),
    "lone_pungs_in_the_pair_suit": (
        "per count m in pungs: m.suit == pair.suit and (count n in pungs: n.suit == m.suit and"
        " n.rank == m.rank) == 1",
        "COUNT_SHIFT[x_pair.suit]",
    ),
    "no_pung_by_a_kong_at_five": (
        "when none m in pungs: m.rank == 5 and (count n in kongs: n.suit == m.suit and n.rank =="
        " m.rank) == 0",
        "== 0",
    ),
    # Lookups and suit tests over a list of suits: one suit-set (`compiler/conditions/suitsets.py`).
    "terminal_chows_by_suit": (
        "per count s in [characters, dots, bamboo]: (any m in chows: m.suit == s and m.rank == 1)"
        " and (any m in chows: m.suit == s and m.rank == 7)",
        "((x_chow_board >> 4 & x_chow_board >> 28) & 7).bit_count()",
    ),
    "low_chows_off_the_pair_suit": (
        "when all s in [characters, dots, bamboo]: s == pair.suit or (any m in chows: m.suit == s"
        " and m.rank == 1)",
        "(SUIT_BIT[x_pair.suit] | x_chow_board >> 4) & 7 == 7",
    ),
    "a_suit_without_fives": (
        "when any s in [dots, bamboo]: not (any m in pungs: m.suit == s and m.rank == 5) and s !="
        " pair.suit",
        "& 6 != 0",
    ),
    # Chains of different suits at the outer rank: the suit planes
    # (`compiler/conditions/suitchains.py`).
    "three_pung_suits_one_rank": (
        "when any a in pungs: any b in pungs: b.rank == a.rank and b.suit != a.suit and (any c in"
        " pungs: c.rank == a.rank and c.suit != a.suit and c.suit != b.suit)",
        "x_pung_board >> 1 & x_pung_board >> 2 & x_pung_board >> 3",
    ),
    "standard_only": (
        "when shape == standard and (any m in chows: any n in chows: n.suit == m.suit and n.rank"
        " == m.rank + 6)",
        "x_chow_board & x_chow_board >> 24 != 0",
    ),
    "standard_too": (
        "when shape == standard and (count m in pungs: m.suit == pair.suit and m.rank == pair.rank)"
        " == 0",
        "COUNT_SHIFT[x_pair.suit]",
    ),
}


LOWERED = fan_module(_BASE, FANS, "boards.mjr")
PLAIN = fan_module(_BASE, FANS, "boards.mjr", lowered=False)


def _code_of(source: str, fan_id: str) -> str:
    return fan_code(source, fan_id, "boards.mjr")


@pytest.mark.parametrize("fan_id", sorted(FANS))
def test_each_pattern_compiles_to_its_board_expression(fan_id: str) -> None:
    code = _code_of(LOWERED, fan_id)
    wanted = FANS[fan_id][1]
    # Read without the layout, which depends on how deep the fan sits (under need blocks).
    assert "".join(wanted.split()) in "".join(code.split()), code


@pytest.mark.parametrize(
    "fan_id", sorted(set(FANS) - {"held_four", "a_listed_tile_held", "a_tile_listed_twice",
                                  "exposed_chows_below_the_winning_tile",
                                  "two_differ_of_three", "rank_from_the_outer_tiles"})
)  # fmt: skip
def test_a_matched_pattern_writes_no_loop(fan_id: str) -> None:
    assert " for v_" not in _code_of(LOWERED, fan_id)


def test_the_plain_form_loops_where_the_board_form_shifts() -> None:
    code = _code_of(PLAIN, "shifted_chows")
    assert "for v_n in x_chows" in code and "x_chow_board" not in code


def test_each_fan_says_its_group_and_how_it_compiled() -> None:
    code = _code_of(LOWERED, "shifted_chows")
    assert "# group: chows by suit and rank (compiled to bit operations on the chow boards)" in code
    assert "# group: pungs and kongs by suit and rank" in _code_of(LOWERED, "double_pung")


def test_fans_under_one_shape_test_are_skipped_together_on_another_shape() -> None:
    lines = LOWERED.splitlines()
    test = next(i for i, line in enumerate(lines) if line.strip() == "if x_shape == 'standard':")
    # The two fans that start with the test follow it (under need blocks of their own), their
    # conditions without it; its else, at its own depth, sets them to 0.
    indent = lines[test][: len(lines[test]) - len(lines[test].lstrip())]
    end = lines.index(f"{indent}else:", test)
    block = "\n".join(lines[test:end])
    assert "f_standard_only = " in block and "f_standard_too = " in block
    assert "x_shape" not in block.split("\n", 1)[1]
    assert "f_standard_only = False" in [line.strip() for line in lines[end : end + 3]]


def _module(source: str, name: str) -> types.ModuleType:
    return import_source(source, name, f"{name}.py")


_LOWERED_MODULE = _module(LOWERED, "mjc_boards_lowered")
_PLAIN_MODULE = _module(PLAIN, "mjc_boards_plain")

_SUITED = [t for t in range(27) if t % 9 <= 6]  # where a chow may start
_Set = tuple[str, int, bool]
_SET = st.one_of(
    st.tuples(st.just("chow"), st.sampled_from(_SUITED), st.booleans()),
    st.tuples(st.sampled_from(["pung", "kong"]), st.integers(0, 33), st.booleans()),
    # Sets of one suit, so that melds a rank or two apart (what the patterns ask) are common.
    st.tuples(st.just("chow"), st.integers(0, 6), st.booleans()),
    st.tuples(st.sampled_from(["pung", "kong"]), st.integers(0, 8), st.booleans()),
)


def _chain(
    step: int, base: int, suits: list[int], kinds: list[str], broken: bool, more: list[_Set]
) -> list[_Set]:
    """Sets of three suits at ranks base, base + step, base + 2 * step (三色: one rank,
    stepping, 1-4-7), the last in the first's suit when `broken` (a near miss)."""
    if broken:
        suits = [*suits[:2], suits[0]]
    chain = [(kind, 9 * suit + base + i * step, True) for i, (suit, kind) in
             enumerate(zip(suits, kinds, strict=True))]  # fmt: skip
    return (chain + more)[:4]


_SETS = st.one_of(
    st.lists(_SET, min_size=0, max_size=4),
    st.sampled_from([0, 1, 3]).flatmap(
        lambda step: st.builds(
            _chain,
            st.just(step),
            st.integers(0, 6 - 2 * step),  # the last chow starts at rank 7 at most
            st.permutations([0, 1, 2]),
            st.lists(st.sampled_from(["chow", "pung"]), min_size=3, max_size=3),
            st.booleans(),
            st.lists(_SET, max_size=1),
        )
    ),
)


@settings(max_examples=400, deadline=None)
@given(
    sets=_SETS,
    pair=st.integers(0, 33),
    shape=st.sampled_from(["standard", "seven_pairs"]),
    winning=st.integers(-1, 33),
)
def test_board_form_scores_as_the_plain_loops_on_random_arrangements(
    sets: list[tuple[str, int, bool]], pair: int, shape: str, winning: int
) -> None:
    melds: tuple[Meld, ...] = tuple(meld(kind, tile, concealed) for kind, tile, concealed in sets)
    pair_meld = meld("pair", pair, True)
    tiles = tuple(sorted(t for m in (*melds, pair_meld) for t in m.tiles))
    a = Arrangement(shape, melds, (pair_meld,), tiles, True, pair_meld)
    s = Situation(winning_tile=winning)
    raw_lowered: list[int] = []
    raw_plain: list[int] = []
    assert _LOWERED_MODULE.score_fans(a, s, {}, raw_lowered) == _PLAIN_MODULE.score_fans(
        a, s, {}, raw_plain
    )
    assert raw_lowered == raw_plain
