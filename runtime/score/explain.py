"""Scores that explain themselves: the steps from the fan sum to the total, the fans a relation
or a tier dropped, and what each wild tile stood for.

Nothing here runs on the scoring hot path. `mjc.runtime.score.scoring.Score` keeps what the
generated `score_fans` and `adjust` reported (notes on tier caps and modes, the adjustment steps
that fired) and builds its steps from them only when asked (`score_steps`). The fans that were
dropped are found again from the raw fan counts (`score_fans` fills a list given as `raw`) and the
module's relation tables (`EXCLUDES`, `RELATION_ORDER`, the tiers' overrides), the way `score_fans`
applies them (`suppressed_fans`), only when a caller asks for an explanation.

Rule ids of steps: a tier's steps (`sum`, `multiply` for a tier whose fans multiply, `ceiling`
for a tier's cap) name the tier id (`within`); an adjustment's steps (`floor`, `multiply`,
`ceiling`, `fixed`) name the scoring line as `<keyword>@<file name>#<n>`, the n-th line of
that keyword in the scoring section (`floor@guangdong.mjr#3`, `fix@baise.mjr#2`): by ordinal,
not line number, so that a line added above leaves the id as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import prod
from typing import TYPE_CHECKING, Any, NamedTuple

from mjc.frozen import Frozen, frozen_fast
from mjc.runtime.tiles.tile import tile_text

if TYPE_CHECKING:
    from mjc.runtime.rules.spec import RulesetSpec
    from mjc.runtime.score.scoring import FanInfo, FanScore, TierInfo
    from mjc.runtime.tiles.hand import Hand
    from mjc.runtime.wins.arrange import Arrangement

__all__ = [
    "STEP_KINDS",
    "Step",
    "Suppressed",
    "each_value",
    "score_steps",
    "substitutions",
    "suppressed_fans",
]

# What a step does to the running total: `sum` adds a tier's value, `multiply` multiplies (an
# adjustment) or adds a tier whose fans multiply, `fixed` replaces it, `floor` raises it,
# `ceiling` lowers it.
STEP_KINDS: tuple[str, ...] = ("sum", "multiply", "fixed", "floor", "ceiling")

# The generated modules' reports: combine's notes are (tier id, "cap" or a mode, value), adjust's
# steps are (kind, value, total after, rule id).
Notes = tuple[tuple[str, str, int], ...]
AdjustSteps = tuple[tuple[str, int, int, str], ...]


class Step(NamedTuple):
    """One step from the fans to the total: its kind, its value (a tier's value, a factor, a
    floor, a ceiling, a fixed total), the total after it, and the rule that made it."""

    kind: str
    value: int
    total: int
    rule: str

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "total": self.total, "rule": self.rule}


@frozen_fast
class Suppressed(Frozen):
    """A fan whose condition held but which does not count: `by` is the fan that dropped it;
    `how` is "excludes" (a relation of `by`), "tier" (the tier of `by` overrides its tier) or
    "max" (its tier keeps only its best fan, `by`)."""

    id: str
    name: str
    by: str
    by_name: str
    how: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "by": self.by,
            "by_name": self.by_name,
            "how": self.how,
        }


def each_value(table_value: int, count: int, value: int) -> int:
    """What one count of a fan is worth, given what `count` of it contributed: the table value
    when it explains `value` (added or multiplied), else `value` shared out evenly."""
    if count <= 1:
        return value
    if table_value * count == value or table_value**count == value:
        return table_value
    return value // count


def score_steps(fans: Iterable[FanScore], notes: Notes, adjusted: AdjustSteps) -> tuple[Step, ...]:
    """The steps from the fans to the total: each tier that counted, in table order (its cap
    after it when it cut), then the adjustments that fired, as the generated code reported."""
    modes = {tier: what for tier, what, _ in notes if what != "cap"}
    caps = {tier: cap for tier, what, cap in notes if what == "cap"}
    groups: dict[str, list[FanScore]] = {}
    for fan in fans:
        groups.setdefault(fan.tier, []).append(fan)
    steps: list[Step] = []
    running = 0
    for tier, members in groups.items():
        mode = modes.get(tier, members[0].combine)
        values = [f.value for f in members]
        if mode == "multiply":
            value = prod(values)
        else:
            value = max(values) if mode == "max" else sum(values)
        running += value
        steps.append(Step("multiply" if mode == "multiply" else "sum", value, running, tier))
        if tier in caps:
            running += caps[tier] - value
            steps.append(Step("ceiling", caps[tier], running, tier))
    steps += [Step(*step) for step in adjusted]
    return tuple(steps)


def substitutions(
    hand: Hand | None, best: Arrangement | None, wilds: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    """What each wild tile of the hand stands for in the winning arrangement, as (wild, tile):
    the tiles of the arrangement that the hand's own tiles (wilds aside) do not account for."""
    if hand is None or best is None or not wilds:
        return ()
    wild_set = set(wilds)
    held = sorted(t for t in hand.concealed if t in wild_set)
    if not held:
        return ()
    left = list(best.tiles)
    own = [t for t in hand.concealed if t not in wild_set]
    for t in own + [t for m in hand.melds for t in m.tiles]:
        if t in left:
            left.remove(t)
    # A wild standing for itself leaves its own tile behind: pair those first.
    pairs: list[tuple[int, int]] = []
    rest: list[int] = []
    for wild in held:
        if wild in left:
            left.remove(wild)
            pairs.append((wild, wild))
        else:
            rest.append(wild)
    pairs += zip(rest, sorted(left), strict=False)
    return tuple(sorted(pairs))


def substitution_text(pairs: Iterable[tuple[int, int]]) -> list[str]:
    """`5z→3m` for each wild and the tile it stands for."""
    return [f"{tile_text(w)}→{tile_text(t)}" for w, t in pairs]


def suppressed_fans(
    raw: Sequence[int], spec: RulesetSpec, kept: Iterable[FanScore]
) -> tuple[Suppressed, ...]:
    """The fans of `spec` whose condition held (`raw`, the counts `score_fans` gives before
    relations) but which do not count (not among `kept`, the score's fans), each with the fan
    that dropped it: a relation first (in the spec's relation order, as scoring applies them),
    then a tier overridden by a tier that counted, then a `max` tier's other fans."""
    fans, tiers = spec.fans, spec.tiers
    counts = list(raw)
    by: dict[int, tuple[int, str]] = {}
    for fan in spec.relation_order:
        if counts[fan]:
            for target in spec.excludes[fan]:
                if counts[target]:
                    counts[target] = 0
                    by.setdefault(target, (fan, "excludes"))
    ids = {f.id for f in kept}
    counted = {i for i, fan in enumerate(fans) if fan.id in ids}
    for index, count in enumerate(counts):
        if not count or index in counted or index in by:
            continue
        tier = tiers[fans[index].tier]
        dropper = _tier_dropper(index, tier, fans, tiers, counted)
        if dropper is not None:
            by[index] = dropper
    return tuple(
        Suppressed(fans[i].id, fans[i].name, fans[f].id, fans[f].name, how)
        for i, (f, how) in sorted(by.items())
    )


def _tier_dropper(
    index: int,
    tier: TierInfo,
    fans: Sequence[FanInfo],
    tiers: Sequence[TierInfo],
    counted: set[int],
) -> tuple[int, str] | None:
    """The counted fan that kept fan `index` out through the tiers: the best counted fan of
    a tier that overrides its tier, else the counted fan of its own (`max`) tier."""
    own = fans[index].tier
    for j, other in enumerate(tiers):
        if own in other.overrides:
            winners = [f for f in sorted(counted) if fans[f].tier == j]
            if winners:
                return max(winners, key=lambda f: fans[f].value), "tier"
    same = [f for f in sorted(counted) if fans[f].tier == own]
    if same and tier.combine == "max":
        return same[0], "max"
    return None
