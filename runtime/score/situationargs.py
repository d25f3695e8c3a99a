"""A scoring `Situation` built from the facts a caller passes to `Ruleset.score`.

The facts (`self_drawn`, `seat_wind`, `round_wind`, `dealer`, `situations`, `players`) come
from the caller: the CLI's flags, a game server, a finished round's JSON. `Ruleset._situation`
caches a situation per set of facts and calls `new_situation` on a miss; this is where those
facts are checked (names of situations, winds, the player count) and a bad one is refused with
a `TypeError` or `ValueError` saying what was wrong.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mjc.runtime.score.scoring import (
    SITUATION_FLAGS,
    Situation,
    SituationDraft,
    build_situation,
)
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
    "read_indicators",
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


def with_tile(
    situation: Situation,
    win_tile: int | None,
    flowers: tuple[int, ...],
    dora: tuple[int, ...] | None = None,
    ura: tuple[int, ...] | None = None,
    red_fives: int = 0,
) -> Situation:
    """`situation` won on `win_tile` with these `flowers`: what `new_situation` makes of the
    same facts but these two, at a fraction of its cost (the facts checked and the winds read
    once for every winning tile and flowers they meet: most new hands differ only there).
    Given `dora` and `ura` (indicator tiles read by `read_indicators`), the copy takes them
    and `red_fives` too, as `set_dora` would set them after: one copy, no second pass.
    A draft filled field by field by plain assignments (`situation_draft`), then made a
    `Situation`: a tenth of the cost of the frozen class's own `__init__`. A field added to
    `Situation` is assigned here too (`tests/score/test_situation_copy.py` fails until it
    is: a slot left unassigned has no value)."""
    made: Any = SituationDraft()  # `situation_draft` and `situation_of` unrolled
    s = situation
    made.winning_tile = win_tile if win_tile is not None else -1
    made.self_drawn = s.self_drawn
    made.dealer = s.dealer
    made.seat_wind = s.seat_wind
    made.round_wind = s.round_wind
    made.players = s.players
    made.kong_bloom = s.kong_bloom
    made.robbing_kong = s.robbing_kong
    made.last_tile = s.last_tile
    made.heavenly = s.heavenly
    made.earthly = s.earthly
    made.human = s.human
    made.triple_win = s.triple_win
    made.kong_discard = s.kong_discard
    made.flower_robbed = s.flower_robbed
    made.dealer_streak = s.dealer_streak
    if dora is None or ura is None:
        made.dora_indicators = s.dora_indicators
        made.ura_indicators = s.ura_indicators
        made.red_fives = s.red_fives
    else:
        made.dora_indicators = dora
        made.ura_indicators = ura
        made.red_fives = red_fives
    made.set_aside = s.set_aside
    made.flowers = flowers
    made.wilds = s.wilds
    made.extra = s.extra
    made.declared = s.declared
    made.waits = s.waits
    made.__class__ = Situation
    copy: Situation = made
    return copy


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
    streak = _count(dealer_streak, "dealer_streak", "rounds", MAX_DEALER_STREAK)
    return replace(situation, dealer_streak=streak)


def with_set_aside(situation: Situation, set_aside: object) -> Situation:
    """`situation` of a winner who set this many tiles aside (北抜き, read by fans as
    `set_aside`); a `TypeError` or `ValueError` says what is wrong with one that is not a
    count."""
    return replace(situation, set_aside=_count(set_aside, "set_aside", "tiles", MAX_SET_ASIDE))


def _count(value: object, name: str, unit: str, most: int) -> int:
    """`value` as the count `name` of `unit` from 0 to `most`, or the error saying why not."""
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not 0 <= value <= most:
        raise ValueError(f"{name} is a count of {unit} from 0 to {most}, not {value}")
    return value


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
    of its own, as `Ruleset.score` makes): the fields set in place, no second copy. Each list
    is read at once when it can be (`read_indicators`), else read or refused by
    `_indicators`; a field that already holds its value is left as it is (a slot's setter
    costs as much as reading a list: most hands turn up no ura-dora and hold no red five)."""
    tiles = read_indicators(dora)
    _SET_DORA(made, _indicators("dora_indicators", dora) if tiles is None else tiles)
    tiles = () if type(ura) is tuple and not ura else read_indicators(ura)
    if tiles is None:
        tiles = _indicators("ura_indicators", ura)
    if tiles != made.ura_indicators:
        _SET_URA(made, tiles)
    if red_fives is not made.red_fives:  # a small int is one object: the same count
        _SET_RED(made, red_fives)


def read_indicators(given: Iterable[str]) -> tuple[int, ...] | None:
    """The tiles of indicators given as a tuple or list of notations each read with one
    lookup (`3m`, `0p`), as `set_dora` reads them; None for anything else (another kind of
    iterable, too many, a text that is not such a notation), which `set_dora` reads or
    refuses, saying why. It raises nothing and consumes no iterator."""
    if type(given) is tuple or type(given) is list:
        if len(given) > MAX_INDICATORS:
            return None
        try:
            if len(given) == 1:  # most hands' dora, and ura: a tuple made at half the cost
                found: tuple[int | None, ...] = (_INDICATED_GET(given[0]),)
            elif not given:
                return ()
            else:
                found = tuple(map(_INDICATED_GET, given))
        except TypeError:  # an item that is no key at all (a list)
            return None
        return None if None in found else found  # type: ignore[return-value]
    return None


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
    try:
        found = tuple(map(_INDICATED_GET, tiles))  # one lookup each, no Python frame
    except TypeError:  # an item that is no key at all (a list): refused below
        return _indicator_tiles(name, tiles)
    if None in found:
        return _indicator_tiles(name, tiles)
    return found  # type: ignore[return-value]  # no None in it: every one a tile


# Each playing tile's notation and each red five's, to its tile: most indicators are read
# with one lookup; any other text (a flower, another spelling, a mistake) as `tile_or_red_five`
# reads it.
_INDICATED: dict[str, int] = {tile_text(t): t for t in range(NUM_PLAYING)} | RED_FIVES
_INDICATED_GET = _INDICATED.get


def _indicator_tiles(name: str, tiles: tuple[str, ...]) -> tuple[int, ...]:
    """The indicators one lookup did not read: each a tile in notation, or what is wrong."""
    for text in tiles:
        if type(text) is not str:
            raise TypeError(f"{name} holds tiles as strings such as '3m', not {text!r}")
    found = []
    for text in tiles:
        tile = tile_or_red_five(text)
        if tile >= NUM_PLAYING:
            raise ValueError(f"{name}: {text} is a flower, which points at no tile")
        found.append(tile)
    return tuple(found)
