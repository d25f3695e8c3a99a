"""The benchmark's fixed-seed corpus of hands, in both libraries' representations.

A `Deal` is one hand in a neutral form (34-kind tile ints, 0-8 m, 9-17 p, 18-26 s, 27-33
honours: the same numbering as `mjc.runtime.tiles.tile` and the `mahjong` package's 34-format). The
corpus mixes hands built to win (four random sets and a pair) with random 14-tile draws from a
136-tile wall, all fully concealed. Hands shaped like seven pairs (every count 0, 2 or 4) or
thirteen orphans are left out: `mahjong`'s `is_agari` accepts both shapes while Guangdong's
default rules accept only thirteen orphans, so on the rest both sides judge the plain
standard shape (four sets and a pair) and must agree on every hand.

For scoring, a share of the winning hands declares one or two of its sets as exposed melds
(`[123m]` for us, an open `Meld` for `mahjong`), so that both sides also score open hands.
Every conversion happens here, before any timing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from mahjong.meld import Meld as MahjongMeld

from mjc.runtime import Hand, parse_hand, tile_text

__all__ = [
    "CHOW_SHARE",
    "OPEN_SHARE",
    "Corpus",
    "Deal",
    "ScoringCase",
    "WinAgreement",
    "WinCase",
    "build_corpus",
    "check_win_agreement",
    "notation",
    "random_deal",
    "winning_deal",
]

NUM_KINDS = 34
HAND_SIZE = 14
COPIES = 4
CHOW_STARTS: tuple[int, ...] = tuple(
    base + rank for base in (0, 9, 18) for rank in range(7)
)  # 1-7 of each suit
ORPHANS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
CHOW_SHARE = 0.65  # of the sets in a built winning hand; the rest are pungs
OPEN_SHARE = 0.25  # of the scoring hands, which declare one or two sets as exposed

# A set: ("chow" | "pung", lowest tile).
SetSpec = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Deal:
    """One hand in neutral form.

    `concealed` holds the concealed tiles, sorted, including `win_tile`; `exposed` the declared
    (exposed) sets. `sets` and `pair` say how a built winning hand was made (empty for a random
    draw); `built_to_win` tells the two halves of the corpus apart.
    """

    concealed: tuple[int, ...]
    exposed: tuple[SetSpec, ...]
    win_tile: int
    built_to_win: bool
    sets: tuple[SetSpec, ...] = ()
    pair: int | None = None

    def all_tiles(self) -> list[int]:
        """Every tile of the hand, exposed sets included, sorted."""
        return sorted([*self.concealed, *(t for spec in self.exposed for t in set_tiles(spec))])

    def counts(self) -> list[int]:
        """The 34-format count array of every tile in the hand."""
        counts = [0] * NUM_KINDS
        for t in self.all_tiles():
            counts[t] += 1
        return counts


def set_tiles(spec: SetSpec) -> tuple[int, int, int]:
    kind, t = spec
    return (t, t + 1, t + 2) if kind == "chow" else (t, t, t)


def _fits(counts: list[int], tiles: Sequence[int]) -> bool:
    need = [0] * NUM_KINDS
    for t in tiles:
        need[t] += 1
    return all(counts[t] + need[t] <= COPIES for t in set(tiles))


def winning_deal(rng: random.Random) -> Deal:
    """Four random sets (chows or pungs, no tile used more than four times) and a pair."""
    counts = [0] * NUM_KINDS
    sets: list[SetSpec] = []
    while len(sets) < 4:
        spec: SetSpec
        if rng.random() < CHOW_SHARE:
            spec = ("chow", rng.choice(CHOW_STARTS))
        else:
            spec = ("pung", rng.randrange(NUM_KINDS))
        tiles = set_tiles(spec)
        if _fits(counts, tiles):
            sets.append(spec)
            for t in tiles:
                counts[t] += 1
    pair = rng.choice([t for t in range(NUM_KINDS) if counts[t] <= COPIES - 2])
    counts[pair] += 2
    concealed = tuple(t for t in range(NUM_KINDS) for _ in range(counts[t]))
    return Deal(
        concealed=concealed,
        exposed=(),
        win_tile=rng.choice(concealed),
        built_to_win=True,
        sets=tuple(sets),
        pair=pair,
    )


def random_deal(rng: random.Random) -> Deal:
    """Fourteen tiles drawn at random from a 136-tile wall (four copies of each kind)."""
    drawn = [i // COPIES for i in rng.sample(range(NUM_KINDS * COPIES), HAND_SIZE)]
    return Deal(concealed=tuple(sorted(drawn)), exposed=(), win_tile=drawn[-1], built_to_win=False)


def is_special_shape(counts: Sequence[int]) -> bool:
    """Seven-pairs-like (every count 0, 2 or 4: our seven pairs counts a four as two pairs)
    or thirteen orphans: the shapes on which the two libraries' defaults differ."""
    if all(n in (0, 2, 4) for n in counts):
        return True
    return (
        sum(counts) == HAND_SIZE
        and all(counts[t] for t in ORPHANS)
        and sum(counts[t] for t in ORPHANS) == HAND_SIZE
    )


def with_exposed(deal: Deal, rng: random.Random) -> Deal:
    """The same winning hand with one or two of its sets declared as exposed melds."""
    how_many = rng.choice((1, 2))
    picked = sorted(rng.sample(range(len(deal.sets)), how_many))
    exposed = tuple(deal.sets[i] for i in picked)
    concealed = list(deal.concealed)
    for spec in exposed:
        for t in set_tiles(spec):
            concealed.remove(t)
    return replace(
        deal, concealed=tuple(concealed), exposed=exposed, win_tile=rng.choice(concealed)
    )


# --------------------------------------------------------------------------- representations

_SUITS = "mpsz"


def notation(deal: Deal) -> str:
    """Our hand notation: concealed tiles as `123m456p11z`, then `[123m]` per exposed set."""
    parts: list[str] = []
    for suit_index, letter in enumerate(_SUITS):
        ranks = "".join(str(t - 9 * suit_index + 1) for t in deal.concealed if t // 9 == suit_index)
        if ranks:
            parts.append(ranks + letter)
    text = "".join(parts)
    for spec in deal.exposed:
        tiles = set_tiles(spec)
        text += " [" + "".join(tile_text(t)[0] for t in tiles) + _SUITS[tiles[0] // 9] + "]"
    return text


def to_hand(deal: Deal) -> Hand:
    """Our `Hand`, through the public parser (as a game server would build it)."""
    return parse_hand(notation(deal), win=tile_text(deal.win_tile))


def to_136(deal: Deal) -> tuple[list[int], int, list[MahjongMeld]]:
    """`mahjong`'s 136-format: every tile (melds included), the winning tile, open melds."""
    used = [0] * NUM_KINDS

    def take(t: int) -> int:
        tile = t * COPIES + used[t]
        used[t] += 1
        return tile

    melds: list[MahjongMeld] = []
    tiles136: list[int] = []
    for spec in deal.exposed:
        meld_tiles = [take(t) for t in set_tiles(spec)]
        kind = MahjongMeld.CHI if spec[0] == "chow" else MahjongMeld.PON
        melds.append(MahjongMeld(meld_type=kind, tiles=meld_tiles, opened=True))
        tiles136.extend(meld_tiles)
    win136 = -1
    for t in deal.concealed:
        tile = take(t)
        tiles136.append(tile)
        if t == deal.win_tile and win136 < 0:
            win136 = tile
    return sorted(tiles136), win136, melds


@dataclass(frozen=True, slots=True)
class WinCase:
    """One hand for the win-check benchmark, in both representations."""

    deal: Deal
    hand: Hand
    tiles34: list[int]


@dataclass(frozen=True, slots=True)
class ScoringCase:
    """One winning hand for the scoring benchmark, in both representations."""

    deal: Deal
    hand: Hand
    tiles136: list[int]
    win136: int
    melds: list[MahjongMeld]


@dataclass(frozen=True, slots=True)
class Corpus:
    """The whole corpus: `win_cases` (about half built to win) and `scoring_cases` (the built
    winning hands, `open_share` of them with exposed sets). `excluded` counts the draws left
    out for a seven-pairs or thirteen-orphans shape."""

    seed: int
    size: int
    win_cases: list[WinCase]
    scoring_cases: list[ScoringCase]
    excluded: int
    open_hands: int = field(default=0)


def build_corpus(size: int, seed: int, open_share: float = OPEN_SHARE) -> Corpus:
    """`size` hands from `random.Random(seed)`: even positions built to win, odd ones drawn at
    random. Same size and seed, same corpus."""
    if size < 2:
        raise ValueError("the corpus needs at least 2 hands")
    rng = random.Random(seed)
    deals: list[Deal] = []
    excluded = 0
    while len(deals) < size:
        make: Callable[[random.Random], Deal] = winning_deal if len(deals) % 2 == 0 else random_deal
        deal = make(rng)
        if is_special_shape(deal.counts()):
            excluded += 1
            continue
        deals.append(deal)
    win_cases = [WinCase(d, to_hand(d), d.counts()) for d in deals]
    scoring_deals = [
        with_exposed(d, rng) if rng.random() < open_share else d for d in deals if d.built_to_win
    ]
    scoring_cases = [ScoringCase(d, to_hand(d), *to_136(d)) for d in scoring_deals]
    open_hands = sum(1 for d in scoring_deals if d.exposed)
    return Corpus(seed, size, win_cases, scoring_cases, excluded, open_hands)


# --------------------------------------------------------------------------- agreement


@dataclass(frozen=True, slots=True)
class WinAgreement:
    """How the two win checks compare on the corpus."""

    hands: int
    agree: int
    ours_win: int
    theirs_win: int
    disagreements: tuple[str, ...]  # notation of the first few hands judged differently

    @property
    def ok(self) -> bool:
        return self.agree == self.hands


def check_win_agreement(
    cases: Sequence[WinCase],
    ours: Callable[[Hand], bool],
    theirs: Callable[[list[int]], bool],
    keep: int = 5,
) -> WinAgreement:
    """Run both checks on every hand (untimed) and count where they agree."""
    agree = ours_win = theirs_win = 0
    bad: list[str] = []
    for case in cases:
        a, b = bool(ours(case.hand)), bool(theirs(case.tiles34))
        ours_win += a
        theirs_win += b
        if a == b:
            agree += 1
        elif len(bad) < keep:
            bad.append(f"{notation(case.deal)} (mjc {a}, mahjong {b})")
    return WinAgreement(len(cases), agree, ours_win, theirs_win, tuple(bad))
