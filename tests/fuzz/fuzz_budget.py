"""How much the fuzz tests run, how a bulk run goes, and the corpus of inputs that failed.

The CI run (`make test`) and the slow mode (`make fuzz`) are the same tests with different
budgets. A bulk run of many inputs may take its count from `tiered`: the first inputs of its
sequence in `make test`, the whole sequence in `make test-all` (`--all`). `MJC_FUZZ_SCALE`
multiplies every fuzz test's number of inputs (default 1, the CI
budget; hypothesis tests at most 25 times) and, above 1, draws new random inputs on every run
instead of the fixed CI sequence; `MJC_FUZZ_SECONDS` stops each bulk run after that many
seconds (`make fuzz`: scale 1000, 40 seconds a run). `MJC_FUZZ_OPEN` and
`MJC_FUZZ_OPEN_INPUTS` name the known crash classes whose generators stay off
(`rulebook_gen.KNOWN_OPEN`, `input_gen.KNOWN_OPEN`).

Most inputs go through `bulk` (seeded choices, `choices.Seeded`: cheap); a failing one is
shrunk by `minimize` and written into `tests/fuzz/regressions/`, and so is the shrunk input
of a failing hypothesis test (`keeping_failures`). `test_fuzz_regressions.py` replays them.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from choices import Choices, Seeded
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
        max_examples=max(1, round(examples * min(scale(), 25.0))),
        deadline=None,
        derandomize=not slow,  # CI replays one fixed sequence; the slow mode explores
        database=None if not slow else settings.default.database,
        print_blob=slow,
        suppress_health_check=list(HealthCheck),
    )


def tiered(make_test: int, make_test_all: int) -> pytest.MarkDecorator:
    """The `count` of a bulk run's inputs: `make_test` of them in `make test`, and in `make
    test-all` (`--all`, where the run is marked slow) all `make_test_all`, the same sequence
    (inputs are seeded by their index) carried on. For a run of a minute or more, whose first
    few hundred inputs already reach every outcome."""
    return pytest.mark.parametrize(
        "count",
        [
            pytest.param(make_test, id=f"{make_test}-inputs"),
            pytest.param(make_test_all, marks=pytest.mark.slow, id=f"{make_test_all}-inputs"),
        ],
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
            with path.open(encoding="utf-8", errors="surrogatepass", newline="") as file:
                text = file.read()
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


# ------------------------------------------------------------------------------ bulk runs

T = TypeVar("T")


def bulk(
    kind: str,
    generate: Callable[[Choices], T],
    check: Callable[[T], object],
    count: int,
) -> int:
    """Check `count` (times the scale) generated inputs; the first that fails is shrunk,
    kept in the corpus, and fails the test. Returns how many were checked."""
    total = max(1, round(count * scale()))
    base = f"{kind}:{generate.__name__}" if scale() <= 1 else secrets.token_hex(8)
    seconds = float(os.environ.get("MJC_FUZZ_SECONDS", "0") or 0)
    stop = time.monotonic() + seconds if seconds > 0 else None
    for i in range(total if stop is None else 1 << 62):
        if stop is not None and time.monotonic() > stop:
            return i
        case = generate(Seeded(f"{base}:{i}"))
        try:
            check(case)
        except Exception as exc:
            small = minimize(case, check, type(exc))
            path = save_regression(kind, small)
            raise AssertionError(
                f"fuzz input {i} of {generate.__name__} failed with {type(exc).__name__}: "
                f"{exc}; kept, shrunk, as {path}"
            ) from exc
    return total


def _fails(check: Callable[[T], object], case: T, error: type[BaseException]) -> bool:
    try:
        check(case)
    except error:
        return True
    except Exception:
        return False
    return False


def minimize(case: T, check: Callable[[T], object], error: type[BaseException]) -> T:
    """A smaller input that still fails `check` with `error`: a string loses lines, then
    runs of characters (delta debugging); JSON-like data loses keys and items, and its
    strings shrink the same way. At most a few thousand checks."""
    budget = [3000]

    def still_fails(candidate: Any) -> bool:
        budget[0] -= 1
        return budget[0] > 0 and _fails(check, candidate, error)

    return _shrink(case, still_fails)


def _shrink(value: Any, still_fails: Callable[[Any], bool]) -> Any:
    if isinstance(value, str):
        lines = _ddmin(value.splitlines(keepends=True), lambda ls: still_fails("".join(ls)))
        return "".join(_ddmin(list("".join(lines)), lambda cs: still_fails("".join(cs))))
    if isinstance(value, dict):
        for key in list(value):
            smaller = {k: v for k, v in value.items() if k != key}
            if still_fails(smaller):
                value = smaller
        for key in list(value):
            rest = value
            value = {
                **rest,
                key: _shrink(rest[key], lambda v, k=key, r=rest: still_fails({**r, k: v})),
            }
        return value
    if isinstance(value, list | tuple):
        items = _ddmin(list(value), lambda xs: still_fails(type(value)(xs)))
        for i in range(len(items)):
            items[i] = _shrink(
                items[i], lambda v, i=i: still_fails(type(value)([*items[:i], v, *items[i + 1 :]]))
            )
        return type(value)(items)
    return value


def _ddmin(items: list[Any], still_fails: Callable[[list[Any]], bool]) -> list[Any]:
    """Delta debugging: drop ever smaller chunks while the rest still fails."""
    chunk = max(1, len(items) // 2)
    while items and chunk >= 1:
        i, removed = 0, False
        while i < len(items):
            candidate = items[:i] + items[i + chunk :]
            if still_fails(candidate):
                items, removed = candidate, True
            else:
                i += chunk
        if not removed:
            chunk //= 2
    return items
