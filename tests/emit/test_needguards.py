"""Need guards and shared loops (issue 13, deliverable 4): fans whose conditions need the
same thing (a chow, a pung, a kong, an honour, a situation flag) are written under one test
of it, and a looping quantifier several fans compute is computed once. Each guard form is
checked on the condition it is read off; the whole MCR module compiled with guards and shared
loops must score random arrangements exactly as the module compiled without them.
"""

from __future__ import annotations

import re
import types
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from mjc.compiler.driver import compile_file, compile_source
from mjc.compiler.emit import codeplan, needguards
from mjc.compiler.emit.codegen import checked_module
from mjc.compiler.emit.slotreader import SlotReader
from mjc.compiler.ir.pretty import pretty
from mjc.compiler.loader import import_source
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.melds import Meld, meld
from mjc.runtime.wins.arrange import Arrangement

from ..conditions.test_meldboards import _BASE, _SETS

# fan id -> its condition, and the need test read off it (None: no need).
CASES: dict[str, tuple[str, str | None]] = {
    "any_chow": ("any m in chows: m.rank == 1", "len(chows) > 0"),
    "counted_pungs": ("(count m in pungs: m.is_wind) >= 2", "len(pungs) > 0"),
    "counted_exactly": ("(count m in chows: m.rank == 7) == 2", "len(chows) > 0"),
    "counted_mirrored": ("1 <= (count m in pungs: m.is_dragon)", "len(pungs) > 0"),
    "counted_above_zero": ("(count m in chows: m.rank == 7) > 0", "len(chows) > 0"),
    "kongs_by_length": ("len(kongs) == 3", "len(kongs) > 0"),
    "pair_of_dragons": ("pair.is_dragon and suits(tiles) == 0", "any t in tiles: t.is_honour"),
    "a_flag": ("last_tile and self_drawn", "last_tile"),
    "every_tile_simple": ("all t in tiles: t.is_simple", "all t in tiles: t.is_simple"),
    "a_later_conjunct": ("suits(tiles) == 1 and (any m in pungs: m.rank == 9)", "len(pungs) > 0"),
    # Over other items, what the items' condition needs.
    "any_suit_with_a_pung": (
        "any s in [characters, dots, bamboo]: any m in pungs: m.suit == s",
        "len(pungs) > 0",
    ),
    "suits_counted_by_chows": (
        "(count s in [characters, dots, bamboo]: any m in chows: m.suit == s) == 2",
        "len(chows) > 0",
    ),
    # A count that may be zero needs nothing; nor does a test on all melds.
    "zero_allowed": ("(count m in pungs: m.is_wind) == 0", None),
    "at_most": ("(count m in chows: m.rank == 1) <= 2", None),
    "every_meld": ("all m in melds: m.is_pung", None),
    "either": ("(any m in chows: m.rank == 1) or self_drawn", None),
    "every_suit": ("all s in [characters, dots, bamboo]: any m in chows: m.suit == s", None),
    "suits_none_or_more": (
        "(count s in [characters, dots, bamboo]: any m in chows: m.suit == s) >= 0",
        None,
    ),
    "a_number_in_a_range": ("3 in 1..4", None),
    "mirrored_below": ("2 > (count m in chows: m.rank == 1)", None),
}


def _conditions() -> dict[str, object]:
    fans = "".join(
        f'\nfan {fan_id} "{fan_id}" {{\n  value 1\n  when {text}\n}}\n'
        for fan_id, (text, _) in CASES.items()
    )
    compilation = compile_source(_BASE + fans, "needs.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    slots = SlotReader()
    return {fan.id: slots.held(fan).when for fan in compilation.rulebook.fans}


_CONDITIONS = _conditions()

# A condition over melds -> how many of them its need asks for at the least.
LEAST: dict[str, int] = {
    "any m in chows: m.rank == 1": 1,
    "(count m in pungs: m.is_wind) >= 2": 2,
    "(count m in pungs: m.is_wind) == 3": 3,
    "(count m in chows: m.rank == 7) > 1": 2,
    "len(kongs) == 3": 3,
    "2 <= (count m in chows: m.rank == 1)": 2,
    # Nested items told apart from every item around them are further melds.
    "any a in chows: any b in chows: b.rank == a.rank and b.suit != a.suit and (any c in "
    "chows: c.rank == a.rank and c.suit != a.suit and c.suit != b.suit)": 3,
    "any a in pungs: any b in pungs: b.suit == a.suit and b.rank == a.rank + 1": 2,
    "any a in pungs: any b in pungs: a.rank - 2 == b.rank": 2,
    # Not told apart (the same meld may be both), or told apart from one item only.
    "any a in chows: any b in chows: b.suit == a.suit": 1,
    "any a in chows: any b in chows: b.rank == a.rank + 0": 1,
    "any a in chows: any b in chows: b.suit != a.suit and (any c in chows: c.suit != a.suit)": 2,
    # A count inside an item's condition is a fact of the hand.
    "any m in chows: (count c in chows: c.suit == m.suit and c.rank == m.rank) == 4": 4,
    "suits(tiles) == 1 and (count m in pungs: m.is_wind) == 2 and len(pungs) == 4": 4,
    # One item per number of a range without 0, each pinned to its own rank (一色四节高).
    "any m in pungs: m.is_suited and (all k in 1..3: any n in pungs: n.suit == m.suit and "
    "n.rank == m.rank + k)": 4,
    # Either way as many (一色四步高): the fewer of the two.
    "any m in chows: (all k in 1..3: any n in chows: n.suit == m.suit and n.rank == m.rank + k) "
    "or (all k in 1..3: any n in chows: n.suit == m.suit and n.rank == m.rank + 2 * k)": 4,
    "any m in chows: (all k in 1..3: any n in chows: n.rank == m.rank + k) or m.rank == 1": 1,
    # Sibling items pinned apart: by two multiples of a number never 0 (一色三步高), by two
    # ranks (清龙), at the top of the condition too (老少副).
    "any m in chows: any k in 1..2: (any n in chows: n.suit == m.suit and n.rank == m.rank + k) "
    "and (any n in chows: n.suit == m.suit and n.rank == m.rank + 2 * k)": 3,
    "any m in chows: m.rank == 1 and (any n in chows: n.suit == m.suit and n.rank == 4) and "
    "(any n in chows: n.suit == m.suit and n.rank == 7)": 3,
    "(any m in chows: m.rank == 1) and (any m in chows: m.rank == 7)": 2,
    # A value counted, each with a meld of its own (三同刻).
    "any r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit == s and "
    "m.rank == r) == 3": 3,
    # Not apart: a range with 0, a number not spreading the items, siblings not pinned apart,
    # a count of values whose melds may be one.
    "any m in chows: all k in 0..2: any n in chows: n.rank == m.rank + k": 1,
    "any m in pungs: all k in 1..3: any n in pungs: n.suit == m.suit": 1,
    "any m in chows: any k in 1..2: (any n in chows: n.rank == m.rank + k) and "
    "(any n in chows: n.rank == m.rank + k)": 2,
    "(any m in chows: m.rank == 1) and (any n in chows: n.is_suited)": 1,
    "(count r in 1..9: any m in pungs: m.is_wind) == 2": 1,
}


def _least_conditions() -> dict[str, object]:
    fans = "".join(
        f'\nfan least_{i} "least_{i}" {{\n  value 1\n  when {text}\n}}\n'
        for i, text in enumerate(LEAST)
    )
    compilation = compile_source(_BASE + fans, "least.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    slots = SlotReader()
    fans_ = compilation.rulebook.fans
    return {text: slots.held(fan).when for text, fan in zip(LEAST, fans_, strict=True)}


_LEAST = _least_conditions()


@pytest.mark.parametrize("text", sorted(LEAST))
def test_a_need_of_melds_counts_the_distinct_melds_the_condition_asks_for(text: str) -> None:
    need = needguards.need_of(_LEAST[text])  # type: ignore[arg-type]
    assert need is not None and need.least == LEAST[text]
    more = needguards.more(need)
    wanted = "len({}) > 0" if need.least == 1 else f"len({{}}) >= {need.least}"
    assert pretty(more.guard) == wanted.format(need.key)


# per count -> the need test read off it (None: no need).
COUNTS: dict[str, str | None] = {
    "count m in pungs: m.is_terminal": "len(pungs) > 0",
    "(count m in chows: m.rank == 1) - (count x in [1]: self_drawn)": "len(chows) > 0",
    "count t in tiles: t.is_honour": None,
    "count r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit == s and "
    "m.rank == r) == 2": "len(pungs) > 0",
    "(count m in chows: m.rank == 1) - 1": None,
}


def _counts() -> dict[str, object]:
    fans = "".join(
        f'\nfan count_{i} "count_{i}" {{\n  value 1\n  per {text}\n}}\n'
        for i, text in enumerate(COUNTS)
    )
    compilation = compile_source(_BASE + fans, "counts.mjr")
    assert compilation.ok, [d.message for d in compilation.diagnostics]
    assert compilation.rulebook is not None
    slots = SlotReader()
    fans_ = compilation.rulebook.fans
    return {text: slots.held(fan).number for text, fan in zip(COUNTS, fans_, strict=True)}


_COUNTS = _counts()


@pytest.mark.parametrize("text", sorted(COUNTS))
def test_a_count_over_melds_needs_them(text: str) -> None:
    need = needguards.need_of_count(_COUNTS[text])  # type: ignore[arg-type]
    assert (None if need is None else pretty(need.guard)) == COUNTS[text]


# per count -> how many melds it needs at the least to be above 0.
COUNT_LEAST: dict[str, int] = {
    "count m in pungs: m.is_terminal": 1,
    "count r in 1..9: (count s in [characters, dots, bamboo]: any m in pungs: m.suit == s and "
    "m.rank == r) == 2": 2,
}


def test_a_count_over_melds_needs_as_many_as_an_item_asks_for() -> None:
    for text, least in COUNT_LEAST.items():
        need = needguards.need_of_count(_COUNTS[text])  # type: ignore[arg-type]
        assert need is not None and need.least == least, text
    # 连六: each chow counted needs another, three ranks up.
    compilation = compile_file(_MCR)
    assert compilation.rulebook is not None
    fans = {fan.id: fan for fan in compilation.rulebook.fans}
    per = SlotReader().held(fans["short_straight"]).number
    need = needguards.need_of_count(per)
    assert need is not None and (need.key, need.least) == ("chows", 2)


@pytest.mark.parametrize("fan_id", sorted(CASES))
def test_the_need_is_read_off_one_conjunct_of_the_condition(fan_id: str) -> None:
    condition = _CONDITIONS[fan_id]
    need = needguards.need_of(condition)  # type: ignore[arg-type]
    wanted = CASES[fan_id][1]
    assert (None if need is None else pretty(need.guard)) == wanted


_MCR = Path(__file__).resolve().parents[2] / "rulebooks" / "mcr.mjr"


def _mcr_source(guarded: bool) -> str:
    compilation = compile_file(_MCR)
    assert compilation.rulebook is not None
    if guarded:
        source, problem = checked_module(compilation.rulebook)
    else:  # no need blocks, every loop where each fan reads it
        with (
            mock.patch.object(needguards, "need_of", lambda condition: None),
            mock.patch.object(needguards, "need_of_count", lambda per: None),
            mock.patch.object(codeplan, "shared_loops", lambda counting: frozenset()),
        ):
            source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source


GUARDED = _mcr_source(True)
PLAIN = _mcr_source(False)


def test_fans_of_one_need_are_written_under_one_test_of_it() -> None:
    lines = [line.strip() for line in GUARDED.splitlines()]
    heading = lines.index("# Fans that need a chow: none of them counts without.")
    test = lines[heading + 1]
    assert test == "if x_len_chows > 0:"
    assert "none of them counts without." not in PLAIN


def test_a_length_several_tests_read_is_taken_out_of_the_meld_summary_once() -> None:
    lines = [line.strip() for line in GUARDED.splitlines()]
    for fact in ("chows", "pungs", "kongs"):
        taken = [line for line in lines if line.startswith(f"x_len_{fact} = ")]
        assert len(taken) == 1 and re.fullmatch(
            r"x_len_\w+ = \(x_meld_count >> \d+ & 7\)", taken[0]
        )
    assert sum(line.startswith("if x_len_chows ") for line in lines) >= 4


def _score_fans_lines() -> list[str]:
    """The lines of GUARDED's score_fans (tables read by key come before it)."""
    lines = [line.strip() for line in GUARDED.splitlines()]
    return lines[lines.index("def score_fans(") :]


def test_fans_needing_more_melds_are_written_under_one_test_of_as_many() -> None:
    lines = _score_fans_lines()
    heading = lines.index("# Fans that need two chows: none of them counts without.")
    assert lines[heading + 1] == "if x_len_chows >= 2:"
    assert "# Fans that need three chows: none of them counts without." in lines
    assert "# Fans that need four pungs or kongs: none of them counts without." in lines
    # Inside the block of one chow: the test of two comes after the test of one.
    assert lines[heading - 2 : heading] == [
        "# Fans that need a chow: none of them counts without.",
        "if x_len_chows > 0:",
    ]


def test_a_fan_alone_needing_more_melds_than_it_counts_is_written_under_the_test_of_as_many() -> (
    None
):
    lines = [line.strip() for line in GUARDED.splitlines()]
    title = next(i for i, line in enumerate(lines) if "four_pure_shifted_chows (" in line)
    assert lines[title - 2 : title] == [
        "# Fans that need four chows: none of them counts without.",
        "if x_len_chows >= 4:",
    ]
    # 双暗刻 counts its concealed pungs itself: no test of two before it.
    title = next(i for i, line in enumerate(lines) if "two_concealed_pungs (" in line)
    assert "need two" not in lines[title - 2]


def test_fans_each_needing_a_property_of_every_tile_are_written_under_one_test_of_their_bits() -> (
    None
):
    lines = [line.strip() for line in GUARDED.splitlines()]
    heading = lines.index(
        "# Fans that need one property every tile has: none of them counts without."
    )
    test = lines[heading + 1]
    assert re.fullmatch(r"if \(x_tile_all & 0x[0-9a-f]+ != 0\):", test), test
    # 绿一色 and 断幺 among them: each its own bit of the mask. They read that summary field
    # alone, so the block reads their counts from a table by it (`keyedblocks`), whose
    # function writes their conditions.
    block = lines[heading : lines.index("else:", heading)]
    assert "f_all_green," in block and "f_all_simples," in block
    looked_up = next(line for line in block if line.endswith("or keyed_1(x_tile_all)"))
    assert looked_up == ") = KEYED_1.get((x_tile_all,)) or keyed_1(x_tile_all)"
    fill = lines[lines.index("def keyed_1(x_tile_all: int) -> Keyed1:") :]
    fill = fill[: fill.index("return found")]
    assert (
        "# when all t in tiles: t.is_green" in fill and "# when all t in tiles: t.is_simple" in fill
    )


def test_the_concealed_pungs_are_counted_once_for_the_three_fans() -> None:
    lines = [line.strip() for line in GUARDED.splitlines()]
    # Once per call, before the fans (`compiler/conditions/meldequal.py`: no loop, so not a shared
    # one).
    readers = [line for line in lines if re.search(r"\bx_counted_\d+ ==", line)]
    assert [line.split(" = ")[0] for line in readers] == [
        "f_four_concealed_pungs",
        "f_three_concealed_pungs",
        "f_two_concealed_pungs",
    ]
    assert "x_shared_" not in PLAIN


def _module(source: str, name: str) -> types.ModuleType:
    return import_source(source, name, f"{name}.py")


_GUARDED_MODULE = _module(GUARDED, "mjc_mcr_guarded")
_PLAIN_MODULE = _module(PLAIN, "mjc_mcr_plain")


@settings(max_examples=400, deadline=None)
@given(
    sets=_SETS,
    pair=st.integers(0, 33),
    shape=st.sampled_from(["standard", "seven_pairs", "knitted_straight"]),
    winning=st.integers(-1, 33),
    won=st.integers(-1, 3),
    flags=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_guarded_module_scores_as_the_unguarded_on_random_arrangements(
    sets: list[tuple[str, int, bool]],
    pair: int,
    shape: str,
    winning: int,
    won: int,
    flags: list[bool],
) -> None:
    melds: tuple[Meld, ...] = tuple(meld(kind, tile, concealed) for kind, tile, concealed in sets)
    pair_meld = meld("pair", pair, True)
    tiles = tuple(sorted(t for m in (*melds, pair_meld) for t in m.tiles))
    winning_meld = melds[won] if 0 <= won < len(melds) else None
    a = Arrangement(shape, melds, (pair_meld,), tiles, flags[0], pair_meld, won=winning_meld)
    s = Situation(
        winning_tile=winning, self_drawn=flags[1], last_tile=flags[2], kong_bloom=flags[3]
    )
    options = {spec.id: spec.default for spec in getattr(_PLAIN_MODULE, "OPTIONS", ())}
    raw_guarded: list[int] = []
    raw_plain: list[int] = []
    assert _GUARDED_MODULE.score_fans(a, s, options, raw_guarded) == _PLAIN_MODULE.score_fans(
        a, s, options, raw_plain
    )
    assert raw_guarded == raw_plain
