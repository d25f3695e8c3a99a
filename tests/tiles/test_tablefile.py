"""The per-suit tables kept in mjc's cache folder (`runtime/tiles/tablefile.py`): read back,
they are the tables built, their entries sharing key objects as the built ones do; a file cut
short, damaged or of another kind is built again; no cache folder, or one that cannot be
written, only means building them."""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from mjc.runtime.tiles import tablefile, tables
from mjc.usercache import CACHE_ENV, read_whole, write_sealed, write_whole

BUILT_FROM = tables.__file__


def _build_counted(calls: list[int]) -> Callable[[], tuple[tablefile.Entries, tablefile.Entries]]:
    def build() -> tuple[tablefile.Entries, tablefile.Entries]:
        calls.append(1)
        return tables._entries()

    return build


def _stored(calls: list[int]) -> tuple[tablefile.Entries, tablefile.Entries]:
    return tablefile.stored_entries(BUILT_FROM, _build_counted(calls))


def _the_file(folder: Path) -> Path:
    (path,) = (folder / "tables").iterdir()
    return path


def _assert_like_built(entries: tuple[tablefile.Entries, tablefile.Entries]) -> None:
    built = tables._entries()
    assert entries == built
    for read, made in zip(entries, built, strict=True):
        assert list(read) == list(made)  # the same keys in the same order
        assert all(read[key][0] is key for key in read)  # one key object per key
        table = tablefile.table_of(read)
        assert all(a is b for a, b in zip(table, read, strict=True))


def test_tables_read_from_the_cache_are_the_tables_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    calls: list[int] = []
    first = _stored(calls)
    assert calls == [1] and _the_file(tmp_path).is_file()
    again = _stored(calls)
    assert calls == [1]  # read, not built
    _assert_like_built(first)
    _assert_like_built(again)


def test_the_module_tables_are_their_entries() -> None:
    tables.fill_tables()
    assert tablefile.table_of(tables.SUIT_ENTRIES) == tables.SUIT_TABLE
    assert tablefile.table_of(tables.HONOUR_ENTRIES) == tables.HONOUR_TABLE
    assert all(tables.SUIT_ENTRIES[key][0] is key for key in tables.SUIT_TABLE)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="cut short"),
        pytest.param(lambda data: data[:-1], id="one byte short"),
        pytest.param(lambda data: data[:1000] + bytes([data[1000] ^ 1]) + data[1001:], id="flip"),
        pytest.param(lambda data: b"not a cache", id="foreign"),
        pytest.param(lambda data: b"", id="empty"),
    ],
)
def test_a_damaged_table_file_is_built_again_and_rewritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: Callable[[bytes], bytes]
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    calls: list[int] = []
    _stored(calls)
    path = _the_file(tmp_path)
    whole = path.read_bytes()
    path.write_bytes(damage(whole))
    _assert_like_built(_stored(calls))
    assert calls == [1, 1]  # built again
    assert path.read_bytes() == whole  # and written over
    _stored(calls)
    assert calls == [1, 1]


def test_a_file_of_another_shape_under_the_right_name_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    calls: list[int] = []
    _stored(calls)
    path = _the_file(tmp_path)
    digest, _, _ = marshal.loads(path.read_bytes())
    for payload in ((), ({}, {}), ([], {}), ({b"x": (b"x", 1)},)):
        write_sealed(path, digest, marshal.dumps(payload))
        _assert_like_built(_stored(calls))
    assert len(calls) == 5


def test_tables_without_a_cache_are_built_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, "")
    calls: list[int] = []
    _assert_like_built(_stored(calls))
    _stored(calls)
    assert calls == [1, 1]


def test_tables_whose_cache_cannot_be_written_are_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))
    calls: list[int] = []
    _assert_like_built(_stored(calls))
    assert calls == [1]


def test_a_table_file_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    missing = tmp_path / "gone" / "suits.marshal"  # its folder does not exist
    write_whole(missing, b"tables")
    assert not missing.exists()
    assert read_whole(missing) is None


def test_the_file_is_named_by_the_text_the_tables_are_built_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    calls: list[int] = []
    _stored(calls)
    edited = tmp_path / "tables.py"
    edited.write_text(Path(BUILT_FROM).read_text(encoding="utf-8") + "\n# edited\n", "utf-8")
    tablefile.stored_entries(str(edited), _build_counted(calls))
    assert calls == [1, 1]  # another text: built again, in a file of its own
    assert len(list((tmp_path / "cache" / "tables").iterdir())) == 2


def test_only_the_newest_table_files_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each native build's `tables` is an extension of other bytes, so names a file of its own:
    # without a bound, every build would leave one more behind.
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(tablefile, "FILES_KEPT", 2)
    calls: list[int] = []
    names = []
    for n in range(4):
        source = tmp_path / f"tables{n}.py"
        source.write_text(f"# build {n}\n", "utf-8")
        tablefile.stored_entries(str(source), _build_counted(calls))
        folder = tmp_path / "cache" / "tables"
        (written,) = set(folder.iterdir()) - set(names)
        names.append(written)
        # written n seconds after the epoch: in that order, though written in one tick
        os.utime(written, ns=(n * 10**9, n * 10**9))
    assert sorted(folder.iterdir()) == sorted(names[2:])
    tablefile.stored_entries(str(tmp_path / "tables3.py"), _build_counted(calls))
    assert calls == [1, 1, 1, 1]  # the newest is still read back
