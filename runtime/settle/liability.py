"""Who a round's claims history makes liable: what settlement reads from the claims alone.

Input is a `RoundOutcome` (its claims in order); output is, per winner, the seat a rulebook's
one-payer lines name (`meld_feeder`, `winds_feeder`, `dragons_feeder`) and the relations formed by
repeated claims between two seats (上海 承包, 百色 三包). `mjc.runtime.settle.settlement` asks these
when it picks each winner's payer and relation lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjc.runtime.tiles.tile import tile_index

if TYPE_CHECKING:
    from mjc.runtime.settle.round import RoundOutcome

__all__ = ["DRAGON_TILES", "WIND_TILES", "claim_relations", "meld_feeders", "pattern_feeders"]


def meld_feeders(outcome: RoundOutcome) -> dict[int, int]:
    """包自摸 (十二张落地): for each player whose fourth claimed meld was completed by a discard,
    the seat that discarded it — only for the first player that seat did this to (包先不包后)."""
    counts: dict[int, int] = {}
    liable: dict[int, int] = {}
    used: set[int] = set()
    for claim in outcome.claims:
        counts[claim.seat] = counts.get(claim.seat, 0) + 1
        if counts[claim.seat] == 4 and claim.from_seat not in used:
            liable[claim.seat] = claim.from_seat
            used.add(claim.from_seat)
    return liable


WIND_TILES = frozenset(range(27, 31))  # 1z-4z 东南西北
DRAGON_TILES = frozenset(range(31, 34))  # 5z-7z 白发中


def pattern_feeders(outcome: RoundOutcome) -> dict[tuple[str, int], int]:
    """独特牌型包自摸: (payer word, seat) → the seat liable. `winds_feeder`: the seat had exposed
    pungs of 3 winds and claimed the 4th wind from this seat's discard (大四喜);
    `dragons_feeder`: 2 dragons, then the 3rd dragon (大三元). Claims without a tile count
    for nothing."""
    liable: dict[tuple[str, int], int] = {}
    groups = (("winds_feeder", WIND_TILES), ("dragons_feeder", DRAGON_TILES))
    claimed: dict[tuple[str, int], set[int]] = {}
    for claim in outcome.claims:
        if claim.kind == "chow" or claim.tile is None:
            continue
        tile = tile_index(claim.tile)
        for word, tiles in groups:
            if tile not in tiles:
                continue
            key = (word, claim.seat)
            have = claimed.setdefault(key, set())
            have.add(tile)
            if len(have) == len(tiles) and key not in liable:
                liable[key] = claim.from_seat
    return liable


def claim_relations(
    outcome: RoundOutcome, count: int, mutual_twice: bool = True
) -> dict[tuple[int, int], int]:
    """Relations formed by repeated claims (上海 承包, 百色 三包): for each pair of seats (a, b),
    how many directions of claiming reached `count` claims — 1, or 2 when each claimed from
    the other that often and `mutual_twice` (重複計算). Both orders of the pair are keys."""
    claimed: dict[tuple[int, int], int] = {}
    for claim in outcome.claims:
        key = (claim.seat, claim.from_seat)
        claimed[key] = claimed.get(key, 0) + 1
    weights: dict[tuple[int, int], int] = {}
    for (a, b), times in claimed.items():
        if times >= count:
            weights[(a, b)] = weights.get((a, b), 0) + 1
            weights[(b, a)] = weights.get((b, a), 0) + 1
    if not mutual_twice:
        weights = dict.fromkeys(weights, 1)
    return weights
