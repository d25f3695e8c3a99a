"""A slow, obvious reference for splitting tiles into melds, to check the tables against.

It enumerates melds in one fixed order (by starting tile, then kind), each choice at or after
the previous one, so every multiset of melds is found exactly once; no tables, no caching.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjc.runtime.tiles.tile import IS_SUITED, NUM_PLAYING, RANK_OF, TERMINALS_AND_HONOURS

Reading = tuple[tuple[str, int], ...]  # sorted (kind, tile) of every meld, pair included

_KIND_ORDER = {"pung": 0, "chow": 1, "pair": 2}
_SIZE = {"pung": 3, "chow": 3, "pair": 2}


def _options(width: int, chow_starts: Sequence[bool]) -> list[tuple[str, int]]:
    options = [("pung", t) for t in range(width)] + [("pair", t) for t in range(width)]
    options += [("chow", t) for t in range(width) if chow_starts[t]]
    return sorted(options, key=lambda o: (o[1], _KIND_ORDER[o[0]]))


def _used(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t] * _SIZE[kind]


def readings(
    counts: Sequence[int], chow_starts: Sequence[bool], max_pairs: int = 1
) -> set[Reading]:
    """Every multiset of melds (at most `max_pairs` pairs) that uses up exactly `counts`."""
    options = _options(len(counts), chow_starts)
    left = list(counts)
    found: set[Reading] = set()
    chosen: list[tuple[str, int]] = []

    def go(start: int, pairs: int) -> None:
        lowest = next((t for t, n in enumerate(left) if n), None)
        if lowest is None:
            found.add(tuple(sorted(chosen)))
            return
        for i in range(start, len(options)):
            kind, t = options[i]
            if t > lowest:  # later options start higher: the lowest tile can no longer be used
                return
            if kind == "pair" and pairs == max_pairs:
                continue
            used = _used(kind, t)
            if all(left[x] >= used.count(x) for x in used):
                for x in used:
                    left[x] -= 1
                chosen.append((kind, t))
                go(i, pairs + (kind == "pair"))
                chosen.pop()
                for x in used:
                    left[x] += 1

    go(0, 0)
    return found


SUITED_CHOW_STARTS = [r <= 7 for r in range(1, 10)]
HAND_CHOW_STARTS = [IS_SUITED[t] and RANK_OF[t] <= 7 for t in range(NUM_PLAYING)]


def standard_readings(counts: Sequence[int], declared: int) -> set[Reading]:
    """Readings of the concealed counts as 4 - `declared` sets and exactly one pair."""
    if sum(counts) != 3 * (4 - declared) + 2:
        return set()
    return {r for r in readings(counts, HAND_CHOW_STARTS) if sum(k == "pair" for k, _ in r) == 1}


def is_seven_pairs(counts: Sequence[int], declared: int) -> bool:
    return declared == 0 and sum(counts) == 14 and all(n % 2 == 0 for n in counts)


def is_thirteen_orphans(counts: Sequence[int], declared: int) -> bool:
    kinds = set(TERMINALS_AND_HONOURS)
    present = {t for t, n in enumerate(counts) if n}
    return declared == 0 and sum(counts) == 14 and present == kinds
