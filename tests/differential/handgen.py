"""A deterministic, seeded generator of scoring cases for the differential test.

Each case is a hand in notation with everything `Ruleset.score` takes: the winning tile,
self-draw, winds, dealer, situations, players, an indicator where the rulebook has wilds, and
the options (a preset, the defaults, or a random combination). Most hands are built to win:
random melds and a pair (some exposed, some kongs), seven pairs, thirteen orphans; a few are
random draws. Case `i` of a rulebook depends only on the rulebook's name and `i`, so a prefix
of the stream is a smaller sample of the same cases.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass

from mjc.runtime import Ruleset, tile_text

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
WINDS = ("E", "S", "W", "N")
BUILTIN_SITUATIONS = ("kong_bloom", "robbing_kong", "last_tile", "heavenly", "earthly", "human")


@dataclass(frozen=True, slots=True)
class Case:
    hand: str
    win: str
    self_drawn: bool
    seat_wind: str
    round_wind: str
    dealer: bool
    situations: tuple[str, ...]
    players: int | None
    indicator: str | None
    options: tuple[tuple[str, str], ...]
    preset: str | None


def _text(tiles: list[int]) -> str:
    return "".join(tile_text(t) for t in sorted(tiles))


def _meld(kind: str, low: int) -> list[int]:
    if kind == "chow":
        return [low, low + 1, low + 2]
    return [low] * (4 if kind == "kong" else 3)


def _standard(rng: random.Random, sets: int = 4) -> tuple[list[int], list[str]]:
    """Four sets (five under `hand 16`) and a pair, some exposed or made kongs; (concealed
    tiles, meld texts)."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    suited_only = rng.random() < 0.3
    suit = rng.randrange(3)
    one_suit = rng.random() < 0.2
    for _ in range(sets):
        for _attempt in range(20):
            if rng.random() < 0.55:
                base = suit if one_suit else rng.randrange(3)
                kind, low = "chow", base * 9 + rng.randrange(7)
            else:
                top = 27 if suited_only or one_suit else 34
                low = rng.randrange(top) if not one_suit else suit * 9 + rng.randrange(9)
                kind = "kong" if rng.random() < 0.12 else "pung"
            tiles = _meld(kind, low)
            if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                break
        else:
            continue
        for t in tiles:
            counts[t] += 1
        roll = rng.random()
        if kind == "kong":
            melds.append(f"({_text(tiles)})" if roll < 0.4 else f"[{_text(tiles)}]")
        elif roll < 0.3:
            melds.append(f"[{_text(tiles)}]")
        else:
            concealed += tiles
    for _attempt in range(20):
        pair = rng.randrange(27 if suited_only else 34)
        if counts[pair] <= 2:
            concealed += [pair, pair]
            break
    return concealed, melds


def _seven_pairs(rng: random.Random) -> list[int]:
    kinds = rng.sample(range(34), 7) if rng.random() < 0.7 else rng.sample(range(9), 7)
    return [t for k in kinds for t in (k, k)]


def _orphans(rng: random.Random) -> list[int]:
    return [*ORPHANS, rng.choice(ORPHANS)]


def _random_draw(rng: random.Random, tiles: int = 14) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    return rng.sample(wall, tiles)


def _options(book: Ruleset, rng: random.Random) -> tuple[tuple[tuple[str, str], ...], str | None]:
    roll = rng.random()
    presets = sorted({p[0] for p in book.presets.values()})
    if presets and roll < 0.25:
        return (), rng.choice(presets)
    if roll < 0.4:
        return (), None
    chosen: list[tuple[str, str]] = []
    for option in book.options:
        if rng.random() < 0.5:
            continue
        if option.kind == "toggle":
            chosen.append((option.id, rng.choice(("on", "off"))))
        elif option.kind == "choice":
            chosen.append((option.id, rng.choice(option.choices).id))
        else:
            low = option.low if option.low is not None else 0
            high = option.high if option.high is not None else low + 10
            chosen.append((option.id, str(rng.randint(low, min(high, low + 30)))))
    return tuple(chosen), None


def _has_flowers(book: Ruleset) -> bool:
    copies = book.tile_copies(book.resolve_options(None))
    return any(copies[34:])


def case(book: Ruleset, index: int) -> Case:
    """The `index`-th case for `book`: the same for the same rulebook id and index."""
    rng = random.Random(zlib.crc32(f"{book.id}:{index}".encode()))
    roll = rng.random()
    melds: list[str] = []
    hand = book.turn_rules(book.resolve_options(None)).hand
    if roll < 0.72:
        concealed, melds = _standard(rng, (hand - 1) // 3)
    elif hand != 13:  # seven pairs and thirteen orphans are hands of 13 only
        concealed = _random_draw(rng, hand + 1)
    elif roll < 0.84:
        concealed = _seven_pairs(rng)
    elif roll < 0.9:
        concealed = _orphans(rng)
    else:
        concealed = _random_draw(rng)
    win = tile_text(rng.choice(concealed)) if concealed else "1m"
    flowers = ""
    if _has_flowers(book) and rng.random() < 0.3:
        flowers = "".join(str(n) for n in sorted(rng.sample(range(1, 9), rng.randint(1, 3))))
    written = " ".join([_text(concealed) + (f"{flowers}f" if flowers else ""), *melds])
    situations: list[str] = []
    for name in (*BUILTIN_SITUATIONS, *book.situation_flags):
        if rng.random() < 0.06:
            situations.append(name)
    options, preset = _options(book, rng)
    indicator = tile_text(rng.randrange(34)) if book.has_wilds and rng.random() < 0.95 else None
    return Case(
        hand=written,
        win=win,
        self_drawn=rng.random() < 0.4,
        seat_wind=rng.choice(WINDS),
        round_wind=rng.choice(WINDS),
        dealer=rng.random() < 0.25,
        situations=tuple(situations),
        players=rng.choice(book.players) if len(book.players) > 1 else None,
        indicator=indicator,
        options=options,
        preset=preset,
    )


def outcome(book: Ruleset, c: Case) -> str:
    """One compact line: `W total fan*count ...`, `N reason`, or `X ErrorClass`."""
    try:
        score = book.score(
            c.hand,
            win=c.win,
            self_drawn=c.self_drawn,
            seat_wind=c.seat_wind,
            round_wind=c.round_wind,
            dealer=c.dealer,
            situations=c.situations,
            players=c.players,
            indicator=c.indicator,
            options=dict(c.options) if c.options else None,
            preset=c.preset,
        )
    except ValueError as error:
        return f"X {type(error).__name__}"
    if not score.win:
        return f"N {score.reason}"
    fans = " ".join(f"{f.id}*{f.count}" if f.count != 1 else f.id for f in score.fans)
    return f"W {score.total} {fans}".rstrip()
