"""Settling rounds by one compiled rulebook: the settlement part of `Ruleset`.

`SettlingRules` holds `Ruleset`'s settlement methods: `settle` (a round, validated from its
JSON or given as a `RoundOutcome`), `settle_played` (the game engine's round, with the hands
it holds at an exhaustive draw) and `draw_seat` (what settles one seat at a draw: its waits,
the best hand it is ready for and the draw lines that hold for it). Their input comes from
the caller (`mjc settle`, a game server) or from the engine (`mjc.runtime.game.roundend`);
the settlement itself is `mjc.runtime.settle.settlement`. The options, wilds and situations
they read are `GameRules`'; the scoring they call is `Ruleset.score`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, cast

from mjc.runtime.rules.gamecache import Game
from mjc.runtime.rules.gamerules import GameRules
from mjc.runtime.rules.waits import ruleset_wait_list
from mjc.runtime.score.options import OptionError
from mjc.runtime.score.scoring import Score
from mjc.runtime.score.situationargs import with_declared
from mjc.runtime.settle.payments import DrawHand, HeldAtDraw
from mjc.runtime.tiles.hand import Hand

if TYPE_CHECKING:
    from mjc.runtime.rules.ruleset import Ruleset
    from mjc.runtime.settle.round import RoundOutcome
    from mjc.runtime.settle.settlement import Settlement

__all__ = ["SettlingRules"]


class SettlingRules(GameRules):
    """`Ruleset`'s settlement (see the module docstring)."""

    score: Callable[..., Score]  # `Ruleset.score`

    def settle(
        self, outcome: RoundOutcome | Mapping[str, object], *, played: bool = False
    ) -> Settlement:
        """Settle a finished round (a `RoundOutcome`, or JSON-like data validated as one): a
        `mjc.runtime.settle.settlement.Settlement` whose deltas sum to zero. Raises `RoundError` (a
        `ValueError`) naming the field for a round this rulebook cannot settle. `played` is for
        the game engine alone: the round JSON it wrote of a round it played under this
        rulebook, which its play already holds to the round's checks and the rulebook's (its
        claims, kongs, wilds, copies of each tile), settled without making them again."""
        # The round's model needs pydantic: imported when a round is settled, not before.
        from mjc.runtime.settle.round import RoundOutcome, parse_round

        if not isinstance(outcome, RoundOutcome):
            outcome = parse_round(
                outcome, self._win_tiles, played=played, players=self.round_players
            )
        return self._settled(outcome, played, None)

    @property
    def round_players(self) -> int | None:
        """How many play in a round JSON that does not say: the rulebook's only count where
        it is played by one other than four (三麻: 3), else None (the round's own 4)."""
        only = self.players[0] if len(self.players) == 1 else 4
        return None if only == 4 else only

    def settle_played(
        self, outcome: Mapping[str, object], held: Mapping[int, HeldAtDraw]
    ) -> Settlement:
        """`settle(outcome, played=True)` for the game engine, which gives the hands still
        playing at an exhaustive draw as it holds them (`held`, by seat: each the `Hand` its
        text in `outcome["hands"]` reads as, and its wait set) beside that text, so they are
        not parsed and their waits not looked for again: the same settlement."""
        from mjc.runtime.settle.round import parse_round

        return self._settled(parse_round(outcome, self._win_tiles, played=True), True, held)

    def _settled(
        self, outcome: RoundOutcome, played: bool, held: Mapping[int, HeldAtDraw] | None
    ) -> Settlement:
        """The settlement of a validated round: `settle`'s and `settle_played`'s."""
        from mjc.runtime.settle.round import RoundError
        from mjc.runtime.settle.settlement import settle

        n = outcome.players
        if n not in self.players:
            counts = ", ".join(str(p) for p in self.players)
            raise RoundError(f"players: {self.id} is played by {counts} players, not {n}")
        try:
            game = self._games.game(outcome.options, None, n)
        except OptionError as exc:
            raise RoundError(f"options: {exc}") from None
        return settle(
            outcome,
            options=game.values,
            rules=self._round_rules(game, outcome.indicator),
            payments=self.payments,
            unit=self.unit,
            score_hand=self.score,
            deal_wins=self._deal_win_rules(game),
            after_win=game.turn_rules.after_win,
            # The round's game, resolved above, is each seat's: not looked up seat by seat.
            draw_seat=partial(self.draw_seat, game=game),
            checked=played,
            held=held,
        )

    def draw_seat(
        self,
        hand: Hand,
        *,
        seat_wind: str,
        round_wind: str,
        dealer: bool,
        players: int | None,
        options: Mapping[str, object] | None,
        indicator: str | None,
        declared: Mapping[str, str] | None = None,
        waits: frozenset[int] | None = None,
        game: Game | None = None,
    ) -> DrawHand:
        """What settles a seat still playing at an exhaustive draw: whether its hand of 13 is
        ready (`waits`), the best hand it is ready for (its highest-scoring wait, scored as
        a win on a discard with no other situation; 0 when the scoring refuses every one),
        and the draw lines of the payments section that hold for it (by index in
        `payments.draw_rules`, with amounts), their `ready` read from those waits; `declared`
        is what the seat declared before play (定缺), read by its scores and its lines;
        `waits` the engine's wait set of the hand (`HeldAtDraw.waits`), else looked for;
        `game` the game of `options` and `players` when the caller resolved it (a settled
        round's, once for its seats), else looked up. Raises `HandError` and `ValueError` as
        `waits`."""
        found = (
            ()  # the engine's wait set is empty: no tile completes the hand (most seats)
            if waits is not None and not waits
            else ruleset_wait_list(  # `waits`, without the shanten of a hand not ready
                cast("Ruleset", self),  # (a Ruleset is what has this class's methods)
                hand,
                options=options,
                players=players,
                indicator=indicator,
                seat_wind=seat_wind,
                round_wind=round_wind,
                dealer=dealer,
                declared=declared,
                quick=waits,
            )
        )
        if game is None:
            game = self._games.game(options, None, players)
        wild = self._wilds(game, indicator, None) if self.has_wilds else ()
        situation = self._situation(hand, False, seat_wind, round_wind, dealer, (), players, wild)
        if declared:  # what the seat declared before play (定缺), as its lines' `when` reads it
            situation = with_declared(situation, declared, self.spec.declares, self.id)
        best = 0
        if found:  # (most seats wait on nothing, as the situation says)
            situation = dataclasses.replace(situation, waits=tuple(w.tile for w in found))
            best = max((w.score.total for w in found if w.score.win), default=0)
        elif situation.waits:
            situation = dataclasses.replace(situation, waits=())
        return DrawHand(bool(found), best, self.payments.draws(hand, situation, game.values))
