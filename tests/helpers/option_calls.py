"""Which options a rulebook's test module sets: the keyword names of every `opts(...)` call
written in it, read from its source, so that `test_every_option_is_exercised` sees the same
set whichever tests ran in its worker (pytest-xdist spreads one module's tests over several)."""

from __future__ import annotations

import ast
from pathlib import Path


def options_set_in(path: str) -> set[str]:
    """The keyword names of the `opts(...)` calls written in the Python file `path`."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return {
        keyword.arg
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "opts"
        for keyword in node.keywords
        if keyword.arg is not None
    }
