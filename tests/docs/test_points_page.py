"""A rulebook's page draws its fu section as a table of items in the order they are worked out
and its points section as a table of limits after the base; its payments say the payments are
rounded up and counted in points. A page of a rulebook without them is unchanged (the bundled
pages: tests/test_build_golden.py)."""

from __future__ import annotations

from functools import cache

from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import compile_source
from tests.helpers.small_rulebooks import RIICHI_POINTS_RULEBOOK


@cache
def _page() -> str:
    text = RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8")
    book = compile_source(text, "riichi_points.mjr").rulebook
    assert book is not None
    return generate_page(book)


def test_the_fu_items_are_a_table_in_order() -> None:
    page = _page()
    assert "### Fu (符)" in page and "| Item | Fu | When | Origin |" in page
    assert page.index("| **七対子** | = 25 |") < page.index("| **副底** | +20 | always |")
    assert "| **round up** | up to a multiple of 10 | always |" in page
    assert "| **単騎** | +2 | the winning tile completes the pair" in page


def test_the_points_limits_are_a_table_after_the_base() -> None:
    page = _page()
    assert "### Points (点)" in page and "`fu * 2 ** (total + 2)`" in page
    assert "| **満貫** | 2000 | the hand's value is at least 5 |" in page
    assert "| **満貫** | 2000 | `base` is more than 2000 |" in page


def test_the_payments_are_counted_in_points_and_rounded_up() -> None:
    page = _page()
    assert "What is paid is counted in 点." in page
    assert "Every payment of a hand is rounded up to a multiple of 100 when option" in page
    assert "### A worked example" not in page


def test_an_examples_dora_indicators_are_drawn_as_tiles_not_named_as_options() -> None:
    from mjc.compiler.loader import load

    book = load("riichi").compilation.rulebook
    assert book is not None
    page = generate_page(book)
    assert "dora indicator ![四筒 4 Dots (4p)](../tiles/4p.svg)" in page
    assert "ura dora indicator ![四筒 4 Dots (4p)](../tiles/4p.svg)" in page
    assert "option `dora`" not in page and "option `ura`" not in page
