"""The prelude: the builtin situations every rulebook shares (天胡, 抢杠, …), declared in the
rulebook language with what each presumes of the win it describes.

Input is `compiler/language/prelude.mjr`, read and parsed once per process (once at all: mjc's cache
keeps the situations parsed, `compiler/caches.py`); output is its situation declarations, which
`declarations.collect` puts beside every rulebook's own (`Declarations.prelude`), so that their
presumptions are typed, checked, lowered and compiled into each generated module's
`situation_problems` exactly like a rulebook's. Each prelude situation names a builtin boolean fact
of the win (`SITUATION_FACTS`): a rulebook reads it by that name and may not declare it again.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import sys
from pathlib import Path

import mjc
from mjc.compiler import language
from mjc.compiler.caches import cache_folder
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from mjc.compiler.version import MJC_VERSION
from mjc.usercache import file_key, read_sealed, write_sealed

__all__ = ["PRELUDE_FILE", "prelude_situations", "prelude_text"]

PRELUDE_FILE = "prelude.mjr"


def prelude_text() -> str:
    """The prelude's text, as shipped with the compiler."""
    # beside the package's module (`importlib.resources` imports tempfile, shutil, zipfile)
    return Path(language.__file__).with_name(PRELUDE_FILE).read_text("utf-8")


@functools.cache
def prelude_situations() -> tuple[ast.SituationDecl, ...]:
    """The prelude's situations in written order, from mjc's cache when they were parsed
    before (`_stored`). The prelude is ours: a syntax error in it is a bug in mjc
    (tests/resolve/test_prelude.py keeps it clean), raised, not reported."""
    text = prelude_text()
    path, digest = _cache_file(text)
    if path is not None:
        stored = _stored(path, digest)
        if stored is not None:
            return stored
    book, problems = parse(text, PRELUDE_FILE)
    if book is None:
        raise RuntimeError(f"the prelude does not parse: {problems[0].message}")
    situations = tuple(s for s in book.sections if isinstance(s, ast.SituationDecl))
    if path is not None:
        write_sealed(path, digest, pickle.dumps(situations, pickle.HIGHEST_PROTOCOL))
    return situations


# The code the prelude's AST is made by: the grammar, the parser, the AST and its transformer
# (with the vocabulary it reads), and the frozen classes the nodes are.
_MADE_BY = ("compiler/syntax", "compiler/lalr", "compiler/language", "grammar")


def _cache_file(text: str) -> tuple[str | None, str]:
    """The file of mjc's cache that keeps the prelude's situations, and the hash it is sealed
    with: of the prelude's text, of the place, size and time of every file of the code that
    makes its AST (`_MADE_BY`: an edited parser or AST class makes another), mjc's version
    and Python's. No file without a cache folder."""
    folder = cache_folder("prelude")
    if folder is None:
        return None, ""
    package = Path(mjc.__file__).parent
    stamps = [text, MJC_VERSION, sys.version]
    for part in _MADE_BY:
        with contextlib.suppress(OSError):
            for entry in sorted(os.scandir(package / part), key=lambda e: e.name):
                if entry.name.endswith((".py", ".lark", ".mjr")):
                    stat = entry.stat()
                    stamps.append(f"{entry.path} {stat.st_size} {stat.st_mtime_ns}")
    frozen = Path(mjc.__file__).with_name("frozen.py")
    with contextlib.suppress(OSError):
        stamps.append(f"{frozen} {frozen.stat().st_size} {frozen.stat().st_mtime_ns}")
    digest = file_key("\0".join(stamps))
    return str(folder / f"situations-{digest}.pickle"), digest


def _stored(path: str, digest: str) -> tuple[ast.SituationDecl, ...] | None:
    """The situations in the file at `path`, sealed whole with `digest`, else None."""
    payload = read_sealed(path, digest)
    if payload is None:
        return None
    try:
        situations = pickle.loads(payload)
    except Exception:  # sealed whole, but of classes that changed since: parsed again
        return None
    if not (
        isinstance(situations, tuple)
        and situations
        and all(isinstance(s, ast.SituationDecl) for s in situations)
    ):
        return None
    return situations
