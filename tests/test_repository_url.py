"""The repository's address is written once, in pyproject.toml's [project.urls]: the code
reads it from the installed metadata, and every copy that cannot (a JSON manifest, the docs'
examples) says the same."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from mjc.compiler.docs.highlight import MjcLexer
from mjc.compiler.version import repository_url

ROOT = Path(__file__).resolve().parents[1]


def _pyproject_url() -> str:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    url = pyproject["project"]["urls"]["Repository"]
    assert isinstance(url, str) and url.startswith("https://")
    return url


def test_the_installed_metadata_gives_the_repository_of_pyproject() -> None:
    assert repository_url() == _pyproject_url()
    assert MjcLexer.url == _pyproject_url()


def test_the_vscode_extension_names_the_same_repository() -> None:
    manifest = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text("utf-8"))
    assert manifest["repository"]["url"] == _pyproject_url()


def test_the_ci_docs_name_the_same_repository() -> None:
    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    named = set(re.findall(r"https://github\.com/[\w.-]+/[\w.-]+", text))
    assert named == {_pyproject_url()}
