"""Scenarios: a round set up as a test, a puzzle or a designer wants it, not as the seed deals it.

Input: a `Scenario` the caller writes (a test of a clause, a designer trying a rule, a server
replaying a physical table), or one read back from a game log's start line (`from_json`). It
may name each seat's dealt hand, the wall's head (the ordinary draws after the deal, in order)
and tail (the tiles drawn from the tail, in order: kong and flower replacements), the flipped
indicator (翻鬼), the last drawable tile (海底), the dice, the dealer and the dealer's streak;
with a dead wall (王牌) its indicators in the order they are turned up (`dora`) and the ura
under them (`ura`), its kong replacements being the `tail`. A red five is written `0m`, `0p`,
`0s` (赤ドラ): the red fives a scenario names are the round's, else the seed chooses them.
Every part is optional; `Round(..., scenario=...)` and `Match(..., scenarios=[...])` take one.

A scenario is untrusted input. `Scenario(...)` checks its own shape (types, tile notation,
dice of 1 to 6) and the round checks it against its game (`scenario_wall`: seats that exist,
hands of the size the deal gives, no more copies of a tile than the set has, no more tiles
than the wall holds, an indicator only where one is turned up, as many dice as are rolled);
both raise `ScenarioError`, a `GameSetupError` and so a `ValueError`, with one line naming the
part at fault.

How the wall is laid out: the seed's tiles are shuffled and the dice (the scenario's, when it
names them; the generator rolls all the same, so the bought horses dealt after the wall do not
change) break the wall as in any round; the scenario's tiles are taken out of it (the copies
nearest the head) and put where they are drawn — the hands in the dealing order, the head
after them, the indicator at the very end of the drawable tiles, the tail just before it, the
last tile just before the tail — and the other tiles fill the rest in their broken order. The
last tile is then held back (`Wall.last`) until it is the only drawable tile left, so it is
drawn last however many tiles the round takes from either end. A round without a scenario
is laid out exactly as before (the seed pins say so).
"""

from __future__ import annotations

import random
import re
import warnings
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from mjc.runtime.game.tablefacts import GameSetupError
from mjc.runtime.game.wall import Wall, build_wall
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tableplay.deadwall import scenario_places
from mjc.runtime.tiles.tile import (
    NUM_PLAYING,
    RED_FIVES,
    NotationError,
    tile_index,
    tile_or_red_five,
    tile_text,
)

__all__ = ["Scenario", "ScenarioError", "scenario_wall", "table_of"]

_GROUP = re.compile(r"\s*(\d+)([A-Za-z])")
_LONGEST = 1_000  # characters of one tile text: a whole wall is under 500 (untrusted input)


class ScenarioError(GameSetupError):
    """A scenario that cannot set a round up: one line naming the part at fault."""


def _tiles(text: object, where: str) -> tuple[int, ...]:
    """The tiles of `text` in the order written, flowers included ("1z3f5z": 1z, 3f, 5z); a
    red five (`0m`, `0p`, `0s`) is its five."""
    return tuple(tile_or_red_five(t) for t in _texts(text, where))


def _texts(text: object, where: str) -> list[str]:
    """The tiles of `text` in the order written, each in notation (a red five as `0m`)."""
    if not isinstance(text, str):
        raise ScenarioError(f"{where} is tile notation text, not {type(text).__name__}")
    if len(text) > _LONGEST:
        raise ScenarioError(f"{where} is {len(text)} characters long; at most {_LONGEST}")
    found: list[str] = []
    at = 0
    for m in _GROUP.finditer(text):
        if m.start() != at:
            break
        at = m.end()
        for digit in m.group(1):
            one = digit + m.group(2)
            try:
                if one not in RED_FIVES:
                    tile_index(one)
            except NotationError as exc:
                raise ScenarioError(f"{where}: {exc}") from None
            found.append(one)
    rest = text[at:]
    if rest.strip():
        raise ScenarioError(
            f"{where}: {rest.strip()[:20]!r} is not tile notation (digits then a suit "
            "letter, like 123m 5z 1f)"
        )
    return found


def _reds(text: str) -> list[bool]:
    """Which tiles of `text` are red fives, in the order written."""
    return [t in RED_FIVES for t in _texts(text, "tiles")]


def _written(texts: list[str]) -> str:
    """Tiles in compact notation, in their order: a suit letter closes each run of digits
    ("1m 4m 7m 1p" -> "147m1p"), so two scenarios of the same tiles compare equal."""
    out, digits, suit = [], "", ""
    for text in texts:
        if suit and text[1] != suit:
            out.append(digits + suit)
            digits = ""
        digits, suit = digits + text[0], text[1]
    if digits:
        out.append(digits + suit)
    return "".join(out)


def _seat_number(value: object, where: str) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise ScenarioError(f"{where} is a whole number from 0, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Scenario:
    """A round's set-up (see the module docstring). Tiles are in notation, kept in the order
    written: `hands` maps a seat to the tiles it is dealt (the dealer's 14, another's 13 under
    most rules; flowers included, each set aside and replaced from the tail at the deal),
    `head` the ordinary draws after the deal, `tail` the tiles drawn from the tail (the first
    is the first replacement), `indicator` the flipped tile and `last` the last drawable tile
    (海底). `dice` are every die rolled (梅州: both rolls); `dealer` and `streak` the round's
    dealer and his 连庄 count. What is left out comes from the seed."""

    hands: Mapping[int, str] = field(default_factory=dict)
    head: str = ""
    tail: str = ""
    indicator: str | None = None
    last: str | None = None
    dice: tuple[int, ...] | None = None
    dora: str = ""
    ura: str = ""
    dealer: int | None = None
    streak: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.hands, Mapping):
            raise ScenarioError(f"hands map a seat to its tiles, not a {type(self.hands).__name__}")
        hands: dict[int, str] = {}
        for seat, text in self.hands.items():
            if type(seat) is not int or seat < 0:
                raise ScenarioError(f"hands: a seat is a whole number from 0, not {seat!r}")
            hands[seat] = _written(_texts(text, f"hands[{seat}]"))
        # Kept in compact notation, in the order written (equal scenarios compare equal).
        object.__setattr__(self, "hands", MappingProxyType(dict(sorted(hands.items()))))
        for name in ("head", "tail", "dora", "ura"):  # dora, ura: the dead wall's indicators
            object.__setattr__(self, name, _written(_texts(getattr(self, name), name)))
        for name in ("indicator", "last"):
            text = getattr(self, name)
            if text is not None and len(_tiles(text, name)) != 1:
                raise ScenarioError(f"{name} is one tile, like 5z, not {text!r}")
            if text is not None:
                object.__setattr__(self, name, text.strip())
        if self.dice is not None:
            if isinstance(self.dice, str | bytes) or not isinstance(self.dice, Sequence):
                raise ScenarioError(f"dice are a list of numbers 1 to 6, not {self.dice!r}")
            for die in self.dice:
                if type(die) is not int or not 1 <= die <= 6:
                    raise ScenarioError(f"a die shows 1 to 6, not {die!r}")
            object.__setattr__(self, "dice", tuple(self.dice))
        _seat_number(self.dealer, "dealer")
        _seat_number(self.streak, "streak")

    # ------------------------------------------------------------------ the tiles named

    def hand(self, seat: int) -> tuple[int, ...] | None:
        """The tile ints `seat` is dealt, in order (None: the seed deals it)."""
        text = self.hands.get(seat)
        return None if text is None else _tiles(text, f"hands[{seat}]")

    def head_tiles(self) -> tuple[int, ...]:
        return _tiles(self.head, "head")

    def tail_tiles(self) -> tuple[int, ...]:
        return _tiles(self.tail, "tail")

    def indicator_tile(self) -> int | None:
        return None if self.indicator is None else _tiles(self.indicator, "indicator")[0]

    def last_tile(self) -> int | None:
        return None if self.last is None else _tiles(self.last, "last")[0]

    # ------------------------------------------------------------------ the log

    def to_json(self) -> dict[str, Any]:
        """The scenario as the game log's start line records it: the parts it names, tiles
        as lists of tile texts."""
        data: dict[str, Any] = {}
        if self.hands:
            data["hands"] = {str(seat): _texts(text, "hands") for seat, text in self.hands.items()}
        for name in ("head", "tail", "dora", "ura"):
            tiles = _texts(getattr(self, name), name)
            if tiles:
                data[name] = tiles
        for name in ("indicator", "last"):
            text = getattr(self, name)
            if text is not None:
                data[name] = text.strip()
        if self.dice is not None:
            data["dice"] = list(self.dice)
        for name in ("dealer", "streak"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Scenario:
        """The scenario `to_json` wrote; `ScenarioError` for what it could not have written."""
        if not isinstance(data, Mapping):
            raise ScenarioError(f"a scenario is a JSON object, not {type(data).__name__}")
        unknown = sorted(set(data) - {f for f in cls.__dataclass_fields__})
        if unknown:
            raise ScenarioError(f"a scenario has no part {unknown[0]!r}")

        def text(value: object, where: str) -> str:
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                raise ScenarioError(f'{where} is a list of tiles, like ["1m", "5z"]')
            return " ".join(value)

        hands = data.get("hands", {})
        if not isinstance(hands, Mapping) or not all(
            isinstance(k, str) and k.isdigit() for k in hands
        ):
            raise ScenarioError('hands map a seat number ("0") to a list of tiles')
        dice = data.get("dice")
        return cls(
            hands={int(k): text(v, f"hands[{k}]") for k, v in hands.items()},
            head=text(data.get("head", []), "head"),
            tail=text(data.get("tail", []), "tail"),
            dora=text(data.get("dora", []), "dora"),
            ura=text(data.get("ura", []), "ura"),
            indicator=data.get("indicator"),
            last=data.get("last"),
            dice=tuple(dice) if isinstance(dice, list) else dice,
            dealer=data.get("dealer"),
            streak=data.get("streak"),
        )


# ------------------------------------------------------------------ against the game


def table_of(
    scenario: object, stacked: bool, dealer: int | None, streak: int, players: int
) -> tuple[int | None, int]:
    """The round's dealer and streak under `scenario` (the caller's when it names neither);
    `ScenarioError` when the caller names others, or the scenario's dealer does not sit.
    A `stacked` head (the old set-up) still works, with a `DeprecationWarning`."""
    if stacked:
        if scenario is not None:
            raise ScenarioError("a round is set up by a scenario or a stacked wall, not both")
        warnings.warn(
            "Round(stacked=...) is deprecated: set the round up with "
            "scenario=mjc.runtime.Scenario(hands=..., head=..., tail=...)",
            DeprecationWarning,
            stacklevel=3,  # the caller of Round
        )
        return dealer, streak
    if not isinstance(scenario, Scenario):
        raise ScenarioError(f"a scenario is a Scenario, not {type(scenario).__name__}")
    if scenario.dealer is not None:
        if not scenario.dealer < players:
            raise ScenarioError(
                f"dealer: seat {scenario.dealer} does not exist at {players} players"
            )
        if dealer is not None and dealer != scenario.dealer:
            raise ScenarioError(
                f"dealer: the scenario names seat {scenario.dealer} and the round seat {dealer}"
            )
        dealer = scenario.dealer
    if scenario.streak is not None:
        if streak not in (0, scenario.streak):
            raise ScenarioError(
                f"streak: the scenario names {scenario.streak} and the round {streak}"
            )
        streak = scenario.streak
    return dealer, streak


def _check_counts(named: dict[str, Sequence[int]], copies: Sequence[int]) -> None:
    """No tile named more often than the set has it (each part's share in the message)."""
    total: Counter[int] = Counter()
    for tiles in named.values():
        total.update(tiles)
    for t in sorted(total):
        have = copies[t] if t < len(copies) else 0
        if total[t] <= have:
            continue
        shares = ", ".join(
            f"{where} {tiles.count(t)}" for where, tiles in named.items() if t in tiles
        )
        if not have:
            raise ScenarioError(
                f"the scenario holds {tile_text(t)} ({shares}), and the game has none under "
                "its options"
            )
        raise ScenarioError(
            f"the scenario holds {total[t]} of {tile_text(t)} ({shares}), and the game has {have}"
        )


def scenario_wall(
    scenario: Scenario,
    *,
    copies: Sequence[int],
    rules: TurnRules,
    rng: random.Random,
    players: int,
    dealer: int,
    flips: bool,
) -> Wall:
    """The wall of a round set up by `scenario` (see the module docstring); `flips` says
    whether the round turns an indicator up from the tail after the deal."""
    for seat in scenario.hands:
        if seat >= players:
            raise ScenarioError(
                f"hands: seat {seat} does not exist at {players} players (seats 0 to {players - 1})"
            )
    rolled = rules.dice * (2 if rules.break_start == "sum_and_second" else 1)
    if scenario.dice is not None and len(scenario.dice) != rolled:
        raise ScenarioError(
            f"dice: the round rolls {rolled} dice, and the scenario names {len(scenario.dice)}"
        )
    indicator, last = scenario.indicator_tile(), scenario.last_tile()
    if indicator is not None and not flips:
        raise ScenarioError("indicator: this game turns no indicator up under its options")
    for name, tile in (("indicator", indicator), ("last", last)):
        if tile is not None and tile >= NUM_PLAYING:
            raise ScenarioError(f"{name}: a flower is set aside and replaced, never {name}")
    order = [(dealer + i) % players for i in range(players)]
    named: dict[str, Sequence[int]] = {}
    deal: list[int | None] = []
    red: list[bool] = []  # per dealt tile, then per tile placed below: a red five named
    for seat in order:
        count = rules.deal_dealer if seat == dealer else rules.deal_others
        hand = scenario.hand(seat)
        if hand is not None and len(hand) != count:
            who = "the dealer" if seat == dealer else "a seat other than the dealer"
            raise ScenarioError(
                f"hands[{seat}]: {who} is dealt {count} tiles (flowers included), and the "
                f"scenario gives seat {seat} {len(hand)}"
            )
        if hand is not None:
            named[f"hands[{seat}]"] = hand
        deal += list(hand) if hand is not None else [None] * count
        red += _reds(scenario.hands[seat]) if hand is not None else [False] * count
    head, tail = scenario.head_tiles(), scenario.tail_tiles()
    dora, ura = _tiles(scenario.dora, "dora"), _tiles(scenario.ura, "ura")
    for where, tiles in (("head", head), ("tail", tail), ("dora", dora), ("ura", ura)):
        if tiles:
            named[where] = tiles
    for where, one in (("indicator", indicator), ("last", last)):
        if one is not None:
            named[where] = (one,)
    _check_counts(named, copies)
    red_at: set[int] = set()
    size = sum(copies)
    drawable = size - rules.kept
    dead: dict[int, int] = {}  # wall place: tile
    tail_red = _reds(scenario.tail)
    if rules.dead_wall:  # the replacements and indicators lie in the dead wall
        places = scenario_places(rules, size, len(tail), len(dora), len(ura))
        if isinstance(places, str):
            raise ScenarioError(places)
        for part, spots in zip((tail, dora, ura), places, strict=True):
            dead.update(zip(spots, part, strict=True))
        for text, spots in zip((scenario.tail, scenario.dora, scenario.ura), places, strict=True):
            red_at.update(a for a, r in zip(spots, _reds(text), strict=True) if r)
        tail, tail_red = (), []
    elif dora or ura:
        raise ScenarioError("dora: this game keeps no dead wall with indicators")
    ends = len(tail) + (1 if flips else 0) + (1 if last is not None else 0)
    if len(deal) + len(head) + ends > drawable:
        raise ScenarioError(
            f"the scenario places {len(deal) + len(head) + ends} tiles ({len(deal)} dealt, "
            f"{len(head)} from the head, {ends} at the tail end), and the wall has "
            f"{drawable} to draw"
        )
    wall = build_wall(tuple(copies), rules, rng, players, dealer, dice=scenario.dice)
    slots: list[int | None] = [None] * size
    slots[: len(deal)] = deal
    slots[len(deal) : len(deal) + len(head)] = list(head)
    red += _reds(scenario.head)
    red_at.update(i for i, r in enumerate(red) if r)
    end = drawable - 1  # the first tile drawn from the tail: the indicator where one is flipped
    if flips:
        slots[end] = indicator
        end -= 1
    for t, r in zip(tail, tail_red, strict=True):
        slots[end] = t
        red_at.update((end,) if r else ())
        end -= 1
    if last is not None:
        slots[end] = last
        wall.last = end
        red_at.update((end,) if scenario.last and _reds(scenario.last)[0] else ())
    for at, t in dead.items():
        slots[at] = t
    wanted: Counter[int] = Counter(t for t in slots if t is not None)
    filler = []
    for t in wall.tiles:  # the seed's broken wall, less the copies the scenario placed
        if wanted[t] > 0:
            wanted[t] -= 1
        else:
            filler.append(t)
    rest = iter(filler)
    wall.tiles = [t if t is not None else next(rest) for t in slots]
    wall.red = red_at  # the red fives named (0m, 0p, 0s): the round's, when there are any
    return wall
