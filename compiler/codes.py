"""Every diagnostic code mjc can report: what it means, an example that triggers it, the fix.

Read by `mjc explain CODE`, by the SARIF renderer (rule summaries) and by the docs'
diagnostics reference. A test keeps this table, the codes the compiler emits and the golden
test files in `tests/diagnostics/` in step.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    severity: str
    summary: str
    explanation: str
    example: str
    fix: str


CODES: tuple[Code, ...] = (
    Code(
        "E0001",
        "error",
        "syntax error",
        "The text does not follow the rulebook grammar at this point. The message names what "
        "was found and the label lists what the grammar expected there.",
        "fan chicken 鸡胡 { value 1 }",
        'Names of things are strings in double quotes: fan chicken "鸡胡" { value 1 }',
    ),
    Code(
        "E0002",
        "error",
        "invalid string",
        "A string uses an escape sequence the language does not know.",
        'note "a\\q"',
        'The escapes are \\\\, \\", \\n and \\t.',
    ),
    Code(
        "E0003",
        "error",
        "unreadable rulebook file",
        "The rulebook file could not be read (missing, not UTF-8, or not permitted).",
        "mjc check missing.mjr",
        "Check the path; rulebooks are UTF-8 text.",
    ),
    Code(
        "E0101",
        "error",
        "unknown name",
        "A condition uses a name that is not a fan, a builtin fact, a win shape, a suit or a "
        "quantifier variable in scope. The help suggests the closest known name.",
        "when pure_one_sut and all_pungs",
        "Correct the spelling (did you mean `pure_one_suit`?), or declare the fan.",
    ),
    Code(
        "E0102",
        "error",
        "duplicate definition",
        "Two fans, options, shapes, tiers, tile groups or choices share an id, or a fan id hides "
        "a builtin word. Ids must be unique so that references and the generated tables are "
        "unambiguous.",
        'fan chicken "鸡胡" { value 1 }\nfan chicken "鸡和" { value 1 }',
        "Rename one of them or delete the duplicate.",
    ),
    Code(
        "E0103",
        "error",
        "relation to an unknown fan",
        "`excludes`, `implies` or `replaces` names a fan that does not exist.",
        "replaces chiken",
        "Correct the fan id (did you mean `chicken`?).",
    ),
    Code(
        "E0104",
        "error",
        "unknown option",
        "`option.<id>` names an option the rulebook does not declare.",
        "when option.sevn_pairs",
        'Correct the id, or declare it: option seven_pairs "七对": toggle = off',
    ),
    Code(
        "E0105",
        "error",
        "unknown choice",
        "A condition compares a choice option with a value that is not one of its choices.",
        "when option.cap == 48",
        "Use one of the declared choices, or add the choice to the option.",
    ),
    Code(
        "E0106",
        "error",
        "unknown attribute",
        "A tile or meld has no attribute of this name (or the value has no attributes at all).",
        "when any m in melds: m.is_pong",
        "Use a listed attribute: tiles have suit, rank, is_honour …; melds is_pung, is_chow ….",
    ),
    Code(
        "E0107",
        "error",
        "unknown tier",
        "A fan's `tier` or a tier's `overrides` names a tier the scoring section lacks.",
        "tier limt",
        "Use a tier declared in the scoring section.",
    ),
    Code(
        "E0108",
        "error",
        "unknown tile group",
        "The tiles section names a group that does not exist.",
        "tiles { charactrs copies 4 }",
        "The groups are characters, dots, bamboo, winds, dragons, flowers, seasons.",
    ),
    Code(
        "E0109",
        "error",
        "unknown function",
        "A condition calls a function that is not builtin.",
        "when suit(tiles) == 1",
        "The functions are suits, len and copies.",
    ),
    Code(
        "E0110",
        "error",
        "unknown win shape",
        "The shapes section names a shape mjc does not know.",
        "shapes { standrd }",
        "The shapes are standard, seven_pairs and thirteen_orphans.",
    ),
    Code(
        "E0111",
        "error",
        "unknown example setting",
        "An example's `with` list names something that is neither a situation nor an option.",
        'example "123m456p789s345s22z" with selfdrawn',
        "Use a situation such as self_drawn, kong_bloom or seat_wind=S, or an option id.",
    ),
    Code(
        "E0201",
        "error",
        "type mismatch",
        "An expression has a different type from what its place needs: a `when` needs a true/false "
        "fact, a `per` a number, both sides of `==` the same type, and so on.",
        "when count m in melds: m.is_pung",
        "`when` needs a fact: compare the count, e.g. `when (count m in melds: m.is_pung) >= 3`.",
    ),
    Code(
        "E0202",
        "error",
        "wrong number of arguments",
        "A builtin function was called with too many or too few arguments.",
        "when suits(tiles, melds) == 1",
        "Pass exactly the arguments the function takes: suits(tiles).",
    ),
    Code(
        "E0203",
        "error",
        "invalid tile",
        "A tile literal names no tile, such as 8z (there are seven honours).",
        "when winning_tile == 8z",
        "Honours are 1z–7z (东南西北白发中), flowers 1f–8f.",
    ),
    Code(
        "E0204",
        "error",
        "shape guard uses a hand fact",
        "A win shape's `when` guard may depend only on options: it decides which shapes a game "
        "allows before any hand exists.",
        "seven_pairs when self_drawn",
        "Guard with an option, e.g. `seven_pairs when option.seven_pairs`; restrict the hand in "
        "a fan instead.",
    ),
    Code(
        "E0301",
        "error",
        "cycle in fan relations",
        "Fans exclude, imply or replace each other in a circle, so no order of applying them is "
        "right.",
        "fan a … { replaces b }\nfan b … { replaces a }",
        "Remove one link: the higher fan excludes or replaces the lower one only.",
    ),
    Code(
        "E0302",
        "error",
        "cycle in fan references",
        "Fan conditions refer to each other in a circle, so none can be evaluated first.",
        "fan a … { when b }\nfan b … { when a }",
        "Write one of the conditions out in full.",
    ),
    Code(
        "E0303",
        "error",
        "fan can never be counted",
        "A fan implies another fan which excludes or replaces it back: whenever it scores, the "
        "other fan scores too and removes it.",
        "fan mixed_pungs … { implies all_pungs }\nfan all_pungs … { excludes mixed_pungs }",
        "Make the higher fan exclude the lower one, not the other way round.",
    ),
    Code(
        "W0304",
        "warning",
        "fan can never score with this tile set",
        "The fan's condition needs tiles the tiles section does not include, so it can never "
        "score in this game.",
        "tiles { characters copies 4 } … fan big_three_dragons … { when … m.is_dragon … }",
        "Add the tiles, or remove the fan from this rulebook.",
    ),
    Code(
        "E0401",
        "error",
        "tile counts do not add up",
        "The declared total differs from what the tile groups make, or a group has an "
        "impossible number of copies.",
        "tiles { characters copies 4 dots copies 4 total 136 }",
        "Correct a group or the total (here 72).",
    ),
    Code(
        "E0402",
        "error",
        "cap below a value it caps",
        "A fan is worth more than the cap of its tier, so its value could never be paid.",
        'tier within "爆胡以内" add cap 4 … fan pure "清一色" { value 16 tier within }',
        "Raise the cap or move the fan to a tier without a cap (a limit tier).",
    ),
    Code(
        "E0501",
        "error",
        "invalid option default",
        "An option's default is not one of its choices, not on/off for a toggle, or outside the "
        "range of a number.",
        'option cap "封顶": choice(16, 32) = 64',
        "Pick one of the declared choices as the default.",
    ),
    Code(
        "E0502",
        "error",
        "missing or repeated section",
        "Every rulebook needs one rulebook header, players, tiles, shapes and scoring section; "
        "each may appear once.",
        "(a rulebook with no scoring section)",
        'Add the section, e.g. scoring { unit "番" tier base "番" add }.',
    ),
    Code(
        "E0503",
        "error",
        "item stated twice or missing",
        "A fan states its value or tier twice, has no value, or a section states a single-valued "
        "item twice.",
        'fan chicken "鸡胡" { value 1 value 2 }',
        "Keep one.",
    ),
    Code(
        "E0504",
        "error",
        "invalid player count",
        "Mahjong is played by 2, 3 or 4 players.",
        "players 5",
        "List only 2, 3 and 4.",
    ),
    Code(
        "E0505",
        "error",
        "invalid example hand",
        "A fan's example is not valid hand notation.",
        'example "123m456p789s345s22x"',
        "Write hands in mpsz notation: digits then m, p, s or z; melds in [ ] or ( ).",
    ),
    Code(
        "E0506",
        "error",
        "invalid example setting",
        "An example's `with` item has a value of the wrong kind, such as seat_wind=Q.",
        'example "…" with seat_wind=Q',
        "Winds are E, S, W, N; flags take no value; options take one of their choices.",
    ),
)

_BY_CODE = {c.code: c for c in CODES}


def lookup(code: str) -> Code | None:
    return _BY_CODE.get(code.strip().upper())


def summaries() -> dict[str, str]:
    return {c.code: c.summary for c in CODES}


def render(code: Code) -> str:
    """The text `mjc explain` prints."""
    example = "\n".join("    " + line for line in code.example.splitlines())
    return (
        f"{code.code} ({code.severity}): {code.summary}\n\n"
        f"{code.explanation}\n\n"
        f"Example:\n\n{example}\n\n"
        f"Fix: {code.fix}"
    )
