"""One way to write a generator for two engines: hypothesis and a plain seeded random.

A generator is a function of a `Choices` (`integer`, `choice`, `chance`). `strategy(gen)`
makes it a hypothesis strategy (each choice is a draw, so hypothesis shrinks it); the bulk
runs of the fuzz tests call it with `Seeded` choices instead, which cost a microsecond where a
hypothesis draw costs a fifth of a millisecond: the CI's ten thousand rulebooks fit in its
budget that way. A failing input of a bulk run is shrunk by `fuzz_budget.minimize`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


class Choices(Protocol):
    def integer(self, low: int, high: int) -> int:
        """An integer from low to high, both included."""

    def choice(self, options: Sequence[T]) -> T:
        """One of the options (not empty)."""

    def chance(self, one_in: int) -> bool:
        """True once in `one_in` times."""


class Seeded:
    """Choices from a seeded `random.Random`."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return options[self._random.randrange(len(options))]

    def chance(self, one_in: int) -> bool:
        return self._random.randrange(one_in) == 0


class Drawn:
    """Choices drawn by hypothesis (inside `@st.composite`)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self._draw = draw

    def integer(self, low: int, high: int) -> int:
        return self._draw(st.integers(low, high))

    def choice(self, options: Sequence[T]) -> T:
        return self._draw(st.sampled_from(options))

    def chance(self, one_in: int) -> bool:
        return self._draw(st.integers(0, one_in - 1)) == 0


def strategy(generate: Callable[[Choices], T]) -> st.SearchStrategy[T]:
    """The generator as a hypothesis strategy."""

    @st.composite
    def drawn(draw: st.DrawFn) -> T:
        return generate(Drawn(draw))

    return drawn()
