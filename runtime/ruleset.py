"""`Ruleset`: the object a generated module exports as `RULESET`, and what game servers call.

The generated module passes in the rulebook's tables and compiled functions; this class adds
the public API of DESIGN.md: `is_win` (the fast path) and `score` (wilds, arrangements, fans,
relations, tiers, adjustments, restrictions), taking hands as `Hand` objects or notation
strings and options by id or Chinese label.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mjc.runtime.arrange import (
    SEVEN_PAIRS,
    STANDARD,
    Arrangement,
    arrangements,
    make_win_checker,
    standard_arrangements,
)
from mjc.runtime.checkers import make_public_is_win
from mjc.runtime.hand import MAX_TILES, Hand, HandError, parse_hand
from mjc.runtime.options import OptionError, OptionSpec, resolve_options
from mjc.runtime.payments import DEFAULT_PAYMENTS, Payments
from mjc.runtime.round import RoundOutcome, parse_round
from mjc.runtime.scoring import (
    SITUATION_FLAGS,
    Adjust,
    Combine,
    Evaluate,
    FanInfo,
    FanScore,
    Kept,
    Reject,
    Score,
    Scorer,
    Situation,
    TierInfo,
)
from mjc.runtime.settle import Settlement, settle
from mjc.runtime.tiles import NUM_PLAYING, tile_index, tile_name_zh, tile_text
from mjc.runtime.wilds import is_win_with_wilds, make_wild_checker, wild_arrangements

__all__ = ["WILD_ACTIONS", "WIND_TILES", "ExampleSpec", "Ruleset"]

_new_score = tuple.__new__

_SITUATION_CACHE_SIZE = 4096
_FAN_SCORE_CACHE_SIZE = 4096
_OPTIONS_CACHE_SIZE = 256
_CHECKER_CACHE_SIZE = 1024

WIND_TILES = {"E": 27, "S": 28, "W": 29, "N": 30, "东": 27, "南": 28, "西": 29, "北": 30}

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


@dataclass(frozen=True, slots=True)
class ExampleSpec:
    """An inline example of the rulebook: `hand` must score `fan` (or must not, when
    `positive` is false) in the given situation."""

    fan: str
    hand: str
    positive: bool
    win: str | None
    situation: tuple[tuple[str, str], ...]
    where: str


Options = dict[str, Any]


class Ruleset:
    """One compiled rulebook."""

    def __init__(
        self,
        *,
        id: str,
        title: str,
        english: str | None,
        version: str,
        unit: str,
        players: tuple[int, ...],
        fans: tuple[FanInfo, ...],
        tiers: tuple[TierInfo, ...],
        excludes: tuple[tuple[int, ...], ...],
        relation_order: tuple[int, ...],
        options: tuple[OptionSpec, ...],
        evaluate: Evaluate,
        combine: Combine,
        score_fans: Callable[
            [Arrangement, Situation, Options], tuple[int, tuple[tuple[int, int, int], ...], bool]
        ]
        | None = None,
        adjust: Adjust,
        reject: Reject,
        shapes: Callable[[Options], frozenset[str]],
        custom_shapes: Callable[[Hand, Situation, Options], tuple[str, ...]],
        custom_shapes_on: Callable[[Options], bool] | None = None,
        tile_copies: Callable[[Options], tuple[int, ...]],
        wild_tiles: Callable[[Options, int | None], tuple[int, ...]],
        wild_permissions: Callable[[Options], frozenset[str]],
        wild_copies: Callable[[Options], int] | None = None,
        claims: Callable[[Options], frozenset[str]],
        examples: tuple[ExampleSpec, ...] = (),
        has_custom_shapes: bool = False,
        has_wilds: bool = False,
        situation_flags: tuple[str, ...] = (),
        has_rejects: bool = True,
        violated: Callable[[Options, int], str | None] | None = None,
        presets: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (),
        payments: Payments | None = None,
    ) -> None:
        self.id = id
        self.title = title
        self.english = english
        self.version = version
        self.unit = unit
        self.players = players
        self.fans = fans
        self.tiers = tiers
        self.excludes = excludes
        self.relation_order = relation_order
        self.options = options
        self.shapes = shapes
        self.custom_shapes = custom_shapes
        self.custom_shapes_on = custom_shapes_on or (lambda options: has_custom_shapes)
        self.tile_copies = tile_copies
        self.wild_tiles = wild_tiles
        self.wild_permissions = wild_permissions
        self.wild_copies = wild_copies or (lambda options: 0)
        self.claims = claims
        self.examples = examples
        self.has_wilds = has_wilds
        self.situation_flags = situation_flags
        self.violated = violated or (lambda options, players: None)
        self.presets = {p[0]: p for p in presets} | {p[1]: p for p in presets}
        self._has_custom_shapes = has_custom_shapes
        self.payments = payments or DEFAULT_PAYMENTS
        self._scorer = Scorer(evaluate=evaluate, combine=combine, adjust=adjust, reject=reject)
        self._evaluate = evaluate
        self._combine = combine
        self._score_fans = score_fans or (lambda a, s, o: combine(evaluate(a, s, o), o))
        self._adjust = adjust
        self._reject = reject
        self._has_rejects = has_rejects
        self._default_options = resolve_options(options, None)
        self._default_shapes = shapes(self._default_options)
        self._default_copies = tile_copies(self._default_options)
        self._all_in_play = all(self._default_copies[:NUM_PLAYING])
        # With default options and no indicator needed, the wilds are fixed (or none).
        try:
            self._default_wilds: tuple[int, ...] | None = wild_tiles(self._default_options, None)
        except ValueError:
            self._default_wilds = None
        # Prepared win checks, per (id of the option values, wilds): kept only for the default
        # values and those the resolver caches (`_lives_on`), which live as long as this
        # Ruleset, so an id is never reused while its entry is here.
        self._prepared: dict[tuple[int, tuple[int, ...]], Callable[[Hand], bool]] = {}
        if self._default_wilds is not None:
            default_check = self._checker(self._default_options, self._default_wilds)
            self.is_win = make_public_is_win(default_check, self._is_win)  # type: ignore[method-assign]
        # Default options, no wilds, every playing tile in play: score() takes a short path.
        self._plain = self._default_wilds == () and self._all_in_play and not has_custom_shapes
        # Without seven pairs no other shape can read a hand that splits into sets.
        self._standard_first = (
            STANDARD in self._default_shapes and SEVEN_PAIRS not in self._default_shapes
        )
        self._wilds_by_options: dict[int, tuple[Options, tuple[int, ...]]] = {}
        # Option settings repeat: each is resolved and checked once.
        self._resolved: dict[tuple[object, ...], Options] = {}
        self._per_options: dict[int, tuple[frozenset[str], tuple[int, ...]]] = {}
        # Fan scores repeat (a fan, its count and its value): frozen, so one object serves all;
        # so do whole lists of them (a few dozen combinations make most scores).
        self._fan_scores: dict[tuple[int, int, int], FanScore] = {}
        self._fan_lists: dict[Kept, tuple[FanScore, ...]] = {}
        # Situations repeat far more than hands do; they are frozen, so one object serves all.
        self._situations: dict[tuple[object, ...], Situation] = {}

    def __repr__(self) -> str:
        return f"<Ruleset {self.id} ({self.title})>"

    # ------------------------------------------------------------------ options and wilds

    def resolve_options(
        self,
        options: Mapping[str, object] | None,
        *,
        preset: str | None = None,
        players: int | None = None,
    ) -> Options:
        """Option values: the defaults, then the preset's (by id or label), then `options`
        (by id or Chinese label); refused when they break one of the rulebook's constraints."""
        if not options and preset is None and players is None:
            return self._default_options
        key: tuple[object, ...] | None
        try:
            key = (tuple(sorted(options.items())) if options else (), preset, players)
            cached = self._resolved.get(key)
        except TypeError:  # unhashable or unorderable values: resolve without the cache
            key, cached = None, None
        if cached is not None:
            return cached
        values = self._resolve(options, preset, players)
        if key is not None and len(self._resolved) < _OPTIONS_CACHE_SIZE:
            self._resolved[key] = values  # callers only read it: one dict serves all
        return values

    def _resolve(
        self, options: Mapping[str, object] | None, preset: str | None, players: int | None
    ) -> Options:
        given: dict[str, object] = {}
        if preset is not None:
            found = self.presets.get(preset)
            if found is None:
                names = ", ".join(sorted({p[0] for p in self.presets.values()})) or "none"
                raise OptionError(f"unknown preset {preset!r}; this rulebook's presets: {names}")
            given.update(found[2])
        given.update(options or {})
        values = resolve_options(self.options, given)
        reason = self.violated(values, players if players is not None else max(self.players))
        if reason is not None:
            raise OptionError(f"these options are not allowed together: {reason}")
        return values

    def _lives_on(self, values: Options) -> bool:
        """Whether `values` is the default dict or one the resolver caches: those live as
        long as this Ruleset, so caches may key on their id()."""
        return values is self._default_options or any(
            v is values for v in self._resolved.values()
        )

    def _game_tables(self, values: Options) -> tuple[frozenset[str], tuple[int, ...]]:
        """The win shapes and tile copies of a game with these option values, computed once
        for each setting the resolver cached (those dicts live as long as this Ruleset)."""
        if values is self._default_options:
            return self._default_shapes, self._default_copies
        found = self._per_options.get(id(values))
        if found is None:
            found = (self.shapes(values), self.tile_copies(values))
            if self._lives_on(values):
                self._per_options[id(values)] = found
        return found

    def wilds_for(
        self,
        options: Options,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> tuple[int, ...]:
        """The wild tile kinds of a game: given outright (`wilds`), or from the rulebook's wild
        mode and the flipped `indicator`."""
        if wilds:
            return tuple(dict.fromkeys(tile_index(w) for w in wilds))
        if (
            indicator is None
            and options is self._default_options
            and self._default_wilds is not None
        ):
            return self._default_wilds
        if indicator is None:
            found = self._wilds_by_options.get(id(options))
            if found is not None and found[0] is options:
                return found[1]
            kinds = self.wild_tiles(options, None)
            if self._lives_on(options):
                self._wilds_by_options[id(options)] = (options, kinds)
            return kinds
        return self.wild_tiles(options, tile_index(indicator))

    # ------------------------------------------------------------------ win check

    def is_win(
        self,
        hand: Hand | str,
        options: Mapping[str, object] | None = None,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> bool:
        """Whether the hand is complete under this rulebook's win shapes, its wilds standing
        for any tiles. `options`, `indicator` and `wilds` are usually given by keyword.

        The fast path: `__init__` replaces this method by the closure of
        `mjc.runtime.checkers.make_public_is_win`, which answers a parsed hand in the default game
        without a method call. A game server checking many hands of one game should hold on
        to `win_checker(...)` instead of passing options on every call."""
        return self._is_win(hand, options, indicator, wilds)

    def _is_win(
        self,
        hand: Hand | str,
        options: Mapping[str, object] | None,
        indicator: str | None,
        wilds: Iterable[str] | None,
    ) -> bool:
        if isinstance(hand, str):
            hand = parse_hand(hand)
        values = self.resolve_options(options)
        return self._checker(values, self.wilds_for(values, indicator, wilds))(hand)

    def win_checker(
        self,
        options: Mapping[str, object] | None = None,
        *,
        preset: str | None = None,
        players: int | None = None,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> Callable[[Hand], bool]:
        """A one-argument win check for one game: its options (and preset and player count,
        checked against the constraints), its wilds from `indicator` or given outright.

        `win_checker(options)(hand) == is_win(hand, options=options)` for every parsed hand,
        but everything that does not depend on the hand (the shapes, the wild tables, whether
        a custom shape can complete) is decided once, here. Raises `OptionError` for bad
        options and `WildIndicatorMissing` when the game's wild needs an indicator."""
        values = self.resolve_options(options, preset=preset, players=players)
        return self._checker(values, self.wilds_for(values, indicator, wilds))

    def _checker(self, values: Options, wild: tuple[int, ...]) -> Callable[[Hand], bool]:
        key = (id(values), wild)
        check = self._prepared.get(key)
        if check is None:
            check = self._prepare_checker(values, wild)
            if self._lives_on(values) and len(self._prepared) < _CHECKER_CACHE_SIZE:
                self._prepared[key] = check
        return check

    def _prepare_checker(self, values: Options, wild: tuple[int, ...]) -> Callable[[Hand], bool]:
        shapes = self._game_tables(values)[0]
        check: Callable[[Hand], bool]
        if not wild:
            check = make_win_checker(shapes)
        elif len(wild) == 1 and wild[0] < NUM_PLAYING:
            check = make_wild_checker(wild[0], shapes)
        else:

            def check(hand: Hand) -> bool:
                return is_win_with_wilds(hand, wild, shapes)

        if not (self._has_custom_shapes and self.custom_shapes_on(values)):
            return check
        custom, situation = self.custom_shapes, self._situation
        builtin_shapes = check

        def check_with_custom(hand: Hand) -> bool:
            if builtin_shapes(hand):
                return True
            # Custom shapes read the situation (the wilds held, the winning tile ...).
            facts = situation(hand, False, "E", "E", False, (), None, wild)
            return bool(custom(hand, facts, values))

        return check_with_custom

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: RoundOutcome | Mapping[str, object]) -> Settlement:
        """Settle a finished round (a `RoundOutcome`, or JSON-like data validated as one):
        a `mjc.runtime.settle.Settlement` whose deltas sum to zero. Raises `RoundError` (a
        `ValueError`) naming the field for a round this rulebook cannot settle."""
        if not isinstance(outcome, RoundOutcome):
            outcome = parse_round(outcome)
        return settle(self, outcome)

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
    ) -> Score:
        """Score a hand: the best arrangement's fans and total, or `win=False` with a reason.

        Raises `HandError` for bad notation and `ValueError` (`OptionError`) for bad
        options, winds, situation names, a missing indicator, or tiles not in play."""
        if isinstance(hand, str):
            hand = parse_hand(hand, win)
        elif win is not None:
            hand = _with_win(hand, win)
        if (
            self._plain
            and not options
            and preset is None
            and indicator is None
            and wilds is None
            and not hand.flowers
        ):
            # The common case: default options, no wilds, every playing tile in play.
            values = self._default_options
            wild: tuple[int, ...] = ()
            shapes = self._default_shapes
        else:
            values = (
                self._default_options
                if not options and preset is None
                else self.resolve_options(options, preset=preset, players=players)
            )
            self._check_tiles_in_play(hand, values, values is self._default_options)
            wild = self.wilds_for(values, indicator, wilds)
            shapes = self._game_tables(values)[0]
        situation = self._situation(
            hand, self_drawn, seat_wind, round_wind, dealer, situations, players, wild
        )
        if wild and any(hand.counts[t] for t in wild if t < len(hand.counts)):
            found: list[Arrangement] | tuple[Arrangement, ...] = wild_arrangements(
                hand, wild, shapes
            )
        elif shapes is self._default_shapes and self._standard_first:
            found = standard_arrangements(hand) or arrangements(hand, shapes)
        else:
            found = arrangements(hand, shapes)
        if self._has_custom_shapes:
            found = [*found, *self._custom_arrangements(hand, situation, values)]
        if not found:
            return self._no_win(hand, shapes, wild)
        scorer = self._scorer
        if len(found) == 1:
            # One reading (almost every hand): the scorer's steps inline, no Result object.
            arrangement = found[0]
            total, kept, capped = self._score_fans(arrangement, situation, values)
            total, least, ceiled, ceiling = self._adjust(
                arrangement, situation, values, kept, total
            )
            rejected = (
                self._reject(arrangement, situation, values, kept, total)
                if self._has_rejects
                else None
            )
            if rejected is not None:
                return Score(self.id, False, None, (), 0, self.unit, None, rejected, wilds=wild)
            fans = self._fan_lists.get(kept)
            if fans is None:
                fans = self._fan_list(kept)
            # The fields of `Score` in order; `tuple.__new__` skips the NamedTuple's `__new__`.
            return _new_score(
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
                    capped or ceiled,
                    wild,
                    ceiling,
                ),
            )
        best = scorer.best(found, situation, values)
        assert best is not None
        result = best
        if result.rejected is not None:
            return Score(self.id, False, None, (), 0, self.unit, None, result.rejected, wilds=wild)
        arrangement = result.arrangement
        return Score(
            self.id,
            True,
            arrangement.shape,
            self._fan_lists.get(result.fans) or self._fan_list(result.fans),
            result.total,
            self.unit,
            arrangement,
            None,
            result.floor,
            result.capped,
            wild,
            result.ceiling,
        )

    def _fan_list(self, kept: Kept) -> tuple[FanScore, ...]:
        shared = self._fan_scores
        fans = tuple([shared.get(k) or self._fan_score(*k) for k in kept])
        if len(self._fan_lists) < _FAN_SCORE_CACHE_SIZE:
            self._fan_lists[kept] = fans  # a tuple of frozen objects: safe to share
        return fans

    def _fan_score(self, index: int, count: int, value: int) -> FanScore:
        fan = self.fans[index]
        made = FanScore(fan.id, fan.name, fan.english, value, self.tiers[fan.tier].id, count)
        if len(self._fan_scores) < _FAN_SCORE_CACHE_SIZE:
            self._fan_scores[index, count, value] = made  # frozen: safe to share
        return made

    def _custom_arrangements(
        self, hand: Hand, situation: Situation, values: Options
    ) -> list[Arrangement]:
        return [
            Arrangement(name, (), (), hand.tiles, hand.is_concealed, None)
            for name in self.custom_shapes(hand, situation, values)
        ]

    def _check_tiles_in_play(self, hand: Hand, values: Options, default: bool) -> None:
        if default and self._all_in_play and not hand.flowers:
            return  # every playing tile is in the default set: nothing to check
        copies = self._game_tables(values)[1]
        for t in (*hand.tiles, *hand.flowers):
            if not copies[t]:
                raise HandError(
                    f"{tile_text(t)} ({tile_name_zh(t)}) is not in play in this {self.id} game"
                    + ("" if default else " with these options")
                )

    def _situation(
        self,
        hand: Hand,
        self_drawn: bool,
        seat_wind: str,
        round_wind: str,
        dealer: bool,
        situations: Iterable[str],
        players: int | None,
        wild: tuple[int, ...] = (),
    ) -> Situation:
        held = sum(hand.counts[t] for t in wild if t < len(hand.counts)) if wild else 0
        if wild:
            held += sum(1 for m in hand.melds for t in m.tiles if t in wild)
        key = (
            hand.win_tile,
            hand.flowers,
            self_drawn,
            seat_wind,
            round_wind,
            dealer,
            tuple(situations),
            players,
            held,
        )
        situation = self._situations.get(key)
        if situation is None:
            situation = self._new_situation(*key)
            if len(self._situations) < _SITUATION_CACHE_SIZE:
                self._situations[key] = situation
        return situation

    def _new_situation(
        self,
        win_tile: int | None,
        flowers: tuple[int, ...],
        self_drawn: bool,
        seat_wind: str,
        round_wind: str,
        dealer: bool,
        situations: tuple[str, ...],
        players: int | None,
        wilds: int,
    ) -> Situation:
        flags = {}
        extra = set()
        for name in situations:
            if name in self.situation_flags:
                extra.add(name)
            elif name in SITUATION_FLAGS:
                flags[name] = True
            else:
                known = ", ".join((*SITUATION_FLAGS, *self.situation_flags))
                raise ValueError(f"unknown situation {name!r}; the situations are {known}")
        if players is not None and players not in self.players:
            allowed = ", ".join(str(p) for p in self.players)
            raise ValueError(f"{self.id} is played by {allowed} players, not {players}")
        return Situation(
            winning_tile=win_tile if win_tile is not None else -1,
            self_drawn=bool(self_drawn),
            dealer=bool(dealer),
            seat_wind=_wind(seat_wind, "seat"),
            round_wind=_wind(round_wind, "round"),
            players=players if players is not None else max(self.players),
            flowers=flowers,
            wilds=wilds,
            extra=frozenset(extra),
            **flags,
        )

    def _no_win(self, hand: Hand, shapes: frozenset[str], wild: tuple[int, ...]) -> Score:
        if hand.size != MAX_TILES and not self._has_custom_shapes:
            reason = (
                f"a winning hand has {MAX_TILES} tiles (a kong counts as 3); "
                f"this one has {hand.size}"
            )
        else:
            names = ", ".join(sorted(shapes))
            reason = f"the tiles do not form a winning shape of this rulebook ({names})"
        return Score(self.id, False, None, (), 0, self.unit, None, reason, wilds=wild)


def _wind(text: str, what: str) -> int:
    tile = WIND_TILES.get(text.strip().upper() if text.isascii() else text.strip())
    if tile is None:
        try:
            tile = tile_index(text)
        except ValueError:
            tile = -1
        if not 27 <= tile <= 30:
            raise ValueError(f"the {what} wind is E, S, W or N (or 1z–4z), not {text!r}")
    return tile


def _with_win(hand: Hand, win: str) -> Hand:
    tile = tile_index(win)
    if tile not in hand.concealed:
        raise HandError(f"the winning tile {win} is not among the concealed tiles")
    return dataclasses.replace(hand, win_tile=tile)
