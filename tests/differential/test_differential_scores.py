"""Every bundled rulebook scores the generated hands exactly as the golden fixture says.

The fixture (`tests/golden/scores/<rulebook>.txt.gz`, one line per case of `handgen`) records
what the code generator produced before it was restructured into a plan and an emitter, so a
change to how code is generated cannot change a score unnoticed. CI compares the first
`MJC_DIFFERENTIAL_HANDS` cases (default 3,000 per rulebook); `make differential` compares
all 100,000. `MJC_DIFFERENTIAL_WRITE=1` rewrites the fixture from the current code (do that
only when a score changes on purpose, and say why in the commit).
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest
from handgen import case, outcome

from mjc.compiler.loader import bundled_rulebooks

from ..conftest import ruleset  # type: ignore[import-not-found]

GOLDEN = Path(__file__).parent.parent / "golden" / "scores"
FULL = 100_000
HANDS = int(os.environ.get("MJC_DIFFERENTIAL_HANDS", "3000"))


def _golden(name: str) -> list[str]:
    with gzip.open(GOLDEN / f"{name}.txt.gz", "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def _write(name: str) -> None:
    book = ruleset(name)
    lines = [outcome(book, case(book, i)) for i in range(FULL)]
    GOLDEN.mkdir(parents=True, exist_ok=True)
    # mtime=0: the same scores always give the same bytes.
    with (
        open(GOLDEN / f"{name}.txt.gz", "wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as f,
    ):
        f.write(("\n".join(lines) + "\n").encode("utf-8"))


@pytest.mark.parametrize("name", sorted(bundled_rulebooks()))
def test_generated_code_scores_every_case_as_the_golden_fixture(name: str) -> None:
    if os.environ.get("MJC_DIFFERENTIAL_WRITE") == "1":
        _write(name)
    golden = _golden(name)
    assert len(golden) == FULL
    book = ruleset(name)
    count = min(HANDS, FULL)
    differ = [
        (i, case(book, i), golden[i], got)
        for i in range(count)
        if (got := outcome(book, case(book, i))) != golden[i]
    ]
    assert not differ[:5], f"{len(differ)} of {count} cases differ"
