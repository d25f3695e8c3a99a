"""Red fives (赤ドラ): which fives of the wall are red, and how many each seat holds.

Input: the rules of play (`TurnRules.red_fives`: how many copies of each suit's five are red)
and the round's wall. The tiles of the engine are plain ints, a red five a 5 like any other;
the wall keeps the places of its red fives (`Wall.red`, positions in `Wall.tiles`), chosen
at random among the places of each suit's fives by a generator of their own
(`random.Random("red fives <seed>")`, so the wall and everything drawn from the round's
generator are as without them), or named by a scenario (`0m`, `0p`, `0s`). A seat that
draws a red five (dealt, drawn, a kong's replacement) holds it; `RedFives` counts per seat
and suit the red fives in its concealed tiles and in its melds.

Which five leaves a hand is a convention of mjc, as the actions name tiles, not copies: a
seat discards (and puts into a meld) its plain fives first, a red five only when it holds no
plain five of the suit. A claimed or won red discard is the claimer's or the winner's. A
red five added to a pung and robbed (槍槓) stays the konger's (a convention too: the robbed
tile is taken as plain). The log writes a red five `0m`, `0p`, `0s` where it is dealt,
drawn and discarded; the winner's hand in the round JSON holds his red fives, which the
rulebook's fans count (`red_fives`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from mjc.runtime.tiles.hand import Hand
from mjc.runtime.tiles.tile import TEXTS

__all__ = ["FIVES", "RedFives", "choose", "red_text"]

FIVES = (4, 13, 22)  # 5m, 5p, 5s


def red_text(tile: int) -> str:
    """A red five in notation: `0m`, `0p`, `0s`."""
    return "0" + TEXTS[tile][1]


def choose(tiles: Sequence[int], count: int, seed: int, named: Iterable[int] = ()) -> set[int]:
    """The places in `tiles` of the red fives: `named` (a scenario's) when it names any,
    else `count` places of each suit's five, chosen at random from the round's seed."""
    chosen = set(named)
    if chosen or count <= 0:
        return chosen
    rng = random.Random(f"red fives {seed}")
    wall = bytes(tiles)  # the tile ints as bytes: searched in C, not compared one by one
    for five in FIVES:
        places = _places(wall, five)
        if count == 1 and places:  # `sample(places, 1)`: the same draw, without its set-up
            chosen.add(rng.choice(places))
        else:
            chosen.update(rng.sample(places, min(count, len(places))))
    return chosen


def _places(wall: bytes, tile: int) -> list[int]:
    """The places of `tile` in `wall` (the wall's tiles as bytes), in order."""
    found: list[int] = []
    find = wall.find
    at = find(tile)
    while at >= 0:
        found.append(at)
        at = find(tile, at + 1)
    return found


class RedFives:
    """The red fives each seat holds, per suit, concealed and in its melds, and the last
    discard when it was a red five (`red_discard`, else -1; see the module docstring)."""

    __slots__ = ("concealed", "melded", "red_discard", "river")

    def __init__(self, players: int) -> None:
        self.concealed = [[0, 0, 0] for _ in range(players)]
        self.melded = [[0, 0, 0] for _ in range(players)]
        self.red_discard = -1
        self.river: list[list[int]] = [[] for _ in range(players)]  # places of red discards

    def gain(self, seat: int, tile: int, event: dict[str, Any] | None = None) -> None:
        """`seat` drew (or was dealt) the red five `tile`; its log line says so."""
        self.concealed[seat][tile // 9] += 1
        if event is not None:
            event["tile"] = red_text(tile)

    def dealt(self, events: Sequence[dict[str, Any]], red: set[int]) -> None:
        """The deal's red fives: the `deal` events in order took the wall's first places."""
        at = 0
        for event in events:
            if event["type"] != "deal":
                continue
            tiles = event["tiles"]
            for place in red:  # a five, as the wall's red places are
                i = place - at
                if 0 <= i < len(tiles):
                    self.concealed[event["seat"]]["mps".index(tiles[i][1])] += 1
                    tiles[i] = "0" + tiles[i][1]
            at += len(tiles)

    def discarded(
        self, seat: int, tile: int, counts: Sequence[int], event: dict[str, Any], place: int
    ) -> None:
        """`seat` discarded `tile` (its `counts` after) to `place` in its river: a red five
        only when no plain one of the suit is left in its hand; the action's log line says so."""
        suit = tile // 9
        red = tile in FIVES and counts[tile] < self.concealed[seat][suit]
        self.red_discard = tile if red else -1
        if red:
            self.concealed[seat][suit] -= 1
            self.river[seat].append(place)
            event["tile"] = red_text(tile)

    def shown(self, seat: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """What every seat sees of `seat`'s red fives: the places in its river of those it
        discarded, and those in its melds (a meld is shown: which of its fives is red is
        not kept, only how many)."""
        melded = [
            red_text(five)
            for suit, five in enumerate(FIVES)
            for _ in range(self.melded[seat][suit])
        ]
        return tuple(self.river[seat]), tuple(melded)

    def claimed(self, seat: int) -> None:
        """`seat` claimed the last discard into a meld."""
        if self.red_discard >= 0:
            self.melded[seat][self.red_discard // 9] += 1
            self.red_discard = -1

    def settle(self, seat: int, counts: Sequence[int]) -> None:
        """After `seat`'s tiles went into a meld (a claim, a kong): the red fives no longer
        among its concealed tiles are in its melds (plain fives went first)."""
        held = self.concealed[seat]
        for suit, five in enumerate(FIVES):
            if counts[five] < held[suit]:
                self.melded[seat][suit] += held[suit] - counts[five]
                held[suit] = counts[five]

    def held(self, seat: int, on_discard: bool = False) -> tuple[int, ...]:
        """The red fives of `seat`'s hand, as `Hand.red_fives`; `on_discard`: it wins on the
        last discard, which counts when it is red."""
        found = [
            five
            for suit, five in enumerate(FIVES)
            for _ in range(self.concealed[seat][suit] + self.melded[seat][suit])
        ]
        if on_discard and self.red_discard >= 0:
            found.append(self.red_discard)
        return tuple(sorted(found))

    def on(self, hand: Hand, seat: int, on_discard: bool = False) -> Hand:
        """`hand`, the seat's, with its red fives."""
        red = self.held(seat, on_discard)
        return replace(hand, red_fives=red) if red else hand
