"""The per-suit tables of `mjc.runtime.tiles.tables`, kept in mjc's cache folder
(`mjc.usercache`) between processes.

Building them is most of what importing the runtime costs (tens of thousands of keys, on the
start of every process that checks a rulebook or imports a generated module); reading them
back with `marshal` costs a third of that. The file holds the tables' entries (each key mapped
to the key object itself and its value, the form `Hand` reads): marshal writes a key met
twice once, so the entries read back share their key objects as the built ones do, and the
tables are made from them.

The file is named by the hash of what the tables were built from (the text of `tables.py`,
this module's format and Python's version), and it is sealed with that hash and the CRC of
its payload (`mjc.usercache.write_sealed`): a file cut short, damaged, of another format or
of another mjc is built again and written over, never trusted. Without a cache folder
(`MJC_CACHE_DIR=""`, or one that cannot be written) the tables are built in every process,
as before there was a cache.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Callable
from operator import itemgetter

from mjc.usercache import cache_folder, file_key, forget_oldest, read_sealed, write_sealed

__all__ = ["Entries", "stored_entries", "table_of"]

# A table's key -> (that key object, its value in the table).
Entries = dict[bytes, tuple[bytes, int]]

FORMAT = 1  # of the file: a change of its layout names other files
# Files kept, the newest: each version of mjc, and each native build (whose `tables` is an
# extension of other bytes), names its own.
FILES_KEPT = 4


def table_of(entries: Entries) -> dict[bytes, int]:
    """The table whose entries these are, its keys the entries' own key objects, in order."""
    return dict(zip(entries, map(itemgetter(1), entries.values()), strict=True))


def stored_entries(
    built_from: str, build: Callable[[], tuple[Entries, Entries]]
) -> tuple[Entries, Entries]:
    """`build()` (the suits' entries and the honours'), read from mjc's cache when a whole file
    for the text of the file `built_from` is there, else built and kept there for the next
    process."""
    try:
        with open(built_from, "rb") as source:
            stamp = source.read()
    except OSError:  # no source to name the file by (only compiled code installed)
        return build()
    folder = cache_folder("tables")
    if folder is None:
        return build()
    key = b"\0".join((stamp, sys.version.encode(), b"format %d" % FORMAT))
    digest = file_key(key)
    path = os.path.join(folder, f"suits-{digest}.marshal")
    stored = _read(path, digest)
    if stored is not None:
        return stored
    entries = build()
    write_sealed(path, digest, marshal.dumps(entries))
    forget_oldest(folder, FILES_KEPT)
    return entries


def _read(path: str, digest: str) -> tuple[Entries, Entries] | None:
    """The entries in the file at `path` when it is whole and of `digest`, else None."""
    payload = read_sealed(path, digest)
    if payload is None:
        return None
    try:
        entries = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):  # sealed whole, but not of this format
        return None
    if not (isinstance(entries, tuple) and len(entries) == 2):
        return None
    suits, honours = entries
    if not (isinstance(suits, dict) and suits and isinstance(honours, dict) and honours):
        return None
    return suits, honours
