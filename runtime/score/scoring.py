"""Scoring a winning hand: the generic engine that a generated rulebook module plugs into.

A generated module supplies the rulebook as data and compiled functions: its fan table
(`FanInfo`), tiers (`TierInfo`), relations, the `score_fans` function that tests every fan
condition on one arrangement and then applies the relations and combines and caps each tier,
the `adjust` function (floors, multipliers, ceilings, fixes) and the enabled win shapes. This
module scores the arrangements of a hand (`mjc.runtime.wins.arrange`) with them and keeps the
arrangement that scores highest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from operator import attrgetter
from typing import Any, NamedTuple, Protocol

from mjc.frozen import Frozen, frozen, frozen_fast
from mjc.runtime.score.explain import (
    AdjustSteps,
    Notes,
    Step,
    Suppressed,
    score_steps,
    substitutions,
)
from mjc.runtime.tiles.argcheck import WRONG_TYPE_SIGNS as _WRONG_TYPE_SIGNS, raise_if_wrong
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.melds import Meld
from mjc.runtime.tiles.tile import RANK_OF, SUIT_OF, tile_text
from mjc.runtime.wins.arrange import Arrangement

__all__ = [
    "NO_PAIR",
    "SITUATION_FLAGS",
    "FanInfo",
    "FanScore",
    "NoPair",
    "Result",
    "Score",
    "Scorer",
    "Situation",
    "SituationDraft",
    "TierInfo",
    "count_suits",
    "count_suits_of_melds",
    "limit_counts",
    "situation_draft",
    "situation_of",
    "tier_capped",
    "with_waits",
]

# The situation names `score(situations=...)` and `--situation` accept.
SITUATION_FLAGS: tuple[str, ...] = (
    "kong_bloom",
    "robbing_kong",
    "last_tile",
    "heavenly",
    "earthly",
    "human",
    "triple_win",
    "kong_discard",
    "flower_robbed",
)


# `frozen_fast`, not `@dataclass(frozen=True, slots=True)`: the same straight-line methods,
# without compiling six of them from source on every start (this module stays interpreted
# in the native build, so mypyc need not see through the decorator).
@frozen_fast
class Situation(Frozen):
    """How and where the hand was won: what fan conditions may ask besides the tiles."""

    winning_tile: int
    self_drawn: bool = False
    dealer: bool = False
    seat_wind: int = 27
    round_wind: int = 27
    players: int = 4
    kong_bloom: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    triple_win: bool = False
    kong_discard: bool = False  # 杠上炮: won on the discard made right after a kong's replacement
    flower_robbed: bool = False  # 搶花: won on the flower another seat drew (七搶一)
    dealer_streak: int = 0  # the dealer's 连庄 count this round (0: a first deal)
    set_aside: int = 0  # tiles the winner set aside in play (北抜き: 抜きドラ)
    dora_indicators: tuple[int, ...] = ()  # ドラ表示牌 turned up, kong dora too
    ura_indicators: tuple[int, ...] = ()  # 裏ドラ表示牌, for a riichi winner
    red_fives: int = 0  # 赤ドラ the hand holds (written 0m, 0p, 0s)
    flowers: tuple[int, ...] = ()
    wilds: int = 0  # wild tiles the hand holds
    extra: frozenset[str] = frozenset()  # the rulebook's own situation flags that hold
    # What the winner declared before the first discard (the `declarations` section, 定缺):
    # (declaration id, word chosen) pairs; a declaration left out reads as "" (no suit).
    declared: tuple[tuple[str, str], ...] = ()
    # The tiles that would have completed the hand before the winning tile, for a caller
    # that scores a reading by hand (`with_waits`): scoring itself puts the hand's wait set
    # on each reading (`Arrangement.waits`), which the generated code reads first.
    waits: Sequence[int] = ()


# Every field of a `Situation` but the last (`waits`), fetched in one C call, and the slots'
# own setters, which store a value without the frozen class's `__setattr__` (and without
# the generated `__init__`, which looks `object.__setattr__` up once per field).
_SITUATION_BEFORE_WAITS = attrgetter(*(f.name for f in fields(Situation)[:-1]))
_SLOT_SETTERS: tuple[Callable[[Situation, object], None], ...] = tuple(
    Situation.__dict__[f.name].__set__ for f in fields(Situation)[:-1]
)
_SET_WAITS: Callable[[Situation, object], None] = Situation.__dict__["waits"].__set__
_new_object = object.__new__


# Every field with its setter and default, in order, for `build_situation`.
_FIELD_SETTERS: tuple[tuple[str, Callable[[Situation, object], None], object], ...] = tuple(
    (f.name, Situation.__dict__[f.name].__set__, f.default) for f in fields(Situation)
)


class SituationDraft(Situation):
    """A `Situation`'s slots, in its order, without the frozen class's `__setattr__`: plain
    assignments fill them (calling a slot's own setter costs three times as much), then
    `draft.__class__ = Situation` (`situation_of`) makes the object the `Situation` it was
    filled as (a subclass adding no slot has its layout, which CPython checks at the
    assignment)."""

    __slots__ = ()
    # object's own, not the frozen class's: made empty, its slots set by plain assignments
    # (both `__setattr__` and `__delattr__` object's, so that CPython sets a slot directly)
    __init__ = object.__init__
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__


def situation_draft() -> Any:
    """An empty draft of a `Situation` (`SituationDraft`), every field to be assigned once
    before `situation_of`; typed `Any` for the assignments."""
    return SituationDraft()


def situation_of(draft: Any) -> Situation:
    """The filled `draft` as the `Situation` it is from now on (no copy is made): a plain
    assignment, which the draft's class lets through to `object`'s (a third of the cost of
    calling `object.__setattr__`)."""
    draft.__class__ = Situation
    made: Situation = draft
    return made


def build_situation(values: dict[str, object]) -> Situation:
    """`Situation(**values)` at a third of the cost: scoring makes one for each new set of
    facts a hand is won in (its flowers among them, so most new hands), and the frozen
    class's `__init__` pays `object.__setattr__` per field. `values` must name
    `winning_tile`; every field it leaves out takes its default."""
    made: Situation = _new_object(Situation)
    get = values.get
    for name, set_slot, default in _FIELD_SETTERS:
        set_slot(made, get(name, default))
    return made


def with_waits(situation: Situation, waits: Sequence[int]) -> Situation:
    """`situation` with its wait set: what `dataclasses.replace` does, at a sixth of the cost
    (for tools that score readings without one, `Arrangement.waits` None): a copy made slot
    by slot, every field but `waits` from `situation`, so it is equal to the one `replace`
    makes."""
    made: Situation = _new_object(Situation)
    for set_slot, value in zip(_SLOT_SETTERS, _SITUATION_BEFORE_WAITS(situation), strict=True):
        set_slot(made, value)
    _SET_WAITS(made, waits)
    return made


class NoPair:
    """Stands in for `pair` in a hand with no single pair (seven pairs, thirteen orphans), so
    that `pair.is_dragon` is simply false there."""

    __slots__ = ()
    kind = "none"
    tile = -1
    tiles: tuple[int, ...] = ()
    suit = ""
    rank = 0
    concealed = exposed = False
    is_chow = is_pung = is_kong = is_pair = False
    is_honour = is_wind = is_dragon = is_terminal = False
    has_terminal = is_outside = is_simple = is_suited = False


NO_PAIR = NoPair()


def _compact(tiles: Iterable[int]) -> str:
    """Tiles in mpsz notation, one suit letter per run: 19m19p19s12345677z."""
    out: list[str] = []
    suit = ""
    for t in sorted(tiles):
        if SUIT_OF[t] != suit and suit:
            out.append(suit)
        suit = SUIT_OF[t]
        out.append(str(RANK_OF[t]))
    return "".join(out) + suit


def count_suits(tiles: Iterable[int]) -> int:
    """How many of the three suits (万 筒 条) the tiles use; honours and flowers do not count."""
    try:
        seen = 0
        for t in tiles:
            if t < 27:
                seen |= 1 << (t // 9)
        return (seen & 1) + (seen >> 1 & 1) + (seen >> 2 & 1)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(count_suits, tiles)
        raise


def count_suits_of_melds(melds: Iterable[Meld]) -> int:
    try:
        return count_suits(m.tile for m in melds)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(count_suits_of_melds, melds)
        raise


@frozen
class FanInfo(Frozen):
    """One fan of the table, as the generated module declares it."""

    id: str
    name: str
    english: str | None
    value: int
    tier: int
    where: str  # file:line of the fan in the rulebook


@frozen
class TierInfo(Frozen):
    id: str
    name: str
    combine: str  # "add" | "max" | "multiply"
    cap: int | None
    overrides: tuple[int, ...]


@frozen_fast
class FanScore(Frozen):
    """A fan that counted in the final score: `value` is what it contributed (its table
    value times `count`, or to the power `count` in a tier whose fans multiply), `each` what
    one count is worth, `combine` how its tier combines its fans (for the score's steps)."""

    id: str
    name: str
    english: str | None
    value: int
    tier: str
    count: int = 1
    each: int | None = None  # None: `value` (a fan counted once)
    combine: str = "add"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "english": self.english,
            "value": self.value,
            "count": self.count,
            "tier": self.tier,
            "each": self.value if self.each is None else self.each,
        }


class Score(NamedTuple):
    """The result of scoring one hand; `as_dict()` is exactly the CLI's JSON. `ceiling` is the
    first scoring ceiling that held for the winning arrangement (None if none did), whether
    or not it cut the value: settlement's `loss_cap` may read it (上海 勒子).

    The last fields explain the score (`mjc.runtime.score.explain`): `notes` and `adjusted` are what
    the generated `combine` and `adjust` reported, from which `steps` is built on demand;
    `hand` is the hand scored (for the wilds' substitutions and the winning tile); `suppressed`
    lists the fans that held but were dropped, when the caller asked (`score(explain=True)`)."""

    rulebook: str
    win: bool
    shape: str | None
    fans: tuple[FanScore, ...]
    total: int
    unit: str
    best: Arrangement | None = None
    reason: str | None = None
    floor: int = 0
    capped: bool = False
    wilds: tuple[int, ...] = ()
    ceiling: int | None = None
    notes: Notes = ()
    adjusted: AdjustSteps = ()
    hand: Hand | None = None
    suppressed: tuple[Suppressed, ...] | None = None
    # The fu and points sections (Riichi): the reading's fu and its parts as (label, fu),
    # the points the hand is paid on and the limit that names them (None: the base). None
    # where the rulebook has no such section, and for a hand that does not win.
    fu: int | None = None
    fu_parts: tuple[tuple[str, int], ...] = ()
    points: int | None = None
    limit: str | None = None

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps from the fans to the total, each with the total after it."""
        return score_steps(self.fans, self.notes, self.adjusted) if self.win else ()

    @property
    def substitutions(self) -> tuple[tuple[int, int], ...]:
        """What each wild tile held stands for in the winning arrangement, as (wild, tile)."""
        return substitutions(self.hand, self.best, self.wilds)

    @property
    def arrangement(self) -> str | None:
        """The winning arrangement in notation: sets, then the pair(s)."""
        if self.best is None:
            return None
        if not self.best.melds and len(self.best.pairs) == 1:  # thirteen orphans: every tile
            return _compact(self.best.tiles)
        return " ".join(self.arrangement_parts)

    @property
    def arrangement_parts(self) -> tuple[str, ...]:
        """The winning arrangement's sets, then its pair(s), each in notation; a red five of
        the hand (赤ドラ) is written `0` in the first set of its suit that holds a five (which
        five is red is not told by the hand, and does not change what it scores)."""
        if self.best is None:
            return ()
        parts = [str(m) for m in (*self.best.melds, *self.best.pairs)]
        red = self.hand.red_fives if self.hand is not None else ()
        for five in red:
            for i, part in enumerate(parts):
                if "5" in part and part.rstrip("])").endswith(SUIT_OF[five]):
                    parts[i] = part.replace("5", "0", 1)
                    break
        return tuple(parts)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rulebook": self.rulebook,
            "win": self.win,
            "shape": self.shape,
            "fans": [f.as_dict() for f in self.fans],
            "total": self.total,
            "unit": self.unit,
            "arrangement": self.arrangement,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        out["floor_applied"] = self.floor > 0
        out["capped"] = self.capped
        out["wilds"] = [tile_text(t) for t in self.wilds]
        out["steps"] = [step.as_dict() for step in self.steps]
        win_tile = self.hand.win_tile if self.hand is not None else None
        out["win_tile"] = tile_text(win_tile) if win_tile is not None else None
        out["substitutions"] = [
            {"wild": tile_text(w), "as": tile_text(t)} for w, t in self.substitutions
        ]
        if self.suppressed is not None:
            out["suppressed"] = [s.as_dict() for s in self.suppressed]
        if self.fu is not None:
            out["fu"] = self.fu
            out["fu_parts"] = [{"name": name, "fu": fu} for name, fu in self.fu_parts]
        if self.points is not None:
            out["points"] = self.points
            out["limit"] = self.limit
        return out


Kept = tuple[tuple[int, int, int], ...]  # (fan index, count, value contributed)


class ScoreFans(Protocol):
    """The generated `score_fans`: every fan's count, then relations and tiers, in one
    function: (total, kept, notes). A list given as `raw` receives every fan's count before
    relations, in table order (score explanations); scoring passes none."""

    def __call__(
        self,
        a: Arrangement,
        s: Situation,
        o: dict[str, Any],
        raw: list[int] | None = None,
        /,
    ) -> tuple[int, Kept, Notes]: ...


Adjust = Callable[
    [Arrangement, Situation, dict[str, Any], Kept, int],
    tuple[int, int, bool, int | None, AdjustSteps],
]
Reject = Callable[[Arrangement, Situation, dict[str, Any], Kept, int], str | None]


class Result(NamedTuple):
    """The value of one arrangement: its total after every adjustment, the fans that counted
    as (fan index, count, value) in table order, the floor that raised it (0 if none), whether
    a cap or ceiling cut it, why it may not win after all (None if it may), and the first
    scoring ceiling that held for it (None if none did)."""

    arrangement: Arrangement
    total: int
    fans: Kept
    floor: int
    capped: bool
    rejected: str | None
    ceiling: int | None = None
    notes: Notes = ()
    adjusted: AdjustSteps = ()


class Scorer:
    """Scores arrangements with a rulebook's compiled functions: `score_fans` (each fan's
    count, then relations, tiers, caps), `adjust` (floors, multipliers, ceilings, fixes) and
    `reject` (restrictions on winning)."""

    def __init__(
        self,
        *,
        score_fans: ScoreFans,
        adjust: Adjust,
        reject: Reject,
        prefer: tuple[int, ...] = (),
    ) -> None:
        self.score_fans = score_fans
        self.adjust = adjust
        self.reject = reject
        self.prefer = frozenset(prefer)

    def best(
        self, arrangements: Iterable[Arrangement], situation: Situation, options: dict[str, Any]
    ) -> Result | None:
        """The highest-scoring arrangement that may win (the first of equals, unless a later
        one holds a fan the rulebook prefers and the first does not); if none may, the
        highest-scoring one, which carries the reason."""
        best: Result | None = None
        for arrangement in arrangements:
            result = self.score(arrangement, situation, options)
            if (
                best is None
                or (best.rejected is not None and result.rejected is None)
                or (
                    (best.rejected is None) == (result.rejected is None)
                    and self._better(result, best)
                )
            ):
                best = result
        return best

    def _better(self, result: Result, best: Result) -> bool:
        """Higher, or as high and holding a preferred fan the other lacks."""
        if result.total != best.total:
            return result.total > best.total
        return bool(self.prefer) and self._preferred(result) and not self._preferred(best)

    def _preferred(self, result: Result) -> bool:
        return any(index in self.prefer for index, _, _ in result.fans)

    def score(
        self, arrangement: Arrangement, situation: Situation, options: dict[str, Any]
    ) -> Result:
        total, kept, notes = self.score_fans(arrangement, situation, options)
        total, least, ceiled, ceiling, steps = self.adjust(
            arrangement, situation, options, kept, total
        )
        rejected = self.reject(arrangement, situation, options, kept, total)
        capped = ceiled or tier_capped(notes)
        return Result(arrangement, total, kept, least, capped, rejected, ceiling, notes, steps)


def limit_counts(counts: tuple[int, ...], most: int) -> tuple[int, ...]:
    """Fan counts cut to `most` in all, as a rulebook's `limit` says: from the last fan
    named to the first, each first down to one, then, if still over, down to none (套算一次:
    a set combines once more at most; 不得相同: a repeated fan gives way before another)."""
    try:
        over = sum(counts) - max(most, 0)
        if over <= 0:
            return counts
        cut = list(counts)
        for keep in (1, 0):
            for i in range(len(cut) - 1, -1, -1):
                drop = min(over, max(cut[i] - keep, 0))
                cut[i] -= drop
                over -= drop
                if over == 0:
                    return tuple(cut)
        return tuple(cut)
    except _WRONG_TYPE_SIGNS:
        raise_if_wrong(limit_counts, counts, most)
        raise


def tier_capped(notes: Notes) -> bool:
    """Whether combine's notes say a tier's cap cut its value."""
    return any(what == "cap" for _, what, _ in notes)
