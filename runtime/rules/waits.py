"""Waits (听牌) and shanten under one rulebook: what `Ruleset.waits` and `Ruleset.shanten` are.

Input is a hand (notation or a parsed `Hand`, declared melds allowed) and the game it is
played in: options (or a preset), the wilds (from the flipped indicator, or given), the
situation of a win (self-drawn, winds, dealer ...) and, for the count of live copies, the
tiles seen elsewhere. The functions are bound as methods of `mjc.runtime.rules.ruleset.Ruleset`
(the rulebook's own prepared game: its win check with its wilds and custom shapes, its
scoring); `mjc waits` prints what they return.

Decisions, each tested in tests/rules/test_waits.py:
- a wait is a tile that completes a winning *shape* of the rulebook (its win check, wilds and
  custom shapes included); each carries the score the win would make in the given situation,
  and a tile the rulebook refuses there (a wild won off a discard in 百色, too few fans ...)
  stays listed with `score.win` false and the reason, so that "ready" and "may win on it"
  are told apart;
- a wild tile is a candidate like any other: drawn (or claimed, where allowed) it stands for
  the tile the hand needs, and the score says which;
- a tile of which the hand itself (concealed tiles, melds and flowers) holds every copy in
  play is not a wait: it cannot arrive. A tile whose other copies are all seen elsewhere
  (`visible`, and the flipped indicator) is listed with `remaining` 0: the hand is ready on
  it, the tile is dead;
- a flower is a candidate only where a custom shape can complete (上海 八花).

Shanten reads the built-in shapes (`mjc.runtime.wins.shanten`). Custom shapes have no distance
measure, so they count only at the end: a 14-tile hand that a custom shape completes is -1
and a 13-tile hand that some tile completes into one is 0; further away, the number is the
built-in shapes' (so under custom shapes it may fall by more than one on a single draw).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mjc.frozen import Frozen, frozen_fast
from mjc.runtime.score.scoring import Score
from mjc.runtime.tiles.argcheck import plain_type_errors
from mjc.runtime.tiles.hand import MAX_TILES, Hand, HandError, format_hand, parse_hand
from mjc.runtime.tiles.tile import NUM_PLAYING, NUM_TILES, tile_index, tile_name_zh, tile_text
from mjc.runtime.wins.arrange import SHAPES
from mjc.runtime.wins.seats import SeatState
from mjc.runtime.wins.shanten import shanten as builtin_shanten
from mjc.runtime.wins.waitsets import wait_finder

if TYPE_CHECKING:
    from mjc.runtime.rules.gamecache import Game
    from mjc.runtime.rules.ruleset import Ruleset

__all__ = [
    "Wait",
    "Waits",
    "ruleset_shanten",
    "ruleset_wait_list",
    "ruleset_waits",
    "visible_counts",
]


@frozen_fast
class Wait(Frozen):
    """One tile that completes the hand: `remaining` copies of it are neither in the hand nor
    seen, `wild` says it is a wild of the game, `score` is the win it makes."""

    tile: int
    remaining: int
    wild: bool
    score: Score

    @property
    def text(self) -> str:
        return tile_text(self.tile)

    def as_dict(self) -> dict[str, Any]:
        return {
            "tile": tile_text(self.tile),
            "name": tile_name_zh(self.tile),
            "remaining": self.remaining,
            "wild": self.wild,
            "win": self.score.win,
            "total": self.score.total,
            "score": self.score.as_dict(),
        }


@frozen_fast
class Waits(Frozen):
    """What a hand waits on: its shanten and, when it is ready (0), every winning tile in
    tile order. `live` is the copies of them still to come."""

    rulebook: str
    hand: str
    shanten: int
    waits: tuple[Wait, ...]

    @property
    def ready(self) -> bool:
        return bool(self.waits)

    @property
    def live(self) -> int:
        return sum(w.remaining for w in self.waits)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rulebook": self.rulebook,
            "hand": self.hand,
            "shanten": self.shanten,
            "ready": self.ready,
            "live": self.live,
            "waits": [w.as_dict() for w in self.waits],
        }


def visible_counts(visible: str | Sequence[int] | None) -> tuple[int, ...]:
    """Per tile int, the copies seen outside the hand: from tile notation ("1m1m5z", as many
    of each as written) or a sequence of counts by tile int (34 or 42 of them)."""
    out = [0] * NUM_TILES
    if visible is None:
        return tuple(out)
    if isinstance(visible, str):
        text = "".join(visible.split())
        tiles = [] if not text else list(_notation_tiles(text))
        for t in tiles:
            out[t] += 1
        return tuple(out)
    if len(visible) not in (NUM_PLAYING, NUM_TILES) or not all(
        type(n) is int and n >= 0 for n in visible
    ):
        raise ValueError(
            f"visible counts: {NUM_PLAYING} or {NUM_TILES} whole numbers >= 0, one per tile int"
        )
    out[: len(visible)] = visible
    return tuple(out)


def _notation_tiles(text: str) -> Iterable[int]:
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
            continue
        if not digits:
            raise HandError(f"visible tiles: suit letter {ch!r} has no digits before it")
        for d in digits:
            yield tile_index(d + ch)
        digits = ""
    if digits:
        raise HandError(f"visible tiles: {digits!r} has no suit letter after it")


def _prepare(
    ruleset: Ruleset,
    hand: Hand | str,
    options: Mapping[str, object] | None,
    preset: str | None,
    players: int | None,
    indicator: str | None,
    wilds: Iterable[str] | None,
) -> tuple[Hand, Game, tuple[int, ...], Callable[[Hand], bool]]:
    """The parsed hand, the game, its wild kinds and its win check: the ruleset's own."""
    if isinstance(hand, str):
        hand = parse_hand(hand, tiles=ruleset._win_tiles)
    default = not options and preset is None
    game = ruleset._games.game(options, preset, players)
    ruleset._check_tiles_in_play(hand, game, default)
    wild = ruleset._wilds(game, indicator, wilds)
    return hand, game, wild, ruleset._checker(game, wild)


def _held(hand: Hand) -> list[int]:
    held = [0] * NUM_TILES
    for t in (*hand.concealed, *hand.flowers, *(t for m in hand.melds for t in m.tiles)):
        held[t] += 1
    return held


def _with(hand: Hand, tile: int) -> Hand:
    """`hand` with `tile` added as its winning tile (a flower among the flowers)."""
    if tile >= NUM_PLAYING:
        return Hand(hand.concealed, hand.melds, (*hand.flowers, tile), tile, hand.counts)
    counts = bytearray(hand.counts)
    counts[tile] += 1
    concealed = tuple(sorted((*hand.concealed, tile)))
    return Hand(concealed, hand.melds, hand.flowers, tile, bytes(counts))


def _candidates(ruleset: Ruleset, hand: Hand, game: Game) -> list[int]:
    """The tiles that can still arrive: in play, and not every copy in the hand already."""
    held = _held(hand)
    custom = ruleset._has_custom_shapes and ruleset.custom_shapes_on(game.values)
    last = NUM_TILES if custom else NUM_PLAYING  # a flower completes only a custom shape
    return [t for t in range(last) if game.copies[t] > held[t]]


@plain_type_errors  # a plain TypeError for an argument of the wrong type
def ruleset_waits(
    ruleset: Ruleset,
    hand: Hand | str,
    *,
    options: Mapping[str, object] | None = None,
    preset: str | None = None,
    players: int | None = None,
    indicator: str | None = None,
    wilds: Iterable[str] | None = None,
    self_drawn: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    dealer: bool = False,
    situations: Iterable[str] = (),
    visible: str | Sequence[int] | None = None,
    declared: Mapping[str, str] | None = None,
) -> Waits:
    """Every tile that completes the 13-tile `hand` (16 in a rulebook of `hand 16`) under
    this rulebook, each with the score of the win it makes in the situation given (as
    `Ruleset.score` takes it, with what the seat `declared` before play), and the hand's
    shanten. `visible` (tiles seen outside the hand) only lowers `remaining`.

    Raises `HandError` for bad notation or a hand of another size, `ValueError`
    (`OptionError`, `SituationError`, `WildIndicatorMissing`) as `score` does."""
    hand, game, wild, check = _prepare(ruleset, hand, options, preset, players, indicator, wilds)
    found = _found(
        ruleset,
        hand,
        game,
        wild,
        check,
        options=options,
        preset=preset,
        players=players,
        indicator=indicator,
        wilds=wilds,
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dealer=dealer,
        situations=tuple(situations),
        visible=visible,
        declared=declared,
    )
    number = 0 if found else _shanten(ruleset, hand, game, wild, check)
    return Waits(ruleset.id, format_hand(hand), number, found)


def ruleset_wait_list(
    ruleset: Ruleset,
    hand: Hand | str,
    *,
    options: Mapping[str, object] | None = None,
    players: int | None = None,
    indicator: str | None = None,
    seat_wind: str = "E",
    round_wind: str = "E",
    dealer: bool = False,
    declared: Mapping[str, str] | None = None,
    quick: frozenset[int] | None = None,
) -> tuple[Wait, ...]:
    """`ruleset_waits(...).waits` (on a discard, no other situation, nothing seen) without the
    shanten of a hand that is not ready: what the draw lines read of each seat at an
    exhaustive draw, and whether the dealer is ready there (`mjc.runtime.table.standing`).
    `quick` is the hand's wait set where the caller keeps one (the engine's: every tile that
    may complete it), else found here. Raises as `ruleset_waits`."""
    if quick is not None and not quick:
        return ()  # the caller's wait set says no tile completes the hand (most hands)
    hand, game, wild, check = _prepare(ruleset, hand, options, None, players, indicator, None)
    return _found(
        ruleset,
        hand,
        game,
        wild,
        check,
        options=options,
        preset=None,
        players=players,
        indicator=indicator,
        wilds=None,
        self_drawn=False,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dealer=dealer,
        situations=(),
        visible=None,
        declared=declared,
        quick=quick,
    )


def _found(
    ruleset: Ruleset,
    hand: Hand,
    game: Game,
    wild: tuple[int, ...],
    check: Callable[[Hand], bool],
    *,
    options: Mapping[str, object] | None,
    preset: str | None,
    players: int | None,
    indicator: str | None,
    wilds: Iterable[str] | None,
    self_drawn: bool,
    seat_wind: str,
    round_wind: str,
    dealer: bool,
    situations: tuple[str, ...],
    visible: str | Sequence[int] | None,
    declared: Mapping[str, str] | None,
    quick: frozenset[int] | None = None,
) -> tuple[Wait, ...]:
    """The waits of `hand` (see `ruleset_waits`), each scored; `quick` the hand's wait set
    where the caller keeps one, else `_quick_waits`'."""
    if hand.size != ruleset.hand_size:
        raise HandError(
            f"waits are for a hand of {ruleset.hand_size} tiles (a declared meld counts 3); "
            f"this one has {hand.size}"
        )
    if quick is None:
        quick = _quick_waits(ruleset, hand, game, wild)
    if quick is not None and not quick:
        return ()  # no tile completes a shape (most hands): the win check would say no
    seen = list(visible_counts(visible))
    if indicator is not None:
        seen[tile_index(indicator)] += 1  # the flipped indicator lies face up
    held = _held(hand)
    found: list[Wait] = []
    for t in _candidates(ruleset, hand, game):
        if quick is not None and t not in quick:
            continue  # no shape completes: the win check would say no
        complete = _with(hand, t)
        if not check(complete):
            continue
        score = ruleset.score(
            complete,
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
            declared=declared,
        )
        remaining = max(game.copies[t] - held[t] - seen[t], 0)
        found.append(Wait(t, remaining, t in wild, score))
    return tuple(found)


def _quick_waits(
    ruleset: Ruleset, hand: Hand, game: Game, wild: tuple[int, ...]
) -> frozenset[int] | None:
    """The engine's wait set of the hand's concealed tiles (`wait_finder`): every tile the win
    check may accept, and most often none, without a hand made per tile. None (every tile is
    checked) in a game with a wild, a custom shape on, a shape not built in, or a hand of
    another size than 13."""
    if (
        wild
        or ruleset._win_tiles != MAX_TILES
        or not game.shapes <= SHAPES
        or (ruleset._has_custom_shapes and ruleset.custom_shapes_on(game.values))
    ):
        return None
    finder = wait_finder(game.shapes)
    if finder is None:
        return None
    seat = SeatState()
    seat.counts = bytearray(hand.counts)
    return finder(seat)


@plain_type_errors  # a plain TypeError for an argument of the wrong type
def ruleset_shanten(
    ruleset: Ruleset,
    hand: Hand | str,
    *,
    options: Mapping[str, object] | None = None,
    preset: str | None = None,
    players: int | None = None,
    indicator: str | None = None,
    wilds: Iterable[str] | None = None,
) -> int:
    """The shanten of a 13- or 14-tile hand (16 or 17 with `hand 16`) under this rulebook's
    shapes and wilds: -1 complete, 0 ready, n tiles from ready (the module docstring says how
    custom shapes count). Raises `HandError` for a hand of another size, `ValueError` for
    bad options."""
    hand, game, wild, check = _prepare(ruleset, hand, options, preset, players, indicator, wilds)
    return _shanten(ruleset, hand, game, wild, check)


def _shanten(
    ruleset: Ruleset,
    hand: Hand,
    game: Game,
    wild: tuple[int, ...],
    check: Callable[[Hand], bool],
) -> int:
    number = builtin_shanten(hand, game.shapes, wild, game.copies, ruleset._win_tiles)
    if not (ruleset._has_custom_shapes and ruleset.custom_shapes_on(game.values)):
        return number
    if hand.size == ruleset._win_tiles:
        return -1 if number > -1 and check(hand) else number
    if number > 0 and any(check(_with(hand, t)) for t in _candidates(ruleset, hand, game)):
        return 0
    return number
