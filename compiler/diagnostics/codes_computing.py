"""The codes of what a rulebook computes and what running it refuses: a fan value or a minimum
below zero, a minimum that leaves out a fan of a tier that does more than add, a condition that
asks for a situation and a fact it denies, a scoring that would cost too much, a dealer bonus
below zero, a situation that cannot hold (refused at run time as well as in `mjc check`), and
a generated module Python refuses.

Read through `mjc.compiler.diagnostics.codes`, which joins them to the other codes into the
one table `mjc explain`, the SARIF renderer and the docs' diagnostics reference read.
"""

from __future__ import annotations

from mjc.compiler.diagnostics.codes_reading import Code

__all__ = ["COMPUTING"]

COMPUTING: tuple[Code, ...] = (
    Code(
        "E0410",
        "error",
        "negative fan value",
        "A fan's value is below zero under some setting of the options. A fan adds to the score; "
        "a penalty is a payment, not a fan.",
        'fan chicken "鸡胡" { value -2 }',
        'fan chicken "鸡胡" { value 2 }',
        "Give the fan a value of zero or more; write a penalty in the payments section.",
    ),
    Code(
        "E0412",
        "error",
        "negative minimum",
        "The scoring section's `minimum` is below zero under some setting of the options. A "
        "hand's value is never below zero, so such a minimum would let every hand win: it is a "
        "mistake of sign.",
        'scoring { unit "番" tier fans "番种" add minimum -8 }',
        'scoring { unit "番" tier fans "番种" add minimum 8 }',
        "Write the least value a winning hand needs.",
    ),
    Code(
        "E0413",
        "error",
        "a fan left out of the minimum is in a tier that does more than add",
        "`minimum N without F` subtracts the points F adds from the hand's value before it "
        "compares it with N. Those are F's own points only in a tier that adds: in a tier that "
        "keeps its best fan (`max`) or multiplies, that has a cap (the cap may cut them) or that "
        "overrides other tiers (F also removes their fans), the points subtracted are not what F "
        "adds, and the minimum would be wrong.",
        "scoring {\n"
        '  unit "番"\n'
        '  tier fans "番种" add\n'
        '  tier best "役满" max\n'
        "  minimum 8 without flower_tiles\n"
        "}\n"
        'fan flower_tiles "花牌" {\n'
        "  tier best\n"
        "  per len(flowers)\n"
        "  value 1\n"
        "}",
        "scoring {\n"
        '  unit "番"\n'
        '  tier fans "番种" add\n'
        '  tier best "役满" max\n'
        "  minimum 8 without flower_tiles\n"
        "}\n"
        'fan flower_tiles "花牌" {\n'
        "  tier fans\n"
        "  per len(flowers)\n"
        "  value 1\n"
        "}",
        "Put the fan in a tier that only adds (no cap, no override), or leave it out of `without`.",
    ),
    Code(
        "E0414",
        "error",
        "a condition asks for a situation and a fact it denies",
        "A fan's condition (or a payments `win` line's) asks for a situation together with a fact "
        "that the situation's presumptions deny, or with a situation it excludes: 抢杠 presumes "
        "the win is not self-drawn, 天胡 that the winner is the dealer. No win can hold both, so "
        "the fan or the line could never apply. What each builtin situation presumes is in the "
        "prelude all rulebooks share, and on every rulebook's page; a rulebook's own situations "
        "say it with `presumes` and `excludes`.",
        'fan robbed_self_draw "抢杠自摸" {\n  value 1\n  when robbing_kong and self_drawn\n}',
        'fan robbed_or_self_drawn "抢杠或自摸" {\n  value 1\n  when robbing_kong or self_drawn\n}',
        "Drop one of the two, or write them as alternatives with `or`.",
    ),
    Code(
        "E0415",
        "error",
        "scoring a hand would cost too much",
        "Scoring a hand evaluates every expression of the rulebook on each reading of the "
        "hand, and mjc bounds what that may cost: an expression takes at most 100,000 steps "
        "(a quantifier tests its body once per item of its domain, and nested quantifiers "
        "multiply: a range `1..999999999` is a billion items), all of them together at most "
        "1,000,000, and no number scoring computes is above 10^18. A `per` count is not a "
        "loop but a factor: a fan worth V counted N times adds V times N, and in a `multiply` "
        "tier V to the power N, so a huge count makes a number of millions of digits. The "
        "bundled rulebooks stay far below each bound; the message names the costly part.",
        "scoring {\n"
        '  unit "番"\n'
        '  tier doubles "翻" multiply\n'
        "}\n"
        'fan big "大" {\n'
        "  value 2\n"
        "  tier doubles\n"
        "  per 99999999 * len(tiles)\n"
        "}",
        "scoring {\n"
        '  unit "番"\n'
        '  tier doubles "翻" multiply\n'
        "}\n"
        'fan big "大" {\n'
        "  value 2\n"
        "  tier doubles\n"
        "  per count m in melds: m.is_pung\n"
        "}",
        "Count what the rule counts (`per count m in melds: m.is_pung`), with values from the "
        "document; narrow a range, compare with its ends instead of `in a..b`, or count once "
        "outside a quantifier instead of inside it.",
    ),
    Code(
        "E0511",
        "error",
        "dealer bonus below zero",
        "Under an option setting where a `dealer_bonus` line applies, its value is below zero. "
        "The bonus is added to every share the dealer wins or pays on a hand "
        "(庄家多输多赢一底); a negative one would shrink that share until a winner paid the "
        "loser, so mjc refuses it.",
        'option extra "庄家加底": number 0..2 = 1\npayments { dealer_bonus option.extra - 1 }',
        'option extra "庄家加底": number 0..2 = 1\npayments { dealer_bonus option.extra }',
        "Write how many points more the dealer wins or pays (0 or more), or guard the line so it "
        "applies only where that is so.",
    ),
    Code(
        "E0512",
        "error",
        "a win at the deal that pays nothing",
        "A line of the `deal_wins` section says what every other seat pays the seat that shows "
        "its dealt hand (起手胡). With `pays 0` showing the hand would win nothing, and the line "
        "would only offer a decision that changes nothing.",
        'deal_wins { four "四喜" pays 0 when (any t in tiles: copies(t) == 4) }',
        'deal_wins { four "四喜" pays 2 when (any t in tiles: copies(t) == 4) }',
        "Write what each other seat pays (1 or more), or delete the line.",
    ),
    Code(
        "E0513",
        "error",
        "a win at the deal that does not read the hand",
        "A win at the deal's `when` reads the dealt hand: `tiles`, `standing`, `flowers`, `wilds` "
        "or `copies(t)`. One that reads only the seat (`dealer`, `seat_wind`) or the options "
        "holds for every hand dealt, so every such seat would win at every deal.",
        'deal_wins { dealt "庄家起手" pays 1 when dealer }',
        'deal_wins { dealt "庄家四喜" pays 1 when dealer and (any t in tiles: copies(t) == 4) }',
        "Test the tiles dealt; a condition on the options belongs after `if`.",
    ),
    Code(
        "E0520",
        "error",
        "a declaration chosen from an unknown list",
        "A line of the `declarations` section says what each seat declares before the first "
        "discard (定缺) and the list it chooses from, after `choose`. The only list so far is "
        "`suit`: one of the suits m, p, s.",
        'declarations { missing_suit "定缺" choose colour }',
        'declarations { missing_suit "定缺" choose suit }',
        "Choose from a list mjc knows: `suit`.",
    ),
    Code(
        "E0521",
        "error",
        "a declaration named like a fact, fan or option",
        "Conditions read a seat's declaration by its id (`t.suit == missing_suit`), so the id "
        "must not be the name of a fact, constant, fan, win shape, situation or option: a "
        "condition could not tell which one it meant.",
        'declarations { tiles "定缺" choose suit }',
        'declarations { missing_suit "定缺" choose suit }',
        "Give the declaration an id of its own.",
    ),
    Code(
        "E0522",
        "error",
        "a declaration's flag written twice",
        "A declaration's `discard_first` says tiles of the chosen suit are discarded before any "
        "other; saying it twice is a slip.",
        'declarations { missing_suit "定缺" choose suit discard_first discard_first }',
        'declarations { missing_suit "定缺" choose suit discard_first }',
        "Delete the second one.",
    ),
    Code(
        "E0523",
        "error",
        "an exchange of too few or too many tiles",
        "A line `exchange N` of the `declarations` section says how many tiles each seat passes "
        "before play (四川 换三张: 3). mjc exchanges from 1 to 4 tiles: more would leave a hand "
        "with little of its own.",
        'declarations { swap "换三张" exchange 13 same_suit }',
        'declarations { swap "换三张" exchange 3 same_suit }',
        "Pass from 1 to 4 tiles.",
    ),
    Code(
        "E0524",
        "error",
        "an exchange in an unknown direction",
        "An exchange passes every seat's tiles the same way: to the `next` seat in turn order, "
        "the `previous` one, the one `opposite`, or the way two dice say (`dice`).",
        'declarations { swap "换三张" exchange 3 direction clockwise }',
        'declarations { swap "换三张" exchange 3 direction next }',
        "Use one of next, previous, opposite, dice.",
    ),
    Code(
        "E0525",
        "error",
        "an exchange to the seat opposite at three players",
        "At a table of three there is no seat opposite, so an exchange of a rulebook played by "
        "three passes to the next or the previous seat, or lets the dice choose.",
        'players 3\ndeclarations { swap "换三张" exchange 3 direction opposite }',
        'players 3\ndeclarations { swap "换三张" exchange 3 direction dice }',
        "Pass to `next` or `previous`, or let the `dice` decide.",
    ),
    Code(
        "E0526",
        "error",
        "an exchange of one suit without suits",
        "`same_suit` makes each seat pass tiles of one suit (万, 筒 or 条); a tile set of "
        "honours alone has no suit to pass.",
        "tiles { winds copies 4\n dragons copies 4 }\n"
        'declarations { swap "换三张" exchange 3 same_suit }',
        'tiles { winds copies 4\n dragons copies 4 }\ndeclarations { swap "换三张" exchange 3 }',
        "Delete `same_suit`, or add a suit to the tiles.",
    ),
    Code(
        "E0527",
        "error",
        "a second exchange",
        "The seats exchange tiles once before play (换三张); a second exchange line is a slip.",
        'declarations {\n swap "换三张" exchange 3\n swap_again "再换" exchange 3\n}',
        'declarations { swap "换三张" exchange 3 }',
        "Keep one exchange line.",
    ),
    Code(
        "E0530",
        "error",
        "an unknown word in a draw payment",
        "A `draw_payment` line says which seats still playing at an exhaustive draw pay (`each`, "
        "`ready`, `unready`) and which are paid (`ready`, `unready`, `others`); a "
        "`draw_refund` line what is returned (`kong`) and by whom. Another word means nothing.",
        "payments { draw_payment losers pays ready 2 }",
        "payments { draw_payment unready pays ready 2 }",
        "Use one of the words the message lists.",
    ),
    Code(
        "E0531",
        "error",
        "the best hand paid to a seat that may not be ready",
        "`best_hand` is the best hand the paid seat is ready for (查大叫): its highest-scoring "
        "wait. A seat that is not ready has none, so only `ready` seats may be paid it.",
        "payments { draw_payment each pays others best_hand }",
        "payments { draw_payment unready pays ready best_hand }",
        "Pay `best_hand` to `ready`, or pay a number.",
    ),
    Code(
        "E0532",
        "error",
        "a draw payment of the cap without a cap",
        "A draw payment of `cap` pays the payments section's cap (封顶, 查花猪: 赔封顶); a "
        "rulebook whose payments have no `cap` line has none to pay.",
        "payments { draw_payment each pays others cap when suits(tiles) == 3 }",
        "payments {\n  cap 16\n  draw_payment each pays others cap when suits(tiles) == 3\n}",
        "Add a `cap N` line, or pay a number.",
    ),
    Code(
        "E0533",
        "error",
        "a refund of kong payments in a rulebook that pays none",
        "`draw_refund kong` makes a seat return what its kongs earned (退税); without "
        "`kong_payment` lines no kong earns anything, and the line can never pay.",
        "payments { draw_refund kong unready }",
        "payments {\n  kong_payment concealed each pays 2\n  draw_refund kong unready\n}",
        "Add the `kong_payment` lines, or remove the refund.",
    ),
    Code(
        "W0536",
        "warning",
        "a split sum that some count of ready seats cannot share evenly",
        "`split N` makes the payers of a draw line pay N in all, each the same share, each "
        "share shared equally among the seats it pays (聴牌料). Where some count of ready "
        "seats does not divide N, the settlement rounds each payment down, and the payers pay "
        "less than N in all: 1000 split among three ready seats pays 333 each.",
        "payments { draw_payment unready pays ready split 1000 }",
        "payments { draw_payment unready pays ready split 3000 }",
        "Pick a sum that every count of payers and payees divides.",
    ),
    Code(
        "E0534",
        "error",
        "a kong transfer in a rulebook that pays no kong",
        "`kong_transfer` pays what the discarder's kong earned on to the winner of his 杠上炮 "
        "(呼叫转移); without `kong_payment` lines no kong earns anything, and the line can "
        "never pay.",
        "payments { kong_transfer }",
        "payments {\n  kong_payment concealed each pays 2\n  kong_transfer\n}",
        "Add the `kong_payment` lines the transfer pays on, or remove the transfer.",
    ),
    Code(
        "E0535",
        "error",
        "a second kong transfer line",
        "A kong's earnings are paid on once: a payments section has one `kong_transfer` line, "
        "whose `when` and `if` say when the transfer holds.",
        "payments {\n  kong_payment concealed each pays 2\n  kong_transfer when dealer\n"
        "  kong_transfer when not dealer\n}",
        "payments {\n  kong_payment concealed each pays 2\n  kong_transfer\n}",
        "Join the lines' conditions into one `kong_transfer` line.",
    ),
    Code(
        "E0540",
        "error",
        "a hand size no game has",
        "`hand` is the tiles a seat holds between turns; a win is one tile more, sets and a "
        "pair, so a hand holds 3k + 1 tiles for k sets: 4, 7, 10, 13 (every seed) or 16 "
        "(台湾十六张). Another number makes no hand that can win.",
        "play { hand 15 }",
        "play { hand 16 }",
        "Write 4, 7, 10, 13 or 16.",
    ),
    Code(
        "E0541",
        "error",
        "a shape of fourteen tiles with another hand size",
        "Seven pairs, thirteen orphans, the knitted straight and honours and knitted tiles "
        "are shapes of exactly fourteen tiles; a rulebook whose hand is not 13 (`hand 16`) can "
        "never hold them. A custom shape may read the tiles of any hand.",
        "shapes {\n  standard\n  seven_pairs\n}\nplay { hand 16 }",
        "shapes {\n  standard\n}\nplay { hand 16 }",
        "Remove the shape, or play a hand of 13.",
    ),
    Code(
        "E0542",
        "error",
        "a deal that disagrees with the hand size",
        "With `hand N` the dealer is dealt N + 1 tiles (he discards first) and the others N; "
        "`deal` may say so again, but a deal of other numbers would start the round with hands "
        "of the wrong size.",
        "play {\n  hand 16\n  deal 14, 13\n}",
        "play {\n  hand 16\n  deal 17, 16\n}",
        "Deal the hand size (and one more to the dealer), or leave the `deal` line out.",
    ),
    Code(
        "E0543",
        "error",
        "a hand size under a condition",
        "The hand size is one number for the whole rulebook: the win check's tables, the "
        "checks of hands and the deal are made for one size, whatever the options say.",
        'option big "十六张": toggle = on\nplay { hand 16 if option.big }',
        "play { hand 16 }",
        "Write `hand` once, without an `if`.",
    ),
    Code(
        "E0550",
        "error",
        "a `round up` by zero or less",
        "`round up N` rounds a count up to a multiple of N: the fu so far in a fu section (符, "
        "rounded up to 10), every payment of a hand in the payments section (Riichi's points, "
        "rounded up to 100). A multiple of zero or less rounds nothing: it is a mistake.",
        'fu "符" {\n  add 20 "副底"\n  round up 0\n}',
        'fu "符" {\n  add 20 "副底"\n  round up 10\n}',
        "Round up to the multiple the document gives.",
    ),
    Code(
        "E0551",
        "error",
        "a fu, points or honba amount below zero",
        "The amount of a fu section's `add` or `fix`, of a points section's `limit`, or of a "
        "payments section's `honba` is below zero under some setting of the options. Fu and "
        "points count up, and a 本場 is paid, never taken back; a penalty is a payment.",
        'fu "符" {\n  add -2 "自摸" when self_drawn\n}',
        'fu "符" {\n  add 2 "自摸" when self_drawn\n}',
        "Write the amount the document gives, zero or more.",
    ),
    Code(
        "E0552",
        "error",
        "an exponent out of bounds",
        "`a ** b` takes an exponent `b` of 0 to 64 whatever the hand: below 0 the power is a "
        "fraction, and above 64 the number grows past what any table pays. The bound is "
        "taken from what the exponent reads: in a points section's `base`, `total` is bounded "
        "by the limits written before the first that reads `base` (a `limit … when total >= "
        "N` without an `if` that did not hold leaves `total` below N).",
        'fan yakuman "役満" { value 80 }\npoints "点" {\n  base 2 ** (total + 2)\n}',
        'fan yakuman "役満" { value 80 }\npoints "点" {\n  limit "満貫" 2000 when total >= 5\n'
        "  base 2 ** (total + 2)\n}",
        "Put the limits that hold for large values before the base, or bound the exponent "
        "otherwise.",
    ),
    Code(
        "E0553",
        "error",
        "a points section without one `base`",
        "A points section works out a reading's base points with its one `base` line, and the "
        "limits replace them: a section without one has no points to give, and a second "
        "`base` would say two things.",
        'points "点" {\n  limit "役満" 8000 when total >= 13\n}',
        'points "点" {\n  base total * 1000\n  limit "役満" 8000 when total >= 13\n}',
        "Write one `base` line.",
    ),
    Code(
        "E0570",
        "error",
        "a ready declaration that names no situation",
        "`ready_declaration`, `ready_first` and `ready_one_go_around` name the situation the "
        "game engine sets on a win of a player who declared ready (立直, ダブル立直, 一発), so "
        "that the fans read it. The name must be a situation the rulebook declares (or a "
        "builtin one): otherwise no fan could ever read what the engine sets.",
        'play {\n  ready_declaration richi\n}\nsituation riichi "立直"',
        'play {\n  ready_declaration riichi\n}\nsituation riichi "立直"',
        "Name the situation as the rulebook declares it, or declare it.",
    ),
    Code(
        "E0575",
        "error",
        "a dead wall beside reserved tiles",
        "`dead_wall` (王牌, which the engine keeps at its size: kong replacements and "
        "indicators) and `reserved` (tiles never drawn, 潮州 留牌) both say which tiles at the "
        "tail are never drawn in turn; a rulebook keeps one or the other.",
        "play {\n  reserved 14\n  dead_wall 14\n}",
        "play {\n  dead_wall 14\n}",
        "Keep the dead wall, or the reserved tiles.",
    ),
    Code(
        "E0576",
        "error",
        "a dead wall that cannot hold its indicators",
        "The indicators (`indicators` at the deal, one more per kong under `kong_indicators`) "
        "lie in the dead wall, with the tile under each when `ura_indicators` is on, and the "
        "dead wall gives a replacement for each of the four kongs a round may have. A rulebook "
        "that turns indicators up without a dead wall, or whose dead wall is too small for "
        "all of them, has no place to turn them up from.",
        "claims { kong (exposed) }\nplay {\n  dead_wall 10\n  indicators 1\n"
        "  kong_indicators at_once\n  ura_indicators on\n}",
        "claims { kong (exposed) }\nplay {\n  dead_wall 14\n  indicators 1\n"
        "  kong_indicators at_once\n  ura_indicators on\n}",
        "Make the dead wall larger (Riichi: 14), or turn fewer indicators up.",
    ),
    Code(
        "E0577",
        "error",
        "a tile set aside that is not in play",
        "`set_aside` in the play section names the tiles a player may set aside from his hand "
        "on his own turn, each replaced (三麻 北抜き: `set_aside 4z`). A tile the tile set does "
        "not hold could never be set aside, and a flower is set aside by `flowers_replaced`, "
        "as soon as it is drawn.",
        "players 3\ntiles {\n  dots copies 4\n  winds copies 4\n}\nplay { set_aside 1m }",
        "players 3\ntiles {\n  dots copies 4\n  winds copies 4\n}\nplay { set_aside 4z }",
        "Name a tile of the tile set, or keep it with a `keep` line.",
    ),
    Code(
        "E0601",
        "error",
        "a situation that cannot hold",
        "A win was named with a situation whose presumption fails for this hand or these facts "
        "(人胡 with a declared meld, 抢杠 on a tile the winner holds elsewhere, 杠上开花 without "
        "a kong), or with two situations that exclude each other. `mjc score`, `--batch`, "
        "`settle`, the game engine and `mjc check` (on an inline example) refuse it instead of "
        "scoring a win the table cannot produce; the message names the situation, the presumption "
        "it breaks and what the hand shows.",
        "mjc score guangdong '123m456p789s22z [111m]' --win 2z --situation human",
        "mjc score guangdong '123m456p789s22z111m' --win 2z --situation human",
        "Correct the facts of the win: drop the situation, or the meld that denies it.",
    ),
    Code(
        "E0901",
        "error",
        "generated module does not compile",
        "Python refused the module mjc generated for a rulebook that passed every check, or the "
        "module failed as it loaded. `mjc check` and `mjc build` compile and load each module "
        "before anything is written or imported, so this is reported instead of a broken file; "
        "it is a bug in mjc, not in the rulebook.",
        "mjc check my_rulebook.mjr",
        "mjc check my_rulebook.mjr   # with the condition the message names written more simply",
        "Report it with the rulebook; meanwhile simplify the condition the message names.",
    ),
)
