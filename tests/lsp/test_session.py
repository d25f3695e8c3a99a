"""`mjc lsp` through a real client session over stdio, the server in a subprocess: one
session (initialize, open, change, every request, shutdown, exit) is recorded once for the
module, and each test below checks one thing the server answered."""

from __future__ import annotations

from typing import Any

import pytest
from lsprotocol import types

from mjc.compiler.lsp.tokens import TOKEN_TYPES
from mjc.compiler.syntax.sources import bundled_rulebooks

from .books import BROKEN, CHILD, position_of, write_books
from .session import Session, at, run_session

GARBAGE = 'fan {{{ "\n  when option. and ((( \x00 \ud800 example "12'


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("books")
    parent, child = write_books(folder)
    found: dict[str, Any] = {"parent": parent, "child": child}

    async def script(s: Session) -> None:
        c = s.client
        found["capabilities"] = s.capabilities
        found["open"] = await s.open(child, CHILD)
        found["changed"] = await s.change(child, BROKEN)
        found["fixed"] = await s.change(child, CHILD)
        pure = position_of(CHILD, "pure")
        found["hover_fan"] = await c.text_document_hover_async(
            types.HoverParams(**at(child, *pure))
        )
        lucky = position_of(CHILD, "lucky")
        found["hover_option"] = await c.text_document_hover_async(
            types.HoverParams(**at(child, *lucky))
        )
        tier = position_of(CHILD, "within")
        found["hover_tier"] = await c.text_document_hover_async(
            types.HoverParams(**at(child, *tier))
        )
        found["def_parent"] = await c.text_document_definition_async(
            types.DefinitionParams(**at(child, *pure))
        )
        chicken = position_of(CHILD, "chicken")
        found["def_bundled"] = await c.text_document_definition_async(
            types.DefinitionParams(**at(child, *chicken))
        )
        found["references"] = await c.text_document_references_async(
            types.ReferenceParams(
                **at(child, *lucky), context=types.ReferenceContext(include_declaration=True)
            )
        )
        after_dot = (lucky[0], lucky[1])
        found["complete_option"] = await c.text_document_completion_async(
            types.CompletionParams(**at(child, *after_dot))
        )
        hand = position_of(CHILD, "123m456m789m111z22p")
        found["complete_tiles"] = await c.text_document_completion_async(
            types.CompletionParams(**at(child, hand[0], hand[1] + 3))
        )
        found["complete_tier"] = await c.text_document_completion_async(
            types.CompletionParams(**at(child, tier[0], tier[1]))
        )
        found["rename"] = await c.text_document_rename_async(
            types.RenameParams(**at(child, *lucky), new_name="fortunate")
        )
        found["symbols"] = await c.text_document_document_symbol_async(
            types.DocumentSymbolParams(types.TextDocumentIdentifier(child.resolve().as_uri()))
        )
        found["tokens"] = await c.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(types.TextDocumentIdentifier(child.resolve().as_uri()))
        )
        found["garbage"] = await s.change(child, GARBAGE)
        found["garbage_answers"] = [
            await c.text_document_hover_async(types.HoverParams(**at(child, 1, 14))),
            await c.text_document_completion_async(types.CompletionParams(**at(child, 1, 14))),
            await c.text_document_completion_async(types.CompletionParams(**at(child, 1, 99))),
            await c.text_document_definition_async(types.DefinitionParams(**at(child, 9, 9))),
            await c.text_document_semantic_tokens_full_async(
                types.SemanticTokensParams(types.TextDocumentIdentifier(child.resolve().as_uri()))
            ),
        ]
        # typing fast: a change that another follows at once is not checked on its own
        s.send_change(child, BROKEN)
        found["typed_fast"] = await s.change(child, CHILD)

    run_session(script)
    return found


def test_server_announces_every_feature(answers: dict[str, Any]) -> None:
    caps = answers["capabilities"]
    assert caps.hover_provider and caps.definition_provider and caps.references_provider
    assert caps.rename_provider and caps.document_symbol_provider and caps.completion_provider
    assert list(caps.semantic_tokens_provider.legend.token_types) == TOKEN_TYPES


def test_a_correct_rulebook_opens_without_diagnostics(answers: dict[str, Any]) -> None:
    assert answers["open"] == []


def test_a_change_brings_the_diagnostics_of_mjc_check(answers: dict[str, Any]) -> None:
    assert [d.code for d in answers["changed"]] == ["E0107", "E0104", "E0103"]
    assert all(d.source == "mjc" for d in answers["changed"])


def test_fixing_the_text_clears_the_diagnostics(answers: dict[str, Any]) -> None:
    assert answers["fixed"] == []


def test_hover_on_an_inherited_fan_shows_value_tier_condition_source_and_tiles(
    answers: dict[str, Any],
) -> None:
    body = answers["hover_fan"].contents.value
    assert "清一色" in body and "Pure One Suit" in body
    assert "value: 4" in body and "`within`" in body
    assert "counts when:" in body and "幸运" in body  # the condition in words names the option
    assert "source: 清一色 4" in body
    assert set("🀇🀈🀉🀊🀋🀌🀍🀎🀏") <= set(body)  # the hand's 1m…9m drawn in tiles


def test_hover_on_an_option_shows_its_kind_and_default(answers: dict[str, Any]) -> None:
    body = answers["hover_option"].contents.value
    assert "幸运" in body and "toggle" in body and "default: `off`" in body


def test_hover_on_a_tier_lists_its_combining_rule(answers: dict[str, Any]) -> None:
    body = answers["hover_tier"].contents.value
    assert "爆胡以内" in body and "combine: add" in body and "cap: 4" in body


def test_definition_of_an_inherited_fan_is_in_the_parent_file(answers: dict[str, Any]) -> None:
    [where] = answers["def_parent"]
    assert where.uri == answers["parent"].resolve().as_uri()


def test_definition_across_two_extends_reaches_the_bundled_rulebook(
    answers: dict[str, Any],
) -> None:
    [where] = answers["def_bundled"]
    assert where.uri == bundled_rulebooks()["guangdong"].resolve().as_uri()
    lines = bundled_rulebooks()["guangdong"].read_text(encoding="utf-8").split("\n")
    assert lines[where.range.start.line].startswith("fan chicken")


def test_references_of_an_option_span_child_and_parent(answers: dict[str, Any]) -> None:
    uris = [r.uri for r in answers["references"]]
    child, parent = (answers[k].resolve().as_uri() for k in ("child", "parent"))
    assert uris.count(child) == 1 and uris.count(parent) == 2  # declared, used; used


def test_completion_after_option_dot_offers_the_options(answers: dict[str, Any]) -> None:
    labels = {item.label for item in answers["complete_option"].items}
    assert "lucky" in labels and "seven_pairs" in labels  # the parent's and guangdong's
    assert "fan" not in labels


def test_completion_inside_an_example_offers_tile_suits(answers: dict[str, Any]) -> None:
    labels = {item.label for item in answers["complete_tiles"].items}
    assert {"123m", "123p", "123s", "123z"} <= labels


def test_completion_after_tier_offers_the_tiers(answers: dict[str, Any]) -> None:
    labels = {item.label for item in answers["complete_tier"].items}
    assert labels == {"within", "limit"}


def test_rename_of_an_option_edits_the_child_and_the_editable_parent(
    answers: dict[str, Any],
) -> None:
    changes = answers["rename"].changes
    child, parent = (answers[k].resolve().as_uri() for k in ("child", "parent"))
    assert set(changes) == {child, parent}
    assert len(changes[child]) == 1 and len(changes[parent]) == 2
    assert all(edit.new_text == "fortunate" for edits in changes.values() for edit in edits)


def test_outline_lists_the_header_and_the_fan(answers: dict[str, Any]) -> None:
    names = [s.name for s in answers["symbols"]]
    assert names == ["rulebook child", "half"]


def test_semantic_tokens_mark_keywords_fans_options_strings_comments_and_tiles(
    answers: dict[str, Any],
) -> None:
    data = answers["tokens"].data
    kinds = {TOKEN_TYPES[data[i + 3]] for i in range(0, len(data), 5)}
    assert {"keyword", "function", "property", "string", "number", "comment", "regexp"} <= kinds


def test_while_typing_only_the_latest_text_is_checked(answers: dict[str, Any]) -> None:
    assert answers["typed_fast"] == []


def test_garbage_text_gets_a_diagnostic_and_every_request_still_answers(
    answers: dict[str, Any],
) -> None:
    assert [d.code for d in answers["garbage"]][:1] in (["E0001"], ["E0006"])
    hover, completion, far, definition, tokens = answers["garbage_answers"]
    assert completion.items  # the last good index still completes
    assert far is not None and tokens is not None and definition is not None
    assert hover is None or hover.contents.value
