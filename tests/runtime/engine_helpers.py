"""Set-up deals for the engine tests: a stacked wall from hands written in notation, and the
few drivers the clause tests of every rulebook share (play a round out, carry it into a
`Match`, recompute where the dice broke the wall)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mjc.runtime import Ruleset
from mjc.runtime.actions import Action
from mjc.runtime.bots import Bot, play_round
from mjc.runtime.game import Round
from mjc.runtime.hand import parse_hand
from mjc.runtime.match import Match
from mjc.runtime.observation import observation
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
    dealer: int = 0,
    streak: int = 0,
    tail: str | None = None,
) -> Round:
    """A round of `dealer` (seat 0 unless said) dealing `hands`, one per seat in seat order
    (14 tiles for the dealer, as many seats as hands), then `draws` in the order they are
    drawn (the dealer's 下家's first draw first).

    With `tail` the whole wall is stacked: after the draws come the rest of the set in tile
    order, then the `tail` tiles, so its last tile is the wall's last (the first kong
    replacement, a flipped indicator, the last ordinary draw when nothing is replaced)."""
    n = len(hands)
    stack: list[int] = []
    for i in range(n):
        stack += _ordered(hands[(dealer + i) % n])
    if draws:
        for group in draws.split():
            stack += _ordered(group)
    if tail is not None:
        end = tiles(tail)
        values = ruleset.resolve_options(options, players=n)
        left = list(ruleset.tile_copies(values))
        for t in (*stack, *end):
            left[t] -= 1
        assert min(left) >= 0, "the stacked wall holds more of a tile than the set has"
        stack += [t for t, k in enumerate(left) for _ in range(k)] + end
    return Round(
        ruleset, seed=seed, stacked=stack, rules=rules, options=options, players=n,
        dealer=dealer, streak=streak,
    )


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


def tile(text: str) -> int:
    """The tile int of one tile in notation (`5m`)."""
    return parse_hand(text).concealed[0]


class NoWinBot:
    """Plays a round out without ending it early: passes every claim, declares no kong and
    discards the tile it drew (the last of its tiles after a claim); it wins only when the
    round offers nothing else (必胡)."""

    blind = False

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind == "pass":
                return action
        discards = [a for a in legal if a.kind == "discard"]
        drawn = observation.get("drawn") if observation else None
        for action in discards:
            if drawn is not None and action.tile == tile(drawn):
                return action
        return discards[-1] if discards else legal[0]


def play_out(game: Round, bot: Bot | None = None) -> dict[str, Any]:
    """Play `game` to its end with `bot` (a `NoWinBot` unless said) in every seat."""
    chosen = bot if bot is not None else NoWinBot()
    return play_round(game, [chosen] * game.players)


def events_of(game: Round, kind: str) -> list[dict[str, Any]]:
    """The events of one type (`draw`, `claim`, `action` ...), in order."""
    return [e for e in game.events if e["type"] == kind]


def break_start(game: Round, smaller: bool) -> int:
    """The stack drawing starts at, recomputed from the round's dice as the seeds word it:
    the dice sum counted from the dealer (who counts as 1) picks the broken wall; drawing
    starts the smaller die (`smaller`) or the dice sum further on."""
    dice = game.wall.dice[:2]
    stacks = (sum(game.copies) + 1) // 2
    per_wall = -(-stacks // game.players)
    owner = (game.dealer + sum(dice) - 1) % game.players
    into = min(dice) if smaller else sum(game.wall.dice)
    return (owner * per_wall + into) % stacks


def broken_wall(game: Round, start: int) -> list[int]:
    """The tile set as the round's seed shuffled it, broken at stack `start`: the wall in
    drawing order, had the dice started it there."""
    tiles = [t for t, n in enumerate(game.copies) for _ in range(n)]
    random.Random(game.seed).shuffle(tiles)
    cut = 2 * start
    return tiles[cut:] + tiles[:cut]


def finish_in_match(match: Match, game: Round) -> None:
    """Carry a finished set-up round into `match`, as `Match.play` does with its own."""
    assert game.result is not None, "the round is not over"
    match.finish(game)


def pass_claims(game: Round) -> None:
    """Every seat asked about a discard or a kong passes (nothing when nobody is asked)."""
    while game.phase in ("claim", "rob"):
        for seat in game.to_act():
            game.apply(Action(seat, "pass"))


def play_until_wall_empty(game: Round) -> None:
    """Play with `NoWinBot` in every seat until the last drawable tile has been drawn."""
    bot = NoWinBot()
    while game.wall.drawable > 0 and not game.over:
        for seat in game.to_act():
            game.apply(bot.choose(observation(game, seat), game.legal_actions(seat)))
