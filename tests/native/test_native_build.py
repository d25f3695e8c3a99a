"""The native build (`mjc build --native`, `mjc.compiler.emit.native`) scores exactly as the
interpreted package does.

One build of every bundled rulebook per session (a minute and a quarter of CPU), made through the
command line. Then, in a fresh process that runs the build (`PYTHONPATH=ROOT python -P`): every
runtime module of `NATIVE_RUNTIME` and every rulebook module is a compiled extension, `load`
hands out the compiled module's ruleset, and each rulebook scores the differential test's
first cases (`tests/differential/handgen.py`) exactly as the golden fixture says, as the
interpreted package must too; win checks and wait sets agree with the interpreted ones.
The folder rules (never replacing a folder that is not a native build) and the loader's
refusals (another rulebook source, an interpreted process) are tested without compiling.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from handgen import case

from mjc.compiler.cli.commands import main
from mjc.compiler.emit.native import (
    MANIFEST,
    NATIVE_PACKAGE,
    NATIVE_RUNTIME,
    OPT_LEVEL_ENV,
    NativeError,
    build_in_use,
    build_native,
    native_ruleset_module,
    native_unavailable,
)
from mjc.compiler.loader import bundled_rulebooks
from mjc.compiler.syntax.sources import rulebooks_in

from ..conftest import ruleset  # type: ignore[import-not-found]

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "scores"
HANDGEN = ROOT / "tests" / "differential"
CASES = int(os.environ.get("MJC_NATIVE_HANDS", "2000"))

# Run inside the native build: which modules are compiled, what `load` hands out, and each
# rulebook's outcome line for the first cases, its win check and its wait set on each hand.
_PROBE = """
import importlib, json, sys
from handgen import case, outcome
from mjc.compiler.loader import load
from mjc.compiler.emit.native import build_in_use, is_native

def win(book, c):
    try:
        return book.is_win(c.hand, dict(c.options) or None, c.indicator) if not c.preset else None
    except ValueError as error:
        return type(error).__name__


names, count, modules = json.loads(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
report = {"build": build_in_use(), "compiled": {}, "outcomes": {}, "wins": {}}
for module in modules:
    report["compiled"][module] = is_native(importlib.import_module(module))
for name in names:
    book = load(name).ruleset
    native = sys.modules.get("mjc_native." + name)
    report["compiled"][name] = native is not None and is_native(native) and book is native.RULESET
    cases = [case(book, i) for i in range(count)]
    report["outcomes"][name] = [outcome(book, c) for c in cases]
    report["wins"][name] = [win(book, c) for c in cases]
from mjc.runtime.wins.arrange import SHAPES, arrangements
import copy, pickle
from mjc.runtime.tiles.hand import parse_hand
from mjc.runtime.tiles.melds import meld
found = arrangements(parse_hand("123m456m789m123p55p"), SHAPES)
again = pickle.loads(pickle.dumps(found))
report["pickled"] = [
    again == found,
    again[0].melds[0] is found[0].melds[0],
    copy.deepcopy(meld("pung", 0, True)) is meld("pung", 0, True),
]
from mjc.runtime.wins.summaries import summarize_melds
try:
    summarize_melds(None, (), ())
except TypeError as error:  # judged by the definition in summaries.py beside the extension
    report["wrong_type"] = str(error)
try:
    arrangements(None, SHAPES)
except TypeError as error:  # a `Hand` is a native class: mypyc checks it, in its words
    report["checked_type"] = str(error)
print(json.dumps(report))
"""


def _needs_native() -> None:
    reason = native_unavailable()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must test the native build: {reason}")
    pytest.skip(f"no native build here: {reason}")


@pytest.fixture(scope="session")
def native_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _needs_native()
    output = tmp_path_factory.mktemp("native-build")
    here = os.getcwd()
    os.chdir(output.parent)  # a relative output folder, as `make native` gives
    # The C compiler at -O0, one C file a module (`mjc.compiler.emit.native`): the same
    # compiled behaviour in a minute and a quarter of CPU (at -O0 in one C file it was two
    # and a half); `make native` (which `make bench` and `make native-test` run on) builds
    # at -O3.
    level = os.environ.get(OPT_LEVEL_ENV)
    os.environ[OPT_LEVEL_ENV] = "0"
    try:
        status = main(["build", "-o", output.name, "--native"])
    finally:
        os.chdir(here)
        if level is None:
            os.environ.pop(OPT_LEVEL_ENV)
        else:
            os.environ[OPT_LEVEL_ENV] = level
    assert status == 0
    return output / "native"


def _golden(name: str, count: int) -> list[str]:
    with gzip.open(GOLDEN / f"{name}.txt.gz", "rt", encoding="utf-8") as f:
        return f.read().splitlines()[:count]


@pytest.fixture(scope="session")
def report(native_root: Path) -> dict[str, object]:
    names = sorted(bundled_rulebooks())
    modules = [f"mjc.runtime.{m}" for m in NATIVE_RUNTIME]
    env = dict(os.environ, PYTHONPATH=f"{native_root}{os.pathsep}{HANDGEN}")
    done = subprocess.run(
        [sys.executable, "-P", "-c", _PROBE, json.dumps(names), str(CASES), json.dumps(modules)],
        cwd=native_root,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _interpreted_wins(name: str, count: int) -> list[bool | str | None]:
    """`is_win` on each case's hand under its options (None for a preset, which `is_win`
    does not take; the error's name for a hand those options refuse)."""
    book = ruleset(name)
    found: list[bool | str | None] = []
    for c in (case(book, i) for i in range(count)):
        try:
            found.append(
                book.is_win(c.hand, dict(c.options) or None, c.indicator) if not c.preset else None
            )
        except ValueError as error:
            found.append(type(error).__name__)
    return found


@pytest.mark.heavy
def test_the_native_build_runs_compiled_modules_scores_and_checks_as_the_interpreted_one(
    report: dict[str, object], native_root: Path
) -> None:
    """Every check of the build in one test, so that one worker of the suite makes it: the
    others would each make their own, two minutes of both cores (pytest-xdist cannot tie
    tests to one worker under `--dist worksteal`)."""
    _runs_compiled_modules(report)
    _names_what_was_built(native_root)
    # A compiled function given a wrong type that mypyc does not check names the argument:
    # summaries is compiled, and the plain TypeError is read off the source's annotations.
    assert report["wrong_type"] == "melds must be an iterable of Meld, not NoneType"
    # One that mypyc checks (a `Hand`, a native class) is refused in mypyc's words.
    assert "Hand" in str(report["checked_type"])
    # A compiled meld (a native class) pickles and copies as the interned one.
    assert report["pickled"] == [True, True, True]
    for name in sorted(bundled_rulebooks()):
        _scores_every_case_as_the_golden_fixture(report, name)
        _checks_wins_as_the_interpreted_one(report, name)


def _runs_compiled_modules(report: dict[str, object]) -> None:
    compiled = report["compiled"]
    assert isinstance(compiled, dict)
    assert str(report["build"]).startswith("native (")
    assert sorted(compiled) == sorted(
        [*(f"mjc.runtime.{m}" for m in NATIVE_RUNTIME), *bundled_rulebooks()]
    )
    assert [name for name, native in compiled.items() if not native] == []


def _scores_every_case_as_the_golden_fixture(report: dict[str, object], name: str) -> None:
    outcomes = report["outcomes"]
    assert isinstance(outcomes, dict)
    golden = _golden(name, CASES)
    assert len(golden) == CASES
    assert len(outcomes[name]) == CASES
    pairs = enumerate(zip(golden, outcomes[name], strict=True))
    differ = [(i, want, got) for i, (want, got) in pairs if want != got]
    assert not differ[:5], f"{name}: {len(differ)} of {CASES} cases differ"


def _checks_wins_as_the_interpreted_one(report: dict[str, object], name: str) -> None:
    wins = report["wins"]
    assert isinstance(wins, dict)
    expected = _interpreted_wins(name, CASES)
    assert sum(1 for w in expected if w is True) > CASES // 10, name
    assert wins[name] == expected, name


def _names_what_was_built(native_root: Path) -> None:
    manifest = json.loads((native_root / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["runtime"] == list(NATIVE_RUNTIME)
    assert sorted(manifest["rulebooks"]) == sorted(bundled_rulebooks())
    for name, digest in manifest["rulebooks"].items():
        source = (native_root / NATIVE_PACKAGE / f"{name}.py").read_bytes()
        assert len(digest) == 64 and digest == hashlib.sha256(source).hexdigest()
    # mypyc's C sources and objects are not kept: the build is the extensions and sources.
    assert not (native_root / "build").exists()


@pytest.mark.slow  # two more builds of the runtime, a minute each
def test_a_rebuild_replaces_an_earlier_native_build(tmp_path: Path) -> None:
    _needs_native()
    small = "from mjc.runtime.exported import require_api\n"
    first = build_native({"tiny": small}, tmp_path / "native")
    again = build_native({"other": small}, tmp_path / "native")
    assert first.root == again.root and again.rulebooks == ("other",)
    assert not (tmp_path / "native" / NATIVE_PACKAGE / "tiny.py").exists()


# --------------------------------------------------------------- without compiling anything


def test_a_folder_that_is_not_a_native_build_is_never_replaced(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me", encoding="utf-8")
    if native_unavailable() is not None:
        pytest.skip("the folder check runs after the tool check")
    with pytest.raises(NativeError, match="holds no native build"):
        build_native({"x": ""}, folder)
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("book_id", ["a.b", "../x", "x y", "名字", "", "class"])
def test_a_rulebook_id_that_cannot_name_a_module_is_refused(tmp_path: Path, book_id: str) -> None:
    if native_unavailable() is not None:
        pytest.skip("the id check runs after the tool check")
    with pytest.raises(NativeError, match="cannot name a module"):
        build_native({book_id: ""}, tmp_path / "native")
    assert not (tmp_path / "native").exists()
    assert native_ruleset_module(book_id, "") is None


@pytest.mark.parametrize("level", ["4", "-1", "fast", ""])
def test_an_optimisation_level_other_than_0_to_3_is_refused_before_anything_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    if native_unavailable() is not None:
        pytest.skip("the level check runs after the tool check")
    monkeypatch.setenv(OPT_LEVEL_ENV, level)
    with pytest.raises(NativeError, match="MJC_NATIVE_OPT_LEVEL is 0, 1, 2 or 3"):
        build_native({"tiny": ""}, tmp_path / "native")
    assert not (tmp_path / "native").exists()


def test_an_interpreted_process_never_takes_a_native_module() -> None:
    # The test process imports the checkout's interpreted package: no build is in use.
    assert build_in_use() == "interpreted"
    assert native_ruleset_module("mcr", "anything") is None


def test_a_folder_search_does_not_read_the_rulebooks_a_native_build_copied(
    tmp_path: Path,
) -> None:
    (tmp_path / "mine.mjr").write_text("", encoding="utf-8")
    copy = tmp_path / "build" / "native" / "mjc" / "rulebooks"
    copy.mkdir(parents=True)
    (copy / "mcr.mjr").write_text("", encoding="utf-8")
    assert rulebooks_in(tmp_path) == [copy / "mcr.mjr", tmp_path / "mine.mjr"]
    (tmp_path / "build" / "native" / MANIFEST).write_text("{}", encoding="utf-8")
    assert rulebooks_in(tmp_path) == [tmp_path / "mine.mjr"]


def test_without_mypyc_the_build_says_why_and_writes_the_modules_all_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "mypyc" else real(name, *a)
    )
    assert native_unavailable() == "mypyc is not installed (pip install 'mjc[native]')"
    with pytest.raises(NativeError, match="cannot build natively: mypyc is not installed"):
        build_native({"x": ""}, tmp_path / "native")
    status = main(["build", "guangdong", "-o", str(tmp_path / "out"), "--native"])
    assert status == 1
    assert "cannot build natively: mypyc is not installed" in capsys.readouterr().err
    assert (tmp_path / "out" / "modules" / "guangdong.py").is_file()
    assert not (tmp_path / "out" / "native").exists()
