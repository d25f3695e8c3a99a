"""Issue 15's "done when" for the language server: a scripted LSP session over a rulebook
with three mistakes gets the three diagnostics, a hover, a definition and a rename."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from .books import BROKEN, position_of, write_books
from .session import Session, at, run_session


def test_scripted_session_over_three_mistakes_gets_diagnostics_hover_definition_rename(
    tmp_path: Path,
) -> None:
    parent, child = write_books(tmp_path)
    found: dict[str, object] = {}

    async def script(session: Session) -> None:
        found["diagnostics"] = await session.open(child, BROKEN)
        line, character = position_of(BROKEN, "pure")
        found["hover"] = await session.client.text_document_hover_async(
            types.HoverParams(**at(child, line, character + 1))
        )
        found["definition"] = await session.client.text_document_definition_async(
            types.DefinitionParams(**at(child, line, character))
        )
        line, character = position_of(BROKEN, "half")
        found["rename"] = await session.client.text_document_rename_async(
            types.RenameParams(**at(child, line, character), new_name="half_flush")
        )

    run_session(script)
    diagnostics = found["diagnostics"]
    assert isinstance(diagnostics, list)
    assert [d.code for d in diagnostics] == ["E0107", "E0104", "E0103"]
    assert all(d.severity == types.DiagnosticSeverity.Error for d in diagnostics)
    # the range of each mistake is where its wrong name is, in UTF-16 units
    for diagnostic, wrong in zip(diagnostics, ("wthin", "lucy", "chickn"), strict=True):
        line, character = position_of(BROKEN, wrong)
        assert diagnostic.range.start == types.Position(line, character)
        assert diagnostic.range.end == types.Position(line, character + len(wrong))
    assert "help: did you mean `within`" in diagnostics[0].message

    hover = found["hover"]
    assert isinstance(hover, types.Hover) and isinstance(hover.contents, types.MarkupContent)
    assert "清一色" in hover.contents.value

    definition = found["definition"]
    assert isinstance(definition, list) and len(definition) == 1
    assert definition[0].uri == parent.resolve().as_uri()
    assert definition[0].range.start == types.Position(
        *position_of(parent.read_text(encoding="utf-8"), "pure")
    )

    rename = found["rename"]
    assert isinstance(rename, types.WorkspaceEdit) and rename.changes is not None
    edits = rename.changes[child.resolve().as_uri()]
    assert [e.new_text for e in edits] == ["half_flush"]
    assert edits[0].range.start == types.Position(*position_of(BROKEN, "half"))
