"""Position conversion between the compiler's spans (1-based, code points) and LSP's
positions (0-based, UTF-16 code units)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from mjc.compiler.diagnostics import Span
from mjc.compiler.lsp.positions import LineTable, code_point_character, utf16_character

# 𠀀 (U+20000) and 🀄 (U+1F004) lie outside the BMP; 清 and 一 inside it.
LINE = "清𠀀一🀄x"


def test_characters_outside_the_bmp_take_two_utf16_units() -> None:
    assert [utf16_character(LINE, n) for n in range(6)] == [0, 1, 3, 4, 6, 7]


def test_utf16_offsets_map_back_to_code_points() -> None:
    assert [code_point_character(LINE, u) for u in (0, 1, 3, 4, 6, 7)] == [0, 1, 2, 3, 4, 5]


def test_an_offset_inside_a_surrogate_pair_counts_as_the_character_after_it() -> None:
    assert code_point_character(LINE, 2) == 2


def test_offsets_past_the_end_of_a_line_are_clamped() -> None:
    assert code_point_character(LINE, 99) == len(LINE)
    assert utf16_character(LINE, 99) == 7


def test_a_span_converts_to_a_zero_based_utf16_range() -> None:
    table = LineTable("first\n" + LINE + "\n")
    span = Span("f", 2, 4, 2, 5)  # 🀄, the fourth code point of line 2
    assert table.span_range(span) == ((1, 4), (1, 6))


def test_a_span_past_the_end_of_the_file_ends_at_the_last_line() -> None:
    table = LineTable("ab\ncd")
    assert table.span_range(Span("f", 9, 1, 9, 2)) == ((1, 2), (1, 2))


def test_a_span_that_ends_before_it_starts_is_empty_not_reversed() -> None:
    table = LineTable("abcdef")
    assert table.span_range(Span("f", 1, 5, 1, 2)) == ((0, 4), (0, 4))


@given(st.text(), st.integers(min_value=0, max_value=50))
def test_converting_to_utf16_and_back_is_the_identity(line: str, n: int) -> None:
    n = min(n, len(line))
    assert code_point_character(line, utf16_character(line, n)) == n
