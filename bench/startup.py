"""Cold start: a new process checking one rulebook with `mjc check`, scoring one hand with
`mjc score`, and importing a generated module, each timed from launch to exit.

A game server pays these once per process, the command line once per call, so they are
measured in fresh interpreters (`subprocess`), not in this warm one: the median of several
runs after one untimed run (which fills the disk cache, and mjc's own caches of
`compiler/caches.py`). Each runs with compiled bytecode, as an installed mjc does: the
processes write theirs into a folder of their own (`PYTHONPYCACHEPREFIX`) even where
`PYTHONDONTWRITEBYTECODE` is set, which would otherwise bill every run for compiling every
module from source. A generated module is built by `mjc build` into a temporary folder first
and imported from its file, as a server would; the interpreter's own start (`python -c pass`)
and `import mjc.runtime` are timed alongside for reference. `mjc check` carries issue 26's
goal (`CHECK_START_GOAL_S`). Returns report rows (`bench.report.Row`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.report import Row
from bench.timing import Timing

__all__ = ["CHECK_START_GOAL_S", "STARTUP_HAND", "STARTUP_RULEBOOK", "startup_benchmark"]

STARTUP_RULEBOOK = "guangdong"
STARTUP_HAND = "222m345m666m789m55m"
CHECK_START_GOAL_S = 0.15  # issue 26: `mjc check` on one rulebook, launch to exit

# Imports a generated module from its file and scores one hand, as a server starting would.
_IMPORT_MODULE = """\
import importlib.util, sys
spec = importlib.util.spec_from_file_location("startup_module", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.RULESET.score(sys.argv[2])
"""


def _mjc() -> list[str]:
    """The `mjc` command of this interpreter's environment (its console script when there)."""
    script = Path(sys.executable).with_name("mjc")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "mjc.compiler.cli"]


def _environment(pycache: Path) -> dict[str, str]:
    """This process's environment, but with bytecode written to and read from `pycache`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def _run(command: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        command, capture_output=True, text=True, check=False, timeout=300, env=env
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-300:]}")
    return elapsed


def _time_process(command: list[str], runs: int, env: dict[str, str]) -> Timing:
    _run(command, env)  # untimed: reads the files from disk, writes the bytecode and caches
    return Timing(tuple(_run(command, env) for _ in range(runs)))


def startup_benchmark(runs: int) -> list[Row]:
    """The cold-start rows, each the median of `runs` fresh processes."""
    with tempfile.TemporaryDirectory(prefix="mjc-bench-") as folder:
        env = _environment(Path(folder) / "pycache")
        _run([*_mjc(), "build", STARTUP_RULEBOOK, "-o", folder], env)
        module = Path(folder) / "modules" / f"{STARTUP_RULEBOOK}.py"
        python = _time_process([sys.executable, "-c", "pass"], runs, env)
        runtime = _time_process([sys.executable, "-c", "import mjc.runtime"], runs, env)
        imported = _time_process(
            [sys.executable, "-c", _IMPORT_MODULE, str(module), STARTUP_HAND], runs, env
        )
        check = _time_process([*_mjc(), "check", STARTUP_RULEBOOK], runs, env)
        score = _time_process([*_mjc(), "score", STARTUP_RULEBOOK, STARTUP_HAND], runs, env)
    return [
        Row.seconds(
            f"cold start: mjc check {STARTUP_RULEBOOK}",
            check,
            target_value=CHECK_START_GOAL_S,
            what=f"`mjc check {STARTUP_RULEBOOK}` in a new process (compiles the rulebook, "
            "generates its module and runs its examples)",
        ),
        Row.seconds(
            f"cold start: mjc score {STARTUP_RULEBOOK}",
            score,
            what=f"`mjc score {STARTUP_RULEBOOK} {STARTUP_HAND}` in a new process (compiles "
            "the rulebook, then scores)",
        ),
        Row.seconds(
            "cold start: import module",
            imported,
            what=f"a new python imports the generated {STARTUP_RULEBOOK}.py (built by `mjc "
            "build`) from its file and scores one hand",
        ),
        Row.seconds("  import mjc.runtime", runtime, what="a new python runs `import mjc.runtime`"),
        Row.seconds("  python -c pass", python, what="a new python that does nothing"),
    ]
