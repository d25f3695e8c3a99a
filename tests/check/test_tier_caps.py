"""A tier's cap and the fans above it (`compiler/check/scoring.py`, E0402): a cap that always
holds refuses a fan it would cut, so that value could never be paid; a cap that depends on
the options (四川 封顶 3, 4 or 5 番) does not, the fan being paid whole under the others."""

from __future__ import annotations

from mjc.compiler.driver import compile_source

HEAD = """rulebook mini { title "迷你" }
players 4
tiles { characters copies 4 dots copies 4 bamboo copies 4 total 108 }
shapes { standard }
option cap "封顶": choice(3 "3番", none "不封顶") = 3
scoring { unit "倍" tier fan "番" multiply <caps> }
fan clean "清一色" { value 4 when suits(tiles) == 1 }
fan dragon "清龙七对" { value 32 when suits(tiles) == 1 }
"""


def codes(caps: str) -> list[str]:
    compilation = compile_source(HEAD.replace("<caps>", caps), "caps.mjr")
    return [d.code for d in compilation.diagnostics]


def test_a_cap_that_always_holds_refuses_a_fan_above_it() -> None:
    assert codes("cap 8") == ["E0402"]


def test_a_cap_under_some_options_leaves_a_fan_above_it_to_the_others() -> None:
    assert codes("cap 8 if option.cap == 3") == []
    assert codes("cap 64") == []
