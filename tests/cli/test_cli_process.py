"""`mjc` in a process of its own (`mjc.compiler.cli.__main__`): `mjc check` and `mjc score` end
the process as soon as their output is flushed, without Python's teardown, and only when nothing
else wants to run at exit. What they print and their exit codes are those of the command run in
process (`commands.main`), which the other tests of the command line call."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from mjc.compiler import caches

BROKEN = """\
rulebook broken "Broken" version "1"
players 4
"""


def _mjc(
    tmp_path: Path, *words: str, program: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, caches.CACHE_ENV: str(tmp_path / "cache")}
    command = ["-m", "mjc.compiler.cli", *words] if program is None else ["-c", program, *words]
    return subprocess.run(
        [sys.executable, *command], env=env, capture_output=True, text=True, check=False
    )


def test_mjc_check_in_a_process_of_its_own_prints_all_it_found_and_its_exit_code(
    tmp_path: Path,
) -> None:
    done = _mjc(tmp_path, "check", "guangdong", "riichi")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok: rulebooks/guangdong.mjr\nok: rulebooks/riichi.mjr\n"
    broken = tmp_path / "broken.mjr"
    broken.write_text(BROKEN, encoding="utf-8")
    done = _mjc(tmp_path, "check", str(broken))
    assert done.returncode == 1
    assert "error[" in done.stderr
    assert done.stderr.rstrip().endswith("emitted")


def test_mjc_score_in_a_process_of_its_own_prints_the_score(tmp_path: Path) -> None:
    done = _mjc(tmp_path, "score", "guangdong", "222m345m666m789m55m")
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("番")


def test_a_function_registered_to_run_at_exit_still_runs_after_mjc_check(
    tmp_path: Path,
) -> None:
    # a coverage tool's, say: the process then exits as every Python program does
    program = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('at exit'))\n"
        "from mjc.compiler.cli.__main__ import main\n"
        "sys.exit(main())\n"
    )
    done = _mjc(tmp_path, "check", "guangdong", program=program)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok: rulebooks/guangdong.mjr\nat exit\n"


def test_mjc_check_collects_its_youngest_objects_less_often_and_other_commands_as_python_does(
    tmp_path: Path,
) -> None:
    # The threshold the command ran with, read at exit (an atexit function keeps the process's
    # usual exit, and reads what the command left).
    program = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('threshold', gc.get_threshold()[0]))\n"
        "from mjc.compiler.cli.__main__ import YOUNG_OBJECTS, main\n"
        "print('young', YOUNG_OBJECTS)\n"
        "sys.exit(main())\n"
    )
    default = subprocess.run(
        [sys.executable, "-c", "import gc; print(gc.get_threshold()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    checked = _mjc(tmp_path, "check", "guangdong", program=program)
    assert checked.returncode == 0, checked.stderr
    lines = checked.stdout.splitlines()
    young = lines[0].split()[1]
    assert int(young) > int(default)
    assert lines[-1] == f"threshold {young}"
    listed = _mjc(tmp_path, "options", "guangdong", program=program)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[-1] == f"threshold {default}"
