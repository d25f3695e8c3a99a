"""Issue 25's "done when" for the language server: a scripted LSP session over the rulebook with
five mistakes (two of them syntax errors, `tests/diagnostics/recovery_five_mistakes.mjr`) gets
the five diagnostics of `mjc check`, and its outline, hover and completion answer on the
sections that parse, with the positions of the text being edited."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lsprotocol import types

from .books import position_of
from .session import Session, at, doc, run_session

FIVE = (
    Path(__file__).resolve().parents[1] / "diagnostics" / "recovery_five_mistakes.mjr"
).read_text(encoding="utf-8")


def test_a_session_over_five_mistakes_gets_five_diagnostics_and_working_features(
    tmp_path: Path,
) -> None:
    path = tmp_path / "five.mjr"
    found: dict[str, Any] = {}

    async def script(session: Session) -> None:
        c = session.client
        found["diagnostics"] = await session.open(path, FIVE)
        found["outline"] = await c.text_document_document_symbol_async(
            types.DocumentSymbolParams(doc(path))
        )
        mixed = position_of(FIVE, "mixed_one_suit")
        found["hover_fan"] = await c.text_document_hover_async(
            types.HoverParams(**at(path, mixed[0], mixed[1] + 2))
        )
        dragons = position_of(FIVE, "m.is_dragon")
        found["hover_word"] = await c.text_document_hover_async(
            types.HoverParams(**at(path, dragons[0], dragons[1] + 4))
        )
        excludes = position_of(FIVE, "excludes ", nth=1)  # the first is in a comment
        found["complete_fans"] = await c.text_document_completion_async(
            types.CompletionParams(**at(path, excludes[0], excludes[1] + len("excludes ")))
        )
        chicken = position_of(FIVE, "chicken", nth=1)
        found["definition"] = await c.text_document_definition_async(
            types.DefinitionParams(**at(path, *chicken))
        )

    run_session(script)

    diagnostics = found["diagnostics"]
    assert [d.code for d in diagnostics] == ["E0001", "E0001", "E0101", "E0201", "E0102"]
    starts = [
        position_of(FIVE, "valeu"),
        position_of(FIVE, "fan mixed_one_suit"),
        position_of(FIVE, "tile)"),
        position_of(FIVE, "count m in melds"),
        position_of(FIVE, "chicken", nth=1),
    ]
    assert [(d.range.start.line, d.range.start.character) for d in diagnostics] == starts
    assert "help: did you mean `value`?" in diagnostics[0].message
    assert "help: a block may be missing its closing `}`" in diagnostics[1].message

    # the outline lists every section where it is written, those that do not parse too
    expected = [
        ("rulebook mini", "rulebook mini"),
        ("players", "players 4"),
        ("tiles", "tiles {"),
        ("shapes", "shapes {"),
        ("scoring", "scoring {"),
        ("chicken", 'fan chicken "鸡胡"'),
        ("fan all_pungs (does not parse)", "fan all_pungs"),
        ("fan pure_one_suit (does not parse)", "fan pure_one_suit"),
        ("mixed_one_suit", "fan mixed_one_suit"),
        ("three_dragons", "fan three_dragons"),
        ("chicken", 'fan chicken "平胡"'),
    ]
    assert [(s.name, s.range.start.line) for s in found["outline"]] == [
        (name, position_of(FIVE, head)[0]) for name, head in expected
    ]

    hover = found["hover_fan"]
    assert isinstance(hover, types.Hover) and isinstance(hover.contents, types.MarkupContent)
    assert "混一色" in hover.contents.value
    word = found["hover_word"]
    assert isinstance(word, types.Hover) and isinstance(word.contents, types.MarkupContent)
    assert "dragon" in word.contents.value.lower()

    completion = found["complete_fans"]
    items = completion.items if isinstance(completion, types.CompletionList) else completion
    labels = {item.label for item in items}
    assert {"chicken", "mixed_one_suit", "three_dragons"} <= labels
    assert "all_pungs" not in labels  # its declaration did not parse

    definition = found["definition"]
    assert isinstance(definition, list) and len(definition) == 1
    assert definition[0].range.start == types.Position(*position_of(FIVE, "chicken"))
