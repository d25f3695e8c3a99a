"""The opening every small test rulebook of the code-generation tests shares: the header, four
players, the 136-tile set (suits and honours, four copies each) and the shapes; the test
writes the rest (its scoring section, fans and options)."""

from __future__ import annotations

STANDARD = '  standard "基本胡牌"'


def opening(rulebook: str, title: str, shapes: str = STANDARD) -> str:
    """The text up to the scoring section of a rulebook `rulebook` titled `title` whose shapes
    section holds the lines `shapes`."""
    return f"""
rulebook {rulebook} {{
  title "{title}"
  version "0.1"
}}

players 4

tiles {{
  characters copies 4
  dots copies 4
  bamboo copies 4
  winds copies 4
  dragons copies 4
  total 136
}}

shapes {{
{shapes}
}}
"""
