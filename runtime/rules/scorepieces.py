"""The pieces of `Ruleset.score` that are not its hot path: picking the best of several
readings, the fan a kept count stands for, the reason a hand does not win, and the checks
of a hand's tiles and winning tile against the game.

Input comes from `mjc.runtime.rules.ruleset`: the readings of one hand
(`mjc.runtime.wins.readings`), the generated module's compiled `score_fans`, `adjust` and `reject`,
its fan table and tiers (`mjc.runtime.score.scoring`), and the hand (`mjc.runtime.tiles.hand`). Each
is a plain function of what it is given, so that the ruleset keeps only the one long function the
hot path needs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from mjc.runtime.rules.spec import Options
from mjc.runtime.score.explain import each_value
from mjc.runtime.score.points import SharedScoreFans, Summarize, Summary
from mjc.runtime.score.scoring import (
    Adjust,
    FanInfo,
    FanScore,
    Reject,
    Score,
    ScoreFans,
    Situation,
    TierInfo,
)
from mjc.runtime.tiles.hand import MAX_TILES, Hand, HandError, is_win_size, with_win_tile
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_index, tile_name_zh, tile_text
from mjc.runtime.wins.arrange import Arrangement

__all__ = [
    "best_reading",
    "check_tiles_in_play",
    "custom_arrangements",
    "fan_score",
    "no_win_reason",
    "refused_score",
    "with_win",
]

# `Score` made from its fields in order: `tuple.__new__` skips the NamedTuple's `__new__`.
_new_score = tuple.__new__
# The compiled functions a reading is valued with; `reject` None: the rulebook has none.
Valuers = tuple[ScoreFans, Adjust, Reject | None]


def best_reading(
    found: Sequence[Arrangement],
    situation: Situation,
    values: Options,
    valuers: Valuers,
    prefer: frozenset[int],
    summarize: Summarize | None = None,
    summarized_first: Summary | None = None,
) -> tuple[Any, ...]:
    """The best of several readings, as `Scorer.best` keeps it: one that may win before
    one refused, then the higher total, then, at equal totals, one holding a preferred
    fan: (arrangement, total, kept, notes, floor, refusal, ceiled, ceiling, steps). Given
    the module's `summarize` (`RulesetSpec.summary`), each arrangement is summarized once
    and the readings of one arrangement (its winning tile's places) share it; given
    `summarized_first` too, the first reading's summary, it is not made again."""
    score_fans, adjust, reject = valuers
    shared = cast("SharedScoreFans", score_fans)  # given `summarize`, it takes the summary
    best: tuple[Any, ...] | None = None
    summary: Summary | None = summarized_first
    summarized: tuple[object, ...] = found[0][:4] if summarized_first is not None else ()
    for arrangement in found:
        if summarize is None:
            total, kept, notes = score_fans(arrangement, situation, values)
        else:
            # What the summary reads: the shape, melds, pairs and tiles.
            head = arrangement[:4]
            if summary is None or head != summarized:
                summary, summarized = summarize(arrangement), head
            total, kept, notes = shared(arrangement, situation, values, None, summary)
        total, least, ceiled, ceiling, steps = adjust(arrangement, situation, values, kept, total)
        rejected = reject(arrangement, situation, values, kept, total) if reject else None
        if best is not None:
            if best[5] is None and rejected is not None:
                continue
            if (best[5] is None) == (rejected is None):
                if total < best[1]:
                    continue
                if total == best[1] and not (
                    prefer
                    and any(i in prefer for i, _, _ in kept)
                    and not any(i in prefer for i, _, _ in best[2])
                ):
                    continue
        best = (arrangement, total, kept, notes, least, rejected, ceiled, ceiling, steps)
    assert best is not None  # `found` is never empty here
    return best


def refused_score(
    rulebook: str, unit: str, reason: str, wilds: tuple[int, ...], hand: Hand | None
) -> Score:
    """The `Score` of a hand that does not win, for `reason`: `Score(rulebook, False, None,
    (), 0, unit, None, reason, wilds=wilds, hand=hand)`, each field given in order (a
    quarter of MCR's bench hands are refused after scoring, under 8 番; the NamedTuple's own
    `__new__` is a Python frame that fills the defaults from keywords)."""
    fields = (
        rulebook,
        False,
        None,
        (),
        0,
        unit,
        None,
        reason,
        0,
        False,
        wilds,
        None,
        (),
        (),
        hand,
        None,
        None,
        (),
        None,
        None,
    )
    refused: Score = _new_score(Score, fields)
    return refused


def custom_arrangements(hand: Hand, names: Sequence[str]) -> list[Arrangement]:
    """The whole hand read as each of the custom shapes `names` it completes."""
    return [Arrangement(name, (), (), hand.tiles, hand.is_concealed, None) for name in names]


def fan_score(fan: FanInfo, tiers: Sequence[TierInfo], count: int, value: int) -> FanScore:
    """The fan that counted `count` times for `value` in all, as a score lists it."""
    tier = tiers[fan.tier]
    each = each_value(fan.value, count, value) if count > 1 else None
    return FanScore(fan.id, fan.name, fan.english, value, tier.id, count, each, tier.combine)


def check_tiles_in_play(hand: Hand, copies: Sequence[int], rulebook: str, default: bool) -> None:
    """Raise `HandError` for the first tile of `hand` of which the game has no copies."""
    for t in (*hand.tiles, *hand.flowers):
        if not copies[t]:
            raise HandError(
                f"{tile_text(t)} ({tile_name_zh(t)}) is not in play in this {rulebook} game"
                + ("" if default else " with these options")
            )


def no_win_reason(
    hand: Hand,
    shapes: frozenset[str],
    custom: Sequence[tuple[str, str]] = (),
    tiles: int = MAX_TILES,
) -> str:
    """Why `hand` has no arrangement under the built-in `shapes` nor the rulebook's `custom`
    shapes (id, name), in words; a win holds `tiles` tiles."""
    win = hand.win_tile
    on_flower = win is not None and win >= NUM_PLAYING
    if on_flower and not is_win_size(hand, tiles):
        return (
            f"a hand won on a flower holds {tiles - 1} tiles beside it (a kong counts as "
            f"3); this one has {hand.size}"
        )
    if on_flower and win is not None:
        return (
            f"won on the flower {tile_text(win)}: a flower completes no set, and "
            "no custom shape of this rulebook (such as 八花) holds"
        )
    if not is_win_size(hand, tiles):
        return f"a winning hand has {tiles} tiles (a kong counts as 3); this one has {hand.size}"
    # The rulebook's own shapes are named too: a hand may have been meant as one of them.
    names = ", ".join([*sorted(shapes), *(f"{id_} {name}".rstrip() for id_, name in custom)])
    return f"the tiles do not form a winning shape of this rulebook ({names})"


def with_win(hand: Hand, win: str) -> Hand:
    """`hand` with `win` (notation) as its winning tile, which it must hold."""
    tile = tile_index(win)
    if tile == hand.win_tile:
        return hand  # already the winning tile (its place among the concealed tiles checked)
    if tile not in (hand.flowers if tile >= NUM_PLAYING else hand.concealed):
        where = "flowers" if tile >= NUM_PLAYING else "concealed tiles"
        raise HandError(f"the winning tile {win} is not among the {where}")
    return with_win_tile(hand, tile)
