"""The prelude's situations kept in mjc's cache (`compiler/resolve/prelude.py`): read back,
they are the situations parsed, spans and all; a file cut short or damaged is parsed again and
written over; an edit of the code that makes the AST names another file; no cache folder, or
one that cannot be made, only means parsing."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mjc.compiler.resolve import prelude
from mjc.compiler.syntax import ast
from mjc.compiler.syntax.parse import parse
from mjc.usercache import CACHE_ENV


class _Counted:
    """`prelude.parse`, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.parse = prelude.parse

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.parse(*args, **kwargs)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> _Counted:
    counted = _Counted()
    monkeypatch.setattr(prelude, "parse", counted)
    return counted


def _situations() -> tuple[ast.SituationDecl, ...]:
    """`prelude_situations`, without its memo of this process."""
    return prelude.prelude_situations.__wrapped__()


def _parsed() -> tuple[ast.SituationDecl, ...]:
    book, problems = parse(prelude.prelude_text(), prelude.PRELUDE_FILE)  # not the counted
    assert book is not None, problems
    return tuple(s for s in book.sections if isinstance(s, ast.SituationDecl))


def _assert_same(read: object, made: object, path: str = "situations") -> None:
    """Equal field by field, the fields left out of equality (the spans) too."""
    assert type(read) is type(made), path
    if dataclasses.is_dataclass(read):
        for f in dataclasses.fields(read):
            _assert_same(getattr(read, f.name), getattr(made, f.name), f"{path}.{f.name}")
    elif isinstance(read, tuple | list):
        assert isinstance(made, tuple | list) and len(read) == len(made), path
        for index, (one, other) in enumerate(zip(read, made, strict=True)):
            _assert_same(one, other, f"{path}[{index}]")
    else:
        assert read == made, path


def _the_file(folder: Path) -> Path:
    (path,) = (folder / "prelude").iterdir()
    return path


def test_the_situations_read_from_the_cache_are_the_situations_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parses: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    first = _situations()
    assert parses.calls == 1 and _the_file(tmp_path).is_file()
    again = _situations()
    assert parses.calls == 1  # read, not parsed
    _assert_same(again, _parsed())
    _assert_same(first, _parsed())


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="cut short"),
        pytest.param(lambda data: data[:-40] + bytes([data[-40] ^ 1]) + data[-39:], id="flip"),
        pytest.param(lambda data: b"not a cache", id="foreign"),
    ],
)
def test_a_damaged_prelude_file_is_parsed_again_and_rewritten(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    parses: _Counted,
    damage: Callable[[bytes], bytes],
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    _situations()
    path = _the_file(tmp_path)
    whole = path.read_bytes()
    path.write_bytes(damage(whole))
    _assert_same(_situations(), _parsed())
    assert parses.calls == 2
    assert path.read_bytes() == whole


def test_an_edit_of_the_code_that_makes_the_ast_names_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    code = tmp_path / "code"
    code.mkdir()
    (code / "to_ast.py").write_text("# the transformer\n", encoding="utf-8")
    monkeypatch.setattr(prelude, "_MADE_BY", (*prelude._MADE_BY, str(code)))
    one, _ = prelude._cache_file(prelude.prelude_text())
    (code / "to_ast.py").write_text("# the transformer, edited\n", encoding="utf-8")
    other, _ = prelude._cache_file(prelude.prelude_text())
    assert one is not None and other is not None and one != other
    assert prelude._cache_file(prelude.prelude_text() + "\n")[0] not in (one, other)


def test_without_a_cache_the_prelude_is_parsed_every_time(
    monkeypatch: pytest.MonkeyPatch, parses: _Counted
) -> None:
    monkeypatch.setenv(CACHE_ENV, "")
    _assert_same(_situations(), _parsed())
    _situations()
    assert parses.calls == 2


def test_a_cache_folder_that_cannot_be_made_only_parses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parses: _Counted
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))
    _assert_same(_situations(), _parsed())
    assert parses.calls == 1
