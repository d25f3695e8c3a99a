"""Whole rounds under every bundled rulebook, option sets and seeds, with random bots:
every tile is accounted for after every action, only legal actions are accepted, a replayed
log reproduces the round exactly, and the settlement sums to zero."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from mjc.runtime.bots.simple import RandomBot, play_round
from mjc.runtime.game.actions import KINDS, Action, IllegalAction
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay, validate_line
from mjc.runtime.score.options import OptionError
from tests.conftest import ruleset

RULEBOOKS = ("baise", "chaozhou", "guangdong", "mcr", "meizhou", "shanghai")

# Option sets that change play: wilds (百色 王牌, 潮州 鬼牌 翻鬼), the tile set (百色 带风 off,
# 潮州 无字/无风), horses bought at the deal and turned up at the end, 只可自摸, 不可吃.
OPTION_SETS: dict[str, tuple[dict[str, object], ...]] = {
    "baise": (
        {},
        {"wang": "da", "horses": "any_win", "horse_count": "4"},
        {"wang": "xiao", "with_honours": False},
        {"no_chow": True, "zimo_only": True},
    ),
    "chaozhou": (
        {},
        {"ghost": "flip", "buy_horses": "2", "bonus_horses": "5"},
        {"ghost": "white", "buy_horses": "penalty1", "follow_dealer": True},
        {"no_dragons": True, "no_winds": True, "hu": "zimo"},
    ),
    "guangdong": ({}, {"seven_pairs": True}),
    "mcr": ({},),  # no options; it plays by the engine's defaults (it has no play section)
    "meizhou": ({}, {"combine_hands": False}),
    "shanghai": ({}, {"seven_pairs": False}),
}


def _cases() -> list[tuple[str, dict[str, object]]]:
    return [(name, options) for name in RULEBOOKS for options in OPTION_SETS[name]]


def _players(name: str, options: dict[str, object], pick: int) -> int:
    """A player count the rulebook allows with these options (跟庄 needs 3 or 4)."""
    rs = ruleset(name)
    counts = rs.players
    for i in range(len(counts)):
        n = counts[(pick + i) % len(counts)]
        try:
            rs.resolve_options(options, players=n)
        except OptionError:
            continue
        return n
    raise AssertionError(f"no player count allows {options}")


@settings(max_examples=60, deadline=None)
@given(
    case=st.sampled_from(_cases()),
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    pick=st.integers(min_value=0, max_value=2),
)
def test_every_tile_is_accounted_for_and_only_legal_actions_pass(
    case: tuple[str, dict[str, object]], seed: int, pick: int
) -> None:
    name, options = case
    game = Round(ruleset(name), seed=seed, options=options, players=_players(name, options, pick))
    copies = list(game.copies)
    rng = random.Random(seed)
    assert game.census() == copies
    while not game.over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        # A random action that is not legal is refused and changes nothing.
        bogus = Action(rng.randrange(game.players), rng.choice(KINDS), rng.randrange(34))
        if bogus not in game.legal_actions(bogus.seat):
            before = (len(game.events), game.census())
            try:
                game.apply(bogus)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{bogus} was accepted")
            assert (len(game.events), game.census()) == before
        game.apply(legal[rng.randrange(len(legal))])
        assert game.census() == copies
    assert game.result is not None
    table = game.result.get("deposits", {"before": 0, "after": 0})  # 供託 move between rounds
    assert sum(game.result["deltas"]) + table["after"] - table["before"] == 0


@settings(max_examples=40, deadline=None)
@given(case=st.sampled_from(_cases()), seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_a_replayed_log_reproduces_the_round(
    case: tuple[str, dict[str, object]], seed: int
) -> None:
    name, options = case
    rs = ruleset(name)
    game = Round(rs, seed=seed, options=options)
    play_round(game, [RandomBot(seed + i) for i in range(game.players)])
    lines = log_lines(game)
    for line in lines:
        validate_line(line)  # every line is valid under the published schema
    again = replay(rs, lines)
    assert again.events == json.loads(json.dumps(game.events))
    assert again.result == json.loads(json.dumps(game.result))
    assert again.census() == game.census()


_EAGER = {"win": 0, "added_kong": 1, "concealed_kong": 1, "exposed_kong": 1, "pong": 2,
          "chow": 3, "discard": 4, "pass": 5}  # fmt: skip


class _EagerBot:
    """Wins, kongs, pongs and chows whenever it may (random among equals): rounds that end in
    wins, claims and kongs far more often than random play, for the settlement paths."""

    blind = True

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: object, legal: list[Action]) -> Action:
        best = min(_EAGER[a.kind] for a in legal)
        chosen = [a for a in legal if _EAGER[a.kind] == best]
        return chosen[self._rng.randrange(len(chosen))]


@pytest.mark.parametrize("name", RULEBOOKS)
def test_eager_rounds_settle_to_zero_with_every_tile_in_place(name: str) -> None:
    rs = ruleset(name)
    wins = 0
    # 60 rounds at least, then on until one is won: in 梅州 only self-drawn wins count and
    # eager claims make them rare (about one round in thirty), so 60 may all end drawn.
    for i in range(200):
        if i >= 60 and wins:
            break
        options = OPTION_SETS[name][i % len(OPTION_SETS[name])]
        players = _players(name, options, i)
        game = Round(rs, seed=i, options=options, players=players)
        result = play_round(game, [_EagerBot(i * 7 + s) for s in range(players)])
        assert sum(result["deltas"]) == 0
        assert game.census() == list(game.copies)
        wins += bool(result["winners"])
    assert wins > 0


@pytest.mark.parametrize("name", RULEBOOKS)
def test_the_round_json_checked_as_any_round_settles_as_the_engine_settled_it(name: str) -> None:
    """The engine settles its own round without checking it again (`played`); the same round
    JSON given to `Ruleset.settle` as any round from outside passes every check (the round's,
    the rulebook's claims and copies) and settles the same."""
    rs = ruleset(name)
    for i in range(40):
        options = OPTION_SETS[name][i % len(OPTION_SETS[name])]
        players = _players(name, options, i)
        game = Round(rs, seed=i, options=options, players=players)
        bots = [(_EagerBot if i % 2 else RandomBot)(i * 7 + s) for s in range(players)]
        result = play_round(game, bots)
        checked = rs.settle(json.loads(json.dumps(result["outcome"])))
        assert checked.deltas == result["deltas"]
        assert repr(checked.lines) == repr(game.settlement.lines)
