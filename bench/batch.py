"""`mjc score --batch` against one `mjc score` process per hand, on the scoring corpus's hands.

Both sides are real processes started the way a user starts them (`python -c` calling the CLI's
`main`, so neither depends on where the `mjc` script was installed): the batch side scores
every hand of the corpus from one file of JSON lines, the other scores a few hands, each in a
process of its own. Each figure is hands per second over whole runs, process start and the
rulebook's compilation included: that is what a user running many hands pays.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.corpus import Corpus, notation
from bench.report import Row
from bench.timing import Timing

__all__ = ["BATCH_TARGET_RATIO", "batch_benchmark"]

# The "at least 20× the hands per second of one process per hand".
BATCH_TARGET_RATIO = 20.0
BATCH_RULEBOOK = "guangdong"
# Hands scored one process each: enough for a steady median, few enough to stay quick.
SINGLE_HANDS = 3
_MAIN = "import sys; from mjc.compiler.cli.commands import main; sys.exit(main())"


def _run(args: Sequence[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MAIN, *args], capture_output=True, text=True, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"mjc {' '.join(args[:2])} failed: {done.stderr.strip()}")
    return elapsed


def batch_benchmark(corpus: Corpus, repeats: int) -> list[Row]:
    """One row: hands per second of `mjc score --batch` over the corpus's scoring hands,
    against `mjc score HAND --json` run once per hand."""
    hands = [notation(case.deal) for case in corpus.scoring_cases]
    lines = [json.dumps({"hand": h, "self_drawn": True}) for h in hands]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        batch = [_run(["score", BATCH_RULEBOOK, "--batch", str(path)]) for _ in range(repeats)]
    singles = hands[:SINGLE_HANDS]
    single = [
        sum(_run(["score", BATCH_RULEBOOK, h, "--self-drawn", "--json"]) for h in singles)
        for _ in range(max(1, repeats // 2))
    ]
    return [
        Row.rate(
            "batch scored hands / s",
            Timing(tuple(batch), len(hands)),
            Timing(tuple(single), len(singles)),
            target_ratio=BATCH_TARGET_RATIO,
            what=(
                f"mjc score {BATCH_RULEBOOK} --batch FILE ({len(hands):,} JSON lines, one "
                f"process) vs mjc score {BATCH_RULEBOOK} HAND --json, one process per hand "
                f"({len(singles)} hands); process start and compilation included"
            ),
            baseline="per process",
        )
    ]
