"""W0008: provenance on a line of its own belongs to the item before it, and is warned about
when its layout reads as a line of the block (docs/language.md, "Provenance")."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjc.compiler.fmt import format_text
from mjc.compiler.syntax.layout import provenance_layout
from mjc.compiler.syntax.parse import parse

ROOT = Path(__file__).resolve().parents[2]


def warned(text: str) -> list[int]:
    """The lines W0008 is reported on."""
    book, problems = parse(text, "t.mjr")
    assert book is not None, problems
    found = provenance_layout(book, text)
    assert all(d.code == "W0008" and d.severity == "warning" for d in found)
    return [d.span.line for d in found if d.span is not None]


def test_a_note_after_the_last_line_of_a_block_at_its_column_is_warned() -> None:
    text = 'payments {\n  win each pays\n  win discarder pays\n  note "for the section?"\n}\n'
    assert warned(text) == [4]
    book, _ = parse(text, "t.mjr")
    assert book is not None
    [payments] = book.sections
    last = payments.wins[-1]  # type: ignore[attr-defined]
    assert [p.text for p in last.provenance] == ["for the section?"]  # where it belongs


def test_the_unit_line_of_payments_is_judged_like_the_others() -> None:
    text = 'payments {\n  unit "分"\n  note "of the unit"\n  win discarder pays\n}\n'
    assert warned(text) == [3]
    assert warned(text.replace('  note "of', '    note "of')) == []


def test_a_provenance_line_between_two_items_at_their_column_is_warned() -> None:
    text = 'tiles {\n  characters copies 4\n  source "万"\n  dots copies 4\n}\n'
    assert warned(text) == [3]


@pytest.mark.parametrize(
    "text",
    [
        'payments {\n  win discarder pays\n    note "indented under its line"\n}\n',
        'payments {\n  win discarder pays note "on its line"\n}\n',
        'payments {\n  win discarder pays\n  when self_drawn source "after a clause"\n}\n',
        'players 4\n  source "四人"\n',
        'override option cap "封顶": choice(16, 32) = 32\n  source "under the line"\n',
        'horses {\n  table 4 {\n    dealer ranks 1, 5, 9\n  } source "the table\'s"\n}\n',
    ],
)
def test_provenance_laid_out_as_its_items_is_not_warned(text: str) -> None:
    assert warned(text) == []


@pytest.mark.parametrize(
    "text",
    [
        'fan chicken "鸡胡" {\n  value 1\n  source "a fan\'s own line"\n}\n',
        'rulebook r {\n  title "R"\n  note "the header\'s own"\n}\n',
        'situation kaibao "开宝"\n  note "a situation\'s own"\n',
    ],
)
def test_a_declaration_whose_provenance_is_its_own_line_is_never_warned(text: str) -> None:
    assert warned(text) == []


def test_at_the_top_level_a_provenance_line_in_the_first_column_is_warned() -> None:
    text = 'players 4\nsource "四人"\noption x "x": toggle = off\nnote "x"\n'
    assert warned(text) == [2, 4]


@pytest.mark.parametrize("path", sorted((ROOT / "rulebooks").glob("*.mjr")), ids=lambda p: p.stem)
def test_no_bundled_rulebook_is_warned(path: Path) -> None:
    assert warned(path.read_text(encoding="utf-8")) == []


def test_the_layout_mjc_fmt_gives_is_never_warned() -> None:
    text = (
        'players 4\nsource "四人"\ntiles {\n  characters copies 4\n  source "万"\n'
        "  dots copies 4\n}\npayments {\n  win each pays when self_drawn\n"
        '  source "自摸"\n  note "two"\n  win discarder pays\n  note "last"\n}\n'
    )
    assert warned(text) == [2, 5, 10, 11, 13]
    formatted = format_text(text, "t.mjr")
    assert isinstance(formatted, str)
    assert warned(formatted) == []
