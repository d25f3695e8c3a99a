"""The corpus of the "win checks with wilds" group: 14-tile hands holding 1 to 4 wild tiles.

The wild kind is 5z (白板), as in 潮州 白板做鬼. For each wild count k = 1, 2, 3, 4 the corpus
alternates two kinds of hand, so that about half of them win:

* built to win: four random sets and a pair (`bench.corpus.winning_deal`), then k of its tiles
  replaced by 5z. A hand whose sets already use some 5z keeps them (a wild standing for itself)
  and has only the rest replaced; one that already holds more than k is drawn again.
* random: 14 - k tiles drawn from the wall without its four 5z, plus k 5z.

Every hand holds exactly k copies of 5z, all concealed. Both representations (our `Hand`,
through the public parser, and the 34-kind count array of the recursive baseline) are made
here, before any timing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bench.corpus import COPIES, HAND_SIZE, NUM_KINDS, Deal, notation, to_hand, winning_deal
from mjc.runtime import Hand

__all__ = [
    "WILD",
    "WILD_COUNTS",
    "WildAgreement",
    "WildCase",
    "WildCorpus",
    "build_wild_corpus",
    "check_wild_agreement",
    "random_wild_deal",
    "winning_wild_deal",
]

WILD = 31  # 5z, 白板
WILD_COUNTS = (1, 2, 3, 4)
_WALL_WITHOUT_WILD: tuple[int, ...] = tuple(
    t for t in range(NUM_KINDS) if t != WILD for _ in range(COPIES)
)


def winning_wild_deal(rng: random.Random, wilds: int) -> Deal:
    """A winning hand (four sets and a pair) with exactly `wilds` copies of 5z."""
    while True:
        deal = winning_deal(rng)
        tiles = list(deal.concealed)
        already = tiles.count(WILD)
        if already <= wilds:
            break
    others = [i for i, t in enumerate(tiles) if t != WILD]
    for i in rng.sample(others, wilds - already):
        tiles[i] = WILD
    concealed = tuple(sorted(tiles))
    return replace(deal, concealed=concealed, win_tile=rng.choice(concealed))


def random_wild_deal(rng: random.Random, wilds: int) -> Deal:
    """`14 - wilds` tiles drawn from the wall without 5z, and `wilds` copies of 5z."""
    drawn = rng.sample(_WALL_WITHOUT_WILD, HAND_SIZE - wilds)
    concealed = tuple(sorted([*drawn, *([WILD] * wilds)]))
    return Deal(concealed=concealed, exposed=(), win_tile=drawn[-1], built_to_win=False)


@dataclass(frozen=True, slots=True)
class WildCase:
    """One hand with wilds, in both representations."""

    deal: Deal
    wilds: int
    hand: Hand
    tiles34: list[int]


@dataclass(frozen=True, slots=True)
class WildCorpus:
    """`cases[k]`: the hands holding k wilds (k in `WILD_COUNTS`), half of them built to win."""

    seed: int
    size: int
    cases: dict[int, list[WildCase]]

    @property
    def all_cases(self) -> list[WildCase]:
        return [case for k in WILD_COUNTS for case in self.cases[k]]


def build_wild_corpus(size: int, seed: int) -> WildCorpus:
    """`size` hands split evenly over 1-4 wilds (at least one hand each); within each wild
    count, even positions are built to win and odd ones drawn at random. Same size and seed,
    same corpus (and not the same draws as the main corpus of that seed)."""
    rng = random.Random(f"wilds:{seed}")
    per = [size // len(WILD_COUNTS) + (i < size % len(WILD_COUNTS)) for i in range(4)]
    cases: dict[int, list[WildCase]] = {}
    for k, count in zip(WILD_COUNTS, per, strict=True):
        deals = [
            (winning_wild_deal if j % 2 == 0 else random_wild_deal)(rng, k)
            for j in range(max(count, 1))
        ]
        cases[k] = [WildCase(d, k, to_hand(d), d.counts()) for d in deals]
    return WildCorpus(seed, sum(len(c) for c in cases.values()), cases)


@dataclass(frozen=True, slots=True)
class WildAgreement:
    """How our check and the recursive search compare on the wild corpus."""

    hands: int
    agree: int
    ours_win: int
    theirs_win: int
    built_to_win: int
    built_lost: int  # hands built to win that our check calls not winning: a bug either way
    disagreements: tuple[str, ...]  # notation of the first few hands judged differently

    @property
    def ok(self) -> bool:
        return self.agree == self.hands and not self.built_lost


def check_wild_agreement(
    cases: Sequence[WildCase],
    ours: Callable[[Hand], bool],
    theirs: Callable[[list[int]], bool],
    keep: int = 5,
) -> WildAgreement:
    """Run both checks on every hand (untimed) and count where they agree."""
    agree = ours_win = theirs_win = built = built_lost = 0
    bad: list[str] = []
    for case in cases:
        a, b = bool(ours(case.hand)), bool(theirs(case.tiles34))
        ours_win += a
        theirs_win += b
        if a == b:
            agree += 1
        elif len(bad) < keep:
            bad.append(f"{notation(case.deal)} (mjc {a}, recursive {b})")
        if case.deal.built_to_win:
            built += 1
            if not a:
                built_lost += 1
                if len(bad) < keep:
                    bad.append(f"{notation(case.deal)} was built to win but mjc says no")
    return WildAgreement(len(cases), agree, ours_win, theirs_win, built, built_lost, tuple(bad))
