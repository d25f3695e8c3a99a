"""What a round is set up with besides its wall: the first dealer and the table's situations.

`mjc.runtime.game.engine.Round` and `mjc.runtime.game.match.Match` read these facts of the table
(from the caller and from `TurnRules`), which no tile of the wall decides:

- the seats' winds (`seat_wind`): they follow the deal (the dealer is 东) or stay put;
- the first dealer: seat 0 under `first_dealer first_seat` (房主, 东), or under
  `first_dealer random` (上海 第一局系統隨機選擇莊家, 广东, 梅州) a seat drawn from the seed by a
  generator of its own, so the same seed gives the same dealer on every machine and the wall
  is shuffled as before. A dealer the caller names wins over both; a log records whether the
  dealer was drawn (`dealer_drawn`) so that a replay draws it again and checks it;
- the deal itself (`deal_hands`): each seat's tiles from the head of the wall, the dealer
  first, flowers dealt set aside for the 補花 that follows;
- who plays next once seats have left the round (`next_playing`, 血战到底: `after_win leave`);
- the horses bought at the deal (买马, 罚马: `deal_horses`), from a tile set of their own;
- the situations every win of the round is scored under: the rulebook's own `situation`s
  (上海 荒番, 開寶), named by the caller (a game server, `Match`) or carried by a match: after
  a drawn round the rules' `huangfan_after_draw` puts the next rounds under 荒番 until one is
  won (`carry_huangfan`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import NUM_PLAYING, TEXTS, tile_text

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round
    from mjc.runtime.rules.ruleset import Ruleset

__all__ = [
    "HUANGFAN",
    "WINDS",
    "GameSetupError",
    "carry_huangfan",
    "check_players",
    "check_seed",
    "deal_flowers",
    "deal_hands",
    "deal_horses",
    "first_dealer",
    "flip_indicator",
    "next_playing",
    "seat_wind",
    "table_counts",
    "table_facts",
    "table_situations",
]

WINDS = ("E", "S", "W", "N")
HUANGFAN = "huangfan"  # the situation `huangfan_after_draw` plays the next rounds under


class GameSetupError(ValueError):
    """A round that cannot be set up: a player count, rules or seed it cannot be played by."""


def first_dealer(rules: TurnRules, seed: int, players: int) -> int:
    """Who deals the first round when the caller names nobody (see the module docstring)."""
    if rules.first_dealer != "random":
        return 0
    return random.Random(f"first dealer {seed}").randrange(players)


# The bounds of a round's counts: those of the round JSON it is settled as (`RoundOutcome`:
# honba, deposits_carried), and for the streak and the points, bounds no table reaches that
# keep every number of its log short enough to be read back (`jsoninput.MAX_INT_DIGITS`).
MAX_HONBA = 10_000
MAX_DEPOSITS = 100_000_000
MAX_POINTS = 10**15
MAX_SEED = 2**64 - 1


def check_seed(seed: object) -> None:
    """`GameSetupError` unless `seed` is a whole number from 0 to `MAX_SEED`: the seeds the
    simulator deals are 64-bit (`game_seed`), and a larger one would make a log whose start
    line is not read back (`jsoninput.MAX_INT_DIGITS`)."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise GameSetupError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")


def check_players(ruleset: Ruleset, players: int) -> None:
    """`GameSetupError` unless the rulebook is played by `players`."""
    if players not in ruleset.players:
        counts = ", ".join(str(p) for p in ruleset.players)
        raise GameSetupError(f"{ruleset.id} is played by {counts} players, not {players}")


def table_counts(
    honba: object,
    points: Sequence[object] | None,
    deposits: object,
    players: int,
    streak: object = 0,
) -> tuple[int, tuple[int, ...] | None, int]:
    """A round's 本場 (a whole number from 0, paid by the payments' `honba`), each seat's
    points as the round starts (None: a lone round, where every seat may afford a ready
    declaration) and the deposits on the table carried in (供託), checked with the dealer's
    `streak` (连庄): `GameSetupError` (one line). A match deals each round with its points; a
    ready declaration reads them."""
    if type(streak) is not int or not 0 <= streak <= MAX_HONBA:
        raise GameSetupError(f"the streak is a whole number from 0 to {MAX_HONBA}, not {streak!r}")
    if type(honba) is not int or not 0 <= honba <= MAX_HONBA:
        raise GameSetupError(f"honba is a whole number from 0 to {MAX_HONBA}, not {honba!r}")
    if type(deposits) is not int or not 0 <= deposits <= MAX_DEPOSITS:
        raise GameSetupError(
            f"the deposits on the table are points from 0 to {MAX_DEPOSITS}, not {deposits!r}"
        )
    if points is None:
        return honba, None, deposits
    if not isinstance(points, (list, tuple)) or len(points) != players:
        raise GameSetupError(f"points: one whole number per seat ({players}), not {points!r}")
    for p in points:
        if type(p) is not int or not -MAX_POINTS <= p <= MAX_POINTS:
            raise GameSetupError(f"points: a whole number from -10**15 to 10**15, not {p!r}")
    return honba, tuple(p for p in points if type(p) is int), deposits


def seat_wind(r: Round, seat: int) -> str:
    """`seat`'s wind in round `r`: the dealer is 东 when the winds follow the deal."""
    if r.rules.seat_winds_follow_dealer:
        return WINDS[(seat - r.dealer) % r.players]
    return WINDS[seat % 4]


def table_situations(ruleset: Ruleset, names: Iterable[object]) -> tuple[str, ...]:
    """The situations a round is played under, sorted; `GameSetupError` (one line) for a
    name that is not one of the rulebook's own situations (`situation ...`)."""
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, Iterable):
        raise GameSetupError(f"situations: a list of the rulebook's situations, not {names!r}")
    found: set[str] = set()
    for name in names:
        if not isinstance(name, str) or name not in ruleset.situation_flags:
            own = ", ".join(ruleset.situation_flags) or "none"
            raise GameSetupError(
                f"a round is played under the rulebook's own situations ({own}), not {name!r}"
            )
        found.add(name)
    return tuple(sorted(found))


def table_facts(
    r: Round, dealer: int | None, situations: Iterable[object]
) -> tuple[int, bool, tuple[str, ...]]:
    """For `Round`: its dealer, whether it was drawn, and its situations."""
    drawn = dealer is None and r.rules.first_dealer == "random"
    if dealer is None:
        dealer = first_dealer(r.rules, r.seed, r.players)
    return dealer, drawn, table_situations(r.ruleset, situations)


def carry_huangfan(rules: TurnRules, result: Mapping[str, Any], situations: set[str]) -> None:
    """荒番 after a round (`huangfan_after_draw`): set after a drawn round, cleared by a won
    one; one doubling however many rounds in a row were drawn (the situation holds or not)."""
    if not rules.huangfan_after_draw:
        return
    if result["exhaustive_draw"] and not result["winners"]:  # no win, not even before (after_win)
        situations.add(HUANGFAN)
    else:
        situations.discard(HUANGFAN)


def next_playing(r: Round, seat: int) -> int:
    """The first seat after `seat` in turn order that has not left the round (血战到底)."""
    n = r.players
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if nxt not in r.left_seats:
            return nxt
    return (seat + 1) % n  # pragma: no cover - the round ends before every seat left


def deal_hands(r: Round) -> None:
    """Deal every seat its tiles from the head of the wall, the dealer first (14, the others
    13 by `TurnRules.deal_*`); flowers dealt are set aside, to be replaced (補花)."""
    n, wall, rules = r.players, r.wall, r.rules
    for seat in [(r.dealer + i) % n for i in range(n)]:
        st = r.seats[seat]
        count = rules.deal_dealer if seat == r.dealer else rules.deal_others
        tiles = wall.tiles[wall.head : wall.head + count]  # `count` draws from the head
        wall.head += count
        counts = st.counts
        for t in tiles:
            if t < NUM_PLAYING:
                counts[t] += 1
            else:
                st.flowers.append(t)
        if seat == r.dealer:
            r.drew = tiles[-1]  # the dealer's 14th tile: his 天胡 tile
        texts = list(map(TEXTS.__getitem__, tiles))
        r.events.append({"type": "deal", "seat": seat, "tiles": texts})


def deal_horses(r: Round, rng: random.Random) -> None:
    """买马 / 罚马: each seat that draws them is dealt its horses before the first discard,
    from a tile set of their own (the game's set under its options), shuffled by the
    round's generator after the wall. They take nothing from the wall, so a game has as
    many draws with horses as without; the seeds' 买马牌不占原有牌数, 随机分派."""
    horses = r.ruleset.payments.horses
    if horses is None:
        return
    n = r.players
    for kind, count in horses.draws(r.values, None):
        if kind.drawn_from != "deal" or count <= 0:
            continue
        seats = [r.dealer] if kind.drawn_by == "dealer" else [(r.dealer + i) % n for i in range(n)]
        own_set = [t for t, c in enumerate(r.copies) for _ in range(c)]
        rng.shuffle(own_set)
        for seat in seats:
            tiles = [own_set.pop() for _ in range(min(count, len(own_set)))]
            r.bought_horses[seat] = tiles
            r.events.append(
                {"type": "horses", "seat": seat, "tiles": [tile_text(t) for t in tiles]}
            )
        break  # one kind of dealt horse per game (买马 or 罚马)


def flip_indicator(r: Round) -> int:
    """翻鬼: the wild's indicator, turned up from the tail of the wall, out of play (its
    `indicator` event logged): the tile."""
    tile = r.wall.draw_tail()
    r.events.append({"type": "indicator", "tile": tile_text(tile)})
    return tile


def deal_flowers(r: Round) -> None:
    """Flowers dealt are set aside and replaced, from the dealer round (補花)."""
    n = r.players
    for i in range(n):
        seat = (r.dealer + i) % n
        st = r.seats[seat]
        flowers = [t for t in st.flowers]
        st.flowers = []
        for t in flowers:
            st.flowers.append(t)
            r.events.append({"type": "flower", "seat": seat, "tile": tile_text(t)})
            got = r._take(seat, True)
            if got < 0:
                return
            if seat == r.dealer:
                r.drew = got
