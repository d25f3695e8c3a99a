"""A seat's wait set when some tiles are wild: every tile whose addition the wild win check takes.

`mjc.runtime.wins.waitsets` keeps one wait set per seat for games without wilds, from the quick
shape test. Under a wild option (潮州 鬼牌, 百色 王牌) there is no quick test, and the engine
used to put every other seat's hand through the real check (`mjc.runtime.wins.wilds`) on every
discard. `wild_wait_finder(shapes, wilds, needs)` gives the same kind of function as
`wait_finder`, `SeatState -> frozenset` of the 34 playing tiles, for hands holding wilds:
the tiles `t` such that the seat's hand plus `t` passes the built-in part of the wild check
(`make_wild_checker` / `is_win_with_wilds` for these wilds and shapes), worked out from the
same per-suit needs (`suit_needs`: the wilds a suit takes to become sets, with or without the
pair) without a `Hand` per tile. `mjc.runtime.game.engine` keeps it in `SeatState.waits` exactly as
it keeps the plain one, made again only after the seat's own hand changed.

It is the built-in check tile by tile (tested equal), not a filter wider than it; custom
shapes join as in `wait_finder` (`CustomNeeds`; 潮州 四鬼胡牌 needs anything as far as the
compiler can tell, so a game with it on keeps no wait sets and, as before, puts every hand
through the real check). What the wilds may do in a claim (百色: a discarded 王牌 is never won
on, never chowed, ponged or konged) is decided after the set by the claim code
(`mjc.runtime.game.claimwindow`), which asks the real check as before: a wait set only says which
seats the real check need not see.
"""

from __future__ import annotations

from functools import lru_cache

from mjc.runtime.tiles.hand import MAX_TILES
from mjc.runtime.tiles.tile import HONOUR_BASE, NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.wins.arrange import SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.wins.seats import SeatState
from mjc.runtime.wins.waitsets import CustomNeeds, WaitFinder, custom_waits
from mjc.runtime.wins.wilds import suit_needs

__all__ = ["wild_wait_finder"]

_EMPTY: frozenset[int] = frozenset()
# Each suit: its first tile and its size (the honours have seven kinds).
_SUITS = ((0, 9), (9, 9), (18, 9), (HONOUR_BASE, NUM_PLAYING - HONOUR_BASE))
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)


def _standard_waits(key: bytearray, wilds: int, wild_set: frozenset[int], found: set[int]) -> bool:
    """Add to `found` the tiles (none of them wild: `key` has the wild kinds' counts zeroed)
    that complete the standard shape with `wilds` wilds held; true when one more wild would
    complete it too. The hand wins when some suit taking the pair leaves the total need
    (`suit_needs`) at most the wilds held."""
    whole = bytes(key)  # one copy, sliced by suit
    keys = (whole[0:9], whole[9:18], whole[18:27], whole[27:34])
    needs = (
        suit_needs(0, keys[0]),
        suit_needs(1, keys[1]),
        suit_needs(2, keys[2]),
        suit_needs(3, keys[3]),
    )
    sets_only = needs[0][0] + needs[1][0] + needs[2][0] + needs[3][0]
    extra = [p - n for n, p in needs]  # what taking the pair costs each suit
    best = sets_only + min(extra)
    # One real tile lowers a suit's need by one at most (put a wild in its place): a hand
    # two wilds short of winning waits on nothing.
    if best > wilds + 1:
        return False
    for s, (base, size) in enumerate(_SUITS):
        key_s, (n_s, _) = keys[s], needs[s]
        others = sets_only - n_s
        # The pair in another suit: its cheapest extra cost there.
        other_extra = min(extra[i] for i in range(4) if i != s)
        for rank in range(size):
            tile = base + rank
            if tile in wild_set:
                continue  # a wild kind added is one more wild, not a tile of this suit
            n2, p2 = suit_needs(s, key_s[:rank] + bytes((key_s[rank] + 1,)) + key_s[rank + 1 :])
            if others + min(p2, n2 + other_extra) <= wilds:
                found.add(tile)
    return best <= wilds + 1


@lru_cache(maxsize=256)  # one function per game's shapes and wild kinds (翻鬼: 34 of them)
def wild_wait_finder(
    shapes: frozenset[str], wilds: tuple[int, ...], needs: CustomNeeds = ()
) -> WaitFinder | None:
    """The wait-set function of the wild win check for `shapes`, the wild kinds `wilds` and
    the custom shapes' `needs` (None when some shape is not built in, or a wild is not a
    playing tile, or a custom shape takes any hand: the engine then asks the real check
    every time)."""
    if not shapes <= SHAPES or not wilds or any(w >= NUM_PLAYING for w in wilds):
        return None
    if (0, None, 0) in needs:
        return None  # a custom shape that needs nothing: every tile, always
    standard = STANDARD in shapes
    sevens = SEVEN_PAIRS in shapes
    orphans = THIRTEEN_ORPHANS in shapes
    wild_set = frozenset(wilds)
    plain = [t for t in range(NUM_PLAYING) if t not in wild_set]
    orphan_plain = [t for t in TERMINALS_AND_HONOURS if t not in wild_set]
    stray_plain = [t for t in plain if t not in _ORPHANS]

    def waits(st: SeatState) -> frozenset[int]:
        custom = custom_waits(st, needs, wild_set) if needs else None
        if custom is not None and len(custom) == NUM_PLAYING:
            return custom  # a custom shape may take any tile (潮州 四鬼胡牌): nothing to work out
        counts = st.counts
        key = bytearray(counts)
        held = 0
        for w in wilds:
            held += key[w]
            key[w] = 0
        concealed = sum(key) + held + 1  # the tiles in hand once one is added
        found: set[int] = set()
        wild_wins = False  # whether a wild added completes the hand
        if standard and concealed + 3 * len(st.melds) == MAX_TILES:
            wild_wins = _standard_waits(key, held, wild_set, found)
        if concealed == MAX_TILES:
            if sevens:
                # Each kind held an odd number of times takes one wild to make its pair.
                odd = key.count(1) + key.count(3)
                if odd <= held + 1:
                    wild_wins = True
                    found.update(t for t in plain if odd + (1 if key[t] % 2 == 0 else -1) <= held)
            if orphans and not any(key[t] for t in stray_plain):
                # Thirteen orphans: each orphan at most twice, one of them twice at most;
                # the wilds fill the rest (the hand has fourteen tiles).
                doubles = key.count(2)
                if not any(key[t] > 2 for t in orphan_plain) and doubles <= 1:
                    wild_wins = True
                    found.update(
                        t for t in orphan_plain if key[t] < 2 and doubles + (key[t] == 1) <= 1
                    )
        if wild_wins:
            found.update(wilds)
        if custom is not None:
            found |= custom
        return frozenset(found) if found else _EMPTY

    return waits
