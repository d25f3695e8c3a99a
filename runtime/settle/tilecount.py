"""Counts the copies of each tile a finished round shows, against the game's tile copies.

A round is a record of physical tiles: the winners' hands, the seats' claimed melds, the horse
tiles, the flipped wild indicator and the opening discards each name some. A round that names more
copies of a tile than the game has (two winners each holding `111m` is six 1m) cannot have happened,
and settling it would be a silent wrong answer. The round comes from `mjc.runtime.settle.round`
(already checked for what holds in every game); the copies from the rulebook's
`tile_copies(options)` under the round's resolved options; `mjc.runtime.settle.settlement` refuses
the round with the first problem returned here (`RoundError`).

What is counted, and why each tile is counted once:

1. A winner's hand: its concealed tiles (the winning tile among them), its flowers, and
   every tile of its declared melds (exposed and concealed kongs four each). A wild is the
   tile it physically is (the notation writes the physical tile).
2. Several winners of one discard or one robbed kong (一炮多响) all hold the one winning
   tile: it is counted once, in the first winner's hand, not again in the others'.
3. A claim by a seat that did not win: a pong three copies of its tile, an exposed kong
   four, a chow one (the claimed tile; the other two of the run are not named), under the
   field of its tile (`claims.0.tile`). A claim without a tile counts nothing. A winner's
   claims are not counted: with a claim history the round already holds that they are
   exactly his hand's exposed melds (rule 1 counts those tiles).
4. A robbed kong's tile is the robbers' winning tile (rule 2: once); the robbed seat's pong
   claim counts its three tiles (rule 3) — four in all, not five.
5. Each horse tile turned up from the wall (`horse_tiles`), the flipped indicator and each
   dora or ura-dora indicator (Riichi) is one tile taken from the wall: one copy each (the
   flipped kind keeps the other three in play).
6. The opening discards (`opening.go_arounds`) are one copy each, but a discard may be the
   very tile a claim took or a discard winner won on. So each discard of a tile is counted
   only beyond the events that could have taken one: each exposed meld of a winner holding
   the tile, each claim by another seat of that tile or of an unnamed one, and the winning
   discard when the winners won on that tile. The count is thus the least number of copies
   the round needs, and a round is refused only when even that is more than the game has.
7. The bought horses (`bought_horses`, 买马 and 罚马) are dealt from a tile set of their own
   (买马牌不占原有牌数): they take nothing from the rest, and are counted apart, all seats'
   together, against the same copies.
8. The hands still playing at an exhaustive draw (`hands`) are counted as a winner's hand
   (rule 1), but for a seat that is a winner here (its winning hand counts its tiles: a winner
   who stayed, 血流成河); the claims of a seat whose hand is counted are its exposed melds,
   not counted again (rule 3).

Flowers have one copy each; a tile the options leave out has none. Tiles in a winner's hand
that are not in play are left to scoring, which names them (`Ruleset.score`); a claimed,
horse, indicator or discarded tile not in play is named here. This is the one count of a
round's copies: `mjc.runtime.settle.claimcheck` checks the claims' kinds and leaves their copies
here. Each problem is one line naming the tile, the fields that hold it and how many the
game has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mjc.runtime.settle.round import RoundOutcome
from mjc.runtime.tiles.hand import Hand, HandError, parse_hand
from mjc.runtime.tiles.tile import NotationError, tile_or_red_five, tile_text

__all__ = ["CLAIM_COPIES", "copy_problems", "tile_counts"]

# Copies of its named tile a claim shows: three for a pong, four for a kong, one for a chow.
CLAIM_COPIES = {"chow": 1, "pong": 3, "kong": 4}

# tile -> [(field, copies)], in the order the fields are read.
Counts = dict[int, list[tuple[str, int]]]


def copy_problems(outcome: RoundOutcome, copies: Sequence[int]) -> list[str]:
    """Each tile the round shows more copies of than `copies` (per tile int) allows, and each
    horse, indicator or discard tile not in play: one line each, in tile order."""
    held, discards, takers = tile_counts(outcome)
    problems: list[str] = []
    for tile in sorted(held.keys() | discards.keys()):
        limit = copies[tile] if tile < len(copies) else 0
        parts = held.get(tile, [])
        if not limit:
            outside = [f for f, _ in (*parts, *discards.get(tile, [])) if ".hand" not in f]
            if outside:
                problems.append(
                    f"{outside[0]}: {tile_text(tile)} is not in play under these options"
                )
            continue  # a winner's tile not in play is named when the hand is scored
        shown = sum(n for _, n in parts)
        dropped = discards.get(tile, [])
        extra = max(0, len(dropped) - takers.get(tile, 0))
        if shown + extra <= limit:
            continue
        where = [f"{name} {n}" for name, n in _merged(parts)]
        if extra:
            taken = len(dropped) - extra
            where.append(
                f"{len(dropped)} in the opening discards"
                + (f" ({taken} of them may be claimed or won on)" if taken else "")
            )
        problems.append(
            f"{tile_text(tile)}: the round shows {shown + extra} copies ({', '.join(where)}), "
            f"and the game has {limit}"
        )
    return problems + _bought_horse_problems(outcome, copies)


def _bought_horse_problems(outcome: RoundOutcome, copies: Sequence[int]) -> list[str]:
    """Rule 7: the bought horses against their own set, one line per tile, in tile order."""
    fields: dict[int, list[str]] = {}
    for seat, drawn in sorted(outcome.bought_horses.items()):
        for text in drawn:
            tile = _tile(text)
            if tile is not None:
                fields.setdefault(tile, []).append(f"bought_horses.{seat}")
    problems = []
    for tile, names in sorted(fields.items()):
        limit = copies[tile] if tile < len(copies) else 0
        if not limit:
            problems.append(f"{names[0]}: {tile_text(tile)} is not in play under these options")
        elif len(names) > limit:
            where = ", ".join(f"{name} {n}" for name, n in _merged([(f, 1) for f in names]))
            problems.append(
                f"{tile_text(tile)}: the bought horses show {len(names)} copies ({where}), "
                f"and their set has {limit}"
            )
    return problems


def tile_counts(outcome: RoundOutcome) -> tuple[Counts, Counts, dict[int, int]]:
    """The round's tiles: (the copies each field shows — rules 1 to 5 —, the opening discards
    — rule 6 —, and for each tile how many claims or wins could have taken a discard of it)."""
    held: Counts = {}
    takers: dict[int, int] = {}

    def add(tile: int | None, name: str, n: int = 1) -> None:
        if tile is not None:  # a field that is no tile is named by the round's own checks
            held.setdefault(tile, []).append((name, n))

    def taken(tile: int, n: int = 1) -> None:
        takers[tile] = takers.get(tile, 0) + n

    _winners(outcome, add, taken)
    winners = {w.seat for w in outcome.winners}
    shown = _hands_at_draw(outcome, winners, add, taken)
    unnamed = 0
    for j, claim in enumerate(outcome.claims):
        if claim.seat in winners or claim.seat in shown:
            continue  # the winner's exposed meld, or the hand's at the draw (rules 3 and 8)
        tile = _tile(claim.tile)
        if tile is None:
            unnamed += 1
            continue
        add(tile, f"claims.{j}.tile", CLAIM_COPIES[claim.kind])
        taken(tile)
    for text in outcome.horse_tiles:
        add(_tile(text), "horse_tiles")
    add(_tile(outcome.indicator), "indicator")
    for name in ("dora_indicators", "ura_indicators"):  # Riichi's, turned up in the dead wall
        for text in getattr(outcome, name):
            add(_tile(text), name)
    for seat, texts in outcome.set_aside.items():  # 北抜き: the tiles set aside in play
        for text in texts:
            add(_tile(text), f"set_aside.{seat}")
    discards: Counts = {}
    if outcome.opening is not None:
        for g, go in enumerate(outcome.opening.go_arounds):
            for j, text in enumerate(go.discards):
                tile = _tile(text)
                if tile is not None:
                    discards.setdefault(tile, []).append((f"opening.go_arounds.{g}.{j}", 1))
    if unnamed:  # a claim of an unnamed tile could have taken a discard of any tile
        for tile in discards:
            taken(tile, unnamed)
    return held, discards, takers


def _winners(
    outcome: RoundOutcome,
    add: Callable[[int, str], None],
    taken: Callable[[int], None],
) -> None:
    """The winners' tiles (rules 1, 2 and 4), and the discards they could have taken: one for
    each exposed meld, one for the winning discard."""
    shared: int | None = None  # the one winning tile of several winners (rule 2)
    for i, winner in enumerate(outcome.winners):
        try:
            hand: Hand = winner.parsed
        except (HandError, NotationError):
            continue  # named when the hand is scored
        tiles = [*hand.concealed, *hand.flowers, *(t for m in hand.melds for t in m.tiles)]
        if len(outcome.winners) > 1 and hand.win_tile is not None:
            if shared is None:
                shared = hand.win_tile
            elif hand.win_tile == shared:
                tiles.remove(shared)  # the one discarded or robbed tile, counted once
        for tile in tiles:
            add(tile, f"winners.{i}.hand")
        for meld in hand.melds:
            if meld.exposed:
                for tile in set(meld.tiles):
                    taken(tile)
        robbed = "robbing_kong" in winner.situations
        if i == 0 and not winner.self_drawn and not robbed and hand.win_tile is not None:
            taken(hand.win_tile)


def _hands_at_draw(
    outcome: RoundOutcome,
    winners: set[int],
    add: Callable[[int, str], None],
    taken: Callable[[int], None],
) -> set[int]:
    """The tiles of the hands still playing at the draw (rule 8) and the discards their
    exposed melds could have taken; the seats whose hand was counted."""
    counted: set[int] = set()
    for seat, text in outcome.hands.items():
        if seat in winners:
            continue
        try:
            hand = parse_hand(text, tiles=outcome._tiles)  # the rulebook's size
        except (HandError, NotationError):
            continue  # named when the draw lines read the hands
        counted.add(seat)
        for tile in [*hand.concealed, *hand.flowers, *(t for m in hand.melds for t in m.tiles)]:
            add(tile, f"hands.{seat}")
        for meld in hand.melds:
            if meld.exposed:
                for tile in set(meld.tiles):
                    taken(tile)
    return counted


def _tile(text: str | None) -> int | None:
    """The tile a field names (None: none, or no tile, which the round's checks name)."""
    if text is None:
        return None
    try:
        return tile_or_red_five(text)
    except NotationError:
        return None


def _merged(parts: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The fields in the order read, each once, with its copies summed."""
    merged: dict[str, int] = {}
    for name, n in parts:
        merged[name] = merged.get(name, 0) + n
    return list(merged.items())
