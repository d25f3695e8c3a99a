"""The compiled code of generated modules kept in mjc's cache (`compiler/caches.py`):
the code read back is the code `compile` makes of the same source, any other source is
compiled again, a damaged file is compiled again and written over, and no cache folder, or
one that cannot be made, only means compiling."""

from __future__ import annotations

import marshal
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from mjc.compiler import caches as codecache
from mjc.compiler.driver import compile_file, run_module
from mjc.usercache import CACHE_ENV, file_key, write_sealed

RULEBOOK = Path(__file__).resolve().parents[1] / "rulebooks" / "guangdong.mjr"
NAME = "<generated from rulebooks/guangdong.mjr>"


@pytest.fixture(scope="module")
def source() -> str:
    compilation = compile_file(RULEBOOK, "rulebooks/guangdong.mjr")
    assert compilation.module_source is not None
    return compilation.module_source


class _Counted:
    """`compile`, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, source: str, filename: str, mode: str, **flags: bool) -> object:
        self.calls += 1
        return compile(source, filename, mode, **flags)  # type: ignore[call-overload]


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> _Counted:
    counted = _Counted()
    monkeypatch.setattr(codecache, "compile", counted, raising=False)
    return counted


def _the_file(folder: Path) -> Path:
    (path,) = (folder / "code").iterdir()
    return path


def _same_code(a: object, b: object) -> bool:
    """Equal code objects: the same instructions, constants, names and line table (recursively:
    the functions' code objects are constants)."""
    return a == b


def test_code_read_from_the_cache_is_the_code_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, compiles: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    first = codecache.compiled_code(source, NAME)
    again = codecache.compiled_code(source, NAME)
    assert compiles.calls == 1  # the second was read
    assert again is not first
    assert _same_code(again, compile(source, NAME, "exec", dont_inherit=True))
    assert again.co_filename == NAME
    hand = "222m345m666m789m55m"
    read, compiled = (run_module(code, "cached_guangdong").RULESET for code in (again, first))
    assert read.score(hand) == compiled.score(hand)


def test_another_source_or_name_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    one = codecache.compiled_code("A = 1\n", NAME)
    other = codecache.compiled_code("A = 2\n", NAME)  # the same rulebook, edited
    assert compiles.calls == 2
    assert _same_code(
        other, compile("A = 2\n", NAME, "exec", dont_inherit=True)
    ) and not _same_code(one, other)
    assert len(list((tmp_path / "code").iterdir())) == 1  # written over
    elsewhere = codecache.compiled_code("A = 2\n", "<generated from other.mjr>")
    assert compiles.calls == 3 and elsewhere.co_filename == "<generated from other.mjr>"


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="cut short"),
        pytest.param(lambda data: data[:-1], id="one byte short"),
        pytest.param(lambda data: data[:-40] + bytes([data[-40] ^ 1]) + data[-39:], id="flip"),
        pytest.param(lambda data: b"not a cache", id="foreign"),
    ],
)
def test_a_damaged_code_file_is_compiled_again_and_rewritten(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    source: str,
    compiles: _Counted,
    damage: Callable[[bytes], bytes],
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    codecache.compiled_code(source, NAME)
    path = _the_file(tmp_path)
    whole = path.read_bytes()
    path.write_bytes(damage(whole))
    code = codecache.compiled_code(source, NAME)
    assert compiles.calls == 2
    assert _same_code(code, compile(source, NAME, "exec", dont_inherit=True))
    assert path.read_bytes() == whole


def test_a_sealed_file_that_holds_no_code_of_that_name_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    codecache.compiled_code("A = 1\n", NAME)
    path = _the_file(tmp_path)
    digest = marshal.loads(path.read_bytes())[0]
    for payload in (marshal.dumps(("not", "code")), marshal.dumps(compile("A = 1\n", "x", "exec"))):
        write_sealed(path, digest, payload)
        assert codecache.compiled_code("A = 1\n", NAME).co_filename == NAME
    assert compiles.calls == 3


def test_a_source_python_refuses_raises_and_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    with pytest.raises(SyntaxError):
        codecache.compiled_code("def (:\n", NAME)
    assert not list((tmp_path / "code").iterdir())


def test_without_a_cache_the_code_is_compiled_every_time(
    monkeypatch: pytest.MonkeyPatch, compiles: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, "")
    codecache.compiled_code("A = 1\n", NAME)
    codecache.compiled_code("A = 1\n", NAME)
    assert compiles.calls == 2


def test_a_cache_folder_that_cannot_be_made_only_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: _Counted
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))
    code = codecache.compiled_code("A = 1\n", NAME)
    assert compiles.calls == 1 and code.co_filename == NAME


def test_only_the_newest_files_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiles: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(codecache, "CODE_FILES_KEPT", 3)
    for n in range(5):
        name = f"<generated from {n}.mjr>"
        codecache.compiled_code("A = 1\n", name)
        # written n seconds after the epoch: in that order, though written in one tick
        written = tmp_path / "code" / f"module-{file_key(name)}.marshal"
        os.utime(written, ns=(n * 10**9, n * 10**9))
    assert len(list((tmp_path / "code").iterdir())) == 3
    codecache.compiled_code("A = 1\n", "<generated from 4.mjr>")
    assert compiles.calls == 5  # the newest is still there
