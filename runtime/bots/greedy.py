"""The greedy bot's policy, as pure functions of a hand: which tile to discard, whether to
claim, whether to win.

Input is a `Ruleset`, a hand (notation or `Hand`), the copies seen outside the hand (discards,
other seats' melds, the indicator: `visible`, 34 or 42 counts by tile int, or notation) and the
game's options and wilds. The game engine (which knows the seat, the wall and the legal
actions) asks these functions; nothing here keeps state. The policy:

- discard: the tile whose discard leaves the lowest shanten (`mjc.runtime.wins.shanten`), then the
  most effective tiles (进张: the unseen copies of every tile whose draw lowers it), then a
  fixed order (honours, then terminals, then the highest tile; a wild last), so that the same
  hand and the same visible tiles always give the same discard;
- claim: only when the hand after the claim (and its best discard, for a chow or a pung) has a
  lower shanten than before, or the same with more effective tiles;
- a kong of its own (concealed, or added to a pung): whenever the hand after it, before the
  replacement, is no further from winning than after the best discard (`kong_keeps`): a kong
  that costs nothing is a free draw and, in most rulebooks, a payment;
- win: whenever the rulebook allows it (`wants_win`: the score is a win).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from mjc.runtime.rules.waits import visible_counts
from mjc.runtime.tiles.hand import MAX_TILES, Hand, HandError, parse_hand
from mjc.runtime.tiles.melds import meld
from mjc.runtime.tiles.tile import (
    IS_SUITED,
    IS_TERMINAL_OR_HONOUR,
    NUM_PLAYING,
    RANK_OF,
    tile_index,
    tile_text,
)
from mjc.runtime.wins.shanten import caps_of, counts_shanten, draw_shanten

if TYPE_CHECKING:
    from mjc.runtime.rules.ruleset import Ruleset

__all__ = [
    "Claim",
    "GameView",
    "Outlook",
    "choose_discard",
    "claim_improves",
    "claim_of",
    "game_view",
    "kong_keeps",
    "outlook",
    "wants_win",
]


@dataclass(frozen=True, slots=True)
class GameView:
    """What the policy reads of one game: its built-in shapes, wild kinds, copies in play and
    whether a wild may be discarded, and the tiles of a win (14, or 17 in a rulebook of
    `hand 16`: five sets and a pair). Build it once per game with `game_view`."""

    shapes: frozenset[str]
    wilds: frozenset[int]
    copies: tuple[int, ...]
    discard_wilds: bool
    tiles: int = MAX_TILES

    @property
    def sets(self) -> int:
        """The sets of a win: four, or five in a rulebook of `hand 16`."""
        return (self.tiles - 2) // 3


def game_view(
    ruleset: Ruleset,
    options: Mapping[str, object] | None = None,
    *,
    indicator: str | None = None,
    wilds: Iterable[str] | None = None,
) -> GameView:
    """The `GameView` of a game of `ruleset` under `options`, its wilds from `indicator` (or
    given); raises what `Ruleset.score` raises for bad options or a missing indicator."""
    game = ruleset._games.game(options)
    wild = ruleset._wilds(game, indicator, wilds)
    permissions = ruleset.wild_permissions(game.values)
    return GameView(
        game.shapes,
        frozenset(w for w in wild if w < NUM_PLAYING),
        game.copies,
        "discard" in permissions,
        ruleset.hand_size + 1,
    )


@dataclass(frozen=True, slots=True)
class Outlook:
    """A 13-tile hand's prospects: its shanten and its effective tiles (进张), the unseen
    copies of the tiles whose draw lowers the shanten."""

    shanten: int
    effective: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of the discard `tile`: a chow (`low` is the chow's lowest tile), a pung or an
    exposed kong."""

    kind: Literal["chow", "pong", "kong"]
    tile: int
    low: int | None = None

    def taken(self) -> tuple[int, ...]:
        """The tiles of the hand the claim takes (the claimed tile not among them)."""
        if self.kind == "chow":
            if self.low is None:
                raise ValueError("a chow claim names its lowest tile (low=)")
            tiles = [self.low, self.low + 1, self.low + 2]
            if self.tile not in tiles:
                raise ValueError(
                    f"the chow from {tile_text(self.low)} does not hold {tile_text(self.tile)}"
                )
            tiles.remove(self.tile)
            return tuple(tiles)
        return (self.tile,) * (2 if self.kind == "pong" else 3)


def _parsed(hand: Hand | str, tiles: int = MAX_TILES) -> Hand:
    return parse_hand(hand, tiles=tiles) if isinstance(hand, str) else hand


def _split(hand: Hand, view: GameView) -> tuple[list[int], int, bytes]:
    """The concealed counts without the wilds, the wilds held, and the copy limits."""
    counts = list(hand.counts)
    jokers = 0
    for w in view.wilds:
        jokers += counts[w]
        counts[w] = 0
    return counts, jokers, caps_of(hand, view.copies, bool(view.wilds))


def _unseen(hand: Hand, view: GameView, seen: Sequence[int]) -> list[int]:
    held = list(hand.counts) + [0] * (len(view.copies) - NUM_PLAYING)
    for m in hand.melds:
        for t in m.tiles:
            held[t] += 1
    return [max(view.copies[t] - held[t] - seen[t], 0) for t in range(NUM_PLAYING)]


def _outlook(
    counts: list[int],
    declared: int,
    jokers: int,
    caps: bytes,
    view: GameView,
    unseen: Sequence[int],
) -> Outlook:
    shapes = view.shapes
    sets = view.sets
    now = counts_shanten(counts, declared, shapes, jokers, caps, sets)
    after = draw_shanten(counts, declared, shapes, jokers, caps, sets)
    # A wild drawn is one more joker: it lowers the shanten of any hand not yet complete.
    wild_better = bool(view.wilds) and now > counts_shanten(
        counts, declared, shapes, jokers + 1, caps, sets
    )
    tiles: list[int] = []
    effective = 0
    for t in range(NUM_PLAYING):
        if unseen[t] and (wild_better if t in view.wilds else after[t] < now):
            tiles.append(t)
            effective += unseen[t]
    return Outlook(now, effective, tuple(tiles))


def outlook(
    hand: Hand | str, view: GameView, visible: str | Sequence[int] | None = None
) -> Outlook:
    """The shanten and effective tiles of a 13-tile hand (the rulebook's `hand`) in the game
    `view`, counting unseen copies against `visible` (tiles seen outside the hand)."""
    hand = _parsed(hand, view.tiles)
    if hand.size != view.tiles - 1:
        raise HandError(f"an outlook is of a {view.tiles - 1}-tile hand; this one has {hand.size}")
    counts, jokers, caps = _split(hand, view)
    unseen = _unseen(hand, view, visible_counts(visible))
    return _outlook(counts, len(hand.melds), jokers, caps, view, unseen)


def _order(tile: int, wild: bool) -> tuple[bool, bool, bool, int]:
    # Ties go to honours first, then terminals, then the highest tile; a wild last.
    return (wild, IS_SUITED[tile], not IS_TERMINAL_OR_HONOUR[tile], -tile)


def _best_discard(hand: Hand, view: GameView, seen: Sequence[int]) -> tuple[int, Outlook]:
    counts, jokers, caps = _split(hand, view)
    unseen = _unseen(hand, view, seen)
    declared = len(hand.melds)
    shapes, sets = view.shapes, view.sets
    choices: list[tuple[int, int]] = []  # (shanten after the discard, tile)
    for tile in sorted(set(hand.concealed)):
        if tile in view.wilds:
            if view.discard_wilds:
                number = counts_shanten(counts, declared, shapes, jokers - 1, caps, sets)
                choices.append((number, tile))
            continue
        counts[tile] -= 1
        choices.append((counts_shanten(counts, declared, shapes, jokers, caps, sets), tile))
        counts[tile] += 1
    if not choices:
        raise HandError("no tile of this hand may be discarded")
    lowest = min(number for number, _ in choices)
    best: tuple[tuple[int, tuple[bool, bool, bool, int]], int, Outlook] | None = None
    for number, tile in choices:
        if number != lowest:
            continue  # effective tiles only break ties of the lowest shanten
        wild = tile in view.wilds
        if wild:
            result = _outlook(counts, declared, jokers - 1, caps, view, unseen)
        else:
            counts[tile] -= 1
            result = _outlook(counts, declared, jokers, caps, view, unseen)
            counts[tile] += 1
        key = ((-result.effective, _order(tile, wild)), tile, result)
        if best is None or key[0] < best[0]:
            best = key
    assert best is not None
    return best[1], best[2]


def choose_discard(
    ruleset: Ruleset,
    hand: Hand | str,
    visible: str | Sequence[int] | None = None,
    options: Mapping[str, object] | None = None,
    *,
    indicator: str | None = None,
    wilds: Iterable[str] | None = None,
    view: GameView | None = None,
) -> int:
    """The greedy discard (a tile int) from a 14-tile hand (17 in a rulebook of `hand 16`):
    lowest shanten, then most effective tiles counted against `visible`, then the fixed order
    of the module docstring. Pass `view` (from `game_view`) to skip preparing the game on
    every call."""
    view = view or game_view(ruleset, options, indicator=indicator, wilds=wilds)
    hand = _parsed(hand, view.tiles)
    if hand.size != view.tiles:
        raise HandError(
            f"a discard is made from a {view.tiles}-tile hand; this one has {hand.size}"
        )
    return _best_discard(hand, view, visible_counts(visible))[0]


def _after_claim(hand: Hand, claim: Claim) -> Hand:
    """The hand once `claim` is made: the taken tiles leave the concealed ones, the meld is
    declared exposed."""
    concealed = list(hand.concealed)
    for t in claim.taken():
        if t not in concealed:
            raise HandError(f"the hand has no {tile_text(t)} for this {claim.kind}")
        concealed.remove(t)
    kind = "chow" if claim.kind == "chow" else claim.kind.replace("pong", "pung")
    low = claim.low if claim.kind == "chow" and claim.low is not None else claim.tile
    if kind == "chow" and not (IS_SUITED[low] and RANK_OF[low] <= 7):
        raise HandError(f"no chow starts at {tile_text(low)}")
    counts = bytearray(NUM_PLAYING)
    for t in concealed:
        counts[t] += 1
    melds = (*hand.melds, meld(kind, low, False))
    return Hand(tuple(concealed), melds, hand.flowers, None, bytes(counts))


def claim_improves(
    ruleset: Ruleset,
    hand: Hand | str,
    claim: Claim,
    visible: str | Sequence[int] | None = None,
    options: Mapping[str, object] | None = None,
    *,
    indicator: str | None = None,
    wilds: Iterable[str] | None = None,
    view: GameView | None = None,
) -> bool:
    """Whether the greedy bot makes `claim` with this 13-tile hand: the hand after it (after
    its best discard, for a chow or a pung; before the replacement draw, for a kong) has a
    lower shanten, or the same and more effective tiles. `visible` holds the claimed tile."""
    view = view or game_view(ruleset, options, indicator=indicator, wilds=wilds)
    hand = _parsed(hand, view.tiles)
    if hand.size != view.tiles - 1:
        raise HandError(
            f"a claim is made with a {view.tiles - 1}-tile hand; this one has {hand.size}"
        )
    seen = list(visible_counts(visible))
    before = outlook(hand, view, seen)
    after_hand = _after_claim(hand, claim)
    seen[claim.tile] = max(seen[claim.tile] - 1, 0)  # the claimed tile is in the meld now
    if claim.kind == "kong":
        after = outlook(after_hand, view, seen)
    else:
        after = _best_discard(after_hand, view, seen)[1]
    return (after.shanten, -after.effective) < (before.shanten, -before.effective)


def kong_keeps(hand: Hand, tile: int, added: bool, view: GameView, seen: Sequence[int]) -> bool:
    """Whether a kong of `tile` from this 14-tile hand (`added`: onto its pung, else the four
    concealed) leaves the hand, before its replacement, no further from winning than the best
    discard would: the greedy bot then declares it."""
    concealed = list(hand.concealed)
    melds = list(hand.melds)
    if added:
        index = next((i for i, m in enumerate(melds) if m.kind == "pung" and m.tiles[0] == tile))
        concealed.remove(tile)
        melds[index] = meld("kong", tile, False)
    else:
        for _ in range(4):
            concealed.remove(tile)
        melds.append(meld("kong", tile, True))
    counts = bytearray(NUM_PLAYING)
    for t in concealed:
        counts[t] += 1
    after = Hand(tuple(concealed), tuple(melds), hand.flowers, None, bytes(counts))
    counts_after, jokers, caps = _split(after, view)
    unseen = _unseen(after, view, seen)
    kept = _outlook(counts_after, len(melds), jokers, caps, view, unseen)
    return kept.shanten <= _best_discard(hand, view, seen)[1].shanten


def wants_win(ruleset: Ruleset, hand: Hand | str, **score_args: Any) -> bool:
    """Whether the greedy bot wins with this 14-tile hand: always, when the rulebook allows
    it (its score is a win). `score_args` are `Ruleset.score`'s (win, self_drawn, options,
    indicator, winds, situations ...)."""
    return bool(ruleset.score(hand, **score_args).win)


def claim_of(text: str) -> Claim:
    """A `Claim` from text: "pong 5z", "kong 5z" or "chow 3m 123m" (the tile, then the chow)."""
    parts = text.split()
    if len(parts) == 2 and parts[0] in ("pong", "kong"):
        return Claim(parts[0], tile_index(parts[1]))  # type: ignore[arg-type]
    if len(parts) == 3 and parts[0] == "chow" and len(parts[2]) == 4:
        low = tile_index(parts[2][0] + parts[2][3])
        return Claim("chow", tile_index(parts[1]), low)
    raise ValueError(f"a claim is 'pong TILE', 'kong TILE' or 'chow TILE 123m', not {text!r}")
