"""What a `Ruleset` prepares once and keeps: per option setting a `Game`, and shared memos.

Option settings repeat (a server plays many hands of one game), and so do situations and fan
lists. Each is prepared on first use and kept in a `Bounded` table, keyed by *content*: the
option values a caller passed (with the preset and player count), or the resolved values
themselves; never by `id()`, so a dict that is mutated or garbage-collected after a call can
never make a later call read another setting's tables. The option dict inside a `Game` is
the cache's own: `Ruleset.resolve_options` hands callers a copy.

Input: the rulebook's `resolve` (defaults, preset, options, constraints), `prepare` (the
shapes, tile copies and wilds of one setting) and its default values, all given by
`mjc.runtime.rules.ruleset`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from mjc.runtime.rules.spec import Options, RulesetSpec
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.score.scoring import FanScore, Kept, Situation
from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import NUM_PLAYING

if TYPE_CHECKING:
    from mjc.runtime.settle.claimcheck import RoundRules
    from mjc.runtime.tableplay.setting import Setting

__all__ = [
    "GAME_CACHE_SIZE",
    "Bounded",
    "Game",
    "GameCache",
    "Memo",
    "Request",
    "options_key",
    "prepare_game",
]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

GAME_CACHE_SIZE = 256  # option settings kept, by request and by resolved values each
CHECKER_CACHE_SIZE = 64  # win checks kept per setting: one per set of wilds
MEMO_SIZE = 4096  # situations, fan scores and fan lists kept

# What a caller asked for: its option values (sorted items), the preset and the player count.
Request = tuple[tuple[tuple[str, object], ...], str | None, int | None]


class Bounded(dict[K, V], Generic[K, V]):
    """A dict that holds at most `size` entries: `put` drops the oldest when it is full.

    Reads are plain `dict.get` (the hot paths look up situations and fan lists per hand);
    only a miss pays for `put`."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        super().__init__()
        if size < 1:
            raise ValueError(f"a cache holds at least one entry, not {size}")
        self.size = size

    def put(self, key: K, value: V) -> V:
        if key not in self and len(self) >= self.size:
            del self[next(iter(self))]
        self[key] = value
        return value


class Memo(Bounded[K, V]):
    """A `Bounded` for the hot memos (situations, fan scores, fan lists), which `put` empties
    when full instead of dropping the oldest entry: a dict finds its oldest entry by scanning
    past every slot deleted before it, so one eviction per miss cost more than the miss
    itself (2.7 µs at 4,096 entries, when most new hands miss), where emptying costs one
    miss for each entry still in use, once per `size` misses."""

    __slots__ = ()

    def put(self, key: K, value: V) -> V:
        if len(self) >= self.size and key not in self:
            self.clear()
        self[key] = value
        return value


def options_key(values: Mapping[str, object]) -> tuple[tuple[str, object], ...] | None:
    """A key for option values, equal exactly when the values are; None when two keys do not
    order. A key holding an unhashable value raises `TypeError` when looked up: such values
    are resolved without the cache."""
    if len(values) < 2:  # one option changed, most requests': nothing to order
        return tuple(values.items())
    try:
        return tuple(sorted(values.items()))
    except TypeError:
        return None


@dataclass(frozen=True, slots=True, eq=False)
class Game:
    """One option setting of a rulebook and what every hand of it reads: the resolved values
    (the cache's own dict: read it, never change it), the win shapes, the copies of each tile
    kind in play, and the wild kinds when no indicator is needed (None when one is), and the
    rules of play (frozen: every round of the setting shares them). `checkers` keeps the
    prepared win check for each set of wilds (`Ruleset.win_checker`), `round_rules` what a
    round of the setting may hold for each indicator (`Ruleset.round_rules`: frozen),
    `settings` what a round of it starts from at each player count
    (`mjc.runtime.tableplay.setting`: frozen)."""

    values: Options
    shapes: frozenset[str]
    copies: tuple[int, ...]
    wilds: tuple[int, ...] | None
    turn_rules: TurnRules = field(default_factory=TurnRules)
    checkers: Bounded[tuple[int, ...], Callable[[Hand], bool]] = field(
        default_factory=lambda: Bounded(CHECKER_CACHE_SIZE)
    )
    round_rules: Bounded[str | None, RoundRules] = field(
        default_factory=lambda: Bounded(CHECKER_CACHE_SIZE)
    )
    settings: Bounded[int, Setting] = field(default_factory=lambda: Bounded(CHECKER_CACHE_SIZE))
    # Whether every playing tile has copies, and every flower too: a hand of such a game
    # needs no check of its tiles (`Ruleset.score`), only of its flowers when these are not.
    all_in_play: bool = field(init=False)
    flowers_in_play: bool = field(init=False)

    def __post_init__(self) -> None:
        playing = all(self.copies[:NUM_PLAYING])
        object.__setattr__(self, "all_in_play", playing)
        object.__setattr__(self, "flowers_in_play", playing and all(self.copies[NUM_PLAYING:]))


def prepare_game(spec: RulesetSpec, values: Options) -> Game:
    """The tables of one option setting, from the generated module's functions."""
    try:
        wilds: tuple[int, ...] | None = spec.wild_tiles(values, None)
    except ValueError:  # the wild comes from an indicator: known only per round
        wilds = None
    play = spec.turn_rules(dict(values)) if spec.turn_rules is not None else TurnRules()
    return Game(values, spec.shapes(values), spec.tile_copies(values), wilds, play)


Resolve = Callable[[Mapping[str, object] | None, str | None, int | None], Options]


class GameCache:
    """Per option setting, its `Game`, found by what the caller passed (`game`) or by the
    resolved values (`game_of`); two requests that resolve alike share one `Game`. Also the
    memos scoring shares across settings: situations, fan scores and fan lists (frozen
    values, so one object serves every caller). `built` counts the games prepared.

    A round asks for its game some ten times, each time with the same options: the last
    request found for each preset and player count is kept (a copy of its options, which the
    caller may change) and compared first, dict to dict, which costs a fraction of making its
    sorted key again; `game_of` compares the values given with the last game's own first."""

    __slots__ = ("_by_request", "_by_values", "_last", "_last_game", "_prepare", "_resolve",
                 "built", "default", "fan_lists", "fan_scores", "situations")  # fmt: skip

    def __init__(
        self,
        resolve: Resolve,
        prepare: Callable[[Options], Game],
        defaults: Options,
        *,
        size: int = GAME_CACHE_SIZE,
        memo_size: int = MEMO_SIZE,
    ) -> None:
        self._resolve = resolve
        self._prepare = prepare
        self._by_request: Bounded[Request, Game] = Bounded(size)
        self._by_values: Bounded[tuple[tuple[str, object], ...], Game] = Bounded(size)
        self.built = 0
        self._last: dict[tuple[str | None, int | None], tuple[dict[str, object], Game]] = {}
        self._last_game: Game | None = None
        self.default = self.game_of(defaults)
        self.situations: Memo[tuple[object, ...], Situation] = Memo(memo_size)
        self.fan_scores: Memo[tuple[int, int, int], FanScore] = Memo(memo_size)
        self.fan_lists: Memo[Kept, tuple[FanScore, ...]] = Memo(memo_size)

    def game(
        self,
        options: Mapping[str, object] | None,
        preset: str | None = None,
        players: int | None = None,
    ) -> Game:
        """The game of these options (by id or label), preset and player count; raises what
        `resolve` raises (`OptionError`) for options the rulebook refuses."""
        if not options and preset is None and players is None:
            return self.default
        try:
            last = self._last.get((preset, players))
        except TypeError:  # an unhashable preset or count: refused below, as before
            last = None
        # Equal mappings are equal keys (`options_key`: the same items, each value compared
        # with ==), and the same request.
        if last is not None and last[0] == options:
            return last[1]
        given = options_key(options) if options else ()
        request: Request | None = None if given is None else (given, preset, players)
        try:
            found = self._by_request.get(request) if request is not None else None
        except TypeError:  # an unhashable option value: resolved (and refused) uncached
            found = request = None
        if found is None:
            found = self.game_of(self._resolve(options, preset, players))
            if request is not None:
                self._by_request.put(request, found)
        if request is not None and options:
            if len(self._last) >= self._by_request.size:  # (a caller of many presets)
                self._last.clear()
            self._last[preset, players] = (dict(options), found)
            self._last_game = found
        return found

    def game_of(self, values: Mapping[str, Any]) -> Game:
        """The game of resolved option values. The values are copied: the caller may go on
        changing its dict without changing the game."""
        last = self._last_game
        if last is not None and last.values == values:  # equal values, an equal key
            return last
        key = options_key(values)
        try:
            found = self._by_values.get(key) if key is not None else None
        except TypeError:  # an unhashable value: a game of its own, not kept
            found = key = None
        if found is None:
            found = self._prepare(dict(values))
            self.built += 1
            if key is not None:
                self._by_values.put(key, found)
        return found
