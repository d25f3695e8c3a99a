"""Set-up deals for the engine tests: a stacked wall from hands written in notation."""

from __future__ import annotations

from collections.abc import Sequence

from mjc.runtime import Ruleset
from mjc.runtime.actions import Action
from mjc.runtime.game import Round
from mjc.runtime.hand import parse_hand
from mjc.runtime.turnrules import TurnRules

# Four hands that claim nothing from each other unless a test says so: each seat's tiles are
# spread so no discard below completes a pong, chow or win by accident.
SEAT0 = "147m147p14s12345z9s"
SEAT1 = "258m258p25s1234z9s"
SEAT2 = "369m369p36s567z99s"
SEAT3 = "123m123p123s6677z"


def tiles(text: str) -> list[int]:
    """The tiles of `text` in the order written (mpsz groups)."""
    out: list[int] = []
    for group in text.split():
        out += list(parse_hand(group).concealed) if group else []
    return out


def _ordered(text: str) -> list[int]:
    hand = parse_hand(text)
    return list(hand.concealed)


def stacked_round(
    ruleset: Ruleset,
    hands: Sequence[str],
    draws: str = "",
    rules: TurnRules | None = None,
    options: dict[str, object] | None = None,
    seed: int = 1,
) -> Round:
    """A round of seat 0 dealing the four `hands` (14 tiles for seat 0), then `draws` in the
    order they are drawn (seat 1's first draw first)."""
    stack: list[int] = []
    for text in hands:
        stack += _ordered(text)
    if draws:
        for group in draws.split():
            stack += _ordered(group)
    return Round(ruleset, seed=seed, stacked=stack, rules=rules, options=options)


def kinds(game: Round, seat: int) -> set[str]:
    return {a.kind for a in game.legal_actions(seat)}


def act(game: Round, seat: int, kind: str, tile: str | None = None) -> None:
    """Play the one legal action of `kind` (on `tile`) for `seat`."""
    wanted = [
        a
        for a in game.legal_actions(seat)
        if a.kind == kind and (tile is None or a.tile == parse_hand(tile).concealed[0])
    ]
    assert wanted, (kind, tile, game.legal_actions(seat))
    game.apply(wanted[0])


def pass_all(game: Round) -> None:
    for seat in game.to_act():
        game.apply(Action(seat, "pass"))
