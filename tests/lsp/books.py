"""Rulebooks for the language-server tests: a parent that extends the bundled guangdong, a
child that extends the parent by path, and the child with three mistakes. Their hands are
counterexamples: `mjc check` scores them under the default options, where `lucky` is off."""

from __future__ import annotations

from pathlib import Path

PARENT = """\
rulebook parent extends guangdong { title "父" version "1" }

option lucky "幸运": toggle = off
  convention "a test option"

fan pure "清一色" "Pure One Suit" {
  value 4
  tier within
  when option.lucky
  when suits(tiles) == 1
  source "清一色 4"
  counterexample "123m456m789m111p22p"
}
"""

CHILD = """\
rulebook child extends "parent.mjr" { title "子" version "1" }

# 𠀀 is a rare ideograph outside the BMP: two UTF-16 units, one code point
fan half "混一色" "Half Flush" {
  value 2
  tier within
  when option.lucky and not pure
  excludes chicken
  source "混一色 2: 一种花色加字牌"
  counterexample "123m456m789m111z22p"
}
"""

# The child with three mistakes; the first after characters outside the BMP on its line.
BROKEN = """\
rulebook child extends "parent.mjr" { title "子" version "1" }

fan half "𠀀混一色" "Half Flush" { value 2 tier wthin
  when option.lucy and not pure
  excludes chickn
  counterexample "123m456m789m111z22p"
}
"""


def write_books(folder: Path) -> tuple[Path, Path]:
    """The parent and the child on disk; returns their paths."""
    parent, child = folder / "parent.mjr", folder / "child.mjr"
    parent.write_text(PARENT, encoding="utf-8")
    child.write_text(CHILD, encoding="utf-8")
    return parent, child


def position_of(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """The LSP position (0-based line, UTF-16 character) of the nth `needle` in `text`,
    computed by encoding, independently of the server's conversion."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    before = text[:start]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    return line, len(column.encode("utf-16-le")) // 2
