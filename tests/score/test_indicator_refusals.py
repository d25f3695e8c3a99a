"""The dora and ura-dora indicators `Ruleset.score` takes (`dora_indicators`,
`ura_indicators`): tiles in notation, red fives too, as a list or a tuple; anything else is
refused with a `TypeError` or `ValueError` saying what is wrong, never another exception."""

from __future__ import annotations

import pytest

from mjc.runtime import Ruleset

from ..conftest import ruleset  # type: ignore[import-not-found]

HAND = "234m567p234s678s55p"


@pytest.fixture(scope="module")
def riichi() -> Ruleset:
    return ruleset("riichi")


def dora(riichi: Ruleset, indicators: object) -> int:
    score = riichi.score(HAND, win="8s", dora_indicators=indicators)  # type: ignore[arg-type]
    return sum(f.count for f in score.fans if f.id == "dora")


@pytest.mark.parametrize("indicators", [["4p", "1m"], ("4p", "1m"), iter(["4p", "1m"])])
def test_indicators_are_read_from_a_list_a_tuple_or_any_iterable(
    riichi: Ruleset, indicators: object
) -> None:
    assert dora(riichi, indicators) == 4


def test_a_red_five_indicator_points_at_the_six(riichi: Ruleset) -> None:
    assert dora(riichi, ["0p"]) == 1


@pytest.mark.parametrize(
    ("indicators", "error", "words"),
    [
        ("4p", TypeError, "not a string"),
        ([4], TypeError, "str"),
        ([["4p"]], TypeError, "str"),
        (["4p", None], TypeError, "str"),
        (["1f"], ValueError, "flower"),
        (["4p"] * 11, ValueError, "at most"),
        (["9z"], ValueError, "9z"),
    ],
)
def test_an_indicator_that_is_no_tile_is_refused_saying_why(
    riichi: Ruleset, indicators: object, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        dora(riichi, indicators)
