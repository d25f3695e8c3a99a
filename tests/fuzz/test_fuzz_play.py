"""Game logs and moves end in a result or a documented error, never a crash.

DESIGN.md, "Reliability": a game log given to `mjc replay` is untrusted input (edited,
truncated, garbage), and so is every move a game server's player or a caller makes through
the play API. The logs and moves come from `log_gen`; a failing input is kept in
`regressions/` (see `fuzz_budget`).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fuzz_budget import bulk
from fuzz_oracles import cached_rulebooks, check_log, check_moves
from log_gen import moves, mutated_log, played_logs


@pytest.fixture(scope="module", autouse=True)
def _rulebooks_compiled_once() -> Iterator[None]:
    with cached_rulebooks():
        yield


def test_the_played_logs_cover_every_rulebook_and_some_matches() -> None:
    kinds = {lines[0].split(",")[0] for _, lines in played_logs()}
    assert kinds == {'{"type":"start"', '{"type":"match"'}


def test_mjc_replay_of_an_edited_log_exits_0_1_or_2_without_a_traceback() -> None:
    bulk("log", mutated_log, check_log, 150)


def test_a_round_driven_move_by_move_refuses_bad_moves_and_replays_from_its_log() -> None:
    bulk("moves", moves, check_moves, 150)
