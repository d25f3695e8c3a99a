"""The fu and points sections (Riichi's 符 and 点) at run time: the generated module counts the
fu of each reading item by item (副底, 門前加符, 自摸, sets by kind, waits, 七対子's fixed 25,
rounded up to 10), the points from the han and the fu with the limits (満貫 and above), the
best reading is the one with the most points, `Score` and its JSON carry the fu, its parts, the
points and the limit, and the settlement pays the points, each payment rounded up to 100
(ron 4 × base, the dealer's 6 ×, in one transfer; tsumo 1 × base from each, 2 × from or for
the dealer).

The rulebook is tests/helpers/rulebooks/riichi_points.mjr (its fans and values are the test's;
ドラ is each 5m held)."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import pytest

from mjc.compiler.cli.commands import main
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import import_source
from mjc.runtime.rules.ruleset import Ruleset
from mjc.runtime.score.points import Valued, best_by_points
from mjc.runtime.settle.settlement import Settlement
from tests.helpers.small_rulebooks import RIICHI_POINTS_RULEBOOK

PINFU = "123m456p789s345s55p"  # won on 3s: 345s an open wait
TERMINAL_PUNG = "111m456p789s345s55p"  # 111m a concealed terminal pung
SEVEN_PAIRS = "1122m3344p5566s77z"
FOUR_HAN = "555m345m123789s66z"  # ドラ 4 (each 5m), 123s an edge wait on 3s, 發 pair
CHINITSU = "123456789m11199m"  # 清一色 6, ドラ 1
PUNGS_OR_CHOWS = "111222333m456p77z"  # 3 concealed pungs (三暗刻) or 3 identical chows
RON_320 = "112233m999p345s55p"  # 一盃口 1 han; 副底 20 + 門前加符 10 + 999p 8 = 40 fu


@cache
def rules() -> Ruleset:
    text = RIICHI_POINTS_RULEBOOK.read_text(encoding="utf-8")
    compilation = compile_source(text, "riichi_points.mjr")
    assert compilation.rulebook is not None, [d.message for d in compilation.diagnostics]
    module = import_source(generate_module(compilation.rulebook), "mjc_fu_points", "r.py")
    ruleset: Ruleset = module.RULESET
    return ruleset


def test_a_closed_pinfu_ron_counts_30_fu_副底_and_門前加符() -> None:
    score = rules().score(PINFU, win="3s")
    assert [f.id for f in score.fans] == ["pinfu"]
    assert (score.total, score.fu) == (1, 30)
    assert score.fu_parts == (("副底", 20), ("門前加符", 10))
    assert (score.points, score.limit) == (240, None)  # 30 × 2^(1+2)


def test_a_pinfu_tsumo_counts_no_tsumo_fu() -> None:
    score = rules().score(PINFU, win="3s", self_drawn=True)
    assert (score.total, score.fu, score.fu_parts) == (2, 20, (("副底", 20),))


def test_a_closed_ron_with_a_concealed_terminal_pung_counts_40_fu_rounded_up_from_38() -> None:
    score = rules().score(TERMINAL_PUNG, win="3s")
    assert score.fu == 40
    assert score.fu_parts == (("副底", 20), ("門前加符", 10), ("幺九暗刻", 8))


def test_a_pung_completed_on_a_discard_counts_as_exposed() -> None:
    score = rules().score("111m456p789s111s55p", win="1s")  # 111s completed by the ron
    assert ("幺九明刻", 4) in score.fu_parts and ("幺九暗刻", 8) in score.fu_parts


def test_seven_pairs_is_fixed_at_25_fu_unrounded() -> None:
    score = rules().score(SEVEN_PAIRS, win="7z")
    assert (score.shape, score.fu, score.fu_parts) == ("seven_pairs", 25, (("七対子", 25),))
    assert score.points == 25 * 2 ** (2 + 2)


def test_4_han_40_fu_reaches_満貫_2000() -> None:
    score = rules().score(FOUR_HAN, win="3s")
    assert (score.total, score.fu) == (4, 40)  # 40 × 2^6 = 2560, over 2000
    assert (score.points, score.limit) == (2000, "満貫")


def test_the_limits_by_han_name_the_hand() -> None:
    score = rules().score(CHINITSU, win="9m")
    assert score.total == 7
    assert (score.points, score.limit) == (3000, "跳満")


def test_the_reading_with_the_most_points_is_kept() -> None:
    """三暗刻 (2 han, 50 fu: 800) over 一盃口 (1 han, 40 fu: 320)."""
    score = rules().score(PUNGS_OR_CHOWS, win="7z")
    assert score.arrangement == "111m 222m 333m 456p 77z"
    assert [f.id for f in score.fans] == ["sanankou"]
    assert (score.fu, score.points) == (50, 800)


def test_most_points_come_before_most_han_then_most_fu() -> None:
    """Three readings: 3 han 30 fu (960), 2 han 70 fu (1120), 2 han 60 fu (960)."""
    values = {"a": (3, 30), "b": (2, 70), "c": (2, 60)}

    def score_fans(a: Any, s: Any, o: Any) -> tuple[int, tuple[()], tuple[()]]:
        return values[a][0], (), ()

    def adjust(a: Any, s: Any, o: Any, k: Any, total: int) -> tuple[Any, ...]:
        return total, 0, False, None, ()

    def fu_count(a: Any, s: Any, o: Any, k: Any) -> tuple[int, tuple[()]]:
        return values[a][1], ()

    def points(a: Any, s: Any, o: Any, k: Any, total: int, fu: int) -> tuple[int, None]:
        return fu * 2 ** (total + 2), None

    found: Any = ["a", "b", "c"]
    valuers = (score_fans, adjust, None)
    best, valued = best_by_points(found, Any, {}, valuers, fu_count, points)  # type: ignore[arg-type]
    assert best[0] == "b" and valued == Valued(70, (), 1120, None)
    values["b"] = (2, 60)  # now 960 each: the most han
    best, _ = best_by_points(found, Any, {}, valuers, fu_count, points)  # type: ignore[arg-type]
    assert best[0] == "a"


def test_without_adjustments_a_reading_is_valued_as_adjust_would_and_kept_at_least_0() -> None:
    """`adjust` None (a rulebook without floors, multipliers, ceilings or fixes): each
    reading's value is what the module's `adjust` would make of it, never below 0."""
    values = {"a": (-2, 30), "b": (1, 40)}

    def score_fans(a: Any, s: Any, o: Any) -> tuple[int, tuple[()], tuple[()]]:
        return values[a][0], (), ()

    def adjust(a: Any, s: Any, o: Any, k: Any, total: int) -> tuple[Any, ...]:
        return max(total, 0), 0, False, None, ()

    def fu_count(a: Any, s: Any, o: Any, k: Any) -> tuple[int, tuple[tuple[str, int], ...]]:
        return values[a][1], (("base", values[a][1]),)

    def points(a: Any, s: Any, o: Any, k: Any, total: int, fu: int) -> tuple[int, None]:
        return fu * 2 ** (total + 2), None

    def best(found: Any, adjusts: Any) -> tuple[tuple[Any, ...], Valued]:
        valuers = (score_fans, adjusts, None)
        return best_by_points(found, Any, {}, valuers, fu_count, points)  # type: ignore[arg-type]

    for found in (["a", "b"], ["b", "a"]):
        without = best(found, None)
        assert without == best(found, adjust)
        assert without[0][:2] == ("b", 1) and without[1] == Valued(40, (("base", 40),), 320, None)
    values["b"] = (-1, 30)  # both below 0: kept at 0, then the first of equals
    kept, valued = best(["a", "b"], None)
    assert kept[0] == "a" and kept[1] == 0 and valued.points == 120


def test_score_fans_and_fu_count_share_the_summary_the_module_makes() -> None:
    """The module names its `summarize_arrangement` as the shared summary; scoring with it
    (made once per reading, given to both as `x`) and without (each makes its own) agree."""
    shared = rules()
    spec = shared.spec
    assert spec.summary is not None
    assert spec.summary is spec.score_fans.__globals__["summarize_arrangement"]
    assert spec.summary_sharing() == (spec.summary, spec.score_fans)
    alone = Ruleset(dataclasses.replace(spec, summary=None))
    assert alone.spec.summary_sharing() is None
    for text, win in (
        (PINFU, "3s"), (TERMINAL_PUNG, "3s"), (SEVEN_PAIRS, "7z"), (FOUR_HAN, "3s"),
        (CHINITSU, "9m"), (PUNGS_OR_CHOWS, "7z"), (RON_320, "3s"),
    ):  # fmt: skip
        for self_drawn in (False, True):
            ours = shared.score(text, win=win, self_drawn=self_drawn).as_dict()
            assert ours == alone.score(text, win=win, self_drawn=self_drawn).as_dict(), text


def test_as_dict_gives_the_fu_its_parts_the_points_and_the_limit() -> None:
    out = rules().score(FOUR_HAN, win="3s").as_dict()
    assert out["fu"] == 40 and out["points"] == 2000 and out["limit"] == "満貫"
    assert out["fu_parts"][0] == {"name": "副底", "fu": 20}


def test_a_hand_that_does_not_win_has_no_fu_or_points_in_its_json() -> None:
    out = json.loads(json.dumps(rules().score("123m456p789s1234z", win="4z").as_dict()))
    assert out["win"] is False
    assert "fu" not in out and "points" not in out


def test_mjc_score_shows_the_fu_its_parts_the_limit_and_the_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", str(RIICHI_POINTS_RULEBOOK), FOUR_HAN, "--win", "3s"]) == 0
    out = capsys.readouterr().out
    parts = "副底 20, 門前加符 10, 中張暗刻 4, 役牌雀頭 2, 辺張 2; rounded up from 38"
    assert f"fu: 40 符 ({parts})" in out
    assert "points: 2000 点 (満貫)" in out
    assert main(["score", str(RIICHI_POINTS_RULEBOOK), FOUR_HAN, "--win", "3s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["fu"], data["points"], data["limit"]) == (40, 2000, "満貫")


def test_mjc_score_explain_lists_the_fu_parts_a_line_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["score", str(RIICHI_POINTS_RULEBOOK), TERMINAL_PUNG, "--win", "3s", "--explain"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "fu: 40 符, rounded up from 38\n  副底  20\n  門前加符  10\n  幺九暗刻  8" in out


# ---------------------------------------------------------------------------- settlement


def settled(seat: int, hand: str, win: str, *, self_drawn: bool = False) -> Settlement:
    winner = {"seat": seat, "hand": hand, "win_tile": win, "self_drawn": self_drawn}
    round_: dict[str, Any] = {"players": 4, "dealer": 0, "winners": [winner]}
    if not self_drawn:
        round_["discarder"] = (seat + 1) % 4
    result = rules().settle(round_)
    assert sum(result.deltas) == 0
    return result


def test_ron_pays_four_times_the_base_in_one_transfer_rounded_up_to_100() -> None:
    """1 han 40 fu, base 320: the discarder pays 4 × 320 = 1280, rounded up to 1300."""
    score = rules().score(RON_320, win="3s")
    assert (score.total, score.fu, score.points) == (1, 40, 320)
    result = settled(1, RON_320, "3s")
    assert result.deltas == [0, 1300, -1300, 0]
    assert len(result.lines) == 1


def test_the_dealers_ron_pays_six_times_the_base_rounded_up() -> None:
    """6 × 320 = 1920, rounded up to 2000."""
    assert settled(0, RON_320, "3s").deltas == [2000, -2000, 0, 0]


def test_a_non_dealers_tsumo_takes_the_base_from_each_and_twice_from_the_dealer() -> None:
    """平和 and 門前清自摸和, 2 han 20 fu, base 320: 400 from each other seat (320 rounded
    up), 700 from the dealer (640 rounded up)."""
    assert rules().score(PINFU, win="3s", self_drawn=True).points == 320
    result = settled(1, PINFU, "3s", self_drawn=True)
    assert result.deltas == [-700, 1500, -400, -400]
    assert any("rounded up to 100s" in line.reason for line in result.lines)


def test_the_dealers_tsumo_takes_twice_the_base_from_each_rounded_up() -> None:
    assert settled(0, PINFU, "3s", self_drawn=True).deltas == [2100, -700, -700, -700]


def test_a_limit_hand_is_paid_on_its_limit() -> None:
    """満貫 2000: 8000 from the discarder."""
    assert settled(2, FOUR_HAN, "3s").deltas == [0, 0, 8000, -8000]


def test_round_up_applies_only_when_its_if_holds() -> None:
    winner = {"seat": 1, "hand": RON_320, "win_tile": "3s"}
    round_ = {"players": 4, "dealer": 0, "winners": [winner], "discarder": 2}
    result = rules().settle({**round_, "options": {"round_up_100": "off"}})
    assert result.deltas == [0, 1280, -1280, 0]


def test_a_limit_under_an_option_applies_only_with_it() -> None:
    """切り上げ満貫: 4 han 30 fu (1920) is a 満貫 under `kiriage`."""
    hand = "345m456m567m234s99s"  # 平和 1, ドラ 3
    plain = rules().score(hand, win="2s")
    assert (plain.total, plain.fu, plain.points, plain.limit) == (4, 30, 1920, None)
    kiriage = rules().score(hand, win="2s", options={"kiriage": "on"})
    assert (kiriage.points, kiriage.limit) == (2000, "満貫")


def test_the_settlement_json_gives_each_winners_fu_and_points() -> None:
    winner = settled(1, FOUR_HAN, "3s").as_dict()["winners"][0]
    assert (winner["total"], winner["fu"], winner["points"], winner["limit"]) == (
        4,
        40,
        2000,
        "満貫",
    )


MULTIPLE_YAKUMAN = """
rulebook yakuman_test { title "役満" }
players 4
tiles { characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4 }
shapes { standard }
scoring { unit "翻" tier yaku "役" add tier yakuman "役満" add overrides yaku }
fan daisangen "大三元" { value 1 tier yakuman when (count m in pungs: m.is_dragon) == 3 }
fan suuankou "四暗刻" { value 1 tier yakuman when (count m in pungs: m.concealed) == 4 }
fan yaku "役" { value 1 tier yaku when true }
fu "符" { add 20 "副底" }
points "点" {
  limit "役満" 8000 * tier_total(yakuman) when tier_total(yakuman) >= 1
  limit "満貫" 2000 when total >= 5
  base fu * 2 ** (total + 2)
}
"""


def test_a_limit_reads_a_tiers_total_in_its_amount_and_its_condition() -> None:
    book = compile_source(MULTIPLE_YAKUMAN, "yakuman.mjr").rulebook
    assert book is not None
    ruleset: Ruleset = import_source(generate_module(book), "mjc_yakuman", "y.py").RULESET
    double = ruleset.score("555z666z777z111m44p", win="4p", self_drawn=True)
    assert (double.points, double.limit) == (16000, "役満")
    single = ruleset.score("555z666z777z123m44p", win="4p")
    assert (single.points, single.limit) == (8000, "役満")
    plain = ruleset.score("123m456m789m123p44p", win="4p")
    assert (plain.total, plain.points, plain.limit) == (1, 160, None)
