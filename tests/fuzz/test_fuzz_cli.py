"""The CLI's other inputs end in an exit code of 0, 1 or 2 and never a traceback.

DESIGN.md's CLI contract for the inputs `test_fuzz_inputs` leaves out: the lines of
`mjc score --batch` (each scored or answered with an error object), `mjc waits`, and
`mjc play` (every log it writes replays: `mjc replay` agrees with each line), and odd files
and paths (any bytes, folders, links, nothing) given to `mjc fmt`, `check`, `new` and the
rest (a file `mjc fmt` laid out is laid out: `fmt --check` agrees). The inputs come from
`cli_gen`; a failing input is kept in `regressions/` (see `fuzz_budget`).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cli_gen import batch, file_case, play_command, waits_command
from fuzz_budget import bulk
from fuzz_oracles import (
    cached_rulebooks,
    check_batch,
    check_command,
    check_file,
    check_play,
)


@pytest.fixture(scope="module", autouse=True)
def _rulebooks_compiled_once() -> Iterator[None]:
    with cached_rulebooks():
        yield


def test_mjc_score_batch_answers_every_line_and_exits_0_1_or_2() -> None:
    bulk("batch", batch, check_batch, 200)


def test_mjc_waits_exits_0_1_or_2_without_a_traceback() -> None:
    bulk("cli", waits_command, check_command, 300)


def test_mjc_play_exits_0_1_or_2_and_every_log_it_writes_replays() -> None:
    bulk("play", play_command, check_play, 50)


def test_commands_on_odd_files_and_paths_exit_0_1_or_2_and_fmt_is_idempotent() -> None:
    bulk("file", file_case, check_file, 60)
