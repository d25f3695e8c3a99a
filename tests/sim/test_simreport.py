"""The balance report and the comparison (`mjc.runtime.sim.report`, `mjc.runtime.sim.text`):
every fan of the table listed, intervals beside every figure, JSON valid under its published
schema. Rounds come from the test double `sim_double.fake_round`."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import jsonschema
from sim_double import fake_round, load_ruleset

from mjc.runtime.sim.report import (
    BalanceReport,
    CompareReport,
    Report,
    histogram,
    quantile,
    report_json_schema,
)
from mjc.runtime.sim.run import Job, Variant
from mjc.runtime.sim.simulation import simulate
from mjc.runtime.sim.text import compare_text, report_text


@cache
def _report(name: str = "guangdong", games: int = 300) -> BalanceReport:
    job = Job((Variant("base", name),), 4, 1, games, ("random", "greedy"), load_ruleset, fake_round)
    report = simulate(job)
    assert isinstance(report, BalanceReport)
    return report


@cache
def _comparison() -> CompareReport:
    variants = (
        Variant("base", "chaozhou"),
        Variant("鬼牌=无鬼", "chaozhou", (("鬼牌", "无鬼"),)),
        Variant("guangdong", "guangdong"),
    )
    job = Job(variants, 4, 1, 300, ("random",), load_ruleset, fake_round)
    report = simulate(job)
    assert isinstance(report, CompareReport)
    return report


def _data(report: Report) -> object:
    return json.loads(json.dumps(report.model_dump(mode="json")))


def test_every_fan_of_the_table_is_listed_in_table_order_even_at_zero() -> None:
    report = _report()
    ruleset = load_ruleset("guangdong")
    assert [f.id for f in report.fans] == [f.id for f in ruleset.fans]
    never = [f for f in report.fans if f.hands.count == 0]
    assert never, "the double never deals a heavenly hand"
    assert all(f.hands.rate == 0 and f.hands.high is not None and f.hands.high > 0 for f in never)


def test_every_rate_and_mean_has_its_interval() -> None:
    report = _report()
    rates = [report.outcomes.win, report.outcomes.draw, *(f.hands for f in report.fans)]
    means = [report.values.mean, report.turns, *(s.delta for s in report.seats)]
    for r in rates:
        assert r.low is not None and r.high is not None and r.rate is not None
        assert r.low <= r.rate <= r.high
    for m in means:
        assert m.low is not None and m.high is not None and m.mean is not None
        assert m.low <= m.mean <= m.high


def test_balance_report_json_is_valid_under_the_published_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(report_json_schema())
    jsonschema.validate(_data(_report()), report_json_schema())


def test_comparison_json_is_valid_under_the_published_schema() -> None:
    jsonschema.validate(_data(_comparison()), report_json_schema())


def test_schema_refuses_a_report_missing_its_fans() -> None:
    data = _data(_report())
    assert isinstance(data, dict)
    del data["fans"]
    errors = list(jsonschema.Draft202012Validator(report_json_schema()).iter_errors(data))
    messages = {sub.message for error in errors for sub in error.context or ()}
    assert errors and "'fans' is a required property" in messages


def test_seat_gains_and_losses_balance_over_the_table() -> None:
    report = _report()
    total = sum((s.delta.mean or 0) * s.rounds for s in report.seats)
    assert abs(total) <= sum(s.rounds for s in report.seats) * 1e-6  # means have 6 decimals
    assert {b.bot for b in report.bots} == {"random", "greedy"}


def test_scoring_steps_that_fire_are_counted_by_rule() -> None:
    steps = {(s.kind, s.rule) for s in _report().steps}
    assert ("ceiling", "within") in steps  # guangdong caps its within-limit tier


def test_values_quantiles_and_histogram_come_from_the_exact_counts() -> None:
    values = Counter({1: 5, 2: 3, 8: 2})
    assert [quantile(values, q) for q in (0.1, 0.5, 0.6, 0.8, 0.81, 1.0)] == [1, 1, 2, 2, 8, 8]
    bins = histogram(values, bins=4)
    assert [(b.low, b.high, b.count) for b in bins] == [(1, 2, 8), (3, 4, 0), (5, 6, 0), (7, 8, 2)]
    assert sum(b.count for b in histogram(Counter({3: 1, 200: 4}))) == 5


def test_comparison_marks_what_the_games_support() -> None:
    report = _comparison()
    same, other = report.variants[1], report.variants[2]
    assert not any(d.supported for d in same.differences if d.paired)  # 鬼牌=无鬼 is no change
    value = next(d for d in other.differences if d.metric == "hand_value")
    assert not value.paired and value.low is not None and value.high is not None
    assert value.supported == (value.low > 0 or value.high < 0)
    assert any(d.supported for d in other.differences)


def test_comparison_lists_the_fans_of_both_rulebooks() -> None:
    other = _comparison().variants[2]
    metrics = {d.metric for d in other.differences}
    for name in ("chaozhou", "guangdong"):
        assert {f"fan {f.id}" for f in load_ruleset(name).fans} <= metrics


def test_text_report_shows_every_fan_and_each_interval() -> None:
    report = _report()
    text = report_text(report)
    for fan in report.fans:
        assert fan.name in text and fan.id in text
    assert "95% interval" in text and "[" in text
    assert "liability" in text and "horse" in text


def test_comparison_text_shows_the_differences_of_each_variant() -> None:
    text = compare_text(_comparison())
    assert "鬼牌=无鬼 beside base:" in text and "guangdong beside base:" in text
    assert "mean winning hand" in text
