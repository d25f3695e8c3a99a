"""Scores that explain themselves (`mjc.runtime.score.explain`, `Score.steps`, `Score.suppressed`,
`Score.substitutions`) and the situations `Ruleset.score` refuses
(`mjc.runtime.score.situations`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from mjc.compiler import ir
from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.runtime import Ruleset
from mjc.runtime.score.explain import Step, each_value, suppressed_fans
from tests.conftest import ruleset

BIG_FOUR_ALL_HONOURS = "111z222z333z444z55z"  # 字一色 64 and 大四喜 64 (广东: 爆胡以外 max)
RULEBOOKS = Path(__file__).resolve().parents[2] / "rulebooks"


def rule_id(keyword: str, name: str, line_text: str) -> str:
    """The id a step gives the scoring line of rulebook `name` that reads `line_text`: which
    line of its keyword in the scoring section it is."""
    text = (RULEBOOKS / f"{name}.mjr").read_text(encoding="utf-8")
    section = text[text.index("\nscoring {") :].split("\n}", 1)[0]
    same = [line.strip() for line in section.splitlines() if line.strip().startswith(keyword + " ")]
    return f"{keyword}@{name}.mjr#{same.index(line_text) + 1}"


def steps(score: Any) -> list[tuple[str, int, int, str]]:
    return [tuple(step) for step in score.steps]


def test_a_plain_hand_has_one_sum_step_of_its_tier(guangdong: Ruleset) -> None:
    score = guangdong.score("123m456p789s345s22z", self_drawn=True)
    assert steps(score) == [("sum", score.total, score.total, "within")]


def test_a_tier_cap_that_cuts_is_a_ceiling_step_named_by_the_tier(guangdong: Ruleset) -> None:
    # 混一色 4 + 三元牌 ×2 + 门前清 1 = 7, 爆胡以内 capped at 4
    score = guangdong.score("555z666z123m456m11m")
    assert steps(score) == [("sum", 7, 7, "within"), ("ceiling", 4, 4, "within")]
    assert score.capped


def test_a_floor_that_raises_is_a_floor_step_naming_its_scoring_line(guangdong: Ruleset) -> None:
    score = guangdong.score("123m456p22z [789s] [9999m]", situations=["kong_bloom"])
    floor = rule_id("floor", "guangdong", "floor 4 when kong_bloom")
    assert steps(score) == [("sum", 2, 2, "within"), ("floor", 4, 4, floor)]


def test_a_floor_that_does_not_raise_is_no_step(guangdong: Ruleset) -> None:
    score = guangdong.score("345m666m789m55m (2222m)", situations=["kong_bloom"])
    assert [step.kind for step in score.steps] == ["sum"] and score.total == 16


FIX_1 = "fix 1 when option.pao1 and not (self_drawn or kong_bloom)"


def test_baise_robbing_kong_doubles_then_pao_hu_1_fixes_the_total() -> None:
    """百色 "炮胡算1分": the doubled 抢杠 hand (清一色, won on a chow's tile: a robbed tile
    completes no pung or pair, whose other copies the robbed seat holds) is then fixed at 1."""
    book = ruleset("baise")
    score = book.score(
        "111m555m777m234m99m", win="2m", options={"炮胡算1分": "on"}, situations=["robbing_kong"]
    )
    assert steps(score) == [
        ("sum", 8, 8, "big"),
        ("multiply", 2, 16, rule_id("multiply", "baise", "multiply 2 when robbing_kong")),
        ("fixed", 1, 1, rule_id("fix", "baise", FIX_1)),
    ]


def _rule_ids(text: str) -> list[str]:
    """The rule ids baise's generated module gives its scoring and payments lines."""
    book = compile_source(text, "rulebooks/baise.mjr").rulebook
    assert book is not None
    return re.findall(r"'([a-z_]+@baise\.mjr#\d+)'", generate_module(book))


def test_rule_ids_stay_when_lines_are_added_above() -> None:
    """Explanations name a line by its keyword and which line of that keyword in its section
    it is, not by its line number: lines added above every section and inside the payments
    and scoring sections leave every id of 百色 (steps, win, kong, horse, relation and cap
    lines) as it was."""
    text = (RULEBOOKS / "baise.mjr").read_text(encoding="utf-8")
    shifted = "# a note\n\n" + text.replace(
        "\npayments {\n", "\npayments {\n  # a note\n\n"
    ).replace("\nscoring {\n", "\nscoring {\n  # a note\n")
    assert shifted.count("# a note") == 3
    ids = _rule_ids(text)
    assert {i.split("@")[0] for i in ids} >= {"multiply", "ceiling", "fix", "win", "cap"}
    assert _rule_ids(shifted) == ids


def test_a_line_id_counts_the_lines_of_its_keyword_in_its_own_file() -> None:
    def at(file: str, line: int) -> ir.SourceRef:
        return ir.SourceRef(file=file, line=line, column=3)

    block = [at("base.mjr", 40), at("rulebooks/x.mjr", 90), at("rulebooks/x.mjr", 12)]
    assert ir.line_id("floor", block[1], block) == "floor@x.mjr#2"
    assert ir.line_id("floor", block[2], block) == "floor@x.mjr#1"
    assert ir.line_id("floor", block[0], block) == "floor@base.mjr#1"


def test_chaozhou_da_hu_xiang_cheng_is_a_multiply_step_of_the_tier() -> None:
    """潮州 "大胡相乘": 碰碰胡 4 × 清一色 6 = 24, one step of the 大胡 tier."""
    score = ruleset("chaozhou").score("111m222m333m555m99m", options={"大胡相乘": "on"})
    assert steps(score) == [("multiply", 24, 24, "big")]


@pytest.mark.parametrize(
    ("name", "hand", "kwargs"),
    [
        ("guangdong", "555z666z123m456m11m", {}),
        ("guangdong", BIG_FOUR_ALL_HONOURS, {}),
        ("shanghai", "123m456p789s22z (5555s)", {"situations": ["kong_bloom"]}),
        # robbed on a chow's tile: a robbed tile completes no pair or pung
        ("baise", "111m555m777m234m99m", {"win": "2m", "situations": ["robbing_kong"]}),
        ("meizhou", "1122m3344p5566s77z", {"self_drawn": True}),
    ],
)
def test_the_last_step_ends_at_the_total(name: str, hand: str, kwargs: dict[str, Any]) -> None:
    score = ruleset(name).score(hand, **kwargs)
    assert score.win and score.steps and score.steps[-1].total == score.total


def test_a_repeated_fan_keeps_its_value_each_and_its_count(guangdong: Ruleset) -> None:
    dragons = next(f for f in guangdong.score("555z666z123m456m11m").fans if f.count > 1)
    assert (dragons.id, dragons.each, dragons.count, dragons.value) == ("dragon_pung", 1, 2, 2)
    assert dragons.as_dict()["each"] == 1


def test_each_value_reads_an_added_or_a_multiplied_count() -> None:
    assert each_value(2, 3, 6) == 2  # added: 2 × 3
    assert each_value(2, 3, 8) == 2  # multiplied: 2 ** 3
    assert each_value(5, 2, 6) == 3  # an option changed the value: shared out evenly


def test_done_when_zi_yi_se_da_si_xi_explain_shows_what_dropped_what(guangdong: Ruleset) -> None:
    """字一色 + 大四喜 (广东 爆胡以外 "max"): the explanation lists 大四喜 as dropped by 字一色."""
    score = guangdong.score(BIG_FOUR_ALL_HONOURS, explain=True)
    assert [f.id for f in score.fans] == ["all_honours"]
    assert score.suppressed is not None
    dropped = {s.id: (s.by, s.how) for s in score.suppressed}
    assert dropped["big_four_winds"] == ("all_honours", "max")
    assert dropped["all_pungs"] == ("all_honours", "tier")  # 爆胡以外 overrides 爆胡以内
    assert dropped["chicken"] == ("all_pungs", "excludes")


def test_dropped_fans_never_count(guangdong: Ruleset) -> None:
    for hand in (BIG_FOUR_ALL_HONOURS, "555z666z123m456m11m", "111m222m444z55m [333p]"):
        score = guangdong.score(hand, explain=True)
        assert score.suppressed is not None
        assert not {s.id for s in score.suppressed} & {f.id for f in score.fans}


def test_suppressed_only_when_asked_and_in_json(guangdong: Ruleset) -> None:
    assert guangdong.score(BIG_FOUR_ALL_HONOURS).suppressed is None
    assert "suppressed" not in guangdong.score(BIG_FOUR_ALL_HONOURS).as_dict()
    out = guangdong.score(BIG_FOUR_ALL_HONOURS, explain=True).as_dict()["suppressed"]
    assert {"id": "big_four_winds", "name": "大四喜", "by": "all_honours", "by_name": "字一色",
            "how": "max"} in out  # fmt: skip


def test_a_wild_is_shown_as_the_tile_it_stands_for() -> None:
    score = ruleset("chaozhou").score("123m456m789m55m12m5z", options={"鬼牌": "白板做鬼"})
    assert score.substitutions == ((31, 2),)  # 5z (tile 31) → 3m (tile 2)
    assert score.as_dict()["substitutions"] == [{"wild": "5z", "as": "3m"}]


def test_a_wild_standing_for_itself_is_paired_with_itself() -> None:
    book = ruleset("chaozhou")
    score = book.score("123m456m789m55m555z", options={"鬼牌": "白板做鬼"})
    assert score.win
    assert all(len(pair) == 2 for pair in score.substitutions)
    assert len(score.substitutions) == 3


def test_json_adds_fields_and_keeps_the_contract(guangdong: Ruleset) -> None:
    out = guangdong.score("123m456p789s345s22z", win="5s").as_dict()
    assert {"rulebook", "win", "shape", "fans", "total", "unit", "arrangement"} <= out.keys()
    assert out["win_tile"] == "5s"
    assert out["steps"] == [
        {"kind": "sum", "value": out["total"], "total": out["total"], "rule": "within"}
    ]
    assert Step("sum", 1, 1, "x").as_dict() == {"kind": "sum", "value": 1, "total": 1, "rule": "x"}


def test_a_hand_that_is_not_a_win_has_no_steps(guangdong: Ruleset) -> None:
    out = guangdong.score("123m456p789s1357z").as_dict()
    assert out["win"] is False and out["steps"] == [] and out["substitutions"] == []


def test_raw_counts_are_ints_though_a_fan_without_per_holds_true_or_false(
    guangdong: Ruleset,
) -> None:
    """`score_fans` keeps a fan without `per` (that no limit cuts) as True or False, a cheaper
    test than an int (`compiler/emit/codeplan.py`, `FanPlan.flag`); what it gives `raw` for
    explanations is still the counts 1 and 0."""
    seen: list[tuple[int, ...]] = []

    def capture(raw: tuple[int, ...], *rest: Any) -> Any:
        seen.append(raw)
        return suppressed_fans(raw, *rest)

    with mock.patch("mjc.runtime.rules.ruleset.suppressed_fans", capture):
        guangdong.score(BIG_FOUR_ALL_HONOURS, explain=True)
    (raw,) = seen
    assert all(type(count) is int for count in raw)
    index = {fan.id: i for i, fan in enumerate(guangdong.spec.fans)}
    assert raw[index["big_four_winds"]] == 1 and raw[index["all_honours"]] == 1
