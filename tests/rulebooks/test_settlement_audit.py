"""The settlement audit stays true: each region's settlement tests list the seed's payment,
kong, horse and liability clauses in their module docstring, each clause with the tests
that prove it; every test named there exists in that module, and every test of the module
is named there (a new test says which clause it proves)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REGIONS = ("chaozhou", "baise", "meizhou", "shanghai", "guangdong")


def _module(region: str) -> tuple[str, set[str]]:
    tree = ast.parse((HERE / f"test_{region}_settlement.py").read_text(encoding="utf-8"))
    tests = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }
    return ast.get_docstring(tree) or "", tests


@pytest.mark.parametrize("region", REGIONS)
def test_every_clause_listed_in_the_audit_names_tests_that_exist(region: str) -> None:
    doc, tests = _module(region)
    clauses = re.findall(r"^- (.+)\n((?:  .+\n?)+)", doc, re.M)
    assert len(clauses) >= 10, "the module docstring lists the seed's settlement clauses"
    for clause, block in clauses:
        named = re.findall(r"\btest_\w+", block)
        assert named, f"clause {clause!r} names no test"
        missing = [name for name in named if name not in tests]
        assert not missing, f"clause {clause!r} names tests that do not exist: {missing}"
    listed = {name for _, block in clauses for name in re.findall(r"\btest_\w+", block)}
    assert not tests - listed, f"tests proving no listed clause: {sorted(tests - listed)}"
