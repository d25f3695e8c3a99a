"""The code of the methods `frozen_fast` and `slotted` write is kept in mjc's cache
(`mjc.methodcache`): a later process runs it without compiling, a piece of source runs only
its own code, and a damaged file or no cache folder costs a compile, never a wrong class.
Each case runs in a new interpreter, whose memo of the file is empty."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mjc.usercache import CACHE_ENV

# Makes two fast classes and prints how many times `compile` ran for them.
_PROGRAM = textwrap.dedent(
    """
    import builtins
    from dataclasses import field
    compiles = []
    real = builtins.compile
    def counted(source, filename, *rest, **options):
        if filename == "<string>" and rest[:1] == ("exec",):  # (no module, no annotation)
            compiles.append(source)
        return real(source, filename, *rest, **options)
    builtins.compile = counted
    from mjc.frozen import Frozen, frozen_fast, slotted

    @frozen_fast
    class Point(Frozen):
        x: int
        y: int = 0

    @slotted
    class Bag:
        name: str
        items: list[int] = field(default_factory=list)

    assert Point(1) == Point(1, 0) and hash(Point(1)) == hash(Point(1, 0)) and Point(2) != Point(1)
    bag = Bag("a")
    bag.items.append(1)
    assert bag == Bag("a", [1]) and repr(bag) == "Bag(name='a', items=[1])"
    print(len(compiles))
    """
)


def _compiles(cache: str) -> int:
    env = {**os.environ, CACHE_ENV: cache}
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_a_later_process_runs_the_kept_code_without_compiling(tmp_path: Path) -> None:
    assert _compiles(str(tmp_path)) >= 2  # both classes' methods, and those mjc makes
    assert _compiles(str(tmp_path)) == 0


@pytest.mark.parametrize("damage", [lambda data: data[: len(data) // 2], lambda data: b"x" * 99])
def test_a_damaged_file_is_compiled_anew(tmp_path: Path, damage: object) -> None:
    _compiles(str(tmp_path))
    (kept,) = (tmp_path / "methods").iterdir()
    kept.write_bytes(damage(kept.read_bytes()))  # type: ignore[operator]
    assert _compiles(str(tmp_path)) >= 2
    assert _compiles(str(tmp_path)) == 0


def test_without_a_cache_folder_every_class_is_compiled() -> None:
    assert _compiles("") >= 2
    assert _compiles("") >= 2


def test_a_piece_of_source_runs_only_its_own_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mjc import methodcache

    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(methodcache, "_MEMO", [])
    one = methodcache.compiled("def f():\n    return 1\n")
    two = methodcache.compiled("def f():\n    return 2\n")
    names: dict[str, object] = {}
    exec(one, names)
    assert names["f"]() == 1  # type: ignore[operator]
    exec(two, names)
    assert names["f"]() == 2  # type: ignore[operator]
    assert methodcache.compiled("def f():\n    return 1\n") is one
