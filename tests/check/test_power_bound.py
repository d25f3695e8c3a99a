"""The power operator's exponent is bounded (E0552: 0..64 on every hand), with `total` in a
points section's base bounded by the limits before it: an unguarded `limit … when total >= N`
(or an `or` with such a test) that did not hold leaves `total` below N; a guarded one, or one
read after the base is worked out, says nothing."""

from __future__ import annotations

from mjc.compiler.driver import compile_source

HEAD = """
rulebook power_test { title "幂" }
players 4
tiles { characters copies 4 dots copies 4 bamboo copies 4 winds copies 4 dragons copies 4 }
shapes { standard }
scoring { unit "翻" tier yaku "役" add }
option guarded "限": toggle = on
fan big "大" { value 100 tier yaku when true }
fu "符" { add 20 "副底" }
"""


def _codes(points: str) -> list[str]:
    return [d.code for d in compile_source(HEAD + points, "p.mjr").diagnostics]


def test_an_exponent_bounded_by_the_limits_before_the_base_passes() -> None:
    assert (
        _codes('points "点" { limit "m" 2000 when total >= 5  base fu * 2 ** (total + 2) }') == []
    )


def test_an_or_holding_a_total_test_bounds_it_too() -> None:
    text = 'points "点" { limit "m" 2000 when fu > 100 or total > 10  base 2 ** total }'
    assert _codes(text) == []


def test_an_exponent_the_hand_can_push_past_64_is_e0552() -> None:
    assert _codes('points "点" { base fu * 2 ** (total + 2) }') == ["E0552"]


def test_a_guarded_limit_bounds_nothing() -> None:
    text = 'points "点" { limit "m" 2000 when total >= 5 if option.guarded  base 2 ** total }'
    assert _codes(text) == ["E0552"]


def test_a_limit_after_the_first_that_reads_base_bounds_nothing() -> None:
    text = (
        'points "点" { limit "m" 2000 when base > 2000  limit "n" 1 when total >= 5 '
        " base 2 ** total }"
    )
    assert _codes(text) == ["E0552"]


def test_a_negative_exponent_is_e0552() -> None:
    assert _codes('points "点" { limit "m" 1 when total >= 5  base 2 ** (total - 5) }') == ["E0552"]
