"""Completion: what may be typed at the cursor, read from the text of the line before it
(the document may not parse while it is being typed) and from the last symbol index.

- after `option.`: the option names; after `option.x ==` (or `!=`, `in [`): its choices;
  after `x =` inside a preset: the choices of option `x`;
- after `tier`: the tiers; after `excludes`, `implies`, `replaces`: the fans;
- inside the string of `example "`/`counterexample "`: tile notation (digits then a suit
  letter, `[` melds);
- elsewhere: the grammar's keywords (`parse.keywords`), fan ids, shapes, situations and the
  builtin words of `mjc.compiler.language.vocabulary`.
"""

from __future__ import annotations

import re

from lsprotocol import types

from mjc.compiler.language import vocabulary
from mjc.compiler.language.playtext import takes
from mjc.compiler.language.vocabulary_play import PLAY_WORDS
from mjc.compiler.lsp.index import Kind, SymbolIndex
from mjc.compiler.lsp.state import DocumentState
from mjc.compiler.syntax.parse import keywords

_OPTION_DOT = re.compile(r"option\.([A-Za-z0-9_]*)$")
_CHOICE_AFTER = re.compile(
    r"option\.([A-Za-z_][A-Za-z0-9_]*)\s*(?:==|!=|in\s*\[[^\]]*)\s*"
    r"([A-Za-z0-9_]*)$"
)
_PRESET_SETTING = re.compile(r"(?:^|[\s{])([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([A-Za-z0-9_]*)$")
_AFTER_WORD = re.compile(
    r"\b(tier|excludes|implies|replaces)\s+(?:[A-Za-z0-9_]+\s*,\s*)*"
    r"([A-Za-z0-9_]*)$"
)
_HAND_STRING = re.compile(r'\b(?:counter)?example\s+"([^"]*)$')

_SUITS = {
    "m": "万 characters",
    "p": "筒 dots",
    "s": "条 bamboo",
    "z": "字 honours",
    "f": "花 flowers",
}

_ITEM_KIND: dict[Kind, types.CompletionItemKind] = {
    "fan": types.CompletionItemKind.Function,
    "option": types.CompletionItemKind.Property,
    "choice": types.CompletionItemKind.EnumMember,
    "tier": types.CompletionItemKind.Class,
    "shape": types.CompletionItemKind.Struct,
    "situation": types.CompletionItemKind.Variable,
    "preset": types.CompletionItemKind.Module,
    "deal_win": types.CompletionItemKind.Event,
    "kong_kind": types.CompletionItemKind.EnumMember,
    "declaration": types.CompletionItemKind.Variable,
}


def _names(index: SymbolIndex | None, kind: Kind) -> list[types.CompletionItem]:
    if index is None:
        return []
    return [
        types.CompletionItem(label=name, kind=_ITEM_KIND[kind], detail=f"{kind} {_label(sym.node)}")
        for name, sym in sorted(index.names(kind).items())
    ]


def _label(node: object) -> str:
    for attr in ("name", "label"):
        value = getattr(node, attr, None)
        if isinstance(value, str):
            return value
    return ""


def _choices(index: SymbolIndex | None, option: str) -> list[types.CompletionItem]:
    if index is None:
        return []
    prefix = option + "."
    return [
        types.CompletionItem(
            label=name[len(prefix) :],
            kind=types.CompletionItemKind.EnumMember,
            detail=f"choice of {option} {_label(sym.node)}".rstrip(),
        )
        for name, sym in sorted(index.names("choice").items())
        if name.startswith(prefix)
    ]


def _tiles(typed: str) -> list[types.CompletionItem]:
    """Tile notation inside a hand: a run of digits takes a suit letter; else digits and `[`."""
    digits = re.search(r"[1-9]+$", typed)
    if digits is not None:
        run = digits[0]
        return [
            types.CompletionItem(
                label=run + suit,
                kind=types.CompletionItemKind.Value,
                detail=words,
                insert_text=suit,
            )
            for suit, words in _SUITS.items()
        ]
    items = [
        types.CompletionItem(
            label=str(d),
            kind=types.CompletionItemKind.Value,
            detail="a rank; then a suit letter m p s z f",
        )
        for d in range(1, 10)
    ]
    items.append(
        types.CompletionItem(
            label="[", kind=types.CompletionItemKind.Operator, detail="a declared meld: [555m]"
        )
    )
    return items


def _everything(index: SymbolIndex | None) -> list[types.CompletionItem]:
    items = [
        types.CompletionItem(label=w, kind=types.CompletionItemKind.Keyword)
        for w in sorted(keywords())
    ]
    kinds: tuple[Kind, ...] = ("fan", "shape", "situation")
    for kind in kinds:
        items += _names(index, kind)
    builtin: dict[str, str] = {}
    for table in (
        vocabulary.ARRANGEMENT_FACTS,
        vocabulary.SITUATION_FACTS,
        vocabulary.HAND_FACTS,
        vocabulary.HELD_FACTS,
        vocabulary.RESULT_FACTS,
        vocabulary.POINTS_FACTS,
    ):
        builtin |= {name: word.meaning for name, word in table.items()}
    builtin |= {name: f.meaning for name, f in vocabulary.FUNCTIONS.items()}
    builtin |= {name: "a suit" for name in vocabulary.SUIT_CONSTANTS}
    builtin |= {name: "a list of tiles" for name in vocabulary.TILE_LIST_CONSTANTS}
    taken = {item.label for item in items}
    items += [
        types.CompletionItem(
            label=name, kind=types.CompletionItemKind.Constant, detail=f"builtin: {meaning}"
        )
        for name, meaning in sorted(builtin.items())
        if name not in taken
    ]
    taken = {item.label for item in items}
    items += [
        types.CompletionItem(
            label=name, kind=types.CompletionItemKind.Property, detail=f"play rule: {takes(name)}"
        )
        for name in PLAY_WORDS
        if name not in taken
    ]
    return items


def completions(state: DocumentState, position: types.Position) -> types.CompletionList:
    line = state.lines.line(position.line)
    _, column = state.lines.from_lsp(position.line, position.character)
    before = line[: column - 1]
    index = state.index
    return types.CompletionList(is_incomplete=False, items=_items(before, index))


def _items(before: str, index: SymbolIndex | None) -> list[types.CompletionItem]:
    if "#" in before and before.count('"') % 2 == 0:
        return []  # in a comment
    hand = _HAND_STRING.search(before)
    if hand is not None:
        return _tiles(hand[1])
    if before.count('"') % 2 == 1:
        return []  # inside some other string: free text
    match = _CHOICE_AFTER.search(before)
    if match is not None:
        return _choices(index, match[1])
    if _OPTION_DOT.search(before):
        return _names(index, "option")
    match = _PRESET_SETTING.search(before)
    if match is not None and index is not None and index.lookup("option", match[1]):
        return _choices(index, match[1])
    match = _AFTER_WORD.search(before)
    if match is not None:
        return _names(index, "tier" if match[1] == "tier" else "fan")
    return _everything(index)
