"""The native back end: the runtime's scoring path and each generated module compiled to C
extension modules with mypyc (mypy's own compiler, the `native` extra), for the same results
faster.

Input is what `mjc build --native` hands over: the generated modules' sources, exactly the text
`mjc build` writes to `modules/`. Output is a folder that is an import root of its own
(`build/native/`):

- `mjc/`, a copy of the installed package in which the modules of `NATIVE_RUNTIME` (those a
  score passes through per hand) are compiled and every other module stays as it is;
- `mjc_native/`, a package of one module per rulebook (`mjc_native.mcr`), compiled, with its
  Python source beside it: the source is what a person reads, the extension what runs;
- `NATIVE.json`, what was built, from which sources, for which Python.

All of it is one mypyc group, so the generated modules call the runtime's summaries as C
functions. With the folder first on `sys.path` (`PYTHONPATH=build/native python -P ...`, where
`-P` keeps a checkout's own `mjc/` from shadowing it), `import mjc_native.mcr` is the compiled
module, and `mjc.compiler.loader.load` takes a rulebook's compiled module from there whenever
its source is exactly what the rulebook compiles to now (`native_ruleset_module`).

The interpreted sources stay the reference: the compiled build must score every hand alike
(`tests/native/`). Nothing here runs rulebook text: a rulebook reaches mypyc only as the
generated module, whose user strings are literals, under a file name checked to be an
identifier.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import keyword
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import mjc
from mjc.compiler.syntax.sources import NATIVE_MARKER

__all__ = [
    "MANIFEST",
    "NATIVE_PACKAGE",
    "NATIVE_RUNTIME",
    "NativeBuild",
    "NativeError",
    "build_in_use",
    "build_native",
    "is_native",
    "native_ruleset_module",
    "native_unavailable",
]

# The runtime modules a score passes through on every hand (`Ruleset.score`: arrangements,
# wait sets, placements, summaries, the memos, the best reading) and those every turn of a
# round passes through (below). `tiles.melds` and `tiles.hand` are compiled for `Meld` and
# `Hand`, plain frozen dataclasses that mypyc makes native classes: compiled code reads their
# fields (`m.is_pung`, `hand.suit_keys`, ...) from a C struct, where an interpreted class's
# slot is asked for by name (a score reads some thirty a hand). Both pickle by their given
# fields (`__reduce__`; a meld as the interned one). `Situation` (scoring) stays interpreted,
# and so does `score.situationargs`, which copies and fills its slots (a new hand's
# situation, its dora) by a trick only an interpreted class allows (`__class__` set on a
# draft): CPython reads and writes a slot it has met before in a few instructions, where
# compiled code asks the class for each attribute by name, ten times the cost (25 fields a
# copy). Each is named by its path below `mjc.runtime`.
NATIVE_RUNTIME = (
    # The tile tables (`RANK_OF`, `IS_SUITED`, ...) and the meld boards' (`TILE_SLOT`,
    # `SUIT_BIT`, ...), which compiled code and every generated module index: `Final` in a
    # compiled module, each is a C static, where any other module-level name is looked up in
    # the module's dict at every use.
    "tiles.tile",
    "wins.meldboards",
    "tiles.melds",
    "tiles.hand",
    "wins.arrange",
    "tiles.tables",
    "wins.summaries",
    "wins.exactwaits",
    "wins.waitsets",
    "wins.readings",
    "wins.knitted",
    "rules.scorepieces",
    "rules.gamecache",
    # The game engine's turn (whole rounds: `mjc simulate`, the bench's rounds): the round,
    # its claim windows, table facts, ready declarations and furiten, dead wall and red fives,
    # each seat's tiles, and the random bot. `game.players` (a runtime-checkable Protocol),
    # `game.roundend` (which mypyc does not compile) and `game.wall` (its `Wall` is a
    # documented class, read by its slots) stay interpreted.
    "game.engine",
    "game.claimanswers",
    "game.claimwindow",
    "game.tablefacts",
    "ready.declaration",
    "ready.furiten",
    "tableplay.table",
    "tableplay.redfives",
    "tableplay.deadwall",
    "wins.seats",
    "bots.simple",
)
NATIVE_PACKAGE = "mjc_native"
MANIFEST = NATIVE_MARKER
_EXTENSION = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
# mypyc's build, run in the output folder (no pyproject.toml there for setuptools to read).
# At -O0 each module is its own C file (`multi_file`): the C compiler takes less than half the
# time it takes on the one file of the whole group (tens of megabytes for every bundled
# rulebook: its time grows faster than the file), and -O0 inlines nothing across files anyway.
# At -O1 to -O3 the one file lets the C compiler inline the group's calls into each other.
_MYPYC_SCRIPT = """\
import sys
from mypyc.build import mypycify
from setuptools import setup

jobs, opt_level, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
setup(
    name="mjc-native",
    ext_modules=mypycify(paths, opt_level=opt_level, multi_file=opt_level == "0"),
    script_args=["build_ext", "--inplace", "--parallel", jobs],
)
"""
OPT_LEVEL_ENV = "MJC_NATIVE_OPT_LEVEL"
_TIMEOUT = 1800  # seconds: a mypyc build of every bundled rulebook takes a minute or two


class NativeError(Exception):
    """The native build could not be made: the message says why (and what mypyc printed)."""


@dataclass(frozen=True, slots=True)
class NativeBuild:
    """A finished native build: its folder, the rulebooks compiled, and how long it took."""

    root: Path
    rulebooks: tuple[str, ...]
    seconds: float


def native_unavailable() -> str | None:
    """Why this machine cannot compile a native build (no mypyc, no C compiler, no Python
    headers), or None when it can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (pip install 'mjc[native]')"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed (pip install 'mjc[native]')"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler: {compiler!r} is not on PATH"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"the Python headers are missing (no Python.h in {include})"
    return None


def build_native(sources: Mapping[str, str], output: Path, *, jobs: int = 2) -> NativeBuild:
    """Compile the runtime's scoring path and these generated modules (rulebook id -> source)
    into `output`, replacing an earlier native build there. Raises `NativeError`."""
    reason = native_unavailable()
    if reason is not None:
        raise NativeError(f"cannot build natively: {reason}")
    for book_id in sources:
        if not _module_name(book_id):
            raise NativeError(f"rulebook id {book_id!r} cannot name a module")
    opt_level = _opt_level()
    started = time.monotonic()
    # Absolute: the build's processes run inside it, where a relative path means another place.
    output = Path(os.path.abspath(output))
    _clear(output)
    _copy_package(output / "mjc")
    package = output / NATIVE_PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text(
        '"""The compiled rulebook modules of this native build '
        '(see mjc.compiler.emit.native)."""\n',
        encoding="utf-8",
    )
    for book_id, source in sorted(sources.items()):
        (package / f"{book_id}.py").write_text(source, encoding="utf-8")
    paths = [f"mjc/runtime/{name.replace('.', '/')}.py" for name in NATIVE_RUNTIME]
    paths += [f"{NATIVE_PACKAGE}/{book_id}.py" for book_id in sorted(sources)]
    _run_mypyc(output, paths, jobs, opt_level)
    shutil.rmtree(output / "build", ignore_errors=True)  # mypyc's C sources and objects
    manifest = {
        "mjc": _package_version(),
        "python": sys.version.split()[0],
        "extension_suffix": _EXTENSION,
        "runtime": list(NATIVE_RUNTIME),
        "rulebooks": {
            book_id: hashlib.sha256(source.encode("utf-8")).hexdigest()
            for book_id, source in sorted(sources.items())
        },
    }
    (output / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    _check_imports(output, paths)
    return NativeBuild(output, tuple(sorted(sources)), time.monotonic() - started)


def native_ruleset_module(book_id: str, source: str) -> ModuleType | None:
    """The compiled module of rulebook `book_id` from the native build on `sys.path`, when
    its source is exactly `source` and this process runs that build's runtime; else None
    (no native build, another version of the rulebook, or the interpreted runtime)."""
    if not _module_name(book_id):
        return None
    root = Path(mjc.__file__).resolve().parent.parent
    if not (root / MANIFEST).is_file() or not (root / NATIVE_PACKAGE).is_dir():
        return None  # this process runs the interpreted package: no native build in use
    name = f"{NATIVE_PACKAGE}.{book_id}"
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None or not spec.origin.endswith(_EXTENSION):
        return None
    built = Path(spec.origin).with_name(f"{book_id}.py")
    try:
        if built.read_text(encoding="utf-8") != source:
            return None
    except OSError:
        return None
    return importlib.import_module(name)


def build_in_use() -> str:
    """What this process runs, for reports such as the bench's: "native (ROOT)" when `mjc`
    was imported from a native build whose runtime is compiled, else "interpreted"."""
    root = Path(mjc.__file__).resolve().parent.parent
    if (root / MANIFEST).is_file():
        from mjc.runtime.wins import arrange

        if is_native(arrange):
            return f"native ({root})"
    return "interpreted"


def is_native(module: ModuleType) -> bool:
    """Whether a module was imported from a compiled extension (a native build's)."""
    return str(getattr(module, "__file__", "") or "").endswith(_EXTENSION)


def _module_name(book_id: str) -> bool:
    """Whether a rulebook id can name its module: an ASCII identifier, not a keyword."""
    return book_id.isascii() and book_id.isidentifier() and not keyword.iskeyword(book_id)


def _clear(output: Path) -> None:
    """Empty `output` for a new build: only a folder that is missing, empty or an earlier
    native build (it has the manifest), never anything else a user pointed at."""
    if output.is_symlink() or (output.exists() and not output.is_dir()):
        raise NativeError(f"{output} is not a folder")
    if output.is_dir() and any(output.iterdir()):
        if not (output / MANIFEST).is_file() and not (output / NATIVE_PACKAGE).is_dir():
            raise NativeError(f"{output} is not empty and holds no native build: not replaced")
        shutil.rmtree(output)
    output.mkdir(parents=True, exist_ok=True)


def _copy_package(target: Path) -> None:
    """The installed `mjc` package, its linked folders resolved, without caches or builds."""
    source = Path(mjc.__file__).resolve().parent
    shutil.copytree(
        source,
        target,
        symlinks=False,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", f"*{_EXTENSION}", "*.so"),
    )


def _opt_level() -> str:
    """The C compiler's optimisation level: 3, or `MJC_NATIVE_OPT_LEVEL` (0-3). The test
    suite builds at 0, which checks the compiled behaviour in a fraction of the time; a
    build to run (`make native`) keeps 3."""
    level = os.environ.get(OPT_LEVEL_ENV, "3")
    if level not in ("0", "1", "2", "3"):
        raise NativeError(f"{OPT_LEVEL_ENV} is 0, 1, 2 or 3, not {level!r}")
    return level


def _run_mypyc(root: Path, paths: list[str], jobs: int, opt_level: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    command = [sys.executable, "-c", _MYPYC_SCRIPT, str(max(1, jobs)), opt_level, *paths]
    done = _python(command, root, env, _TIMEOUT, "mypyc")
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-20:])
        raise NativeError(f"mypyc failed (exit {done.returncode}):\n{tail}")


def _check_imports(root: Path, paths: list[str]) -> None:
    """Every compiled module imports from the build as an extension, in a fresh process."""
    names = [p.removesuffix(".py").replace("/", ".") for p in paths]
    probe = (
        "import importlib, sys\n"
        "bad = [n for n in sys.argv[1:]\n"
        f"       if not importlib.import_module(n).__file__.endswith({_EXTENSION!r})]\n"
        "print(' '.join(bad))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(root))
    done = _python([sys.executable, "-P", "-c", probe, *names], root, env, 300, "the import check")
    if done.returncode != 0 or done.stdout.strip():
        detail = done.stdout.strip() or "\n".join(done.stderr.strip().splitlines()[-10:])
        raise NativeError(f"the native build does not import as compiled: {detail}")


def _python(
    command: list[str], root: Path, env: dict[str, str], timeout: int, what: str
) -> subprocess.CompletedProcess[str]:
    """Run a Python command in `root`, its output captured as text; `NativeError` when it
    (`what`) has not finished within `timeout` seconds."""
    try:
        return subprocess.run(
            command, cwd=root, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        raise NativeError(f"{what} did not finish within {timeout} s") from None


def _package_version() -> str:
    from mjc.compiler.version import MJC_VERSION

    return MJC_VERSION
