"""The prelude: the builtin situations every rulebook shares (天胡, 抢杠, …), declared in the
rulebook language with what each presumes of the win it describes.

Input is `compiler/language/prelude.mjr`, read and parsed once per process; output is its
situation declarations, which `declarations.collect` puts beside every rulebook's own
(`Declarations.prelude`), so that their presumptions are typed, checked, lowered and compiled
into each generated module's `situation_problems` exactly like a rulebook's. Each prelude
situation names a builtin boolean fact of the win (`SITUATION_FACTS`): a rulebook reads it
by that name and may not declare it again.
"""

from __future__ import annotations

import functools
from pathlib import Path

from mjc.compiler import language
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse

__all__ = ["PRELUDE_FILE", "prelude_situations", "prelude_text"]

PRELUDE_FILE = "prelude.mjr"


def prelude_text() -> str:
    """The prelude's text, as shipped with the compiler."""
    # beside the package's module (`importlib.resources` imports tempfile, shutil, zipfile)
    return Path(language.__file__).with_name(PRELUDE_FILE).read_text("utf-8")


@functools.cache
def prelude_situations() -> tuple[ast.SituationDecl, ...]:
    """The prelude's situations in written order. The prelude is ours: a syntax error in it
    is a bug in mjc (tests/resolve/test_prelude.py keeps it clean), raised, not reported."""
    book, problems = parse(prelude_text(), PRELUDE_FILE)
    if book is None:
        raise RuntimeError(f"the prelude does not parse: {problems[0].message}")
    return tuple(s for s in book.sections if isinstance(s, ast.SituationDecl))
