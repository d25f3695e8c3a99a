"""The comparison page keeps long cells readable: a cell of several things (shapes, tiers,
options, claims, fans of one name…) is a list, one thing per line; a cell of one thing is
shown as it is."""

from __future__ import annotations

import re

import markdown

from mjc.compiler import ir
from mjc.compiler.docs.comparison import generate_comparison_page
from mjc.compiler.site.build import compile_bundled


def _cells(label: str) -> tuple[list[str], list[ir.Rulebook]]:
    books, _ = compile_bundled()
    page = generate_comparison_page(books)
    (line,) = [line for line in page.splitlines() if line.startswith(f"| **{label}** |")]
    return [c.strip() for c in line.strip().strip("|").split(" | ")[1:]], list(books)


def test_a_cell_of_several_win_shapes_lists_one_shape_per_line() -> None:
    cells, books = _cells("Win shapes")
    for cell, book in zip(cells, books, strict=True):
        if len(book.shapes) > 1:
            assert cell.startswith('<ul class="mj-list">'), cell
            assert cell.count("<li>") == len(book.shapes)


def test_a_cell_of_one_tier_is_not_made_a_list() -> None:
    cells, books = _cells("Tiers")
    singles = [c for c, b in zip(cells, books, strict=True) if len(b.scoring.tiers) == 1]
    assert singles, "a bundled rulebook with one tier"
    assert all("<ul" not in cell for cell in singles)


def test_the_lists_stay_inside_their_table_cells_and_keep_their_code_spans() -> None:
    books, _ = compile_bundled()
    html = markdown.markdown(generate_comparison_page(books), extensions=["tables", "attr_list"])
    (row,) = re.findall(r"<tr>\s*<td><strong>Tiers</strong></td>.*?</tr>", html, re.S)
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    assert len(cells) == len(books) + 1
    assert any('<ul class="mj-list"><li>' in cell and "<code>" in cell for cell in cells)


def test_rulebook_text_in_a_list_item_is_escaped() -> None:
    from mjc.compiler.docs.comparison import _items

    shown = _items(["<b>bold</b>", "a | b"])
    assert "<b>" not in shown and "&#60;b&#62;" in shown
    assert "|" not in shown
