"""The longer help texts of the `mjc` command line: the descriptions of the commands that
score, settle, simulate and play, and the help of their arguments that say most. The parser
(`mjc.compiler.cli.parser`) reads them; the CLI reference page is generated from the parser,
so every text here is documentation too."""

from __future__ import annotations

SCORE_DESCRIPTION = (
    "Print the fans, the steps from the fans to the total (sum, multiply, "
    "fixed, floor, ceiling, each naming its tier or its scoring line), the wilds as the "
    "tiles they stand for and the winning tile marked with *; --explain adds the fans that "
    "held but were dropped by a relation or a tier. --batch FILE ('-': standard input) "
    'scores many hands: one JSON object per line, {"hand": ...} with the optional fields '
    "win, self_drawn, seat_wind, round_wind, dealer, dealer_streak, set_aside, players, wild, "
    "indicator, situations, options, preset, declared, dora_indicators, ura_indicators, "
    "(meaning what the flags mean; the flags given are every line's "
    "defaults, but --win, which is one hand's), and prints one JSON result per line; a line "
    'that cannot be scored prints {"line": N, "error": ...} and the batch goes on (exit 1 '
    "if any line failed). The winning tile, --win or a line's win, is added to a hand one "
    "tile short of a win (13 tiles; 16 in a rulebook of `hand 16`) and must be one of the "
    "concealed tiles of a whole hand; without it the last concealed tile written is the "
    "winning tile. Under a rulebook whose points section makes base points (Riichi), the "
    'win\'s payments follow (paid: ..., JSON "paid"), as the rulebook settles a round of '
    "this one win, with --honba and --deposits."
)

WAITS_DESCRIPTION = (
    "Print every tile that completes a hand of 13 tiles (16 under `hand 16`; melds allowed) "
    "under the "
    "rulebook, each with the copies not in the hand (nor the indicator), the total and the "
    "fans the win would score in the situation given; a tile the rulebook refuses there "
    "(a wild won off a discard, too few fans ...) is listed with the reason. A hand that "
    "is not ready prints its shanten: how many tiles it is from ready. --win TILE prints "
    "TILE's line alone: the hand with TILE added, as `mjc score` adds --win to a hand one "
    "tile short of a win."
)

SETTLE_DESCRIPTION = (
    "Read a finished round (JSON; see --schema) and print the payments: "
    "per-seat deltas that sum to zero and itemised lines citing the rulebook."
)

SIMULATE_DESCRIPTION = (
    "Play N rounds (--games) with bots and print the balance report: win, draw, "
    "self-draw and dealer-win rates, the value of winning hands (mean, quantiles, "
    "histogram), how often every fan of the table counts, which scoring steps fire, gains "
    "and losses by seat and by bot, horse and liability payments, each with its 95% "
    "interval. Game i is seeded from --seed and i, so the report is the same whatever "
    "the workers. --compare K=V or a preset's name (repeatable; 血流成河) or a second "
    "rulebook plays the same games "
    "under each setting and reports the differences, marking those the games support. "
    "--matches N plays N whole matches instead (a rulebook with match_winds: 東風戦, 半荘戦) "
    "and reports their length, how they ended (飛び, 西入, 和了止め), the standing by seat "
    "from the first dealer and by bot, then the balance of their rounds."
)

PLAY_DESCRIPTION = (
    "Play one round of a rulebook to its settlement. You play --seat (the "
    "legal actions are numbered; type one per line on standard input, so it can be "
    "piped; when input ends, 托管 plays your seat) and bots play the others; with "
    "--bots-only bots play every seat. The log (JSON lines, see docs/game-log.md) is "
    "written to --log (interactive default: mjc-RULEBOOK-SEED.jsonl) and can be checked "
    "with mjc replay. With --match, a whole match of a rulebook whose play rules give its "
    "length (match_winds: 東風戦, 半荘戦), round after round to its placement, in one log "
    "(interactive default: mjc-RULEBOOK-match-SEED.jsonl)."
)

# `mjc score --win`, and a batch line's "win", which means the same.
WIN_HELP = (
    "the winning tile: added to a HAND one tile short of a win (13 tiles, 16 under `hand 16`; "
    "a declared meld counting 3), whatever copies it holds; one of the concealed tiles of a "
    "whole HAND, the one that came last (default: the last concealed tile written)"
)

DECLARE_HELP = "what the winner declared before play (定缺: missing_suit=m)"
# The builtin situations (the prelude's); a rulebook's page lists its own and what each presumes.
SITUATION_HELP = (
    "a situation of the win: kong_bloom, robbing_kong, last_tile, heavenly, earthly, human, "
    "triple_win, kong_discard, flower_robbed or the rulebook's own; one that cannot hold for "
    "the hand is refused (E0601)"
)

DORA_HELP = "a dora indicator turned up (ドラ表示牌; once per indicator, kong dora too)"
URA_HELP = "an ura-dora indicator (裏ドラ表示牌; once per indicator)"
SET_ASIDE_HELP = "tiles the winner set aside in play (北抜き, read by fans as set_aside)"
HONBA_HELP = "本場 counters on the table, paid with the win (a points rulebook's paid line)"
DEPOSITS_HELP = (
    "points of 供託 on the table, which the winner takes (a points rulebook's paid line)"
)
STREAK_HELP = "the dealer's streak this round (连庄 count, read by fans as dealer_streak)"
