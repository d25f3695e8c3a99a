"""`mjc build` writes exactly the golden modules and docs pages: a change that should not touch
generated output (a move of compiler modules, a refactoring) is checked against this test, and
a change that should shows its effect as a diff of the fixtures in the same commit.

The fixtures are in tests/golden/output: the modules whole (`modules/*.py`, to read a
difference line by line), the docs pages, many and large, by their SHA-256 (`docs.sha256`).
After an intended change, `make golden` (MJC_UPDATE_GOLDEN=1) rewrites both.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from mjc.compiler.cli.commands import main

GOLDEN = Path(__file__).parent / "golden" / "output"
MODULES = GOLDEN / "modules"
DOCS_SHA256 = GOLDEN / "docs.sha256"
UPDATE = os.environ.get("MJC_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("build")
    assert main(["build", "-o", str(out), "--docs-dir", str(out / "docs")]) == 0
    return out / "modules", out / "docs"


def _manifest(docs: Path) -> str:
    lines = []
    for path in sorted(p for p in docs.rglob("*") if p.is_file()):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{digest}  {path.relative_to(docs).as_posix()}\n")
    return "".join(lines)


def test_generated_modules_are_the_golden_ones(built: tuple[Path, Path]) -> None:
    modules, _ = built
    produced = {p.name: p.read_text(encoding="utf-8") for p in modules.glob("*.py")}
    if UPDATE:
        for old in MODULES.glob("*.py"):
            old.unlink()
        for name, text in produced.items():
            (MODULES / name).write_text(text, encoding="utf-8")
    golden = {p.name: p.read_text(encoding="utf-8") for p in MODULES.glob("*.py")}
    assert sorted(produced) == sorted(golden)
    for name, text in produced.items():
        assert text == golden[name], f"{name} differs from tests/golden/output/modules/{name}"


def test_generated_docs_pages_are_the_golden_ones(built: tuple[Path, Path]) -> None:
    _, docs = built
    manifest = _manifest(docs)
    if UPDATE:
        DOCS_SHA256.write_text(manifest, encoding="utf-8")
    golden = DOCS_SHA256.read_text(encoding="utf-8").splitlines()
    produced = manifest.splitlines()
    changed = sorted(set(golden) ^ set(produced), key=lambda line: line.split()[-1])
    assert not changed, "docs pages differ from tests/golden/output/docs.sha256:\n" + "\n".join(
        changed
    )


# The rulebooks the tests write for what no bundled rulebook says (wins at the deal, ...): their
# modules are golden too, so a change to what such a construct compiles to shows as a diff.
TEST_RULEBOOKS = Path(__file__).parent / "helpers" / "rulebooks"
TEST_MODULES = GOLDEN / "test_modules"


def test_the_test_rulebooks_modules_are_the_golden_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).parents[1]
    monkeypatch.chdir(root)  # the modules name their source by the path given: a relative one
    sources = [str(p.relative_to(root)) for p in sorted(TEST_RULEBOOKS.glob("*.mjr"))]
    assert sources
    docs = str(tmp_path / "docs")
    assert main(["build", *sources, "-o", str(tmp_path), "--docs-dir", docs]) == 0
    produced = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "modules").glob("*.py")}
    if UPDATE:
        TEST_MODULES.mkdir(exist_ok=True)
        for old in TEST_MODULES.glob("*.py"):
            old.unlink()
        for name, text in produced.items():
            (TEST_MODULES / name).write_text(text, encoding="utf-8")
    golden = {p.name: p.read_text(encoding="utf-8") for p in TEST_MODULES.glob("*.py")}
    assert sorted(produced) == sorted(golden)
    for name, text in produced.items():
        assert text == golden[name], f"{name} differs from tests/golden/output/test_modules/{name}"
