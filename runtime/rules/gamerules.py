"""The part of `Ruleset` that answers about a game rather than about one hand's score: its
option values and presets, its wild tiles, the wins at the deal, the win check, the rules of
play and the situation of a win.

`Ruleset` (`mjc.runtime.rules.ruleset`) inherits these methods and sets, in its `__init__`, the
attributes declared here from the generated module's `RulesetSpec`; what is prepared once per
option setting is kept by `mjc.runtime.rules.gamecache`. Scoring, the hot path, stays in the
ruleset module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from mjc.runtime.rules.gamecache import Game, GameCache, Memo
from mjc.runtime.rules.spec import Options, Preset, RulesetSpec
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.rules.waits import ruleset_shanten, ruleset_waits
from mjc.runtime.score.options import OptionError, OptionSpec, resolve_options
from mjc.runtime.score.scoring import Situation
from mjc.runtime.score.situationargs import new_situation, read_indicators, with_tile
from mjc.runtime.settle.claimcheck import RoundRules
from mjc.runtime.settle.payments import DealWinInfo, Payments
from mjc.runtime.tiles.argcheck import plain_type_errors
from mjc.runtime.tiles.hand import Hand, parse_hand
from mjc.runtime.tiles.tile import NotationError, tile_index
from mjc.runtime.wins.checkers import game_win_check

if TYPE_CHECKING:
    from mjc.runtime.settle.dealwinlines import DealWinRules

__all__ = ["GameRules"]


class GameRules:
    """Options, wilds, the win check, play rules and settlement of one compiled rulebook;
    the attributes are set by `Ruleset.__init__`."""

    spec: RulesetSpec
    id: str
    unit: str
    players: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    presets: dict[str, Preset]
    payments: Payments
    has_wilds: bool
    situation_flags: tuple[str, ...]
    custom_shapes: Callable[[Hand, Situation, Options], tuple[str, ...]]
    custom_shapes_on: Callable[[Options], bool]
    wild_tiles: Callable[[Options, int | None], tuple[int, ...]]
    wild_permissions: Callable[[Options], frozenset[str]]
    claims: Callable[[Options], frozenset[str]]
    violated: Callable[[Options, int], str | None]
    _games: GameCache
    _has_custom_shapes: bool
    hand_size: int  # tiles a seat holds between turns: 13, or the rulebook's `hand`
    _win_tiles: int  # the tiles of a win: hand_size + 1
    _situations: Memo[tuple[object, ...], Situation]

    # ------------------------------------------------------------------ options and wilds

    @plain_type_errors  # a plain TypeError for an argument of the wrong type
    def resolve_options(
        self,
        options: Mapping[str, object] | None,
        *,
        preset: str | None = None,
        players: int | None = None,
    ) -> Options:
        """Option values: the defaults, then the preset's (by id or label), then `options`
        (by id or Chinese label); refused when they break one of the rulebook's constraints.
        The dict is the caller's own: changing it changes no later call."""
        return dict(self._games.game(options, preset, players).values)

    def setting(self, options: Mapping[str, object] | None, players: int | None) -> Game:
        """The prepared setting of these options at this player count (`Game`: one object per
        setting, whose values `resolve_options` copies): what the game engine keeps what a
        round works out once per setting by (`mjc.runtime.tableplay.setting`)."""
        return self._games.game(options, None, players)

    def _resolve(
        self, options: Mapping[str, object] | None, preset: str | None, players: int | None
    ) -> Options:
        if players is not None and type(players) is not int:  # a miss: the cache holds ints
            raise TypeError(f"players must be an int or None, not {type(players).__name__}")
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

    def wilds_for(
        self,
        options: Options,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> tuple[int, ...]:
        """The wild tile kinds of a game with these (resolved) option values: given outright
        (`wilds`), or from the rulebook's wild mode and the flipped `indicator`."""
        if wilds:
            return tuple(dict.fromkeys(tile_index(w) for w in wilds))
        return self._wilds(self._games.game_of(options), indicator, None)

    def _wilds(
        self, game: Game, indicator: str | None, wilds: Iterable[str] | None
    ) -> tuple[int, ...]:
        if wilds:
            return tuple(dict.fromkeys(tile_index(w) for w in wilds))
        if indicator is not None:
            return self.wild_tiles(game.values, tile_index(indicator))
        if game.wilds is not None:
            return game.wilds
        return self.wild_tiles(game.values, None)  # raises: the mode needs an indicator

    # ------------------------------------------------------------------ wins at the deal

    @plain_type_errors
    def deal_wins(
        self,
        hand: Hand | str,
        *,
        seat_wind: str = "E",
        round_wind: str = "E",
        dealer: bool = False,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        indicator: str | None = None,
        wilds: Iterable[str] | None = None,
    ) -> tuple[DealWinInfo, ...]:
        """The wins at the deal (起手胡) a dealt hand holds for its seat, in rulebook order:
        each one's id, name, what every other seat pays for it and its rulebook line. Raises
        `HandError` for bad notation and `ValueError` for bad options, winds or players."""
        if self.spec.deal_win_check is None:
            return ()
        if isinstance(hand, str):
            hand = parse_hand(hand, tiles=self._win_tiles)
        game = self._games.game(options, None, players)
        wild = self._wilds(game, indicator, wilds) if self.has_wilds else ()
        situation = self._situation(hand, False, seat_wind, round_wind, dealer, (), players, wild)
        held = set(self.spec.deal_win_check(hand, situation, game.values))
        return tuple(row for row in self.spec.deal_wins if row[0] in held)

    def _deal_win_rules(self, game: Game) -> DealWinRules | None:
        """What the settlement of a round needs to pay the hands shown at the deal."""
        if not self.spec.deal_wins:
            return None
        from mjc.runtime.settle.dealwinlines import DealWinRules  # needs pydantic: settling only

        dealt = (game.turn_rules.deal_dealer, game.turn_rules.deal_others)
        return DealWinRules(self.spec.deal_wins, dealt, self.deal_wins)

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
        `mjc.runtime.wins.checkers.make_public_is_win`, which answers a parsed hand in the default
        game without a method call. A game server checking many hands of one game should hold on to
        `win_checker(...)` instead of passing options on every call."""
        return self._is_win(hand, options, indicator, wilds)

    @plain_type_errors  # a plain TypeError for an argument of the wrong type
    def _is_win(
        self,
        hand: Hand | str,
        options: Mapping[str, object] | None,
        indicator: str | None,
        wilds: Iterable[str] | None,
    ) -> bool:
        if isinstance(hand, str):
            hand = parse_hand(hand, tiles=self._win_tiles)
        game = self._games.game(options)
        return self._checker(game, self._wilds(game, indicator, wilds))(hand)

    @plain_type_errors  # a plain TypeError for an argument of the wrong type
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
        game = self._games.game(options, preset, players)
        return self._checker(game, self._wilds(game, indicator, wilds))

    def _checker(self, game: Game, wild: tuple[int, ...]) -> Callable[[Hand], bool]:
        check = game.checkers.get(wild)
        if check is None:
            check = game.checkers.put(wild, self._prepare_checker(game, wild))
        return check

    def _prepare_checker(self, game: Game, wild: tuple[int, ...]) -> Callable[[Hand], bool]:
        custom = self._has_custom_shapes and self.custom_shapes_on(game.values)
        found = (self.custom_shapes, self._situation) if custom else None
        return game_win_check(game.shapes, game.values, wild, found, self._win_tiles)

    # Waits and shanten: `mjc.runtime.rules.waits`'s functions, bound as methods here.
    waits = ruleset_waits
    shanten = ruleset_shanten

    # ------------------------------------------------------------------ play

    @plain_type_errors
    def turn_rules(self, options: Mapping[str, object] | None = None) -> TurnRules:
        """The rules of play (`mjc.runtime.rules.turnrules`) under `options` (ids or labels)."""
        return self._games.game(options, None, None).turn_rules  # prepared once per setting

    def round_rules(self, options: Options, indicator: str | None = None) -> RoundRules:
        """What this rulebook allows of a round under these (resolved) option values, for
        `mjc.runtime.settle.claimcheck`: claims, tile copies, wilds (none when the wild needs an
        indicator the round does not name) and what the wilds may do."""
        return self._round_rules(self._games.game_of(options), indicator)

    def _round_rules(self, game: Game, indicator: str | None) -> RoundRules:
        """`round_rules` of a setting, made once per indicator (every settled round asks)."""
        found = game.round_rules.get(indicator)
        if found is None:
            found = game.round_rules.put(indicator, self._made_round_rules(game, indicator))
        return found

    def _made_round_rules(self, game: Game, indicator: str | None) -> RoundRules:
        try:
            wilds = frozenset(self._wilds(game, indicator, None))
        except (NotationError, ValueError):
            wilds = frozenset()  # no indicator given: nothing to decide (scoring names it)
        return RoundRules(
            rulebook=self.id,
            claims=self.claims(game.values),
            copies=game.copies,
            wilds=wilds,
            permissions=self.wild_permissions(game.values),
            has_wilds=self.has_wilds,
            kong_kinds=tuple((k.id, k.scored) for k in self.spec.kong_kinds),
            barred_claims=self._barred_claims(game.values),
        )

    def _barred_claims(self, values: Options) -> frozenset[str]:
        """The declarations under `no_claims` that these option values switch on."""
        return frozenset(d.id for d in self.spec.switched_on(values)[1] if d.no_claims)

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
        return self._situations.get(key) or self._new_situation(key)

    def _new_situation(self, key: tuple[object, ...]) -> Situation:
        """The situation of `_situation`'s `key` (winning tile, flowers, then the other
        facts), not in the memo: a copy of the situation of the other facts alone (memoized
        under them: most new keys differ from a memoized one only in tile and flowers)."""
        facts = key[2:]
        base = self._situations.get(facts) or self._facts_situation(facts)
        return self._situations.put(key, with_tile(base, key[0], key[1]))  # type: ignore[arg-type]

    def _dora_copy(
        self,
        key: tuple[object, ...],
        dora_indicators: Iterable[str],
        ura_indicators: Iterable[str],
        red_fives: int,
        named: bool,
    ) -> tuple[Situation, bool]:
        """The situation of `_situation`'s `key`, a copy of its own that is not put in the
        memo and takes the dora (one copy, every Riichi hand, not the memo's and then a copy
        of it), and whether it took them. The indicators are read here unless situations
        are `named` (whose presumptions are checked on a situation without dora) or they are
        given in a form only `set_dora` reads or refuses: then the caller sets them on the
        copy, which it may (no one else holds it)."""
        dora = ura = None
        if not named:
            dora = () if dora_indicators == () else read_indicators(dora_indicators)
            ura = () if ura_indicators == () else read_indicators(ura_indicators)
        facts = key[2:]
        base = self._situations.get(facts) or self._facts_situation(facts)
        copy = with_tile(base, key[0], key[1], dora, ura, red_fives)  # type: ignore[arg-type]
        return copy, dora is not None and ura is not None

    def _facts_situation(self, facts: tuple[object, ...]) -> Situation:
        """The situation of the facts of `_situation`'s key but the winning tile and flowers,
        not in the memo: checked (`new_situation` refuses a bad one) and memoized."""
        made = new_situation(self.id, self.situation_flags, self.players, None, (), *facts)  # type: ignore[arg-type]
        return self._situations.put(facts, made)
