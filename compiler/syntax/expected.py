"""What may come where a syntax error is, in words: every token the parser accepts there,
grouped so that the list is complete and still reads in one line.

Input is the set of terminal names the LALR parser accepts in the state it stopped in (Lark's
`UnexpectedToken.accepts`, or `UnexpectedCharacters.allowed`); output is the text of the
label, "expected `}`, a payments line (`cap`, …, `win`) or a provenance line (`convention`,
`note`, `reference`, `source`)", and the keywords a misspelt word may be meant as. The groups
are read from the grammar (`grammar/rulebook.lark`): a group is the keywords that may start one
of its rules (`payment_item`, `section`, …), so a keyword added to the grammar joins its group
without a change here. Nothing is ever cut off: a long list is made of groups, not truncated.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from mjc.frozen import Frozen, frozen

if TYPE_CHECKING:
    import lark

__all__ = ["CLOSERS", "describe_expected", "expected_keywords", "keyword_of"]

# Closing brackets are listed first: a forgotten one is the likeliest mistake.
CLOSERS = ("RBRACE", "RPAR", "RSQB")

_TOKEN_NAMES = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": "a string in double quotes",
    "TILE": "a tile such as 5m or 7z",
    "$END": "the end of the file",
}

# Tokens that start an operand; when all may come next, "an expression" says it in two words
# (and covers the quantifiers, `not`, lists and the literals too).
_OPERAND_START = frozenset({"LPAR", "NAME", "INT"})
_EXPRESSION_START = _OPERAND_START | {
    *(
        "MINUS",
        "LSQB",
        "TILE",
        "TRUE",
        "FALSE",
        "OPTION",
        "ALL",
        "ANY",
        "NONE",
        "COUNT",
        "SUM",
        "NOT",
    )
}


@frozen
class _Group(Frozen):
    """Keywords shown under one description: those that start `rules`, and `extra`."""

    words: str
    rules: tuple[str, ...]
    extra: tuple[str, ...] = ()


# In order. Provenance may start a fan line, a header line and more: it is its own group, and
# no other group's; another keyword may be in two groups (`cap` in a payments line and a tier
# clause), which are never expected together.
_GROUPS = (
    _Group("a provenance line", ("provenance",)),
    _Group("a section keyword", ("section",)),
    _Group("a header line", ("header_item",)),
    _Group("a payments line", ("payment_item",)),
    _Group("a scoring line", ("scoring_item",)),
    _Group("a fan line", ("fan_item",)),
    _Group("a wilds line", ("wild_item",)),
    _Group("a tier clause", ("tier_clause",)),
    _Group("an option type", ("option_type",)),
    _Group("an operator", ("compare_op", "add_op", "mul_op"), ("AND", "OR")),
)
_SMALLEST_GROUP = 3  # two keywords read as well one by one


def _parser() -> lark.Lark:
    # `compiler/syntax/parse.py` imports the errors module, which imports this one.
    from mjc.compiler.syntax.parse import parser

    return parser()


@functools.cache
def _patterns() -> dict[str, str]:
    """The text of every terminal written as a literal string (`PAYMENTS` → `payments`)."""
    import lark  # only where a text has an error: the lean parser does without it

    return {
        t.name: str(t.pattern.value)
        for t in _parser().terminals
        if isinstance(t.pattern, lark.lexer.PatternStr)
    }


def keyword_of(name: str) -> str | None:
    """The keyword a terminal stands for (`value` for VALUE), or None."""
    text = _patterns().get(name)
    return text if text is not None and text.isidentifier() else None


@functools.cache
def _first_sets() -> dict[str, frozenset[str]]:
    """The terminals each rule of the grammar may start with (its FIRST set)."""
    rules = _parser().rules
    first: dict[str, set[str]] = {r.origin.name: set() for r in rules}
    changed = True
    while changed:
        changed = False
        for rule in rules:
            if not rule.expansion:
                continue
            head = rule.expansion[0]
            found = {head.name} if head.is_term else first.get(head.name, set())
            if not found <= first[rule.origin.name]:
                first[rule.origin.name] |= found
                changed = True
    return {name: frozenset(terms) for name, terms in first.items()}


@functools.cache
def _group_members() -> tuple[tuple[str, frozenset[str]], ...]:
    """Each group's words and its terminals (literal ones only; provenance in its own group)."""
    first = _first_sets()
    provenance = first.get("provenance", frozenset())
    groups = []
    for group in _GROUPS:
        names = set(group.extra).union(*(first.get(rule, ()) for rule in group.rules))
        if group.rules != ("provenance",):
            names -= provenance
        groups.append((group.words, frozenset(n for n in names if n in _patterns())))
    return tuple(groups)


def _describe(name: str) -> str:
    if name in _TOKEN_NAMES:
        return _TOKEN_NAMES[name]
    text = _patterns().get(name)
    return f"`{text}`" if text is not None else name.lower()


def _listed(names: Iterable[str]) -> list[str]:
    """Backticked tokens first, alphabetically, then the ones described in words."""
    return sorted({_describe(n) for n in names}, key=lambda s: (s[0] != "`", s))


def describe_expected(names: Collection[str]) -> str:
    """The label's list: "`}`, an expression, a fan line (`counterexample`, …) or `if`"."""
    left = set(names)
    parts = [_describe(n) for n in CLOSERS if n in left]
    left -= set(CLOSERS)
    if left >= _OPERAND_START:
        left -= _EXPRESSION_START
        parts.append("an expression")
    grouped: set[str] = set()
    for words, members in _group_members():
        if len(members) >= _SMALLEST_GROUP and members <= left:
            parts.append(f"{words} ({', '.join(_listed(members))})")
            grouped |= members
    parts += _listed(left - grouped)
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def expected_keywords(names: Collection[str]) -> list[str]:
    """The keywords among what the parser accepts: what a misspelt word may be meant as."""
    return sorted(k for k in map(keyword_of, names) if k is not None)
