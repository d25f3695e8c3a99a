"""The words of a match's end (`compiler/check/play.py`, E0411): a final score (返し点, ウマ)
needs starting points, an extra wind (西入) a match length and a target, and 和了止め a match
length; with what each needs, each checks clean."""

from __future__ import annotations

import pytest

from mjc.compiler.driver import compile_source

HEAD = """rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 dots copies 4 bamboo copies 4 total 108 }
shapes { standard }
claims { pong }
play {
<lines>
}
scoring { unit "番" tier fan "番" add }
fan chicken "鸡胡" { value 1 }
"""


def codes(lines: str) -> list[str]:
    text = HEAD.replace("<lines>", lines)
    return [d.code for d in compile_source(text, "match.mjr").diagnostics]


@pytest.mark.parametrize(
    "lines",
    [
        "  match_winds 2\n  target_points 30000",
        "  match_winds 2\n  uma 10000, 20000",
        "  start_points 25000\n  target_points 30000\n  extra_winds 1",
        "  start_points 25000\n  match_winds 2\n  extra_winds 1",
        "  start_points 25000\n  last_dealer_stops on",
    ],
)
def test_a_match_end_word_without_what_it_needs_contradicts_the_rulebook(lines: str) -> None:
    assert codes(lines) == ["E0411"]


def test_the_match_end_words_with_what_they_need_check_clean() -> None:
    lines = (
        "  start_points 25000\n  match_winds 2\n  target_points 30000\n  uma 10000, 20000\n"
        "  extra_winds 1\n  last_dealer_stops on"
    )
    assert codes(lines) == []
