"""Riichi's general constructs in a small rulebook (tests/helpers/rulebooks/dora.mjr): a yaku
worth less on an open hand (`open N`, 食い下がり), dora counted from the indicators the caller
turns up (`sum i in dora_indicators: copies(successor(i))`), red fives written `0m` and
counted by `red_fives`, ura dora for a riichi winner only, and dora that are no yaku."""

from __future__ import annotations

import json
from functools import cache

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime import Score, parse_hand
from mjc.runtime.rules.ruleset import Ruleset
from tests.helpers.small_rulebooks import DORA_RULEBOOK

CLOSED_SANSHOKU = "234m234p234s678s55p"
OPEN_SANSHOKU = "234m234p55p678s [234s]"


@cache
def rules() -> Ruleset:
    compilation = compile_source(DORA_RULEBOOK.read_text(encoding="utf-8"), "dora.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_dora_test", "dora.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def fans(score: Score) -> dict[str, int]:
    return {f.id: f.value for f in score.fans}


def test_a_yaku_is_worth_its_open_value_on_an_open_hand() -> None:
    assert fans(rules().score(CLOSED_SANSHOKU)) == {"sanshoku": 2}
    assert fans(rules().score(OPEN_SANSHOKU)) == {"sanshoku": 1}


def test_a_concealed_kong_keeps_the_hand_closed() -> None:
    assert fans(rules().score("234m234p234s55p (6666s)"))["sanshoku"] == 2


def test_an_open_value_may_depend_on_the_options() -> None:
    score = rules().score(OPEN_SANSHOKU, options={"open_sanshoku": "none"})
    assert not score.win  # worth 0: no yaku left, and the minimum is one 翻


def test_each_indicator_counts_each_copy_of_the_tile_it_points_to() -> None:
    # 1m points to 2m (one copy), 1p to 2p (one), 9s back to 1s (none): two dora.
    score = rules().score(CLOSED_SANSHOKU, dora_indicators=["1m", "1p", "9s"])
    assert fans(score) == {"sanshoku": 2, "dora": 2}
    assert score.total == 4


def test_two_indicators_of_one_tile_count_its_copies_twice() -> None:
    # 4p points to 5p, the pair: two copies, twice.
    assert fans(rules().score(CLOSED_SANSHOKU, dora_indicators=["4p", "4p"]))["dora"] == 4


def test_honour_indicators_follow_the_wind_and_dragon_rings() -> None:
    hand = "234m234p234s111z55z"  # 东 pung, 白 pair
    assert fans(rules().score(hand, dora_indicators=["4z"]))["dora"] == 3  # 北 → 东
    assert fans(rules().score(hand, dora_indicators=["7z"]))["dora"] == 2  # 中 → 白


def test_red_fives_are_fives_and_count_as_dora_when_the_option_is_on() -> None:
    hand = parse_hand("234m234p234s678s0p5p")
    assert hand.red_fives == (13,)
    assert hand.counts == parse_hand("234m234p234s678s55p").counts
    assert fans(rules().score(hand))["red_dora"] == 1
    assert "red_dora" not in fans(rules().score(hand, options={"red_fives": "off"}))


def test_a_red_five_in_a_meld_counts_too() -> None:
    assert fans(rules().score("234m234p55p [234s] [406s]")) == {"sanshoku": 1, "red_dora": 1}


def test_a_hand_won_on_a_red_five_holds_it() -> None:
    assert fans(rules().score("234m234p234s678s55p", win="0p"))["red_dora"] == 1


def test_ura_dora_count_for_a_riichi_winner_only() -> None:
    with_riichi = rules().score(CLOSED_SANSHOKU, situations=["riichi"], ura_indicators=["7s"])
    assert fans(with_riichi) == {"sanshoku": 2, "riichi_fan": 1, "ura_dora": 1}
    without = rules().score(CLOSED_SANSHOKU, ura_indicators=["7s"])
    assert "ura_dora" not in fans(without)


def test_dora_alone_are_no_yaku() -> None:
    score = rules().score("234m567p345s678s55p", dora_indicators=["4p"])
    assert not score.win
    assert "ドラ" in (score.reason or "")


@pytest.mark.parametrize(
    ("given", "error"),
    [
        (["1f"], ValueError),
        (["0z"], ValueError),
        ("3m", TypeError),
        ([3], TypeError),
        (["1m"] * 11, ValueError),
    ],
)
def test_a_bad_indicator_is_refused_with_a_message(given: object, error: type) -> None:
    with pytest.raises(error):
        rules().score(CLOSED_SANSHOKU, dora_indicators=given)  # type: ignore[arg-type]


def test_mjc_score_takes_dora_and_ura_indicators(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "score",
            str(DORA_RULEBOOK),
            "234m234p234s678s0p5p",
            "--situation",
            "riichi",
            "--dora",
            "1m",
            "--ura",
            "4p",
            "--json",
        ]
    )
    assert code == 0
    got = {f["id"]: f["value"] for f in json.loads(capsys.readouterr().out)["fans"]}
    assert got == {"sanshoku": 2, "riichi_fan": 1, "dora": 1, "red_dora": 1, "ura_dora": 2}


def test_a_red_winning_tile_adds_no_second_red_five_to_a_hand_that_writes_it() -> None:
    assert parse_hand("234m234p234s678s0p5p", "0p").red_fives == (13,)
    assert parse_hand("234m234p234s678s55p", "0p").red_fives == (13,)
    assert parse_hand("0m34m234p234s678s55p", "0p").red_fives == (4, 13)


def _codes(replace: str, by: str) -> list[str]:
    text = DORA_RULEBOOK.read_text(encoding="utf-8")
    assert replace in text
    compilation = compile_source(text.replace(replace, by, 1), "dora.mjr")
    return [d.code for d in compilation.diagnostics]


def test_the_body_of_a_sum_is_a_number() -> None:
    assert _codes(
        "per sum i in dora_indicators: copies(successor(i))",
        "per sum i in dora_indicators: successor(i) == 1m",
    ) == ["E0201"]


def test_an_open_value_stated_twice_is_refused() -> None:
    assert "E0503" in _codes("  open 1\n", "  open 1\n  open 2\n")


def test_a_sum_over_a_long_range_is_bounded_like_a_count() -> None:
    assert "E0415" in _codes(
        "per sum i in dora_indicators: copies(successor(i))",
        "per sum i in 1..999999999: i",
    )


def test_an_example_cannot_set_a_fact_that_is_no_flag() -> None:
    # dora_indicators is a list, dealer_streak a count: `with dora=4p` and the caller set them
    example = '  example "234m234p234s678s55p"\n'
    assert "E0111" in _codes(example, example.rstrip("\n") + " with dora_indicators\n")
    assert "E0111" in _codes(example, example.rstrip("\n") + " with dealer_streak\n")


def test_the_arrangement_writes_a_red_five_as_0_in_the_set_that_holds_it() -> None:
    assert rules().score("234m234p55p [234s] [406s]").arrangement == "[234s] [406s] 234m 234p 55p"
    assert rules().score("234m234p234s678s55p", win="0p").arrangement == "234m 234p 234s 678s 05p"


def test_mjc_score_marks_a_winning_red_five_in_its_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(DORA_RULEBOOK), "234m234p067s234s55p", "--win", "0s"]) == 0
    assert "234m 234p 234s 0*67s 55p" in capsys.readouterr().out


@pytest.mark.parametrize("named", [(), ("riichi",)], ids=["no situation", "a situation"])
@pytest.mark.parametrize("options", [None, {"open_sanshoku": "none"}], ids=["default", "changed"])
def test_indicators_count_alike_however_they_are_given(
    named: tuple[str, ...], options: dict[str, str] | None
) -> None:
    # A tuple or list of notations is read at once (into the situation's copy); any other
    # iterable, or a hand named in a situation, has them read after; the dora are the same.
    hand = "234m234p234s678s50p"
    kinds = (tuple, list, iter, lambda tiles: (t for t in tiles))
    scores = [
        rules()
        .score(
            hand,
            situations=named,
            options=options,
            dora_indicators=kind(["1m", "4p"]),
            ura_indicators=kind(["1m"]),
        )
        .as_dict()
        for kind in kinds
    ]
    assert scores[0]["win"] and "dora" in {f["id"] for f in scores[0]["fans"]}
    assert all(s == scores[0] for s in scores)
