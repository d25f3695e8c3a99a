"""The words a fan condition may use: builtin facts, attributes, functions and their types.

This is the language's dictionary, read by the type checker (to resolve and type names), by
the docs (to list what exists) and by the suggestion helper (for "did you mean"). Types are
the values of `mjc.compiler.language.types`: `BOOL`, `INT`, `TILE`, `MELD`, `SUIT`, `SHAPE`,
`ListType(TILE)`; an option's choices have the type `ChoiceType(<option id>)`.
"""

from __future__ import annotations

from mjc.compiler.language.types import (
    BOOL,
    INT,
    MELD,
    SHAPE,
    SUIT,
    TILE,
    ListType,
    SuitLetter,
    Type,
)
from mjc.frozen import Frozen, frozen


@frozen
class Word(Frozen):
    """A builtin name or attribute: its type and a one-line meaning for docs and help."""

    type: Type
    meaning: str


# Facts of one arrangement of the winning hand.
ARRANGEMENT_FACTS: dict[str, Word] = {
    "tiles": Word(ListType(TILE), "every tile of the hand, all four of each kong included"),
    "melds": Word(ListType(MELD), "the sets of the hand: chows, pungs and kongs (not the pair)"),
    "chows": Word(ListType(MELD), "the chows of the hand"),
    "pungs": Word(ListType(MELD), "the pungs of the hand, kongs included"),
    "kongs": Word(ListType(MELD), "the kongs of the hand"),
    "pairs": Word(ListType(MELD), "the pairs: one in a standard hand, seven in seven pairs"),
    "pair": Word(MELD, "the pair of a standard hand"),
    "shape": Word(SHAPE, "the win shape of this arrangement"),
    "concealed": Word(BOOL, "no meld was claimed from a discard (concealed kongs allowed)"),
    "wilds_substituted": Word(INT, "how many wild tiles stand for another tile here"),
    "winning_meld": Word(
        MELD,
        "the concealed set or pair the winning tile completes in this reading (no meld when it "
        "completes none: thirteen orphans, a knitted part); a hand reads once per place",
    ),
    "edge_wait": Word(BOOL, "the winning tile is the 3 of a 123 or the 7 of a 789 (边张)"),
    "closed_wait": Word(BOOL, "the winning tile is the middle of a chow (嵌张)"),
    "open_wait": Word(BOOL, "the winning tile is an end of a chow, not an edge (两面)"),
    "pair_wait": Word(BOOL, "the winning tile completes the pair (单钓将)"),
}

# Facts of the whole hand, the same for every arrangement (custom shapes may read these).
HAND_FACTS: dict[str, Word] = {
    "wilds": Word(INT, "how many wild tiles the hand holds"),
    "declared": Word(
        ListType(MELD),
        "the melds declared before the win: claimed chows, pungs and kongs, and concealed kongs",
    ),
}

# Facts of the hand as it was held, read where a condition sees the hand whole rather than
# one reading of it (a custom shape, a situation's `presumes`).
HELD_FACTS: dict[str, Word] = {
    "standing": Word(
        ListType(TILE),
        "the tiles not in a declared meld, the winning tile included (立牌)",
    ),
    "hand_size": Word(
        INT,
        "how many tiles the hand holds, each declared meld (a kong too) counted as three: "
        "in every win the rulebook's hand and one more: 14 (17 with `hand 16`; one fewer when "
        "won on a flower, which is the one more)",
    ),
    "ready": Word(
        BOOL,
        "a kind of kong's `when` only: the hand after this kong waits on at least one tile (听牌)",
    ),
}


# Read only after the tiers: in `reject` the hand's final value; in a floor, multiply,
# ceiling or fix, the value as the adjustments before it left it.
RESULT_FACTS: dict[str, Word] = {
    "total": Word(INT, "the hand's value so far (in `reject`: after every adjustment)"),
}

# Read in the fu and points sections (Riichi's 符 and 点): `fu` in the fu section's items (the
# count so far) and in the points section (the reading's fu); `base` in a points `limit`.
POINTS_FACTS: dict[str, Word] = {
    "fu": Word(INT, "the fu (符): in the fu section the count so far, in `points` the reading's"),
    "base": Word(INT, "a `points` limit only: the base points, before the limits"),
}

# Facts of the win situation.
SITUATION_FACTS: dict[str, Word] = {
    "self_drawn": Word(BOOL, "the winning tile was drawn by the winner (自摸)"),
    "dealer": Word(BOOL, "the winner is the dealer (庄家)"),
    "kong_bloom": Word(BOOL, "won on the replacement tile after a kong (杠上开花)"),
    "robbing_kong": Word(BOOL, "won on a tile robbed from another player's kong (抢杠)"),
    "last_tile": Word(BOOL, "won on the last tile of the wall (海底)"),
    "heavenly": Word(BOOL, "the dealer won on the initial deal (天胡)"),
    "earthly": Word(BOOL, "a non-dealer won on the first draw with no claim before (地胡)"),
    "human": Word(BOOL, "a non-dealer won on the dealer's first discard (人胡)"),
    "triple_win": Word(BOOL, "three players won on the same discard (一炮三响)"),
    "kong_discard": Word(
        BOOL, "won on the discard a seat made right after drawing a kong's replacement (杠上炮)"
    ),
    "flower_robbed": Word(
        BOOL, "won on the flower another seat drew, before its replacement (搶花, 七搶一)"
    ),
    "dealer_streak": Word(
        INT,
        "the dealer's streak this round (连庄: 0 on a first deal, n after n rounds he kept), "
        "whoever won",
    ),
    "winning_tile": Word(TILE, "the tile that completed the hand"),
    "dora_indicators": Word(
        ListType(TILE),
        "the indicators turned up in the dead wall (ドラ表示牌, kong dora too), in order: "
        "`successor(i)` is the tile each points to",
    ),
    "ura_indicators": Word(
        ListType(TILE), "the indicators under them, turned up for a riichi winner (裏ドラ表示牌)"
    ),
    "red_fives": Word(INT, "how many red fives the hand holds (赤ドラ; written 0m, 0p, 0s)"),
    "set_aside": Word(
        INT, "how many tiles the winner set aside in play (北抜き: the play section's `set_aside`)"
    ),
    "seat_wind": Word(TILE, "the winner's seat wind, as a wind tile (1z–4z)"),
    "round_wind": Word(TILE, "the round (prevailing) wind, as a wind tile (1z–4z)"),
    "players": Word(INT, "the number of players at the table"),
    "flowers": Word(ListType(TILE), "the flower and season tiles the winner set aside"),
    "waits": Word(
        ListType(TILE),
        "every tile kind that would have completed the hand before the winning tile came, "
        "under the builtin shapes (独听, a single wait: `len(waits) == 1`)",
    ),
}

# The facts a situation's `presumes` may read: the situation and the hand whole (not the
# wait set, which belongs to a reading).
PRESUMPTION_FACT_NAMES = frozenset(
    {"tiles", "flowers", "wilds", "declared", "standing"}
    | {name for name in SITUATION_FACTS if name != "waits"}
)

# What a kind of kong's `when` may read: the hand after the kong whole, the konger's seat and
# the table, and whether that hand is ready (`kongs` section: 开杠 only when ready).
KONG_KIND_FACT_NAMES = frozenset(
    {"tiles", "flowers", "wilds", "declared", "standing", "ready"}
    | {"dealer", "players", "seat_wind", "round_wind"}
)

# What a win at the deal's `when` reads: the dealt hand whole and the seat, before any play.
DEAL_FACT_NAMES = frozenset(
    {"tiles", "flowers", "wilds", "standing", "players", "seat_wind", "round_wind", "dealer"}
)

# Named constants.
SUIT_CONSTANTS: dict[str, SuitLetter] = {
    "characters": "m",
    "dots": "p",
    "bamboo": "s",
    "honours": "z",
    "flower_suit": "f",
}
TILE_LIST_CONSTANTS: dict[str, tuple[str, ...]] = {
    "winds": ("1z", "2z", "3z", "4z"),
    "dragons": ("5z", "6z", "7z"),
    "terminals": ("1m", "9m", "1p", "9p", "1s", "9s"),
    # One of each kind of playing tile: `count t in tile_kinds: copies(t) == 4` counts kinds.
    "tile_kinds": tuple(f"{r}{s}" for s in "mps" for r in range(1, 10))
    + tuple(f"{r}z" for r in range(1, 8)),
}

TILE_ATTRIBUTES: dict[str, Word] = {
    "suit": Word(SUIT, "the tile's suit"),
    "rank": Word(INT, "1–9 for suited tiles, 1–7 for honours (东南西北白发中)"),
    "is_suited": Word(BOOL, "a character, dot or bamboo tile"),
    "is_honour": Word(BOOL, "a wind or a dragon"),
    "is_wind": Word(BOOL, "东 南 西 北"),
    "is_dragon": Word(BOOL, "白 发 中"),
    "is_terminal": Word(BOOL, "a suited 1 or 9"),
    "is_outside": Word(BOOL, "a terminal or an honour (幺九)"),
    "is_simple": Word(BOOL, "a suited 2 to 8"),
    "is_flower": Word(BOOL, "a flower or season tile"),
    "is_green": Word(BOOL, "one of 2s 3s 4s 6s 8s 6z (绿一色 tiles)"),
}

MELD_ATTRIBUTES: dict[str, Word] = {
    "tile": Word(TILE, "the meld's lowest tile"),
    "tiles": Word(ListType(TILE), "the meld's tiles"),
    "suit": Word(SUIT, "the meld's suit"),
    "rank": Word(INT, "the rank of the meld's lowest tile"),
    "is_chow": Word(BOOL, "a run of three in one suit (顺子)"),
    "is_pung": Word(BOOL, "three of a kind, or a kong (刻子)"),
    "is_kong": Word(BOOL, "four of a kind (杠)"),
    "is_pair": Word(BOOL, "a pair (将)"),
    "is_knitted": Word(BOOL, "a third of a knitted straight: 147, 258 or 369 of one suit (组合龙)"),
    "concealed": Word(BOOL, "formed in hand, not claimed"),
    "exposed": Word(BOOL, "claimed from a discard"),
    "is_honour": Word(BOOL, "made of honour tiles"),
    "is_wind": Word(BOOL, "made of wind tiles"),
    "is_dragon": Word(BOOL, "made of dragon tiles"),
    "is_terminal": Word(BOOL, "a pung, kong or pair of a 1 or 9"),
    "has_terminal": Word(BOOL, "contains a 1 or a 9"),
    "is_outside": Word(BOOL, "contains a terminal or an honour"),
    "is_simple": Word(BOOL, "made only of suited 2 to 8"),
    "is_suited": Word(BOOL, "made of character, dot or bamboo tiles"),
}


@frozen
class Function(Frozen):
    """A builtin function: accepted argument types (one list per overload) and result."""

    overloads: tuple[tuple[Type, ...], ...]
    result: Type
    meaning: str


FUNCTIONS: dict[str, Function] = {
    "suits": Function(
        ((ListType(TILE),), (ListType(MELD),)),
        INT,
        "how many of the three suits (万 筒 条) appear; honours do not count",
    ),
    "len": Function(
        ((ListType(TILE),), (ListType(MELD),), (ListType(INT),)),
        INT,
        "how many items a list has",
    ),
    "copies": Function(((TILE,),), INT, "how many copies of a tile the hand holds"),
    "successor": Function(
        ((TILE,),),
        TILE,
        "the tile an indicator points to (ドラ, 翻鬼), by the rulebook's successor cycles "
        "(`wilds`; by default the next rank of its suit, 9 back to 1; 东→南→西→北→东; "
        "白→发→中→白)",
    ),
}

BUILTIN_SHAPES: dict[str, str] = {
    "standard": "four melds and a pair (a meld per tile group written)",
    "seven_pairs": "seven pairs",
    "thirteen_orphans": "one of each terminal and honour, plus any one of them again",
    "knitted_straight": "a knitted straight (组合龙: 147, 258 and 369 in three suits, read as "
    "three `knitted` melds), one set and a pair",
    "honours_and_knitted": "fourteen different tiles: honours and tiles of one knitted "
    "straight (全不靠; with all seven honours 七星不靠); its melds are the knitted parts it holds "
    "whole",
}

TILE_GROUPS: dict[str, tuple[str, str]] = {
    # group name: (tiles in mpsz notation as a range, meaning)
    "characters": ("1m-9m", "万 characters 1–9"),
    "dots": ("1p-9p", "筒 dots 1–9"),
    "bamboo": ("1s-9s", "条 bamboo 1–9"),
    "winds": ("1z-4z", "东 南 西 北"),
    "dragons": ("5z-7z", "白 发 中"),
    "flowers": ("1f-4f", "春 夏 秋 冬"),
    "seasons": ("5f-8f", "梅 兰 竹 菊"),
}

# `with` items an example may set, beyond the boolean situation facts.
EXAMPLE_SETTINGS: dict[str, str] = {
    "seat_wind": "E, S, W or N",
    "round_wind": "E, S, W or N",
    "players": "a player count",
    "wild": "a wild tile, such as 5z",
    "indicator": "the flipped indicator tile, such as 4z",
    "dora": "a dora indicator turned up, such as 4p (once for each indicator)",
    "ura": "an ura-dora indicator, such as 4p (once for each indicator)",
    "set_aside": "how many tiles the winner set aside (北抜き), such as 2",
}
WIND_LETTERS: dict[str, str] = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}


# The facts a custom shape's condition may read: the hand as a whole, not an arrangement.
SHAPE_FACT_NAMES = frozenset(
    {
        "tiles",
        "flowers",
        "wilds",
        "players",
        "seat_wind",
        "round_wind",
        "self_drawn",
        "dealer",
        "winning_tile",
        "declared",
        "standing",
        "kongs",  # every kong was declared: the hand's own
        "hand_size",
    }
)

WILD_ACTIONS: dict[str, str] = {
    "substitute": "stand for any other tile to complete a win",
    "discard": "be discarded",
    "chow": "be used to chow a discard",
    "pong": "be used to pong a discard",
    "kong": "be used to kong a discard",
    "claimed": "be claimed (chow, pong, kong or won on) when discarded",
    "robbed": "be robbed from a kong",
    "win_on_discard": "be won on when another player discards it",
    "indicator_kong": "(the flipped indicator's kind) be konged (潮州: 翻开的牌…该种牌没有杠)",
}
INDICATOR_KINDS: dict[str, str] = {
    "next": "the flipped tile's successor is wild (翻鬼, 大转)",
    "self": "the flipped tile's own kind is wild (小转)",
}
CLAIM_VERBS: dict[str, tuple[str, ...]] = {
    "chow": (),
    "pong": (),
    "kong": ("exposed", "concealed", "added"),
    "rob": ("exposed", "concealed", "added"),
}


# The facts a horse line's `when` may read: how the round was won.
HORSE_FACT_NAMES = ("self_drawn", "dealer", "players")

# The seats of a horse table, counted from the dealer in turn order (seat i+1 is i's 下家):
# (offset from the dealer at 4, 3 and 2 players, or None where the seat does not exist; words).
# At two players the dealer's only opponent is `next` (潮州 calls it 庄对, 百色 庄家下家).
HORSE_SEATS: dict[str, tuple[tuple[int | None, int | None, int | None], str]] = {
    "dealer": ((0, 0, 0), "the dealer (庄家)"),
    "self": ((0, 0, 0), "the seat a `table … from winner` (or `discarder`) counts from (本家)"),
    "next": ((1, 1, 1), "the seat after the dealer (庄下, 下家); at 2 players the other seat"),
    "opposite": ((2, None, None), "the seat opposite the dealer (庄对, 对家), at 4 players"),
    "previous": ((3, 2, None), "the seat before the dealer (庄上, 上家), at 3 and 4 players"),
    "nobody": ((-1, -1, -1), "no seat: the horse hits no one"),
}
HORSE_SEAT_NAMES: dict[str, str] = {
    "dealer": "庄家",
    "self": "本家",
    "next": "庄下",
    "opposite": "庄对",
    "previous": "庄上",
    "nobody": "不中",
}


# Where a horse table counts its seats from: `table 4 from winner { … }` (the dealer without
# `from`). The seat counted from is the row `dealer` of a dealer's table, `self` otherwise.
HORSE_ANCHORS: dict[str, str] = {
    "dealer": "the dealer (庄家): 庄家, 庄下, 庄对, 庄上",
    "winner": "the winner (胡牌者): 本家, 下家, 对家, 上家 of the winner",
    "discarder": "the discarder (放炮者, or the seat whose kong was robbed); no one on a self-draw",
}


def anchor_seat(counted_from: str) -> str:
    """The row word of the seat a table counts from: `dealer` for the dealer's, else `self`."""
    return "dealer" if counted_from == "dealer" else "self"


def horse_seat_offset(seat: str, players: int) -> int | None:
    """The seat's offset from the dealer at a table of `players` (-1 for `nobody`), or None
    when there is no such seat at that count."""
    offsets = HORSE_SEATS[seat][0]
    return offsets[4 - players] if 2 <= players <= 4 else None


def horse_seats_at(players: int, counted_from: str = "dealer") -> list[str]:
    """The seat words that exist at a table of `players` counted from `counted_from` (without
    `nobody`; `dealer` names the first seat of a dealer's table, `self` of any other)."""
    other = "self" if counted_from == "dealer" else "dealer"
    return [
        s
        for s in HORSE_SEATS
        if s not in ("nobody", other) and horse_seat_offset(s, players) is not None
    ]


@frozen
class HorseKindWord(Frozen):
    """A kind of horse: its Chinese name, who draws it, from where, and the words for docs."""

    name: str
    drawn_by: str  # "each" (every player), "dealer", "winner"
    drawn_from: str  # "deal" (dealt apart before the first discard), "wall_end"
    meaning: str


HORSE_KINDS: dict[str, HorseKindWord] = {
    "bought": HorseKindWord(
        "买马", "each", "deal", "every player is dealt N horse tiles before the first discard"
    ),
    "penalty": HorseKindWord(
        "罚马", "dealer", "deal", "only the dealer is dealt N horse tiles before the first discard"
    ),
    "bonus": HorseKindWord(
        "奖马", "winner", "wall_end", "the winner turns up N tiles from the end of the wall"
    ),
    "grabbed": HorseKindWord(
        "抓马", "winner", "wall_end", "the winner takes N tiles from the end of the wall"
    ),
}
# The word after `per` in a horse line, and the kinds it may follow.
HORSE_PER_WORDS: dict[str, tuple[str, ...]] = {"player": ("bought",)}


# ---------------------------------------------------------------------------- payments

# Facts of a whole finished round, for settlement conditions.
ROUND_FACTS: dict[str, Word] = {
    "won": Word(BOOL, "somebody won the round"),
    "drawn": Word(BOOL, "the round ended in an exhaustive draw (荒庄, 流局)"),
    "winners": Word(INT, "how many players won the round (several on one discard: 一炮多响)"),
}

# The facts a payments `win` line's `when` may read: how this winner won, and the round.
PAYMENT_FACT_NAMES = (
    "self_drawn",
    "dealer",
    "kong_bloom",
    "robbing_kong",
    "last_tile",
    "heavenly",
    "earthly",
    "human",
    "triple_win",
    "kong_discard",
    "flower_robbed",
    "players",
    "winners",
)
# The facts a `kong` line's `when` may read: how the round ended.
ROUND_FACT_NAMES = ("won", "drawn", "winners", "players")


@frozen
class PayerWord(Frozen):
    """Who pays: its Chinese words, what it means (in diagnostics and the language reference)
    and `subject`, the payer as a rulebook page names it before "pays" (its payments part)."""

    name: str
    meaning: str
    subject: str


# Who pays a winner (`win <payer> pays`).
WIN_PAYERS: dict[str, PayerWord] = {
    "each": PayerWord("三家付", "every other player pays one share", "every other player"),
    "discarder": PayerWord(
        "点炮者付", "the player who discarded the winning tile", "the discarder"
    ),
    "robbed": PayerWord(
        "被抢杠者", "the player whose kong was robbed", "the player whose kong was robbed"
    ),
    "feeder": PayerWord(
        "点杠者",
        "the player who discarded the fourth tile of the exposed kong (明杠) the winner drew "
        "the replacement tile of; nobody for an added (补杠) or concealed kong",
        "the player who fed the exposed kong (点杠者)",
    ),
    "any_feeder": PayerWord(
        "点杠者（或点碰后杠者）",
        "the player who fed the kong the winner drew the replacement tile of: the discarder "
        "of an exposed kong's fourth tile, or of the pong an added kong grew from",
        "the player who fed the kong, or the pong it was added to",
    ),
    "meld_feeder": PayerWord(
        "包自摸",
        "the player whose discard completed the winner's fourth claimed meld (十二张落地), "
        "only for the first player he did that to (包先不包后)",
        "the player whose discard completed the winner's fourth claimed meld",
    ),
    "winds_feeder": PayerWord(
        "大四喜包自摸",
        "the player whose discard the winner claimed as his fourth wind pung, "
        "after exposed pungs of the other three winds",
        "the player whose discard the winner claimed as his fourth wind",
    ),
    "dragons_feeder": PayerWord(
        "大三元包自摸",
        "the player whose discard the winner claimed as his third dragon pung, "
        "after exposed pungs of the other two dragons",
        "the player whose discard the winner claimed as his third dragon",
    ),
}
# Who pays a winner in a relation formed by repeated claims (`relation_payment <payer>`).
RELATION_PAYERS: dict[str, PayerWord] = {
    "partner": PayerWord(
        "承包者, 包牌者",
        "the player the winner is related to (claims between them), unless he won too",
        "the player he is related to",
    ),
    "discarder": PayerWord("点炮者", "the player who discarded the winning tile", "the discarder"),
    "robbed": PayerWord(
        "被抢杠者", "the player whose kong was robbed", "the player whose kong was robbed"
    ),
}
# What a relation line's `when` may read besides how the winner won.
RELATION_FACTS: dict[str, Word] = {
    "discarder_related": Word(BOOL, "the discarder is related to the winner (承包 between them)"),
    "discarder_ready": Word(BOOL, "the discarder was ready (聽牌) when he discarded"),
}
RELATION_FACT_NAMES = (*PAYMENT_FACT_NAMES, *RELATION_FACTS)
# What a payments `loss_cap` value may read besides the options.
# What a payments `stake` or `dealer_bonus` value may read besides the options: the round's
# dealer streak (台湾 連n拉n: `dealer_bonus 2 * dealer_streak + 1`).
AMOUNT_FACTS: dict[str, Word] = {"dealer_streak": SITUATION_FACTS["dealer_streak"]}
LOSS_FACTS: dict[str, Word] = {
    "hand_ceiling": Word(
        INT, "the winning hand's ceiling: the first scoring `ceiling` that holds for it (勒子)"
    ),
}
# Who pays the konger (`kong <kind> <payer> pays N`).
KONG_PAYERS: dict[str, PayerWord] = {
    "each": PayerWord("三家付", "every other player pays the amount", "every other player"),
    "feeder": PayerWord(
        "点杠者付",
        "the player who discarded the tile of an exposed kong",
        "the player who fed the exposed kong (点杠者)",
    ),
}
# Words that name the one who is paid: never a payer.
PAYEE_WORDS: dict[str, str] = {
    "winner": "the winner is paid",
    "konger": "the konger is paid",
}
KONG_KINDS: dict[str, str] = {
    "exposed": "明杠 from a discard (直杠)",
    "concealed": "暗杠",
    "added": "补杠, a pong completed by a drawn tile (碰后杠, 摸明杠)",
}
WINNERS_MODES: dict[str, str] = {
    "separately": "each winner of one discard is paid separately, as if alone",
}


def all_builtin_names() -> set[str]:
    return (
        set(ARRANGEMENT_FACTS)
        | set(SITUATION_FACTS)
        | set(HAND_FACTS)
        | set(HELD_FACTS)
        | set(SUIT_CONSTANTS)
        | set(TILE_LIST_CONSTANTS)
    )
