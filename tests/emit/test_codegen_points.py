"""What the fu and points sections compile to: plain functions `fu_count` (the items in order:
a `fix` returns, an `add` adds its amount times its `per`, `round up` rounds) and `points` (the
limits in order, the base worked out just before the first limit that reads it), passed to the
spec; the payments' `round up` as `payment_round_up`. A rulebook without them gets none of it
(the bundled rulebooks' modules stay as they were: tests/test_build_golden.py)."""

from __future__ import annotations

from functools import cache

from mjc.compiler.driver import compile_source
from mjc.compiler.emit.codegen import generate_module
from mjc.compiler.loader import load
from tests.helpers.small_rulebooks import DINGQUE_RULEBOOK, RIICHI_POINTS_RULEBOOK


@cache
def _module(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        book = compile_source(f.read(), "book.mjr").rulebook
    assert book is not None
    return generate_module(book)


def _function(source: str, name: str) -> str:
    start = source.index(f"\ndef {name}(")
    end = source.index("\n\n\n", start)
    return source[start:end]


def test_fu_count_works_the_items_out_in_order() -> None:
    code = _function(_module(str(RIICHI_POINTS_RULEBOOK)), "fu_count")
    fix, base, rounded = (
        code.index("return 25, (('七対子', 25),)"),
        code.index("fu += 20"),
        code.index("fu = -(-fu // 10) * 10"),
    )
    assert fix < base < rounded
    assert "counted = {i for i, _, _ in k}" in code  # `not pinfu`: whether 平和 counts
    assert code.rstrip().endswith("return fu, parts")


def test_points_works_the_base_out_before_the_first_limit_that_reads_it() -> None:
    code = _function(_module(str(RIICHI_POINTS_RULEBOOK)), "points")
    assert code.index("return 2000, '満貫'") < code.index("base = fu * 2 ** (total + 2)")
    assert code.index("base = fu * 2 ** (total + 2)") < code.index("if base > 2000:")
    assert code.rstrip().endswith("return base, None")


def test_the_spec_and_the_payments_take_the_functions() -> None:
    source = _module(str(RIICHI_POINTS_RULEBOOK))
    for line in ("fu_count=fu_count,", "fu_label='符',", "points=points,", "points_label='点',"):
        assert f"    {line}\n" in source
    assert "    round_up=payment_round_up,\n" in source
    assert "return (100, 'round@book.mjr#1')" in _function(source, "payment_round_up")


def test_a_rulebook_without_the_sections_gets_none_of_it() -> None:
    source = _module(str(DINGQUE_RULEBOOK))
    for word in ("fu_count", "points=", "payment_round_up", "round_up="):
        assert word not in source


def test_limits_that_hold_only_from_a_total_up_are_tested_once_below_it() -> None:
    code = _function(_module(str(RIICHI_POINTS_RULEBOOK)), "points")
    # 役満, 倍満, 跳満 and 満貫 each say `total >= N`: one test of the least, 5, stands first;
    # the limit reading the base and the option's 切り上げ満貫 stay outside it.
    outer = code.index("    if total >= 5:\n        # limit 役満")
    assert outer < code.index("        if total >= 13:") < code.index("    base = fu * 2")
    assert "\n    if base > 2000:" in code and "\n    if o['kiriage'] and" in code


def test_points_under_the_one_test_are_those_of_each_limit_in_turn() -> None:
    loaded = load(str(RIICHI_POINTS_RULEBOOK)).ruleset
    assert loaded is not None
    module = loaded.spec.score_fans.__globals__
    for kiriage in (False, True):
        for total in range(16):
            for fu in (20, 25, 30, 40, 60, 110):
                written = module["points"](None, None, {"kiriage": kiriage}, (), total, fu)
                assert written == _limits_in_turn(total, fu, kiriage), (total, fu, kiriage)


def _limits_in_turn(total: int, fu: int, kiriage: bool) -> tuple[int, str | None]:
    """The points section of tests/helpers/rulebooks/riichi_points.mjr read line by line."""
    for least, points, name in ((13, 8000, "役満"), (8, 4000, "倍満"), (6, 3000, "跳満")):
        if total >= least:
            return points, name
    if total >= 5:
        return 2000, "満貫"
    base = fu * 2 ** (total + 2)
    if base > 2000 or (kiriage and ((total == 4 and fu == 30) or (total == 3 and fu == 60))):
        return 2000, "満貫"
    return base, None


def test_fu_items_counting_the_same_melds_share_one_test_of_them() -> None:
    # Most hands hold no kong: the four kong items (rulebooks/riichi.mjr, 中張明槓 to 么九暗槓)
    # are skipped after one test instead of read and tested one by one; the pung items too.
    code = _function(_module("rulebooks/riichi.mjr"), "fu_count")
    pungs = code.index("# Items that need a pung or kong: none of them adds without.")
    kongs = code.index("# Items that need a kong: none of them adds without.")
    labels = ("中張明刻", "中張暗刻", "么九明刻", "么九暗刻")
    assert all(pungs < code.index(f"'{label}'") < kongs for label in labels)
    labels = ("中張明槓", "中張暗槓", "么九明槓", "么九暗槓")
    assert all(kongs < code.index(f"'{label}'") < code.index("'自摸'") for label in labels)
    # A single item keeps its own test: no guard above 単騎 or 自摸.
    assert code.count("# Items that need") == 2


def test_a_count_only_the_items_under_one_test_read_is_worked_out_under_it() -> None:
    # The pung items' counts of melds equal to the winning meld (meldequal's x_counted_<n>)
    # are read by those items alone: worked out under their test, not on every reading.
    code = _function(_module("rulebooks/riichi.mjr"), "fu_count")
    pungs = code.index("# Items that need a pung or kong: none of them adds without.")
    kongs = code.index("# Items that need a kong: none of them adds without.")
    bound = [code.index(f"    x_counted_{n} = (") for n in range(4)]
    assert all(pungs < at < code.index("'中張明刻'") for at in bound)
    assert all(f"        x_counted_{n} = (" in code[pungs:kongs] for n in range(4))
