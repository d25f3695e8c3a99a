"""Quantifier forms that read the one-pass summary and its count boards instead of looping:
copies of listed tiles (`mjc.compiler.conditions.tilefields`), a range whose bodies are summary bits
(`mjc.compiler.conditions.loopguards`), a count that compares its meld with one meld (`mjc.compiler.
meldequal`), and counts that test the set's tile against a situation tile (`mjc.compiler.
meldcounts`); and the meld boards folded into the summary (`mjc.runtime.wins.summaries`).

Each form is checked on the code it generates, and a hypothesis property scores random
arrangements (up to four kongs: past the copies' 15, seven pairs too, any winning meld and
winds) with the module compiled with the forms and without them (every quantifier a plain
loop), and compares every fan's count."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings, strategies as st
from small_rulebooks import STANDARD, fan_code, fan_module, opening

from mjc.compiler.loader import import_source
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.wins.arrange import Arrangement

_BASE = (
    opening("forms", "式", STANDARD + '\n  seven_pairs "七对"')
    + """
scoring {
  unit "番"
  tier within "普通" add
}
"""
)

# fan id -> its condition (`when`) or count (`per`), and what its code must read.
FANS: dict[str, tuple[str, str]] = {
    "held_four": (
        "per count t in [1m, 2m, 3m, 9m, 1z, 7z]: copies(t) == 4 and (none m in kongs: m.tile =="
        " t)",
        "(x_tile_copies ^ 0x",
    ),
    "held_two_not_as_pung": (
        "per count t in [2m, 5p, 8s, 3z]: copies(t) != 2 and (count m in pungs: m.tile == t) == 1",
        "& ( ((x_tile_copies ^ 0x2",
    ),
    "some_listed_pair": (
        "when any t in [1m, 9m, 1p, 9p, 1s, 9s]: copies(t) == 2",
        "!= 0 if len(x_tiles) < 16",
    ),
    "every_listed_held": (
        "when all t in [4m, 5m, 6m]: copies(t) != 0",
        "== 0x",
    ),
    "no_listed_kong_held": (
        "when none t in [1z, 2z, 3z, 4z, 5z]: any m in kongs: m.tile == t",
        "== 0",
    ),
    "every_middle_rank": (
        "when all r in 2..8: (count t in tiles: t.rank == r) >= 1",
        "x_tile_any & 0x",
    ),
    # 五门齐: every suit, a wind and a dragon held, one test of five bits of the tile summary.
    "every_kind_of_tile": (
        "when (all s in [characters, dots, bamboo]: any t in tiles: t.suit == s) and (any t in "
        "tiles: t.is_wind) and (any t in tiles: t.is_dragon)",
        "True if (x_tile_any & 0x",
    ),
    "ranks_missing": (
        "per count r in 1..9: (count t in tiles: t.rank == r) == 0",
        "9 - (x_tile_any & 0x",
    ),
    "some_rank_of_pungs": (
        "when any r in 1..3: any m in pungs: m.rank == r",
        "x_meld_any & 0x",
    ),
    "either_property_of_every_tile": (  # one test of two bits, not a test of each
        "when (all t in tiles: t.is_simple) or (all t in tiles: t.is_honour)",
        "True if (x_tile_all & 0x",
    ),
    "no_rank_all_honour": (
        "when none r in 5..6: all t in tiles: t.rank == r",
        "x_tile_all & 0x",
    ),
    "concealed_but_won": (
        "per count m in pungs: m.concealed and not (m == winning_meld and not self_drawn)",
        "x_melds.count(x_winning_meld) if x_winning_meld.is_pung and x_winning_meld.concealed",
    ),
    "other_than_the_pair": (
        "per count m in melds: m != pair and m.is_chow",
        "x_melds.count(x_pair)",
    ),
    "a_pair_or_a_kong": (  # X an enclosing variable: written in place, not once per call
        "when any p in pairs: (count m in melds: m == p or m.is_kong) >= 1",
        "x_melds.count(v_p)",
    ),
    "exposed_holding": (
        "per count m in melds: m.exposed and m.is_chow and winning_tile in m.tiles",
        "x_holding_",
    ),
    "exposed_of_the_tile": (
        "per count m in melds: m.exposed and m.is_pung and m.tile == winning_tile",
        "x_by_tile_",
    ),
    "a_concealed_pung_of_the_winning_tile": (
        "when any m in pungs: m.concealed and m.tile == winning_tile",
        "& 15 != 0",
    ),
    "terminal_or_lone_wind": (
        "per count m in pungs: m.is_terminal or m.is_wind and m.tile != seat_wind and m.tile !="
        " round_wind and (count n in pungs: n.is_wind) < 3",
        "if x_round_wind != x_seat_wind else 0",
    ),
    "not_of_one_tile": (
        "per count m in chows: m.concealed and m.tile != winning_tile",
        "x_by_tile_",
    ),
}


_ONCE_PER_CALL = {"concealed_but_won", "other_than_the_pair"}


LOWERED = fan_module(_BASE, FANS, "forms.mjr")
PLAIN = fan_module(_BASE, FANS, "forms.mjr", lowered=False)


def _code_of(source: str, fan_id: str) -> str:
    return fan_code(source, fan_id, "forms.mjr")


@pytest.mark.parametrize("fan_id", sorted(FANS))
def test_each_form_compiles_to_its_summary_expression(fan_id: str) -> None:
    code = _code_of(LOWERED, fan_id)
    wanted = FANS[fan_id][1]
    if fan_id in _ONCE_PER_CALL:  # computed at the top of the function, read by the fan
        assert "x_counted_" in code, code
        code = LOWERED
    assert wanted in " ".join(line.strip() for line in code.splitlines()), code


_COPIES = {"held_four", "held_two_not_as_pung", "some_listed_pair", "every_listed_held"}


@pytest.mark.parametrize("fan_id", sorted(set(FANS) - _COPIES))
def test_a_matched_form_writes_no_loop(fan_id: str) -> None:
    code = _code_of(LOWERED, fan_id)
    if fan_id == "a_pair_or_a_kong":  # the loop over the pairs stays; none over the melds
        code = code.replace("for v_p in a.pairs", "")
    assert " for v_" not in code


@pytest.mark.parametrize("fan_id", sorted(_COPIES))
def test_copies_loop_only_where_a_kind_could_fill_sixteen(fan_id: str) -> None:
    code = " ".join(line.strip() for line in _code_of(LOWERED, fan_id).splitlines())
    assert "if len(x_tiles) < 16 or len(set(x_tiles)) > len(x_tiles) - 15 else" in code
    said = "(a plain loop if 16 copies of a kind could be held)"
    assert said in code.replace(" # ", " ")  # a wrapped comment


def test_each_fan_says_how_it_compiled() -> None:
    assert "(compiled to bit operations on the meld boards)" in _code_of(LOWERED, "exposed_holding")
    assert "(bits of the tile and meld summaries)" in _code_of(LOWERED, "every_middle_rank")


def test_the_plain_forms_loop() -> None:
    assert "for v_m in" in _code_of(PLAIN, "concealed_but_won")
    assert "meld_boards(" not in LOWERED  # the boards come from the summary's one pass


_LOWERED_MODULE = import_source(LOWERED, "mjc_forms_lowered", "mjc_forms_lowered.py")
_PLAIN_MODULE = import_source(PLAIN, "mjc_forms_plain", "mjc_forms_plain.py")

_SUITED = [t for t in range(27) if t % 9 <= 6]  # where a chow may start
_SET = st.one_of(
    st.tuples(st.just("chow"), st.sampled_from(_SUITED), st.booleans()),
    st.tuples(st.sampled_from(["pung", "kong"]), st.integers(0, 33), st.booleans()),
    # Few tiles, so that copies of four, kongs of one tile and winds of the seat are common.
    st.tuples(st.sampled_from(["pung", "kong"]), st.sampled_from([0, 1, 27, 28]), st.booleans()),
    st.tuples(st.just("chow"), st.sampled_from([0, 1]), st.booleans()),
)
_WIND = st.sampled_from([27, 28, 29, 30])


@settings(max_examples=500, deadline=None)
@example(  # sixteen copies of 1m: a field of copies would spill into 1p's
    sets=[("kong", 0, True)] * 4, pairs=[9], shape="standard", winning=9, won=-1,
    self_drawn=False, seat=27, round_wind=27,
)  # fmt: skip
@given(
    sets=st.lists(_SET, max_size=4),
    pairs=st.lists(st.sampled_from([0, 1, 2, 8, 13, 27, 28, 31]), min_size=1, max_size=7),
    shape=st.sampled_from(["standard", "seven_pairs"]),
    winning=st.integers(-1, 33),
    won=st.integers(-1, 11),
    self_drawn=st.booleans(),
    seat=_WIND,
    round_wind=_WIND,
)
def test_forms_score_as_the_plain_loops_on_random_arrangements(
    sets: list[tuple[str, int, bool]],
    pairs: list[int],
    shape: str,
    winning: int,
    won: int,
    self_drawn: bool,
    seat: int,
    round_wind: int,
) -> None:
    melds: tuple[Meld, ...] = tuple(meld(kind, tile, concealed) for kind, tile, concealed in sets)
    pair_melds = tuple(meld("pair", t, True) for t in pairs)
    tiles = tuple(sorted(t for m in (*melds, *pair_melds) for t in m.tiles))
    every = (*melds, *pair_melds)
    won_meld = every[won] if 0 <= won < len(every) else None
    a = Arrangement(shape, melds, pair_melds, tiles, True, pair_melds[0], won=won_meld)
    s = Situation(winning_tile=winning, self_drawn=self_drawn, seat_wind=seat,
                  round_wind=round_wind)  # fmt: skip
    raw_lowered: list[int] = []
    raw_plain: list[int] = []
    assert _LOWERED_MODULE.score_fans(a, s, {}, raw_lowered) == _PLAIN_MODULE.score_fans(
        a, s, {}, raw_plain
    )
    assert raw_lowered == raw_plain
