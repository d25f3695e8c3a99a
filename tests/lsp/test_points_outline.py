"""The language server on the fu and points sections: the outline shows each section with its
items under it (the fu items by label, `round up`; the points `base` and limits by name), and
hover on `fu`, `base` and `tier_total` gives their meaning."""

from __future__ import annotations

from mjc.compiler.lsp import hover, outline
from mjc.compiler.lsp.state import DocumentState
from tests.helpers.small_rulebooks import RIICHI_POINTS_RULEBOOK


def test_the_outline_shows_the_fu_and_points_sections_with_their_items() -> None:
    state = DocumentState(RIICHI_POINTS_RULEBOOK.resolve().as_uri())
    state.update(RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8"))
    sections = {s.name: s for s in outline.document_symbols(state)}
    fu, points = sections["fu 符"], sections["points 点"]
    fu_items = [c.name for c in fu.children or ()]
    assert fu_items[:3] == ["七対子", "副底", "門前加符"] and fu_items[-1] == "round up"
    lines = [c.name for c in points.children or ()]
    assert lines == ["役満", "倍満", "跳満", "満貫", "base", "満貫", "満貫"]


def test_hover_on_fu_base_and_tier_total_gives_their_meaning() -> None:
    for word, said in (("fu", "符"), ("base", "base points"), ("tier_total", "tier")):
        found = hover.word_hover(word)
        assert found is not None and said in found
