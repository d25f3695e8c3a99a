"""A Pygments lexer for the rulebook language, so docs code blocks (```mjc) are highlighted.

Registered as the `pygments.lexers` entry point `mjc` (pyproject.toml), which is how Pygments — and
through it mkdocs-material's pymdownx.highlight — finds it once mjc is installed; files named
`*.mjr` use it too. Input is rulebook text as `grammar/rulebook.lark` defines it. The keyword lists
below are written out (a lexer must load without the compiler); a test keeps their union equal to
the grammar's keywords (`mjc.compiler.syntax.parse.keywords()`), and the builtin words come from
`mjc.compiler.language.vocabulary`, so neither can drift."""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

from mjc.compiler.language.vocabulary import (
    ARRANGEMENT_FACTS,
    BUILTIN_SHAPES,
    FUNCTIONS,
    HAND_FACTS,
    HELD_FACTS,
    MELD_ATTRIBUTES,
    SITUATION_FACTS,
    SUIT_CONSTANTS,
    TILE_ATTRIBUTES,
    TILE_GROUPS,
    TILE_LIST_CONSTANTS,
)
from mjc.compiler.language.vocabulary_play import PLAY_WORDS
from mjc.compiler.version import repository_url

__all__ = ["KEYWORDS", "MjcLexer"]

# Words that open a section or an item of a block.
DECLARATIONS = (
    "rulebook", "extends", "override", "remove", "extend", "players", "tiles", "shapes", "custom",
    "wilds", "fixed", "indicator", "cycle", "allow", "forbid", "claims", "option", "constraint",
    "preset", "situation", "scoring", "fan", "tier", "floor", "ceiling", "fix", "reject", "unit",
    "title", "english", "version", "copies", "keep", "total", "value", "when", "if", "per",
    "combine", "example", "counterexample", "win", "with", "cap", "overrides", "horses", "table",
    "ranks", "payments", "stake", "pays", "for", "kong_payment", "dealer_factor", "dealer_bonus",
    "horse_payment", "horse_payer_payment", "follow_payment", "streak_payment", "claim_relation",
    "relation_payment", "several_winners", "loss_cap", "limit", "to", "prefer", "play",
    "minimum", "without", "presumes", "because", "from", "deal_wins", "kongs", "kind",
    "replacement", "unscored", "draw_payment", "draw_refund", "best_hand", "split", "kong_transfer",
    "declarations", "choose", "discard_first", "no_claims", "exchange", "same_suit", "direction",
    "open", "fu", "points", "base", "round", "up", "honba",
)  # fmt: skip
# Where a rule comes from.
PROVENANCE = ("source", "reference", "convention", "note")
# Kinds of options, ways of combining a tier's fans, relations between fans.
TYPES = ("toggle", "choice", "number", "add", "max", "multiply", "excludes", "implies", "replaces")
# Quantifiers and the words of expressions.
OPERATOR_WORDS = ("all", "any", "none", "count", "sum", "in", "and", "or", "not")
CONSTANTS = ("true", "false")

KEYWORDS: frozenset[str] = frozenset(DECLARATIONS + PROVENANCE + TYPES + OPERATOR_WORDS + CONSTANTS)
"""Every keyword the lexer knows: a test keeps it equal to the grammar's."""

_BUILTINS = tuple(
    sorted(
        (set(ARRANGEMENT_FACTS) | set(SITUATION_FACTS) | set(HAND_FACTS) | set(HELD_FACTS)
         | set(SUIT_CONSTANTS)
         | set(TILE_LIST_CONSTANTS) | set(BUILTIN_SHAPES) | set(TILE_GROUPS))
        - KEYWORDS
    )
)  # fmt: skip
_ATTRIBUTES = tuple(sorted(set(TILE_ATTRIBUTES) | set(MELD_ATTRIBUTES)))


def _by(*tokens: object) -> object:
    """`pygments.lexer.bygroups`, typed."""
    return bygroups(*tokens)  # type: ignore[no-untyped-call]


class MjcLexer(RegexLexer):
    """The mjc rulebook language (`grammar/rulebook.lark`)."""

    name = "mjc rulebook"
    aliases: ClassVar[list[str]] = ["mjc", "mjr"]
    filenames: ClassVar[list[str]] = ["*.mjr"]
    mimetypes: ClassVar[list[str]] = ["text/x-mjc"]
    url = repository_url()

    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"', String.Double, "string"),
            # a section or fan with its id: `fan chicken`, `rulebook guangdong`
            (
                r"\b(fan|rulebook)(\s+)([A-Za-z_][A-Za-z0-9_]*)",
                _by(Keyword.Declaration, Whitespace, Name.Class),
            ),
            # `option seven_pairs "…"` declares; `option.seven_pairs` refers
            (
                r"\b(option)(\.)([A-Za-z_][A-Za-z0-9_]*)",
                _by(Keyword.Pseudo, Punctuation, Name.Variable),
            ),
            (
                r"\b(option)(\s+)([A-Za-z_][A-Za-z0-9_]*)",
                _by(Keyword.Declaration, Whitespace, Name.Variable),
            ),
            (
                r"\b(tier)(\s+)([A-Za-z_][A-Za-z0-9_]*)",
                _by(Keyword.Declaration, Whitespace, Name.Label),
            ),
            # a rule of the play section, first on its line: `missed_pong on`
            (
                r"(?m)^([ \t]*)(" + "|".join(sorted(PLAY_WORDS, key=len, reverse=True)) + r")\b",
                _by(Whitespace, Keyword.Pseudo),
            ),
            (words(PROVENANCE, prefix=r"\b", suffix=r"\b"), Keyword.Namespace),
            (words(CONSTANTS, prefix=r"\b", suffix=r"\b"), Keyword.Constant),
            (words(OPERATOR_WORDS, prefix=r"\b", suffix=r"\b"), Operator.Word),
            (words(TYPES, prefix=r"\b", suffix=r"\b"), Keyword.Type),
            (words(DECLARATIONS, prefix=r"\b", suffix=r"\b"), Keyword.Declaration),
            (r"(?<![A-Za-z0-9_])[1-9][mpszf](?![A-Za-z0-9_])", Number.Other),  # a tile
            (r"[0-9]+", Number.Integer),
            (
                r"(\.)(" + "|".join(_ATTRIBUTES) + r")\b",
                _by(Punctuation, Name.Attribute),
            ),
            (
                r"\b(" + "|".join(FUNCTIONS) + r")(\s*)(\()",
                _by(Name.Function, Whitespace, Punctuation),
            ),
            (words(_BUILTINS, prefix=r"\b", suffix=r"\b"), Name.Builtin),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"==|!=|<=|>=|<|>|\.\.|\+|-|\*|=", Operator),
            (r"[{}()\[\],:.]", Punctuation),
            (r".", Text),
        ],
        "string": [
            (r'\\[\\"nt]', String.Escape),
            (r'[^"\\\n]+', String.Double),
            (r'"', String.Double, "#pop"),
            (r"\\.|\n", String.Double, "#pop"),
        ],
    }
