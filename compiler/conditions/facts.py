"""What each word of a condition reads in a generated function: the source of every fact,
tile attribute and tile constant, and the summary that answers a quantifier over a domain.

Input is the vocabulary's names (`mjc.compiler.language.vocabulary`); output is Python text
over the generated function's parameters (`a` the arrangement, `s` the situation, `h` the
parsed hand in a custom shape's condition). `pyexpr` and the summary forms of this package
read these tables; the emitters pass a copy with some facts bound to their own locals.
"""

from __future__ import annotations

__all__ = [
    "COUNT_WIDTH",
    "FACT_SOURCE",
    "HAND_FACT_SOURCE",
    "SUMMARY_OF",
    "TILE_TABLES",
    "tile_constant",
]

# Facts of the arrangement and situation, and the local each becomes in a generated function
# (a list comprehension into `tuple`: a third cheaper than a generator on CPython 3.11).
FACT_SOURCE: dict[str, str] = {
    "tiles": "a.tiles",
    "melds": "a.melds",
    "pairs": "a.pairs",
    "pair": "(a.pair or NO_PAIR)",
    "chows": "tuple([m for m in a.melds if m.is_chow])",
    "pungs": "tuple([m for m in a.melds if m.is_pung])",
    "kongs": "tuple([m for m in a.melds if m.is_kong])",
    "shape": "a.shape",
    "concealed": "a.concealed",
    "self_drawn": "s.self_drawn",
    "dealer": "s.dealer",
    "kong_bloom": "s.kong_bloom",
    "robbing_kong": "s.robbing_kong",
    "last_tile": "s.last_tile",
    "heavenly": "s.heavenly",
    "earthly": "s.earthly",
    "human": "s.human",
    "triple_win": "s.triple_win",
    "kong_discard": "s.kong_discard",
    "flower_robbed": "s.flower_robbed",
    "dealer_streak": "s.dealer_streak",
    "winning_tile": "s.winning_tile",
    "dora_indicators": "s.dora_indicators",
    "ura_indicators": "s.ura_indicators",
    "red_fives": "s.red_fives",
    "set_aside": "s.set_aside",
    "seat_wind": "s.seat_wind",
    "round_wind": "s.round_wind",
    "players": "s.players",
    "flowers": "s.flowers",
    "wilds": "s.wilds",
    "wilds_substituted": "a.substituted",
    # Declared first in a reading: a claimed set is exposed, and every kong was declared.
    "declared": "tuple([m for m in a.melds if m.exposed or m.is_kong])",
    "total": "total",
    # The wait set rides on the reading (`Arrangement.waits`, set by scoring); None there (an
    # arrangement built by hand) leaves the situation's own.
    "waits": "(s.waits if a.waits is None else a.waits)",
    "winning_meld": "(a.won or NO_PAIR)",
    "edge_wait": "(a.wait == 'edge')",
    "closed_wait": "(a.wait == 'closed')",
    "open_wait": "(a.wait == 'open')",
    "pair_wait": "(a.wait == 'pair')",
}

# In a custom shape's condition the hand is read whole, from the parsed hand `h`.
HAND_FACT_SOURCE: dict[str, str] = {
    **FACT_SOURCE,
    "waits": "s.waits",
    "tiles": "h.tiles",
    "flowers": "h.flowers",
    "declared": "h.melds",
    "standing": "h.concealed",
    "kongs": "tuple([m for m in h.melds if m.is_kong])",
    "hand_size": "h.size",
}

# Tile attributes are lookups in the runtime's per-tile tables.
TILE_TABLES: dict[str, str] = {
    "suit": "SUIT_OF",
    "rank": "RANK_OF",
    "is_suited": "IS_SUITED",
    "is_honour": "IS_HONOUR",
    "is_wind": "IS_WIND",
    "is_dragon": "IS_DRAGON",
    "is_terminal": "IS_TERMINAL",
    "is_outside": "IS_TERMINAL_OR_HONOUR",
    "is_simple": "IS_SIMPLE",
    "is_flower": "IS_FLOWER",
    "is_green": "IS_GREEN",
}


def tile_constant(text: str) -> str:
    return f"T{text}"


# Quantifier domains answered from predicate bits: the summary each reads, and for the
# filtered meld lists the attribute that does the filtering.
SUMMARY_OF: dict[str, tuple[str, str | None]] = {
    "tiles": ("tile", None),
    "melds": ("meld", None),
    "pairs": ("pair", None),
    "chows": ("meld", "is_chow"),
    "pungs": ("meld", "is_pung"),
    "kongs": ("meld", "is_kong"),
}
COUNT_WIDTH = {"tile": 5, "meld": 3, "pair": 3}  # mjc.runtime.wins.summaries' field widths
