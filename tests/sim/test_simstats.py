"""The simulation's aggregate, its intervals and its round summary (`mjc.runtime.sim.stats`,
`mjc.runtime.sim.interval`, `mjc.runtime.sim.rounds`), on rounds settled for real."""

from __future__ import annotations

import json
import math
import random

import pytest
from sim_double import fake_round, load_ruleset

from mjc.runtime.sim.interval import mean, rate, t_quantile, welch
from mjc.runtime.sim.rounds import (
    RoundInfo,
    RoundSummary,
    game_seed,
    payment_kind,
    seat_bots,
    summarize,
)
from mjc.runtime.sim.stats import MAX_FAILURES, Failure, Paired, SumStat, Tally, game_metrics


def _rounds(name: str, count: int, seed: int = 7) -> list[RoundSummary]:
    ruleset = load_ruleset(name)
    options = ruleset.resolve_options(None)
    bots = ("random", "greedy", "random", "greedy")
    return [fake_round(ruleset, options, 4, game_seed(seed, i), bots) for i in range(count)]


def test_tallies_merged_in_any_grouping_and_order_are_identical() -> None:
    rounds = _rounds("guangdong", 120)
    whole = Tally()
    for summary in rounds:
        whole.add(summary)
    parts = [Tally() for _ in range(5)]
    for i, summary in enumerate(rounds):
        parts[i * 7 % 5].add(summary)
    random.Random(3).shuffle(parts)
    merged = Tally()
    for part in parts:
        merged.merge(part)
    assert json.dumps(merged.state(), sort_keys=True) == json.dumps(whole.state(), sort_keys=True)


def test_tally_state_survives_json_unchanged() -> None:
    tally = Tally()
    for summary in _rounds("shanghai", 60):
        tally.add(summary)
    tally.fail(Failure(3, 99, 0, "RuntimeError: boom", "log"))
    text = json.dumps(tally.state())
    assert Tally.of(json.loads(text)).state() == tally.state()


def test_tally_keys_stay_bounded_by_the_rulebook_however_many_rounds() -> None:
    ruleset = load_ruleset("guangdong")
    tally = Tally()
    sizes = []
    for count, summary in enumerate(_rounds("guangdong", 400), start=1):
        tally.add(summary)
        if count in (200, 400):
            sizes.append((len(tally.fans), len(tally.steps), len(tally.seats), len(tally.bots)))
    assert sizes[0][0] <= len(ruleset.fans) and sizes[1][0] <= len(ruleset.fans)
    assert sizes[1][2:] == (4, 2)


def test_tally_counts_outcomes_as_the_summaries_say() -> None:
    rounds = _rounds("guangdong", 200)
    tally = Tally()
    for summary in rounds:
        tally.add(summary)
    assert tally.rounds == 200
    assert tally.wins + tally.draws == 200
    assert tally.draws == sum(1 for r in rounds if not r.winners)
    assert tally.dealer_wins == sum(r.dealer_won for r in rounds)
    assert sum(s.delta.total for s in tally.seats.values()) == 0  # settlement is zero-sum


def test_failures_keep_the_lowest_indices_and_count_all() -> None:
    tally = Tally()
    for index in reversed(range(MAX_FAILURES + 5)):
        tally.fail(Failure(index, index * 10, 0, "E", "log"))
    assert tally.failed == MAX_FAILURES + 5
    assert [f.index for f in tally.failures] == list(range(MAX_FAILURES))


def test_paired_differences_count_a_missing_metric_as_zero() -> None:
    paired = Paired()
    paired.add({"win": 1, "fan a": 1}, {"win": 0})
    paired.add({"win": 0}, {"win": 1, "fan b": 2})
    paired.add({"win": 1}, {"win": 1})
    assert paired.stat("win") == SumStat(3, 0, 2)
    assert paired.stat("fan a") == SumStat(3, -1, 1)
    assert paired.stat("fan b") == SumStat(3, 2, 4)
    assert Paired.of(json.loads(json.dumps(paired.state()))).state() == paired.state()


def test_game_metrics_of_a_round_are_its_outcome_value_fans_and_deltas() -> None:
    won = next(r for r in _rounds("guangdong", 50) if r.winners)
    metrics = game_metrics(won)
    assert metrics["win"] == 1 and metrics["draw"] == 0
    assert metrics["value"] == won.winners[0].total
    assert all(metrics[f"fan {fan.id}"] == 1 for fan in won.winners[0].fans)
    assert [metrics[f"seat {s}"] for s in range(4)] == list(won.deltas)


def test_summarize_refuses_a_drawn_round_with_a_winner() -> None:
    ruleset = load_ruleset("guangdong")
    settlement = ruleset.settle(
        {"players": 4, "winners": [{"seat": 1, "hand": "222m345m666m789m55m"}], "discarder": 0}
    )
    info = RoundInfo(4, 0, True, False, None, ("random",) * 4, 10)
    with pytest.raises(ValueError, match="drawn round"):
        summarize(settlement.scores, settlement, info)


def test_summarize_keeps_each_winners_fans_steps_and_the_settlement() -> None:
    ruleset = load_ruleset("guangdong")
    settlement = ruleset.settle(
        {"players": 4, "winners": [{"seat": 1, "hand": "222m345m666m789m55m"}], "discarder": 0}
    )
    info = RoundInfo(4, 0, False, False, 0, ("random",) * 4, 10)
    summary = summarize(settlement.scores, settlement, info)
    (winner,) = summary.winners
    score = settlement.scores[1]
    assert (winner.seat, winner.total, winner.fans, winner.steps) == (
        1,
        score.total,
        score.fans,
        score.steps,
    )
    assert summary.deltas == tuple(settlement.deltas)
    assert not summary.dealer_won


def test_a_robbed_seat_paying_for_all_is_a_liability_payment() -> None:
    ruleset = load_ruleset("meizhou")
    settlement = ruleset.settle(
        {
            "players": 4,
            "winners": [
                # won on 7m of a chow: a robbed tile completes no pair (the robbed seat
                # holds its other three)
                {
                    "seat": 1,
                    "hand": "123m456m789m234m55m",
                    "win_tile": "7m",
                    "situations": ["robbing_kong"],
                }
            ],
            "robbed_from": 2,
        }
    )
    assert [payment_kind(line) for line in settlement.lines] == ["liability"]


def test_game_seeds_depend_on_run_seed_and_index_only() -> None:
    seeds = {game_seed(1, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert game_seed(1, 5) == game_seed(1, 5) != game_seed(2, 5)


def test_a_bot_mix_turns_one_seat_each_game() -> None:
    assert seat_bots(("random",), 4, 3) == ("random",) * 4
    mix = ("random", "greedy")
    assert seat_bots(mix, 4, 0) == ("random", "greedy", "random", "greedy")
    assert seat_bots(mix, 4, 1) == ("greedy", "random", "greedy", "random")


def test_t_quantiles_match_the_tables() -> None:
    # Student's t, two-sided 95 %: 12.706 (1), 4.303 (2), 3.182 (3), 2.228 (10), 2.042 (30).
    for df, table in ((1, 12.706), (2, 4.303), (3, 3.182), (10, 2.228), (30, 2.042)):
        assert abs(t_quantile(df) - table) / table < 0.01
    assert abs(t_quantile(10**6) - 1.95996) < 1e-4


def test_wilson_interval_holds_the_rate_and_stays_within_zero_and_one() -> None:
    for count, of in ((0, 10), (10, 10), (3, 7), (500, 1000)):
        est = rate(count, of)
        assert est.low is not None and est.high is not None and est.value is not None
        assert 0 <= est.low <= est.value <= est.high <= 1
    assert rate(0, 10).low == 0 and rate(0, 10).high is not None and rate(0, 10).high > 0
    assert rate(0, 0).value is None


def test_mean_interval_is_t_times_the_standard_error() -> None:
    data = [3, 5, 8, 13, 21]
    stat = SumStat()
    for x in data:
        stat.add(x)
    est = mean(stat)
    m = sum(data) / 5
    sd = math.sqrt(sum((x - m) ** 2 for x in data) / 4)
    assert est.value == m
    assert est.high is not None and math.isclose(est.high - m, t_quantile(4) * sd / math.sqrt(5))
    assert mean(SumStat.of([1, 4, 16])).low is None  # one observation: no interval


def test_welch_supports_a_clear_difference_and_not_noise() -> None:
    a, b, c = SumStat(), SumStat(), SumStat()
    for x in range(100):
        a.add(x % 10)
        b.add(x % 10 + 5)
        c.add((x * 7) % 10)
    assert welch(a, b).supported
    assert not welch(a, c).supported
