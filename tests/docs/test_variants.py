"""What a variant changes from its parent, read from the IR: a child that `extends` a bundled
rulebook, compiled, and the page that lists its changes."""

from __future__ import annotations

from pathlib import Path

from mjc.compiler.docs.comparison import (
    generate_comparison_page,
    generate_variants_page,
    variant_changes,
)
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import compile_file, compile_source
from mjc.compiler.site.build import compile_bundled

VARIANT = """
rulebook guangdong_plus extends guangdong {
  title "广东鸡平胡（加番）"
  english "Guangdong Jipinghu"
  version "1.0"
}

override fan pure_one_suit "清一色" "Pure One Suit" {
  value 32
  tier limit
  when suits(tiles) == 1
  when none t in tiles: t.is_honour
}

remove fan human_hand
"""


def test_a_variant_lists_exactly_what_it_changes() -> None:
    books, _ = compile_bundled()
    (parent,) = [b for b in books if b.id == "guangdong"]
    compilation = compile_source(VARIANT, "guangdong_plus.mjr")
    child = compilation.rulebook
    assert child is not None, [d.message for d in compilation.diagnostics]
    assert child.extends == "guangdong"
    changes = {(c.section, c.what, c.change) for c in variant_changes(parent, child)}
    assert ("Header", "title", "`广东鸡平胡` → `广东鸡平胡（加番）`") in changes
    assert ("Fans", "pure_one_suit", "value: 16 → 32") in changes
    assert ("Fans", "human_hand", "removed") in changes
    assert len(changes) == 3, changes

    page = generate_variants_page([parent, child])
    assert "## 广东鸡平胡（加番）" in page
    assert "extends [广东鸡平胡](rulebooks/guangdong.md)" in page
    assert "| Fans | `pure_one_suit` | value: 16 → 32 |" in page


def test_without_variants_the_page_says_so() -> None:
    books, _ = compile_bundled()
    plain = [b for b in books if not b.extends]
    assert "No bundled rulebook extends another yet." in generate_variants_page(plain)


def test_the_comparison_puts_every_rulebook_side_by_side() -> None:
    books, _ = compile_bundled()
    page = generate_comparison_page(books)
    for book in books:
        assert f"[{book.title}](rulebooks/{book.id}.md)" in page
        for fan in book.fans:
            assert f"| {fan.name} |" in page


def test_a_variant_page_says_which_items_are_inherited(tmp_path: Path) -> None:
    child = tmp_path / "variant.mjr"
    child.write_text(
        'rulebook variant extends guangdong { title "变体" version "1" }\n'
        'override fan chicken "鸡胡" { value 2 convention "this table pays 2" }\n',
        encoding="utf-8",
    )
    compilation = compile_file(child, "variant.mjr")
    assert compilation.rulebook is not None
    page = generate_page(compilation.rulebook)
    assert "inherited from guangdong:" in page  # 平胡 and the rest come from the parent
    chicken_line = next(line for line in page.splitlines() if "鸡胡" in line and "|" in line)
    assert "inherited" not in chicken_line  # overridden here
