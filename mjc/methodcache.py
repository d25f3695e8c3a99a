"""The compiled code of the methods `mjc.frozen` writes for its fast classes (`frozen_fast`,
`slotted`: `__init__`, `__eq__`, `__hash__`, `__repr__` as source text, one piece per class),
kept in mjc's cache folder between processes, as Python keeps a module's in a `.pyc`.

Compiling that text was a million instructions a class, the two dozen classes of the
compiler's and the runtime's start a twentieth of `mjc check`; reading their code back costs a
hundredth of that. Each piece of code is kept under its own source text, so a class whose
fields change is compiled anew, never run with another's code. The file is named by the
bytecode's version (`importlib.util.MAGIC_NUMBER`, as a `.pyc` is) and sealed with Python's
version and the CRC of its payload (`mjc.usercache.write_sealed`): a file cut short, damaged or
of another Python is read as empty and written again. Without a cache folder
(`MJC_CACHE_DIR=""`, or one that cannot be written) each class is compiled, as before.

A process reads the file once (`_stored`, its one memo: at most `KEPT_AT_MOST` pieces, those
of the classes it made and of earlier processes').
"""

from __future__ import annotations

import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType

from mjc.usercache import cache_folder, read_sealed, write_sealed

__all__ = ["KEPT_AT_MOST", "compiled"]

FORMAT = 1  # of the file: a change of its layout names another
# The most pieces of code the file keeps (mjc makes two dozen fast classes; tests make more).
KEPT_AT_MOST = 512
_SEAL = f"methods {FORMAT}\0{sys.version}"
_MEMO: list[dict[str, CodeType]] = []  # the file's code by source, read once a process


def compiled(source: str) -> CodeType:
    """The code of `source` (a module's worth of `def`s), from mjc's cache when compiled
    before, else compiled and kept there."""
    stored = _stored()
    code = stored.get(source)
    if code is None:
        code = compile(source, "<string>", "exec")
        if len(stored) < KEPT_AT_MOST:
            stored[source] = code
            _write(stored)
    return code


def _path() -> str | None:
    folder = cache_folder("methods")
    return None if folder is None else os.path.join(folder, f"methods-{MAGIC_NUMBER.hex()}.marshal")


def _stored() -> dict[str, CodeType]:
    """The pieces of code in the cache file (read on the first call of a process)."""
    if not _MEMO:
        path = _path()
        payload = None if path is None else read_sealed(path, _SEAL)
        found: object = None
        if payload is not None:
            try:
                found = marshal.loads(payload)
            except (ValueError, EOFError, TypeError):  # sealed whole, but not of this format
                found = None
        ok = isinstance(found, dict) and all(
            isinstance(source, str) and isinstance(code, CodeType) for source, code in found.items()
        )
        _MEMO.append(found if ok else {})  # type: ignore[arg-type]
    return _MEMO[0]


def _write(stored: dict[str, CodeType]) -> None:
    path = _path()
    if path is not None:
        write_sealed(path, _SEAL, marshal.dumps(stored))
