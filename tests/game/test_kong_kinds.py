"""Kinds of kong in play (issue 31 item 5; 长沙麻将's 开杠 and 补张): the test rulebook
tests/helpers/rulebooks/kong_kinds.mjr declares `open` (开杠: only when the hand after it is
ready, two tiles turned up) and `supplement` (补张: one replacement, no kong payment). Each test
sets a round up by hand and plays it through the documented API; the bots-only rounds at the
end play each kind and replay their logs, and a log written before kinds of kong existed
replays unchanged."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.loader import load
from mjc.runtime import Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import play_round
from mjc.runtime.game.actions import Action, action_from_json
from mjc.runtime.game.engine import Round
from mjc.runtime.game.gamelog import log_lines, replay
from mjc.runtime.settle.roundtypes import RoundError
from tests.helpers.engine_helpers import act, events_of, scenario_round
from tests.helpers.settlement_helpers import assert_settles_and_replays
from tests.helpers.small_rulebooks import KONG_KINDS_RULEBOOK

BOOK = KONG_KINDS_RULEBOOK
OLD_LOG = Path(__file__).parent / "logs" / "guangdong_kong_before_kinds.jsonl"

# Seat 0 deals 5555m and a hand that, after konging 5m, waits on 1z alone (ready). Seat 1
# waits on 6m and 9m; seats 2 and 3 wait on nothing the tests turn up.
DEALER = "5555m123p456p789s1z"
NOT_READY = "5555m147p147s369s1z"  # after the kong: no tile completes it
SEAT1 = "78m777p222s333s44z"
SEAT2 = "147m189p14s23567z"
SEAT3 = "258p258s2367z369m"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    loaded = load(str(BOOK))
    assert loaded.ruleset is not None
    return loaded.ruleset


def _set_up(rules: Ruleset, tail: str, dealer: str = DEALER) -> Round:
    return scenario_round(rules, [dealer, SEAT1, SEAT2, SEAT3], tail=tail)


def _kongs(game: Round, seat: int) -> list[Action]:
    return [a for a in game.legal_actions(seat) if a.kind.endswith("_kong")]


def _kong(game: Round, kind: str) -> None:
    wanted = [a for a in _kongs(game, 0) if a.kong_kind == kind]
    assert wanted, _kongs(game, 0)
    game.apply(wanted[0])


def _kong_lines(game: Round) -> list[tuple[int, int, int]]:
    assert game.settlement is not None
    return [(x.payer, x.payee, x.amount) for x in game.settlement.lines if x.kind == "kong"]


def test_a_kong_is_offered_once_per_kind_whose_condition_holds(rules: Ruleset) -> None:
    ready = _set_up(rules, "1z9m")
    assert [a.kong_kind for a in _kongs(ready, 0)] == ["open", "supplement"]
    # 开杠 may be declared only when the hand after the kong is ready (听牌)
    unready = _set_up(rules, "1z9m", dealer=NOT_READY)
    assert [a.kong_kind for a in _kongs(unready, 0)] == ["supplement"]


def test_an_open_kong_turns_up_two_tiles_and_the_konger_may_win_on_either(
    rules: Ruleset,
) -> None:
    game = _set_up(rules, "9m1z")  # the second tile turned up completes the hand
    _kong(game, "open")
    draws = [e for e in events_of(game, "draw") if e["seat"] == 0]
    assert [(e["tile"], e["from"]) for e in draws] == [("9m", "tail"), ("1z", "tail")]
    assert events_of(game, "turn_up") == [{"type": "turn_up", "seat": 0, "tiles": ["9m", "1z"]}]
    assert game.state().phase == "kong"
    assert {a.kind for a in game.legal_actions(0)} == {"win", "pass"}
    act(game, 0, "win")
    assert game.result is not None
    winner = game.result["outcome"]["winners"][0]
    assert (winner["win_tile"], winner["self_drawn"]) == ("1z", True)
    assert "kong_bloom" in winner["situations"]  # 杠上开花
    assert game.result["outcome"]["kongs"] == [{"seat": 0, "kind": "concealed", "as": "open"}]
    assert _kong_lines(game) == [(1, 0, 2), (2, 0, 2), (3, 0, 2)]  # 开杠 is scored
    assert game.census() == list(game.copies)


def test_the_turned_up_tiles_are_discarded_in_order_and_the_others_may_only_win_on_them(
    rules: Ruleset,
) -> None:
    game = _set_up(rules, "8m9m")  # neither completes seat 0; seat 1 waits on 9m
    _kong(game, "open")
    assert game.to_act() == [1]
    assert game.legal_actions(1) == [Action(1, "win"), Action(1, "pass")]
    assert game.state().seats[0].river[-2:] == ("8m", "9m")  # face up, in the order turned up
    assert game.state().question == "9m"  # 8m completes nobody: no window opened on it
    act(game, 1, "win")
    assert game.result is not None
    outcome = game.result["outcome"]
    assert outcome["discarder"] == 0
    assert [(w["seat"], w["win_tile"], w["self_drawn"]) for w in outcome["winners"]] == [
        (1, "9m", False)
    ]


def test_an_exposed_kong_is_claimed_as_a_kind_and_its_feeder_pays_for_it(
    rules: Ruleset,
) -> None:
    game = scenario_round(rules, ["5555m123p456p789s7p", SEAT1, SEAT2, SEAT3], tail="9m")
    act(game, 0, "discard", "7p")  # seat 1 holds 777p: after the kong he waits on 6m and 9m
    offered = [(a.kind, a.kong_kind) for a in game.legal_actions(1)]
    assert offered == [
        ("exposed_kong", "open"),
        ("exposed_kong", "supplement"),
        ("pong", ""),
        ("pass", ""),
    ]
    game.apply(Action(1, "exposed_kong", game.legal_actions(1)[0].tile, -1, "open"))
    assert events_of(game, "turn_up")[0]["tiles"][0] == "9m"
    act(game, 1, "win")
    assert game.result is not None
    outcome = game.result["outcome"]
    assert outcome["kongs"] == [{"seat": 1, "kind": "exposed", "fed_by": 0, "as": "open"}]
    assert _kong_lines(game) == [(0, 1, 3)]


def test_when_nobody_wins_on_them_the_seat_after_the_konger_plays_on(rules: Ruleset) -> None:
    game = _set_up(rules, "1z8m4z")  # 1z completes seat 0's hand; he passes
    _kong(game, "open")
    act(game, 0, "pass")
    # 1z and 8m complete nobody's hand: no window; seat 1 draws (4z, the tail's next tile
    # is not his: his draw comes from the head)
    state = game.state()
    assert (state.phase, state.turn) == ("turn", 1)
    assert state.seats[0].river[-2:] == ("1z", "8m")
    assert game.census() == list(game.copies)


def test_a_supplement_kong_replaces_one_tile_and_earns_no_kong_payment(rules: Ruleset) -> None:
    game = _set_up(rules, "1z")
    _kong(game, "supplement")
    assert not events_of(game, "turn_up")
    assert game.state().phase == "turn"
    act(game, 0, "win")
    assert game.result is not None
    outcome = game.result["outcome"]
    assert outcome["kongs"] == [{"seat": 0, "kind": "concealed", "as": "supplement"}]
    assert "kong_bloom" in outcome["winners"][0]["situations"]
    assert _kong_lines(game) == []  # 补张: 不算杠分
    assert sum(game.result["deltas"]) == 0


def _finished_supplement(rules: Ruleset) -> dict[str, Any]:
    game = _set_up(rules, "1z")
    _kong(game, "supplement")
    act(game, 0, "win")
    assert game.result is not None
    outcome: dict[str, Any] = game.result["outcome"]
    return outcome


def test_settle_pays_a_kong_by_its_kind_and_refuses_a_kind_the_rulebook_lacks(
    rules: Ruleset, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outcome = _finished_supplement(rules)
    assert not [x for x in rules.settle(outcome).lines if x.kind == "kong"]
    scored = {**outcome, "kongs": [{"seat": 0, "kind": "concealed", "as": "open"}]}
    assert [x.amount for x in rules.settle(scored).lines if x.kind == "kong"] == [2, 2, 2]
    # no `as`: the first kind, 开杠, which is scored
    plain = {**outcome, "kongs": [{"seat": 0, "kind": "concealed"}]}
    assert [x.amount for x in rules.settle(plain).lines if x.kind == "kong"] == [2, 2, 2]
    bogus = {**outcome, "kongs": [{"seat": 0, "kind": "concealed", "as": "bogus"}]}
    with pytest.raises(RoundError, match=r"kongs\.0\.as: kong_kinds has no kind of kong 'bogus'"):
        rules.settle(bogus)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(bogus, ensure_ascii=False), encoding="utf-8")
    assert main(["settle", str(BOOK), str(path)]) != 0
    err = capsys.readouterr().err
    assert "has no kind of kong 'bogus'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_bundled_rulebook_has_no_kind_of_kong_and_refuses_one() -> None:
    guangdong = load("guangdong").ruleset
    assert guangdong is not None and guangdong.spec.kong_kinds == ()
    outcome = {
        "players": 4,
        "dealer": 0,
        "winners": [{"seat": 1, "hand": "123m456m789m123p55p", "self_drawn": True}],
        "kongs": [{"seat": 2, "kind": "concealed", "as": "open"}],
    }
    with pytest.raises(RoundError, match="has no kind of kong 'open' \\(it has none\\)"):
        guangdong.settle(outcome)


def test_a_kong_action_that_names_no_kind_is_the_first_kind(rules: Ruleset) -> None:
    game = _set_up(rules, "1z9m")
    game.apply(action_from_json({"seat": 0, "kind": "concealed_kong", "tile": "5m"}))
    assert events_of(game, "turn_up")  # 开杠, the first kind
    action = events_of(game, "action")[0]
    assert "as" not in action  # the log keeps what the caller sent
    act(game, 0, "win")
    assert game.result is not None
    assert game.result["outcome"]["kongs"][0]["as"] == "open"
    again = replay(rules, log_lines(game))
    assert again.events == game.events


def test_a_kind_of_kong_is_named_in_the_json_of_an_action() -> None:
    action = Action(0, "added_kong", 4, -1, "supplement")
    data = action.to_json()
    assert data == {"seat": 0, "kind": "added_kong", "tile": "5m", "as": "supplement"}
    assert action_from_json(data) == action
    with pytest.raises(ValueError, match="only a kong names its kind"):
        action_from_json({"seat": 0, "kind": "discard", "tile": "5m", "as": "open"})


class _KindBot:
    """Wins when it may, makes every kong it may as `kind`, else plays greedily."""

    def __init__(self, rules: Ruleset, kind: str) -> None:
        self.inner, self.kind = GreedyBot(rules, None), kind

    def choose(self, observation: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind == "win" or action.kong_kind == self.kind:
                return action
        return self.inner.choose(observation, legal)


def _played_with(rules: Ruleset, kind: str, wanted: str) -> Round:
    """The first bots-only round (seed 0, 1, …) whose events have a `wanted` line."""
    for seed in range(200):
        game = Round(rules, seed=seed)
        play_round(game, [_KindBot(rules, kind) for _ in range(game.players)])
        if any(k.kong_kind == kind for k in game.state().kongs) and events_of(game, wanted):
            return game
    raise AssertionError(f"no round of 200 made a {kind} kong")


@pytest.mark.parametrize(("kind", "wanted"), [("open", "turn_up"), ("supplement", "draw")])
def test_a_bots_only_round_makes_each_kind_of_kong_and_its_log_replays(
    rules: Ruleset, kind: str, wanted: str
) -> None:
    game = _played_with(rules, kind, wanted)
    assert game.census() == list(game.copies)
    assert_settles_and_replays(rules, game)
    actions = [e for e in events_of(game, "action") if e["kind"].endswith("_kong")]
    assert actions and all(e["as"] == kind for e in actions)


def test_a_log_written_before_kinds_of_kong_replays_unchanged() -> None:
    guangdong = load("guangdong").ruleset
    assert guangdong is not None
    lines = OLD_LOG.read_text(encoding="utf-8").splitlines()
    assert any('"added_kong"' in line for line in lines)
    game = replay(guangdong, lines)
    assert game.over and log_lines(game) == lines
