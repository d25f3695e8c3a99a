"""The record of a diagnostic code, and the codes of reading a rulebook: its text (E00xx:
syntax, strings, unreadable files, the size and nesting limits) and its names (E01xx: unknown or
repeated ids, words, sections, `extends`).

The records are read through `mjc.compiler.diagnostics.codes`, which joins these to the codes of the
later passes (types, relations, tiles, options, examples) into the one table that `mjc
explain`, the SARIF renderer and the docs' diagnostics reference read.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Code:
    """One code's page: `example` is text that `mjc check` reports the code for (rulebook
    text, placed in a small rulebook where it is a fragment; a command for the few codes no
    text shows), `fixed` the same text corrected, `fix` what to do, in words."""

    code: str
    severity: str
    summary: str
    explanation: str
    example: str
    fixed: str
    fix: str


READING: tuple[Code, ...] = (
    Code(
        "E0001",
        "error",
        "syntax error",
        "The text does not follow the rulebook grammar at this point. The message names what was "
        "found and the label lists what the grammar expected there.",
        "fan chicken 鸡胡 { value 1 }",
        'fan chicken "鸡胡" { value 1 }',
        "Write one of the things the label lists there; names of things, Chinese or English, are "
        "strings in double quotes.",
    ),
    Code(
        "E0002",
        "error",
        "invalid string",
        "A string uses an escape sequence the language does not know.",
        'note "a\\q"',
        'note "a\\\\q"',
        'The escapes are \\\\, \\", \\n and \\t.',
    ),
    Code(
        "E0003",
        "error",
        "unreadable rulebook file",
        "The rulebook file could not be read: missing, a folder, not permitted, or not UTF-8 (the "
        "diagnostic then points at the first byte that is not). A byte-order mark and `\\r\\n` or "
        "`\\r` line endings are fine.",
        "mjc check gbk.mjr   # a rulebook saved as GBK",
        "iconv -f GB18030 -t UTF-8 gbk.mjr > rulebook.mjr && mjc check rulebook.mjr",
        "Check the path; save rulebooks as UTF-8 text (not GBK, Big5 or Latin-1).",
    ),
    Code(
        "E0004",
        "error",
        "expression too deep or too long",
        "An expression (a condition, a value, a guard...) nests more than 64 levels deep or holds "
        "more than 2,000 words and symbols. Each `not`, `-`, bracket, `.`, quantifier and each "
        "operator of a chain such as `a + b + c` is a level (a chain of `and` or `or` counts "
        "once). Real rules nest under 15 levels and hold a few dozen words; the limits keep every "
        "compiler pass, each of which walks expressions recursively, far from Python's recursion "
        "limit, and are checked while the text is parsed.",
        "when not not not ... not self_drawn   # 65 times `not`",
        "when self_drawn   # or name a part of a long condition as a fan of its own",
        "Name a part of the condition as its own fan or custom shape and refer to it by name, or "
        "write a long sum as a count (`count m in melds: ...`).",
    ),
    Code(
        "E0005",
        "error",
        "rulebook too large",
        "The rulebook passes a limit on its size: at most 1,000,000 bytes, 20,000 lines, 2,000 "
        "characters in one line and 50,000 words and symbols (the bundled rulebooks have under "
        "30,000 bytes, 500 lines and 2,000 words and symbols). The limits keep checking a "
        "stranger's rulebook to seconds.",
        'fan chicken "鸡胡" { value 1 when ... }   # on one line of 5,000 characters',
        'fan chicken "鸡胡" {\n  value 1\n  when ...   # each clause on a line of its own\n}',
        "Break long lines (statements and expressions may span lines); split a very large game "
        "into a parent rulebook and one that `extends` it.",
    ),
    Code(
        "E0006",
        "error",
        "not text",
        "The rulebook holds a character that no text file holds: a NUL character (the file is "
        "likely binary) or a lone surrogate (half of a UTF-16 pair, only possible in text handed "
        "to the API).",
        "a UTF-16 file, or a binary file, named as a rulebook",
        "the rulebook saved as UTF-8 text",
        "Check that the file is the rulebook you meant, saved as UTF-8 text.",
    ),
    Code(
        "E0007",
        "error",
        "too many nested quantifiers",
        "An expression has more than 4 quantifiers (`all`, `any`, `none`, `count`) one inside the "
        "body of another. Generated code runs an inner quantifier once for each element of the "
        "outer one's domain, so the time to score a hand is the product of the domains: it grows "
        "exponentially with the nesting. The bundled rulebooks nest three at most (三色三步高). A "
        "quantifier in another's domain (`count m in ...`) does not count: the domain is read "
        "once.",
        "when any a in melds: any b in melds: any c in melds: any d in melds:\n"
        "  any e in melds: a.is_pung and b.is_pung and c.is_pung and d.is_pung",
        "when (count m in melds: m.is_pung) >= 4",
        "Name the inner part as a fan of its own and refer to it by name, or count once outside "
        "the quantifier instead of inside it.",
    ),
    Code(
        "W0008",
        "warning",
        "provenance laid out as a line of its block",
        "A `source`, `reference`, `convention` or `note` belongs to the item before it. Written "
        "on a line of its own at that item's indentation (or left of it), it reads as a line of "
        "the block, and after a block's last line as a note on the whole section; but no block "
        "(other than a fan's, the header's and a situation's, whose provenance is the "
        "declaration's own) has provenance of its own, so it is the last item's.",
        "payments {\n  win each pays when self_drawn\n  win discarder pays\n"
        '  note "settled after every hand"\n}',
        "payments {\n  win each pays when self_drawn\n  win discarder pays\n"
        '    note "settled after every hand"\n}',
        "Indent the line under the item it is about, as `mjc fmt` does, or move it onto that "
        "item's line; a note about the whole section goes with the line it is most about, or in "
        "a `#` comment.",
    ),
    Code(
        "E0101",
        "error",
        "unknown name",
        "A condition uses a name that is not a fan, a builtin fact, a win shape, a suit or a "
        "quantifier variable in scope. The help suggests the closest known name.",
        "when self_drwan",
        "when self_drawn",
        "Correct the spelling (the help names the closest name known there), or declare the fan.",
    ),
    Code(
        "E0102",
        "error",
        "duplicate definition",
        "Two fans, options, shapes, tiers, tile groups, choices or kinds of kong share an id, or "
        "a fan id hides "
        "a builtin word. Ids must be unique so that references and the generated tables are "
        "unambiguous.",
        'fan chicken "鸡胡" { value 1 }\nfan chicken "鸡和" { value 1 }',
        'fan chicken "鸡胡" { value 1 }',
        "Rename one of them or delete the duplicate.",
    ),
    Code(
        "E0103",
        "error",
        "relation to an unknown fan",
        "`excludes`, `implies` or `replaces` names a fan that does not exist, or a scoring "
        "`limit`, `prefer` or `minimum … without` does.",
        'fan chicken "鸡胡" { value 1 }\nfan all_chows "平胡" {\n  value 2\n  replaces chiken\n}',
        'fan chicken "鸡胡" { value 1 }\nfan all_chows "平胡" {\n  value 2\n  replaces chicken\n}',
        "Correct the fan id (the help names the closest fan).",
    ),
    Code(
        "E0104",
        "error",
        "unknown option",
        "`option.<id>` names an option the rulebook does not declare.",
        'option seven_pairs "七对": toggle = off\n'
        'fan pair_hand "对子" {\n'
        "  value 1\n"
        "  when option.sevn_pairs\n"
        "}",
        'option seven_pairs "七对": toggle = off\n'
        'fan pair_hand "对子" {\n'
        "  value 1\n"
        "  when option.seven_pairs\n"
        "}",
        'Correct the id, or declare the option: option sevn_pairs "七对": toggle = off.',
    ),
    Code(
        "E0105",
        "error",
        "unknown choice",
        "A condition compares a choice option with a value that is not one of its choices.",
        'option cap "封顶": choice(16, 32) = 16\n'
        'fan big "大牌" {\n'
        "  value 1\n"
        "  when option.cap == 48\n"
        "}",
        'option cap "封顶": choice(16, 32) = 16\n'
        'fan big "大牌" {\n'
        "  value 1\n"
        "  when option.cap == 32\n"
        "}",
        "Use one of the declared choices, or add the choice to the option.",
    ),
    Code(
        "E0106",
        "error",
        "unknown attribute",
        "A tile or meld has no attribute of this name (or the value has no attributes at all).",
        "when any m in melds: m.is_pong",
        "when any m in melds: m.is_pung",
        "Use a listed attribute: tiles have suit, rank, is_honour …; melds is_pung, is_chow ….",
    ),
    Code(
        "E0107",
        "error",
        "unknown tier",
        "A fan's `tier` or a tier's `overrides` names a tier the scoring section lacks.",
        "scoring {\n"
        '  unit "番"\n'
        '  tier base "番" add\n'
        '  tier limit "满贯" max overrides base\n'
        "}\n"
        'fan big "大牌" {\n'
        "  value 8\n"
        "  tier limt\n"
        "}",
        "scoring {\n"
        '  unit "番"\n'
        '  tier base "番" add\n'
        '  tier limit "满贯" max overrides base\n'
        "}\n"
        'fan big "大牌" {\n'
        "  value 8\n"
        "  tier limit\n"
        "}",
        "Use a tier declared in the scoring section.",
    ),
    Code(
        "E0108",
        "error",
        "unknown tile group",
        "The tiles section names a group that does not exist.",
        "tiles { charactrs copies 4 }",
        "tiles { characters copies 4 }",
        "The groups are characters, dots, bamboo, winds, dragons, flowers, seasons.",
    ),
    Code(
        "E0109",
        "error",
        "unknown function",
        "A condition calls a function that is not builtin.",
        "when suit(tiles) == 1",
        "when suits(tiles) == 1",
        "The functions are suits, len and copies.",
    ),
    Code(
        "E0110",
        "error",
        "unknown win shape",
        "The shapes section names a shape mjc does not know.",
        "shapes { standrd }",
        "shapes { standard }",
        "The shapes are standard, seven_pairs, thirteen_orphans, knitted_straight and "
        "honours_and_knitted.",
    ),
    Code(
        "E0111",
        "error",
        "unknown example setting",
        "An example's `with` list names something that is neither a situation nor an option.",
        'when self_drawn\nexample "123m456p789s345s22z" with selfdrawn',
        'when self_drawn\nexample "123m456p789s345s22z" with self_drawn',
        "Use a situation such as self_drawn, kong_bloom or seat_wind=S, or an option id.",
    ),
    Code(
        "E0112",
        "error",
        "redefines the parent's item",
        "A rulebook that extends another declares a fan or an option the parent already has. "
        "Changing the parent's on purpose is written `override`, so that a typo cannot silently "
        "replace a rule.",
        'rulebook child extends guangdong { }\nfan chicken "鸡胡" { value 2 }',
        "rulebook child extends guangdong { }\n"
        'override fan chicken "鸡胡" {\n'
        "  value 2\n"
        "  tier within\n"
        "}",
        "Write `override fan …` to change the parent's fan on purpose, or pick a new id.",
    ),
    Code(
        "E0113",
        "error",
        "nothing to override or remove",
        "`override` or `remove` names a fan or an option the parent rulebook does not have, or "
        "the rulebook extends no parent at all (nor may `extend` add lines to a section then).",
        "rulebook child extends guangdong { }\n"
        'override fan chiken "鸡胡" {\n'
        "  value 2\n"
        "  tier within\n"
        "}",
        "rulebook child extends guangdong { }\n"
        'override fan chicken "鸡胡" {\n'
        "  value 2\n"
        "  tier within\n"
        "}",
        "Correct the id (did you mean `chicken`?); to add a new fan, drop the word `override`.",
    ),
    Code(
        "E0114",
        "error",
        "uses a removed fan",
        "A condition refers to a fan that this rulebook removed from its parent's table.",
        "rulebook child extends guangdong { }\n"
        "remove fan concealed_hand\n"
        'fan concealed_self_draw "门清自摸" {\n'
        "  value 1\n"
        "  tier within\n"
        "  when concealed_hand and self_drawn\n"
        "}",
        "rulebook child extends guangdong { }\n"
        "remove fan concealed_hand\n"
        'fan concealed_self_draw "门清自摸" {\n'
        "  value 1\n"
        "  tier within\n"
        "  when concealed and self_drawn\n"
        "}",
        "Keep the fan, or write the condition without it (here with the builtin fact `concealed`).",
    ),
    Code(
        "E0115",
        "error",
        "parent rulebook unusable",
        "The rulebook named by `extends` cannot be found or read, has errors of its own, extends "
        "its child in a circle, or makes a chain of more than 16 rulebooks.",
        "rulebook child extends guangdng { }",
        "rulebook child extends guangdong { }",
        "Name a bundled rulebook or a path to a .mjr file (relative to this one), and fix the "
        "parent's own errors first.",
    ),
    Code(
        "E0116",
        "error",
        "unknown indicator kind",
        "`indicator` in the wilds section names a kind mjc does not know.",
        "wilds { indicator nxt }",
        "wilds { indicator next }",
        "Write `indicator next` (the flipped tile's successor is wild) or `indicator self`.",
    ),
    Code(
        "E0117",
        "error",
        "unknown wild action",
        "`allow` or `forbid` in the wilds section names something a wild tile cannot do.",
        "wilds { fixed 5z allow discrad }",
        "wilds { fixed 5z allow discard }",
        "Use one of substitute, discard, chow, pong, kong, claimed, robbed, win_on_discard.",
    ),
    Code(
        "E0118",
        "error",
        "unknown claim",
        "The claims section names a claim mjc does not know, or a kind of kong or robbing that "
        "does not exist.",
        "claims { chow pung kong (exposed, hidden) }",
        "claims { chow pong kong (exposed, concealed) }",
        "The claims are chow, pong, kong and rob; kong and rob take the kinds exposed, concealed "
        "and added.",
    ),
    Code(
        "E0119",
        "error",
        "unknown seat",
        "A row of a horse table names a seat mjc does not know. Seats are counted from the dealer "
        "in turn order: `dealer` (庄家), `next` (庄下, the seat after the dealer), `opposite` "
        "(庄对), `previous` (庄上); `nobody` lists the tiles that hit no one. A table "
        "`from winner` or `from discarder` counts from that seat instead, whose own row is "
        "`self` (本家), not `dealer`.",
        "horses { table 4 { dealr ranks 1, 5, 9 } }",
        "horses { table 4 { dealer ranks 1, 5, 9 } }",
        "Correct the seat (did you mean `dealer`?).",
    ),
    Code(
        "E0120",
        "error",
        "unknown or misplaced horse word",
        "A line of the horses section names a kind of horse mjc does not know, or says `per` "
        "something other than `player`, or says `per player` of a kind that one player draws "
        "alone (罚马 is the dealer's, 奖马 and 抓马 the winner's); or a `horse_payer_payment` "
        "line names a kind dealt to a player (买马, 罚马) rather than one turned up at the end.",
        "horses { bougth 1 per player }",
        "horses { bought 1 per player }",
        "The kinds are bought (买马), penalty (罚马), bonus (奖马) and grabbed (抓马); only "
        "bought horses take `per player`.",
    ),
    Code(
        "E0121",
        "error",
        "unknown payment word",
        "A line of the payments section names a payer, a kind of kong, a dealer setting or a way "
        "of paying several winners that mjc does not know. A winner is paid by `each` other "
        "player, the `discarder`, the `robbed` seat, the kong `feeder` or the `meld_feeder` "
        "(包自摸), `winds_feeder` / `dragons_feeder` (大四喜 / 大三元); a relation line by the "
        "`partner`, `discarder` or `robbed` seat; a konger by `each` or the `feeder`.",
        "payments { win discarer pays }",
        "payments { win discarder pays }",
        "Correct the word (did you mean `discarder`?).",
    ),
    Code(
        "E0122",
        "error",
        "unknown play rule or value",
        "A line of the play section names a rule mjc does not know, or gives it a value it does "
        "not take: a toggle takes `on` or `off`, `deal` two numbers, a word rule one of its words "
        "(`dealer_after_draw stay`), `priority` a list of win, kong, pong, chow.",
        "play { dealer_after_drwa stay }",
        "play { dealer_after_draw stay }",
        "Correct the rule or the value (the help names the closest); the rules and the values "
        "each takes are listed below and in the language reference.",
    ),
    Code(
        "E0123",
        "error",
        "horse payment for horses never drawn",
        "A `horse_payment` line of the payments section pays for a kind of horse (bought, "
        "penalty, bonus, grabbed) that the horses section never draws: no such horse is ever "
        "hit, so the payment is never made.",
        "payments { horse_payment bought 1 }",
        "horses { bought 1 per player }\npayments { horse_payment bought 1 }",
        "Declare the kind in the horses section (`bought 1 per player`), or remove the line.",
    ),
    Code(
        "E0124",
        "error",
        "added lines give a setting again",
        "`extend <section> { … }` adds lines after the parent's, and one of them gives again "
        "what the parent's section gives once: a scoring `unit` or `minimum`, a play rule stated "
        "without `if`, the payments' `unit`, `round up` or `kong_transfer`, the points' `base` "
        "or a label other than the parent's, or an item whose id the parent's section already "
        "has (a tier, a win shape, a kind of kong, a win at the deal, a declaration, an "
        "exchange, a horse table). Two answers to "
        "one question would leave a reader to guess which holds, so changing the parent's "
        "setting is written as a change: the section written whole replaces the parent's, and "
        "`override` changes a fan or an option. A play line under an `if` is no repeat: a later "
        "line whose `if` holds overrides an earlier one.",
        "rulebook child extends guangdong { }\n"
        'extend scoring {\n  unit "倍"\n  floor 2 when self_drawn\n}',
        "rulebook child extends guangdong { }\nextend scoring {\n  floor 2 when self_drawn\n}",
        "Drop the line to keep the parent's setting; to change it, write the whole section, "
        "which replaces the parent's (or, in play, give the added line an `if`).",
    ),
    Code(
        "E0125",
        "error",
        "section that cannot be extended",
        "`extend` names a section that cannot be added to: `players` is one setting; the tile "
        "set states its `total`, which a set with tiles added must state anew; the fu lines are "
        "worked out in order up to their rounding, so lines after the parent's would come after "
        "it; and a fan or an option is changed with `override`.",
        "rulebook child extends guangdong { }\nextend players 3",
        "rulebook child extends guangdong { }\nplayers 3",
        "Write the section whole, which replaces the parent's (`players 3`, `tiles { … }`), or "
        "`override fan …` for a fan.",
    ),
)
