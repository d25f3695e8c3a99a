"""The security page's table of limits states the limits the code enforces."""

from __future__ import annotations

from pathlib import Path

from mjc.compiler.check import cost
from mjc.compiler.syntax import limits
from mjc.runtime.settle import jsoninput

PAGE = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def _table() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text[text.index("## Limits") : text.index("## What is not promised")]


def test_security_page_states_every_enforced_limit() -> None:
    table = _table()
    for value in (
        limits.MAX_EXPRESSION_DEPTH,
        limits.MAX_EXPRESSION_TOKENS,
        limits.MAX_RULEBOOK_BYTES,
        limits.MAX_LINES,
        limits.MAX_LINE_LENGTH,
        limits.MAX_TOKENS,
        limits.MAX_EXTENDS_DEPTH,
        limits.MAX_QUANTIFIER_NESTING,
        cost.MAX_STEPS,
        cost.MAX_RULEBOOK_STEPS,
        jsoninput.MAX_JSON_DEPTH,
        jsoninput.MAX_JSON_BYTES,
    ):
        assert f"{value:,}" in table, value
    assert f"10^{len(str(cost.MAX_VALUE)) - 1}" in table  # a power of ten


def test_security_page_has_no_placeholder_left() -> None:
    assert "TODO" not in PAGE.read_text(encoding="utf-8")
