"""`RulesetSpec`: everything a generated module knows about its rulebook, in one frozen object.

A generated module builds one `SPEC = RulesetSpec(...)` from its tables and compiled functions
and hands it to `Ruleset(SPEC)`; the runtime reads the rulebook only through it. The field
names are the rulebook's words as the template writes them; the optional fields default to
what a rulebook without that section means (no custom shapes, no wilds, no constraints, the
default payments).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from mjc.frozen import Frozen, frozen, frozen_kw
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.score.options import OptionSpec
from mjc.runtime.score.points import FuCount, PointsOf, SharedScoreFans, Summarize, Summary
from mjc.runtime.score.scoring import Adjust, FanInfo, Reject, ScoreFans, Situation, TierInfo
from mjc.runtime.settle.payments import DealWinInfo, Payments
from mjc.runtime.tiles.hand import Hand

__all__ = [
    "WILD_ACTIONS",
    "DealWinInfo",
    "DeclareSpec",
    "ExampleSpec",
    "ExchangeSpec",
    "KongKindSpec",
    "Options",
    "Preset",
    "RulesetSpec",
    "ScoreFans",
]

Options = dict[str, Any]
# A preset: its id, its label and the option values it sets.
Preset = tuple[str, str, tuple[tuple[str, str], ...]]

# What a wild tile may do, for `wild_permissions` (the compiler's vocabulary lists the same).
WILD_ACTIONS: tuple[str, ...] = (
    "indicator_kong",
    "substitute",
    "discard",
    "chow",
    "pong",
    "kong",
    "claimed",
    "robbed",
    "win_on_discard",
)


@frozen
class ExampleSpec(Frozen):
    """An inline example of the rulebook: `hand` must score `fan` (or must not, when
    `positive` is false) in the given situation."""

    fan: str
    hand: str
    positive: bool
    win: str | None
    situation: tuple[tuple[str, str], ...]
    where: str


@frozen
class DeclareSpec(Frozen):
    """A declaration each seat makes before the first discard (the `declarations` section,
    四川 定缺): its id and name, the words it is chosen from (`m`, `p`, `s` for a suit) and
    whether tiles of the chosen suit must be discarded before any other (`discard_first`) and
    whether the seat may pong or kong no tile of it (`no_claims`)."""

    id: str
    label: str
    words: tuple[str, ...]
    discard_first: bool = False
    no_claims: bool = False


@frozen
class ExchangeSpec(Frozen):
    """The exchange of tiles before play (the `declarations` section, 四川 换三张): its id and
    name, how many tiles each seat passes (`count`), whether they are all of one suit
    (`same_suit`) and to whom: `next` or `previous` in turn order, `opposite`, or `dice`
    (two dice from the round's seed, `mjc.runtime.game.sidewins.exchange_direction`)."""

    id: str
    label: str
    count: int
    same_suit: bool = False
    direction: str = "dice"


@frozen
class KongKindSpec(Frozen):
    """A kind of kong (the `kongs` section: 开杠, 补张): its id and name, how many tiles it
    turns up from the replacement end, whether the payments' `kong_payment` lines pay it, and
    whether it has a condition (`RulesetSpec.kong_allowed` tests it)."""

    id: str
    label: str
    replacement: int = 1
    scored: bool = True
    conditional: bool = False


@frozen_kw
class RulesetSpec(Frozen):
    """One compiled rulebook as its generated module describes it: identity, tables, option
    model, and the compiled functions of its conditions (each reads the option values `o`)."""

    id: str
    title: str
    english: str | None
    version: str
    unit: str
    players: tuple[int, ...]
    fans: tuple[FanInfo, ...]
    tiers: tuple[TierInfo, ...]
    excludes: tuple[tuple[int, ...], ...]
    relation_order: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    # Scoring: each fan's count, then relations and tiers (`score_fans`, the one scoring
    # function), then floors and ceilings, then the restrictions on winning.
    score_fans: ScoreFans
    adjust: Adjust
    reject: Reject
    has_rejects: bool = True
    # False: the rulebook has no floor, multiplier, ceiling or fix, and `adjust` only keeps
    # the value at least 0 (which `Ruleset.score` then does without the call).
    has_adjustments: bool = True
    # The facts the fans read that cost work per hand, done only when read: "waits" (the wait set)
    # and those of `mjc.runtime.wins.readings.WAIT_FACTS` (readings with the winning tile placed).
    reads: frozenset[str] = frozenset()
    # Fans (by index) that make a reading kept over another that scores alike (`prefer`).
    prefer: tuple[int, ...] = ()
    # Win shapes: the built-in ones enabled, and the rulebook's own (`custom_shapes_on` says
    # whether any may complete under the options).
    shapes: Callable[[Options], frozenset[str]]
    custom_shapes: Callable[[Hand, Situation, Options], tuple[str, ...]]
    custom_shapes_on: Callable[[Options], bool] | None = None
    has_custom_shapes: bool = False
    # Per custom shape, what a hand it completes needs (`mjc.compiler.emit.shapeneeds`): the
    # fewest flowers and the tiles it may hold in notation (None: any). None: not known.
    custom_shape_needs: tuple[tuple[int, str | None, int], ...] | None = None
    # Each custom shape's id and name, as the reason a hand does not win names them.
    custom_shape_names: tuple[tuple[str, str], ...] = ()
    # Tiles in play and wilds: copies of each kind, the wild kinds (from the flipped
    # indicator when the mode needs one), what a wild may do and how many are live.
    tile_copies: Callable[[Options], tuple[int, ...]]
    wild_tiles: Callable[[Options, int | None], tuple[int, ...]]
    wild_permissions: Callable[[Options], frozenset[str]]
    wild_copies: Callable[[Options], int] | None = None
    has_wilds: bool = False
    # Play: the claims allowed, the rulebook's own situations, its option constraints (the
    # reason the first broken one gives, for a player count) and its presets.
    claims: Callable[[Options], frozenset[str]]
    situation_flags: tuple[str, ...] = ()
    # Why the situations named for a win cannot hold, from what the prelude and the rulebook
    # say each presumes (`mjc.compiler.emit.situations`); None: nothing is refused.
    situation_problems: Callable[[Hand, Situation, Options], str | None] | None = None
    # The wins at the deal (起手胡) in rulebook order, and which of them a dealt hand holds
    # for its seat (the module's `deal_wins`).
    deal_wins: tuple[DealWinInfo, ...] = ()
    deal_win_check: Callable[[Hand, Situation, Options], tuple[str, ...]] | None = None
    violated: Callable[[Options, int], str | None] | None = None
    presets: tuple[Preset, ...] = ()
    examples: tuple[ExampleSpec, ...] = ()
    payments: Payments | None = None
    # Turn flow (the `play` section): the rules of play under an option set; None plays by
    # `TurnRules()`.
    turn_rules: Callable[[Options], TurnRules] | None = None
    # The kinds of kong (`kongs` section; empty: one plain kind), and whether kind `k` may be
    # made: its condition on the hand after the kong (`Situation.waits`: the tiles it waits on).
    kong_kinds: tuple[KongKindSpec, ...] = ()
    kong_allowed: Callable[[int, Hand, Situation, Options], bool] | None = None
    # What each seat declares before the first discard (`declarations` section; empty: none).
    declares: tuple[DeclareSpec, ...] = ()
    # The exchange of tiles before play (换三张; empty: none), and the ids of the declarations
    # and exchanges the options switch on (None: every one, none being guarded).
    exchanges: tuple[ExchangeSpec, ...] = ()
    declarations_on: Callable[[Options], frozenset[str]] | None = None
    # The fu (符) of a reading and its parts, and the points (点) a hand is paid on with the
    # limit that names them (the fu and points sections, Riichi), with the sections' labels;
    # None: the rulebook has no such section (a hand is valued and paid on its total).
    fu_count: FuCount | None = None
    fu_label: str | None = None
    points: PointsOf | None = None
    points_label: str | None = None
    # The module's `summarize_arrangement` when `score_fans` and `fu_count` share the reading's
    # summary (each takes it as `x`): the runtime makes it once per reading. None: each
    # function makes what it reads.
    summary: Summarize | None = None
    # Its `summarize_hand`, beside `summary`: the same summary of a hand's one standard
    # reading (`standard_placed`'s), folded from the suits' words. None: `summary` makes it.
    hand_summary: Callable[[Hand], Summary] | None = None

    def summary_sharing(self) -> tuple[Summarize, SharedScoreFans] | None:
        """The module's `summarize_arrangement` and its `score_fans` as the function that
        takes the summary (`x`), when the module shares one (`summary`); None when not. A
        module that names a summary generates a `score_fans` taking it, which this says."""
        if self.summary is None:
            return None
        return self.summary, cast("SharedScoreFans", self.score_fans)

    def switched_on(
        self, values: Options
    ) -> tuple[tuple[ExchangeSpec, ...], tuple[DeclareSpec, ...]]:
        """The exchanges and declarations these option values switch on (their `if`)."""
        if self.declarations_on is None:
            return self.exchanges, self.declares
        on = self.declarations_on(values)
        return (
            tuple(e for e in self.exchanges if e.id in on),
            tuple(d for d in self.declares if d.id in on),
        )
