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
        "The rulebook file could not be read: missing, a folder, not permitted, or not UTF-8 "
        "(the diagnostic then points at the first byte that is not). A byte-order mark and "
        "`\\r\\n` or `\\r` line endings are fine.",
        "mjc check missing.mjr",
        "Check the path; save rulebooks as UTF-8 text (not GBK, Big5 or Latin-1).",
    ),
    Code(
        "E0004",
        "error",
        "expression too deep or too long",
        "An expression (a condition, a value, a guard...) nests more than 64 levels deep or "
        "holds more than 2,000 words and symbols. Each `not`, `-`, bracket, `.`, quantifier "
        "and each operator of a chain such as `a + b + c` is a level (a chain of `and` or `or` "
        "counts once). Real rules nest under 15 levels and hold a few dozen words; the limits "
        "keep every compiler pass, each of which walks expressions recursively, far from "
        "Python's recursion limit, and are checked while the text is parsed.",
        "when not not not ... not tsumo   # 65 times `not`",
        "Name a part of the condition as its own fan or custom shape and refer to it by name, "
        "or write a long sum as a count (`count m in melds: ...`).",
    ),
    Code(
        "E0005",
        "error",
        "rulebook too large",
        "The rulebook passes a limit on its size: at most 1,000,000 bytes, 20,000 lines, "
        "2,000 characters in one line and 50,000 words and symbols (the bundled rulebooks "
        "have under 30,000 bytes, 500 lines and 2,000 words and symbols). The limits keep "
        "checking a stranger's rulebook to seconds.",
        'fan chicken "鸡胡" { value 1 when ... }   # on one line of 5,000 characters',
        "Break long lines (statements and expressions may span lines); split a very large "
        "game into a parent rulebook and one that `extends` it.",
    ),
    Code(
        "E0006",
        "error",
        "not text",
        "The rulebook holds a character that no text file holds: a NUL character (the file "
        "is likely binary) or a lone surrogate (half of a UTF-16 pair, only possible in text "
        "handed to the API).",
        "a UTF-16 file, or a binary file, named as a rulebook",
        "Check that the file is the rulebook you meant, saved as UTF-8 text.",
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
        "The shapes are standard, seven_pairs, thirteen_orphans, knitted_straight and "
        "honours_and_knitted.",
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
        "E0112",
        "error",
        "redefines the parent's item",
        "A rulebook that extends another declares a fan or an option the parent already has. "
        "Changing the parent's on purpose is written `override`, so that a typo cannot silently "
        "replace a rule.",
        'rulebook child extends guangdong { }\nfan chicken "鸡胡" { value 2 }',
        'Write `override fan chicken "鸡胡" { value 2 }`, or pick a new id.',
    ),
    Code(
        "E0113",
        "error",
        "nothing to override or remove",
        "`override` or `remove` names a fan or an option the parent rulebook does not have, or "
        "the rulebook extends no parent at all.",
        'rulebook child extends guangdong { }\noverride fan chiken "鸡胡" { value 2 }',
        "Correct the id (did you mean `chicken`?); to add a new fan, drop the word `override`.",
    ),
    Code(
        "E0114",
        "error",
        "uses a removed fan",
        "A condition refers to a fan that this rulebook removed from its parent's table.",
        "remove fan concealed_hand\nfan … { when concealed_hand and self_drawn }",
        "Keep the fan, or write the condition without it.",
    ),
    Code(
        "E0115",
        "error",
        "parent rulebook unusable",
        "The rulebook named by `extends` cannot be found or read, has errors of its own, "
        "extends its child in a circle, or makes a chain of more than 16 rulebooks.",
        "rulebook child extends guangdng { }",
        "Name a bundled rulebook or a path to a .mjr file (relative to this one), and fix the "
        "parent's own errors first.",
    ),
    Code(
        "E0116",
        "error",
        "unknown indicator kind",
        "`indicator` in the wilds section names a kind mjc does not know.",
        "wilds { indicator nxt }",
        "Write `indicator next` (the flipped tile's successor is wild) or `indicator self`.",
    ),
    Code(
        "E0117",
        "error",
        "unknown wild action",
        "`allow` or `forbid` in the wilds section names something a wild tile cannot do.",
        "wilds { fixed 5z allow discrad }",
        "Use one of substitute, discard, chow, pong, kong, claimed, robbed, win_on_discard.",
    ),
    Code(
        "E0118",
        "error",
        "unknown claim",
        "The claims section names a claim mjc does not know, or a kind of kong or robbing that "
        "does not exist.",
        "claims { chow pung kong (exposed, hidden) }",
        "The claims are chow, pong, kong and rob; kong and rob take the kinds exposed, "
        "concealed and added.",
    ),
    Code(
        "E0119",
        "error",
        "unknown seat",
        "A row of a horse table names a seat mjc does not know. Seats are counted from the "
        "dealer in turn order: `dealer` (庄家), `next` (庄下, the seat after the dealer), "
        "`opposite` (庄对), `previous` (庄上); `nobody` lists the tiles that hit no one.",
        "horses { table 4 { dealr ranks 1, 5, 9 } }",
        "Correct the seat (did you mean `dealer`?).",
    ),
    Code(
        "E0120",
        "error",
        "unknown or misplaced horse word",
        "A line of the horses section names a kind of horse mjc does not know, or says `per` "
        "something other than `player`, or says `per player` of a kind that one player draws "
        "alone (罚马 is the dealer's, 奖马 and 抓马 the winner's).",
        "horses { bougth 1 per player }",
        "The kinds are bought (买马), penalty (罚马), bonus (奖马) and grabbed (抓马); only "
        "bought horses take `per player`.",
    ),
    Code(
        "E0121",
        "error",
        "unknown payment word",
        "A line of the payments section names a payer, a kind of kong, a dealer setting or a "
        "way of paying several winners that mjc does not know. A winner is paid by `each` "
        "other player, the `discarder`, the `robbed` seat, the kong `feeder` or the "
        "`meld_feeder` (包自摸), `winds_feeder` / `dragons_feeder` (大四喜 / 大三元); "
        "a relation line by the `partner`, `discarder` or `robbed` seat; a konger by `each` "
        "or the `feeder`.",
        "payments { win discarer pays }",
        "Correct the word (did you mean `discarder`?).",
    ),
    Code(
        "E0122",
        "error",
        "unknown play rule or value",
        "A line of the play section names a rule mjc does not know, or gives it a value it "
        "does not take: a toggle takes `on` or `off`, `deal` two numbers, a word rule one of "
        "its words (`dealer_after_draw stay`), `priority` a list of win, kong, pong, chow.",
        "play { dealer_after_drwa stay }",
        "Correct the rule or the value (did you mean `dealer_after_draw`?); `mjc explain` "
        "and the language reference list every rule and its values.",
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
        "name not available here",
        "A name is known to the language but not where it is used. An option guard (`if …` on a "
        "shape, a tile group, a value, a cap, a wild or a claim) may read only options: it "
        "decides what the game has before any hand exists. A custom shape cannot read fans; "
        "only scoring adjustments and `reject` conditions can read the hand's `total`; a "
        "payments `loss_cap` value reads only the options and `hand_ceiling`.",
        'seven_pairs "七对" if self_drawn',
        "Guard with an option, e.g. `seven_pairs if option.seven_pairs`; restrict the hand in "
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
        "E0306",
        "error",
        "fan named twice in a limit",
        "A scoring `limit` names the same fan twice; the order of the names says which fan "
        "gives way first, so each may appear once.",
        "limit pure_double_chow, short_straight, pure_double_chow to 2",
        "Delete the repeated name.",
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
        "W0305",
        "warning",
        "fan can never score under an option setting",
        "Under some option setting the tile set lacks the tiles the fan's condition needs, yet "
        "the fan does not say that it depends on that option.",
        "tiles { … dragons copies 4 if not option.no_dragons }\n"
        "fan dragon_pung … { when any m in melds: m.is_dragon }",
        "Make the fan depend on the option (`when not option.no_dragons`), or keep the tiles "
        "with `keep`.",
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
        "E0404",
        "error",
        "wild tile not in play",
        "A fixed wild tile is removed from the tile set by an option setting, so under that "
        "setting the game would have no wild.",
        "tiles { … dragons copies 4 if not option.no_honours }\nwilds { fixed 5z }",
        "Keep the tile for that setting (`keep 5z if option.no_honours`), or guard the wild.",
    ),
    Code(
        "E0405",
        "error",
        "wild rule contradicts the claims",
        "The wilds section lets a wild be used for a claim the claims section does not allow.",
        "claims { pong kong }\nwilds { fixed 5z allow chow }",
        "Add the claim to the claims section, or drop the action from the wilds section.",
    ),
    Code(
        "E0406",
        "error",
        "horse tile given to two seats",
        "A horse table gives the same tile to two seats (or to a seat and to `nobody`), so a "
        "horse of that tile would point at two players at once. A rank names that rank in "
        "all three suits.",
        "table 4 {\n  dealer ranks 1, 5, 9\n  next ranks 2, 5\n}",
        "Keep each tile in one row of the table.",
    ),
    Code(
        "W0407",
        "warning",
        "horse tiles given to nobody",
        "A horse table does not mention some tiles of the tile set, so a horse of one of "
        "them would hit no one. That is usually a row left out; some documents leave tiles "
        "to no one on purpose (百色's 3- and 2-player tables), and then the rulebook says so "
        "with a `nobody` row, which silences the warning.",
        "table 3 {\n  dealer ranks 1, 5, 9 tiles 1z, 7z\n  next ranks 2, 6 tiles 2z, 6z\n"
        "  previous ranks 3, 7 tiles 3z, 5z\n}",
        "Give the tiles to a seat, or state them: `nobody ranks 4, 8 tiles 4z`.",
    ),
    Code(
        "E0409",
        "error",
        "invalid horse count",
        "Under an option setting where a horse line applies, its count is not a whole number "
        "of at least one: the count reads a choice option whose chosen value is not a number, "
        "or the arithmetic comes to zero or less.",
        'option bonus "奖马": choice(none "无马", 2 "2马") = none\nhorses { bonus option.bonus }',
        "Guard the line so it applies only where the count is a number: "
        "`bonus option.bonus if option.bonus != none`.",
    ),
    Code(
        "E0411",
        "error",
        "play rule contradicts the rulebook",
        "A line of the play section restricts or orders something the rest of the rulebook "
        "does not have (漏碰 without a pong claim, 过吃不吃 without a chow), sets who deals "
        "after several winners when several winners are not allowed, or reserves more tiles "
        "than the wall holds after the deal.",
        "claims { pong kong }\nplay { no_chow_to_rebuild on }",
        "Add the claim (or allow several winners), or drop the line.",
    ),
    Code(
        "E0501",
        "error",
        "invalid option default",
        "An option's default is not one of its choices, not on/off for a toggle, or outside the "
        "range of a number; or the default options (or a preset) break one of the rulebook's "
        "constraints.",
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
    Code(
        "E0509",
        "error",
        "payment that cannot sum to zero",
        "Settlement moves points from a payer to the one paid, so every round sums to zero. "
        "This line cannot: the one paid would pay himself (`win winner pays`), `for all` has "
        "no single payer to charge every loser's share to (`win each pays for all`), or the "
        "payer cannot exist (the feeder of a concealed kong).",
        "payments { win each pays for all when self_drawn }",
        "Name one payer for `for all` (`win discarder pays for all`), or drop `for all`.",
    ),
    Code(
        "E0507",
        "error",
        "horse table for an unsupported player count",
        "The horses section has a table for a number of players the rulebook's `players` "
        "section does not list, so no game would ever read it.",
        "players 4\nhorses { table 3 { dealer ranks 1, 4, 7 } }",
        "Add the count to the `players` section, or remove the table.",
    ),
    Code(
        "E0508",
        "error",
        "seat absent at this player count",
        "A horse table names a seat that a game of its player count does not have: 3 players "
        "have `dealer`, `next` and `previous` (庄家, 庄下, 庄上), and 2 players `dealer` and "
        "`next` — at two players the dealer's only opponent is the next seat, whatever a "
        "document calls it (潮州 庄对, 百色 庄家下家).",
        "table 2 {\n  dealer ranks 1, 3, 5, 7, 9\n  opposite ranks 2, 4, 6, 8\n}",
        "Use a seat of that player count: at 2 players write `next` for the other seat.",
    ),
    Code(
        "E0510",
        "error",
        "example disagrees with the rulebook",
        "`mjc check` scores every inline example with the module generated from the "
        "rulebook: an `example` hand must score its fan in its stated situation, and a "
        "`counterexample` must not. The message says what the hand scores instead, so that "
        "no docs page shows a hand as scoring a fan the rules do not give it.",
        'fan pure_one_suit "清一色" {\n  when suits(tiles) == 1\n'
        '  example "123m456p789s345s22z"\n}',
        "Correct the hand (here `123m456m789m345m22m`), turn it into a `counterexample`, or "
        "correct the rule if the source document says the hand scores the fan.",
    ),
    Code(
        "E0410",
        "error",
        "negative fan value",
        "A fan's value is below zero under some setting of the options. A fan adds to the "
        "score; a penalty is a payment, not a fan.",
        'fan chicken "鸡胡" { value -2 }',
        "Give the fan a value of zero or more; write a penalty in the payments section.",
    ),
    Code(
        "E0901",
        "error",
        "generated module does not compile",
        "Python refused the module mjc generated for a rulebook that passed every check. mjc "
        "compiles each module before writing or importing it, so this is reported instead of "
        "a broken file; it is a bug in mjc, not in the rulebook.",
        "mjc build my_rulebook.mjr",
        "Report it with the rulebook; meanwhile simplify the condition the message names.",
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
