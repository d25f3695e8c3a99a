"""Hover: what a name under the cursor means, in Markdown.

A fan shows its names, value, tier, the condition in plain words (`mjc.compiler.docs.prose`, from
the last IR the document compiled to), its relations, its source quotes and an example hand
drawn in Unicode tiles; an option its choices and default; a tier its combining rule and
fans; a shape, choice, situation or preset its label; a builtin word its meaning from
`mjc.compiler.language.vocabulary`. Text from the rulebook is escaped (`mdtext.text`); when the
document has never compiled, what the AST alone says is shown.
"""

from __future__ import annotations

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, code, text
from mjc.compiler.docs.prose import condition_words, per_words, value_words
from mjc.compiler.language import vocabulary
from mjc.compiler.language.types import describe
from mjc.compiler.lsp.index import Symbol
from mjc.compiler.lsp.state import DocumentState
from mjc.compiler.syntax import ast
from mjc.runtime import HandError, parse_hand
from mjc.runtime.tiles.hand import LARGEST_TILES
from mjc.runtime.tiles.tile import RANK_OF, SUIT_OF, tile_text

# The Unicode Mahjong Tiles block (U+1F000): winds E S W N, then 中 发 白, then the suits.
_HONOURS = {1: 0x1F000, 2: 0x1F001, 3: 0x1F002, 4: 0x1F003, 5: 0x1F006, 6: 0x1F005, 7: 0x1F004}
_SUIT_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}


def tile_char(t: int) -> str:
    """Tile `t` (a tile int of `mjc.runtime.tiles.tile`) as its Unicode character."""
    suit, rank = SUIT_OF[t], RANK_OF[t]
    if suit in _SUIT_BASE:
        return chr(_SUIT_BASE[suit] + rank - 1)
    if suit == "z":
        return chr(_HONOURS[rank])
    # flowers: 春夏秋冬 are the seasons (U+1F026…), 梅兰竹菊 the flowers (U+1F022…)
    return chr(0x1F026 + rank - 1 if rank <= 4 else 0x1F022 + rank - 5)


def hand_tiles(notation: str, win: str | None = None) -> str | None:
    """A hand in tiles: the concealed tiles, each declared meld in brackets, flowers last;
    None for text that is not a hand."""
    try:
        hand = parse_hand(notation, win, tiles=LARGEST_TILES)  # any rulebook's hand size
    except (HandError, ValueError):
        return None
    parts = ["".join(tile_char(t) for t in hand.concealed)]
    parts += ["[" + "".join(tile_char(t) for t in meld.tiles) + "]" for meld in hand.melds]
    if hand.flowers:
        parts.append("".join(tile_char(t) for t in hand.flowers))
    if hand.win_tile is not None:
        parts.append(f"wins on {tile_char(hand.win_tile)} ({tile_text(hand.win_tile)})")
    return " ".join(p for p in parts if p)


def _provenance(items: tuple[ast.Provenance, ...]) -> list[str]:
    return [f"> {item.kind}: {text(item.text)}" for item in items[:4]]


def _fan(state: DocumentState, decl: ast.FanDecl) -> list[str]:
    title = f"**{text(decl.name)}**" + (f" ({text(decl.english)})" if decl.english else "")
    lines = [f"fan {code(decl.id.text)} {title}", ""]
    fan = (
        next((f for f in state.rulebook.fans if f.id == decl.id.text), None)
        if (state.rulebook is not None)
        else None
    )
    book = state.rulebook
    if fan is not None and book is not None:
        lines += _fan_ir(fan, book)
    else:
        lines.append(f"tier: {', '.join(code(t.text) for t in decl.tiers) or 'none'}")
    lines.append("")
    lines += _provenance(decl.provenance)
    for example in decl.examples[:1]:
        drawn = hand_tiles(example.hand, example.win)
        word = "example" if example.positive else "counterexample"
        lines += ["", f"{word}: {code(example.hand)}"]
        if drawn is not None:
            lines += ["", str(code(drawn))]
    return lines


def _fan_ir(fan: ir.Fan, book: ir.Rulebook) -> list[str]:
    tier = next((t for t in book.scoring.tiers if t.id == fan.tier), None)
    tier_name = f"{code(fan.tier)}" + (f" ({text(tier.name)})" if tier is not None else "")
    value = str(fan.value)
    if fan.values:
        value += "; " + "; ".join(
            f"{value_words(v, book)} if {condition_words(g, book)}" for v, g in fan.values
        )
    condition = condition_words(fan.condition, book)
    lines = [f"value: {value} · tier: {tier_name}", "", f"counts when: {condition}"]
    if fan.per is not None:
        lines.append(f"counts {per_words(fan.per, book)}")
    for word, ids in (
        ("excludes", fan.excludes),
        ("implies", fan.implies),
        ("replaces", fan.replaces),
    ):
        if ids:
            lines.append(f"{word}: {', '.join(code(i) for i in ids)}")
    return lines


def _option(decl: ast.OptionDecl) -> list[str]:
    lines = [f"option {code(decl.id.text)} **{text(decl.label)}**", ""]
    if isinstance(decl.type, ast.ChoiceType):
        choices = ", ".join(
            code(c.id.text) + (f" {text(c.label)}" if c.label else "") for c in decl.type.choices
        )
        lines.append(f"choice of {choices}")
    elif isinstance(decl.type, ast.NumberType):
        lines.append(f"a number from {decl.type.low} to {decl.type.high}")
    else:
        lines.append("a toggle (on or off)")
    if decl.default is not None:
        lines.append(f"default: {code(decl.default.text)}")
    return [*lines, "", *_provenance(decl.provenance)]


def _tier(state: DocumentState, decl: ast.TierDecl) -> list[str]:
    lines = [f"tier {code(decl.id.text)} **{text(decl.name)}**", "", f"combine: {decl.combine}"]
    lines += [f"cap: {cap.value.value}" for cap in decl.caps]
    if decl.overrides:
        lines.append("overrides: " + ", ".join(code(o.text) for o in decl.overrides))
    if state.index is not None:
        fans = [
            name
            for name, sym in state.index.names("fan").items()
            if isinstance(sym.node, ast.FanDecl)
            and any(t.text == decl.id.text for t in sym.node.tiers)
        ]
        if fans:
            lines.append("fans: " + ", ".join(code(f) for f in fans))
    return [*lines, "", *_provenance(decl.provenance)]


def _shape(state: DocumentState, decl: ast.ShapeDecl) -> list[str]:
    kind = "builtin shape" if decl.id.text in vocabulary.BUILTIN_SHAPES else "custom shape"
    lines = [f"{kind} {code(decl.id.text)}" + (f" **{text(decl.name)}**" if decl.name else "")]
    book = state.rulebook
    shape = next((s for s in book.shapes if s.id == decl.id.text), None) if book else None
    if shape is not None and book is not None:
        if shape.guard is not None:
            lines.append(f"\nallowed when: {condition_words(shape.guard, book)}")
        if shape.custom is not None:
            lines.append(f"\nwins when: {condition_words(shape.custom, book)}")
    if decl.id.text in vocabulary.BUILTIN_SHAPES:
        lines.append(f"\n{text(vocabulary.BUILTIN_SHAPES[decl.id.text])}")
    return [*lines, "", *_provenance(decl.provenance)]


def _deal_win(state: DocumentState, decl: ast.DealWin) -> list[str]:
    """A win at the deal: what each other seat pays, and when, in words once it compiled."""
    name = f" **{text(decl.name)}**" if decl.name else ""
    lines = [f"win at the deal {code(decl.id.text)}{name}: every other seat pays {decl.pays.value}"]
    book = state.rulebook
    win = next((w for w in book.deal_wins if w.id == decl.id.text), None) if book else None
    if book is not None and win is not None:
        lines.append(f"\nwhen the dealt hand: {condition_words(win.condition, book)}")
        if win.guard is not None:
            lines.append(f"\nonly when: {condition_words(win.guard, book)}")
    return [*lines, "", *_provenance(decl.provenance)]


def _kong_kind(state: DocumentState, decl: ast.KongKind) -> list[str]:
    """A kind of kong: what it turns up, whether kong payments pay it, and when it may be
    made, in words once it compiled."""
    name = f" **{text(decl.label)}**" if decl.label else ""
    count = decl.replacement.value if decl.replacement is not None else 1
    paid = "no kong payment" if decl.unscored else "kong payments"
    lines = [f"kind of kong {code(decl.id.text)}{name}: {count} replacement tile(s), {paid}"]
    book = state.rulebook
    kind = next((k for k in book.kongs if k.id == decl.id.text), None) if book else None
    if book is not None and kind is not None and kind.condition is not None:
        lines.append(
            f"\nonly when the hand after the kong: {condition_words(kind.condition, book)}"
        )
    return [*lines, "", *_provenance(decl.provenance)]


def symbol_hover(state: DocumentState, symbol: Symbol) -> str:
    """The Markdown shown for a declared name."""
    node = symbol.node
    if isinstance(node, ast.FanDecl):
        lines = _fan(state, node)
    elif isinstance(node, ast.OptionDecl):
        lines = _option(node)
    elif isinstance(node, ast.TierDecl):
        lines = _tier(state, node)
    elif isinstance(node, ast.ShapeDecl):
        lines = _shape(state, node)
    elif isinstance(node, ast.Choice):
        option, _, choice = symbol.name.partition(".")
        label = f" **{text(node.label)}**" if node.label else ""
        lines = [
            f"choice {code(choice)}{label} of option {code(option)}",
            "",
            *_provenance(node.provenance),
        ]
    elif isinstance(node, ast.DealWin):
        lines = _deal_win(state, node)
    elif isinstance(node, ast.KongKind):
        lines = _kong_kind(state, node)
    elif isinstance(node, ast.Declare):
        name = f" **{text(node.name)}**" if node.name else ""
        first = ", discarded first" if node.flags else ""
        said = f"declaration {code(node.id.text)}{name}: each seat chooses a {node.choices.text}"
        lines = [said + first + " before play", "", *_provenance(node.provenance)]
    elif isinstance(node, ast.Exchange):
        name = f" **{text(node.name)}**" if node.name else ""
        suit = " of one suit" if node.same_suit else ""
        way = node.direction.text if node.direction is not None else "dice"
        said = f"exchange {code(node.id.text)}{name}: each seat passes {node.count.value} tiles"
        lines = [f"{said}{suit} before play ({way})", "", *_provenance(node.provenance)]
    elif isinstance(node, ast.SituationDecl | ast.PresetDecl):
        lines = [
            f"{symbol.kind} {code(symbol.name)} **{text(node.label)}**",
            "",
            *_provenance(node.provenance),
        ]
    else:
        lines = [f"{symbol.kind} {code(symbol.name)}"]
    return "\n".join(lines).strip() + "\n"


_VARIANT_WORDS = {
    "extend": "extend scoring { … } in a variant: the parent's section, then these lines "
    "(scoring, play, claims, wilds, payments, shapes, kongs, deal_wins, declarations, horses, "
    "points); a setting the parent gives once is not given again (E0124)",
    "override": "override fan … / override option … in a variant: the parent's item, with "
    "the lines written here in place of its own",
    "remove": "remove fan a, b / remove option x in a variant: drops the parent's items",
}
"""The words by which a variant changes its parent's sections, shown on hover."""


def word_hover(word: str) -> str | None:
    """The meaning of a builtin word of the language, if `word` is one."""
    if word in _VARIANT_WORDS:
        return f"{code(word)}\n\n{text(_VARIANT_WORDS[word])}"
    tables: list[dict[str, vocabulary.Word]] = [
        vocabulary.ARRANGEMENT_FACTS,
        vocabulary.SITUATION_FACTS,
        vocabulary.HAND_FACTS,
        vocabulary.HELD_FACTS,
        vocabulary.RESULT_FACTS,
        vocabulary.POINTS_FACTS,
        vocabulary.TILE_ATTRIBUTES,
        vocabulary.MELD_ATTRIBUTES,
    ]
    for table in tables:
        if word in table:
            found = table[word]
            kind = describe(found.type)
            return f"builtin {code(word)}: {kind}\n\n{text(found.meaning)}"
    if word in vocabulary.FUNCTIONS:
        return f"builtin function {code(word)}\n\n{text(vocabulary.FUNCTIONS[word].meaning)}"
    if word == "tier_total":
        meaning = "a points section only: the total of a scoring tier's fans that count"
        return f"builtin function {code('tier_total(<tier>)')}\n\n{text(meaning)}"
    return None


__all__ = ["Md", "hand_tiles", "symbol_hover", "tile_char", "word_hover"]
