"""The wall (牌墙) of one round: shuffled by a seeded generator, broken by the dice, drawn.

Input: the tile copies of the rulebook under its options (`Ruleset.tile_copies`), the rules
of play (`TurnRules`: dice, break start, reserved tiles) and a seed. The wall is one list in
drawing order: ordinary draws take from the head, replacements (kong, flower) from the tail
(牌尾) or the head as `TurnRules.replacement` says, and the last `reserved` tiles at the tail
are never drawn (潮州 留牌 for the horses). Randomness is `random.Random(seed)` only, whose
shuffle is the same on every machine and Python 3 version.

The physical break only rotates the circular wall: the broken wall is the seat reached by
counting the dice sum from the dealer (the dealer counts as 1), and drawing starts that many
stacks (墩, two tiles each) into it as `TurnRules.break_start` says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mjc.runtime.rules.turnrules import TurnRules

__all__ = ["Wall", "build_wall"]


class Wall:
    """The tiles not yet drawn, in drawing order, with the dice that broke it.

    `tiles[head]` is the next ordinary draw and `tiles[tail]` the next replacement from the
    tail; `tiles[tail + 1:]` are the reserved tiles (never drawn) and those already drawn from
    the tail. `drawable` is what may still be drawn."""

    __slots__ = ("dice", "head", "reserved", "start", "tail", "tiles")

    def __init__(self, tiles: list[int], dice: tuple[int, ...], start: int, reserved: int):
        self.tiles = tiles
        self.dice = dice
        self.start = start  # the stack drawing started at, counted round the whole wall
        self.reserved = reserved
        self.head = 0
        self.tail = len(tiles) - 1 - reserved

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (reserved tiles excluded)."""
        return self.tail - self.head + 1

    def draw(self) -> int:
        """The next tile from the head; the caller checks `drawable` first."""
        tile = self.tiles[self.head]
        self.head += 1
        return tile

    def draw_tail(self) -> int:
        """The next tile from the tail (a replacement, a flipped indicator)."""
        tile = self.tiles[self.tail]
        self.tail -= 1
        return tile

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
) -> Wall:
    """Shuffle the tile set, roll the dice and break the wall (see the module docstring).

    `stacked` tiles (a set-up deal: tests, puzzles, a server replaying a physical table)
    are drawn first, in order, and the rest of the set follows shuffled; such a wall is not
    rotated by the dice."""
    tiles = [t for t, n in enumerate(copies) for _ in range(n)]
    if stacked:
        left = list(copies)
        for t in stacked:
            if not 0 <= t < len(left) or left[t] <= 0:
                raise ValueError(f"the stacked wall holds more of tile {t} than the set has")
            left[t] -= 1
        rest = [t for t, n in enumerate(left) for _ in range(n)]
        rng.shuffle(rest)
        dice = tuple(rng.randint(1, 6) for _ in range(rules.dice))
        return Wall([*stacked, *rest], dice, 0, rules.reserved)
    rng.shuffle(tiles)
    dice = tuple(rng.randint(1, 6) for _ in range(rules.dice))
    # 梅州: the wall's owner rolls again and the start is after both sums.
    second = (
        tuple(rng.randint(1, 6) for _ in range(rules.dice))
        if rules.break_start == "sum_and_second"
        else ()
    )
    stacks = (len(tiles) + 1) // 2
    per_wall = -(-stacks // players)  # each player's wall, rounded up
    owner = (dealer + sum(dice) - 1) % players if dice else dealer
    start = (owner * per_wall + _stacks_before(rules, dice, second)) % stacks
    cut = min(2 * start, len(tiles))
    wall = Wall(tiles[cut:] + tiles[:cut], dice + second, start, rules.reserved)
    return wall
