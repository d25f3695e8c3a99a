"""Format document through a real client session: the server answers
textDocument/formatting with edits that give the editor's text exactly `mjc fmt`'s layout,
touching only the lines that change, and nothing for text already formatted or that does not
parse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from mjc.compiler.fmt import format_text
from mjc.compiler.lsp.formatting import formatting_edits
from mjc.compiler.lsp.positions import LineTable

from .books import BROKEN, CHILD, write_books
from .session import Session, doc, run_session

# The child rulebook as a designer might leave it: the header spread out, odd indentation,
# trailing blanks, a fan's clauses run together; its comment must survive formatting.
MESSY = (
    CHILD.replace("{ title", "{\n      title")
    .replace("  value 2\n  tier within", "        value 2     tier within   ")
    .replace("  excludes chicken", "\texcludes    chicken")
)


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """The text after the edits, applied as an editor does (LSP positions, UTF-16)."""
    table = LineTable(text)
    offsets = [0]
    for line in table.lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(position: types.Position) -> int:
        line, column = table.from_lsp(position.line, position.character)
        return offsets[line - 1] + column - 1

    spans = sorted((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits)
    for start, end, new in reversed(spans):
        text = text[:start] + new + text[end:]
    return text


def _format(s: Session, path: Path) -> Any:
    return s.client.text_document_formatting_async(
        types.DocumentFormattingParams(
            doc(path), types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("books")
    _, child = write_books(folder)
    found: dict[str, Any] = {}

    async def script(s: Session) -> None:
        found["capabilities"] = s.capabilities
        await s.open(child, MESSY)
        found["messy"] = await _format(s, child)
        formatted = format_text(CHILD, "child.mjr")
        assert isinstance(formatted, str)
        await s.change(child, formatted)
        found["formatted"] = await _format(s, child)
        await s.change(child, BROKEN.replace("}", ""))
        found["broken"] = await _format(s, child)

    run_session(script)
    return found


def test_the_server_says_it_formats_documents(answers: dict[str, Any]) -> None:
    assert answers["capabilities"].document_formatting_provider


def test_format_document_gives_the_layout_of_mjc_fmt(answers: dict[str, Any]) -> None:
    expected = format_text(MESSY, "child.mjr")
    assert isinstance(expected, str) and expected != MESSY
    assert apply(MESSY, answers["messy"]) == expected
    assert "# 𠀀 is a rare ideograph" in expected


def test_format_document_edits_only_the_lines_that_change(answers: dict[str, Any]) -> None:
    untouched = [e for e in answers["messy"] if "混一色 2: 一种花色加字牌" in e.new_text]
    assert not untouched, "the source line did not change and must not be rewritten"
    first_fan_line = MESSY.splitlines().index('fan half "混一色" "Half Flush" {')
    assert all(e.range.start.line != first_fan_line for e in answers["messy"])


def test_a_formatted_document_gets_no_edits(answers: dict[str, Any]) -> None:
    assert list(answers["formatted"]) == []


def test_a_document_that_does_not_parse_gets_no_edits(answers: dict[str, Any]) -> None:
    assert list(answers["broken"]) == []


def test_edits_reach_the_end_of_a_last_line_without_a_newline_in_utf16_units() -> None:
    text = 'rulebook x { title "𠀀"   version "1" }'  # 𠀀: two UTF-16 units, no final \n
    edits = formatting_edits(text, "x.mjr")
    (edit,) = edits
    assert edit.range.end == types.Position(0, len(text) + 1)
    assert apply(text, edits) == format_text(text, "x.mjr")
