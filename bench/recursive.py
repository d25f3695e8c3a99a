"""The baseline of the wild-tile win check: a recursive search, as most hand-written engines do it.

No library we measure against supports wild tiles (DESIGN.md, "Performance"), so the benchmark
compares the wild check of `mjc.runtime.wins.wilds` with this plain, fair implementation of the same
question: can the hand be read as four sets and a pair, each wild standing for any tile?

It works on the 34-kind count array of the hand (the `mahjong` package's 34-format, converted
before timing). The wilds are taken out and counted; then the search takes the lowest remaining
tile and tries to place it in a pung, the pair (while there is none yet) or a chow, filling the
missing tiles of that set with wilds, and recurses. The usual pruning applies: a set uses as
many real copies as the hand holds (a real tile is never worse than a wild), chows start at the
lowest tile (shifted down only at 8 and 9, the lower tiles then being wilds), wilds left over
at the end must make whole sets (and the pair, if still missing), and the first success stops
the search. There are no per-suit tables and no memoisation across hands: every call searches
afresh, the way an engine without precomputation does.
"""

from __future__ import annotations

__all__ = ["recursive_win_with_wilds"]

_HONOURS = 27  # the first honour kind: honours make no chows
_KINDS = 34


def _search(c: list[int], i: int, wilds: int, need_pair: bool) -> bool:
    """Whether the counts from kind `i` on, with `wilds` wilds, make sets (and the pair if
    `need_pair`). `c` is restored before returning."""
    while i < _KINDS and not c[i]:
        i += 1
    if i == _KINDS:
        # Only wilds are left: they make pungs of anything, and the pair if it is missing.
        if need_pair:
            return wilds >= 2 and (wilds - 2) % 3 == 0
        return wilds % 3 == 0
    n = c[i]
    # A pung of tile i: three real copies, or all of them and wilds for the rest.
    if n >= 3:
        c[i] = n - 3
        found = _search(c, i, wilds, need_pair)
        c[i] = n
        if found:
            return True
    elif wilds >= 3 - n:
        c[i] = 0
        found = _search(c, i + 1, wilds - 3 + n, need_pair)
        c[i] = n
        if found:
            return True
    # The pair of tile i.
    if need_pair:
        if n >= 2:
            c[i] = n - 2
            found = _search(c, i, wilds, False)
            c[i] = n
            if found:
                return True
        elif wilds:
            c[i] = 0
            found = _search(c, i + 1, wilds - 1, False)
            c[i] = n
            if found:
                return True
    # A chow through tile i: i, i+1, i+2, or 7-8-9 for an 8 or a 9 (the tiles below i are
    # used up, so they are wilds); every missing tile is a wild.
    if i < _HONOURS:
        rank = i % 9
        if rank < 7:
            j, k = i + 1, i + 2
            has_j, has_k = c[j] > 0, c[k] > 0
            missing = 2 - has_j - has_k
        elif rank == 7:
            j = k = i + 1
            has_j, has_k = c[j] > 0, False
            missing = 2 - has_j
        else:
            j = k = i
            has_j = has_k = False
            missing = 2
        if missing <= wilds:
            c[i] = n - 1
            c[j] -= has_j
            c[k] -= has_k
            found = _search(c, i, wilds - missing, need_pair)
            c[k] += has_k
            c[j] += has_j
            c[i] = n
            if found:
                return True
    return False


def recursive_win_with_wilds(counts: list[int], wild: int) -> bool:
    """Whether the 14 tiles counted by `counts` (34 kinds) are four sets and a pair, every copy
    of kind `wild` standing for any tile. The caller guarantees 14 tiles (as our check reads
    the size `parse_hand` stored); `counts` is changed during the search and restored."""
    wilds = counts[wild]
    counts[wild] = 0
    try:
        return _search(counts, 0, wilds, True)
    finally:
        counts[wild] = wilds
