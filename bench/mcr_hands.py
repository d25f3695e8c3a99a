"""Winning Chinese Official (MCR) hands of every form, and the same hand as PyMahjongGB's input.

`mcr_case(rng)` draws one case from a `random.Random` (the differential test feeds it
hypothesis's `randoms()`): an ordinary hand of four sets and a pair (chows, pungs, exposed
and concealed kongs, some claimed), seven pairs, a knitted straight with a set and a pair,
knitted tiles with honours (全不靠, 七星不靠), nine gates or thirteen orphans; then flowers,
the situation flags (self-draw, 和绝张, 杠上开花 / 抢杠和, last tile) where they can hold, and
the seat and round winds. `reference_args` writes it as `MahjongFanCalculator`'s arguments.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mjc.runtime import tile_text

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
WINDS = ("E", "S", "W", "N")
# PyMahjongGB's tile names: W 万, B 饼 (dots), T 条 (bamboo), F1-F4 winds, J1 中 J2 发 J3 白.
_SUIT_NAME = {0: "W", 1: "B", 2: "T"}
_DRAGON_NAME = {31: "J3", 32: "J2", 33: "J1"}
# The six knitted straights, as the tiles of 147, 258, 369 in three suit orders.
_KNITTED = tuple(
    tuple(9 * suit + rank + 3 * k for suit, rank in enumerate(order) for k in range(3))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


def reference_tile(t: int) -> str:
    if t < 27:
        return f"{_SUIT_NAME[t // 9]}{t % 9 + 1}"
    if t < 31:
        return f"F{t - 26}"
    return _DRAGON_NAME[t]


@dataclass(frozen=True, slots=True)
class Meld:
    kind: str  # chow, pung, kong
    low: int
    exposed: bool  # a claimed meld; a kong that is not is a concealed kong

    @property
    def tiles(self) -> list[int]:
        if self.kind == "chow":
            return [self.low, self.low + 1, self.low + 2]
        return [self.low] * (4 if self.kind == "kong" else 3)

    def notation(self) -> str:
        body = "".join(str(t % 9 + 1) if t < 27 else str(t - 26) for t in self.tiles)
        body += "mpsz"[min(self.low // 9, 3)]
        return f"[{body}]" if self.exposed else f"({body})"


@dataclass(frozen=True, slots=True)
class McrCase:
    form: str
    concealed: tuple[int, ...]  # with the winning tile
    melds: tuple[Meld, ...]
    win: int
    flowers: int
    self_drawn: bool
    last_of_kind: bool  # 和绝张
    about_kong: bool  # 杠上开花 when self-drawn, 抢杠和 when not
    wall_last: bool
    seat: int
    prevalent: int

    def notation(self) -> str:
        tiles = "".join(tile_text(t) for t in sorted(self.concealed))
        flowers = "".join(f"{i + 1}f" for i in range(self.flowers))
        return " ".join([tiles + flowers, *(m.notation() for m in self.melds)])

    def situations(self) -> tuple[str, ...]:
        found: list[str] = []
        if self.about_kong:
            found.append("kong_bloom" if self.self_drawn else "robbing_kong")
        if self.wall_last:
            found.append("last_tile")
        if self.last_of_kind:
            found.append("last_of_kind")
        return tuple(found)

    def score_args(self) -> dict[str, object]:
        """Keyword arguments of `Ruleset.score` for this case (the hand is `notation()`)."""
        return {
            "win": tile_text(self.win),
            "self_drawn": self.self_drawn,
            "seat_wind": WINDS[self.seat],
            "round_wind": WINDS[self.prevalent],
            "dealer": self.seat == 0,
            "situations": self.situations(),
        }

    def reference_args(self) -> dict[str, object]:
        """Keyword arguments of PyMahjongGB's `MahjongFanCalculator` for this case."""
        packs = []
        for m in self.melds:
            kind = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}[m.kind]
            tile = m.low + 1 if m.kind == "chow" else m.low
            packs.append((kind, reference_tile(tile), 1 if m.exposed else 0))
        standing = list(self.concealed)
        standing.remove(self.win)
        return {
            "pack": tuple(packs),
            "hand": tuple(reference_tile(t) for t in standing),
            "winTile": reference_tile(self.win),
            "flowerCount": self.flowers,
            "isSelfDrawn": self.self_drawn,
            "is4thTile": self.last_of_kind,
            "isAboutKong": self.about_kong,
            "isWallLast": self.wall_last,
            "seatWind": self.seat,
            "prevalentWind": self.prevalent,
            "verbose": True,
        }


def _fits(counts: list[int], tiles: list[int]) -> bool:
    return all(counts[t] + tiles.count(t) <= 4 for t in set(tiles))


def _set(rng: random.Random, counts: list[int], suits: tuple[int, ...], honours: bool) -> Meld:
    """A random chow, pung or kong that fits the tiles left (a pung when all else fails)."""
    for _attempt in range(30):
        if rng.random() < 0.5:
            meld = Meld("chow", 9 * rng.choice(suits) + rng.randrange(7), False)
        else:
            pool = [9 * s + r for s in suits for r in range(9)]
            pool += list(range(27, 34)) if honours else []
            meld = Meld("kong" if rng.random() < 0.12 else "pung", rng.choice(pool), False)
        if _fits(counts, meld.tiles):
            return meld
    return Meld("pung", next(t for t in range(34) if counts[t] == 0), False)


def _ordinary(rng: random.Random) -> tuple[list[int], list[Meld]]:
    counts = [0] * 34
    # Narrow hands find the flush, straight and step fans more often than random ones.
    suits = (rng.randrange(3),) if rng.random() < 0.25 else (0, 1, 2)
    honours = rng.random() < 0.6
    concealed: list[int] = []
    declared: list[Meld] = []
    claimed_share = rng.choice((0.0, 0.2, 0.5, 0.9))
    for _ in range(4):
        meld = _set(rng, counts, suits, honours)
        for t in meld.tiles:
            counts[t] += 1
        if meld.kind == "kong":
            declared.append(Meld("kong", meld.low, rng.random() < 0.6))
        elif rng.random() < claimed_share:
            declared.append(Meld(meld.kind, meld.low, True))
        else:
            concealed += meld.tiles
    pool = [t for t in range(34) if counts[t] <= 2 and ((t >= 27 and honours) or t // 9 in suits)]
    pair = rng.choice(pool or [t for t in range(34) if counts[t] <= 2])
    concealed += [pair, pair]
    return concealed, declared


def _seven_pairs(rng: random.Random) -> list[int]:
    if rng.random() < 0.2:  # seven shifted pairs
        start = 9 * rng.randrange(3) + rng.randrange(3)
        return [t for t in range(start, start + 7) for _ in range(2)]
    suits = (rng.randrange(3),) if rng.random() < 0.3 else (0, 1, 2)
    pool = [9 * s + r for s in suits for r in range(9)] + list(range(27, 34))
    kinds = rng.sample(pool, 6) if rng.random() < 0.2 else rng.sample(pool, 7)
    if len(kinds) == 6:  # four of a kind as two pairs
        kinds.append(kinds[0])
    return [t for t in kinds for _ in range(2)]


def _knitted(rng: random.Random) -> tuple[list[int], list[Meld]]:
    nine = list(rng.choice(_KNITTED))
    counts = [0] * 34
    for t in nine:
        counts[t] += 1
    meld = _set(rng, counts, (0, 1, 2), True)
    for t in meld.tiles:
        counts[t] += 1
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    declared: list[Meld] = []
    concealed = [*nine, pair, pair]
    if meld.kind == "kong" or rng.random() < 0.3:
        declared.append(Meld(meld.kind, meld.low, meld.kind != "kong" or rng.random() < 0.5))
    else:
        concealed += meld.tiles
    return concealed, declared


def _honours_and_knitted(rng: random.Random) -> list[int]:
    nine = list(rng.choice(_KNITTED))
    honours = 7 if rng.random() < 0.3 else rng.randint(5, 7)
    return rng.sample(nine, 14 - honours) + rng.sample(range(27, 34), honours)


def _nine_gates(rng: random.Random) -> list[int]:
    base = 9 * rng.randrange(3)
    tiles = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3
    return [*tiles, base + rng.randrange(9)]


def _thirteen_orphans(rng: random.Random) -> list[int]:
    return [*ORPHANS, rng.choice(ORPHANS)]


_FORMS = (
    ("ordinary", 70),
    ("seven_pairs", 9),
    ("knitted_straight", 7),
    ("honours_and_knitted", 6),
    ("nine_gates", 4),
    ("thirteen_orphans", 4),
)


def mcr_case(rng: random.Random) -> McrCase:
    """One winning hand of a random form, with flags that can hold for it."""
    form = rng.choices([f for f, _ in _FORMS], [w for _, w in _FORMS])[0]
    declared: list[Meld] = []
    if form == "ordinary":
        concealed, declared = _ordinary(rng)
    elif form == "knitted_straight":
        concealed, declared = _knitted(rng)
    else:
        concealed = {
            "seven_pairs": _seven_pairs,
            "honours_and_knitted": _honours_and_knitted,
            "nine_gates": _nine_gates,
            "thirteen_orphans": _thirteen_orphans,
        }[form](rng)
    win = rng.choice(concealed)
    self_drawn = rng.random() < 0.4
    has_kong = any(m.kind == "kong" for m in declared)
    held = concealed.count(win) + sum(m.tiles.count(win) for m in declared)
    # 和绝张 and 抢杠和 need the winning tile to be the only one the hand holds; 杠上开花 a kong.
    alone = held == 1
    about_kong = rng.random() < 0.15 and (has_kong if self_drawn else alone)
    return McrCase(
        form=form,
        concealed=tuple(sorted(concealed)),
        melds=tuple(declared),
        win=win,
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
        self_drawn=self_drawn,
        last_of_kind=alone and not about_kong and rng.random() < 0.15,
        about_kong=about_kong,
        wall_last=rng.random() < 0.1,
        seat=rng.randrange(4),
        prevalent=rng.randrange(4),
    )
