"""'Did you mean' finds plausible typos, in ASCII ids and Chinese names, and nothing silly."""

from __future__ import annotations

import pytest

from mjc.compiler.diagnostics.suggest import did_you_mean, edit_distance, suggest

FANS = {
    "pure_one_suit": "清一色",
    "mixed_one_suit": "混一色",
    "all_pungs": "碰碰胡",
    "all_chows": "平胡",
    "seven_pairs": "七对",
    "thirteen_orphans": "十三幺",
    "self_drawn": "自摸",
    "kong_bloom": "杠上开花",
    "robbing_kong": "抢杠胡",
    "big_three_dragons": "大三元",
    "small_three_dragons": "小三元",
    "dealer": "庄家",
    "players": "人数",
    "cap": "封顶",
    "wild": "鬼牌",
}
NAMES = [*FANS, *FANS.values(), "清一色七对"]


@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("pure_one_sut", "pure_one_suit"),
        ("self_draw", "self_drawn"),
        ("sef_drawn", "self_drawn"),
        ("all_pung", "all_pungs"),
        ("seven_pair", "seven_pairs"),
        ("dealr", "dealer"),
        ("cpa", "cap"),  # a swap of neighbours is one edit
        ("ALL_PUNGS", "all_pungs"),  # case does not matter
        ("Pure_One_Suit", "pure_one_suit"),
        ("small_three_dragon", "small_three_dragons"),
        ("robbing", "robbing_kong"),  # a prefix of the name
        ("清一", "清一色"),
        ("清色", "清一色"),
        ("碰胡", "碰碰胡"),
        ("七对子", "七对"),
    ],
)
def test_typos_find_the_name_meant(typo: str, meant: str) -> None:
    assert suggest(typo, NAMES) == [meant]


@pytest.mark.parametrize("name", ["xyz", "chicken", "pure", "kong", "dragons", "leader", "a", "东"])
def test_unrelated_names_get_no_suggestion(name: str) -> None:
    assert suggest(name, NAMES) == []


def test_totally_different_name_gets_nothing() -> None:
    assert suggest("xyz", ["pure_one_suit"]) == []


def test_limit_returns_the_best_first() -> None:
    assert suggest("three_dragons", NAMES, limit=2) == ["big_three_dragons", "small_three_dragons"]
    assert suggest("pure_one_sut", NAMES, limit=0) == []


def test_answer_does_not_depend_on_candidate_order() -> None:
    names = ["ab_c", "ab_d", "ab_e"]
    assert suggest("ab_x", names, limit=3) == suggest("ab_x", reversed(names), limit=3)
    assert suggest("ab_x", names, limit=3) == ["ab_c", "ab_d", "ab_e"]


def test_the_name_itself_is_not_suggested() -> None:
    assert suggest("cap", ["cap"]) == []
    assert suggest("cap", ["cap", "Cap"]) == ["Cap"]
    assert suggest("", NAMES) == []


def test_candidates_may_be_any_iterable_and_repeat() -> None:
    assert suggest("self_draw", iter(["self_drawn", "self_drawn"]), limit=5) == ["self_drawn"]


def test_edit_distance_counts_swaps_as_one_edit() -> None:
    assert edit_distance("", "abc") == 3
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("cap", "cpa") == 1
    assert edit_distance("清一色", "清色") == 1


def test_did_you_mean_describes_the_suggestion() -> None:
    assert did_you_mean("pure_one_sut", FANS, describe=FANS.__getitem__) == (
        "did you mean `pure_one_suit` (清一色)?"
    )
    assert did_you_mean("pure_one_sut", FANS) == "did you mean `pure_one_suit`?"


def test_did_you_mean_leaves_out_empty_or_redundant_glosses() -> None:
    assert did_you_mean("清一", NAMES, describe=lambda name: name) == "did you mean `清一色`?"
    assert did_you_mean("self_draw", NAMES, describe=lambda name: "") == (
        "did you mean `self_drawn`?"
    )


def test_did_you_mean_returns_none_when_nothing_is_close() -> None:
    assert did_you_mean("xyz", NAMES, describe=FANS.__getitem__) is None


def test_candidates_are_ranked_by_edit_distance_first() -> None:
    # `paymnets` is one swap from `payments`, more edits from the others
    assert suggest("paymnets", ["payment_rules", "payments", "payees"], limit=3)[0] == "payments"
    assert suggest("stak", ["stack", "stake", "streak"], limit=2) == ["stack", "stake"]


def test_without_substrings_a_longer_keyword_is_not_a_spelling() -> None:
    keywords = ["kong_payment", "streak_payment", "follow_payment", "win"]
    assert suggest("payment", keywords) == ["kong_payment"]  # names: a part of the name
    assert suggest("payment", keywords, substrings=False) == []
    assert did_you_mean("wni", keywords, substrings=False) == "did you mean `win`?"
