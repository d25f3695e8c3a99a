"""Shanten and waits throughput: `mjc.runtime.wins.shanten` beside the `mahjong` package.

The hands are the corpus's (`bench.corpus`) less their last concealed tile: 13 tiles, all
concealed, half of them one tile from a win. Shanten is timed for the standard shape alone
(what the package's regular-hand shanten measures) on plain counts, with both sides' results
compared first; `Ruleset.waits` (every winning tile, each scored) has no peer and is timed on
its own, on a slice of the hands since each ready hand scores every wait.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.shanten import Shanten

from bench.corpus import Corpus
from bench.report import Row
from bench.timing import Contestant, time_interleaved, time_pass
from mjc.runtime import Hand, Ruleset
from mjc.runtime.wins.arrange import STANDARD
from mjc.runtime.wins.shanten import counts_shanten

__all__ = ["ShantenAgreement", "shanten_benchmark"]

_STANDARD = frozenset((STANDARD,))
_WAITS_SHARE = 10  # of the hands, the share whose waits are timed


@dataclass(frozen=True, slots=True)
class ShantenAgreement:
    """How many 13-tile hands both sides gave the same shanten; `fifth_copy` counts those
    where they differ only because the package counts on a fifth copy of a tile."""

    hands: int
    agree: int
    fifth_copy: int

    @property
    def ok(self) -> bool:
        return self.agree + self.fifth_copy == self.hands


def _thirteen(hand: Hand) -> Hand:
    concealed = list(hand.concealed)
    concealed.remove(hand.win_tile if hand.win_tile is not None else concealed[-1])
    counts = bytearray(hand.counts)
    counts[hand.win_tile if hand.win_tile is not None else concealed[-1]] -= 1
    return Hand(tuple(concealed), hand.melds, hand.flowers, concealed[-1], bytes(counts))


def _ours(counts: list[int]) -> int:
    return counts_shanten(counts, 0, _STANDARD)


def shanten_benchmark(
    corpus: Corpus, ruleset: Ruleset, repeats: int
) -> tuple[list[Row], ShantenAgreement]:
    hands = [_thirteen(case.hand) for case in corpus.win_cases]
    counts = [list(h.counts) for h in hands]
    theirs_fn = Shanten().calculate_shanten_for_regular_hand
    agree = fifth = 0
    uncapped = bytes([9] * 34)
    for c in counts:
        ours, theirs = _ours(c), theirs_fn(c)
        if ours == theirs:
            agree += 1
        elif 4 in c and counts_shanten(c, 0, _STANDARD, caps=uncapped) == theirs:
            fifth += 1
    ours_t, theirs_t = time_interleaved(
        [Contestant(_ours, counts), Contestant(theirs_fn, counts)], repeats
    )
    sample = hands[::_WAITS_SHARE] or hands[:1]
    waits_t = time_pass(ruleset.waits, sample, repeats)
    rows = [
        Row.rate(
            "shanten (13 tiles, standard)",
            ours_t,
            theirs_t,
            what="counts_shanten vs Shanten.calculate_shanten_for_regular_hand",
        ),
        Row.rate(
            "waits with scores (13 tiles)",
            waits_t,
            None,
            what="Ruleset.waits: every winning tile scored; no peer",
        ),
    ]
    return rows, ShantenAgreement(len(counts), agree, fifth)
