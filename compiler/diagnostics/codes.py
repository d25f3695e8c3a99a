"""Every diagnostic code mjc can report: what it means, a wrong example that triggers it, the
example fixed, and the fix in words (tests/diagnostics/test_explain_examples.py checks that the
wrong example reports the code and the fixed one does not).

Read by `mjc explain CODE`, by the SARIF renderer (rule summaries) and by the docs' diagnostics
reference. The codes of reading the text and its names (E00xx, E01xx) and the `Code` record are in
`mjc.compiler.diagnostics.codes_reading`; those of what a rulebook computes and what running it
refuses (values, minimums, situations, the cost bound, the generated module) in
`mjc.compiler.diagnostics.codes_computing`; the codes of the checks between are here. A test
keeps this table, the codes the compiler emits and the golden test files in `tests/diagnostics/`
in step."""

from __future__ import annotations

from mjc.compiler.diagnostics.codes_computing import COMPUTING
from mjc.compiler.diagnostics.codes_reading import READING, Code

__all__ = ["CODES", "Code", "lookup", "render", "summaries"]

CODES: tuple[Code, ...] = (
    *READING,
    Code(
        "E0201",
        "error",
        "type mismatch",
        "An expression has a different type from what its place needs: a `when` needs a "
        "true/false fact, a `per` a number, both sides of `==` the same type, and so on.",
        "when count m in melds: m.is_pung",
        "when (count m in melds: m.is_pung) >= 3",
        "`when` needs a fact: compare the count, e.g. `when (count m in melds: m.is_pung) >= 3`.",
    ),
    Code(
        "E0202",
        "error",
        "wrong number of arguments",
        "A builtin function was called with too many or too few arguments.",
        "when suits(tiles, melds) == 1",
        "when suits(tiles) == 1",
        "Pass exactly the arguments the function takes: suits(tiles).",
    ),
    Code(
        "E0203",
        "error",
        "invalid tile",
        "A tile literal names no tile, such as 8z (there are seven honours).",
        "when winning_tile == 8z",
        "when winning_tile == 7z",
        "Honours are 1z–7z (东南西北白发中), flowers 1f–8f.",
    ),
    Code(
        "E0204",
        "error",
        "name not available here",
        "A name is known to the language but not where it is used. An option guard (`if …` on a "
        "shape, a tile group, a value, a cap, a wild or a claim) may read only options: it "
        "decides what the game has before any hand exists. A custom shape cannot read fans; only "
        "scoring adjustments and `reject` conditions can read the hand's `total`; a payments "
        "`loss_cap` value reads only the options and `hand_ceiling`.",
        'option seven_pairs "七对": toggle = off\n'
        "shapes {\n"
        "  standard\n"
        '  seven_pairs "七对" if self_drawn\n'
        "}",
        'option seven_pairs "七对": toggle = off\n'
        "shapes {\n"
        "  standard\n"
        '  seven_pairs "七对" if option.seven_pairs\n'
        "}",
        "Guard with an option; restrict the hand in a fan instead.",
    ),
    Code(
        "E0301",
        "error",
        "cycle in fan relations",
        "Fans exclude, imply or replace each other in a circle, so no order of applying them is "
        "right.",
        'fan a "甲" { value 2 replaces b }\nfan b "乙" { value 1 replaces a }',
        'fan a "甲" { value 2 replaces b }\nfan b "乙" { value 1 }',
        "Remove one link: the higher fan excludes or replaces the lower one only.",
    ),
    Code(
        "E0302",
        "error",
        "cycle in fan references",
        "Fan conditions refer to each other in a circle, so none can be evaluated first.",
        'fan a "甲" { value 1 when b }\nfan b "乙" { value 1 when a }',
        'fan a "甲" { value 1 when b }\nfan b "乙" { value 1 when self_drawn }',
        "Write one of the conditions out in full.",
    ),
    Code(
        "E0303",
        "error",
        "fan can never be counted",
        "A fan implies another fan which excludes or replaces it back: whenever it scores, the "
        "other fan scores too and removes it.",
        'fan mixed_pungs "混碰" {\n'
        "  value 8\n"
        "  when all m in melds: m.is_pung\n"
        "  implies all_pungs\n"
        "}\n"
        'fan all_pungs "碰碰胡" {\n'
        "  value 4\n"
        "  when all m in melds: m.is_pung\n"
        "  excludes mixed_pungs\n"
        "}",
        'fan mixed_pungs "混碰" {\n'
        "  value 8\n"
        "  when all m in melds: m.is_pung\n"
        "  implies all_pungs\n"
        "}\n"
        'fan all_pungs "碰碰胡" {\n'
        "  value 4\n"
        "  when all m in melds: m.is_pung\n"
        "}",
        "Make the higher fan exclude the lower one, not the other way round.",
    ),
    Code(
        "E0306",
        "error",
        "fan named twice in a limit",
        "A scoring `limit` names the same fan twice; the order of the names says which fan gives "
        "way first, so each may appear once (and once in a `prefer` or a `minimum … without`).",
        "scoring {\n"
        '  unit "番"\n'
        '  tier base "番" add\n'
        "  limit double, straight, double to 2\n"
        "}\n"
        'fan double "一般高" { value 1 }\n'
        'fan straight "连六" { value 1 }',
        "scoring {\n"
        '  unit "番"\n'
        '  tier base "番" add\n'
        "  limit double, straight to 2\n"
        "}\n"
        'fan double "一般高" { value 1 }\n'
        'fan straight "连六" { value 1 }',
        "Delete the repeated name.",
    ),
    Code(
        "W0304",
        "warning",
        "fan can never score with this tile set",
        "The fan's condition needs tiles the tiles section does not include, so it can never "
        "score in this game.",
        "tiles { characters copies 4 }\n"
        'fan big_three_dragons "大三元" {\n'
        "  value 88\n"
        "  when (count m in melds: m.is_dragon) == 3\n"
        "}",
        "tiles {\n"
        "  characters copies 4\n"
        "  dragons copies 4\n"
        "}\n"
        'fan big_three_dragons "大三元" {\n'
        "  value 88\n"
        "  when (count m in melds: m.is_dragon) == 3\n"
        "}",
        "Add the tiles, or remove the fan from this rulebook.",
    ),
    Code(
        "W0305",
        "warning",
        "fan can never score under an option setting",
        "Under some option setting the tile set lacks the tiles the fan's condition needs, yet "
        "the fan does not say that it depends on that option.",
        'option no_dragons "无字": toggle = off\n'
        "tiles {\n"
        "  characters copies 4\n"
        "  dragons copies 4 if not option.no_dragons\n"
        "}\n"
        'fan dragon_pung "箭刻" {\n'
        "  value 1\n"
        "  when any m in melds: m.is_dragon\n"
        "}",
        'option no_dragons "无字": toggle = off\n'
        "tiles {\n"
        "  characters copies 4\n"
        "  dragons copies 4 if not option.no_dragons\n"
        "}\n"
        'fan dragon_pung "箭刻" {\n'
        "  value 1\n"
        "  when not option.no_dragons\n"
        "  when any m in melds: m.is_dragon\n"
        "}",
        "Make the fan depend on the option (`when not option.no_dragons`), or keep the tiles with "
        "`keep`.",
    ),
    Code(
        "E0401",
        "error",
        "tile counts do not add up",
        "The declared total differs from what the tile groups make, or a group has an impossible "
        "number of copies.",
        "tiles { characters copies 4 dots copies 4 total 136 }",
        "tiles { characters copies 4 dots copies 4 total 72 }",
        "Correct a group or the total (here 72).",
    ),
    Code(
        "E0402",
        "error",
        "cap below a value it caps",
        "A fan is worth more than a cap of its tier that holds under every setting of the "
        "options, so its value could never be paid (a cap written with `if` is the designer's "
        "limit under those options: the fan is paid whole under the others).",
        "scoring {\n"
        '  unit "番"\n'
        '  tier within "爆胡以内" add cap 4\n'
        "}\n"
        'fan pure "清一色" {\n'
        "  value 16\n"
        "  tier within\n"
        "}",
        "scoring {\n"
        '  unit "番"\n'
        '  tier within "爆胡以内" add cap 4\n'
        '  tier limit "爆胡以外" max overrides within\n'
        "}\n"
        'fan pure "清一色" {\n'
        "  value 16\n"
        "  tier limit\n"
        "}",
        "Raise the cap or move the fan to a tier without a cap (a limit tier).",
    ),
    Code(
        "E0404",
        "error",
        "wild tile not in play",
        "A fixed wild tile is removed from the tile set by an option setting, so under that "
        "setting the game would have no wild.",
        'option no_honours "无字": toggle = off\n'
        "tiles {\n"
        "  characters copies 4\n"
        "  dragons copies 4 if not option.no_honours\n"
        "}\n"
        "wilds { fixed 5z }",
        'option no_honours "无字": toggle = off\n'
        "tiles {\n"
        "  characters copies 4\n"
        "  dragons copies 4 if not option.no_honours\n"
        "  keep 5z if option.no_honours\n"
        "}\n"
        "wilds { fixed 5z }",
        "Keep the tile for that setting (`keep 5z if option.no_honours`), or guard the wild.",
    ),
    Code(
        "E0405",
        "error",
        "wild rule contradicts the claims",
        "The wilds section lets a wild be used for a claim the claims section does not allow.",
        "claims { pong kong }\nwilds { fixed 5z allow chow }",
        "claims { chow pong kong }\nwilds { fixed 5z allow chow }",
        "Add the claim to the claims section, or drop the action from the wilds section.",
    ),
    Code(
        "E0406",
        "error",
        "horse tile given to two seats",
        "A horse table gives the same tile to two seats (or to a seat and to `nobody`), so a "
        "horse of that tile would point at two players at once. A rank names that rank in all "
        "three suits.",
        "horses {\n  table 4 {\n    dealer ranks 1, 5, 9\n    next ranks 2, 5\n  }\n}",
        "horses {\n  table 4 {\n    dealer ranks 1, 5, 9\n    next ranks 2, 6\n  }\n}",
        "Keep each tile in one row of the table.",
    ),
    Code(
        "W0407",
        "warning",
        "horse tiles given to nobody",
        "A horse table does not mention some tiles of the tile set, so a horse of one of them "
        "would hit no one. That is usually a row left out; some documents leave tiles to no one "
        "on purpose (百色's 3- and 2-player tables), and then the rulebook says so with a "
        "`nobody` row, which silences the warning.",
        "players 3\n"
        "horses {\n"
        "  table 3 {\n"
        "    dealer ranks 1, 5, 9 tiles 1z, 7z\n"
        "    next ranks 2, 6 tiles 2z, 6z\n"
        "    previous ranks 3, 7 tiles 3z, 5z\n"
        "  }\n"
        "}",
        "players 3\n"
        "horses {\n"
        "  table 3 {\n"
        "    dealer ranks 1, 5, 9 tiles 1z, 7z\n"
        "    next ranks 2, 6 tiles 2z, 6z\n"
        "    previous ranks 3, 7 tiles 3z, 5z\n"
        "    nobody ranks 4, 8 tiles 4z\n"
        "  }\n"
        "}",
        "Give the tiles to a seat, or state them: `nobody ranks 4, 8 tiles 4z`.",
    ),
    Code(
        "E0409",
        "error",
        "invalid horse count",
        "Under an option setting where a horse line applies, its count is not a whole number of "
        "at least one: the count reads a choice option whose chosen value is not a number, or the "
        "arithmetic comes to zero or less.",
        'option bonus "奖马": choice(none "无马", 2 "2马") = none\nhorses { bonus option.bonus }',
        'option bonus "奖马": choice(none "无马", 2 "2马") = none\n'
        "horses { bonus option.bonus if option.bonus != none }",
        "Guard the line so it applies only where the count is a number.",
    ),
    Code(
        "E0411",
        "error",
        "play rule contradicts the rulebook",
        "A line of the play section restricts or orders something the rest of the rulebook does "
        "not have (漏碰 without a pong claim, 过吃不吃 without a chow), sets who deals after "
        "several winners when several winners are not allowed, reserves more tiles than the wall "
        "holds after the deal, plays rounds under 荒番 (huangfan_after_draw) without declaring "
        "the situation huangfan, or lets a ready dealer keep the deal after a draw "
        "(dealer_stays_when_ready) where every dealer keeps it (dealer_after_draw stay), or "
        "ends a match on negative points (end_on_negative, 飛び) that starts at none, gives a "
        "final score (target_points, uma) to seats that start at no points, plays extra "
        "winds (extra_winds, 西入) without a match length or a target to reach, or lets the "
        "last dealer stop a match (last_dealer_stops, 和了止め) that has no length, or names "
        "the situation of a win on a set-aside tile's replacement (set_aside_bloom) where no "
        "tile is set aside.",
        "claims { pong kong }\nplay { no_chow_to_rebuild on }",
        "claims { chow pong kong }\nplay { no_chow_to_rebuild on }",
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
        'option cap "封顶": choice(16, 32) = 32',
        "Pick one of the declared choices as the default.",
    ),
    Code(
        "E0502",
        "error",
        "missing or repeated section",
        "Every rulebook needs one rulebook header, players, tiles, shapes and scoring section; "
        "each may appear once.",
        'rulebook tiny { title "小" }\n'
        "players 4\n"
        "tiles { characters copies 4 }\n"
        "shapes { standard }",
        'rulebook tiny { title "小" }\n'
        "players 4\n"
        "tiles { characters copies 4 }\n"
        "shapes { standard }\n"
        'scoring { unit "番" tier base "番" add }',
        "Add the missing section, or delete the repeated one.",
    ),
    Code(
        "E0503",
        "error",
        "item stated twice or missing",
        "A fan states its value or tier twice, has no value, or a section states a single-valued "
        "item twice.",
        'fan chicken "鸡胡" { value 1 value 2 }',
        'fan chicken "鸡胡" { value 1 }',
        "Keep one.",
    ),
    Code(
        "E0504",
        "error",
        "invalid player count",
        "Mahjong is played by 2, 3 or 4 players.",
        "players 5",
        "players 4",
        "List only 2, 3 and 4.",
    ),
    Code(
        "E0505",
        "error",
        "invalid example hand",
        "A fan's example is not valid hand notation.",
        'example "123m456p789s345s22x"',
        'example "123m456p789s345s22z"',
        "Write hands in mpsz notation: digits then m, p, s or z; melds in [ ] or ( ).",
    ),
    Code(
        "E0506",
        "error",
        "invalid example setting",
        "An example's `with` item has a value of the wrong kind, such as seat_wind=Q.",
        'example "123m456p789s345s22z" with seat_wind=Q',
        'example "123m456p789s345s22z" with seat_wind=S',
        "Winds are E, S, W, N; flags take no value; options take one of their choices.",
    ),
    Code(
        "E0509",
        "error",
        "payment that cannot sum to zero",
        "Settlement moves points from a payer to the one paid, so every round sums to zero. This "
        "line cannot: the one paid would pay himself (`win winner pays`), `for all` has no single "
        "payer to charge every loser's share to (`win each pays for all`), or the payer cannot "
        "exist (the feeder of a concealed kong).",
        "payments { win each pays for all when self_drawn }",
        "payments { win each pays when self_drawn }",
        "Name one payer for `for all` (`win discarder pays for all`), or drop `for all`.",
    ),
    Code(
        "E0507",
        "error",
        "horse table for an unsupported player count",
        "The horses section has a table for a number of players the rulebook's `players` section "
        "does not list, so no game would ever read it.",
        "players 4\nhorses { table 3 { dealer ranks 1, 4, 7 } }",
        "players 3, 4\nhorses { table 3 { dealer ranks 1, 4, 7 } }",
        "Add the count to the `players` section, or remove the table.",
    ),
    Code(
        "E0508",
        "error",
        "seat absent at this player count",
        "A horse table names a seat that a game of its player count does not have: 3 players have "
        "`dealer`, `next` and `previous` (庄家, 庄下, 庄上), and 2 players `dealer` and `next` — "
        "at two players the dealer's only opponent is the next seat, whatever a document calls it "
        "(潮州 庄对, 百色 庄家下家).",
        "players 2\n"
        "horses {\n"
        "  table 2 {\n"
        "    dealer ranks 1, 3, 5, 7, 9\n"
        "    opposite ranks 2, 4, 6, 8\n"
        "  }\n"
        "}",
        "players 2\n"
        "horses {\n"
        "  table 2 {\n"
        "    dealer ranks 1, 3, 5, 7, 9\n"
        "    next ranks 2, 4, 6, 8\n"
        "  }\n"
        "}",
        "Use a seat of that player count: at 2 players write `next` for the other seat.",
    ),
    Code(
        "E0510",
        "error",
        "example disagrees with the rulebook",
        "`mjc check` scores every inline example with the module generated from the rulebook: an "
        "`example` hand must score its fan in its stated situation, and a `counterexample` must "
        "not. The message says what the hand scores instead, so that no docs page shows a hand as "
        "scoring a fan the rules do not give it.",
        'fan pure_one_suit "清一色" {\n'
        "  value 6\n"
        "  when suits(tiles) == 1\n"
        '  example "123m456p789s345s22z"\n'
        "}",
        'fan pure_one_suit "清一色" {\n'
        "  value 6\n"
        "  when suits(tiles) == 1\n"
        '  example "123m456m789m345m22m"\n'
        "}",
        "Correct the hand, turn it into a `counterexample`, or correct the rule if the source "
        "document says the hand scores the fan.",
    ),
    Code(
        "E0598",
        "error",
        "replacement count out of range",
        "A kind of kong in the `kongs` section turns up a number of replacement tiles from the "
        "replacement end of the wall: 1 (an ordinary kong, 补张) up to 4. Zero would leave the "
        "konger a tile short, and no rule turns up more than four.",
        'claims { kong }\nkongs { kind open "开杠" replacement 5 }',
        'claims { kong }\nkongs { kind open "开杠" replacement 2 }',
        "Write a count from 1 to 4.",
    ),
    Code(
        "E0599",
        "error",
        "kinds of kong without a kong",
        "A `kongs` section declares kinds of kong, but the claims section allows no kong (or the "
        "section declares no kind at all): no kind could ever be made.",
        'claims { pong }\nkongs { kind supplement "补张" unscored }',
        'claims { pong kong }\nkongs { kind supplement "补张" unscored }',
        "Allow `kong` in the claims section, or remove the `kongs` section.",
    ),
    *COMPUTING,
)

_BY_CODE = {c.code: c for c in CODES}


def lookup(code: str) -> Code | None:
    return _BY_CODE.get(code.strip().upper())


def summaries() -> dict[str, str]:
    return {c.code: c.summary for c in CODES}


def render(code: Code, listing: str = "") -> str:
    """The text `mjc explain` prints: the meaning, the example and its fixed form, the fix;
    then `listing`, a table of the words the code is about where the caller has one (the
    rules of the play section for E0122, from the language's own dictionary)."""

    def indented(text: str) -> str:
        return "\n".join("    " + line for line in text.splitlines())

    page = (
        f"{code.code} ({code.severity}): {code.summary}\n\n"
        f"{code.explanation}\n\n"
        f"Example:\n\n{indented(code.example)}\n\n"
        f"Fixed:\n\n{indented(code.fixed)}\n\n"
        f"Fix: {code.fix}"
    )
    return f"{page}\n\n{listing.rstrip()}" if listing else page
