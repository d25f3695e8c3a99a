"""Where the compiler keeps what it can build once and reuse across processes: Lark's parse
tables for the rulebook grammar (in Lark's format, and as the plain data the lean parser runs,
`compiler/lalr/tables.py`), jinja2's compiled templates, the code Python compiled from a
generated module (`compiled_code`), and the prelude's situations parsed
(`compiler/resolve/prelude.py`, a pickle). Beside them in the same folder, the runtime keeps its
per-suit tables (`runtime/tiles/tablefile.py`).

All are rebuilt from what ships with mjc whenever they are missing, so a cache is only ever a
shortcut: each file's name or seal carries the hash of what it was built from (the grammar's text
with Lark's version and Python's; a module's source with its file name and Python's version; the
prelude's text with the place, size and time of every file of the code that makes its AST, mjc's
version and Python's; the text of `runtime/tiles/tables.py` with Python's version; jinja2 checks a
template's source itself, and its folder carries jinja2's version), a file that is cut short or
damaged is built again (the suit tables', the modules' code and the prelude's are sealed with their
hash and CRC, the lean parser's tables are checked part by part), nothing here is ever committed,
and a cache folder that cannot be created or written leaves mjc as fast as it was without one, never
failing. They live in the user's cache folder (`$MJC_CACHE_DIR`, else `$XDG_CACHE_HOME/mjc`, else
`~/.cache/mjc`; `%LOCALAPPDATA%\\mjc` on Windows), not in the shared temporary folder, where another
user could plant a pickle for mjc to load. `MJC_CACHE_DIR=""` turns them off. Where that folder is,
and how a file in it is written whole and sealed, is `mjc.usercache`'s, which the runtime uses too
(it never imports the compiler).

A generated module's code is kept as Python keeps a `.pyc`, for a module that lives in
memory: `mjc check` generates the module from the rulebook every time (its source is what is
checked, and is never cached), then compiles it to run the examples: compiling cost more
than running the module and its examples together. The code is kept in a file named by the
module's file name (`<generated from rulebooks/guangdong.mjr>`), one per rulebook, sealed
with the hash of the source, that name and Python's version and optimization level: the very
same source again is read back with `marshal`, any other is compiled and its code written
over the file. At most `CODE_FILES_KEPT` such files stay, the newest, so rulebooks compiled
once under throwaway names (tests, fuzzing) do not fill the folder.
"""

from __future__ import annotations

import contextlib
import functools
import marshal
import sys
from types import CodeType
from typing import TYPE_CHECKING

from mjc.usercache import (
    CACHE_ENV,
    cache_folder,
    file_key,
    forget_oldest,
    read_sealed,
    write_sealed,
)

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "CACHE_ENV",
    "CODE_FILES_KEPT",
    "cache_folder",
    "compiled_code",
    "lark_cache",
    "template_cache",
]


def lark_cache(grammar: str, lark_version: str) -> str | bool:
    """Lark's `cache=` for a parser of `grammar`: a file of mjc's cache named by the hash of
    the grammar, Lark's version and Python's (Lark checks the same hash again when it loads
    the file, and rebuilds on a mismatch or a broken file), or False when there is no cache
    folder. Lark carries on without a word when the file cannot be written."""
    folder = cache_folder("lark")
    if folder is None:
        return False
    key = f"{grammar}\0lark {lark_version}\0python {sys.version_info[:2]}"
    digest = file_key(key)
    return str(folder / f"rulebook-{digest}.lark")


def template_cache(jinja_version: str) -> jinja2.BytecodeCache | None:
    """A jinja2 bytecode cache in mjc's cache (a folder per jinja2 version), or None when
    there is no cache folder. jinja2 keeps each template's code with the hash of its source
    and of Python's version, so an edited template is compiled again, never run stale."""
    folder = cache_folder(f"jinja2-{jinja_version}")
    if folder is None:
        return None
    return _quiet_cache_class()(str(folder))


@functools.cache
def _quiet_cache_class() -> type[jinja2.FileSystemBytecodeCache]:
    """`jinja2.FileSystemBytecodeCache`, but one that cannot write a template's code carries
    on without it (jinja2's raises): defined on first use, so that importing this module does
    not import jinja2."""
    from jinja2 import FileSystemBytecodeCache
    from jinja2.bccache import Bucket

    class QuietBytecodeCache(FileSystemBytecodeCache):
        def dump_bytecode(self, bucket: Bucket) -> None:
            # a full disk, or a folder made read-only since: compiled again next time
            with contextlib.suppress(OSError):
                super().dump_bytecode(bucket)

        def load_bytecode(self, bucket: Bucket) -> None:
            try:
                super().load_bytecode(bucket)
            except OSError:
                bucket.reset()

    return QuietBytecodeCache


CODE_FILES_KEPT = 64  # files of generated modules' code in the cache folder, at most


def compiled_code(source: str, filename: str) -> CodeType:
    """`compile(source, filename, "exec", dont_inherit=True)`, read from mjc's cache when this
    very source was compiled under this name before. Raises what `compile` raises (and keeps
    nothing then)."""
    folder = cache_folder("code")
    if folder is None:
        return compile(source, filename, "exec", dont_inherit=True)
    made_from = "\0".join((source, filename, sys.version, f"optimize {sys.flags.optimize}"))
    digest = file_key(made_from)
    path = folder / f"module-{file_key(filename)}.marshal"
    payload = read_sealed(path, digest)
    if payload is not None:
        with contextlib.suppress(ValueError, EOFError, TypeError):
            code = marshal.loads(payload)
            if isinstance(code, CodeType) and code.co_filename == filename:
                return code
    code = compile(source, filename, "exec", dont_inherit=True)
    write_sealed(path, digest, marshal.dumps(code))
    forget_oldest(folder, CODE_FILES_KEPT)
    return code
