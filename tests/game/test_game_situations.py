"""The engine never produces a situation that cannot hold: over whole rounds of every bundled
rulebook (option sets that bring kongs, wilds, flowers, horses and 荒番), with bots that win,
kong and claim whenever they may, every win is scored with situations its rulebook's
presumptions accept (issue 30: 抢杠, 人胡, 天胡 … as the prelude says). The engine lets a
`SituationError` through instead of reading it as "no win", so a round that derived an
impossible situation fails here rather than silently refusing a real win."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mjc.runtime import Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.engine import Round
from tests.conftest import ruleset
from tests.game.test_game_properties import _cases, _EagerBot, _players


def _bot(kind: str, rules: Ruleset, options: dict[str, object], seed: int) -> object:
    """Random bots reach the wall's end (海底); eager ones kong and claim; greedy ones play
    toward a win, so rounds end in wins of every kind."""
    if kind == "greedy":
        return GreedyBot(rules, options)
    return _EagerBot(seed) if kind == "eager" else RandomBot(seed)


@settings(max_examples=80, deadline=None)
@given(
    case=st.sampled_from(_cases()),
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    pick=st.integers(min_value=0, max_value=2),
    bot=st.sampled_from(("random", "eager", "greedy")),
)
def test_every_win_of_a_played_round_has_situations_that_can_hold(
    case: tuple[str, dict[str, object]], seed: int, pick: int, bot: str
) -> None:
    name, options = case
    rules = ruleset(name)
    players = _players(name, options, pick)
    game = Round(rules, seed=seed, options=options, players=players)
    bots = [_bot(bot, rules, options, seed + s) for s in range(players)]
    outcome = play_round(game, bots)["outcome"]  # a SituationError would escape from here
    for winner in outcome.get("winners", ()):
        situations = list(winner.get("situations", ()))
        if len(outcome.get("winners", ())) == 3:
            situations.append("triple_win")  # as the settlement adds it
        score = rules.score(
            winner["hand"],
            win=winner.get("win_tile"),
            self_drawn=winner.get("self_drawn", False),
            dealer=winner["seat"] == outcome["dealer"],
            situations=situations,
            players=outcome["players"],
            options=outcome.get("options") or None,
            indicator=outcome.get("indicator"),
        )  # raises SituationError for a situation its presumptions refuse
        assert score.win, (winner, score.reason)
