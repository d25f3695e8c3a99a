"""Wins of another size than 14 tiles: a rulebook that deals another hand (`hand 16` in its
play section, 台湾十六张: five sets and a pair in 17 tiles).

Input is the size of a win (`tiles`, 3k + 2 for k sets) and the game's shapes and wild kinds;
output is the one-argument win check and the arrangements scoring reads, as
`mjc.runtime.wins.checkers` and `mjc.runtime.wins.arrange` give them for 14. Only the standard
shape (and a rulebook's custom shapes, which `checkers` adds) has another size: seven pairs,
thirteen orphans and the knitted shapes are of 14 tiles, and the compiler refuses them in a
rulebook of another hand. The standard test is the usual product of per-suit table values,
read from tables of `k` sets (`mjc.runtime.tiles.tables.suit_table`), built when a rulebook
of five sets first needs them; a 14-tile game never reaches this module.
"""

from __future__ import annotations

from collections.abc import Callable

from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tables import honour_table, suit_table
from mjc.runtime.tiles.tile import NUM_PLAYING
from mjc.runtime.wins.arrange import STANDARD, Arrangement, sized_standard_arrangements
from mjc.runtime.wins.wilds import is_win_with_wilds, wild_arrangements

__all__ = ["hand_sets", "sized_arrangements", "sized_win_check"]


def hand_sets(tiles: int) -> int:
    """The sets of a win of `tiles` tiles (3k + 2): 4 of 14, 5 of 17."""
    return (tiles - 2) // 3


def sized_win_check(
    shapes: frozenset[str], wild: tuple[int, ...], tiles: int
) -> Callable[[Hand], bool]:
    """Whether a hand is a win of `tiles` tiles: the standard shape of k sets and a pair
    (when `shapes` has it), with these wild kinds standing for any tile."""
    if STANDARD not in shapes:
        return _never
    if wild:
        kinds = wild

        def with_wilds(hand: Hand) -> bool:
            return is_win_with_wilds(hand, kinds, shapes, tiles)

        return with_wilds
    sets = hand_sets(tiles)
    suit, honour = suit_table(sets), honour_table(sets)

    def check(hand: Hand) -> bool:
        m, p, s, z = hand.suit_keys
        return (
            hand.size == tiles
            and m in suit
            and p in suit
            and s in suit
            and z in honour
            and suit[m] * suit[p] * suit[s] * honour[z] == 2
        )

    return check


def _never(hand: Hand) -> bool:
    return False


def sized_arrangements(
    hand: Hand, wild: tuple[int, ...], shapes: frozenset[str], tiles: int
) -> list[Arrangement]:
    """Every reading of `hand` as a win of `tiles` tiles (the standard shape only), wilds
    standing for definite tiles; a win on a flower completes no set."""
    if STANDARD not in shapes or (hand.win_tile is not None and hand.win_tile >= NUM_PLAYING):
        return []
    if wild and any(hand.counts[t] for t in wild if t < NUM_PLAYING):
        return wild_arrangements(hand, wild, shapes, tiles)
    return sized_standard_arrangements(hand, tiles)
