"""`Ruleset`: the object a generated module exports as `RULESET`, and what game servers call.

The generated module describes its rulebook in one `RulesetSpec` (tables and compiled
functions); this class adds the public API of DESIGN.md. Here is `score` (wilds, arrangements,
fans, relations, tiers, adjustments, restrictions: the hot path) and `settle`; what answers
about the game rather than one hand (option values and presets, wilds, `is_win` and
`win_checker`, `waits` and `shanten`, the rules of play, the situation of a win) is inherited
from `mjc.runtime.rules.gamerules`. Hands come as `Hand` objects or notation strings and
options by id or Chinese label. What it prepares per option setting is kept by
`mjc.runtime.rules.gamecache`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from mjc.runtime.rules.gamecache import Game, GameCache, prepare_game
from mjc.runtime.rules.scorepieces import (
    best_reading,
    check_tiles_in_play,
    custom_arrangements,
    fan_score,
    no_win_reason,
    refused_score,
    with_win,
)
from mjc.runtime.rules.settling import SettlingRules
from mjc.runtime.rules.spec import WILD_ACTIONS, ExampleSpec, Options, RulesetSpec
from mjc.runtime.score.explain import suppressed_fans
from mjc.runtime.score.options import resolve_options
from mjc.runtime.score.points import (
    FuCount,
    PointsOf,
    Summary,
    Valued,
    best_by_points,
    value_reading,
)
from mjc.runtime.score.scoring import (
    FanScore,
    Kept,
    Score,
    Scorer,
    Situation,
    tier_capped,
)
from mjc.runtime.score.situationargs import (
    WIND_TILES as WIND_TILES,
    set_dora,
    with_declared,
    with_dora,
    with_set_aside,
    with_streak,
)
from mjc.runtime.score.situations import SituationError
from mjc.runtime.settle.claimcheck import wild_win_refusal
from mjc.runtime.settle.payments import DEFAULT_PAYMENTS
from mjc.runtime.tiles.argcheck import WRONG_TYPE_SIGNS, raise_if_wrong
from mjc.runtime.tiles.hand import MAX_TILES, Hand, is_win_size, parse_hand
from mjc.runtime.tiles.tile import NUM_PLAYING
from mjc.runtime.wins.arrange import (
    SEVEN_PAIRS,
    STANDARD,
    Arrangement,
    arrangements,
    standard_arrangements,
    standard_placed,
)
from mjc.runtime.wins.checkers import make_public_is_win
from mjc.runtime.wins.readings import (
    WAIT_FACTS,
    Waits,
    builtin_waits,
    carry_waits,
    placements,
    waits,
)
from mjc.runtime.wins.sized import sized_arrangements
from mjc.runtime.wins.waitsets import custom_may_complete, custom_needs
from mjc.runtime.wins.wilds import wild_arrangements

if TYPE_CHECKING:
    pass

# `WILD_ACTIONS` and `ExampleSpec` moved to `mjc.runtime.rules.spec`, `WIND_TILES` to
# `mjc.runtime.score.situationargs`; all still importable from here.
__all__ = ["WILD_ACTIONS", "WIND_TILES", "ExampleSpec", "Ruleset", "SituationError"]

_new_score = tuple.__new__
# A reading of a rulebook without fu and points sections: the last fields of its `Score`.
_NOT_VALUED = Valued(None, (), None, None)


class Ruleset(SettlingRules):
    """One compiled rulebook: `Ruleset(spec)`, the spec its generated module builds."""

    def __init__(self, spec: RulesetSpec) -> None:
        self.spec = spec
        self.id = spec.id
        self.title = spec.title
        self.english = spec.english
        self.version = spec.version
        self.unit = spec.unit
        self.players = spec.players
        self.fans = spec.fans
        self.tiers = spec.tiers
        self.excludes = spec.excludes
        self.relation_order = spec.relation_order
        self.options = spec.options
        self.shapes = spec.shapes
        self.custom_shapes = spec.custom_shapes
        has_custom_shapes = spec.has_custom_shapes
        self.custom_shapes_on = spec.custom_shapes_on or (lambda options: has_custom_shapes)
        self.tile_copies = spec.tile_copies
        self.wild_tiles = spec.wild_tiles
        self.wild_permissions = spec.wild_permissions
        self.wild_copies = spec.wild_copies or (lambda options: 0)
        self.claims = spec.claims
        self.examples: tuple[ExampleSpec, ...] = spec.examples
        self.has_wilds = spec.has_wilds
        self.situation_flags = spec.situation_flags
        self.violated = spec.violated or (lambda options, players: None)
        self.presets = {p[0]: p for p in spec.presets} | {p[1]: p for p in spec.presets}
        self.payments = spec.payments or DEFAULT_PAYMENTS
        self._has_custom_shapes = has_custom_shapes
        # What each custom shape needs of a hand (the engine's cheap test); None: unknown.
        self.custom_needs = custom_needs(spec.custom_shape_needs)
        self._scorer = Scorer(
            score_fans=spec.score_fans, adjust=spec.adjust, reject=spec.reject, prefer=spec.prefer
        )
        self._score_fans = spec.score_fans
        self._adjust = spec.adjust
        # No floor, multiplier, ceiling or fix: `adjust` would only keep the value at least 0,
        # which a hand's one reading does without the call, and `best_by_points` too (given
        # None); `best_reading` calls it.
        self._adjusts = spec.has_adjustments
        self._reject = spec.reject
        self._has_rejects = spec.has_rejects
        # Why the situations named cannot all hold for a win, by what the prelude and the
        # rulebook say each presumes (raised as a `SituationError`), or None.
        self._problems = spec.situation_problems
        # The fu and points sections (Riichi): a reading's fu and points, the best reading
        # the one with the most points.
        self._fu_count, self._points = spec.fu_count, spec.points
        self._valued = spec.fu_count is not None or spec.points is not None
        self._fu_and_points: tuple[FuCount, PointsOf] | None = None
        if spec.fu_count is not None and spec.points is not None:
            self._fu_and_points = (spec.fu_count, spec.points)
        # The summary `score_fans` and `fu_count` share (None: each makes what it reads),
        # made here once per reading and given to both (`x`), and the `score_fans` taking it.
        self._summary = spec.summary
        self._sharing = spec.summary_sharing()
        self._hand_summary = spec.hand_summary  # of `standard_placed`'s one reading
        self._reads_waits = "waits" in spec.reads
        self._places_win = bool(spec.reads & WAIT_FACTS)
        # Every option setting's tables and checks, and the memos scoring shares: one object.
        defaults = resolve_options(spec.options, None)
        self._games = GameCache(self._resolve, partial(prepare_game, spec), defaults)
        default = self._games.default
        self._default_game = default
        self._default_shapes = default.shapes
        # The tiles a seat holds between turns (13, or a rulebook's `hand`, one for every
        # option setting) and the tiles of a win, one more, each declared meld counting 3.
        self.hand_size = default.turn_rules.hand
        self._win_tiles = self.hand_size + 1
        sized = self._win_tiles != MAX_TILES  # another hand than 13: `mjc.runtime.wins.sized`
        self._all_in_play = default.all_in_play
        # Every flower in play too (MCR's eight): a hand with flowers keeps the short path.
        self._flowers_in_play = default.flowers_in_play
        # The hot paths read these memos of `_games` once per hand: bound here, one lookup.
        self._situations = self._games.situations
        self._fan_scores = self._games.fan_scores
        self._fan_lists = self._games.fan_lists
        if default.wilds is not None:
            default_check = self._checker(default, default.wilds)
            self.is_win = make_public_is_win(default_check, self._is_win)  # type: ignore[method-assign]
        # Default options, no wilds, every playing tile in play: score() takes a short path.
        self._plain = (
            default.wilds == () and self._all_in_play and not has_custom_shapes and not sized
        )
        # Without seven pairs no other shape can read a hand that splits into sets.
        self._standard_first = (
            STANDARD in self._default_shapes and SEVEN_PAIRS not in self._default_shapes
        ) and not sized
        # A rulebook that reads where the winning tile sits: the short path reads and places
        # the standard shape in one pass (`standard_placed`).
        self._placed_first = self._places_win and STANDARD in self._default_shapes and not sized

    def __repr__(self) -> str:
        return f"<Ruleset {self.id} ({self.title})>"

    # ------------------------------------------------------------------ scoring

    def score(
        self,
        hand: Hand | str,
        *,
        win: str | None = None,
        self_drawn: bool = False,
        seat_wind: str = "E",
        round_wind: str = "E",
        dealer: bool = False,
        situations: Iterable[str] = (),
        indicator: str | None = None,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        wilds: Iterable[str] | None = None,
        preset: str | None = None,
        explain: bool = False,
        declared: Mapping[str, str] | None = None,
        dealer_streak: int = 0,
        dora_indicators: Iterable[str] = (),
        ura_indicators: Iterable[str] = (),
        set_aside: int = 0,
    ) -> Score:
        """Score a hand: the best arrangement's fans and total, or `win=False` with a reason.
        With `explain`, the score also lists the fans that held but were dropped
        (`Score.suppressed`); its steps and substitutions are always there.

        Raises `HandError` for bad notation, `SituationError` for situations that cannot hold
        (天胡 without the dealer, 杠上开花 with no kong, ...) and `ValueError` (`OptionError`)
        for bad options, winds, situation names, a missing indicator, or tiles not in play.
        `declared` is what the winner declared before the first discard (the `declarations`
        section, 定缺: `{"missing_suit": "m"}`); one left out reads as no suit at all, and an
        unknown id or word is a `ValueError`. `dealer_streak` is the dealer's 连庄 count this
        round (0 on a first deal), which fans read as `dealer_streak`. `dora_indicators` and
        `ura_indicators` are the indicators turned up (ドラ表示牌 and 裏ドラ表示牌, tile
        notations), which fans read by those names; the red fives the hand holds (written
        `0m`, `0p`, `0s`) are `red_fives`; `set_aside` the tiles the winner set aside in
        play (北抜き), which fans read by that name."""
        # Over 80 lines on purpose: the hot path of DESIGN.md's 200 k scores/s target, where
        # each helper call would cost a Python frame per hand. The `try` is what
        # `plain_type_errors` would add, without its frame (it costs nothing until a raise).
        try:
            placed = False  # whether `found` holds the readings, winning tile placed
            own = False  # whether `situation` is a copy no one else holds (it takes the dora)
            dora_read = False  # whether it holds the dora already
            found_waits: Waits | None = None
            if isinstance(hand, str):
                hand = parse_hand(hand, win, tiles=self._win_tiles)
            elif win is not None:
                hand = with_win(hand, win)
            if (
                self._plain
                and not options
                and preset is None
                and indicator is None
                and wilds is None
                and (self._flowers_in_play or not hand.flowers)
            ):
                # The common case: default options, no wilds, every playing tile in play.
                values = self._default_game.values
                wild: tuple[int, ...] = ()
                shapes = self._default_shapes
                # `_situation`'s memo, read here without its frame (no wilds: none held).
                key = (
                    hand.win_tile,
                    hand.flowers,
                    self_drawn,
                    seat_wind,
                    round_wind,
                    dealer,
                    tuple(situations),
                    players,
                    0,
                )
                if dora_indicators or ura_indicators or hand.red_fives:
                    situation, dora_read = self._dora_copy(
                        key, dora_indicators, ura_indicators, len(hand.red_fives), bool(situations)
                    )
                    own = not dora_read
                else:
                    situation = self._situations.get(key) or self._new_situation(key)
                if situations and self._problems is not None:
                    reason = self._problems(hand, situation, values)
                    if reason is not None:
                        raise SituationError(reason)
                found: list[Arrangement] | tuple[Arrangement, ...] | None = None
                if self._placed_first:
                    # Most hands split one way into sets: read and placed in one pass.
                    if self._reads_waits:
                        found_waits = Waits(partial(builtin_waits, hand, shapes))
                    found = standard_placed(hand, shapes, found_waits)
                    placed = found is not None
                if found is not None:
                    pass
                elif hand.win_tile is not None and hand.win_tile >= NUM_PLAYING:
                    found = []  # a flower completes no set (and no custom shape is in play)
                elif self._standard_first:
                    found = standard_arrangements(hand) or arrangements(hand, shapes)
                else:
                    found = arrangements(hand, shapes)
            else:
                default = not options and preset is None
                game = self._default_game if default else self._games.game(options, preset, players)
                self._check_tiles_in_play(hand, game, default)
                wild = self._wilds(game, indicator, wilds)
                values, shapes = game.values, game.shapes
                if not self_drawn and hand.win_tile in wild:  # 百色: 不可以…胡别人打出的王牌
                    situations = tuple(situations)
                    refused = wild_win_refusal(
                        self.id,
                        hand.win_tile,
                        wild,
                        self.wild_permissions(values),
                        "robbing_kong" in situations,
                    )
                    if refused:
                        return refused_score(self.id, self.unit, refused, wild, None)
                if not wild and (dora_indicators or ura_indicators or hand.red_fives):
                    # As on the short path: a copy of its own takes the dora (none held wild).
                    key = (
                        hand.win_tile,
                        hand.flowers,
                        self_drawn,
                        seat_wind,
                        round_wind,
                        dealer,
                        tuple(situations),
                        players,
                        0,
                    )
                    situation, dora_read = self._dora_copy(
                        key, dora_indicators, ura_indicators, len(hand.red_fives), bool(situations)
                    )
                    own = not dora_read
                else:
                    situation = self._situation(
                        hand, self_drawn, seat_wind, round_wind, dealer, situations, players, wild
                    )
                if situations and self._problems is not None:
                    reason = self._problems(hand, situation, values)
                    if reason is not None:
                        raise SituationError(reason)
                found = None
                if (
                    self._placed_first
                    and not wild
                    and STANDARD in shapes
                    and not self._has_custom_shapes
                ):
                    # Options that leave the shapes plain: the short path's one pass too
                    # (with a custom shape, its readings join the others after, unplaced).
                    if self._reads_waits:
                        found_waits = Waits(partial(builtin_waits, hand, shapes))
                    found = standard_placed(hand, shapes, found_waits)
                    placed = found is not None
                if found is None:
                    found = self._found(hand, wild, shapes, default)
            if declared:
                situation = with_declared(situation, declared, self.spec.declares, self.id)
            if dealer_streak:
                situation = with_streak(situation, dealer_streak)
            if set_aside:
                situation = with_set_aside(situation, set_aside)
            if dora_read:
                pass  # the copy took the dora
            elif own:  # (`with_declared` and `with_streak` make copies of their own too)
                set_dora(situation, dora_indicators, ura_indicators, len(hand.red_fives))
            elif dora_indicators or ura_indicators or hand.red_fives:
                situation = with_dora(
                    situation, dora_indicators, ura_indicators, len(hand.red_fives)
                )
            if (
                self._has_custom_shapes
                and is_win_size(hand, self._win_tiles)  # a custom shape is held to the size too
                and custom_may_complete(self.custom_needs, hand, wild)
            ):
                named = self.custom_shapes(hand, situation, values)
                found = [*found, *custom_arrangements(hand, named)]
            if not found:
                return self._no_win(hand, shapes, wild)
            if placed:
                pass
            elif self._reads_waits:
                # The wait set, worked out when a fan reads it, rides on each reading (not on
                # a copy of the situation, which every hand of the same facts shares).
                if found_waits is not None:
                    pass
                elif (
                    wild
                    or (self._has_custom_shapes and self.custom_shapes_on(values))
                    or self._win_tiles != MAX_TILES
                ):
                    # Wilds, custom shapes or another hand than 13: only the game's own win
                    # check knows what completes.
                    check = self._checker(self._games.game(options, preset, players), wild)
                    found_waits = Waits(partial(waits, hand, check, shapes))
                else:
                    found_waits = Waits(partial(builtin_waits, hand, shapes))
                if self._places_win:  # one reading per winning-tile place
                    found = placements(found, hand, found_waits)
                else:
                    found = carry_waits(found, found_waits)
            elif self._places_win:  # the rulebook reads the wait: a reading per winning place
                found = placements(found, hand)
            # One path for one reading or several: each is valued (fans, adjustments, refusal),
            # the best kept (`_best_reading`), and the score built from it below.
            valued: Valued | None = None
            summary: Summary | None = None
            if len(found) == 1:  # almost every hand: no loop, no tuple of the best
                arrangement = found[0]
                if self._sharing is None:
                    total, kept, notes = self._score_fans(arrangement, situation, values)
                else:  # made once, for `score_fans` and `fu_count`
                    summarize, shared_fans = self._sharing
                    if placed and self._hand_summary is not None:
                        summary = self._hand_summary(hand)
                    else:
                        summary = summarize(arrangement)
                    total, kept, notes = shared_fans(arrangement, situation, values, None, summary)
                if self._adjusts:
                    total, least, ceiled, ceiling, steps = self._adjust(
                        arrangement, situation, values, kept, total
                    )
                else:
                    least, ceiled, ceiling, steps = 0, False, None, ()
                    if total < 0:
                        total = 0
                rejected = (
                    self._reject(arrangement, situation, values, kept, total)
                    if self._has_rejects
                    else None
                )
            elif self._points is not None:  # paid on points: the reading with the most
                valuers = (
                    self._score_fans,
                    self._adjust if self._adjusts else None,
                    self._reject if self._has_rejects else None,
                )
                best, valued = best_by_points(
                    found,
                    situation,
                    values,
                    valuers,
                    self._fu_count,
                    self._points,
                    self._scorer.prefer,
                    self._summary,
                    # The readings `standard_placed` gives are one arrangement's.
                    self._hand_summary(hand) if placed and self._hand_summary else None,
                )
                arrangement, total, kept, notes, least, rejected, ceiled, ceiling, steps = best
            else:
                best = self._best_reading(
                    found,
                    situation,
                    values,
                    # The readings `standard_placed` gives are one arrangement's.
                    self._hand_summary(hand) if placed and self._hand_summary else None,
                )
                arrangement, total, kept, notes, least, rejected, ceiled, ceiling, steps = best
            if rejected is not None:
                return refused_score(self.id, self.unit, rejected, wild, hand)
            fans = self._fan_lists.get(kept) or self._fan_list(kept)
            if valued is not None:
                fu, parts, amount, limit = valued
            elif not self._valued:
                fu, parts, amount, limit = _NOT_VALUED
            elif self._fu_and_points is not None and summary is not None:
                # Riichi: `value_reading` inline (no frame, no `Valued` made and unpacked).
                fu_count, points_of = self._fu_and_points
                fu, parts = fu_count(arrangement, situation, values, kept, summary)
                amount, limit = points_of(arrangement, situation, values, kept, total, fu)
            else:
                fu, parts, amount, limit = value_reading(
                    self._fu_count,
                    self._points,
                    arrangement,
                    situation,
                    values,
                    kept,
                    total,
                    summary,
                )
            # The fields of `Score` in order; `tuple.__new__` skips the NamedTuple's `__new__`.
            score: Score = _new_score(
                Score,
                (
                    self.id,
                    True,
                    arrangement.shape,
                    fans,
                    total,
                    self.unit,
                    arrangement,
                    None,
                    least,
                    ceiled or (tier_capped(notes) if notes else False),
                    wild,
                    ceiling,
                    notes,
                    steps,
                    hand,
                    None,
                    fu,
                    parts,
                    amount,
                    limit,
                ),
            )
            return self._explained(score, situation, values) if explain else score
        except WRONG_TYPE_SIGNS:
            raise_if_wrong(
                Ruleset.score,
                self,
                hand,
                win=win,
                self_drawn=self_drawn,
                seat_wind=seat_wind,
                round_wind=round_wind,
                dealer=dealer,
                situations=situations,
                indicator=indicator,
                players=players,
                options=options,
                wilds=wilds,
                preset=preset,
                explain=explain,
                declared=declared,
                dora_indicators=dora_indicators,
                ura_indicators=ura_indicators,
            )
            raise

    def _found(
        self, hand: Hand, wild: tuple[int, ...], shapes: frozenset[str], default: bool
    ) -> list[Arrangement] | tuple[Arrangement, ...]:
        """The arrangements of `hand` under the built-in `shapes`, with these wilds."""
        if self._win_tiles != MAX_TILES:  # another hand than 13 (`hand 16`)
            return sized_arrangements(hand, wild, shapes, self._win_tiles)
        if hand.win_tile is not None and hand.win_tile >= NUM_PLAYING:
            return []  # a flower completes no set: only a custom shape is won on one (八花)
        if wild and any(hand.counts[t] for t in wild if t < len(hand.counts)):
            return wild_arrangements(hand, wild, shapes)
        if default and self._standard_first:
            return standard_arrangements(hand) or arrangements(hand, shapes)
        return arrangements(hand, shapes)

    def _best_reading(
        self,
        found: Sequence[Arrangement],
        situation: Situation,
        values: Options,
        summarized_first: Summary | None = None,
    ) -> tuple[Any, ...]:
        return best_reading(
            found,
            situation,
            values,
            (self._score_fans, self._adjust, self._reject if self._has_rejects else None),
            self._scorer.prefer,
            self._summary,
            summarized_first,
        )

    def _explained(self, score: Score, situation: Situation, values: Options) -> Score:
        """`score` with the fans that held but were dropped (`mjc.runtime.score.explain`)."""
        assert score.best is not None  # only a winning score is explained
        raw: list[int] = []
        self._score_fans(score.best, situation, values, raw)
        return score._replace(suppressed=suppressed_fans(tuple(raw), self.spec, score.fans))

    def _fan_list(self, kept: Kept) -> tuple[FanScore, ...]:
        # Each fan's entry read in one C loop; one not met yet (rare: a new count) is made.
        found = tuple(map(self._fan_scores.get, kept))
        if not all(found):  # a None among them (`in` would ask each FanScore's __eq__)
            shared = self._fan_scores
            found = tuple([shared.get(k) or self._fan_score(*k) for k in kept])
        fans: tuple[FanScore, ...] = found  # type: ignore[assignment]  # no None in it
        return self._fan_lists.put(kept, fans)  # a tuple of frozen objects: safe to share

    def _fan_score(self, index: int, count: int, value: int) -> FanScore:
        made = fan_score(self.fans[index], self.tiers, count, value)
        return self._fan_scores.put((index, count, value), made)  # frozen: safe to share

    def _check_tiles_in_play(self, hand: Hand, game: Game, default: bool) -> None:
        if game.all_in_play and (game.flowers_in_play or not hand.flowers):
            return  # every playing tile is in this game's set: nothing to check
        check_tiles_in_play(hand, game.copies, self.id, default)

    def _no_win(self, hand: Hand, shapes: frozenset[str], wild: tuple[int, ...]) -> Score:
        reason = no_win_reason(hand, shapes, self.spec.custom_shape_names, self._win_tiles)
        return refused_score(self.id, self.unit, reason, wild, None)
