"""Every presumption of every situation, builtin (the prelude) and the bundled rulebooks' own,
refuses the win that breaks it with a coded, one-line error naming the situation, the
presumption and what the hand shows; a win that keeps them all is scored.

The cases are read off `compiler/language/prelude.mjr` and the rulebooks: one test per
presumption and per exclusion, and `test_every_presumption_has_a_case` keeps the table in step
with what the rulebooks say.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from mjc.compiler.loader import load
from mjc.runtime import Ruleset, SituationError

from ..conftest import ruleset  # type: ignore[import-not-found]

# A plain winning hand (no meld), one with a declared pung, one with a declared kong.
PLAIN = "123m456p789s999m22z"
MELDED = "123m456p789s22z [111m]"
KONG = "123m456p22z [789s] [9999m]"
# 上海's 八花 won on its eighth flower (a win on a flower: 搶花 when robbed).
EIGHT = "123m456p789s999m2z12345678f"
ON_8F = {"win": "8f"}

# (situation, presumption as written or "excludes <other>", rulebook, hand, score kwargs, what
# the message shows after "here", or "" when it shows nothing)
CASES: list[tuple[str, str, str, str, dict[str, Any], str]] = [
    ("heavenly", "dealer", "guangdong", PLAIN, {"self_drawn": True}, ""),
    ("heavenly", "self_drawn", "guangdong", PLAIN, {"dealer": True}, ""),
    (
        "heavenly",
        "len(declared) == 0",
        "guangdong",
        MELDED,
        {"dealer": True, "self_drawn": True},
        "declared is [111m]",
    ),
    ("heavenly", "excludes earthly", "guangdong", PLAIN, {"dealer": True, "self_drawn": True}, ""),
    ("heavenly", "excludes human", "guangdong", PLAIN, {"dealer": True, "self_drawn": True}, ""),
    (
        "heavenly",
        "excludes kong_bloom",
        "guangdong",
        PLAIN,
        {"dealer": True, "self_drawn": True},
        "",
    ),
    (
        "heavenly",
        "excludes robbing_kong",
        "guangdong",
        PLAIN,
        {"dealer": True, "self_drawn": True},
        "",
    ),
    (
        "heavenly",
        "excludes last_tile",
        "guangdong",
        PLAIN,
        {"dealer": True, "self_drawn": True},
        "",
    ),
    ("earthly", "not dealer", "guangdong", PLAIN, {"dealer": True, "self_drawn": True}, ""),
    ("earthly", "len(declared) == 0", "guangdong", KONG, {}, "declared is [789s] [9999m]"),
    ("earthly", "excludes human", "guangdong", PLAIN, {}, ""),
    ("earthly", "excludes kong_bloom", "guangdong", PLAIN, {"self_drawn": True}, ""),
    ("earthly", "excludes robbing_kong", "guangdong", PLAIN, {}, ""),
    ("earthly", "excludes last_tile", "guangdong", PLAIN, {"self_drawn": True}, ""),
    ("human", "not dealer", "guangdong", PLAIN, {"dealer": True}, ""),
    ("human", "not self_drawn", "guangdong", PLAIN, {"self_drawn": True}, ""),
    ("human", "len(declared) == 0", "guangdong", MELDED, {"win": "2z"}, "declared is [111m]"),
    ("human", "excludes robbing_kong", "guangdong", PLAIN, {"win": "3m"}, ""),
    ("human", "excludes last_tile", "guangdong", PLAIN, {}, ""),
    (
        "kong_bloom",
        "any m in declared: m.is_kong",
        "guangdong",
        MELDED,
        {"self_drawn": True},
        "declared is [111m]",
    ),
    ("kong_bloom", "excludes robbing_kong", "guangdong", KONG, {}, ""),
    ("robbing_kong", "not self_drawn", "guangdong", PLAIN, {"self_drawn": True, "win": "3m"}, ""),
    (
        "robbing_kong",
        "copies(winning_tile) == 1",
        "guangdong",
        PLAIN,
        {},
        "copies(winning_tile) is 2",
    ),
    ("kong_discard", "not self_drawn", "guangdong", PLAIN, {"self_drawn": True}, ""),
    ("kong_discard", "excludes robbing_kong", "guangdong", PLAIN, {"win": "3m"}, ""),
    ("kong_discard", "excludes kong_bloom", "guangdong", KONG, {}, ""),
    ("kong_discard", "excludes earthly", "guangdong", PLAIN, {}, ""),
    ("kong_discard", "excludes human", "guangdong", PLAIN, {}, ""),
    ("flower_robbed", "not self_drawn", "shanghai", EIGHT, {**ON_8F, "self_drawn": True}, ""),
    ("flower_robbed", "winning_tile.is_flower", "guangdong", PLAIN, {}, ""),
    ("flower_robbed", "excludes robbing_kong", "shanghai", EIGHT, ON_8F, ""),
    ("flower_robbed", "excludes kong_bloom", "shanghai", EIGHT, ON_8F, ""),
    ("flower_robbed", "excludes kong_discard", "shanghai", EIGHT, ON_8F, ""),
    ("flower_robbed", "excludes earthly", "shanghai", EIGHT, ON_8F, ""),
    ("flower_robbed", "excludes human", "shanghai", EIGHT, ON_8F, ""),
    ("triple_win", "not self_drawn", "guangdong", PLAIN, {"self_drawn": True}, ""),
    ("triple_win", "players == 4", "chaozhou", PLAIN, {"players": 3}, "players is 3"),
    (
        "last_of_kind",
        "(count t in standing: t == winning_tile) == 1",
        "mcr",
        "123m456p789s22z [111s]",
        {"win": "2z"},
        "(count t in standing: t == winning_tile) is 2",
    ),
]


def _situations(case: tuple[str, str, str, str, dict[str, Any], str]) -> list[str]:
    situation, presumption = case[0], case[1]
    other = presumption.removeprefix("excludes ")
    return [situation, other] if presumption.startswith("excludes ") else [situation]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_broken_presumption_refuses_the_win(
    case: tuple[str, str, str, str, dict[str, Any], str],
) -> None:
    situation, presumption, book, hand, kwargs, shown = case
    rules = ruleset(book)
    with pytest.raises(SituationError) as raised:
        rules.score(hand, situations=_situations(case), **kwargs)
    message = str(raised.value)
    label = next(f.label for f in _flags(book) if f.id == situation)
    if presumption.startswith("excludes "):
        other = presumption.removeprefix("excludes ")
        other_label = next(f.label for f in _flags(book) if f.id == other)
        assert message == (
            f"{label} ({situation}) and {other_label} ({other}) cannot both hold for one win"
        )
    else:
        assert message.startswith(f"{label} ({situation}) presumes `{presumption}`: ")
        assert message.endswith(f"; here {shown}") if shown else "; here" not in message
    assert raised.value.code == "E0601" and "\n" not in message


def _flags(book: str) -> list[Any]:
    compiled = load(book).compilation.rulebook
    assert compiled is not None
    return [*compiled.builtin_situations, *compiled.situations]


def test_every_presumption_has_a_case() -> None:
    """The table above holds one case per presumption and exclusion the prelude and the
    bundled rulebooks write (so a new presumption comes with its test)."""
    written = {
        (f.id, p.text) for book in ("guangdong", "mcr") for f in _flags(book) for p in f.presumes
    } | {(f.id, f"excludes {o}") for f in _flags("guangdong") for o in f.excludes}
    tested = {(c[0], c[1]) for c in CASES}
    assert written == tested


@pytest.mark.parametrize(
    ("hand", "kwargs"),
    [
        (PLAIN, {"situations": ["heavenly"], "dealer": True, "self_drawn": True}),
        (PLAIN, {"situations": ["earthly"], "self_drawn": True}),
        (PLAIN, {"situations": ["human"]}),
        (KONG, {"situations": ["kong_bloom"], "self_drawn": True}),
        (PLAIN, {"situations": ["robbing_kong"], "win": "3m"}),
        (PLAIN, {"situations": ["last_tile", "triple_win"]}),
        (KONG, {"situations": ["kong_discard", "last_tile"]}),
        (MELDED, {"situations": ["last_tile"], "self_drawn": True, "win": "2z"}),
    ],
)
def test_a_win_that_keeps_every_presumption_is_scored(
    guangdong: Ruleset, hand: str, kwargs: dict[str, Any]
) -> None:
    assert guangdong.score(hand, **kwargs).win


def test_mcr_last_of_kind_is_scored_when_the_other_copies_are_shown() -> None:
    """和绝张: the winner's own exposed pung of the tile counts among the three shown."""
    score = ruleset("mcr").score("123m456p789s22z [333m]", win="3m", situations=["last_of_kind"])
    assert score.win and any(f.name == "和绝张" for f in score.fans)


def test_a_flower_robbed_keeping_its_presumptions_is_scored() -> None:
    """搶花: 上海's 八花 won on the eighth flower another seat drew, not self-drawn."""
    score = ruleset("shanghai").score(EIGHT, situations=["flower_robbed"], **ON_8F)
    assert score.win and [f.name for f in score.fans] == ["八花"]


def test_shanghai_own_situations_presume_nothing_of_the_win() -> None:
    """荒番 and 開寶 are states of the table: any win may be played under them."""
    shanghai = ruleset("shanghai")
    for situations in (["huangfan"], ["kaibao"], ["huangfan", "kaibao"]):
        for self_drawn in (False, True):
            score = shanghai.score(PLAIN, situations=situations, self_drawn=self_drawn)
            assert score.win


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            [
                "mcr",
                "2p3p3p4p4p5p5p5p6p7p8p1f2f3f [789p]",
                "--win",
                "7p",
                "--situation",
                "robbing_kong",
            ],
            "抢杠 (robbing_kong) presumes `copies(winning_tile) == 1`",
        ),
        (
            ["guangdong", "123m456p789s22z [111m]", "--win", "2z", "--situation", "human"],
            "人胡 (human) presumes `len(declared) == 0`",
        ),
    ],
)
def test_the_cli_refuses_an_impossible_situation_with_its_code(argv: list[str], says: str) -> None:
    """The issue's two commands: exit 2, one coded line, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "mjc.compiler.cli", "score", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("mjc: error[E0601]: " + says)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
