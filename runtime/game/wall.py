"""The wall (牌墙) of one round: shuffled by a seeded generator, broken by the dice, drawn.

Input: the tile copies of the rulebook under its options (`Ruleset.tile_copies`), the rules
of play (`TurnRules`: dice, break start, reserved tiles) and a seed. The wall is one list in
drawing order: ordinary draws take from the head, replacements (kong, flower) from the tail
(牌尾) or the head as `TurnRules.replacement` says, and the last `reserved` tiles at the tail
are never drawn (潮州 留牌 for the horses; the dead wall, 王牌, which
`mjc.runtime.tableplay.deadwall` keeps at its size); `red` the places of the red fives
(赤ドラ), which move with their tiles; `take` draws for a seat of a round, a flower set
aside and replaced as it comes (a window opened where a seat may win on it). Randomness is
`random.Random(seed)` only, whose shuffle is the same on every machine and Python 3 version.

The physical break only rotates the circular wall: the broken wall is the seat reached by
counting the dice sum from the dealer (the dealer counts as 1), and drawing starts that many
stacks (墩, two tiles each) into it as `TurnRules.break_start` says.

A set-up round (`mjc.runtime.game.scenario`) may name the dice (`build_wall(dice=...)`: the
generator still rolls, so everything drawn from it later is as without them) and the last
drawable tile (海底): the wall then holds that tile back (`last`) until it is the only
drawable tile left, whichever end the draws come from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from mjc.runtime.game.claimanswers import flower_window
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import NUM_PLAYING, TEXTS

if TYPE_CHECKING:
    from mjc.runtime.game.engine import Round

__all__ = ["Wall", "build_wall", "shuffle", "take"]


class Wall:
    """The tiles not yet drawn, in drawing order, with the dice that broke it.

    `tiles[head]` is the next ordinary draw and `tiles[tail]` the next replacement from the
    tail; `tiles[tail + 1:]` are the reserved tiles (never drawn) and those already drawn from
    the tail. `drawable` is what may still be drawn. `last` is where the tile held back for
    the last draw lies (-1: none; `shift_last`)."""

    __slots__ = ("dice", "head", "last", "red", "reserved", "start", "tail", "tiles")

    def __init__(self, tiles: list[int], dice: tuple[int, ...], start: int, reserved: int):
        self.tiles = tiles
        self.dice = dice
        self.start = start  # the stack drawing started at, counted round the whole wall
        self.reserved = reserved
        self.head = 0
        self.tail = len(tiles) - 1 - reserved
        self.last = -1
        self.red: set[int] = set()  # the places of the red fives (mjc.runtime.tableplay)

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (reserved tiles excluded)."""
        return self.tail - self.head + 1

    def draw(self) -> int:
        """The next tile from the head; the caller checks `drawable` first."""
        if self.head == self.last:
            self.shift_last()
        tile = self.tiles[self.head]
        self.head += 1
        return tile

    def draw_tail(self) -> int:
        """The next tile from the tail (a replacement, a flipped indicator)."""
        if self.tail == self.last:
            self.shift_last()
        tile = self.tiles[self.tail]
        self.tail -= 1
        return tile

    def shift_last(self) -> None:
        """A draw is about to take the tile held back for the last draw (海底) while others
        are left: it moves one place inwards, swapped with its neighbour, and that one is
        drawn instead. Called only when `last` is `head` or `tail`."""
        at, tiles = self.last, self.tiles
        if self.tail <= self.head:
            return  # the only drawable tile: its draw is the last one
        inward = at + 1 if at == self.head else at - 1
        tiles[at], tiles[inward] = tiles[inward], tiles[at]
        self.last = inward
        red = self.red
        if (at in red) != (inward in red):  # a red five moves with its tile
            red ^= {at, inward}

    def end_tiles(self, count: int) -> list[int]:
        """Up to `count` tiles turned up from the end of the wall (奖马, 抓马): the reserved
        tiles first, then the undrawn tiles from the tail inwards."""
        found = self.tiles[len(self.tiles) - self.reserved :][::-1]
        if len(found) < count:
            found += self.tiles[self.head : self.tail + 1][::-1]
        return found[:count]

    def undrawn(self) -> list[int]:
        """Every tile still in the wall: the drawable ones and the reserved ones."""
        return self.tiles[self.head : self.tail + 1] + self.tiles[len(self.tiles) - self.reserved :]


def shuffle(tiles: list[int], rng: random.Random) -> None:
    """`rng.shuffle(tiles)`, the same swaps from the same draws of the generator, with
    CPython's `Random._randbelow` (`getrandbits` of the bound's bit length until one is
    below it) written out: one call per tile instead of three, as every round shuffles its
    wall. A subclass of `random.Random` shuffles as it defines."""
    if type(rng) is not random.Random:
        rng.shuffle(tiles)
        return
    getrandbits = rng.getrandbits
    for i, n, k in _swaps(len(tiles)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]


def _roll(rng: random.Random, dice: int) -> tuple[int, ...]:
    """`dice` dice, each `rng.randint(1, 6)`: for `random.Random` itself that is 1 plus
    `getrandbits(3)` drawn again until it is below 6 (its `_randbelow(6)`), written out."""
    if type(rng) is not random.Random:
        return tuple(rng.randint(1, 6) for _ in range(dice))
    getrandbits = rng.getrandbits
    rolled = []
    for _ in range(dice):
        face = getrandbits(3)
        while face >= 6:
            face = getrandbits(3)
        rolled.append(face + 1)
    return tuple(rolled)


@cache
def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The swaps of a shuffle of `size` items, last place first: the place, the bound of its
    draw and the bound's bit length."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


@cache
def _unshuffled(copies: tuple[int, ...]) -> tuple[int, ...]:
    """Every tile of the set, `copies[t]` times each, in order (a wall before its shuffle)."""
    return tuple(t for t, n in enumerate(copies) for _ in range(n))


def _stacks_before(rules: TurnRules, dice: tuple[int, ...], second: tuple[int, ...]) -> int:
    if not dice:
        return 0
    if rules.break_start == "smaller_die":
        return min(dice)
    if rules.break_start == "sum_and_second":
        return sum(dice) + sum(second)
    return sum(dice)


def build_wall(
    copies: tuple[int, ...],
    rules: TurnRules,
    rng: random.Random,
    players: int,
    dealer: int,
    stacked: Sequence[int] = (),
    dice: Sequence[int] | None = None,
) -> Wall:
    """Shuffle the tile set, roll the dice and break the wall (see the module docstring).

    `dice` replace the dice rolled (all of them: under `sum_and_second` both rolls), which
    break the wall instead. `stacked` tiles (the deprecated `Round(stacked=...)`) are drawn
    first, in order, and the rest of the set follows shuffled; such a wall is not rotated by
    the dice."""
    tiles = list(_unshuffled(tuple(copies)))
    if stacked:
        left = list(copies)
        for t in stacked:
            if not 0 <= t < len(left) or left[t] <= 0:
                raise ValueError(f"the stacked wall holds more of tile {t} than the set has")
            left[t] -= 1
        rest = [t for t, n in enumerate(left) for _ in range(n)]
        shuffle(rest, rng)
        thrown = tuple(rng.randint(1, 6) for _ in range(rules.dice))
        return Wall([*stacked, *rest], thrown, 0, rules.kept)
    shuffle(tiles, rng)
    rolled = _roll(rng, rules.dice)
    # 梅州: the wall's owner rolls again and the start is after both sums.
    second = _roll(rng, rules.dice) if rules.break_start == "sum_and_second" else ()
    if dice is not None:  # a scenario's dice: the generator rolled all the same
        rolled, second = tuple(dice[: rules.dice]), tuple(dice[rules.dice :])
    stacks = (len(tiles) + 1) // 2
    per_wall = -(-stacks // players)  # each player's wall, rounded up
    owner = (dealer + sum(rolled) - 1) % players if rolled else dealer
    start = (owner * per_wall + _stacks_before(rules, rolled, second)) % stacks
    cut = min(2 * start, len(tiles))
    return Wall(tiles[cut:] + tiles[:cut], rolled + second, start, rules.kept)


def take(r: Round, seat: int, replacement: bool) -> int:
    """Draw for `seat` of round `r` (from the head, or a replacement from the end
    `TurnRules.replacement` says), setting flowers aside and drawing again for each: the
    tile drawn, -1 when the wall ran out (the round then ends drawn), -2 when a flower drawn
    opened a window (八花, 七搶一: a seat may win on it first). `Round._take`."""
    wall, st = r.wall, r.seats[seat]
    from_tail = replacement and r.rules.replacement == "tail"
    while True:
        if wall.tail < wall.head:  # nothing drawable (`Wall.drawable`, inlined: per draw)
            from mjc.runtime.game.roundend import finish_draw

            finish_draw(r)
            return -1
        if from_tail:
            if wall.tail == wall.last:
                wall.shift_last()  # a scenario's 海底 tile is held back for the last draw
            at = wall.tail
            wall.tail -= 1
        else:
            if wall.head == wall.last:
                wall.shift_last()
            at = wall.head
            wall.head += 1
        tile = wall.tiles[at]
        where = "tail" if from_tail else "head"
        r.events.append({"type": "draw", "seat": seat, "tile": TEXTS[tile], "from": where})
        if tile < NUM_PLAYING:
            st.counts[tile] += 1
            if at in wall.red and r.reds is not None:  # 赤ドラ
                r.reds.gain(seat, tile, r.events[-1])
            return tile
        st.flowers.append(tile)
        st.waits = None  # a custom shape may need flowers (八花)
        r.events.append({"type": "flower", "seat": seat, "tile": TEXTS[tile]})
        if not r.plain_shapes and flower_window(r, seat, tile, replacement):
            return -2
        from_tail = r.rules.replacement == "tail"
