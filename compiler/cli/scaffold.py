"""The texts `mjc new` writes: a variant that extends another rulebook (`--from RULEBOOK`), or a
starting point of its own (`--from 108`) for a table no bundled rulebook is close to.

Input is the new rulebook's id (and for a variant, its parent's id, how the variant names it and
one of its fans, shown in the comments); output is rulebook text that `mjc check` accepts as it
is. `STARTERS` lists the starting points by the word `--from` takes.
"""

from __future__ import annotations

__all__ = ["STARTERS", "starter_text", "variant_text"]

_VARIANT = """\
# {name}: a variant of {parent}, scaffolded by `mjc new`.
# Everything not written here is inherited from {parent}; `mjc check` says where each item
# comes from. Say why each change is made with `source` (the document's words) or
# `convention` (your decision and its reason).

rulebook {name} extends {parent_ref} {{
  title "{name}"
  version "0.1"
  convention "describe what this variant changes from {parent}, and why"
}}

# Change a fan (items you write replace the parent's; the rest is kept):
#   override fan {example_fan} "{example_name}" {{ value 2 }}
#
# Remove a fan (nothing may still refer to it):
#   remove fan {example_fan}
#
# Add lines to one of the parent's sections (its lines are kept, these come after them):
#   extend scoring {{ floor 2 when self_drawn }}
#
# Add a fan:
#   fan my_fan "我的番" "My Fan" {{
#     value 1
#     when all m in melds: m.is_pung
#     example "111m555p999s333s22z"
#   }}
"""

# The 108-tile game of the three suits (万筒条, no honours, no flowers: 四川, 武汉 and many
# other tables): a whole rulebook of its own, since every bundled one plays honours.
_TILES_108 = """\
# {name}: a 108-tile rulebook (万筒条 only: no winds, no dragons, no flowers), started by
# `mjc new --from 108`. It checks as it is; make it your table's: its shapes, its fans and
# values, its claims, options and payments (docs/language.md). Say why each rule is there
# with `source` (the document's words) or `convention` (your decision and its reason).

rulebook {name} {{
  title "{name}"
  version "0.1"
  convention "a 108-tile game: the three suits, four copies of each tile"
}}

players 4

tiles {{
  characters copies 4
  dots copies 4
  bamboo copies 4
  total 108
}}

shapes {{
  standard "平胡"
  seven_pairs "七对"
}}

scoring {{
  unit "番"
  tier base "番" add
}}

fan ping_hu "平胡" "Chicken Hand" {{
  value 1
  convention "every win scores at least this: replace it with your table's base"
  example "123m456m789p234s55s"
}}

fan all_pungs "对对胡" "All Pungs" {{
  value 2
  when shape == standard and (all m in melds: m.is_pung)
  example "111m555m999p222s88s"
  counterexample "123m456m789p234s55s"
}}

fan full_flush "清一色" "Full Flush" {{
  value 4
  when suits(tiles) == 1
  example "123m456m789m234m55m"
  counterexample "123m456m789p234s55s"
}}

fan seven_pairs_fan "七对" "Seven Pairs" {{
  value 4
  when shape == seven_pairs
  example "1133m5577p2288s99s"
}}
"""

# `mjc new NAME --from WORD`: the starting points that extend no rulebook, and what each is.
STARTERS: dict[str, tuple[str, str]] = {
    "108": (_TILES_108, "a 108-tile rulebook of its own (万筒条 only, no honours, no flowers)"),
}


def starter_text(word: str, name: str) -> str:
    """The text of the starting point `word` (a key of `STARTERS`) for the rulebook `name`."""
    return STARTERS[word][0].format(name=name)


def variant_text(
    name: str, parent: str, parent_ref: str, example_fan: str, example_name: str
) -> str:
    """A variant `name` extending `parent`, named `parent_ref` in its `extends`; one of the
    parent's fans (id and name) shows how to override and remove one."""
    return _VARIANT.format(
        name=name,
        parent=parent,
        parent_ref=parent_ref,
        example_fan=example_fan,
        example_name=_escaped(example_name),
    )


def _escaped(text: str) -> str:
    """`text` inside a rulebook's string literal: its escapes written back (the parser's
    `_unquote` read them), so a fan's name with a newline in it stays on its comment line
    and never becomes rulebook text of the variant."""
    for char, escape in (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\t", "\\t")):
        text = text.replace(char, escape)
    return text
