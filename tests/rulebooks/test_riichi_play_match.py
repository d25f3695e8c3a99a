"""日本麻将 play between rounds (rulebooks/riichi.mjr, issue 24, H3): the exhaustive draw's
payments (ノーテン罰符, 3,000 in all from the seats not ready to the ready ones), the dealer
who keeps the deal when ready at a draw (聴牌連荘), 本場 carried by the match, and the match
itself: 半荘戦 (east and south) or 東風戦 (east), 25,000 points each at the start, 飛び, and
the placement by points (a tie to the seat nearer the first dealer). With the ready
declaration and the abortive draws (H1, H2) the match deals each round with its points (a
riichi needs 1,000 of them), carries the deposits on the table (供託) from round to round and
gives those left at the end to the first-placed seat; an abortive draw pays no ノーテン罰符 and
the dealer deals again with one more 本場. One test per rule, through `Ruleset.settle`,
`Round` and `Match`, and the CLI for `mjc play --match`."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import play_round
from mjc.runtime.game.engine import GameSetupError, Round
from mjc.runtime.game.match import Match
from mjc.runtime.game.roundstate import RoundState
from mjc.runtime.game.scenario import Scenario
from mjc.runtime.settle.settlement import Settlement
from tests.helpers.engine_helpers import act, kinds, play_out, scenario_round
from tests.helpers.settlement_helpers import edited_ruleset, paid, ruleset, settle

# Hands between turns at the draw. Ready: a 単騎 on 5s, on 6z, on 1z; an open hand ready with
# no 役 (形式聴牌: 456p 234m [999s] 55z and 78p, waiting on 6p or 9p); not ready.
READY_5S = "123m456m789m123p5s"
READY_6Z = "111s222s333s444s6z"
READY_1Z = "555s666s777s888s1z"
READY_NO_YAKU = "234m456p78p55z [999s]"
NOT_READY = ["13579p2468s1235z", "2468m2468p9s2346z", "13579m13579p168s", "1357m2468p135s47z"]
# 純手牌: every copy of its only wait (1m) is in the hand itself: no tile can complete it.
ONLY_OWN_COPIES = "1111m234p567p789s"


def _at_draw(hands: Sequence[str]) -> Settlement:
    return settle("riichi", exhaustive_draw=True, hands={str(s): h for s, h in enumerate(hands)})


def _draw_lines(result: Settlement) -> dict[tuple[int, int], int]:
    return {k: v for k, v in paid(result).items() if v}


def test_one_ready_seat_is_paid_1000_by_each_seat_not_ready() -> None:
    result = _at_draw([NOT_READY[0], READY_5S, NOT_READY[1], NOT_READY[2]])
    assert _draw_lines(result) == {(0, 1): 1000, (2, 1): 1000, (3, 1): 1000}
    assert result.deltas == [-1000, 3000, -1000, -1000]


def test_two_ready_seats_are_paid_1500_each_by_the_two_not_ready() -> None:
    result = _at_draw([READY_5S, NOT_READY[0], READY_6Z, NOT_READY[2]])
    assert _draw_lines(result) == {(1, 0): 750, (1, 2): 750, (3, 0): 750, (3, 2): 750}
    assert result.deltas == [1500, -1500, 1500, -1500]


def test_three_ready_seats_are_paid_1000_each_by_the_one_not_ready() -> None:
    result = _at_draw([READY_5S, READY_6Z, NOT_READY[2], READY_1Z])
    assert _draw_lines(result) == {(2, 0): 1000, (2, 1): 1000, (2, 3): 1000}
    assert result.deltas == [1000, 1000, -3000, 1000]


@pytest.mark.parametrize(
    "hands",
    [NOT_READY, [READY_5S, READY_6Z, READY_1Z, READY_NO_YAKU]],
    ids=["nobody-ready", "everyone-ready"],
)
def test_nothing_is_paid_at_a_draw_when_nobody_or_everyone_is_ready(hands: list[str]) -> None:
    assert _at_draw(hands).deltas == [0, 0, 0, 0]


def test_a_hand_ready_without_yaku_is_ready_at_the_draw() -> None:
    """形式聴牌: a hand some tile completes is ready, though no 役 would let it win."""
    result = _at_draw([NOT_READY[0], READY_NO_YAKU, NOT_READY[1], NOT_READY[2]])
    assert result.deltas == [-1000, 3000, -1000, -1000]


def test_a_hand_whose_only_wait_it_holds_four_times_is_not_ready() -> None:
    result = _at_draw([NOT_READY[0], ONLY_OWN_COPIES, NOT_READY[1], READY_6Z])
    assert result.deltas == [-1000, -1000, -1000, 3000]


def test_a_split_that_does_not_divide_evenly_is_rounded_down() -> None:
    """`split 1000` among three payers and one payee: 333 each, 999 in all."""
    rules = edited_ruleset("riichi", "ready split 3000", "ready split 1000")
    hands = [NOT_READY[0], READY_5S, NOT_READY[1], NOT_READY[2]]
    result = rules.settle(
        {"exhaustive_draw": True, "hands": {str(s): h for s, h in enumerate(hands)}}
    )
    assert result.deltas == [-333, 999, -333, -333]


def test_a_lone_round_takes_its_honba_and_the_seats_points() -> None:
    game = Round(ruleset("riichi"), seed=4, honba=2, points=[30000, 20000, 25000, 25000])
    state = game.state()
    assert (state.honba, state.points) == (2, (30000, 20000, 25000, 25000))
    seen = game.observation(1)
    assert (seen["honba"], seen["points"]) == (2, [30000, 20000, 25000, 25000])
    with pytest.raises(GameSetupError, match="points: one whole number per seat"):
        Round(ruleset("riichi"), seed=4, points=[25000, 25000])
    with pytest.raises(GameSetupError, match="honba is a whole number"):
        Round(ruleset("riichi"), seed=4, honba=-1)


# The dealer's hand of 14: 7z is his first discard (NoWinBot discards its last tile, then
# every tile it draws), so the hands at the draw are the ones above.
def _drawn_round(dealer_hand: str, others: Sequence[str]) -> dict[str, Any]:
    game = scenario_round(ruleset("riichi"), [dealer_hand + "7z", *others])
    return play_out(game)


def test_the_dealer_deals_again_when_he_is_ready_at_the_draw() -> None:
    result = _drawn_round(READY_5S, [NOT_READY[0], NOT_READY[1], NOT_READY[2]])
    assert result["exhaustive_draw"] and result["next_dealer"] == 0
    assert result["deltas"] == [3000, -1000, -1000, -1000]  # the round pays ノーテン罰符 too


def test_the_deal_passes_when_the_dealer_is_not_ready_at_the_draw() -> None:
    result = _drawn_round("13579m13579p168s", [READY_6Z, NOT_READY[0], NOT_READY[1]])
    assert result["exhaustive_draw"] and result["next_dealer"] == 1
    assert result["deltas"] == [-1000, 3000, -1000, -1000]


def _riichi_match(seed: int, **options: object) -> Match:
    return Match(ruleset("riichi"), seed=seed, options=options)


@dataclasses.dataclass(frozen=True)
class Played:
    """One round of a match as its state showed it when dealt, and how it ended."""

    dealer: int
    wind: str
    honba: int
    points: tuple[int, ...] | None
    result: dict[str, Any]
    honba_paid: int  # the settlement's lines of kind `honba`


def _play_whole(match: Match) -> list[Played]:
    bots = [GreedyBot(match.ruleset, match.options) for _ in range(4)]
    rounds = []
    while not match.over:
        game = match.next_round()
        state = game.state()
        play_round(game, bots)
        match.finish(game)
        assert game.result is not None and game.settlement is not None
        honba_paid = sum(x.amount for x in game.settlement.lines if x.kind == "honba")
        rounds.append(
            Played(
                state.dealer,
                state.round_wind,
                state.honba,
                state.points,
                game.result,
                honba_paid,
            )
        )
    return rounds


def test_honba_rises_after_a_dealer_win_or_any_draw_and_is_0_after_another_win() -> None:
    rounds = _play_whole(_riichi_match(3))
    seen = set()
    for before, after in itertools.pairwise(rounds):
        dealer_won = before.dealer in before.result["winners"]
        drawn = before.result["exhaustive_draw"]
        kept = before.result["next_dealer"] == before.dealer
        assert after.honba == (before.honba + 1 if kept or drawn else 0)
        seen.add("dealer win" if dealer_won else "draw" if drawn else "other win")
    assert seen == {"dealer win", "draw", "other win"}


def test_a_round_of_the_match_is_paid_300_a_honba_on_a_win() -> None:
    rounds = _play_whole(_riichi_match(3))
    won = [r for r in rounds if r.honba and r.result["winners"]]
    assert won
    for r in won:
        assert r.honba_paid == 300 * r.honba


def test_a_hanchan_is_the_east_and_south_winds_from_25000_points_each() -> None:
    match = _riichi_match(3)
    rounds = _play_whole(match)
    assert rounds[0].points == (25000, 25000, 25000, 25000)
    assert [r.wind for r in rounds] == sorted(r.wind for r in rounds)  # E then S
    assert {r.wind for r in rounds} == {"E", "S"}
    assert sum(match.scores) == 100000 and match.over
    last = rounds[-1]
    assert last.result["next_dealer"] != last.dealer
    assert last.dealer == (match.first_dealer + 3) % 4  # the last dealer lost the deal


def test_a_tonpuusen_is_the_east_wind_alone() -> None:
    rounds = _play_whole(_riichi_match(3, length="tonpuusen", west_entry="off"))
    assert {r.wind for r in rounds} == {"E"} and len(rounds) >= 4


def test_the_match_ends_when_a_seats_points_fall_below_zero() -> None:
    """飛び: with 1,000 points each, the first payment of more ends the match."""
    rules = dataclasses.replace(ruleset("riichi").turn_rules({}), start_points=1000)
    match = Match(ruleset("riichi"), seed=3, rules=rules)
    rounds = _play_whole(match)
    assert match.over and min(match.scores) < 0 and len(rounds) < 8
    assert match.ended_by == "negative"


def test_without_tobi_the_match_plays_on_below_zero() -> None:
    ruleset_ = ruleset("riichi")
    options = {"tobi": "off", "west_entry": "off"}
    rules = dataclasses.replace(ruleset_.turn_rules(options), start_points=1000)
    match = Match(ruleset_, seed=3, rules=rules)
    rounds = _play_whole(match)
    assert {r.wind for r in rounds} == {"E", "S"} and min(match.scores) < 0


def test_placement_is_by_points_a_tie_to_the_seat_nearer_the_first_dealer() -> None:
    match = Match(ruleset("riichi"), seed=3, dealer=2)
    assert match.placement() == [2, 3, 0, 1]  # all at 25,000: from the first dealer on
    match.scores = [26000, 24000, 24000, 26000]
    assert match.placement() == [3, 0, 2, 1]


def test_a_bots_only_hanchan_plays_and_its_log_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.jsonl"
    args = ["play", "riichi", "--bots-only", "--match", "--seed", "5", "--log", str(log)]
    assert main([*args, "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    end = played["match"]
    assert sum(end["points"]) == 100000 and sorted(end["placement"]) == [0, 1, 2, 3]
    lines = log.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "match" and json.loads(lines[-1]) == {
        "type": "match_end",
        **end,
    }
    assert main(["replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["match"] == end


def test_a_match_log_with_an_edited_round_start_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "match.jsonl"
    main(["play", "riichi", "--bots-only", "--match", "--seed", "5", "--log", str(log)])
    lines = log.read_text(encoding="utf-8").splitlines()
    second = max(i for i, line in enumerate(lines) if json.loads(line)["type"] == "start")
    start = json.loads(lines[second])
    start["honba"] = start.get("honba", 0) + 1
    lines[second] = json.dumps(start, ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(log)]) == 1
    assert f"line {second + 1}: the match deals the round" in capsys.readouterr().err


def test_a_match_needs_a_rulebook_with_a_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "guangdong", "--bots-only", "--match", "--seed", "1"]) == 2
    assert "no match_winds" in capsys.readouterr().err


# ------------------------------------------------------------------ with riichi and 途中流局

# The dealer's 14 with nine different terminals and honours (九種九牌), and his 14 ready to
# declare riichi on 7z (a 単騎 on 5p).
NINE_TERMINALS = "19m19p19s1234z5678m"
DEALER_READY = "123m456m789p234s5p7z"
JUNK = ["369m369p36s567z99s", "123m123p11123s66z", "77z234p567p345s69s"]


def _match_from(start_points: int, dealer_hand: str, others: Sequence[str]) -> Match:
    book = ruleset("riichi")
    rules = dataclasses.replace(book.turn_rules({}), start_points=start_points)
    scenario = Scenario(hands=dict(enumerate([dealer_hand, *others])), dealer=0, dora="3m")
    return Match(book, seed=3, rules=rules, scenarios=[scenario])


@pytest.mark.parametrize(("start", "may"), [(900, False), (1000, True)])
def test_a_round_of_the_match_is_dealt_with_the_matchs_points_and_riichi_needs_1000(
    start: int, may: bool
) -> None:
    game = _match_from(start, DEALER_READY, [JUNK[2], JUNK[0], JUNK[1]]).next_round()
    assert game.state().points == (start,) * 4
    assert ("declare_ready" in kinds(game, 0)) is may


def _bots_match(seed: int) -> tuple[Match, list[tuple[RoundState, dict[str, Any]]]]:
    """A 半荘 of GreedyBots (no 西入, no 和了止め): each round's state when dealt and its
    result."""
    match = _riichi_match(seed, west_entry="off", agari_yame="off")
    bots = [GreedyBot(match.ruleset, match.options) for _ in range(4)]
    rounds = []
    while not match.over:
        game = match.next_round()
        state = game.state()
        play_round(game, bots)
        match.finish(game)
        assert game.result is not None
        rounds.append((state, game.result))
    return match, rounds


def test_the_deposits_a_round_leaves_on_the_table_are_carried_into_the_next() -> None:
    """Seed 17: riichi deposits stay on the table after draws, also over a 四風連打."""
    _, rounds = _bots_match(17)
    carried = 0
    for (before, result), (after, _) in itertools.pairwise(rounds):
        left = result["deposits"]["after"]
        assert after.table_deposits == left
        assert before.points is not None and after.points is not None
        moved = zip(before.points, result["deltas"], strict=True)
        assert after.points == tuple(p + d for p, d in moved)
        assert sum(after.points) + after.table_deposits == 100000
        carried += left > 0
    assert carried >= 2
    assert any(result.get("abortive_draw") for _, result in rounds)


def test_an_abortive_draw_pays_no_noten_and_the_dealer_deals_again_one_honba_up() -> None:
    """九種九牌 with two seats ready: an exhaustive draw would pay them 1,500 each."""
    match = _match_from(25000, NINE_TERMINALS, [READY_5S, READY_6Z, NOT_READY[0]])
    game = match.next_round()
    act(game, 0, "abortive_draw")
    match.finish(game)
    assert game.result is not None and game.result["abortive_draw"] == "nine_terminals"
    assert game.result["deltas"] == [0, 0, 0, 0]
    assert game.settlement is not None and not game.settlement.lines
    again = match.next_round().state()
    assert (again.dealer, again.honba, again.round_wind) == (0, 1, "E")
    assert again.points == (25000,) * 4


def test_the_deposits_left_when_the_match_is_over_go_to_the_first_placed_seat() -> None:
    """Seed 80: a riichi's deposit is still on the table after the last round."""
    match, rounds = _bots_match(80)
    last_state, last = rounds[-1]
    left = last["deposits"]["after"]
    assert left > 0 and match.over and match.deposits == 0
    top = match.placement()[0]
    assert match.deposits_awarded == (top, left)
    assert last_state.points is not None
    before = [p + d for p, d in zip(last_state.points, last["deltas"], strict=True)]
    assert match.scores == [p + (left if s == top else 0) for s, p in enumerate(before)]
    assert sum(match.scores) == 100000


def test_a_bots_only_hanchans_log_carries_points_and_deposits_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 26: two rounds are dealt with a deposit on the table, one left at the end."""
    log = tmp_path / "match.jsonl"
    args = ["play", "riichi", "--bots-only", "--match", "--seed", "26", "--log", str(log)]
    assert main([*args, "--json"]) == 0
    end = json.loads(capsys.readouterr().out)["match"]
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    starts = [line for line in lines if line["type"] == "start"]
    assert all(len(start["points"]) == 4 for start in starts)
    assert [s for s in starts if s.get("deposits")]
    assert end["deposits"] > 0 and sum(end["points"]) == 100000
    assert lines[-1] == {"type": "match_end", **end}
    assert main(["replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["match"] == end
    carried = next(i for i, line in enumerate(lines) if line.get("deposits") and "seed" in line)
    lines[carried]["deposits"] += 1000
    log.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    assert f"line {carried + 1}: the match deals the round" in capsys.readouterr().err
