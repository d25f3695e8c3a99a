"""Copies of each tile counted across the whole round (`mjc.runtime.settle.tilecount`): one test for
each rule of its docstring, the tile that two fields both name counted once, and the round of
issue 11 — two winners who each hold 111m, six 1m — refused by every bundled rulebook, in the
API (`RoundError`) and in `mjc settle` (exit 2, one line)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from settlement_helpers import ruleset

from mjc.compiler.cli.commands import main
from mjc.runtime import RoundError, parse_round
from mjc.runtime.settle.tilecount import copy_problems

# Four copies of each playing tile, one of each flower: the copies of a full set.
COPIES = (4,) * 34 + (1,) * 8
NO_HONOURS = (4,) * 27 + (0,) * 7 + (1,) * 8
PLAIN = "123m456p789s345s22z"
BOOKS = ("guangdong", "meizhou", "chaozhou", "baise", "shanghai")


def _problems(copies: tuple[int, ...] = COPIES, **round: Any) -> list[str]:
    return copy_problems(parse_round(round), copies)


def _self_drawn(hand: str, seat: int = 1) -> dict[str, Any]:
    return {"seat": seat, "hand": hand, "self_drawn": True}


# ---------------------------------------------------------------- 1. a winner's hand


def test_a_possible_round_has_no_problems() -> None:
    assert _problems(winners=[_self_drawn(PLAIN)], horse_tiles=["1m", "2m"], indicator="5z") == []


def test_a_hand_counts_its_concealed_tiles_its_melds_and_its_concealed_kongs() -> None:
    # (1111m) and [111p]: four 1m and three 1p; one more of each is too many 1m only
    hand = "456p789s99s [111p] (1111m)"
    assert _problems(winners=[_self_drawn(hand)], horse_tiles=["1p"]) == []
    (problem,) = _problems(winners=[_self_drawn(hand)], horse_tiles=["1m", "1p"])
    assert problem == (
        "1m: the round shows 5 copies (winners.0.hand 4, horse_tiles 1), and the game has 4"
    )


def test_a_flower_has_one_copy() -> None:
    hand = "123m456p789s345s1f22z"
    assert _problems(winners=[_self_drawn(hand)], horse_tiles=["2f"]) == []
    (problem,) = _problems(winners=[_self_drawn(hand)], horse_tiles=["1f"])
    assert problem.startswith("1f: the round shows 2 copies") and "the game has 1" in problem


def test_a_wild_counts_as_the_tile_it_physically_is() -> None:
    # 5z as a wild standing in for other tiles: still four 5z with the flipped indicator 5z
    hand = "123m456p789s5z5z5z2z"
    assert _problems(winners=[_self_drawn(hand)]) == []
    (problem,) = _problems(winners=[_self_drawn(hand + "5z")], indicator="5z")
    assert problem.startswith("5z: the round shows 5 copies (winners.0.hand 4, indicator 1)")


# ---------------------------------------------------------------- 2. several winners, one tile


def test_yi_pao_duo_xiang_the_one_discarded_tile_is_counted_once() -> None:
    # three winners of one 2z discard, each with a pair of 2z: one discarded tile + three = 4
    hands = ("123m456p789s345s22z", "234m567p678s11s22z", "345m678p123s99s22z")
    winners = [{"seat": s, "hand": h} for s, h in zip((1, 2, 3), hands, strict=True)]
    assert _problems(winners=winners, discarder=0) == []


def test_yi_pao_duo_xiang_the_other_tiles_of_every_winner_are_counted() -> None:
    # both win on 5s (counted once); with 222z in each hand they show six 2z
    first = "123m456p222z55m34s5s"
    fine = [{"seat": 1, "hand": first}, {"seat": 2, "hand": "678m567p333z22m34s5s"}]
    assert _problems(winners=fine, discarder=0) == []
    crowded = [{"seat": 1, "hand": first}, {"seat": 2, "hand": "678m567p222z22m34s5s"}]
    (problem,) = _problems(winners=crowded, discarder=0)
    assert problem.startswith("2z: the round shows 6 copies")


def test_two_winners_who_each_hold_111m_are_six_1m() -> None:
    winners = [
        {"seat": 1, "hand": "111m456p789s345s22z"},
        {"seat": 2, "hand": "111m234p567s678s22z"},
    ]
    (problem,) = _problems(winners=winners, discarder=0)
    assert problem == (
        "1m: the round shows 6 copies (winners.0.hand 3, winners.1.hand 3), and the game has 4"
    )


# ---------------------------------------------------------------- 3. claims


def test_another_seat_s_pong_counts_three_copies_of_its_tile() -> None:
    claims = [{"seat": 2, "from_seat": 3, "kind": "pong", "tile": "2z"}]
    (problem,) = _problems(winners=[_self_drawn(PLAIN)], claims=claims)
    assert problem == (
        "2z: the round shows 5 copies (winners.0.hand 2, claims.0.tile 3), and the game has 4"
    )


def test_another_seat_s_kong_counts_four_and_its_chow_one() -> None:
    kong = [{"seat": 2, "from_seat": 3, "kind": "kong", "tile": "3m"}]
    assert _problems(winners=[_self_drawn("456p789s345s22z" + "678m")], claims=kong) == []
    (problem,) = _problems(winners=[_self_drawn(PLAIN)], claims=kong)
    assert problem.startswith("3m: the round shows 5 copies (winners.0.hand 1, claims.0.tile 4)")
    chows = [{"seat": 3, "from_seat": 2, "kind": "chow", "tile": "9s"}] * 4
    (problem,) = _problems(winners=[_self_drawn(PLAIN)], claims=chows)
    assert problem.startswith("9s: the round shows 5 copies (winners.0.hand 1, claims.0.tile 1,")


def test_a_winner_s_claim_is_his_exposed_meld_counted_once() -> None:
    winner = _self_drawn("1m23m789s345s22z [111m]")  # four 1m: three claimed, one concealed
    claims = [{"seat": 1, "from_seat": 2, "kind": "pong", "tile": "1m"}]
    assert _problems(winners=[winner], claims=claims) == []


def test_a_claim_without_a_tile_counts_nothing() -> None:
    claims = [{"seat": 2, "from_seat": 3, "kind": "kong"}]
    assert _problems(winners=[_self_drawn(PLAIN)], claims=claims) == []


# ---------------------------------------------------------------- 4. a robbed kong


def test_a_robbed_kong_s_tile_is_the_robbers_winning_tile() -> None:
    # the robbed seat's pong of 5s (three) and the robbed 5s in the winner's hand: four
    robber = {"seat": 1, "hand": "123m456p789s34s22z5s", "situations": ["robbing_kong"]}
    claims = [{"seat": 2, "from_seat": 3, "kind": "pong", "tile": "5s"}]
    assert _problems(winners=[robber], robbed_from=2, claims=claims) == []


def test_two_robbers_of_one_kong_hold_the_one_robbed_tile() -> None:
    robbers = [
        {"seat": s, "hand": h, "situations": ["robbing_kong"]}
        for s, h in ((1, "123m456p789s34s22z5s"), (3, "234m567p678s34s11z5s"))
    ]
    claims = [{"seat": 2, "from_seat": 3, "kind": "pong", "tile": "5s"}]
    assert _problems(winners=robbers, robbed_from=2, claims=claims) == []


# ---------------------------------------------------------------- 5. horses and the indicator


def test_horse_tiles_and_the_indicator_are_one_copy_each_of_the_wall() -> None:
    winner = _self_drawn("111m456p789s345s22z")
    assert _problems(winners=[winner], horse_tiles=["1m"]) == []
    (problem,) = _problems(winners=[winner], horse_tiles=["1m"], indicator="1m")
    assert problem.startswith("1m: the round shows 5 copies (winners.0.hand 3, horse_tiles 1, ")
    assert "indicator 1" in problem


def test_bought_horses_come_from_a_set_of_their_own() -> None:
    """Rule 7 (潮州: 买马牌不占原有牌数): a bought horse takes no copy from the wall, so it adds
    nothing to the copies the rest of the round shows; the horses of all seats together are
    held to one set's copies."""
    winner = _self_drawn("111m456p789s345s22z")
    horses = {0: ["1m", "1m"], 1: ["1m"], 2: ["1m"]}
    assert _problems(winners=[winner], bought_horses=horses, horse_tiles=["1m"]) == []
    (problem,) = _problems(winners=[winner], bought_horses={**horses, 3: ["1m"]})
    assert problem == (
        "1m: the bought horses show 5 copies (bought_horses.0 2, bought_horses.1 1, "
        "bought_horses.2 1, bought_horses.3 1), and their set has 4"
    )
    (problem,) = _problems(NO_HONOURS, exhaustive_draw=True, bought_horses={1: ["5z"]})
    assert problem == "bought_horses.1: 5z is not in play under these options"


def test_a_horse_or_indicator_not_in_play_is_refused() -> None:
    (problem,) = _problems(NO_HONOURS, exhaustive_draw=True, horse_tiles=["1m", "5z"])
    assert problem == "horse_tiles: 5z is not in play under these options"
    (problem,) = _problems(NO_HONOURS, exhaustive_draw=True, indicator="1z")
    assert problem == "indicator: 1z is not in play under these options"


def test_a_winner_s_tile_not_in_play_is_left_to_scoring() -> None:
    assert _problems(NO_HONOURS, winners=[_self_drawn(PLAIN)]) == []


# ---------------------------------------------------------------- 6. the opening discards


def _go(*tiles: str) -> dict[str, Any]:
    return {"discards": list(tiles)}


def test_opening_discards_count_one_copy_each() -> None:
    opening = {"go_arounds": [_go("2z", "2z", "2z")]}
    (problem,) = _problems(winners=[_self_drawn(PLAIN)], opening=opening)
    assert problem == (
        "2z: the round shows 5 copies (winners.0.hand 2, 3 in the opening discards), and the "
        "game has 4"
    )


def test_a_discard_a_winner_claimed_into_an_exposed_meld_is_counted_once() -> None:
    # 7z ×2 discarded, one of them ponged into [777z]: 3 + 1 = 4; ×3 discarded is five
    winner = _self_drawn("123m456p789s22z [777z]")
    assert _problems(winners=[winner], opening={"go_arounds": [_go("7z", "7z")]}) == []
    (problem,) = _problems(winners=[winner], opening={"go_arounds": [_go("7z", "7z", "7z")]})
    assert "(1 of them may be claimed or won on)" in problem


def test_the_winning_discard_among_the_opening_discards_is_counted_once() -> None:
    winner = {"seat": 1, "hand": PLAIN}  # wins on seat 0's discard of 2z
    opening = {"go_arounds": [_go("2z", "2z", "2z")]}  # with the pair: 2 + 3 - the one won on
    assert _problems(winners=[winner], discarder=0, opening=opening) == []
    assert _problems(winners=[_self_drawn(PLAIN)], opening=opening) != []  # no discard won on


def test_another_seat_s_claim_may_have_taken_an_opening_discard() -> None:
    named = [{"seat": 2, "from_seat": 3, "kind": "pong", "tile": "2z"}]
    unnamed = [{"seat": 2, "from_seat": 3, "kind": "pong"}]
    opening = {"go_arounds": [_go("2z", "1m")]}
    hand = "123m456p789s345s11z"  # no 2z: the pong's three and one more discarded = 4
    assert _problems(winners=[_self_drawn(hand)], claims=named, opening=opening) == []
    opening = {"go_arounds": [_go("7z", "7z", "7z", "7z"), _go("7z")]}
    assert _problems(winners=[_self_drawn(hand)], claims=unnamed, opening=opening) == []
    assert _problems(winners=[_self_drawn(hand)], opening=opening) != []


# ---------------------------------------------------------------- every rulebook, API and CLI

SIX_1M: dict[str, Any] = {
    "winners": [
        {"seat": 1, "hand": "111m456p789s345s22z"},
        {"seat": 2, "hand": "111m234p567s678s22z"},
    ],
    "discarder": 0,
}


@pytest.mark.parametrize("name", BOOKS)
def test_two_winners_each_holding_111m_are_refused_by_every_rulebook(name: str) -> None:
    with pytest.raises(RoundError, match=r"^1m: the round shows 6 copies \(winners.0.hand 3, "):
        ruleset(name).settle(SIX_1M)


@pytest.mark.parametrize("name", BOOKS)
def test_mjc_settle_refuses_six_1m_in_one_line_exit_2(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(SIX_1M), encoding="utf-8")
    assert main(["settle", name, str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "1m: the round shows 6 copies" in err[0]
