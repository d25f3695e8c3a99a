"""How much the fuzz tests run, and the corpus of inputs that once failed.

The CI run (`make test`) and the slow mode (`make fuzz`) are the same tests with different
budgets: `MJC_FUZZ_SCALE` multiplies every fuzz test's number of examples (default 1, the CI
budget; `make fuzz` sets 25) and, above 1, draws new random inputs on every run instead of the
fixed CI sequence. Every input that fails is written, shrunk by hypothesis, into
`tests/fuzz/regressions/`, which `test_fuzz_regressions.py` replays on every run.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings

REGRESSIONS = Path(__file__).parent / "regressions"


def scale() -> float:
    """The budget multiplier from `MJC_FUZZ_SCALE` (a bad value is an error, not a guess;
    below 1 is for trying a change out quickly)."""
    raw = os.environ.get("MJC_FUZZ_SCALE", "1")
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise ValueError(f"MJC_FUZZ_SCALE must be a positive number, not {raw!r}")
    return value


def budget(examples: int) -> settings:
    """Hypothesis settings for a fuzz test with `examples` examples in CI."""
    slow = scale() > 1
    return settings(
        max_examples=max(1, round(examples * scale())),
        deadline=None,
        derandomize=not slow,  # CI replays one fixed sequence; the slow mode explores
        database=None if not slow else settings.default.database,
        print_blob=slow,
        suppress_health_check=list(HealthCheck),
    )


# How many inputs each fuzz test ran, by outcome: printed in pytest's summary (conftest.py).
STATS: Counter[str] = Counter()


# ------------------------------------------------------------------------------ the corpus


def save_regression(kind: str, data: Any) -> Path:
    """Keep a failing input: a rulebook's text as `.mjr` (byte for byte), anything else as
    JSON with its kind (`hand-cli`, `round-api`...), named after its content's hash."""
    REGRESSIONS.mkdir(exist_ok=True)
    if kind == "rulebook":
        assert isinstance(data, str)
        digest = hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        path = REGRESSIONS / f"rulebook-{digest}.mjr"
        path.write_text(data, encoding="utf-8", errors="surrogatepass", newline="")
        return path
    text = json.dumps({"kind": kind, "input": data}, ensure_ascii=True, indent=1)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    path = REGRESSIONS / f"{kind}-{digest}.json"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def regressions() -> list[tuple[str, Any, str]]:
    """Every kept input: (kind, input, file name)."""
    found: list[tuple[str, Any, str]] = []
    for path in sorted(REGRESSIONS.glob("*")):
        if path.suffix == ".mjr":
            text = path.read_text(encoding="utf-8", errors="surrogatepass", newline="")
            found.append(("rulebook", text, path.name))
        elif path.suffix == ".json":
            document = json.loads(path.read_text(encoding="utf-8"))
            found.append((document["kind"], document["input"], path.name))
    return found


@contextmanager
def keeping_failures(kind: str) -> Iterator[Callable[[Any], None]]:
    """Run a hypothesis test and keep its shrunk failing input in the corpus.

    The test calls `note(input)` before checking each input; hypothesis replays the minimal
    failing example last, so the last input noted when the test fails is the one kept.
    """
    last: list[Any] = []

    def note(data: Any) -> None:
        last[:] = [data]

    try:
        yield note
    except BaseException:
        if last:
            path = save_regression(kind, last[0])
            print(f"fuzz: kept the failing input as {path}")
        raise
