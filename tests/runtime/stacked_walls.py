"""Whole stacked walls for the engine tests of a document's clauses, and short scripts of play.

The 上海 and 广东 clause tests (`tests/rulebooks/test_engine_shanghai.py`, `..._guangdong.py`)
need every tile of the wall known: a kong's replacement (drawn from the tail), a flower dealt
or drawn (上海 補花). `full_round` stacks the whole wall — the hands by seat (dealt from the
dealer on), the draws in drawing order, the unnamed tiles (flowers first, so no replacement
the test did not name is a flower), then the `tail` tiles, the first of them at the very end
of the wall (the first replacement, or the last ordinary draw when nothing is replaced).
Notation keeps the order written, flowers included ("1z3f5z" is 1z, 3f, 5z), which
`engine_helpers.stacked_round` (its `parse_hand` sorts and sets flowers aside) does not.

`script` plays a list of steps such as "0 discard 5s", "2 pass", "1 chow 3m 2m" (a chow names
the claimed tile and the low tile of its run), "3 win"; each must be legal at that point.
`play_out_drawn` plays a round to its exhaustive draw (or to a given point): every seat
passes, discards the tile it drew and never wins or kongs. `match_round` sets a stacked
round up for a `Match`'s current dealer, round wind and streak, so `Match.finish` carries it
forward as one of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from mjc.runtime import Ruleset
from mjc.runtime.game import Round
from mjc.runtime.match import Match
from mjc.runtime.tiles import NUM_PLAYING, tile_index, tile_text

_GROUP = re.compile(r"(\d+)([mpszf])")


def tile_list(text: str) -> list[int]:
    """The tiles of `text` in the order written, flowers (`f`) included."""
    out: list[int] = []
    for digits, suit in _GROUP.findall(text):
        out += [tile_index(d + suit) for d in digits]
    return out


def full_round(
    ruleset: Ruleset,
    hands: Sequence[str],
    draws: str = "",
    tail: str = "",
    *,
    dealer: int = 0,
    options: Mapping[str, object] | None = None,
    round_wind: str = "E",
    streak: int = 0,
    seed: int = 1,
) -> Round:
    """A round whose whole wall is known (see the module docstring): `hands[seat]` is that
    seat's deal (14 tiles for the dealer, more with flowers), `draws` the head of the wall
    after the deal, `tail` the replacements in the order they are drawn."""
    n = len(hands)
    values = ruleset.resolve_options(options, players=n)
    left = list(ruleset.tile_copies(values))
    head: list[int] = []
    for i in range(n):
        head += tile_list(hands[(dealer + i) % n])
    head += tile_list(draws)
    back = tile_list(tail)[::-1]
    for t in head + back:
        left[t] -= 1
    over = [tile_text(t) for t, n in enumerate(left) if n < 0]
    assert not over, f"the stacked wall holds more of {over} than the set has"
    # Flowers first among the unnamed tiles: drawn only after every stacked draw, never as a
    # replacement the test did not name.
    rest = [t for t in range(len(left)) if t >= NUM_PLAYING for _ in range(left[t])]
    rest += [t for t in range(NUM_PLAYING) for _ in range(left[t])]
    return Round(
        ruleset, seed=seed, stacked=head + rest + back, options=options, players=n,
        dealer=dealer, round_wind=round_wind, streak=streak,
    )


def match_round(match: Match, hands: Sequence[str], draws: str = "", tail: str = "") -> Round:
    """The match's next round, dealt from a stacked wall (its dealer, wind and streak)."""
    return full_round(
        match.ruleset, hands, draws, tail, dealer=match.dealer, options=match.options,
        round_wind=match.round_wind, streak=match.streak,
    )


def step(game: Round, text: str) -> None:
    """Play one step such as "0 discard 5s" (see the module docstring)."""
    words = text.split()
    seat, kind = int(words[0]), words[1]
    tile = tile_index(words[2]) if len(words) > 2 else None
    low = tile_index(words[3]) if len(words) > 3 else None
    wanted = [
        a
        for a in game.legal_actions(seat)
        if a.kind == kind and (tile is None or a.tile == tile) and (low is None or a.low == low)
    ]
    assert wanted, (text, game.legal_actions(seat))
    game.apply(wanted[0])


def script(game: Round, *steps: str) -> None:
    for text in steps:
        step(game, text)


def play_out_drawn(
    game: Round, stop: Callable[[Round], bool] | None = None, max_steps: int = 2_000
) -> None:
    """Play without a win, a claim or a kong (pass, or discard the drawn tile) to the end of
    the round, or until `stop(game)` holds."""
    for _ in range(max_steps):
        if game.result is not None or (stop is not None and stop(game)):
            return
        for seat in game.to_act():
            legal = game.legal_actions(seat)
            passes = [a for a in legal if a.kind == "pass"]
            discards = [a for a in legal if a.kind == "discard"]
            drawn = [a for a in discards if a.tile == game.drew]
            game.apply((passes or drawn or discards)[0])
    raise AssertionError("the round did not end")
