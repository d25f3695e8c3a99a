"""四川麻将 血战到底 played (rulebooks/sichuan.mjr, issue 23 §1): one test per play clause,
named after it — 定缺 declared and enforced by the engine, 血战到底's second and third wins on
later turns (the winners leaving), 血流成河's winners staying and winning again, and the
bots-only rounds of `mjc play` whose logs `mjc replay` checks; `mjc simulate` reports the
win events of both modes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime import Ruleset
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.game.actions import Action, IllegalAction
from mjc.runtime.game.engine import Round
from mjc.runtime.game.players import play_round
from mjc.runtime.tiles.tile import tile_index, tile_text
from tests.helpers.engine_helpers import scenario_round
from tests.helpers.settlement_helpers import assert_settles_and_replays

from ..conftest import ruleset  # type: ignore[import-not-found]

XUELIU = {"mode": "xueliu"}
NO_SWAP = {"swap_three": "off"}


@pytest.fixture(scope="module")
def sichuan() -> Ruleset:
    return ruleset("sichuan")


def greedy_round(rules: Ruleset, seed: int, options: dict[str, Any] | None = None) -> Round:
    game = Round(rules, seed=seed, options=options)
    bot = GreedyBot(rules, options)
    play_round(game, [bot] * 4)
    return game


# ---------------------------------------------------------------- the turn rules


def test_xuezhan_daodi_the_winners_leave_by_default_and_xueliu_chenghe_stays(
    sichuan: Ruleset,
) -> None:
    assert sichuan.turn_rules(sichuan.resolve_options(None)).after_win == "leave"
    assert sichuan.turn_rules(sichuan.resolve_options(XUELIU)).after_win == "stay"


def test_yipao_duoxiang_several_seats_win_on_one_discard(sichuan: Ruleset) -> None:
    rules = sichuan.turn_rules(sichuan.resolve_options(None))
    assert rules.several_winners and rules.priority == ("win", "kong", "pong")


# ---------------------------------------------------------------- 换三张

STEP = {"next": 1, "previous": 3, "opposite": 2}


def test_huansanzhang_three_tiles_of_one_suit_pass_the_way_the_dice_say(
    sichuan: Ruleset,
) -> None:
    seen: set[str] = set()
    for seed in range(12):
        game = Round(sichuan, seed=seed)
        assert game.state().phase == "exchange"
        bot = GreedyBot(sichuan, None)
        picks: dict[int, list[str]] = {}
        for seat in range(4):
            action = bot.choose(game.observation(seat), game.legal_actions(seat))
            assert action.kind == "exchange" and len(action.tiles) == 3
            assert len({tile_text(t)[-1] for t in action.tiles}) == 1  # one suit
            picks[seat] = sorted(tile_text(t) for t in action.tiles)
            game.apply(action)
        exchange = game.state().exchange
        assert exchange is not None and exchange.direction in STEP
        assert (
            sum(exchange.dice) % 3 == {"next": 1, "previous": 2, "opposite": 0}[exchange.direction]
        )
        for seat in range(4):
            receiver = (seat + STEP[exchange.direction]) % 4
            assert game.observation(receiver)["exchange"]["received"] == picks[seat]
        seen.add(exchange.direction)
        assert game.state().phase == "declare"  # 定缺 follows
    assert seen == set(STEP)  # every direction came up


def test_huansanzhang_off_opens_no_exchange(sichuan: Ruleset) -> None:
    game = Round(sichuan, seed=0, options={"swap_three": "off"})
    assert game.state().phase == "declare" and game.state().exchange is None


# ---------------------------------------------------------------- 定缺

# The dealer (14) holds one bamboo, 5s; the others hold whatever fits beside it.
DEALER = "1234m567m789p111p5s"
OTHERS = ["234p456p789p1155s", "123m456m789s2233s", "369m369p369s1478m"]


def test_dingque_every_seat_declares_a_suit_before_the_first_discard(sichuan: Ruleset) -> None:
    game = scenario_round(sichuan, [DEALER, *OTHERS], options=NO_SWAP)
    assert game.state().phase == "declare" and sorted(game.to_act()) == [0, 1, 2, 3]
    kinds = {a.kind for a in game.legal_actions(0)}
    assert kinds == {"declare"}


def test_dingque_the_missing_suit_is_discarded_first(sichuan: Ruleset) -> None:
    game = scenario_round(sichuan, [DEALER, *OTHERS], options=NO_SWAP)
    for seat, suit in enumerate(("s", "m", "p", "m")):
        game.apply(Action(seat, "declare", tile_index("1" + suit)))
    discards = {a.tile for a in game.legal_actions(0) if a.kind == "discard"}
    assert discards == {tile_index("5s")}
    with pytest.raises(IllegalAction):
        game.apply(Action(0, "discard", tile_index("1m")))


def test_dingque_the_engine_logs_the_declarations_and_the_round_json_carries_them(
    sichuan: Ruleset,
) -> None:
    game = greedy_round(sichuan, seed=2)
    assert game.result is not None
    declared = game.result["outcome"]["declarations"]
    assert sorted(declared) == ["0", "1", "2", "3"]
    assert all(d["missing_suit"] in ("m", "p", "s") for d in declared.values())
    assert_settles_and_replays(sichuan, game)


# ---------------------------------------------------------------- 血战到底 / 血流成河


def win_turns(game: Round) -> list[tuple[int, ...]]:
    return [event.seats for event in game.state().win_events]


def test_xuezhan_daodi_a_second_and_third_win_on_later_turns_the_winners_leaving(
    sichuan: Ruleset,
) -> None:
    for seed in range(30):
        game = greedy_round(sichuan, seed)
        events = win_turns(game)
        winners = [seat for event in events for seat in event]
        if len(events) >= 3:
            assert len(set(winners)) == len(winners)  # nobody wins twice: they left
            assert len(winners) <= 3  # the round ends when three have won
            assert_settles_and_replays(sichuan, game)
            return
    raise AssertionError("no seed gave three win events")


def test_xueliu_chenghe_a_winner_stays_and_wins_again(sichuan: Ruleset) -> None:
    for seed in range(30):
        game = greedy_round(sichuan, seed, XUELIU)
        winners = [seat for event in win_turns(game) for seat in event]
        if len(set(winners)) < len(winners):
            assert game.result is not None and game.result["exhaustive_draw"]
            assert_settles_and_replays(sichuan, game)
            return
    raise AssertionError("no seed gave a seat two wins")


def test_gangshangpao_the_engine_names_it_and_huijiao_zhuanyi_is_paid(sichuan: Ruleset) -> None:
    for seed in range(150):  # a round that holds a 杠上炮 (seed 7 today)
        game = greedy_round(sichuan, seed)
        assert game.settlement is not None
        transfers = [x for x in game.settlement.lines if x.kind == "kong_transfer"]
        if transfers:
            assert all(x.payer != x.payee for x in transfers)
            assert_settles_and_replays(sichuan, game)
            return
    raise AssertionError("no seed gave a 杠上炮 paid on by 呼叫转移")


def test_mjc_play_sichuan_bots_only_logs_rounds_of_several_wins_that_mjc_replay_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    several = 0
    for seed in range(4):
        log = tmp_path / f"g{seed}.jsonl"
        args = ["play", "sichuan", "--bots-only", "--bot", "greedy", "--seed", str(seed)]
        assert main([*args, "--log", str(log), "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        several += len(result["result"]["win_events"]) >= 2
        assert main(["replay", str(log)]) == 0
        capsys.readouterr()
    assert several >= 2


def test_mjc_simulate_sichuan_reports_several_win_events_and_compares_xueliu_chenghe(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "sichuan", "--games", "16", "--bots", "greedy", "--workers", "1"]
    assert main([*args, "--compare", "mode=xueliu", "--compare", "血流成河", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    base, xueliu, preset = (variant["report"] for variant in report["variants"])
    # a preset named by its name plays its settings: the same games as mode=xueliu
    assert [v["label"] for v in report["variants"]] == ["base", "mode=xueliu", "血流成河"]
    assert preset["win_events"] == xueliu["win_events"]
    # 血战到底: up to three win events a round; 血流成河: the winners stay and win again
    assert 1.5 < base["win_events"]["mean"] <= 3
    assert xueliu["win_events"]["mean"] > base["win_events"]["mean"]
    assert base["outcomes"]["win"]["rate"] > 0.5
