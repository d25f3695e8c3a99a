"""The dead wall (王牌) a round keeps, its dora and ura indicators and its kong replacements.

Input: the round's `Wall` (`mjc.runtime.game.wall`, built with the dead wall's tiles kept at
its tail: `TurnRules.kept`) and the rules of play (`TurnRules.dead_wall`, `indicators`,
`kong_indicators`, `ura_indicators`). The dead wall is the last `dead_wall` tiles of the
wall, counted here from its very end: `d[j]` is `wall.tiles[len - 1 - j]`.

Its layout, the same for every round (`slots`): the kong replacements (嶺上牌) are the first
tiles from the end, `d[0]`, `d[1]` ... in the order they are drawn; the indicators lie at the
other end of the dead wall, the first (turned up at the deal) innermost, `d[size - 1]`, each
next one a place further out, and with ura indicators each indicator has its ura (the tile
under it) next to it: indicator i at `d[size - 1 - 2i]`, its ura at `d[size - 2 - 2i]`. So a
Riichi dead wall of 14 holds five indicators, five ura and four replacements.

After a replacement the live wall's last tile joins the dead wall (into the place the
replacement left), so the dead wall keeps its size and the live wall shrinks by one per kong.
The indicators turned up are public; the ura are read only when the round is scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tableplay.redfives import RedFives
from mjc.runtime.tiles.tile import TEXTS

if TYPE_CHECKING:
    from mjc.runtime.game.wall import Wall

__all__ = ["DeadWall", "Slots", "slots"]

# The most kongs a round has (four sets of four): the replacements a dead wall holds.
MAX_KONGS = 4


class Slots:
    """Where the dead wall's tiles lie, counted from the end of the wall (see the module
    docstring): `replacements` places for the kong replacements, and per indicator its
    place and its ura's (-1 without ura)."""

    __slots__ = ("indicator", "replacements", "ura")

    def __init__(self, rules: TurnRules) -> None:
        size = rules.dead_wall
        most = most_indicators(rules)
        step = 2 if rules.ura_indicators else 1
        self.indicator = tuple(size - 1 - step * i for i in range(most))
        self.ura = tuple(size - 2 - 2 * i if step == 2 else -1 for i in range(most))
        self.replacements = max(0, min(MAX_KONGS, size - step * most))


def slots(rules: TurnRules) -> Slots:
    """The layout of the dead wall these rules keep."""
    return Slots(rules)


def most_indicators(rules: TurnRules) -> int:
    """The indicators a round may turn up: those at the deal and one per kong."""
    return rules.indicators + (MAX_KONGS if rules.kong_indicators != "none" else 0)


class DeadWall:
    """The dead wall of one round (see the module docstring): the indicators turned up so
    far (`dora`), the replacements drawn (`taken`) and the kong indicators still to turn up
    after the konger's discard (`waiting`)."""

    __slots__ = ("aside", "dora", "layout", "reds", "rules", "taken", "waiting", "wall")

    def __init__(
        self,
        wall: Wall,
        rules: TurnRules,
        reds: RedFives | None = None,
        layout: Slots | None = None,
    ) -> None:
        self.wall, self.rules, self.reds = wall, rules, reds
        self.layout = layout if layout is not None else Slots(rules)  # the rules' (`slots`)
        self.dora: list[int] = []
        self.taken = 0
        self.aside = 0  # replacements of tiles set aside (北抜き), beside the kongs' `taken`
        self.waiting = 0

    def _at(self, j: int) -> int:
        """The index in `wall.tiles` of the dead wall's place `j` from the end."""
        return len(self.wall.tiles) - 1 - j

    def turn_up(self) -> int:
        """Turn the next indicator up: its tile."""
        tile = self.wall.tiles[self._at(self.layout.indicator[len(self.dora)])]
        self.dora.append(tile)
        return tile

    def show(self, events: list[dict[str, Any]], count: int) -> None:
        """Turn `count` indicators up, each one `dora_indicator` event (the game log's line)."""
        for _ in range(count):
            events.append({"type": "dora_indicator", "tile": TEXTS[self.turn_up()]})

    def dora_texts(self) -> tuple[str, ...]:
        """The indicators turned up so far, in notation."""
        return tuple(TEXTS[t] for t in self.dora)

    def ura_texts(self) -> tuple[str, ...]:
        """The ura indicators under them, in notation (none without ura)."""
        return tuple(TEXTS[t] for t in self.ura())

    def draw(
        self, events: list[dict[str, Any]], seat: int, counts: bytearray, set_aside: bool = False
    ) -> int:
        """`seat` draws the next kong replacement (a `draw` event from the tail, where the
        dead wall lies) into its tile `counts`: the tile. `set_aside`: the replacement of a
        tile set aside (北抜き), which leaves the kongs' replacements left as they were."""
        tile, red = self._replacement(set_aside)
        events.append({"type": "draw", "seat": seat, "tile": TEXTS[tile], "from": "tail"})
        counts[tile] += 1
        if red and self.reds is not None:
            self.reds.gain(seat, tile, events[-1])
        return tile

    def ura(self) -> list[int]:
        """The ura indicators under the indicators turned up (none without ura)."""
        if not self.rules.ura_indicators:
            return []
        return [self.wall.tiles[self._at(self.layout.ura[i])] for i in range(len(self.dora))]

    @property
    def replacements_left(self) -> int:
        return self.layout.replacements - self.taken

    def replacement(self) -> int:
        """Draw the next kong replacement; the live wall's last tile takes its place (the
        caller checked that the live wall has one: a kong needs a drawable tile)."""
        return self._replacement()[0]

    def _replacement(self, set_aside: bool = False) -> tuple[int, bool]:
        wall = self.wall
        # The places refilled from the live wall are drawn again once all were drawn: only
        # with tiles set aside are there more replacements than places.
        at = self._at((self.taken + self.aside) % max(1, self.layout.replacements))
        tile, red = wall.tiles[at], at in wall.red
        if set_aside:
            self.aside += 1
        else:
            self.taken += 1
        if wall.tail == wall.last:
            wall.shift_last()  # a scenario's 海底 tile stays the last one drawn
        wall.tiles[at] = wall.tiles[wall.tail]
        if red or wall.tail in wall.red:  # a red five moves with its tile
            wall.red.discard(at)
            if wall.tail in wall.red:
                wall.red.discard(wall.tail)
                wall.red.add(at)
        wall.tail -= 1
        return tile, red

    def kong(self, kind: str) -> int:
        """A kong was made (`concealed`, `exposed` or `added`): how many indicators to turn
        up now (one still waiting from an earlier kong first); the others wait for the
        konger's discard (`discarded`)."""
        when = self.rules.kong_indicators
        if when == "none" or len(self.dora) + self.waiting >= len(self.layout.indicator):
            return 0
        now, self.waiting = self.waiting, 0
        if when == "at_once" or (when == "concealed_at_once" and kind == "concealed"):
            return now + 1
        self.waiting = 1
        return now

    def discarded(self) -> int:
        """The konger discarded: the indicators waiting for it, to turn up now."""
        now, self.waiting = self.waiting, 0
        return now


def scenario_places(
    rules: TurnRules, size: int, tail: int, dora: int, ura: int
) -> tuple[list[int], list[int], list[int]] | str:
    """Where a scenario's tiles go in a wall of `size` with a dead wall (`wall.tiles`
    indices): its `tail` kong replacements in the order drawn, its `dora` indicators in the
    order turned up, its `ura` under them; or why they cannot (a line naming the part)."""
    layout = Slots(rules)
    if tail > layout.replacements:
        return f"tail: the dead wall holds {layout.replacements} kong replacements, not {tail}"
    if dora > len(layout.indicator):
        return f"dora: the round turns up {len(layout.indicator)} indicators at most, not {dora}"
    if ura and not rules.ura_indicators:
        return "ura: this game reads no ura indicators"
    if ura > len(layout.ura):
        return f"ura: the round reads {len(layout.ura)} ura indicators at most, not {ura}"
    return (
        [size - 1 - j for j in range(tail)],
        [size - 1 - layout.indicator[i] for i in range(dora)],
        [size - 1 - layout.ura[i] for i in range(ura)],
    )
