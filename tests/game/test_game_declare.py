"""Seat declarations (the `declarations` section, 四川 定缺): scoring reads the winner's choice,
the engine asks every seat before the first discard, restricts discards to the declared suit
while one is held, refuses a win holding it, logs and shows the choices, and the round JSON
carries them to the settlement; bots and 托管 declare the suit they hold fewest of.

The rulebook is tests/helpers/rulebooks/dingque.mjr (108 tiles, pong and kong claims;
`missing_suit "定缺" choose suit discard_first` and the reject 定缺：手中有缺门牌不能胡)."""

from __future__ import annotations

import io
import json
from functools import cache
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.bots.greedybot import GreedyBot
from mjc.runtime.bots.simple import AutoBot
from mjc.runtime.game.actions import Action, IllegalAction, action_from_json
from mjc.runtime.game.autoplay import auto_choice
from mjc.runtime.game.engine import Round
from mjc.runtime.game.players import play_round
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.settle.round import RoundError
from mjc.runtime.tiles.tile import tile_index
from tests.helpers.engine_helpers import scenario_round
from tests.helpers.settlement_helpers import assert_settles_and_replays, ruleset as bundled
from tests.helpers.small_rulebooks import DEAL_WINS_RULEBOOK, DINGQUE_RULEBOOK

# The dealer (14 tiles) holds one bamboo, 5s; seat 1 waits on 1s or 5s (a pong of either).
DEALER = "1234m567m789p111p5s"
WAITING = "234p456p789p1155s"
OTHERS = ["123m456m789s2233s", "369m369p369s1478m"]
SUIT_OF_WORD = {"m": "1m", "p": "1p", "s": "1s"}


@cache
def rules() -> Ruleset:
    text = DINGQUE_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "dingque.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_dingque_test", "q.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def declare(seat: int, word: str) -> Action:
    return Action(seat, "declare", tile_index(SUIT_OF_WORD[word]))


def declared_round(*words: str) -> Round:
    """The scenario round with seat i declaring `words[i]`."""
    game = scenario_round(rules(), [DEALER, WAITING, *OTHERS])
    for seat, word in enumerate(words):
        game.apply(declare(seat, word))
    return game


# ---------------------------------------------------------------- scoring


def test_a_hand_holding_its_declared_suit_is_rejected_and_one_without_it_wins() -> None:
    hand = "123m456m789m123p55p"
    assert rules().score(hand).win  # nothing declared: no suit is missing
    refused = rules().score(hand, declared={"missing_suit": "m"})
    assert not refused.win and refused.reason == "定缺：手中有缺门牌不能胡"
    assert rules().score(hand, declared={"missing_suit": "s"}).win


@pytest.mark.parametrize(
    ("declared", "words"),
    [
        ({"missing": "m"}, "dingque_test has no declaration 'missing'"),
        ({"missing_suit": "z"}, "the declaration missing_suit is one of m, p, s, not 'z'"),
    ],
)
def test_score_refuses_an_unknown_declaration_or_word(declared: dict[str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        rules().score("123m456m789m123p55p", declared=declared)


def test_a_rulebook_without_declarations_refuses_one() -> None:
    with pytest.raises(ValueError, match="its declarations: none"):
        bundled("guangdong").score("123m456m789m123p55z", declared={"missing_suit": "m"})


def test_the_score_command_takes_declare(capsys: pytest.CaptureFixture[str]) -> None:
    book, hand = str(DINGQUE_RULEBOOK), "123m456m789m123p55p"
    assert main(["score", book, hand, "--declare", "missing_suit=m"]) == 0
    assert "定缺：手中有缺门牌不能胡" in capsys.readouterr().out
    assert main(["score", book, hand, "--declare", "missing_suit=s"]) == 0
    assert "total: 2" in capsys.readouterr().out
    assert main(["score", book, hand, "--declare", "junk"]) != 0
    assert "--declare takes ID=WORD, not 'junk'" in capsys.readouterr().err


def test_a_batch_line_may_carry_what_the_winner_declared(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = (
        '{"hand": "123m456m789m123p55p", "declared": {"missing_suit": "m"}}\n'
        '{"hand": "123m456m789m123p55p", "declared": {"missing_suit": "q"}}\n'
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    main(["score", str(DINGQUE_RULEBOOK), "--batch", "-"])
    first, second = capsys.readouterr().out.splitlines()
    assert json.loads(first)["reason"] == "定缺：手中有缺门牌不能胡"
    assert "is one of m, p, s, not 'q'" in json.loads(second)["error"]


# ---------------------------------------------------------------- the window


def test_every_seat_declares_before_the_dealer_discards() -> None:
    game = scenario_round(rules(), [DEALER, WAITING, *OTHERS])
    state = game.state()
    assert state.phase == "declare" and game.to_act() == [0, 1, 2, 3]
    assert game.legal_actions(2) == [declare(2, "m"), declare(2, "p"), declare(2, "s")]
    with pytest.raises(IllegalAction):
        game.apply(Action(0, "discard", tile_index("5s")))
    game.apply(declare(0, "s"))
    assert game.to_act() == [1, 2, 3] and "declared" not in game.observation(1)
    assert game.state().declared == ()  # hidden until every seat has chosen


def test_the_choices_are_logged_announced_and_kept_for_the_round() -> None:
    game = declared_round("s", "m", "p", "s")
    state = game.state()
    assert state.phase == "turn" and state.turn == 0
    assert [e for e in game.events if e["type"] == "declare"] == [
        {"type": "declare", "seat": 0, "declared": {"missing_suit": "s"}},
        {"type": "declare", "seat": 1, "declared": {"missing_suit": "m"}},
        {"type": "declare", "seat": 2, "declared": {"missing_suit": "p"}},
        {"type": "declare", "seat": 3, "declared": {"missing_suit": "s"}},
    ]
    assert game.observation(3)["declared"]["1"] == {"missing_suit": "m"}
    assert state.declared[1] == (("missing_suit", "m"),)


def test_tiles_of_the_declared_suit_are_discarded_first() -> None:
    game = declared_round("s", "m", "p", "s")  # the dealer holds one bamboo: 5s
    assert [a.tile for a in game.legal_actions(0) if a.kind == "discard"] == [tile_index("5s")]
    game = declared_round("p", "m", "p", "s")
    discards = {a.tile for a in game.legal_actions(0) if a.kind == "discard"}
    assert discards == {tile_index(t) for t in ("1p", "7p", "8p", "9p")}


def test_a_seat_without_its_declared_suit_may_discard_any_tile() -> None:
    game = scenario_round(rules(), ["1234m567m789p111p9p", WAITING, *OTHERS])  # no bamboo
    for seat, word in enumerate("smps"):
        game.apply(declare(seat, word))
    discards = {a.tile for a in game.legal_actions(0) if a.kind == "discard"}
    assert discards == {tile_index(t) for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m")} | {
        tile_index(t) for t in ("1p", "7p", "8p", "9p")
    }


def test_a_win_is_offered_only_to_a_hand_without_its_declared_suit() -> None:
    free = declared_round("s", "m", "p", "s")  # seat 1 declared characters: it holds none
    free.apply(Action(0, "discard", tile_index("5s")))
    assert Action(1, "win") in free.legal_actions(1)
    holding = declared_round("s", "s", "p", "s")  # seat 1 declared bamboo, and holds 1155s
    holding.apply(Action(0, "discard", tile_index("5s")))
    kinds = [a.kind for a in holding.legal_actions(1)]
    assert "win" not in kinds and "pong" in kinds


def test_the_round_json_records_the_declarations_and_settles_the_win() -> None:
    game = declared_round("s", "m", "p", "s")
    game.apply(Action(0, "discard", tile_index("5s")))
    game.apply(Action(1, "win"))
    outcome = game.result["outcome"]
    assert outcome["declarations"] == {
        "0": {"missing_suit": "s"},
        "1": {"missing_suit": "m"},
        "2": {"missing_suit": "p"},
        "3": {"missing_suit": "s"},
    }
    assert game.settlement is not None and sum(game.settlement.deltas) == 0
    assert_settles_and_replays(rules(), game)


def test_settle_refuses_a_winner_holding_its_declared_suit() -> None:
    game = declared_round("s", "m", "p", "s")
    game.apply(Action(0, "discard", tile_index("5s")))
    game.apply(Action(1, "win"))
    outcome: dict[str, Any] = dict(game.result["outcome"])
    outcome["declarations"] = {**outcome["declarations"], "1": {"missing_suit": "s"}}
    with pytest.raises(RoundError, match=r"winners\.0\.hand: not a win under dingque_test: 定缺"):
        rules().settle(outcome)
    outcome["declarations"] = {"1": {"missing_suit": "q"}}
    with pytest.raises(RoundError, match=r"winners\.0: the declaration missing_suit is one of"):
        rules().settle(outcome)
    outcome["declarations"] = {"9": {"missing_suit": "m"}}
    with pytest.raises(RoundError, match=r"declarations\.9"):
        rules().settle(outcome)


def test_a_declare_action_reads_from_json_and_a_bad_one_is_refused() -> None:
    assert action_from_json({"seat": 1, "kind": "declare", "tile": "1p"}) == declare(1, "p")
    game = scenario_round(rules(), [DEALER, WAITING, *OTHERS])
    with pytest.raises(IllegalAction):
        game.apply(Action(1, "declare", tile_index("5p")))


# ---------------------------------------------------------------- bots, 托管 and the log


def test_greedy_bots_and_tuo_guan_declare_the_suit_they_hold_fewest_of() -> None:
    game = scenario_round(rules(), [DEALER, WAITING, *OTHERS])
    legal = game.legal_actions(1)
    assert GreedyBot(rules(), None).choose(game.observation(1), legal) == declare(1, "m")
    assert AutoBot().choose(game.observation(0), game.legal_actions(0)) == declare(0, "s")
    counts = [0] * 34
    counts[tile_index("1p")] = 3
    assert auto_choice(legal, -1, counts) == declare(1, "m")


def test_a_bots_only_round_declares_settles_and_replays() -> None:
    for seed in range(3):
        game = Round(rules(), seed=seed)
        play_round(game, [GreedyBot(rules(), None) for _ in range(4)])
        outcome = game.result["outcome"]
        assert set(outcome["declarations"]) == {"0", "1", "2", "3"}
        for winner in outcome.get("winners", []):
            missing = outcome["declarations"][str(winner["seat"])]["missing_suit"]
            assert missing not in winner["hand"]
        assert_settles_and_replays(rules(), game)


def test_a_rulebook_without_declarations_opens_no_window() -> None:
    game = Round(bundled("guangdong"), seed=1)
    assert game.state().phase == "turn" and game.state().declared == ()


def test_the_greedy_bot_never_pongs_a_tile_of_the_suit_it_declared() -> None:
    game = declared_round("s", "s", "p", "s")  # seat 1 declared bamboo, and holds 1155s
    game.apply(Action(0, "discard", tile_index("5s")))
    legal = game.legal_actions(1)
    assert [a.kind for a in legal] == ["pong", "pass"]
    assert GreedyBot(rules(), None).choose(game.observation(1), legal) == Action(1, "pass")


def test_the_declarations_follow_the_wins_at_the_deal() -> None:
    text = DEAL_WINS_RULEBOOK.read_text(encoding="utf-8")
    text += '\ndeclarations {\n  lack "定缺" choose suit\n}\n'
    compilation = compile_source(text, "both.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    both: Ruleset = import_source(generate_module(compilation.rulebook), "mjc_both", "b.py").RULESET
    hands = ["234m456p789s1234p5s", "1111m34m679p1379s", "234m567p258s3468s", "345m678p234s2357p"]
    game = scenario_round(both, hands)
    assert game.state().phase == "deal" and game.to_act() == [1]
    game.apply(Action(1, "pass"))
    assert game.state().phase == "declare" and game.to_act() == [0, 1, 2, 3]
    for seat in range(4):
        game.apply(Action(seat, "declare", tile_index("1s")))
    assert game.state().phase == "turn" and game.state().turn == 0
    discards = [a for a in game.legal_actions(0) if a.kind == "discard"]
    assert len(discards) > 1  # without discard_first any tile may go


@cache
def no_claims_rules() -> Ruleset:
    """The test rulebook with `no_claims` on its 定缺: a seat claims and kongs no tile of it."""
    text = DINGQUE_RULEBOOK.read_text(encoding="utf-8")
    old = 'missing_suit "定缺" choose suit discard_first'
    assert old in text
    text = text.replace(old, old + " no_claims")
    compilation = compile_source(text, "no_claims.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_no_claims", "n.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_no_claims_offers_no_pong_of_the_declared_suit() -> None:
    """Seat 1 holds 1155s: declaring bamboo with no_claims, it is offered no pong of the 5s
    the dealer discards (no claim window opens: seat 1 draws and plays its turn); declaring
    dots, the pong."""
    for word, claim in (("s", False), ("p", True)):
        game = scenario_round(no_claims_rules(), [DEALER, WAITING, *OTHERS])
        for seat, choice in enumerate(("s", word, "p", "s")):
            game.apply(declare(seat, choice))
        game.apply(Action(0, "discard", tile_index("5s")))
        kinds = [a.kind for a in game.legal_actions(1)]
        if claim:
            assert kinds == ["pong", "pass"]
        else:
            assert "pong" not in kinds and game.state().phase == "turn"


def test_no_claims_offers_no_kong_of_the_declared_suit_on_the_seat_s_own_turn() -> None:
    """The dealer holds four 1p: declaring dots with no_claims, it may not kong them."""
    for word, kongs in (("p", []), ("s", ["concealed_kong"])):
        game = scenario_round(no_claims_rules(), ["1111p234m567m789m5s", WAITING, *OTHERS])
        for seat, choice in enumerate((word, "s", "p", "s")):
            game.apply(declare(seat, choice))
        assert [a.kind for a in game.legal_actions(0) if a.kind.endswith("kong")] == kongs


def test_a_flag_written_twice_is_named_but_two_flags_are_fine() -> None:
    text = DINGQUE_RULEBOOK.read_text(encoding="utf-8")
    old = 'missing_suit "定缺" choose suit discard_first'
    both = compile_source(text.replace(old, old + " no_claims"), "two.mjr")
    assert both.ok, [d.message for d in both.diagnostics]
    twice = compile_source(text.replace(old, old + " no_claims no_claims"), "twice.mjr")
    assert [d.code for d in twice.diagnostics] == ["E0522"]
    assert "`no_claims` is written twice" in twice.diagnostics[0].message
