"""A scoring `Situation` built from the facts a caller passes to `Ruleset.score`.

The facts (`self_drawn`, `seat_wind`, `round_wind`, `dealer`, `situations`, `players`) come
from the caller: the CLI's flags, a game server, a finished round's JSON. `Ruleset._situation`
caches a situation per set of facts and calls `new_situation` on a miss; this is where those
facts are checked (names of situations, winds, the player count) and a bad one is refused with
a `TypeError` or `ValueError` saying what was wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjc.runtime.score.scoring import SITUATION_FLAGS, Situation, build_situation
from mjc.runtime.tiles.tile import (
    NUM_PLAYING,
    RED_FIVES,
    tile_index,
    tile_or_red_five,
    tile_text,
)

if TYPE_CHECKING:
    from mjc.runtime.rules.spec import DeclareSpec

__all__ = [
    "MAX_DEALER_STREAK",
    "MAX_INDICATORS",
    "MAX_SET_ASIDE",
    "WIND_TILES",
    "new_situation",
    "set_dora",
    "wind",
    "with_declared",
    "with_dora",
    "with_set_aside",
    "with_streak",
    "with_tile",
]

# The longest dealer streak a win is scored in: the bound the compiler's number checks
# (E0415) assume of `dealer_streak`, far beyond any table's.
MAX_DEALER_STREAK = 10_000

# The most dora or ura-dora indicators a win is scored with: Riichi turns up five at most
# (one, and one per kong); the bound the compiler's cost checks assume of each list.
MAX_INDICATORS = 10

# The most tiles a winner is scored as having set aside (北抜き: four 北; `set_aside`): the
# bound the compiler's checks assume of the count.
MAX_SET_ASIDE = 16

WIND_TILES = {"E": 27, "S": 28, "W": 29, "N": 30, "东": 27, "南": 28, "西": 29, "北": 30}


def new_situation(
    rulebook: str,
    situation_flags: Collection[str],
    allowed_players: tuple[int, ...],
    win_tile: int | None,
    flowers: tuple[int, ...],
    self_drawn: object,
    seat_wind: str,
    round_wind: str,
    dealer: object,
    situations: tuple[str, ...],
    players: int | None,
    wilds: int,
) -> Situation:
    """The situation of one win in `rulebook`, whose own situation flags are `situation_flags`
    and which is played by `allowed_players` players. The two flags are read by their truth,
    as `Ruleset.score` documents (`object`: so the native build does not refuse a 0 or None)."""
    flags: dict[str, Any] = {}  # situation flag: True (Any: passed as keywords)
    extra = set()
    for name in situations:
        if name in situation_flags:
            extra.add(name)
        elif name in SITUATION_FLAGS:
            flags[name] = True
        elif type(name) is not str:  # a new situation only: the cached ones were checked
            raise TypeError(f"situations must be names (str), not {type(name).__name__}s")
        else:
            known = ", ".join((*SITUATION_FLAGS, *situation_flags))
            raise ValueError(f"unknown situation {name!r}; the situations are {known}")
    if players is not None and type(players) is not int:
        raise TypeError(f"players must be an int or None, not {type(players).__name__}")
    if players is not None and players not in allowed_players:
        allowed = ", ".join(str(p) for p in allowed_players)
        raise ValueError(f"{rulebook} is played by {allowed} players, not {players}")
    flags.update(
        winning_tile=win_tile if win_tile is not None else -1,
        self_drawn=bool(self_drawn),
        dealer=bool(dealer),
        seat_wind=wind(seat_wind, "seat"),
        round_wind=wind(round_wind, "round"),
        players=players if players is not None else max(allowed_players),
        flowers=flowers,
        wilds=wilds,
        extra=frozenset(extra),
    )
    return build_situation(flags)


def _setter(name: str) -> Callable[[Situation, object], None]:
    """The slot's own setter of the field `name` (it skips the frozen class's `__setattr__`)."""
    setter: Callable[[Situation, object], None] = Situation.__dict__[name].__set__
    return setter


# Each field's setter, for `with_tile`: one line per field, no loop (a loop over the
# fields cost it twice as much). A field added to `Situation` is added here and there
# (`tests/score/test_situation_copy.py` fails until it is).
_SET_WINNING_TILE = _setter("winning_tile")
_SET_SELF_DRAWN = _setter("self_drawn")
_SET_DEALER = _setter("dealer")
_SET_SEAT_WIND = _setter("seat_wind")
_SET_ROUND_WIND = _setter("round_wind")
_SET_PLAYERS = _setter("players")
_SET_KONG_BLOOM = _setter("kong_bloom")
_SET_ROBBING_KONG = _setter("robbing_kong")
_SET_LAST_TILE = _setter("last_tile")
_SET_HEAVENLY = _setter("heavenly")
_SET_EARTHLY = _setter("earthly")
_SET_HUMAN = _setter("human")
_SET_TRIPLE_WIN = _setter("triple_win")
_SET_KONG_DISCARD = _setter("kong_discard")
_SET_FLOWER_ROBBED = _setter("flower_robbed")
_SET_DEALER_STREAK = _setter("dealer_streak")
_SET_DORA_INDICATORS = _setter("dora_indicators")
_SET_URA_INDICATORS = _setter("ura_indicators")
_SET_RED_FIVES = _setter("red_fives")
_SET_SET_ASIDE = _setter("set_aside")
_SET_FLOWERS = _setter("flowers")
_SET_WILDS = _setter("wilds")
_SET_EXTRA = _setter("extra")
_SET_DECLARED = _setter("declared")
_SET_WAITS = _setter("waits")
_new_object = object.__new__


def with_tile(situation: Situation, win_tile: int | None, flowers: tuple[int, ...]) -> Situation:
    """`situation` won on `win_tile` with these `flowers`: what `new_situation` makes of the
    same facts but these two, at a third of its cost (the facts checked and the winds read
    once for every winning tile and flowers they meet: most new hands differ only there)."""
    made: Situation = _new_object(Situation)
    s = situation
    _SET_WINNING_TILE(made, win_tile if win_tile is not None else -1)
    _SET_SELF_DRAWN(made, s.self_drawn)
    _SET_DEALER(made, s.dealer)
    _SET_SEAT_WIND(made, s.seat_wind)
    _SET_ROUND_WIND(made, s.round_wind)
    _SET_PLAYERS(made, s.players)
    _SET_KONG_BLOOM(made, s.kong_bloom)
    _SET_ROBBING_KONG(made, s.robbing_kong)
    _SET_LAST_TILE(made, s.last_tile)
    _SET_HEAVENLY(made, s.heavenly)
    _SET_EARTHLY(made, s.earthly)
    _SET_HUMAN(made, s.human)
    _SET_TRIPLE_WIN(made, s.triple_win)
    _SET_KONG_DISCARD(made, s.kong_discard)
    _SET_FLOWER_ROBBED(made, s.flower_robbed)
    _SET_DEALER_STREAK(made, s.dealer_streak)
    _SET_DORA_INDICATORS(made, s.dora_indicators)
    _SET_URA_INDICATORS(made, s.ura_indicators)
    _SET_RED_FIVES(made, s.red_fives)
    _SET_SET_ASIDE(made, s.set_aside)
    _SET_FLOWERS(made, flowers)
    _SET_WILDS(made, s.wilds)
    _SET_EXTRA(made, s.extra)
    _SET_DECLARED(made, s.declared)
    _SET_WAITS(made, s.waits)
    return made


def wind(text: str, what: str) -> int:
    """The wind tile named by `text` (E/S/W/N, 东南西北 or 1z–4z) for the `what` wind."""
    tile = WIND_TILES.get(text.strip().upper() if text.isascii() else text.strip())
    if tile is None:
        try:
            tile = tile_index(text)
        except ValueError:
            tile = -1
        if not 27 <= tile <= 30:
            raise ValueError(f"the {what} wind is E, S, W or N (or 1z–4z), not {text!r}")
    return tile


def with_declared(
    situation: Situation,
    declared: Mapping[str, str],
    declares: tuple[DeclareSpec, ...],
    rulebook: str,
) -> Situation:
    """`situation` with what the winner declared before the first discard (定缺): each id one
    of `rulebook`'s declarations, each word one of its list; a `ValueError` says which is not."""
    known = {d.id: d for d in declares}
    pairs: list[tuple[str, str]] = []
    for name, word in declared.items():
        spec = known.get(name)
        if spec is None:
            ids = ", ".join(known) or "none"
            raise ValueError(f"{rulebook} has no declaration {name!r}; its declarations: {ids}")
        if word not in spec.words:
            words = ", ".join(spec.words)
            raise ValueError(f"the declaration {name} is one of {words}, not {word!r}")
        pairs.append((name, word))
    return replace(situation, declared=tuple(sorted(pairs)))


def with_streak(situation: Situation, dealer_streak: object) -> Situation:
    """`situation` in a round of this dealer streak (连庄, read by fans as `dealer_streak`); a
    `TypeError` or `ValueError` says what is wrong with one that is not a count."""
    if type(dealer_streak) is not int:
        raise TypeError(f"dealer_streak must be an int, not {type(dealer_streak).__name__}")
    if not 0 <= dealer_streak <= MAX_DEALER_STREAK:
        raise ValueError(
            f"dealer_streak is a count of rounds from 0 to {MAX_DEALER_STREAK}, not {dealer_streak}"
        )
    return replace(situation, dealer_streak=dealer_streak)


def with_set_aside(situation: Situation, set_aside: object) -> Situation:
    """`situation` of a winner who set this many tiles aside (北抜き, read by fans as
    `set_aside`); a `TypeError` or `ValueError` says what is wrong with one that is not a
    count."""
    if type(set_aside) is not int:
        raise TypeError(f"set_aside must be an int, not {type(set_aside).__name__}")
    if not 0 <= set_aside <= MAX_SET_ASIDE:
        raise ValueError(
            f"set_aside is a count of tiles from 0 to {MAX_SET_ASIDE}, not {set_aside}"
        )
    return replace(situation, set_aside=set_aside)


def with_dora(
    situation: Situation, dora: Iterable[str], ura: Iterable[str], red_fives: int
) -> Situation:
    """`situation` with the dora and ura-dora indicators turned up (tile notations, read by
    fans as `dora_indicators` and `ura_indicators`) and the red fives the hand holds; a
    `TypeError` or `ValueError` says what is wrong with an indicator. A slot-by-slot copy and
    indicators read once per list written: every Riichi hand is scored with some."""
    made = with_tile(situation, situation.winning_tile, situation.flowers)  # its copy unrolled
    set_dora(made, dora, ura, red_fives)
    return made


def set_dora(made: Situation, dora: Iterable[str], ura: Iterable[str], red_fives: int) -> None:
    """`with_dora` on a situation the caller has just made and shared with no one (a copy
    of its own, as `Ruleset.score` makes): the fields set in place, no second copy."""
    _SET_DORA(made, _indicators("dora_indicators", dora))
    _SET_URA(made, _indicators("ura_indicators", ura))
    _SET_RED(made, red_fives)


_SET_DORA = Situation.__dict__["dora_indicators"].__set__
_SET_URA = Situation.__dict__["ura_indicators"].__set__
_SET_RED = Situation.__dict__["red_fives"].__set__


def _indicators(name: str, given: Iterable[str]) -> tuple[int, ...]:
    if type(given) is tuple:
        if not given:
            return ()  # none turned up (ura indicators, mostly): nothing to read
        tiles = given
    elif isinstance(given, str):
        raise TypeError(f"{name} must be a list of tiles such as ['3m'], not a string")
    else:
        tiles = tuple(given)
    if len(tiles) > MAX_INDICATORS:
        raise ValueError(f"{name}: {len(tiles)} indicators, at most {MAX_INDICATORS}")
    for text in tiles:
        if type(text) is not str:
            raise TypeError(f"{name} holds tiles as strings such as '3m', not {text!r}")
    found = [_INDICATED.get(text, -1) for text in tiles]
    return tuple(found) if -1 not in found else _indicator_tiles(name, tiles)


# Each playing tile's notation and each red five's, to its tile: most indicators are read
# with one lookup; any other text (a flower, another spelling, a mistake) as `tile_or_red_five`
# reads it.
_INDICATED: dict[str, int] = {tile_text(t): t for t in range(NUM_PLAYING)} | RED_FIVES


def _indicator_tiles(name: str, tiles: tuple[str, ...]) -> tuple[int, ...]:
    found = []
    for text in tiles:
        tile = tile_or_red_five(text)
        if tile >= NUM_PLAYING:
            raise ValueError(f"{name}: {text} is a flower, which points at no tile")
        found.append(tile)
    return tuple(found)
