"""Conditions in plain words: every condition of every bundled rulebook reads as words."""

from __future__ import annotations

import re

from mjc.compiler.docs.prose import condition_words, per_words
from mjc.compiler.site.build import compile_bundled


def fallback(words: str) -> str | None:
    """Rulebook syntax in backticks, which `prose` writes when it has no words for something
    (an id alone in backticks is fine)."""
    for code in re.findall(r"`([^`]*)`", words):
        if re.search(r"[\s=<>(:]", code):
            return code
    return None


def test_every_bundled_condition_has_plain_words() -> None:
    books, _ = compile_bundled()
    for book in books:
        for fan in book.fans:
            words = condition_words(fan.condition, book)
            assert fallback(words) is None, f"{book.id}.{fan.id}: {words}"
            if fan.per is not None:
                per = per_words(fan.per, book)
                assert fallback(per) is None, f"{book.id}.{fan.id}: {per}"


def test_guangdong_conditions_read_as_a_player_would_say_them() -> None:
    books, _ = compile_bundled()
    (gd,) = [b for b in books if b.id == "guangdong"]
    fans = {f.id: f for f in gd.fans}
    assert condition_words(fans["all_chows"].condition, gd) == (
        "the win shape is 基本胡牌 (`standard`); every meld is a chow"
    )
    assert condition_words(fans["all_honours"].condition, gd) == "every tile is an honour"
    assert condition_words(fans["chicken"].condition, gd) == "any winning hand"
    per = fans["dragon_pung"].per
    assert per is not None
    assert per_words(per, gd) == "once for each meld that is a pung or kong and is of dragons"
