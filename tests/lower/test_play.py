"""The play section (行牌): parsed, lowered, checked, generated into `turn_rules`, documented.

A small rulebook with a play section goes through every stage; the bundled rulebooks' own
play sections are tested clause by clause in tests/rulebooks/test_play_*.py.
"""

from __future__ import annotations

import dataclasses
import typing

import pytest

from mjc.compiler.docs.comparison import generate_comparison_page
from mjc.compiler.docs.docgen import generate_page
from mjc.compiler.driver import compile_source
from mjc.compiler.language.vocabulary_play import PLAY_VALUES, PLAY_WORDS, TURN_RULES_TYPES
from mjc.compiler.lower.play import effective
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from mjc.runtime.rules.turnrules import TurnRules

BOOK = """\
rulebook mini { title "迷你" }
players 4
tiles {
  characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4
  total 136
}
shapes { standard }
claims {
  chow if not option.no_chow
  pong
  kong (exposed, concealed, added)
}
option no_chow "不可吃": toggle = off
option hide "暗杠不显示": toggle = off
option horses "奖马": choice(none "无马", 2 "买2马", 8 "买8马") = none
play {
  dice 2 source "游戏使用2个骰子"
  break_start smaller_die
  deal 14, 13
  reserved option.horses if option.horses != none source "留牌：留奖马牌数"
  priority win, kong, pong, chow if not option.no_chow
  priority win, kong, pong if option.no_chow
  concealed_kong_shows_tile off if option.hide
  missed_pong on convention "as the neighbours do"
  no_chow_to_rebuild on if not option.no_chow
  several_winners on
  dealer_after_several discarder
}
scoring { unit "番" tier base "番" add }
fan a "A" { value 1 when true }
"""


def _compiled(text: str = BOOK):  # type: ignore[no-untyped-def]
    compilation = compile_source(text, "mini.mjr")
    assert compilation.ok, compilation.diagnostics
    return compilation


def test_the_play_section_parses_into_keyword_values_guard_and_provenance() -> None:
    book, problems = parse(BOOK, "mini.mjr")
    assert not problems
    assert book is not None
    play = next(s for s in book.sections if isinstance(s, ast.Play))
    reserved = next(i for i in play.items if i.keyword.text == "reserved")
    assert isinstance(reserved.values[0], ast.OptionRef)
    assert reserved.guard is not None
    assert [p.kind for p in reserved.provenance] == ["source"]
    deal = next(i for i in play.items if i.keyword.text == "deal")
    assert deal.values == (ast.IntLit(14), ast.IntLit(13))


def test_several_winners_is_a_play_rule_though_payments_has_the_same_keyword() -> None:
    rules = _compiled().rulebook.play.rules
    assert ("several_winners", True) in rules[-2].settings


def test_lowering_records_the_fields_each_rule_sets_in_order() -> None:
    rules = _compiled().rulebook.play.rules
    assert rules[0].settings == (("dice", 2),)
    assert rules[2].settings == (("deal_dealer", 14), ("deal_others", 13))
    assert rules[3].count is not None and rules[3].settings == ()
    assert rules[4].settings == (("priority", ("win", "kong", "pong", "chow")),)
    assert [r.part for r in rules[:4]] == ["wall"] * 4


def test_turn_rules_follow_the_option_guards_both_ways() -> None:
    ruleset = _compiled().ruleset
    plain = ruleset.turn_rules({})
    assert plain.priority == ("win", "kong", "pong", "chow")
    assert plain.no_chow_to_rebuild is True
    assert plain.concealed_kong_shows_tile is True
    assert plain.reserved == 0
    changed = ruleset.turn_rules({"no_chow": True, "hide": True, "horses": "8"})
    assert changed.priority == ("win", "kong", "pong")
    assert changed.no_chow_to_rebuild is False
    assert changed.concealed_kong_shows_tile is False
    assert changed.reserved == 8


def test_fields_no_rule_sets_keep_the_turn_rules_defaults() -> None:
    rules = _compiled().ruleset.turn_rules({})
    assert rules.replacement == TurnRules().replacement
    assert rules.missed_win == TurnRules().missed_win


def test_the_compilers_reading_agrees_with_the_generated_module() -> None:
    compilation = _compiled()
    for setting in (
        {"no_chow": False, "hide": False, "horses": "none"},
        {"no_chow": True, "hide": True, "horses": "2"},
    ):
        expected = dataclasses.replace(TurnRules(), **effective(compilation.rulebook.play, setting))
        assert compilation.ruleset.turn_rules(setting) == expected


def test_a_rulebook_without_a_play_section_plays_by_the_defaults() -> None:
    start, end = BOOK.index("play {"), BOOK.index("scoring {")
    ruleset = _compiled(BOOK[:start] + BOOK[end:]).ruleset
    assert ruleset.turn_rules({}) == TurnRules()


def test_every_play_rule_sets_real_turn_rules_fields() -> None:
    fields = {f.name for f in dataclasses.fields(TurnRules)}
    for key, word in PLAY_WORDS.items():
        assert set(word.fields) <= fields, key


def test_every_value_of_a_word_rule_has_its_meaning_in_words() -> None:
    for key, values in PLAY_VALUES.items():
        assert set(PLAY_WORDS[key].values) == set(values), key


def test_every_toggle_says_what_it_means_on_and_off() -> None:
    for key, word in PLAY_WORDS.items():
        if word.kind == "toggle":
            assert word.says and word.off, key


def test_the_page_has_a_play_section_with_each_rule_and_its_source() -> None:
    page = generate_page(_compiled().rulebook)
    play = page[page.index("## Play (行牌)") : page.index("## Win shapes")]
    assert "### The wall (牌墙)" in play
    assert "留牌：留奖马牌数" in play
    assert "漏碰: a player who passes a pong" in play
    assert "as the neighbours do" in play
    assert "option 暗杠不显示" in play


def test_the_comparison_page_has_play_rows() -> None:
    page = generate_comparison_page([_compiled().rulebook])
    assert "Play: Restrictions (限制)" in page


@pytest.mark.parametrize(
    "line",
    ['  missed_pong on source "a <b>*bold*</b>"', '  dice 2 note "| a | table |"'],
)
def test_rulebook_text_in_the_play_section_cannot_become_markup(line: str) -> None:
    text = BOOK.replace("  several_winners on\n", line + "\n  several_winners on\n")
    text = text.replace('  missed_pong on convention "as the neighbours do"\n', "")
    if "dice 2 note" in line:
        text = text.replace('  dice 2 source "游戏使用2个骰子"\n', "")
    page = generate_page(_compiled(text).rulebook)
    assert "<b>" not in page
    assert "| a | table |" not in page


BUNDLED = ("baise", "chaozhou", "guangdong", "meizhou", "shanghai")


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_turn_rules_agree_with_the_compilers_reading_under_every_setting(
    name: str,
) -> None:
    """The generated `turn_rules` and `lower_play.effective` agree wherever the play
    section's guards and counts read the options."""
    from mjc.compiler.ir import consteval
    from mjc.compiler.loader import load

    loaded = load(name)
    book, ruleset = loaded.compilation.rulebook, loaded.ruleset
    assert book is not None and ruleset is not None
    options = {o.id: o for o in book.options}
    read = consteval.options_read([e for r in book.play.rules for e in (r.guard, r.count)])
    for setting in consteval.settings(options, read):
        expected = dataclasses.replace(TurnRules(), **effective(book.play, setting))
        values = {k: v for k, v in setting.items()}
        assert ruleset.turn_rules(values) == expected, (name, setting)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_page_has_a_play_section_with_its_sources(name: str) -> None:
    from mjc.compiler.loader import load

    book = load(name).compilation.rulebook
    assert book is not None
    page = generate_page(book)
    play = page[page.index("## Play (行牌)") : page.index("## Win shapes")]
    assert "### The wall (牌墙)" in play and "### The dealer (庄家)" in play
    sources = [p.text for r in book.play.rules for p in r.provenance if p.kind == "source"]
    assert sources and all(s.split(" ")[0][:8] in play for s in sources)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_play_rule_says_where_it_comes_from(name: str) -> None:
    """Every statement has its source quote, every gap a convention with its reason."""
    from mjc.compiler.loader import load

    book = load(name).compilation.rulebook
    assert book is not None
    for rule in book.play.rules:
        kinds = {p.kind for p in rule.provenance}
        assert kinds & {"source", "convention"}, (name, rule.key, rule.at.line)


def test_the_turn_rules_field_types_are_those_typing_reads_in_field_order() -> None:
    # read by one evaluation of every annotation, not by `get_type_hints` field by field
    hints = typing.get_type_hints(TurnRules)
    fields = [f.name for f in dataclasses.fields(TurnRules)]
    assert list(TURN_RULES_TYPES) == fields
    assert {name: hints[name] for name in fields} == TURN_RULES_TYPES
