"""三人麻雀 (rulebooks/sanma.mjr, a variant of riichi.mjr): three players (東南西), 108 tiles
(萬子 only 1m and 9m), no チー, the dora after 1m is 9m and after 9m 1m, ツモ損 (a self-draw is
paid by the two others only), ノーテン罰符 of 2,000 in all, 35,000 points each and final scores
from 40,000 with the ウマ +20,000 / 0 / -20,000; 三色同順, which cannot be made, is removed.
One test per rule, through `Ruleset`, `Round`, `Match` and the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main
from mjc.runtime import Round
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import play_round
from mjc.runtime.game.match import Match
from mjc.runtime.tiles.tile import TEXTS
from tests.helpers.settlement_helpers import ruleset


def test_three_players_and_108_tiles_without_2m_to_8m() -> None:
    game = Round(ruleset("sanma"), seed=1)
    assert game.players == 3 and ruleset("sanma").players == (3,)
    copies = game.copies
    assert sum(copies) == 108
    assert [TEXTS[t] for t in range(9) if copies[t]] == ["1m", "9m"]
    with pytest.raises(ValueError, match="5m"):
        ruleset("sanma").score("555m123p456p789s11s", win="5m")


@pytest.mark.parametrize(("indicator", "dora"), [("1m", "999m"), ("9m", "111m")])
def test_the_dora_after_1m_is_9m_and_after_9m_1m(indicator: str, dora: str) -> None:
    score = ruleset("sanma").score(
        dora + "123p456p789s11s",
        win=dora[0] + "m",
        situations=["riichi"],
        dora_indicators=[indicator],
    )
    assert ("dora", 3) in [(f.id, f.value) for f in score.fans]


def test_no_seat_is_ever_offered_a_chow() -> None:
    offered: set[str] = set()  # in rounds where pongs are offered
    for seed in range(3):
        game = Round(ruleset("sanma"), seed=seed)
        bots = [GreedyBot(game.ruleset, {}) for _ in range(3)]
        while game.result is None:
            for seat in game.to_act():
                offered |= {a.kind for a in game.legal_actions(seat)}
            seat = game.to_act()[0]
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(seat)))
    assert "chow" not in offered and "pong" in offered


def test_a_match_starts_at_35000_and_its_final_scores_count_from_40000() -> None:
    match = Match(ruleset("sanma"), seed=5)
    assert match.scores == [35000, 35000, 35000]
    match.scores = [50000, 40000, 15000]
    # 50,000: +10,000, +20,000 ウマ, +15,000 オカ (5,000 from each of the three)
    assert match.final_scores() == [45000, 0, -45000]


def test_a_bots_only_match_of_three_plays_and_its_log_replays(tmp_path: Path) -> None:
    log = tmp_path / "sanma.jsonl"
    argv = ["play", "sanma", "--bots-only", "--bot", "greedy", "--match", "--seed", "5"]
    assert main([*argv, "--log", str(log)]) == 0
    assert main(["replay", str(log)]) == 0
    match = Match(ruleset("sanma"), seed=7)
    bots = [GreedyBot(match.ruleset, match.options) for _ in range(3)]
    while not match.over:
        game = match.next_round()
        play_round(game, bots)
        match.finish(game)
        assert sum(match.scores) + match.deposits == 105000


def test_sanshoku_which_needs_a_run_of_characters_is_removed() -> None:
    fans = {f.id for f in ruleset("sanma").fans}
    assert "sanshoku" not in fans and "sanshoku_doukou" in fans
