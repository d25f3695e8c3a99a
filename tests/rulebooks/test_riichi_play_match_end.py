"""How a 日本麻将 match ends and what it is worth (rulebooks/riichi.mjr): the final scores
counted from the 返し点 of 30,000 with 順位ウマ (options 10-20, 10-30, 5-15, none) and the
オカ to the first place; 西入 (option `west_entry`: one more wind, sudden death, when nobody
has 30,000 as the last wind ends); 和了止め (option `agari_yame`: the last dealer who keeps
the deal in first place ends the match), and `Match.ended_by`, which of them ended it. Through
`Match` and `mjc play --match`; the
rules' words through `mjc check`."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import play_round
from mjc.runtime.game.match import Match
from mjc.runtime.table.standing import final_scores
from tests.helpers.settlement_helpers import ruleset


def _ended(match: Match) -> list[tuple[str, int, dict[str, object]]]:
    """Play `match` out with greedy bots: each round's wind, dealer and result."""
    bots = [GreedyBot(match.ruleset, match.options) for _ in range(4)]
    rounds = []
    while not match.over:
        game = match.next_round()
        state = game.state()
        play_round(game, bots)
        match.finish(game)
        assert game.result is not None
        rounds.append((state.round_wind, state.dealer, game.result))
    return rounds


def _final(points: list[int], **options: str) -> list[int] | None:
    match = Match(ruleset("riichi"), seed=1, options=options)
    match.scores = points
    return match.final_scores()


def test_final_scores_count_from_30000_with_uma_10_20_and_the_oka_to_the_first() -> None:
    # 40,000: +10,000, +20,000 uma, +20,000 oka (5,000 from each of the four)
    assert _final([40000, 30000, 20000, 10000]) == [50000, 10000, -20000, -40000]


@pytest.mark.parametrize(
    ("uma", "final"),
    [
        ("ten_thirty", [60000, 10000, -20000, -50000]),
        ("five_fifteen", [45000, 5000, -15000, -35000]),
        ("none", [30000, 0, -10000, -20000]),
    ],
)
def test_the_uma_option_sets_what_each_place_gains(uma: str, final: list[int]) -> None:
    assert _final([40000, 30000, 20000, 10000], uma=uma) == final
    assert sum(final) == 0


def test_tied_seats_take_the_uma_of_their_placement_nearer_the_first_dealer_first() -> None:
    assert _final([30000, 20000, 30000, 20000]) == [40000, -20000, 10000, -30000]


def test_three_players_uma_gives_the_second_nothing() -> None:
    # 三人打ち as tables play it: 35,000 each, 40,000 back (オカ 15,000), uma 10-20 as +20/0/-20
    rules = dataclasses.replace(
        ruleset("riichi").turn_rules({}), start_points=35000, target_points=40000
    )
    assert final_scores(rules, [50000, 35000, 20000], 0) == [45000, -5000, -40000]


def test_rules_without_a_target_or_uma_give_no_final_score() -> None:
    rules = dataclasses.replace(
        ruleset("riichi").turn_rules({"uma": "none"}), target_points=0, uma_inner=0
    )
    assert final_scores(rules, [25000] * 4, 0) is None


def test_west_entry_plays_one_more_wind_when_nobody_has_30000_and_ends_at_the_first_who_has() -> (
    None
):
    west = Match(ruleset("riichi"), seed=33)
    winds = [wind for wind, _, _ in _ended(west)]
    assert winds.count("W") == 1 and winds[-1] == "W"
    assert west.ended_by == "extra_winds" and west.extra_rounds == 1
    match = Match(ruleset("riichi"), seed=33, options={"west_entry": "off"})
    assert "W" not in [wind for wind, _, _ in _ended(match)]
    assert match.ended_by == "length" and match.extra_rounds == 0


def test_west_entry_lasts_one_wind_at_most() -> None:
    base = ruleset("riichi")
    rules = dataclasses.replace(base.turn_rules({}), target_points=1_000_000)
    match = Match(base, seed=33, rules=rules)
    winds = {wind for wind, _, _ in _ended(match)}
    assert winds == {"E", "S", "W"} and match.over and max(match.scores) < 1_000_000
    assert match.extra_rounds > 0  # 飛び ends it before its extra winds run out, else they do
    assert match.ended_by == ("negative" if min(match.scores) < 0 else "extra_winds")


def test_agari_yame_the_last_dealer_in_first_place_ends_the_match_keeping_the_deal() -> None:
    match = Match(ruleset("riichi"), seed=2)
    rounds = _ended(match)
    wind, dealer, result = rounds[-1]
    assert wind == "S" and result["next_dealer"] == dealer
    assert match.placement()[0] == dealer
    assert match.ended_by == "dealer_stops"
    plays_on = Match(ruleset("riichi"), seed=2, options={"agari_yame": "off"})
    assert plays_on.ended_by is None
    assert len(_ended(plays_on)) > len(rounds)
    assert plays_on.ended_by in ("length", "extra_winds", "negative")


def test_a_played_matchs_final_scores_are_in_its_log_and_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.jsonl"
    argv = ["play", "riichi", "--bots-only", "--bot", "greedy", "--match", "--seed", "5"]
    assert main([*argv, "--log", str(log)]) == 0
    out = capsys.readouterr().out
    end = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert end["type"] == "match_end" and sum(end["final"]) == 0
    first = end["placement"][0]
    assert end["final"][first] == end["points"][first] - 30000 + 20000 + 20000
    assert f"final scores: seat {first} {end['final'][first] / 1000:+.1f}" in out
    assert main(["replay", str(log)]) == 0
