"""Shanten (向听数): how many tiles a hand is from ready, for the built-in win shapes.

Input is a parsed `Hand` (13 or 14 tiles, a declared meld counting three) and what the game
allows: the shape names (`standard`, `seven_pairs`, `thirteen_orphans`), the wild kinds, and the
copies of each tile kind in play; `mjc.runtime.rules.waits` passes a rulebook's, the greedy bot
(`mjc.runtime.bots.greedy`) calls `counts_shanten` on raw counts. The number is exact, not the
usual block-counting estimate: it is the fewest tiles the hand must draw (discarding as many)
to be complete, less one, so -1 is complete, 0 is ready (听牌) and a 13-tile hand is ready
exactly when some tile it can still draw completes it.

The standard shape is read per suit, as the win check is: for each suit's counts a vector says
how many tiles that suit must add to hold exactly m sets (m = 0..4) with or without the pair,
and the four vectors combine by a min-plus sum. A suit's vector comes from a walk over its
ranks that memoises every suffix, so the per-suit table fills as hands need it and each key is
walked once. Sets made only of added tiles cost 3 (a pair 2) wherever they go, so the walk
never builds them and the sum adds them once (`_FREE`).

Wilds are jokers: each stands for whatever tile is missing, so a hand holding w of them is w
tiles nearer. In a game with wilds a missing tile can always be drawn as a wild, so the copy
limit does not apply there; without wilds a hand cannot count on a fifth copy, nor on a copy
its own declared melds hold (the per-tile limit `caps`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter

from mjc.runtime.tiles.hand import MAX_TILES, Hand, HandError
from mjc.runtime.tiles.tile import NUM_PLAYING, TERMINALS_AND_HONOURS
from mjc.runtime.wins.arrange import SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS

__all__ = ["UNCAPPED", "caps_of", "counts_shanten", "draw_shanten", "shanten", "suit_vector"]

_INF = 99
_MAX_SETS = 4  # the sets of a hand of 13; a hand of 16 (`hand 16`) has five: `_large_distance`
_SETS = _MAX_SETS
_BASES = (0, 9, 18, 27)
_WIDTHS = (9, 9, 9, 7)
# A vector holds, at index 2 * m + p, the tiles to add for exactly m sets and p pairs.
_SLOTS = 2 * (_MAX_SETS + 1)
# Sets and a pair made only of added tiles, placed anywhere: 3 tiles a set, 2 the pair.
_FREE = tuple(3 * (i // 2) + 2 * (i % 2) for i in range(_SLOTS))
# A limit no count reaches: the copy limit of a game with wilds.
UNCAPPED = 9
_FOUR = bytes([4] * NUM_PLAYING)
_ORPHANS = TERMINALS_AND_HONOURS
_ORPHAN_SET = frozenset(_ORPHANS)

# Memos of pure functions of their keys (suffix of counts and limits, open chows): filled
# as hands need them, like the win check's per-suit wild tables; never cleared, bounded by
# the number of distinct suit keys a process meets.
_WALKS: dict[tuple[bytes, bytes, int, int, bool, int], tuple[int, ...]] = {}
# Each distinct vector gets a small int id (a few thousand exist), so that the sums of
# vectors are memoised by pairs of ints: the hot path is dict lookups, not min-plus loops.
_IDS: dict[tuple[int, ...], int] = {}
_BY_ID: list[tuple[int, ...]] = []
# A suit's key and limits (and the most sets, when more than four) -> its vector.
_SUIT_IDS: dict[tuple[bytes, bytes, bool] | tuple[bytes, bytes, bool, int], int] = {}
# Honours' key and limits (and the most sets, when more than four) -> with `_FREE`.
_FREE_IDS: dict[tuple[bytes, bytes] | tuple[bytes, bytes, int], int] = {}
_SUMS: dict[tuple[int, int, int], int] = {}  # (vector, vector, sets) -> their sum's vector
_LASTS: dict[tuple[int, int, int], int] = {}  # (vector, vector, sets) -> the distance
_MAX_MEMO = 1 << 20  # pair memos are emptied past this: they only save work


def _walk(
    counts: bytes, caps: bytes, c1: int, c2: int, chows: bool, most: int = _MAX_SETS
) -> tuple[int, ...]:
    """The vector of the suffix `counts` (its limits `caps`), with `c1` chows started one
    rank before it and `c2` two ranks before (each takes one tile here), for up to `most`
    sets (four; five for a hand of 16).

    At the first rank the target holds some pungs, maybe the pair and some new chows; the
    target count there is what they take plus the open chows, at most the rank's limit, and
    the tiles to add there are what the target holds beyond the hand's count. A set or the
    pair must take a tile the hand holds (else it is one of `_FREE`'s), hence the bounds."""
    key = (counts, caps, c1, c2, chows, most)
    found = _WALKS.get(key)
    if found is not None:
        return found
    slots = 2 * (most + 1)
    if not counts:
        out = (0,) + (_INF,) * (slots - 1)
        _WALKS[key] = out
        return out
    held, cap = counts[0], caps[0]
    rest_counts, rest_caps = counts[1:], caps[1:]
    best = [_INF] * slots
    # Chows may start here only with two ranks after it, and only as many as can take a
    # held tile of the three ranks.
    near = sum(counts[:3])
    new_chows = range(min(most, near) + 1) if chows and len(counts) >= 3 else range(1)
    max_pungs = min(held, 2 if cap >= 6 else 1)
    for n in new_chows:
        below = _walk(rest_counts, rest_caps, n, c1, chows, most)
        for pungs in range(max_pungs + 1):
            for pair in range(2 if held else 1):
                target = 3 * pungs + 2 * pair + n + c1 + c2
                if target > cap:
                    continue
                cost = target - held if target > held else 0
                shift = 2 * (n + pungs) + pair
                for i in range(slots - shift):
                    if (i & 1) and pair:
                        continue  # one pair in all
                    value = below[i]
                    if value < _INF and cost + value < best[i + shift]:
                        best[i + shift] = cost + value
    out = tuple(best)
    _WALKS[key] = out
    return out


def _intern(vector: Sequence[int]) -> int:
    found = _IDS.get(tuple(vector))
    if found is None:
        found = _IDS[tuple(vector)] = len(_BY_ID)
        _BY_ID.append(tuple(vector))
    return found


def _suit_id(counts: bytes, caps: bytes, chows: bool, most: int = _MAX_SETS) -> int:
    key = (counts, caps, chows) if most == _MAX_SETS else (counts, caps, chows, most)
    found = _SUIT_IDS.get(key)
    if found is None:
        found = _SUIT_IDS[key] = _intern(_walk(counts, caps, 0, 0, chows, most))
    return found


def suit_vector(counts: bytes, caps: bytes, chows: bool = True) -> tuple[int, ...]:
    """One suit's vector: at index 2m + p, the fewest tiles to add to `counts` for exactly m
    sets and p pairs (0 or 1) that each take a tile it holds; 99 when none fit `caps`."""
    return _BY_ID[_suit_id(counts, caps, chows)]


def _plus(a: Sequence[int], b: Sequence[int], sets: int) -> list[int]:
    """The min-plus sum of two vectors (of one length), for up to `sets` sets."""
    out = [_INF] * len(a)
    for m1 in range(sets + 1):
        for p1 in (0, 1):
            x = a[2 * m1 + p1]
            if x >= _INF:
                continue
            for m2 in range(sets - m1 + 1):
                for p2 in range(2 - p1):
                    k = 2 * (m1 + m2) + p1 + p2
                    value = x + b[2 * m2 + p2]
                    if value < out[k]:
                        out[k] = value
    return out


def _sum_id(a: int, b: int, sets: int) -> int:
    key = (a, b, sets)
    found = _SUMS.get(key)
    if found is None:
        if len(_SUMS) > _MAX_MEMO:
            _SUMS.clear()
        found = _SUMS[key] = _intern(_plus(_BY_ID[a], _BY_ID[b], sets))
    return found


def _last(a: int, b: int, sets: int) -> int:
    """The entry for `sets` sets and the pair of the min-plus sum of vectors `a` and `b`."""
    key = (a, b, sets)
    found = _LASTS.get(key)
    if found is not None:
        return found
    x, y = _BY_ID[a], _BY_ID[b]
    best = _INF
    for m in range(sets + 1):
        j = 2 * (sets - m)
        best = min(best, x[2 * m] + y[j + 1], x[2 * m + 1] + y[j])
    if len(_LASTS) > _MAX_MEMO:
        _LASTS.clear()
    _LASTS[key] = best
    return best


def _honours_free(counts: bytes, caps: bytes, most: int = _MAX_SETS) -> int:
    """The honours' vector summed with `_FREE` (sets and a pair of added tiles alone)."""
    key = (counts, caps) if most == _MAX_SETS else (counts, caps, most)
    found = _FREE_IDS.get(key)
    if found is None:
        vector = _plus(_free(most), _BY_ID[_suit_id(counts, caps, False, most)], most)
        found = _FREE_IDS[key] = _intern(vector)
    return found


def _free(most: int) -> tuple[int, ...]:
    """`_FREE` for up to `most` sets."""
    return (
        _FREE
        if most == _MAX_SETS
        else tuple(3 * (i // 2) + 2 * (i % 2) for i in range(2 * (most + 1)))
    )


def _large_distance(counts: Sequence[int], caps: bytes, sets: int) -> int:
    """`_standard_distance` for more sets than four (a concealed hand of 16, `hand 16`): the
    same sums, of vectors of that many sets, memoised apart."""
    c = bytes(counts)
    m, p, s = (_suit_id(c[b : b + 9], caps[b : b + 9], True, sets) for b in (0, 9, 18))
    z = _honours_free(c[27:34], caps[27:34], sets)
    return _last(_sum_id(_sum_id(m, p, sets), s, sets), z, sets)


def _standard_distance(counts: Sequence[int], caps: bytes, sets: int) -> int:
    if sets > _MAX_SETS:
        return _large_distance(counts, caps, sets)
    c = bytes(counts)
    ids = _SUIT_IDS
    m = ids.get((c[0:9], caps[0:9], True))
    if m is None:
        m = _suit_id(c[0:9], caps[0:9], True)
    p = ids.get((c[9:18], caps[9:18], True))
    if p is None:
        p = _suit_id(c[9:18], caps[9:18], True)
    s = ids.get((c[18:27], caps[18:27], True))
    if s is None:
        s = _suit_id(c[18:27], caps[18:27], True)
    z = _FREE_IDS.get((c[27:34], caps[27:34]))
    if z is None:
        z = _honours_free(c[27:34], caps[27:34])
    mp = _SUMS.get((m, p, sets))
    if mp is None:
        mp = _sum_id(m, p, sets)
    mps = _SUMS.get((mp, s, sets))
    if mps is None:
        mps = _sum_id(mp, s, sets)
    found = _LASTS.get((mps, z, sets))
    return _last(mps, z, sets) if found is None else found


def _seven_pairs_distance(counts: Sequence[int], caps: bytes) -> int:
    # Four of a kind is two pairs (as the win check reads it): a kind gives a first pair
    # worth min(n, 2) held tiles and a second worth the rest of its four; the seven best.
    # With every limit 0 or at least 4 (always, without declared melds and with the usual
    # four copies) the best seven are counted from how many kinds hold 1, 2, 3 and 4.
    if caps.count(1) or caps.count(2) or caps.count(3):
        return _seven_pairs_general(counts, caps)
    if len(caps) - caps.count(0) < 7:
        return _INF
    ones, twos, threes, fours = (counts.count(n) for n in (1, 2, 3, 4))
    worth_two = min(twos + threes + 2 * fours, 7)
    worth_one = min(ones + threes, 7 - worth_two)
    return MAX_TILES - 2 * worth_two - worth_one


def _seven_pairs_general(counts: Sequence[int], caps: bytes) -> int:
    gains: list[int] = []
    for t in range(NUM_PLAYING):
        n, cap = counts[t], caps[t]
        if cap >= 2:
            gains.append(min(n, 2))
            if cap >= 4 and n > 2:
                gains.append(n - 2)
    if len(gains) < 7:
        return _INF
    gains.sort(reverse=True)
    return MAX_TILES - sum(gains[:7])


_orphan_items = itemgetter(*_ORPHANS)


def _orphans_distance(counts: Sequence[int], caps: bytes) -> int:
    limits: tuple[int, ...] = _orphan_items(caps)
    if 0 in limits:
        return _INF
    held: tuple[int, ...] = _orphan_items(counts)
    double = max(held) >= 2
    if not double and max(limits) < 2:
        return _INF
    return MAX_TILES - (len(held) - held.count(0)) - double


def counts_shanten(
    counts: Sequence[int],
    declared: int,
    shapes: Iterable[str] = SHAPES,
    jokers: int = 0,
    caps: bytes = _FOUR,
    sets: int = _SETS,
) -> int:
    """The shanten of a hand given as 34 concealed counts (wild tiles left out, `jokers` of
    them held) and `declared` melds; `caps` is how many of each kind the concealed tiles may
    hold (`caps_of`; `UNCAPPED` everywhere in a game with wilds); a win is `sets` sets and a
    pair (five in a rulebook of `hand 16`, which has no other shape). The hot path of the
    bot: the caller has checked the counts. 99 when no shape can be reached."""
    names = shapes if isinstance(shapes, frozenset) else frozenset(shapes)
    best = _INF
    if STANDARD in names:
        best = _standard_distance(counts, caps, sets - declared)
    if not declared and sets == _SETS:
        if SEVEN_PAIRS in names:
            best = min(best, _seven_pairs_distance(counts, caps))
        if THIRTEEN_ORPHANS in names:
            best = min(best, _orphans_distance(counts, caps))
    if best >= _INF:
        return _INF
    return max(best - jokers, 0) - 1


def draw_shanten(
    counts: Sequence[int],
    declared: int,
    shapes: Iterable[str] = SHAPES,
    jokers: int = 0,
    caps: bytes = _FOUR,
    sets: int = _SETS,
) -> list[int]:
    """`counts_shanten` of the hand with one more tile, for each of the 34 kinds (99 for a
    kind its limit forbids, or held four times): what the bot's effective-tile count reads.
    A draw changes one suit only, so the other suits' vectors are summed once per suit."""
    names = shapes if isinstance(shapes, frozenset) else frozenset(shapes)
    whole, sets = sets, sets - declared
    most = max(sets, _MAX_SETS)  # four, or five for a concealed hand of 16
    c = bytes(counts)
    out = [_INF] * NUM_PLAYING
    if STANDARD in names:
        keys = [(c[b : b + w], caps[b : b + w]) for b, w in zip(_BASES, _WIDTHS, strict=True)]
        ids = [_suit_id(k, cap, True, most) for k, cap in keys[:3]]
        ids.append(_honours_free(*keys[3], most))
        for suit, base in enumerate(_BASES):
            others = ids[3] if suit != 3 else _intern(_free(most))
            for o in range(3):
                if o != suit:
                    others = _sum_id(others, ids[o], sets)
            key, cap = keys[suit]
            for rank in range(_WIDTHS[suit]):
                if key[rank] >= min(cap[rank], 4):
                    continue  # no fifth copy, whatever the limit
                grown = key[:rank] + bytes((key[rank] + 1,)) + key[rank + 1 :]
                out[base + rank] = _last(others, _suit_id(grown, cap, suit != 3, most), sets)
    if not declared and whole == _SETS and THIRTEEN_ORPHANS in names:
        _orphan_draws(counts, caps, out)
    if not declared and whole == _SETS and SEVEN_PAIRS in names:
        _seven_pairs_draws(counts, caps, out)
    return [_INF if d >= _INF else max(d - jokers, 0) - 1 for d in out]


def _orphan_draws(counts: Sequence[int], caps: bytes, out: list[int]) -> None:
    """Lower `out` to thirteen orphans' distance after each draw: a draw helps only when it
    is a missing orphan, or the first second copy of one."""
    base = _orphans_distance(counts, caps)
    if base >= _INF:
        return
    double = max(_orphan_items(counts)) >= 2
    for t in range(NUM_PLAYING):
        n = counts[t]
        if n >= min(caps[t], 4):
            continue
        helps = t in _ORPHAN_SET and (n == 0 or (n == 1 and not double))
        distance = base - 1 if helps else base
        if distance < out[t]:
            out[t] = distance


def _seven_pairs_draws(counts: Sequence[int], caps: bytes, out: list[int]) -> None:
    """Lower `out` to seven pairs' distance after each draw; with the usual limits, from how
    many kinds hold 1-4 (a draw moves one kind from one count to the next)."""
    general = caps.count(1) or caps.count(2) or caps.count(3)
    held = [counts.count(n) for n in range(5)]
    grown = list(counts)
    for t in range(NUM_PLAYING):
        n = counts[t]
        if n >= min(caps[t], 4):
            continue
        if general:
            grown[t] += 1
            distance = _seven_pairs_general(grown, caps)
            grown[t] -= 1
        else:
            held[n] -= 1
            held[n + 1] += 1
            worth_two = min(held[2] + held[3] + 2 * held[4], 7)
            worth_one = min(held[1] + held[3], 7 - worth_two)
            distance = MAX_TILES - 2 * worth_two - worth_one
            held[n] += 1
            held[n + 1] -= 1
        if distance < out[t]:
            out[t] = distance


def caps_of(hand: Hand, copies: Sequence[int] | None = None, wilds: bool = False) -> bytes:
    """How many copies of each playing kind the hand's concealed tiles may come to hold: the
    copies in play (`copies`, four each by default) less those its declared melds hold;
    `UNCAPPED` in a game with wilds, where a wild drawn stands for any missing tile."""
    if wilds:
        return bytes([UNCAPPED] * NUM_PLAYING)
    caps = bytearray(_FOUR if copies is None else bytes(min(c, 4) for c in copies[:NUM_PLAYING]))
    for meld in hand.melds:
        for t in meld.tiles:
            caps[t] = max(caps[t] - 1, 0)
    return bytes(caps)


def shanten(
    hand: Hand,
    shapes: Iterable[str] = SHAPES,
    wilds: Iterable[int] = (),
    copies: Sequence[int] | None = None,
    tiles: int = MAX_TILES,
) -> int:
    """The shanten of a 13- or 14-tile hand for `shapes` (every built-in shape by default):
    -1 complete, 0 ready, n: n tiles more from ready. `wilds` are the game's wild kinds (its
    wilds held are jokers; an empty tuple: a game without wilds), `copies` the copies of each
    kind in play (four by default); `tiles` is the size of a win (17 for a rulebook of
    `hand 16`: a hand of 16 or 17, five sets and a pair). Raises `HandError` for a hand of
    another size; 99 when no shape can be reached (seven pairs alone, with a declared meld)."""
    if hand.size not in (tiles - 1, tiles):
        raise HandError(
            f"shanten is for a hand of {tiles - 1} or {tiles} tiles (a declared meld counts 3); "
            f"this one has {hand.size}"
        )
    kinds = tuple(w for w in wilds if w < NUM_PLAYING)
    counts = list(hand.counts)
    jokers = 0
    for w in kinds:
        jokers += counts[w]
        counts[w] = 0
    caps = caps_of(hand, copies, bool(kinds))
    # The distance is to a complete 14-tile hand from 13 tiles or 14 alike: a 13-tile hand
    # one draw from complete is 0, a complete 14-tile hand -1.
    return counts_shanten(counts, len(hand.melds), shapes, jokers, caps, (tiles - 2) // 3)
