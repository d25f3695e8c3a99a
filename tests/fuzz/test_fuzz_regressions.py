"""Every input the fuzzers ever failed on, replayed: `regressions/` holds them (written by
`fuzz_budget.keeping_failures`, named by content hash), and each must now keep the rule of
its kind (`fuzz_oracles`). A rulebook also goes through `mjc check` on the command line:
exit 0 or 1, diagnostics with codes, no traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzz_budget import minimize, regressions
from fuzz_oracles import (
    cached_rulebooks,
    check_batch,
    check_command,
    check_file,
    check_hand,
    check_log,
    check_lsp,
    check_moves,
    check_play,
    check_round,
    check_rulebook,
    check_score,
    check_settle_command,
    run_cli,
)

CASES = regressions()


@pytest.fixture(scope="module", autouse=True)
def _rulebooks_compiled_once() -> Iterator[None]:
    with cached_rulebooks():
        yield


def check_serve(case: Any) -> None:
    """`serve_oracle.check_serve`, imported only when a kept case needs it (the app needs
    the `serve` extra)."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from serve_oracle import check_serve as check

    check(case)


REPLAY = {
    "hand": check_hand,
    "score": check_score,
    "round": check_round,
    "cli": check_command,
    "settle-cli": check_settle_command,
    "log": check_log,
    "moves": check_moves,
    "batch": check_batch,
    "play": check_play,
    "lsp": check_lsp,
    "serve": check_serve,
    "file": check_file,
}


def replay(kind: str, data: Any, tmp_path: Path) -> None:
    if kind == "rulebook":
        check_rulebook(data, "regression.mjr")
        path = tmp_path / "regression.mjr"
        path.write_text(data, encoding="utf-8", errors="surrogatepass", newline="")
        code, _, _ = run_cli(["check", str(path)])
        assert code in (0, 1)
    else:
        REPLAY[kind](data)


@pytest.mark.parametrize(
    ("kind", "data"), [(k, d) for k, d, _ in CASES], ids=[n for *_, n in CASES]
)
def test_a_kept_fuzz_input_keeps_the_rule_of_its_kind(kind: str, data: Any, tmp_path: Path) -> None:
    replay(kind, data, tmp_path)


def test_the_corpus_is_not_empty() -> None:
    """The corpus holds the inputs of every crash fixed so far (see the report of issue 11)."""
    assert CASES


def test_minimize_keeps_the_failure_and_drops_everything_else() -> None:
    def check(text: str) -> None:
        if "{{" in text and "per" in text:
            raise ZeroDivisionError(text)

    rulebook = 'rulebook x { title "{{ y }}" }\nfan a "甲" {\n  value 1\n  per 2\n}\n'
    assert minimize(rulebook, check, ZeroDivisionError) in ("{{per", "per{{")


def test_minimize_shrinks_json_data_key_by_key() -> None:
    def check(data: dict[str, object]) -> None:
        if data.get("hand") == 5:
            raise KeyError("hand")

    case = {"rulebook": "guangdong", "hand": 5, "kwargs": {"win": "1m", "dealer": True}}
    assert minimize(case, check, KeyError) == {"hand": 5}
