"""mjc's cache folder, for the compiler's caches (`compiler/caches.py`) and the runtime's
(the per-suit tables of `runtime/tiles/tablefile.py`) alike: where it is, and how a file in
it is written and read.

The folder is the user's (`$MJC_CACHE_DIR`, else `$XDG_CACHE_HOME/mjc`, else `~/.cache/mjc`;
`%LOCALAPPDATA%\\mjc` on Windows), not the shared temporary folder, where another user could
plant a file for mjc to load; `MJC_CACHE_DIR=""` turns every cache off. A file is written
whole or not at all, and a folder or a file that cannot be made, written or read is no error:
mjc is only slower without it. A file of marshalled data can be sealed: kept with the hash it
is named by and the CRC of its bytes, so that one cut short, damaged or left by another
version is told from a good one before anything in it is read. It lives beside the compiler
and the runtime, not in either, because both use it and the runtime never imports the
compiler.
"""

from __future__ import annotations

import binascii
import contextlib
import marshal
import os
import sys
from pathlib import Path

__all__ = [
    "CACHE_ENV",
    "cache_folder",
    "file_key",
    "forget_oldest",
    "read_sealed",
    "read_whole",
    "write_sealed",
    "write_whole",
]

CACHE_ENV = "MJC_CACHE_DIR"


def _user_cache_root() -> Path | None:
    """The folder the platform keeps a user's caches in, or None when it cannot be told."""
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return Path(local) if local else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg)
    try:
        return Path.home() / ".cache"
    except RuntimeError:  # no home folder to be found
        return None


def cache_folder(part: str) -> Path | None:
    """The folder `part` of mjc's cache, created if need be (readable by its owner only), or
    None: caching turned off, or no folder that can be created."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        root = Path(chosen) if chosen else None
    else:
        user = _user_cache_root()
        root = None if user is None else user / "mjc"
    if root is None:
        return None
    folder = root / part
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if folder.is_dir() and os.access(folder, os.W_OK | os.X_OK) else None


def read_whole(path: str | os.PathLike[str]) -> bytes | None:
    """The bytes of the file at `path`, or None when it cannot be read. Read in one call:
    `marshal.load` of an open file reads it piece by piece, ten times slower than
    `marshal.loads` of its bytes."""
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return None


def write_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` whole or not at all: through a temporary file in the same folder,
    renamed over `path`, so a process reading the folder never sees half a file. A cache that
    cannot be written is no error."""
    import tempfile  # only here: a process that reads its caches does without it

    folder = os.path.dirname(os.fspath(path))
    with contextlib.suppress(OSError, ValueError):
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".mjc-")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def write_sealed(path: str | os.PathLike[str], digest: str, payload: bytes) -> None:
    """Write `payload` to `path` (as `write_whole`) sealed with `digest`, the hash of what it
    was made from, and its CRC, for `read_sealed`."""
    write_whole(path, marshal.dumps((digest, binascii.crc32(payload), payload)))


def read_sealed(path: str | os.PathLike[str], digest: str) -> bytes | None:
    """The payload of the file at `path` written by `write_sealed` with `digest`, or None when
    there is no such file, or it is cut short, damaged or of another digest."""
    data = read_whole(path)
    if data is None:
        return None
    try:
        sealed = marshal.loads(data)
    except (ValueError, EOFError, TypeError):  # cut short, or not marshal's at all
        return None
    if not (isinstance(sealed, tuple) and len(sealed) == 3 and sealed[0] == digest):
        return None
    _, crc, payload = sealed
    if not isinstance(payload, bytes) or binascii.crc32(payload) != crc:
        return None
    return payload


def forget_oldest(folder: str | os.PathLike[str], keep: int) -> None:
    """Remove the files of `folder` written longest ago, beyond the `keep` newest: a cache
    whose files are named by what they were built from gets a new one each time that changes
    (a rulebook's module, a native build's tables), and would otherwise only grow."""
    with contextlib.suppress(OSError):
        with os.scandir(folder) as entries:
            files = [(entry.stat().st_mtime_ns, entry.path) for entry in entries if entry.is_file()]
        files.sort(reverse=True)
        for _, path in files[keep:]:
            with contextlib.suppress(OSError):  # another process removed it first
                os.unlink(path)


def file_key(made_from: str | bytes) -> str:
    """The hash a cache file is named or sealed by: 32 hex digits of the SHA-256 of what it
    was made from (text as UTF-8, a lone surrogate of a generated source kept as is)."""
    import hashlib  # only here: a process that never names a cache file does without it

    data = made_from if isinstance(made_from, bytes) else made_from.encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()[:32]
