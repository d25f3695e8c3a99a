"""Shanten (向听数): how many tiles a hand is from ready, for the built-in win shapes.

Input is a parsed `Hand` (13 or 14 tiles, a declared meld counting three) and what the game
allows: the shape names (`standard`, `seven_pairs`, `thirteen_orphans`), the wild kinds, and the
copies of each tile kind in play; `mjc.runtime.waits` passes a rulebook's, the greedy bot
(`mjc.runtime.greedy`) calls `counts_shanten` on raw counts. The number is exact, not the
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

from mjc.runtime.arrange import SEVEN_PAIRS, SHAPES, STANDARD, THIRTEEN_ORPHANS
from mjc.runtime.hand import MAX_TILES, Hand, HandError
from mjc.runtime.tiles import NUM_PLAYING, TERMINALS_AND_HONOURS

__all__ = ["UNCAPPED", "caps_of", "counts_shanten", "draw_shanten", "shanten", "suit_vector"]

_INF = 99
_MAX_SETS = 4
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

# Memos of pure functions of their keys (suffix of counts and limits, open chows): filled
# as hands need them, like the win check's per-suit wild tables; never cleared, bounded by
# the number of distinct suit keys a process meets.
_WALKS: dict[tuple[bytes, bytes, int, int, bool], tuple[int, ...]] = {}
_VECTORS: dict[tuple[bytes, bytes, bool], tuple[int, ...]] = {}


def _walk(
    counts: bytes, caps: bytes, c1: int, c2: int, chows: bool
) -> tuple[int, ...]:
    """The vector of the suffix `counts` (its limits `caps`), with `c1` chows started one
    rank before it and `c2` two ranks before (each takes one tile here).

    At the first rank the target holds some pungs, maybe the pair and some new chows; the
    target count there is what they take plus the open chows, at most the rank's limit, and
    the tiles to add there are what the target holds beyond the hand's count. A set or the
    pair must take a tile the hand holds (else it is one of `_FREE`'s), hence the bounds."""
    key = (counts, caps, c1, c2, chows)
    found = _WALKS.get(key)
    if found is not None:
        return found
    if not counts:
        out = (0,) + (_INF,) * (_SLOTS - 1)
        _WALKS[key] = out
        return out
    held, cap = counts[0], caps[0]
    rest_counts, rest_caps = counts[1:], caps[1:]
    best = [_INF] * _SLOTS
    # Chows may start here only with two ranks after it, and only as many as can take a
    # held tile of the three ranks.
    near = sum(counts[:3])
    new_chows = range(min(_MAX_SETS, near) + 1) if chows and len(counts) >= 3 else range(1)
    max_pungs = min(held, 2 if cap >= 6 else 1)
    for n in new_chows:
        below = _walk(rest_counts, rest_caps, n, c1, chows)
        for pungs in range(max_pungs + 1):
            for pair in range(2 if held else 1):
                target = 3 * pungs + 2 * pair + n + c1 + c2
                if target > cap:
                    continue
                cost = target - held if target > held else 0
                shift = 2 * (n + pungs) + pair
                for i in range(_SLOTS - shift):
                    if (i & 1) and pair:
                        continue  # one pair in all
                    value = below[i]
                    if value < _INF and cost + value < best[i + shift]:
                        best[i + shift] = cost + value
    out = tuple(best)
    _WALKS[key] = out
    return out


def suit_vector(counts: bytes, caps: bytes, chows: bool = True) -> tuple[int, ...]:
    """One suit's vector: at index 2m + p, the fewest tiles to add to `counts` for exactly m
    sets and p pairs (0 or 1) that each take a tile it holds; 99 when none fit `caps`."""
    key = (counts, caps, chows)
    found = _VECTORS.get(key)
    if found is None:
        found = _VECTORS[key] = _walk(counts, caps, 0, 0, chows)
    return found


def _plus(a: Sequence[int], b: Sequence[int], sets: int) -> list[int]:
    """The min-plus sum of two vectors, for up to `sets` sets."""
    out = [_INF] * _SLOTS
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


def _last(a: Sequence[int], b: Sequence[int], sets: int) -> int:
    """The entry for `sets` sets and the pair of the min-plus sum of `a` and `b`."""
    best = _INF
    for m in range(sets + 1):
        j = 2 * (sets - m)
        x = a[2 * m] + b[j + 1]
        y = a[2 * m + 1] + b[j]
        if x < best:
            best = x
        if y < best:
            best = y
    return best


def _honours_free(counts: bytes, caps: bytes) -> tuple[int, ...]:
    """The honours' vector summed with `_FREE` (sets and a pair of added tiles alone)."""
    key = (counts, caps, False)
    found = _WITH_FREE.get(key)
    if found is None:
        found = _WITH_FREE[key] = tuple(_plus(_FREE, suit_vector(counts, caps, False), 4))
    return found


_WITH_FREE: dict[tuple[bytes, bytes, bool], tuple[int, ...]] = {}


def _standard_distance(counts: Sequence[int], caps: bytes, sets: int) -> int:
    c = bytes(counts)
    vectors = _VECTORS
    keys = ((c[0:9], caps[0:9]), (c[9:18], caps[9:18]), (c[18:27], caps[18:27]))
    m, p, s = (vectors.get((k, cap, True)) or suit_vector(k, cap) for k, cap in keys)
    z = _honours_free(c[27:34], caps[27:34])
    return _last(_plus(_plus(m, p, sets), s, sets), z, sets)


def _seven_pairs_distance(counts: Sequence[int], caps: bytes) -> int:
    # Four of a kind is two pairs (as the win check reads it): a kind gives a first pair
    # worth min(n, 2) held tiles and a second worth the rest of its four; the seven best.
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


def _orphans_distance(counts: Sequence[int], caps: bytes) -> int:
    if any(not caps[t] for t in _ORPHANS):
        return _INF
    held = sum(1 for t in _ORPHANS if counts[t])
    double = any(counts[t] >= 2 for t in _ORPHANS)
    if not double and not any(caps[t] >= 2 for t in _ORPHANS):
        return _INF
    return MAX_TILES - held - double


def counts_shanten(
    counts: Sequence[int],
    declared: int,
    shapes: Iterable[str] = SHAPES,
    jokers: int = 0,
    caps: bytes = _FOUR,
) -> int:
    """The shanten of a hand given as 34 concealed counts (wild tiles left out, `jokers` of
    them held) and `declared` melds; `caps` is how many of each kind the concealed tiles may
    hold (`caps_of`; `UNCAPPED` everywhere in a game with wilds). The hot path of the bot:
    the caller has checked the counts. 99 when no shape can be reached."""
    names = shapes if isinstance(shapes, frozenset) else frozenset(shapes)
    best = _INF
    if STANDARD in names:
        best = _standard_distance(counts, caps, _MAX_SETS - declared)
    if not declared:
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
) -> list[int]:
    """`counts_shanten` of the hand with one more tile, for each of the 34 kinds (99 for a
    kind its limit forbids): what the bot's effective-tile count reads. A draw changes one
    suit only, so the other suits' vectors are summed once per suit, not once per draw."""
    names = shapes if isinstance(shapes, frozenset) else frozenset(shapes)
    sets = _MAX_SETS - declared
    c = bytes(counts)
    out = [_INF] * NUM_PLAYING
    if STANDARD in names:
        keys = [(c[b : b + w], caps[b : b + w]) for b, w in zip(_BASES, _WIDTHS, strict=True)]
        vectors: list[Sequence[int]] = [suit_vector(k, cap) for k, cap in keys[:3]]
        vectors.append(_honours_free(*keys[3]))
        for suit, base in enumerate(_BASES):
            others: Sequence[int] = _FREE if suit == 3 else vectors[3]
            for o in range(3):
                if o != suit:
                    others = _plus(others, vectors[o], sets)
            key, cap = keys[suit]
            for rank in range(_WIDTHS[suit]):
                if key[rank] >= cap[rank]:
                    continue
                grown = key[:rank] + bytes((key[rank] + 1,)) + key[rank + 1 :]
                vector = (
                    _honours_free(grown, cap) if suit == 3 else suit_vector(grown, cap)
                )
                out[base + rank] = _last(others, vector, sets)
    if not declared and (SEVEN_PAIRS in names or THIRTEEN_ORPHANS in names):
        grown_counts = list(counts)
        for t in range(NUM_PLAYING):
            if counts[t] >= caps[t]:
                continue
            grown_counts[t] += 1
            if SEVEN_PAIRS in names:
                out[t] = min(out[t], _seven_pairs_distance(grown_counts, caps))
            if THIRTEEN_ORPHANS in names:
                out[t] = min(out[t], _orphans_distance(grown_counts, caps))
            grown_counts[t] -= 1
    return [_INF if d >= _INF else max(d - jokers, 0) - 1 for d in out]


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
) -> int:
    """The shanten of a 13- or 14-tile hand for `shapes` (every built-in shape by default):
    -1 complete, 0 ready, n: n tiles more from ready. `wilds` are the game's wild kinds (its
    wilds held are jokers; an empty tuple: a game without wilds), `copies` the copies of each
    kind in play (four by default). Raises `HandError` for a hand of another size; 99 when
    no shape can be reached (seven pairs alone, with a declared meld)."""
    if hand.size not in (MAX_TILES - 1, MAX_TILES):
        raise HandError(
            f"shanten is for a hand of 13 or 14 tiles (a declared meld counts 3); "
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
    return counts_shanten(counts, len(hand.melds), shapes, jokers, caps)
