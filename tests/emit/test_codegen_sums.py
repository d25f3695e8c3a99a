"""A fan counted by a `per sum` is written as a `for` statement that adds each item's number
(`PyExpr.sum_loop`), under the fan's condition when it has one, and counts as the list
comprehension it replaces (`sum([...])`, still written where the statement is not: a sum
nested in a condition, shared, or over a long domain). Checked on the code and by scoring
random arrangements with the module compiled both ways."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st
from small_rulebooks import STANDARD, fan_code, fan_module, opening

from mjc.compiler.loader import import_source
from mjc.runtime.score.scoring import Situation
from mjc.runtime.tiles.melds import meld
from mjc.runtime.wins.arrange import Arrangement

_BASE = (
    opening("sums", "和", STANDARD)
    + """
scoring {
  unit "番"
  tier within "普通" add
}
"""
)

# fan id -> its condition and count, and what its code must read.
FANS: dict[str, tuple[str, str]] = {
    "ranks_less_one": (  # may be below zero: counts zero then
        "per sum r in 1..9: (count t in tiles: t.rank == r) - 1",
        "f_ranks_less_one = 0\nfor v_r in range(1, 10):",
    ),
    "meld_ranks_when_concealed": (
        "when concealed\n  per sum m in melds: m.rank",
        "if a.concealed:\n    for v_m in",
    ),
    "summed_in_a_condition": (
        "when (sum m in melds: 2 * m.rank) > 24",
        "sum([",
    ),
}

LOOPED = fan_module(_BASE, FANS, "sums.mjr")
COMPREHENDED = fan_module(_BASE, FANS, "sums.mjr", lowered=False)
_LOOPED = import_source(LOOPED, "mjc_sums_looped", "mjc_sums_looped.py")
_COMPREHENDED = import_source(COMPREHENDED, "mjc_sums_plain", "mjc_sums_plain.py")


def _code(source: str, fan_id: str) -> str:
    return "\n".join(line.strip() for line in fan_code(source, fan_id, "sums.mjr").splitlines())


def test_a_per_sum_is_a_for_statement_adding_each_items_number() -> None:
    for fan_id in ("ranks_less_one", "meld_ranks_when_concealed"):
        code = _code(LOOPED, fan_id)
        wanted = "\n".join(line.strip() for line in FANS[fan_id][1].splitlines())
        assert wanted in code, code
        assert "sum([" not in code


def test_a_count_below_zero_counts_zero_after_the_loop() -> None:
    code = _code(LOOPED, "ranks_less_one")
    assert "if f_ranks_less_one < 0:\nf_ranks_less_one = 0" in code, code


def test_a_sum_inside_a_condition_stays_a_comprehension() -> None:
    assert "sum([" in "".join(_code(LOOPED, "summed_in_a_condition").split())


def test_without_the_statement_each_per_sum_is_a_comprehension() -> None:
    code = "".join(_code(COMPREHENDED, "ranks_less_one").split())
    assert "sum([" in code and "f_ranks_less_one+=" not in code


_SET = st.one_of(
    st.tuples(st.just("pung"), st.integers(0, 33), st.booleans()),
    st.tuples(st.just("chow"), st.sampled_from([t for t in range(27) if t % 9 <= 6]),
              st.booleans()),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(sets=st.lists(_SET, max_size=4), pair=st.integers(0, 33))
def test_the_statement_counts_as_the_comprehension(
    sets: list[tuple[str, int, bool]], pair: int
) -> None:
    melds = tuple(meld(kind, tile, concealed) for kind, tile, concealed in sets)
    pair_meld = meld("pair", pair, True)
    tiles = tuple(sorted(t for m in (*melds, pair_meld) for t in m.tiles))
    concealed = all(m.concealed for m in melds)
    a = Arrangement("standard", melds, (pair_meld,), tiles, concealed, pair_meld)
    s = Situation(winning_tile=pair)
    looped: list[int] = []
    comprehended: list[int] = []
    assert _LOOPED.score_fans(a, s, {}, looped) == _COMPREHENDED.score_fans(a, s, {}, comprehended)
    assert looped == comprehended
