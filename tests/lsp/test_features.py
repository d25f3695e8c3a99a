"""The language server's features called in process on a `DocumentState`: what the session
tests do not reach (tile drawing, completion contexts, rename refusals, hover on builtin
words), and that no text and no position makes any feature raise."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st
from lsprotocol import types

from mjc.compiler.lsp import completion, hover, navigation, outline, tokens
from mjc.compiler.lsp.diagnostics import lsp_diagnostics
from mjc.compiler.lsp.state import DocumentState
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.sources import bundled_rulebooks
from tests.helpers.small_rulebooks import (
    DEAL_WINS_RULEBOOK,
    DINGQUE_RULEBOOK,
    EXCHANGE_RULEBOOK,
    KONG_KINDS_RULEBOOK,
)

from .books import BROKEN, CHILD, PARENT, position_of, write_books


def _state(folder: Path, text: str) -> DocumentState:
    write_books(folder)
    state = DocumentState((folder / "child.mjr").resolve().as_uri())
    state.update(text)
    return state


def _labels(state: DocumentState, line: int, character: int) -> set[str]:
    return {i.label for i in completion.completions(state, types.Position(line, character)).items}


def test_a_hand_is_drawn_in_unicode_tiles_with_its_melds_apart() -> None:
    assert hover.hand_tiles("123m [555p] 11z") == "🀇🀈🀉🀀🀀 [🀝🀝🀝] wins on 🀀 (1z)"


def test_honours_are_drawn_east_south_west_north_white_green_red() -> None:
    assert hover.hand_tiles("1234567z").startswith("🀀🀁🀂🀃🀆🀅🀄 ")


def test_text_that_is_not_a_hand_is_not_drawn() -> None:
    assert hover.hand_tiles("9x") is None


def test_diagnostic_help_follows_the_message(tmp_path: Path) -> None:
    state = _state(tmp_path, BROKEN)
    [first, *_] = lsp_diagnostics(state)
    assert first.message.splitlines()[1] == "help: did you mean `within` (爆胡以内)?"


def test_an_error_in_the_parent_shows_on_the_extends_name(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    (tmp_path / "parent.mjr").write_text(PARENT.replace("tier within", "tier nope"), "utf-8")
    state.update(CHILD)
    [diagnostic] = lsp_diagnostics(state)
    assert diagnostic.code == "E0107"
    assert diagnostic.range.start == types.Position(*position_of(CHILD, '"parent.mjr"'))
    [related] = diagnostic.related_information or []
    assert related.location.uri == (tmp_path / "parent.mjr").resolve().as_uri()


def test_a_parent_that_does_not_parse_is_related_information_of_e0115(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    (tmp_path / "parent.mjr").write_text(PARENT + "fan {", "utf-8")
    state.update(CHILD)
    [diagnostic] = lsp_diagnostics(state)
    assert diagnostic.code == "E0115"
    related = diagnostic.related_information or []
    assert any("E0001" in r.message and r.location.uri.endswith("parent.mjr") for r in related)


def test_completion_after_option_equals_offers_its_choices() -> None:
    path = bundled_rulebooks()["baise"]
    state = DocumentState(path.resolve().as_uri())
    state.update(path.read_text(encoding="utf-8"))  # the last text that parsed gives the names
    text = path.read_text(encoding="utf-8") + '\nconstraint "x" when option.wang == \n'
    state.update(text)
    last = text.split("\n")[-2]
    option = state.index.lookup("option", "wang") if state.index else None
    assert option is not None and isinstance(option.node, ast.OptionDecl)
    assert isinstance(option.node.type, ast.ChoiceType)
    choices = {c.id.text for c in option.node.type.choices}
    assert _labels(state, text.count("\n") - 1, len(last)) == choices


def test_completion_after_excludes_offers_fans_only(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    line, character = position_of(CHILD, "chicken")
    labels = _labels(state, line, character)
    assert {"chicken", "pure", "half"} <= labels and "within" not in labels


def test_completion_elsewhere_offers_keywords_and_builtin_words(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD + "\n")
    labels = _labels(state, CHILD.count("\n"), 0)
    assert {"fan", "option", "when", "self_drawn", "suits", "pure"} <= labels


def test_completion_in_a_comment_or_a_source_string_offers_nothing(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    comment = position_of(CHILD, "is a rare")
    source = position_of(CHILD, "一种花色")
    assert _labels(state, *comment) == set() and _labels(state, *source) == set()


def test_rename_refuses_a_keyword_or_a_name_that_is_not_an_identifier(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    where = types.Position(*position_of(CHILD, "half"))
    assert navigation.rename(state, where, "fan") is None
    assert navigation.rename(state, where, "two words") is None
    assert navigation.rename(state, where, "half_flush") is not None


def test_rename_of_a_bundled_parents_fan_edits_only_this_document(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    edit = navigation.rename(state, types.Position(*position_of(CHILD, "chicken")), "hen")
    assert edit is not None and edit.changes is not None
    assert list(edit.changes) == [state.uri]


def test_only_fans_and_options_can_be_renamed(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    assert navigation.prepare_rename(state, types.Position(*position_of(CHILD, "within"))) is None


def test_hover_on_a_builtin_word_gives_its_meaning() -> None:
    words = hover.word_hover("self_drawn")
    assert words is not None and "自摸" in words


def test_hover_on_a_shape_says_when_it_is_allowed() -> None:
    path = bundled_rulebooks()["guangdong"]
    state = DocumentState(path.resolve().as_uri())
    state.update(path.read_text(encoding="utf-8"))
    symbol = state.index.lookup("shape", "seven_pairs") if state.index else None
    assert symbol is not None
    assert "allowed when:" in hover.symbol_hover(state, symbol)


def test_the_outline_of_a_bundled_rulebook_has_its_fans_under_their_own_names() -> None:
    path = bundled_rulebooks()["guangdong"]
    state = DocumentState(path.resolve().as_uri())
    state.update(path.read_text(encoding="utf-8"))
    names = {s.name for s in outline.document_symbols(state)}
    assert {"chicken", "scoring", "shapes"} <= names


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cut=st.integers(min_value=0, max_value=len(CHILD)),
    junk=st.text(alphabet='{}()"#.=:[]\n 𠀀 optionfanwhen123mz', max_size=12),
    line=st.integers(min_value=0, max_value=20),
    character=st.integers(min_value=0, max_value=80),
)
def test_no_text_and_no_position_makes_a_feature_raise(
    cut: int, junk: str, line: int, character: int
) -> None:
    # mid-typing: the rulebook cut anywhere, with a few characters typed at the cut
    text = CHILD[:cut] + junk + CHILD[cut:]
    state = DocumentState("untitled:Untitled-1")
    state.update(text)
    where = types.Position(line, character)
    lsp_diagnostics(state)
    navigation.definition(state, where)
    navigation.references(state, where, True)
    navigation.rename(state, where, "renamed")
    completion.completions(state, where)
    outline.document_symbols(state)
    tokens.semantic_tokens(state.text, state.index)
    symbol = navigation.symbol_at(state, where)
    if symbol is not None:
        hover.symbol_hover(state, symbol)


def _decoded(data: list[int]) -> list[tuple[int, int, int, str]]:
    """Semantic token data as absolute (line, character, length, type) tuples."""
    found, line, character = [], 0, 0
    for i in range(0, len(data), 5):
        line += data[i]
        character = data[i + 1] if data[i] else character + data[i + 1]
        found.append((line, character, data[i + 2], tokens.TOKEN_TYPES[data[i + 3]]))
    return found


def test_semantic_tokens_count_utf16_units_after_a_character_outside_the_bmp(
    tmp_path: Path,
) -> None:
    state = _state(tmp_path, BROKEN)
    decoded = _decoded(tokens.semantic_tokens(state.text, state.index))
    name = '"𠀀混一色"'
    line, character = position_of(BROKEN, name)
    assert (line, character, len(name.encode("utf-16-le")) // 2, "string") in decoded
    line, character = position_of(BROKEN, "half")
    assert (line, character, 4, "function") in decoded
    after = position_of(BROKEN, "value 2")
    assert (after[0], after[1], 5, "keyword") in decoded


def test_the_hands_of_examples_are_tile_tokens(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD)
    decoded = _decoded(tokens.semantic_tokens(state.text, state.index))
    hand = '"123m456m789m111z22p"'
    line, character = position_of(CHILD, hand)
    assert (line, character, len(hand), "regexp") in decoded


def test_every_outline_entry_selects_a_range_inside_itself() -> None:
    for name, path in bundled_rulebooks().items():
        state = DocumentState(path.resolve().as_uri())
        state.update(path.read_text(encoding="utf-8"))
        entries = list(outline.document_symbols(state))
        assert entries, name
        while entries:
            entry = entries.pop()
            r, s = entry.range, entry.selection_range
            assert (r.start.line, r.start.character) <= (s.start.line, s.start.character)
            assert (s.end.line, s.end.character) <= (r.end.line, r.end.character)
            entries += entry.children or []


def test_completion_offers_the_rules_of_the_play_section(tmp_path: Path) -> None:
    state = _state(tmp_path, CHILD + "\n")
    labels = _labels(state, CHILD.count("\n"), 0)
    assert {"missed_pong", "dealer_after_draw", "priority"} <= labels


def test_the_outline_shows_the_play_section(tmp_path: Path) -> None:
    text = CHILD + "\nplay {\n  dice 2\n}\n"
    state = _state(tmp_path, text)
    names = [s.name for s in outline.document_symbols(state)]
    assert "play" in names


def test_wins_at_the_deal_are_in_the_outline_and_hover_says_what_they_pay() -> None:
    state = DocumentState(DEAL_WINS_RULEBOOK.resolve().as_uri())
    state.update(DEAL_WINS_RULEBOOK.read_text(encoding="utf-8"))
    section = next(s for s in outline.document_symbols(state) if s.name == "deal_wins")
    assert [c.name for c in section.children or []] == [
        "four_alike", "no_258", "missing_suit", "two_triplets",
    ]  # fmt: skip
    symbol = state.index.lookup("deal_win", "four_alike") if state.index else None
    assert symbol is not None
    shown = hover.symbol_hover(state, symbol)
    assert "every other seat pays 2" in shown and "when the dealt hand:" in shown
    assert "only when: option 起手小胡" in shown


def test_kinds_of_kong_are_in_the_outline_and_hover_says_how_each_is_played() -> None:
    state = DocumentState(KONG_KINDS_RULEBOOK.resolve().as_uri())
    state.update(KONG_KINDS_RULEBOOK.read_text(encoding="utf-8"))
    section = next(s for s in outline.document_symbols(state) if s.name == "kongs")
    assert [c.name for c in section.children or []] == ["open", "supplement"]
    symbol = state.index.lookup("kong_kind", "open") if state.index else None
    assert symbol is not None
    shown = hover.symbol_hover(state, symbol)
    assert "2 replacement tile(s), kong payments" in shown
    assert "only when the hand after the kong:" in shown
    unscored = state.index.lookup("kong_kind", "supplement") if state.index else None
    assert unscored is not None and "no kong payment" in hover.symbol_hover(state, unscored)


def test_declarations_are_in_the_outline_and_hover_says_what_each_seat_chooses() -> None:
    state = DocumentState(DINGQUE_RULEBOOK.resolve().as_uri())
    state.update(DINGQUE_RULEBOOK.read_text(encoding="utf-8"))
    section = next(s for s in outline.document_symbols(state) if s.name == "declarations")
    assert [c.name for c in section.children or []] == ["missing_suit"]
    symbol = state.index.lookup("declaration", "missing_suit") if state.index else None
    assert symbol is not None
    shown = hover.symbol_hover(state, symbol)
    assert "each seat chooses a suit, discarded first before play" in shown


def test_an_exchange_is_in_the_outline_and_hover_says_what_each_seat_passes() -> None:
    state = DocumentState(EXCHANGE_RULEBOOK.resolve().as_uri())
    state.update(EXCHANGE_RULEBOOK.read_text(encoding="utf-8"))
    section = next(s for s in outline.document_symbols(state) if s.name == "declarations")
    assert [c.name for c in section.children or []] == ["swap", "missing_suit"]
    symbol = state.index.lookup("declaration", "swap") if state.index else None
    assert symbol is not None
    shown = hover.symbol_hover(state, symbol)
    assert "each seat passes 3 tiles of one suit before play (dice)" in shown
