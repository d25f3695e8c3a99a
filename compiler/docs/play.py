"""The play section (行牌) and the kinds of kong of a rulebook page and of the comparison page,
in plain words.

Input is a checked `ir.Rulebook`; output is `Md` for the jinja2 templates: each rule of the
play section as a sentence (from the meanings in `mjc.compiler.language.vocabulary_play`), when its
guard says it applies, and where it comes from (its source quotes and conventions), grouped
by part (the wall, the dealer, claims, restrictions). Every rulebook text goes through
`mdtext`, so a rulebook string can never become markup.
"""

from __future__ import annotations

from typing import Any

from mjc.compiler import ir
from mjc.compiler.docs.mdtext import Md, code
from mjc.compiler.docs.prose import value_words
from mjc.compiler.docs.words import _provenance, origin_badges, when_words
from mjc.compiler.language.vocabulary_play import PLAY_PARTS, PLAY_WORDS


def rule_words(rule: ir.PlayRule, book: ir.Rulebook) -> Md:
    """One rule as a sentence: "漏碰: a player who passes a pong …", with the values filled in
    and what they mean."""
    word = PLAY_WORDS[rule.key]
    match word.kind:
        case "toggle":
            on = rule.words[0] != "off"
            return Md(word.says if on else word.off)
        case "number" | "deal" | "pair":
            return Md(word.says).format(*rule.words)
        case "count":
            assert rule.count is not None
            if isinstance(rule.count, ir.IntE) and rule.count.value == 0:
                return Md("no tile is kept back: every tile of the wall may be drawn")
            return Md(word.says).format(value_words(rule.count, book))
        case "word":
            return Md(word.says).format(Md(word.values.get(rule.words[0], rule.words[0])))
        case "situation":
            return Md(word.says).format(code(rule.words[0]))
        case "tiles":
            return Md(word.says).format(Md(", ").join(code(t) for t in rule.words))
    return Md(word.says).format(
        Md(" > ").join(Md("{} ({})").format(w, word.values.get(w, w)) for w in rule.words)
    )


def play_context(book: ir.Rulebook) -> list[dict[str, Any]]:
    """The parts of the play section that have rules, each with its rules in rulebook order:
    the sentence, the line as written, when it applies, its badges and provenance."""
    parts: list[dict[str, Any]] = []
    for part, title in PLAY_PARTS.items():
        rules = [
            {
                "words": _sentence(rule_words(rule, book) + when_words(rule.guard, book)),
                "code": code(f"{rule.key} {', '.join(rule.words)}"),
                "badges": origin_badges(rule.provenance),
                "provenance": _provenance(rule.provenance),
            }
            for rule in book.play.rules
            if rule.part == part
        ]
        if rules:
            parts.append({"title": title, "rules": rules})
    return parts


def kong_kinds_context(book: ir.Rulebook) -> list[dict[str, Any]]:
    """The kinds of kong (`kongs` section), each in words: its name and id, what it turns up,
    when it may be made, whether kong payments pay it, its badges and provenance."""
    kinds = []
    for kind in book.kongs:
        count = kind.replacement
        turns = (
            Md("the konger draws one replacement tile, as for any kong")
            if count == 1
            else Md(
                "{} tiles are turned up from the replacement end: the konger may win on the "
                "first that completes his hand (杠上开花), else they are his discards, which the "
                "others may only win on"
            ).format(count)
        )
        made = Md("; it may be made only") + when_words(kind.condition, book)
        paid = Md("; kong payments pay it") if kind.scored else Md("; it earns no kong payment")
        kinds.append(
            {
                "words": _sentence(
                    Md("**{}** ({}): ").format(kind.label or kind.id, code(kind.id))
                    + turns
                    + (made if kind.condition is not None else Md(""))
                    + paid
                ),
                "badges": origin_badges(kind.provenance),
                "provenance": _provenance(kind.provenance),
            }
        )
    return kinds


def _sentence(words: Md) -> Md:
    """The words with a capital first letter (a list item of the page)."""
    return Md(words[:1].upper()) + words[1:]


def play_summary(book: ir.Rulebook) -> Md:
    """Every rule of the play section on one line each (a cell of the comparison page)."""
    if not book.play.rules:
        return Md("common conventions")
    return Md("<br>").join(
        rule_words(rule, book) + when_words(rule.guard, book) for rule in book.play.rules
    )
