"""Set-up deals for the engine tests of every rulebook's clauses (`tests/rulebooks/
test_engine_*.py`, `test_game_rules.py`): a stacked wall from hands written in notation, and
the drivers those tests share (play a step or a script, play a round out, carry it into a
`Match`, recompute where the dice broke the wall).

`stacked_round` is the one way to stack a wall. The hands go by seat (dealt from the dealer
on), then the draws in drawing order; with `tail` the whole wall is known: the unnamed tiles
follow (flowers first, so no replacement the test did not name is a flower), then the `tail`
tiles, the first of them at the very end of the wall (the first kong or flower replacement,
a flipped indicator, or the last ordinary draw when nothing is replaced). Notation keeps the
order written, flowers included ("1z3f5z" is 1z, 3f, 5z): the dealer's last written tile is
the one he "drew" (his 天胡 tile, the one a bot that discards what it drew throws first).

`script` plays steps such as "0 discard 5s", "2 pass", "1 chow 3m 2m" (a chow names the
claimed tile and the low tile of its run), "3 win"; each must be legal at that point.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from mjc.runtime import Ruleset
from mjc.runtime.bots.simple import Bot, play_round
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import NUM_PLAYING, tile_index, tile_text

# Four hands that claim nothing from each other unless a test says so: each seat's tiles are
# spread so no discard below completes a pong, chow or win by accident. The dealer's last
# tile (the one he drew, a `NoWinBot`'s first discard) is 5z.
SEAT0 = "147m147p14s9s12345z"
SEAT1 = "258m258p25s1234z9s"
SEAT2 = "369m369p36s567z99s"
SEAT3 = "123m123p123s6677z"

_GROUP = re.compile(r"(\d+)([mpszf])")


def tile_list(text: str) -> list[int]:
    """The tiles of `text` in the order written, flowers (`f`) included."""
    out: list[int] = []
    for digits, suit in _GROUP.findall(text):
        out += [tile_index(d + suit) for d in digits]
    return out


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
    round_wind: str = "E",
) -> Round:
    """A round of `dealer` (seat 0 unless said) dealing `hands`, one per seat in seat order
    (14 tiles for the dealer, more with flowers; as many seats as hands), then `draws` in
    the order they are drawn (the dealer's 下家's first draw first). Without `tail` the rest
    of the wall is shuffled; with it (even "") the whole wall is stacked (module docstring)."""
    n = len(hands)
    head: list[int] = []
    for i in range(n):
        head += tile_list(hands[(dealer + i) % n])
    head += tile_list(draws)
    if tail is not None:
        back = tile_list(tail)[::-1]
        left = list(ruleset.tile_copies(ruleset.resolve_options(options, players=n)))
        for t in head + back:
            left[t] -= 1
        over = [tile_text(t) for t, k in enumerate(left) if k < 0]
        assert not over, f"the stacked wall holds more of {over} than the set has"
        # Flowers first among the unnamed tiles: drawn only after every stacked draw, never
        # as a replacement the test did not name.
        rest = [t for t in range(len(left)) if t >= NUM_PLAYING for _ in range(left[t])]
        rest += [t for t in range(NUM_PLAYING) for _ in range(left[t])]
        head += rest + back
    return Round(
        ruleset, seed=seed, stacked=head, rules=rules, options=options, players=n,
        dealer=dealer, streak=streak, round_wind=round_wind,
    )


def match_round(match: Match, hands: Sequence[str], draws: str = "", tail: str = "") -> Round:
    """The match's next round, dealt from a whole stacked wall (its dealer, wind and streak),
    so `Match.finish` carries it forward as one of its own."""
    return stacked_round(
        match.ruleset, hands, draws, options=match.options, dealer=match.dealer,
        streak=match.streak, tail=tail, round_wind=match.round_wind,
    )


def kinds(game: Round, seat: int) -> set[str]:
    return {a.kind for a in game.legal_actions(seat)}


def act(
    game: Round, seat: int, kind: str, tile: str | None = None, low: str | None = None
) -> None:
    """Play the one legal action of `kind` (on `tile`; a chow's run from `low`) for `seat`."""
    at = tile_index(tile) if tile is not None else None
    run = tile_index(low) if low is not None else None
    wanted = [
        a
        for a in game.legal_actions(seat)
        if a.kind == kind and (at is None or a.tile == at) and (run is None or a.low == run)
    ]
    assert wanted, (kind, tile, low, game.legal_actions(seat))
    game.apply(wanted[0])


def step(game: Round, text: str) -> None:
    """Play one step such as "0 discard 5s" or "1 chow 3m 2m" (see the module docstring)."""
    seat, kind, *where = text.split()
    act(game, int(seat), kind, *where)


def script(game: Round, *steps: str) -> None:
    for text in steps:
        step(game, text)


def pass_all(game: Round) -> None:
    for seat in game.to_act():
        game.apply(Action(seat, "pass"))


def tile(text: str) -> int:
    """The tile int of one tile in notation (`5m`)."""
    return tile_index(text)


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


def play_out_drawn(
    game: Round, stop: Callable[[Round], bool] | None = None, max_steps: int = 2_000
) -> None:
    """Play with `NoWinBot` in every seat (no claim, no kong, the drawn tile discarded) to the
    end of the round, or until `stop(game)` holds."""
    bot = NoWinBot()
    for _ in range(max_steps):
        if game.over or (stop is not None and stop(game)):
            return
        for seat in game.to_act():
            game.apply(bot.choose(observation(game, seat), game.legal_actions(seat)))
    raise AssertionError("the round did not end")


def play_until_wall_empty(game: Round) -> None:
    """Play with `NoWinBot` in every seat until the last drawable tile has been drawn."""
    play_out_drawn(game, lambda g: g.wall.drawable == 0)
