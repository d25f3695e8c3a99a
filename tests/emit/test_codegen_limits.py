"""A scoring `limit` (docs/language.md, "Principles: `limit` and `prefer`"): the generated
code reads the limit's count only when one of the fans it names counts, since counts that are
all zero are never cut (`limit_counts` cuts a sum above the limit, and the limit is never below
zero); the Chinese Official rulebook's 套算一次 is tested in tests/rulebooks/test_mcr.py."""

from __future__ import annotations

from hypothesis import given, strategies as st
from small_rulebooks import opening

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import checked_module
from mjc.runtime.score.scoring import limit_counts

_LIMITED = (
    opening("limited", "套算")
    + """
scoring {
  unit "番"
  tier fans "番种" add
  limit twin_chows, pung_count to (count m in chows: m.rank == 1) - 1
}

fan twin_chows "一般高" {
  value 1
  per count m in chows: (count n in chows: n.suit == m.suit and n.rank == m.rank) == 2
}

fan pung_count "刻" {
  value 1
  per len(pungs)
}
"""
)


def _module_source() -> str:
    compilation = compile_source(_LIMITED, "limited.mjr")
    assert compilation.ok and compilation.rulebook is not None
    source, problem = checked_module(compilation.rulebook)
    assert problem is None and source is not None
    return source


def test_a_limit_reads_its_count_only_when_one_of_its_fans_counts() -> None:
    lines = [line.strip() for line in _module_source().splitlines()]
    guard = lines.index("if f_twin_chows or f_pung_count:")
    assert "limit_counts((" in " ".join(lines[guard + 1 : guard + 8])
    assert not any("limit_counts(" in line for line in lines[:guard])


@given(size=st.integers(0, 6), most=st.integers(-5, 5))
def test_counts_that_are_all_zero_are_never_cut(size: int, most: int) -> None:
    zeros = (0,) * size
    assert limit_counts(zeros, most) == zeros
