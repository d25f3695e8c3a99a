"""The pre-commit hooks a rulebook repository uses (.pre-commit-hooks.yaml): valid by pre-commit's
own manifest schema, run on rulebook files, and the mjc-check entry run as pre-commit runs it
(the entry's words, then the staged file names) passes good rulebooks and fails broken ones.

pre-commit's full run from a clone (`pre-commit try-repo`) installs mjc into a fresh
environment, which takes about a minute: `make pre-commit-try` does it (tests/pre_commit_try.sh).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from pre_commit.clientlib import load_manifest

from mjc.compiler.cli.commands import main

ROOT = Path(__file__).resolve().parents[1]


def _hooks() -> dict[str, dict[str, Any]]:
    return {hook["id"]: hook for hook in load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))}


def test_the_hooks_file_declares_mjc_check_and_mjc_fmt_as_python_hooks() -> None:
    hooks = _hooks()
    assert set(hooks) == {"mjc-check", "mjc-fmt"}
    assert hooks["mjc-check"]["entry"] == "mjc check"
    assert hooks["mjc-fmt"]["entry"] == "mjc fmt --check"
    assert all(hook["language"] == "python" for hook in hooks.values())
    assert all(hook["pass_filenames"] for hook in hooks.values())


def test_the_hooks_run_on_rulebook_files_only() -> None:
    for hook in _hooks().values():
        files = re.compile(hook["files"])
        assert files.search("rulebooks/guangdong.mjr") and files.search("my_variant.mjr")
        assert not files.search("README.md") and not files.search("notes.mjr.txt")


def _run_hook(hook_id: str, files: list[Path]) -> int:
    words = shlex.split(_hooks()[hook_id]["entry"])
    assert words[0] == "mjc"  # the console script of the package pre-commit installs
    return main([*words[1:], *map(str, files)])


def test_the_mjc_check_hook_passes_good_rulebooks_and_fails_a_broken_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "variant.mjr"
    assert main(["new", "variant", "--from", "guangdong", "-o", str(good)]) == 0
    broken = tmp_path / "broken.mjr"
    broken.write_text("rulebook broken {\n", encoding="utf-8")
    capsys.readouterr()
    assert _run_hook("mjc-check", [good]) == 0
    assert _run_hook("mjc-check", [good, broken]) == 1
    assert "E0001" in capsys.readouterr().err
