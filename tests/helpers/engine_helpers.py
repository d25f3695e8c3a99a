"""Set-up rounds for the engine tests of every rulebook's clauses (`tests/rulebooks/
test_engine_*.py`, `tests/game/`): a round set up by a `mjc.runtime.Scenario` from hands written
in notation, and the drivers those tests share (play a step or a script, play a round out,
carry it into a `Match`, recompute where the dice broke the wall). They read a round only
through its documented API (`Round.state()`, `legal_actions`, `events`, `result`): no test
reads an engine attribute of its own (`tests/game/test_game_surface.py` checks it).

`scenario_round` is the one way to set a round up: the hands go by seat, then the draws from
the head in drawing order (`draws`), the tiles drawn from the tail in order (`tail`: kong and
flower replacements, the first first), the flipped `indicator` and the `last` drawable tile
(海底); the other tiles are the seed's. Notation keeps the order written, flowers included
("1z3f5z" is 1z, 3f, 5z): the dealer's last written tile is the one he "drew" (his 天胡 tile,
the one a bot that discards what it drew throws first).

`script` plays steps such as "0 discard 5s", "2 pass", "1 chow 3m 2m" (a chow names the
claimed tile and the low tile of its run), "3 win"; each must be legal at that point.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from mjc.runtime import Ruleset, Scenario
from mjc.runtime.bots.simple import Bot, play_round
from mjc.runtime.game.actions import Action
from mjc.runtime.game.engine import Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.observation import observation
from mjc.runtime.rules.turnrules import TurnRules
from mjc.runtime.tiles.tile import tile_index
from tests.conftest import ruleset

# Four hands that claim nothing from each other unless a test says so: each seat's tiles are
# spread so no discard below completes a pong, chow or win by accident. The dealer's last
# tile (the one he drew, a `NoWinBot`'s first discard) is 5z.
SEAT0 = "147m147p14s9s12345z"
SEAT1 = "258m258p25s1234z9s"
SEAT2 = "369m369p36s567z99s"
SEAT3 = "123m123p123s6677z"


def scenario_round(
    ruleset: Ruleset,
    hands: Sequence[str],
    draws: str = "",
    *,
    tail: str = "",
    indicator: str | None = None,
    last: str | None = None,
    rules: TurnRules | None = None,
    options: dict[str, object] | None = None,
    seed: int = 1,
    dealer: int = 0,
    streak: int = 0,
    round_wind: str = "E",
) -> Round:
    """A round of `dealer` (seat 0 unless said) dealing `hands`, one per seat in seat order
    (14 tiles for the dealer, flowers included; as many seats as hands), then `draws` in
    the order they are drawn (the dealer's 下家's first draw first), `tail` drawn from the
    tail in order, the `indicator` and the `last` tile (see the module docstring)."""
    scenario = Scenario(
        hands=dict(enumerate(hands)),
        head=draws,
        tail=tail,
        indicator=indicator,
        last=last,
        dealer=dealer,
        streak=streak,
    )
    return Round(
        ruleset,
        seed=seed,
        scenario=scenario,
        rules=rules,
        options=options,
        players=len(hands),
        round_wind=round_wind,
    )


def book_round(
    book: str,
    hands: Sequence[str],
    draws: str = "",
    tail: str = "",
    last: str | None = None,
    **options: object,
) -> Round:
    """A round of the bundled rulebook `book` (seat 0 deals) under `options`."""
    return scenario_round(
        ruleset(book), hands, draws, tail=tail, last=last, options=options or None
    )


def book_match(book: str, dealer: int = 0, seed: int = 5) -> Match:
    """A match of the bundled rulebook `book`, `dealer` dealing its first round."""
    return Match(ruleset(book), seed=seed, dealer=dealer)


def rotated(hands: Sequence[str], dealer: int) -> list[str]:
    """`hands` written from the dealer on, placed at the seats of a round `dealer` deals."""
    return [hands[(seat - dealer) % len(hands)] for seat in range(len(hands))]


def match_round(match: Match, hands: Sequence[str], draws: str = "", tail: str = "") -> Round:
    """The match's next round (its dealer, wind and streak), set up with `hands`, `draws` and
    `tail`, so `Match.finish` carries it forward as one of its own."""
    scenario = Scenario(hands=dict(enumerate(hands)), head=draws, tail=tail)
    return match.next_round(scenario=scenario)


def kinds(game: Round, seat: int) -> set[str]:
    return {a.kind for a in game.legal_actions(seat)}


def act(game: Round, seat: int, kind: str, tile: str | None = None, low: str | None = None) -> None:
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
    rolled = game.state().wall.dice
    dice = rolled[:2]
    stacks = (sum(game.copies) + 1) // 2
    per_wall = -(-stacks // game.players)
    owner = (game.dealer + sum(dice) - 1) % game.players
    into = min(dice) if smaller else sum(rolled)
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
    while game.state().phase in ("claim", "rob", "set_aside"):
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
    play_out_drawn(game, lambda g: g.state().wall.drawable == 0)


def last_turn(game: Round) -> bool:
    """The wall's last tile is drawn and its seat is to play."""
    state = game.state()
    return state.wall.drawable == 0 and state.phase == "turn"


def drawn(game: Round) -> str:
    """The tile the seat to play drew for this turn (there must be one)."""
    state = game.state()
    assert state.drawn is not None, f"nothing drawn in phase {state.phase}"
    return state.drawn.tile


def drew_after_kong(game: Round) -> bool:
    """The seat to play drew its kong's replacement (杠上开花 would be won on it)."""
    drawn = game.state().drawn
    return drawn is not None and drawn.after_kong
