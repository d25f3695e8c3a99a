"""The label of a syntax error lists everything the parser accepts there, grouped, never cut
short, and "did you mean" offers only keywords that may come there."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest
from lark.exceptions import UnexpectedToken

from mjc.compiler.syntax.expected import describe_expected, expected_keywords, keyword_of
from mjc.compiler.syntax.parse import parse, parser, section_keywords

HEAD = (
    'rulebook mini {\n  title "迷你"\n}\nplayers 4\n'
    "tiles {\n  characters copies 4\n}\nshapes {\n  standard\n}\n"
    'scoring {\n  unit "番"\n  tier base "番" add\n}\n'
)
BROKEN = {
    "top level": "fna chicken {\n}\n",
    "fan block": 'fan chicken "鸡胡" {\n  valeu 1\n}\n',
    "payments block": "payments {\n  win each pays\n  wni discarder pays\n}\n",
    "scoring block": 'scoring {\n  unti "番"\n}\n',
    "wilds block": "wilds {\n  fixd 5z\n}\n",
    "header": 'rulebook x {\n  titel "x"\n}\n',
    "option type": 'option x "x": togle\n',
    "expression": 'fan chicken "鸡胡" {\n  value 1\n  when\n}\n',
}


def _accepted(text: str) -> set[str]:
    try:
        parser().parse(text)
    except UnexpectedToken as exc:
        return set(exc.accepts or exc.expected)
    raise AssertionError("the text parses")


@pytest.mark.parametrize("where", sorted(BROKEN))
def test_every_keyword_the_parser_accepts_is_in_the_label(where: str) -> None:
    text = HEAD + BROKEN[where]
    _, [problem] = parse(text, "t.mjr")
    assert "…" not in problem.label
    listed = set(re.findall(r"`([^`]+)`", problem.label))
    words = {keyword_of(n) for n in _accepted(text)} - {None}
    operand_starts = {"all", "any", "none", "count", "sum", "not", "true", "false", "option"}
    if "an expression" in problem.label:
        words -= operand_starts
    assert words <= listed


def test_the_top_level_lists_the_section_keywords_as_one_group() -> None:
    accepted = cast(Any, parser().parse_interactive("")).accepts()
    label = describe_expected(accepted)
    assert label.startswith("a section keyword (`claims`, ")
    assert label.endswith(") or the end of the file")
    assert set(re.findall(r"`([^`]+)`", label)) == set(section_keywords())


def test_a_group_is_shown_only_when_all_of_it_may_come() -> None:
    assert describe_expected({"RBRACE", "SOURCE", "NOTE"}) == "`}`, `note` or `source`"


@pytest.mark.parametrize(
    ("line", "meant"),
    [("fna chicken {\n}\n", "fan"), ("payemnts {\n}\n", "payments"), ("optoin x\n", "option")],
)
def test_a_misspelt_section_keyword_is_offered_a_section_keyword(line: str, meant: str) -> None:
    _, [problem] = parse(HEAD + line, "t.mjr")
    assert problem.help == f"did you mean `{meant}`?"


def test_a_word_no_keyword_here_is_close_to_gets_no_suggestion() -> None:
    _, [problem] = parse(HEAD + "payments {\n  win each pays\n  payment 1\n}\n", "t.mjr")
    assert "kong_payment" not in (problem.help or "")
    assert expected_keywords({"KONG_PAYMENT", "RBRACE", "NAME"}) == ["kong_payment"]
