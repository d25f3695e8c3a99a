"""Semantic tokens (textDocument/semanticTokens/full): keywords, fan ids, options, choices,
tiers and shapes, strings, numbers, comments and tiles, for highlighting beyond what a
TextMate grammar can tell (a fan id and a builtin word look alike to it).

Read from the text with the grammar's own terminal patterns (`grammar/mjc.lark`: TILE,
NAME, INT, STRING, COMMENT), so it works on text that does not parse; which names are fans
or options comes from the last symbol index. The hands of `example` strings are tiles.
Positions are LSP's: 0-based lines, UTF-16 characters, each token on one line.
"""

from __future__ import annotations

import re

from mjc.compiler.lsp.index import SymbolIndex
from mjc.compiler.lsp.positions import utf16_character, utf16_length
from mjc.compiler.syntax.parse import keywords

TOKEN_TYPES = [
    "keyword",  # 0
    "function",  # 1 fan
    "property",  # 2 option
    "enumMember",  # 3 choice
    "class",  # 4 tier
    "type",  # 5 shape
    "string",  # 6
    "number",  # 7
    "comment",  # 8
    "regexp",  # 9 tile (notation)
    "variable",  # 10 situation, preset
]
TOKEN_MODIFIERS: list[str] = ["declaration"]

_TOKEN = re.compile(
    r"(?P<comment>#[^\n]*)"
    r'|(?P<string>"(?:[^"\\\n]|\\.)*"?)'
    r"|(?P<tile>[1-9][mpszf](?![A-Za-z0-9_]))"
    r"|(?P<option>option\.[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<number>[0-9]+)"
)
_NAME_TYPES = {
    "fan": 1, "option": 2, "tier": 4, "shape": 5, "situation": 10, "preset": 10, "deal_win": 10,
    "kong_kind": 10, "declaration": 10,
}  # fmt: skip
_HAND_WORDS = ("example", "counterexample")


def _name_type(name: str, index: SymbolIndex | None, words: frozenset[str]) -> int | None:
    if index is not None:
        for kind, token_type in _NAME_TYPES.items():
            if index.lookup(kind, name) is not None:  # type: ignore[arg-type]
                return token_type
    if name in words:
        return 0
    return None


def semantic_tokens(text: str, index: SymbolIndex | None) -> list[int]:
    """The encoded token data: five integers per token, each relative to the one before."""
    words = keywords()
    declared = (
        {(r.span.line, r.span.column) for r in index.references if r.is_declaration}
        if index is not None
        else set()
    )
    data: list[int] = []
    last_line = last_char = 0
    for row, line in enumerate(text.split("\n")):
        previous_word = ""
        for match in _TOKEN.finditer(line):
            kind = match.lastgroup
            token: int | None
            if kind == "name":
                token = _name_type(match[0], index, words)
                previous = previous_word
                previous_word = match[0]
                if token is None and previous == "option" and index is not None:
                    token = 2
            elif kind == "option":
                token = 2 if index is None or index.lookup("option", match[0][7:]) else None
                previous_word = ""
            else:
                token = {"comment": 8, "string": 6, "tile": 9, "number": 7}[kind or "number"]
                if kind == "string" and previous_word in _HAND_WORDS:
                    token = 9
                previous_word = "" if kind != "comment" else previous_word
            if token is None:
                continue
            start = utf16_character(line, match.start())
            length = utf16_length(match[0])
            modifiers = 1 if (row + 1, match.start() + 1) in declared else 0
            delta_line = row - last_line
            delta_char = start - last_char if delta_line == 0 else start
            data += [delta_line, delta_char, length, token, modifiers]
            last_line, last_char = row, start
    return data
