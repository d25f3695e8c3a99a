"""The hands the Riichi agreement draws (`bench.riichi_hands`): four sets and a pair aimed at a
yaku (`AIMS`, `regular`), 七対子, 国士無双, 九蓮宝燈; which sets are declared (chi, pon, open or
closed kan: `declare`) and the winning tile (`win_tile`). Tiles are 34-indices: 0-8 man,
9-17 pin, 18-26 sou, 27-30 E S W N, 31-33 白 發 中 (`mahjong`'s order too)."""

from __future__ import annotations

import random
from dataclasses import dataclass

WINDS = ("E", "S", "W", "N")
TERMINALS = (0, 8, 9, 17, 18, 26)
HONOURS = tuple(range(27, 34))
DRAGONS = (31, 32, 33)
WIND_TILES = (27, 28, 29, 30)
ORPHANS = TERMINALS + HONOURS
SIMPLES = tuple(t for t in range(27) if 1 <= t % 9 <= 7)
GREENS = (19, 20, 21, 23, 25, 32)  # 2 3 4 6 8 sou and 發


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld: chi, pon, open kan (`exposed`) or closed kan (a kong not exposed)."""

    kind: str  # chow, pung, kong
    low: int
    exposed: bool
    red: bool = False  # holds the red five of its suit (only under RED_IN_MELDS)

    @property
    def tiles(self) -> list[int]:
        if self.kind == "chow":
            return [self.low, self.low + 1, self.low + 2]
        return [self.low] * (4 if self.kind == "kong" else 3)

    def notation(self) -> str:
        digits = [str(t % 9 + 1) for t in self.tiles]
        if self.red:
            digits[digits.index("5")] = "0"
        body = "".join(digits) + "mpsz"[self.low // 9]
        return f"[{body}]" if self.exposed else f"({body})"


class Redraw(Exception):
    """The hand drawn cannot hold (too many copies of a tile): draw again."""


@dataclass(slots=True)
class Draft:
    """A hand being drawn: its sets (kind, low) and pair, or its tiles for the other forms."""

    form: str
    sets: list[tuple[str, int]]
    pair: int | None
    tiles: list[int]  # chiitoitsu, kokushi, chuuren: all 14
    closed: bool  # the aim needs a closed hand
    win_on: str | None = None  # a wait the aim needs: ryanmen, tanki, tsumo, "tile T"
    kongs: bool = True  # random pungs may become kongs


def _chow(suit: int, rank: int) -> tuple[str, int]:
    return ("chow", 9 * suit + rank)


def _any_set(
    rng: random.Random, pool: tuple[int, ...], chow_lows: tuple[int, ...], p_chow: float
) -> tuple[str, int]:
    if chow_lows and (rng.random() < p_chow or not pool):
        return ("chow", rng.choice(chow_lows))
    return ("pung", rng.choice(pool))


_ALL_LOWS = tuple(9 * s + r for s in range(3) for r in range(7))
_SIMPLE_LOWS = tuple(9 * s + r for s in range(3) for r in range(1, 6))
_END_LOWS = tuple(9 * s + r for s in range(3) for r in (0, 6))


def _valued(t: int, seat: int, round_: int) -> bool:
    return t in DRAGONS or t in (27 + seat, 27 + round_)


def _fill(
    rng: random.Random,
    sets: list[tuple[str, int]],
    pool: tuple[int, ...],
    lows: tuple[int, ...],
    p_chow: float = 0.5,
) -> list[tuple[str, int]]:
    while len(sets) < 4:
        sets.append(_any_set(rng, pool, lows, p_chow))
    return sets


def regular(rng: random.Random, aim: str, seat: int, round_: int) -> Draft:
    """Four sets and a pair aimed at `aim` (a yaku of the regular form, or none)."""
    suit = rng.randrange(3)
    suits = [0, 1, 2]
    rng.shuffle(suits)
    every = tuple(range(34))
    sets: list[tuple[str, int]] = []
    pair: int | None = None
    closed, win_on, kongs = False, None, True
    if aim == "tanyao":
        sets = _fill(rng, sets, SIMPLES, _SIMPLE_LOWS, 0.6)
        pair = rng.choice(SIMPLES)
    elif aim == "pinfu":
        sets = [("chow", rng.choice(_ALL_LOWS)) for _ in range(4)]
        pair = rng.choice([t for t in every if not _valued(t, seat, round_)])
        closed, win_on = True, "ryanmen"
    elif aim == "iipeikou":
        low = rng.choice(_ALL_LOWS)
        sets = _fill(rng, [("chow", low)] * 2, every, _ALL_LOWS, 0.6)
        closed = True
    elif aim == "ryanpeikou":
        a, b = rng.choice(_ALL_LOWS), rng.choice(_ALL_LOWS)
        sets = [("chow", a), ("chow", a), ("chow", b), ("chow", b)]
        closed = True
    elif aim == "sanshoku":
        rank = rng.randrange(7)
        sets = _fill(rng, [_chow(s, rank) for s in range(3)], every, _ALL_LOWS)
    elif aim == "sanshoku_doukou":
        rank = rng.randrange(9)
        sets = _fill(rng, [("pung", 9 * s + rank) for s in range(3)], every, _ALL_LOWS)
    elif aim == "ittsu":
        sets = _fill(rng, [_chow(suit, r) for r in (0, 3, 6)], every, _ALL_LOWS)
    elif aim in ("chanta", "junchan"):
        pool = ORPHANS if aim == "chanta" else TERMINALS
        sets = _fill(rng, [("chow", rng.choice(_END_LOWS))], pool, _END_LOWS, 0.6)
        pair = rng.choice(pool)
    elif aim == "toitoi":
        sets = _fill(rng, sets, every, (), 0.0)
    elif aim == "sanankou":
        sets = _fill(rng, [("pung", rng.choice(every)) for _ in range(3)], every, _ALL_LOWS)
        closed = rng.random() < 0.5
    elif aim == "suuankou":
        sets = _fill(rng, sets, every, (), 0.0)
        closed, win_on = True, rng.choice(("tsumo", "tanki"))
    elif aim in ("honitsu", "chinitsu", "kazoe"):
        mine = tuple(9 * suit + r for r in range(9))
        pool = mine + (HONOURS if aim == "honitsu" else ())
        lows = tuple(9 * suit + r for r in range(7))
        sets = [("pung", rng.choice(HONOURS))] if aim == "honitsu" and rng.random() < 0.6 else []
        sets = _fill(rng, sets, pool, lows, 0.6)
        pair = rng.choice(pool)
        if aim == "kazoe":  # closed, tsumo, riichi and dora to come: 13 han or more
            closed, win_on = True, "tsumo"
    elif aim == "yakuhai":
        valued = (*DRAGONS, 27 + seat, 27 + round_)
        sets = _fill(rng, [("pung", rng.choice(valued))], every, _ALL_LOWS)
    elif aim == "shousangen":
        d = list(DRAGONS)
        rng.shuffle(d)
        sets = _fill(rng, [("pung", d[0]), ("pung", d[1])], every, _ALL_LOWS)
        pair = d[2]
    elif aim == "daisangen":
        sets = _fill(rng, [("pung", d) for d in DRAGONS], every, _ALL_LOWS)
    elif aim == "shousuushii":
        w = list(WIND_TILES)
        rng.shuffle(w)
        sets = _fill(rng, [("pung", t) for t in w[:3]], every, _ALL_LOWS)
        pair = w[3]
    elif aim == "daisuushii":
        sets = [("pung", t) for t in WIND_TILES]
    elif aim == "honroutou":
        sets = _fill(rng, [("pung", rng.choice(HONOURS))], ORPHANS, (), 0.0)
        pair = rng.choice(ORPHANS)
    elif aim == "tsuuiisou":
        sets = _fill(rng, sets, HONOURS, (), 0.0)
        pair = rng.choice(HONOURS)
    elif aim == "ryuuiisou":
        sets = _fill(rng, sets, GREENS, (19,), 0.3)
        pair = rng.choice(GREENS)
    elif aim == "chinroutou":
        sets = _fill(rng, sets, TERMINALS, (), 0.0)
        pair = rng.choice(TERMINALS)
    elif aim in ("sankantsu", "suukantsu"):
        n = 3 if aim == "sankantsu" else 4
        sets = _fill(rng, [("kong", rng.choice(every)) for _ in range(n)], every, _ALL_LOWS)
    elif aim == "ambiguous":
        # A pung beside a chow that shares its tile (3334, 45666, 2223344 ...), won on that
        # tile more often than not: the reading decides 平和, 三暗刻, the wait's fu.
        rank = rng.randrange(9)
        low = 9 * suit + min(6, max(0, rank - rng.randrange(3)))
        sets = _fill(rng, [("pung", 9 * suit + rank), ("chow", low)], every, _ALL_LOWS, 0.7)
        closed = rng.random() < 0.7
        win_on = f"tile {9 * suit + rank}" if rng.random() < 0.6 else None
    elif aim == "no_yaku":
        # Terminals and mixed suits (no tanyao, no flush), no valued tile: open, or closed
        # and won on a discard; whatever yaku it still has, `mahjong` says.
        plain = tuple(range(27))
        sets = _fill(rng, [("chow", rng.choice(_END_LOWS))], plain, _ALL_LOWS, 0.7)
        pair = rng.choice([t for t in every if not _valued(t, seat, round_)])
        kongs = False
    else:  # random
        narrow = rng.random() < 0.2
        pool = tuple(9 * suit + r for r in range(9)) + HONOURS if narrow else every
        lows = tuple(9 * suit + r for r in range(7)) if narrow else _ALL_LOWS
        sets = _fill(rng, sets, pool, lows, rng.choice((0.3, 0.6, 0.9)))
    if pair is None:
        pair = rng.randrange(34)
    return Draft("regular", sets, pair, [], closed, win_on, kongs)


def seven_pairs(rng: random.Random) -> list[int]:
    palette = rng.choice(("any", "any", "tanyao", "flush", "half_flush", "orphans", "honours"))
    suit = rng.randrange(3)
    pool: tuple[int, ...] = {
        "any": tuple(range(34)),
        "tanyao": SIMPLES,
        "flush": tuple(9 * suit + r for r in range(9)),
        "half_flush": tuple(9 * suit + r for r in range(9)) + HONOURS,
        "orphans": ORPHANS,
        "honours": HONOURS,
    }[palette]
    return [t for t in rng.sample(pool, 7) for _ in range(2)]


def kokushi(rng: random.Random) -> tuple[list[int], int]:
    extra = rng.choice(ORPHANS)
    tiles = [*ORPHANS, extra]
    # 13-sided (国士無双十三面): the winning tile is the one held twice.
    win = extra if rng.random() < 0.35 else rng.choice(ORPHANS)
    return tiles, win


def chuuren(rng: random.Random) -> tuple[list[int], int]:
    base = 9 * rng.randrange(3)
    extra = base + rng.randrange(9)
    tiles = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3 + [extra]
    # 純正九蓮宝燈: the winning tile is the extra one (the nine-sided wait).
    win = extra if rng.random() < 0.4 else rng.choice(tiles)
    return tiles, win


# The aims and their weights: each yaku and yakuman has one, the common ones also come from
# the random hands and the situations.
AIMS: tuple[tuple[str, int], ...] = (
    ("random", 22),
    ("no_yaku", 6),
    ("tanyao", 5),
    ("pinfu", 6),
    ("iipeikou", 3),
    ("ryanpeikou", 3),
    ("sanshoku", 3),
    ("sanshoku_doukou", 3),
    ("ittsu", 3),
    ("chanta", 3),
    ("junchan", 3),
    ("toitoi", 3),
    ("sanankou", 3),
    ("suuankou", 3),
    ("honitsu", 4),
    ("chinitsu", 4),
    ("yakuhai", 4),
    ("shousangen", 2),
    ("daisangen", 2),
    ("shousuushii", 2),
    ("daisuushii", 2),
    ("honroutou", 2),
    ("tsuuiisou", 2),
    ("ryuuiisou", 2),
    ("chinroutou", 2),
    ("sankantsu", 2),
    ("suukantsu", 1),
    ("chiitoitsu", 5),
    ("kokushi", 2),
    ("chuuren", 2),
    ("kazoe", 2),
    ("ambiguous", 4),
)
AIM_NAMES = tuple(a for a, _ in AIMS)
AIM_WEIGHTS = tuple(w for _, w in AIMS)


def declare(rng: random.Random, draft: Draft, no_melds: bool) -> tuple[list[int], list[Meld]]:
    """Which sets are declared (chi, pon, open or closed kan) and which stay in the hand."""
    concealed: list[int] = [draft.pair, draft.pair] if draft.pair is not None else []
    melds: list[Meld] = []
    counts = [0] * 34
    for kind, low in draft.sets:
        for t in Meld(kind, low, False).tiles:
            counts[t] += 1
    share = 0.0 if draft.closed or no_melds else rng.choice((0.0, 0.0, 0.25, 0.5, 1.0))
    for kind, low in draft.sets:
        # A pung now and then a kong, where the fourth copy is left.
        extendable = kind == "pung" and draft.kongs and not no_melds and counts[low] == 3
        if extendable and rng.random() < 0.07:
            kind, counts[low] = "kong", 4
        if kind == "kong" and no_melds:
            kind = "pung"
        if kind == "kong":
            melds.append(Meld("kong", low, not draft.closed and rng.random() < 0.5))
        elif rng.random() < share:
            melds.append(Meld(kind, low, True))
        else:
            concealed += Meld(kind, low, False).tiles
    counts = [0] * 34
    for t in concealed + [t for m in melds for t in m.tiles]:
        counts[t] += 1
    if max(counts) > 4:
        raise Redraw
    return concealed, melds


def win_tile(rng: random.Random, draft: Draft, concealed: list[int]) -> int:
    if draft.win_on == "tanki" and draft.pair is not None:
        return draft.pair
    if draft.win_on and draft.win_on.startswith("tile ") and int(draft.win_on[5:]) in concealed:
        return int(draft.win_on[5:])
    if draft.win_on == "ryanmen":
        sides = []
        for kind, low in draft.sets:
            if kind == "chow" and low % 9 <= 5:
                sides.append(low)
            if kind == "chow" and low % 9 >= 1:
                sides.append(low + 2)
        if sides:
            return rng.choice(sides)
    return rng.choice(concealed)
