"""`extend <section> { … }` in a variant (language.md, "Adding lines to the parent's section"):
the parent's lines, then the added ones; a setting given once is not given again (E0124); some
sections cannot be added to (E0125); `extend` needs a parent (E0113); and the formatter, the
language server and the syntax-error recovery know the construct."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjc.compiler.driver import compile_file
from mjc.compiler.fmt import format_text
from mjc.compiler.lsp.hover import word_hover
from mjc.compiler.lsp.index import build_index
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from mjc.compiler.syntax.sources import bundled_rulebooks

HEADER = 'rulebook mine extends guangdong { title "我的广东" version "1" }\n'
RIICHI = 'rulebook mine extends riichi { title "我的立直" version "1" }\n'


def compile_text(tmp_path: Path, text: str, name: str = "mine.mjr") -> tuple[list[str], object]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    compilation = compile_file(path, name)
    return [d.code for d in compilation.diagnostics if d.severity == "error"], compilation


def test_extend_parses_to_the_section_it_adds_to() -> None:
    book, problems = parse(HEADER + "extend scoring { floor 2 when self_drawn }\n", "m.mjr")
    assert problems == [] and book is not None
    [extend] = [s for s in book.sections if isinstance(s, ast.Extend)]
    assert isinstance(extend.section, ast.Scoring)
    assert [a.kind for a in extend.section.adjustments] == ["floor"]


def test_the_parents_lines_come_first_then_the_added_ones(tmp_path: Path) -> None:
    text = HEADER + (
        "extend scoring {\n"
        "  floor 2 when self_drawn\n"
        '  reject "no 七对 at this club" when shape == seven_pairs\n'
        "}\n"
    )
    codes, compilation = compile_text(tmp_path, text)
    assert codes == []
    book = compilation.rulebook  # type: ignore[attr-defined]
    parent = compile_file(bundled_rulebooks()["guangdong"], "rulebooks/guangdong.mjr").rulebook
    assert parent is not None

    def said(adjustments: tuple[object, ...]) -> list[tuple[object, ...]]:
        return [(a.kind, a.value, a.condition) for a in adjustments]  # type: ignore[attr-defined]

    assert said(book.scoring.adjustments[:-1]) == said(parent.scoring.adjustments)
    assert book.scoring.adjustments[-1].at.file == "mine.mjr"
    assert book.scoring.tiers == parent.scoring.tiers and book.scoring.unit == parent.scoring.unit
    assert [r.reason for r in book.scoring.rejects][-1] == "no 七对 at this club"


def test_a_play_line_under_an_if_is_added_after_the_parents_and_overrides_where_it_holds(
    tmp_path: Path,
) -> None:
    text = HEADER + (
        "extend play { dealer_after_draw next if option.passes }\n"
        'option passes "过庄": toggle = off\n'
    )
    codes, compilation = compile_text(tmp_path, text)
    assert codes == []
    rules = [r for r in compilation.rulebook.play.rules if r.key == "dealer_after_draw"]  # type: ignore[attr-defined]
    assert [r.words for r in rules] == [("stay",), ("next",)]


@pytest.mark.parametrize(
    ("header", "added", "message"),
    [
        (HEADER, 'extend scoring { unit "倍" }', "`extend scoring` states its unit again"),
        (RIICHI, "extend scoring { minimum 2 }", "`extend scoring` states its minimum again"),
        (HEADER, 'extend scoring { tier within "内" add }', "states the tier `within` again"),
        (HEADER, "extend play { dealer_after_draw next }", "states `dealer_after_draw` again"),
        (HEADER, 'extend shapes { standard "基本" }', "states the win shape `standard` again"),
        (RIICHI, 'extend payments { unit "点" }', "`extend payments` states its unit again"),
        (RIICHI, "extend payments { round up 1000 }", "states `round up` again"),
        (RIICHI, 'extend points "Points" { }', "states its label as 'Points'"),
    ],
)
def test_a_setting_the_parent_gives_once_given_again_is_e0124_at_both_places(
    tmp_path: Path, header: str, added: str, message: str
) -> None:
    codes, compilation = compile_text(tmp_path, header + added + "\n")
    assert codes == ["E0124"]
    [problem] = compilation.diagnostics  # type: ignore[attr-defined]
    assert message in problem.message and problem.span.file == "mine.mjr"
    [parent] = problem.labels
    assert parent.span.file.endswith(".mjr") and parent.span.file != "mine.mjr"
    assert "section" in (problem.help or "")


def test_a_payments_unit_given_again_is_marked_at_both_unit_lines(tmp_path: Path) -> None:
    codes, compilation = compile_text(tmp_path, RIICHI + 'extend payments {\n  unit "点"\n}\n')
    assert codes == ["E0124"]
    [problem] = compilation.diagnostics  # type: ignore[attr-defined]
    assert (problem.span.line, problem.span.column) == (3, 3)  # the added `unit` line
    [parent] = problem.labels
    parent_line = (
        Path(parent.span.file).read_text(encoding="utf-8").splitlines()[parent.span.line - 1]
    )
    assert parent_line[parent.span.column - 1 :].startswith("unit ")


def test_an_extend_block_restating_the_parents_heading_adds_only_its_lines(
    tmp_path: Path,
) -> None:
    """The grammar makes `extend points` restate the label: the parent's own words are no
    change (a different label is E0124, above)."""
    added = 'extend points "点" {\n  limit "役満以上" 8000 when total >= 99\n}\n'
    codes, compilation = compile_text(tmp_path, RIICHI + added)
    assert codes == []
    points = compilation.rulebook.points  # type: ignore[attr-defined]
    assert points.label == "点" and points.limits[-1].name == "役満以上"


@pytest.mark.parametrize(
    "added",
    [
        "extend players 3",
        "extend tiles { flowers copies 1 }",
        'extend fan chicken "鸡胡" { value 2 }',
        'extend option seven_pairs "七对胡牌": toggle = on',
    ],
)
def test_a_section_that_cannot_be_added_to_is_e0125(tmp_path: Path, added: str) -> None:
    codes, _ = compile_text(tmp_path, HEADER + added + "\n")
    assert codes == ["E0125"]


def test_extend_without_a_parent_is_e0113(tmp_path: Path) -> None:
    text = bundled_rulebooks()["guangdong"].read_text(encoding="utf-8")
    text = text.replace("\nscoring {", "\nextend scoring {", 1)
    codes, compilation = compile_text(tmp_path, text)
    assert codes == ["E0113"]
    assert "needs a parent" in compilation.diagnostics[0].message  # type: ignore[attr-defined]


def test_a_section_written_whole_and_extended_is_a_second_section(tmp_path: Path) -> None:
    text = HEADER + ("claims { pong kong (exposed, concealed, added) }\nextend claims { chow }\n")
    codes, compilation = compile_text(tmp_path, text)
    assert codes[0] == "E0502"
    assert "second `claims` section" in compilation.diagnostics[0].message  # type: ignore[attr-defined]


def _without_places(module: str) -> str:
    """A generated module less what says where it came from: the source's hash and lines."""
    module = re.sub(r"[0-9a-f]{16,64}", "HASH", module)
    return re.sub(r"[a-z_/]+\.mjr:\d+", "FILE:LINE", module)


def test_sanma_extending_riichis_scoring_compiles_as_the_whole_section_did(
    tmp_path: Path,
) -> None:
    """sanma.mjr adds two rejects to riichi's scoring; written whole (the parent's lines, then
    the two), it makes the same module but for where each line is said to come from."""
    books = bundled_rulebooks()
    sanma = books["sanma"].read_text(encoding="utf-8")
    riichi = books["riichi"].read_text(encoding="utf-8")
    parents = re.search(r"\nscoring \{\n(.*?)\n\}\n", riichi, re.S)
    assert parents is not None and "\nextend scoring {\n" in sanma
    whole = sanma.replace("\nextend scoring {\n", "\nscoring {\n" + parents[1] + "\n", 1)
    extended = compile_file(books["sanma"], "sanma.mjr")
    codes, written = compile_text(tmp_path, whole, "sanma.mjr")
    assert codes == [] and extended.module_source is not None
    assert written.module_source is not None  # type: ignore[attr-defined]
    assert _without_places(extended.module_source) == _without_places(written.module_source)  # type: ignore[attr-defined]


def test_the_formatter_keeps_an_extend_block_as_it_keeps_the_section() -> None:
    messy = HEADER + 'extend   scoring {  floor 2 when self_drawn reference "r"\n}\n'
    formatted = format_text(messy, "m.mjr")
    assert isinstance(formatted, str)
    assert 'extend scoring {\n  floor 2 when self_drawn\n    reference "r"\n}\n' in formatted
    assert format_text(formatted, "m.mjr") == formatted
    sanma = bundled_rulebooks()["sanma"].read_text(encoding="utf-8")
    assert format_text(sanma, "sanma.mjr") == sanma


def test_the_outline_lists_an_extend_block_and_hover_explains_the_word(tmp_path: Path) -> None:
    text = HEADER + 'extend scoring { tier bonus "奖" add }\n'
    index = build_index(text, str(tmp_path / "m.mjr"), tmp_path)
    assert index is not None
    [section] = [s for s in index.sections if s.label.startswith("extend")]
    assert section.label == "extend scoring" and [c.name for c in section.children] == ["bonus"]
    assert "bonus" in index.names("tier")
    assert "parent's section, then these lines" in (word_hover("extend") or "")


def test_a_broken_extend_block_is_reported_and_the_rest_still_checked(tmp_path: Path) -> None:
    text = HEADER + (
        'extend scoring {\n  reject "x" when\n}\n\nextend play {\n  dealer_after_draw next\n}\n'
    )
    codes, _ = compile_text(tmp_path, text)
    assert codes == ["E0001", "E0124"]
    index = build_index(text, str(tmp_path / "m.mjr"), tmp_path)
    labels = [s.label for s in index.sections] if index is not None else []
    assert "extend scoring (does not parse)" in labels
