"""Every inline `example` / `counterexample` of every bundled rulebook, run against its
generated module: an example must score its fan, a counterexample must not."""

from __future__ import annotations

import pytest

from mjc.compiler.check.example_scores import example_settings
from mjc.compiler.loader import bundled_rulebooks
from mjc.runtime import ExampleSpec, Ruleset

from ..conftest import ruleset  # type: ignore[import-not-found]


def _cases() -> list[tuple[str, ExampleSpec]]:
    return [(name, ex) for name in bundled_rulebooks() for ex in ruleset(name).examples]


def score_example(book: Ruleset, example: ExampleSpec) -> set[str]:
    """The ids of the fans the example hand scores in its stated situation, its `with` items
    read as the compiler's own check reads them (an unknown item is refused there, E0111)."""
    settings = example_settings(tuple(example.situation), book)
    score = book.score(example.hand, win=example.win, **settings)
    return {f.id for f in score.fans}


CASES = _cases()


@pytest.mark.parametrize(
    ("rulebook", "example"),
    CASES,
    ids=[f"{name}:{ex.fan}:{ex.where.rsplit(':', 1)[-1]}" for name, ex in CASES],
)
def test_inline_example(rulebook: str, example: ExampleSpec) -> None:
    scored = score_example(ruleset(rulebook), example)
    if example.positive:
        assert example.fan in scored, f"{example.where}: {example.hand} should score {example.fan}"
    else:
        assert example.fan not in scored, f"{example.where}: {example.hand} scores {example.fan}"


def test_every_fan_has_an_example_and_a_near_miss() -> None:
    for name in bundled_rulebooks():
        book = ruleset(name)
        positive = {ex.fan for ex in book.examples if ex.positive}
        missing = [f.id for f in book.fans if f.id not in positive]
        assert not missing, f"{name}: fans without an example: {missing}"
